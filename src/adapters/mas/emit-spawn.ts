// Links marked as a sub-agent tool's templates (IrLink.spawn, set by templates.ts when
// `--bundle` turned a create_subagent/spawn_subagent tool into links) are written back as
// that tool: at its place in spec.tools, with its other params and members, one template
// per link in link order. The link is what the user may have edited in another format,
// so it decides what is written: the template names the file this conversion writes for
// the link's agent and carries the link's useWhen as its description; the mark gives the
// rest (the template's id and other members, the tool's name and settings). A mark is
// honoured only while its link names another agent of the document (LinkIndex.spawned);
// a link without one (added in another format) is a delegation of the MAS workflow, as
// any link is. See docs/adapters/mas.md, "Sub-agent templates".
import type { IrAgent, IrDocument } from "../../ir/model.js";
import { cloneJson, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import type { LinkIndex } from "./system-emit.js";

/** One tool to write: the mark it was read with, and its templates. */
interface SpawnTool {
  at: number;
  entry: JsonObject;
}

/** The template a marked link is written as: the mark's entry, its ref and description from the link. */
export function templateOf(template: JsonObject, ref: string, useWhen: string | undefined): JsonObject {
  const out = cloneJson(template);
  setKey(out, "ref", ref);
  if (useWhen === undefined) delete out["description"];
  else setKey(out, "description", useWhen);
  return out;
}

/**
 * The sub-agent tools the marked links of agent `index` are written as, inserted into `items`
 * (the spec.tools written so far, indexed by source place, holes allowed) at their place;
 * `fileOf(j)` is the file written for agent j. Returns the list (undefined when there are
 * neither tools nor marked links) and the places of the tools written.
 */
export function writeSpawnTools(agent: IrAgent, index: number, doc: IrDocument, links: LinkIndex, items: JsonValue[] | undefined, fileOf: (j: number) => string): { items: JsonValue[] | undefined; written: Set<number> } {
  const written = new Set<number>();
  const tools = new Map<string, SpawnTool>();
  (agent.subAgents ?? []).forEach((link, i) => {
    const mark = link.spawn;
    if (mark === undefined || !links.spawned(index, i)) return;
    // Links of one tool share its name and place; a mark naming another is another tool.
    const id = `${mark.at}\u0000${mark.tool}`;
    let tool = tools.get(id);
    if (!tool) {
      const params: JsonObject = { templates: [] };
      for (const [k, v] of Object.entries(mark.params ?? {})) if (k !== "templates") setKey(params, k, cloneJson(v));
      const entry: JsonObject = { kind: "system", name: mark.tool };
      for (const [k, v] of Object.entries(mark.extra ?? {})) if (k !== "kind" && k !== "name" && k !== "params") setKey(entry, k, cloneJson(v));
      entry["params"] = params;
      tool = { at: mark.at, entry };
      tools.set(id, tool);
    }
    const templates = (tool.entry["params"] as JsonObject)["templates"] as JsonValue[];
    templates.push(templateOf(mark.template, `./${fileOf(links.target(link.local))}`, link.useWhen));
  });
  if (tools.size === 0) return { items, written };
  const out = items ?? [];
  for (const t of [...tools.values()].sort((a, b) => a.at - b.at)) {
    const at = Number.isInteger(t.at) && t.at >= 0 ? t.at : out.length;
    // Its place, when still free; else before the tool there now (a tool added in another format moves on).
    if (at >= out.length || out[at] === undefined) out[at] = t.entry;
    else out.splice(at, 0, t.entry);
  }
  for (const t of tools.values()) written.add(out.indexOf(t.entry));
  return { items: out, written };
}
