// A create_subagent/spawn_subagent system tool's templates name agent files
// (`templates[].ref`, relative to the agent's file). When those files are agents
// of the same bundle (`--bundle`), the templates are what a Caplo parent's local
// sub-agent links are: the child to call and when (`description` → useWhen), with
// params.max_depth already read as the delegation depth. So the tool becomes those
// links instead of a tool id other formats cannot run (MAPPING §3.4, mas inputs
// without a MAS manifest). A tool whose templates do not all name agents of the
// bundle stays a tool, with every template reported where it is lost.
// Each link keeps what the tool was (IrLink.spawn), so a way back into mas
// writes the tool again (emit-spawn.ts) rather than a MAS workflow.
import type { IrAgent, IrLink, IrSpawn } from "../../ir/model.js";
import { cloneJson, isObject, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { diagnostic, type Diagnostic } from "../../ir/diagnostics.js";
import { isSubAgentTool } from "./tools.js";
import { dotted, parsePointer } from "../../ir/pointer.js";
import { MAS } from "./parse-context.js";

/** The source-map entries below /tools/<i>, renumbered as if that tool were not in the list. */
function withoutTool(map: Record<string, string>, i: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(map)) {
    const m = /^\/tools\/(0|[1-9][0-9]*)(\/.*)?$/.exec(k);
    if (!m) {
      out[k] = v;
      continue;
    }
    const n = Number(m[1]);
    if (n === i) continue;
    out[n > i ? `/tools/${n - 1}${m[2] ?? ""}` : k] = v;
  }
  return out;
}

/**
 * Turns each sub-agent tool of a mas agent whose templates all name agents of its bundle (by
 * `keyOf`: the bundle key of the agent read from a path relative to this agent's file) into
 * local links, each marked with what the tool was (IrLink.spawn: its name, place, template and
 * other settings); returns one diagnostic per template and one for the tool. The agent is changed
 * in place.
 */
export function linkTemplates(agent: IrAgent, keyOf: (ref: string) => string | undefined, to: string): Diagnostic[] {
  if (agent.origin.format !== MAS || !agent.tools) return [];
  const out: Diagnostic[] = [];
  const where = (rel: string) => (agent.origin.file === undefined ? { pointer: agent.origin.pointer + rel } : { file: agent.origin.file, pointer: agent.origin.pointer + rel });
  for (let i = agent.tools.length - 1; i >= 0; i--) {
    const tool = agent.tools[i];
    const at = agent.sourceMap[`/tools/${i}`];
    if (!tool || !isSubAgentTool(tool) || at === undefined) continue;
    const bag: JsonObject = agent.extensions[MAS] ?? {};
    // A disabled tool spawns nothing: as links, its templates would give the parent callees it never had.
    if (bag[`${at}/enabled`] === false) continue;
    // The parse keeps params key by key when it lifted max_depth out of them, else as one object.
    const whole = bag[`${at}/params`];
    const templates = isObject(whole) ? whole["templates"] : bag[`${at}/params/templates`];
    if (!Array.isArray(templates) || templates.length === 0) continue;
    const found = templates.map((t) => {
      const ref = isObject(t) && typeof t["ref"] === "string" ? t["ref"] : undefined;
      const key = ref === undefined ? undefined : keyOf(ref);
      return { t, ref, key: key === agent.key ? undefined : key };
    });
    if (found.some((f) => f.key === undefined)) continue;
    const links: IrLink[] = [];
    const sources: [string, string][] = [];
    const base = (agent.subAgents ?? []).length;
    found.forEach((f, j) => {
      const rel = `${at}/params/templates/${j}`;
      const link: IrLink = { local: f.key as string };
      const description = isObject(f.t) ? f.t["description"] : undefined;
      const n = base + links.length;
      sources.push([`/subAgents/${n}`, rel], [`/subAgents/${n}/local`, `${rel}/ref`]);
      if (typeof description === "string" && description.trim() !== "") {
        link.useWhen = description;
        sources.push([`/subAgents/${n}/useWhen`, `${rel}/description`]);
      }
      links.push(link);
      // That the child is now called, not spawned, is said by the target at the link's spawn mark (a warning where it changes what runs).
      const became = `becomes a local sub-agent link to "${f.key}", the agent of this bundle read from that file${link.useWhen === undefined ? "" : ", its description the link's useWhen"}`;
      out.push(diagnostic("transformed-value", { value: dotted(rel), aside: `a ${tool.name} template naming ${f.ref}`, became }, {
        source: where(rel),
        target: { format: to },
      }));
    });
    // The tool entry itself (its kind and name, and max_depth, read as the delegation depth) is said once, at the tool.
    const depth = agent.sourceMap["/limits/maxDepth"] === `${at}/params/max_depth` ? `, and its params.max_depth the agent's delegation depth` : "";
    out.push(diagnostic("transformed-value", { value: dotted(at), aside: `the ${tool.name} system tool`, became: `is not written as a tool: its templates name agents of this bundle, which become local sub-agent links${depth}` }, {
      source: where(at),
      target: { format: to },
    }));
    // The tool is now those links: its list entry and its templates go. What else it held (its other
    // params, max_spawns…, and entry members, enabled…) rides on each of its links as the spawn mark,
    // with the template itself and the tool's place in the list: the target reports the mark (a one-shot
    // copy spawned becomes a child called), a stash carries it, and the mas emitter writes the tool again.
    agent.tools = agent.tools.filter((_, k) => k !== i);
    agent.sourceMap = withoutTool(agent.sourceMap, i);
    const params: JsonObject = {};
    const extra: JsonObject = {};
    if (isObject(whole)) for (const k of Object.keys(whole)) if (k !== "templates") setKey(params, k, cloneJson(whole[k] as JsonValue));
    delete bag[`${at}/params`];
    delete bag[`${at}/params/templates`];
    for (const rel of Object.keys(bag).filter((k) => k.startsWith(`${at}/`))) {
      const [member, key, ...deeper] = parsePointer(rel.slice(at.length));
      if (member === "params" && key !== undefined && deeper.length === 0) setKey(params, key, cloneJson(bag[rel] as JsonValue));
      else if (member !== undefined && key === undefined) setKey(extra, member, cloneJson(bag[rel] as JsonValue));
      else continue;
      delete bag[rel];
    }
    const index = Number(/^\/spec\/tools\/(0|[1-9][0-9]*)$/.exec(at)?.[1] ?? i);
    links.forEach((link, j) => {
      const spawn: IrSpawn = { tool: tool.name, at: index, template: isObject(found[j]?.t) ? cloneJson(found[j]?.t as JsonObject) : {} };
      if (Object.keys(params).length > 0) spawn.params = cloneJson(params);
      // The runtime stops spawning at max_spawns: the one setting whose loss changes how often the child runs.
      if (Object.prototype.hasOwnProperty.call(params, "max_spawns")) spawn.callLimit = "max_spawns";
      if (Object.keys(extra).length > 0) spawn.extra = cloneJson(extra);
      link.spawn = spawn;
      sources.push([`/subAgents/${base + j}/spawn`, at]);
    });
    agent.subAgents = [...(agent.subAgents ?? []), ...links];
    for (const [k, v] of sources) agent.sourceMap[k] = v;
    if (agent.sourceMap["/subAgents"] === undefined) agent.sourceMap["/subAgents"] = `${at}/params/templates`;
  }
  return out;
}
