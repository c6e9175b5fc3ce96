// What this format offers `npm run bench` and `npm run corpus` (scripts/bench.mjs and
// scripts/gen-corpus.mjs find this file in every adapter folder): documents generated at
// growing sizes for the scaling tables, further inputs for the direction tables, the file
// the CLI wall time is measured on, and how a golden input is varied for a corpus.
import { posix } from "node:path";
import { stringify } from "yaml";

const TOOLS = { quick: [10, 100, 500], full: [10, 100, 500, 2000, 5000] };

function agent(tools) {
  const list = Array.from({ length: tools }, (_, i) => {
    switch (i % 3) {
      case 0: return `web-search-${i}`;
      case 1: return { module_path: `mas.tools.t${i}`, class_name: `Tool${i}`, kind: "python", priority: i };
      default: return { kind: "system", name: "request_human_input", enabled: true, params: { timeout: 300 + i } };
    }
  });
  return stringify({ apiVersion: "mas/v1", kind: "Agent", metadata: { name: "many-tools" }, spec: { description: "Uses many tools.", context: { role: "Use the right tool." }, models: [{ model: "openai/gpt-4.1" }], tools: list } });
}

export const samples = [{ label: "mas agent, tools", unit: "tool", sizes: TOOLS, make: agent }];

const APP = { quick: [10, 100, 1000], full: [10, 100, 1000, 2000] };

/**
 * A kind: MAS app of `n` agent files (agents/aI.yaml, the first delegating to the others), each naming
 * a tool manifest and a prompt file of its own (../tools/tI.tool.yaml, ../prompts/pI.md), read from the
 * app's folder: converted into mas with the outputs in another folder, every agent's two files are copied
 * beside it, each checked against the files the agents before it write.
 */
function app(n) {
  const files = new Map();
  const ids = Array.from({ length: n }, (_, i) => `a${i}`);
  for (const [i, id] of ids.entries()) {
    files.set(`agents/${id}.yaml`, stringify({ apiVersion: "mas/v1", kind: "Agent", metadata: { name: id }, spec: { description: `Answers questions about topic ${i}.`, context: { role: { ref: `../prompts/p${i}.md` } }, models: [{ model: "gpt-4o-mini" }], tools: [{ ref: `../tools/t${i}.tool.yaml` }] } }));
    files.set(`tools/t${i}.tool.yaml`, stringify({ apiVersion: "mas/v1", kind: "Tool", metadata: { name: `t${i}` }, spec: { description: `Looks up topic ${i}.`, parameters: [{ name: "id", type: "string" }], impl: { kind: "python", module_path: `./t${i}.py`, class_name: `T${i}` } } }));
    files.set(`prompts/p${i}.md`, `You answer questions about topic ${i}.\n`);
  }
  const text = stringify({ apiVersion: "mas/v1", kind: "MAS", metadata: { name: "desk" }, spec: { agency: { agents: ids.map((id) => ({ id, ref: `./agents/${id}.yaml` })) }, workflow: { entry: "a0", nodes: ids.map((id, i) => (i === 0 && n > 1 ? { id, delegates_to: ids.slice(1) } : { id })) } } });
  const readFile = (ref) => {
    const path = posix.normalize(ref);
    return files.has(path) ? { ok: true, text: files.get(path) } : { ok: false, code: "ref-not-found", message: `${ref} is not in the app` };
  };
  return { text, options: { file: "app/mas.yaml", readFile, relocateFrom: () => "../app" } };
}

/**
 * `into`: samples converted into this format itself (scripts/bench.mjs), `make(n)` giving the text and
 * the convert options it is read and written with (its files, where the outputs go).
 */
export const into = [{ label: "MAS app, agents each with a tool manifest and a prompt file, written to another folder", unit: "agent", sizes: APP, make: app }];

/** Folders of real manifests (beyond the golden inputs) for the direction tables. */
export const corpus = ["test/fixtures/mas/corpus"];

/** The one file the CLI's wall time is measured on. */
export const cli = "golden/mas-extensions/input.yaml";

/** gen-corpus: a copy of a golden input of this format made distinct by `tag`. */
export function vary(d, tag) {
  d.metadata.name += tag;
}
