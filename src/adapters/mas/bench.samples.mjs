// What this format offers `npm run bench` and `npm run corpus` (scripts/bench.mjs and
// scripts/gen-corpus.mjs find this file in every adapter folder): documents generated at
// growing sizes for the scaling tables, further inputs for the direction tables, the file
// the CLI wall time is measured on, and how a golden input is varied for a corpus.
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

/** Folders of real manifests (beyond the golden inputs) for the direction tables. */
export const corpus = ["test/fixtures/mas/corpus"];

/** The one file the CLI's wall time is measured on. */
export const cli = "golden/mas-extensions/input.yaml";

/** gen-corpus: a copy of a golden input of this format made distinct by `tag`. */
export function vary(d, tag) {
  d.metadata.name += tag;
}
