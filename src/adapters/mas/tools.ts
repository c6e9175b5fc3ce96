// spec.tools[] in its four forms (+ the names other formats give tools). Only
// the name is portable; refs, module paths, priority and params stay mas-only.
import { NO_FILE_ACCESS } from "../../ir/payloads.js";
import type { IrAgent, IrTool } from "../../ir/model.js";
import { cloneJson, isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { mapSource } from "../../ir/agent.js";
import { placementMap } from "../../ir/home.js";
import { dotted } from "../../ir/pointer.js";
import { fieldHandler, type HandlerReporter } from "../../ir/field-handlers.js";
import { parseText, type ParsedText } from "../../text/parse.js";
import { diagnostic } from "../../ir/diagnostics.js";
import { dirOf, joinPath } from "../../ir/file-paths.js";
import type { SchemaIssue } from "../types.js";
import { validateMasToolManifest } from "./validate.js";
import { keep, note, type MasParseCtx } from "./parse-context.js";
import { TOOL_ORDER } from "./shapes.js";

/** The runtime system tools that spawn sub-agents from templates (create_subagent, its alias spawn_subagent). */
export const SUB_AGENT_TOOLS: readonly string[] = ["create_subagent", "spawn_subagent"];

export function isSubAgentTool(tool: IrTool): boolean {
  return tool.kind === "system" && SUB_AGENT_TOOLS.includes(tool.name);
}

function basename(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** Name from a Form A ref when the Tool manifest cannot be read: bundle://b/t → t, samples:tools/calc.tool.yaml → calc. */
export function refBasename(ref: string): string {
  if (ref.startsWith("bundle://")) return basename(ref.replace(/\/+$/, ""));
  const local = ref.replace(/^[A-Za-z][A-Za-z0-9_.-]*:(?!\/\/)/, "");
  return basename(local).replace(/\.tool\.ya?ml$|\.ya?ml$/, "") || ref;
}

/** Name from a Form B module: class_name, else the module's last segment. */
export function moduleBasename(modulePath: string): string {
  const last = basename(modulePath).replace(/\.py$/, "");
  return last.includes(".") ? last.slice(last.lastIndexOf(".") + 1) : last;
}

function isLocalPath(ref: string): boolean {
  return !ref.startsWith("bundle://") && !/^[A-Za-z][A-Za-z0-9_.-]*:/.test(ref);
}

/**
 * A Tool manifest's spec.parameters as the object JSON schema the runtime gives the model (one
 * property per parameter: its type, description, enum, examples, default; `required` lists the
 * parameters marked required); undefined when there are none or one is not that shape.
 */
function parametersSchema(value: JsonValue | undefined): JsonObject | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const p of value) {
    if (!isObject(p) || typeof p["name"] !== "string") return undefined;
    const prop: JsonObject = {};
    for (const k of ["type", "description", "enum", "examples", "default"]) if (p[k] !== undefined) setKey(prop, k, cloneJson(p[k] as JsonValue));
    setKey(properties, p["name"], prop);
    if (p["required"] === true) required.push(p["name"]);
  }
  return required.length > 0 ? { type: "object", properties, required } : { type: "object", properties };
}

/** Reads the referenced kind: Tool manifest for its metadata.name (and spec.description, spec.parameters). */
function resolveToolRef(ctx: MasParseCtx, ref: string, ptr: string): { name: string; description?: string; inputSchema?: JsonObject; document?: string } {
  const fallback = { name: refBasename(ref) };
  if (!isLocalPath(ref)) return fallback;
  if (!ctx.readFile) {
    // Read from stdin or a library call without readFile: said, as the runtime's model would see more.
    note(ctx, "ref-kept", `${ptr}/ref`, { value: `${dotted(ptr)}.ref`, clause: `${ref} cannot be read without file access; the tool is named "${fallback.name}" after the file name, without the description and parameters the manifest gives it` }, NO_FILE_ACCESS, "behaviour");
    return fallback;
  }
  const r = ctx.readFile(ref);
  if (!r.ok) {
    // The mas runtime loads the manifest and shows the model its description and parameters; the
    // converted tool has neither (a behaviour change, so a warning), whatever stopped the read.
    note(ctx, "ref-kept", `${ptr}/ref`, { value: `${dotted(ptr)}.ref`, clause: `${r.message}; the tool is named "${fallback.name}" after the file name, without the description and parameters the manifest gives it` }, undefined, "behaviour");
    return fallback;
  }
  const parsed = parseText(r.text, ref);
  const data = parsed.data;
  const issues = isObject(data) && data["apiVersion"] === "mas/v1" && data["kind"] === "Tool" ? validateMasToolManifest(data) : undefined;
  if (!isObject(data) || issues === undefined || issues.length > 0) {
    brokenToolFile(ctx, ref, ptr, parsed, issues, fallback.name);
    return fallback;
  }
  const meta = data["metadata"] as JsonObject;
  const spec = isObject(data["spec"]) ? data["spec"] : {};
  const desc = typeof spec["description"] === "string" ? spec["description"].trim() : undefined;
  const inputSchema = parametersSchema(spec["parameters"]);
  return { name: meta["name"] as string, ...(desc ? { description: desc } : {}), ...(inputSchema ? { inputSchema } : {}), document: r.text };
}

/**
 * A Tool manifest that exists but does not parse or fails its schema: the runtime cannot load it,
 * and the converted tool has only the file's name, not the description and parameters the model
 * sees (a behaviour change, so a warning). Located in that file, at its fault: the user fixes that
 * file, not the agent. A folder run reports it once, through the agent (src/cli/batch.ts).
 */
function brokenToolFile(ctx: MasParseCtx, ref: string, ptr: string, parsed: ParsedText, issues: SchemaIssue[] | undefined, name: string): void {
  const file = ctx.file === undefined ? ref : joinPath(dirOf(ctx.file), ref);
  const bad = parsed.diagnostics.find((d) => d.severity === "error");
  const issue = issues?.[0];
  const pointer = bad?.source?.pointer ?? issue?.pointer ?? "";
  const pos = bad?.source?.line !== undefined ? { line: bad.source.line, column: bad.source.column ?? 1 } : parsed.locate(pointer) ?? { line: 1, column: 1 };
  const why = bad !== undefined ? `cannot be read (${bad.message})` : issue !== undefined ? `is not a valid mas/v1 kind: Tool manifest (${issue.pointer === "" ? "" : `${dotted(issue.pointer)} `}${issue.message})` : "is not a mas/v1 kind: Tool manifest";
  const value = `${dotted(ptr)}.ref${ctx.file === undefined ? "" : ` of ${ctx.file}`}`;
  ctx.diagnostics.push(diagnostic("ref-kept", { value, clause: `${ref} ${why}; the tool is named "${name}" after the file name, without the description and parameters the manifest gives it` }, { source: { file, pointer, ...pos }, hint: "fix this Tool manifest: the mas runtime loads it for the tool's description and parameters", effect: "behaviour" }));
}

export function parseTools(ctx: MasParseCtx, value: JsonValue): void {
  if (!Array.isArray(value)) {
    keep(ctx, "/spec/tools", value);
    return;
  }
  const tools: IrTool[] = [];
  value.forEach((item, j) => {
    const ptr = `/spec/tools/${j}`;
    const ir = `/tools/${tools.length}`;
    const rest = (obj: JsonObject, canonical: readonly string[]) => {
      for (const k of Object.keys(obj)) if (!canonical.includes(k)) keep(ctx, `${ptr}/${k}`, obj[k] as JsonValue);
    };
    let tool: IrTool | undefined;
    if (typeof item === "string") {
      tool = { kind: "named", name: item };
      mapSource(ctx.agent, `${ir}/name`, ptr);
    } else if (isObject(item) && typeof item["ref"] === "string" && item["kind"] === undefined && item["module_path"] === undefined) {
      const ref = item["ref"];
      const found = resolveToolRef(ctx, ref, ptr);
      tool = { kind: "manifest-ref", name: found.name, ref, ...(found.description ? { description: found.description } : {}), ...(found.inputSchema ? { inputSchema: found.inputSchema } : {}), ...(found.document !== undefined ? { document: found.document } : {}) };
      mapSource(ctx.agent, `${ir}/name`, `${ptr}/ref`);
      mapSource(ctx.agent, `${ir}/ref`, `${ptr}/ref`);
      // Read through the reference: the Tool manifest holds them, so the emitter writes only the ref
      // for them while this placement says so (a stash brings it home only while they are unedited).
      if (found.description) mapSource(ctx.agent, `${ir}/description`, `${ptr}/ref`);
      if (found.inputSchema) mapSource(ctx.agent, `${ir}/inputSchema`, `${ptr}/ref`);
      // The file's text, kept for an output written in another folder (relocate.ts writes it there).
      if (found.document !== undefined) mapSource(ctx.agent, `${ir}/document`, `${ptr}/ref`);
      rest(item, ["ref"]);
    } else if (isObject(item) && item["kind"] === "system" && typeof item["name"] === "string") {
      tool = { kind: "system", name: item["name"] };
      mapSource(ctx.agent, `${ir}/name`, `${ptr}/name`);
      const params = item["params"];
      if (isSubAgentTool(tool) && isObject(params) && typeof params["max_depth"] === "number" && ctx.agent.limits?.maxDepth === undefined) {
        // The first sub-agent tool's max_depth is the agent's delegation depth (Caplo policy.maxDepth); its other settings stay mas-only.
        ctx.agent.limits = { ...ctx.agent.limits, maxDepth: params["max_depth"] };
        mapSource(ctx.agent, "/limits/maxDepth", `${ptr}/params/max_depth`);
        if (ctx.agent.sourceMap["/limits"] === undefined) mapSource(ctx.agent, "/limits", `${ptr}/params/max_depth`);
        rest(item, ["kind", "name", "params"]);
        for (const k of Object.keys(params)) if (k !== "max_depth") keep(ctx, `${ptr}/params/${k}`, params[k] as JsonValue);
      } else rest(item, ["kind", "name"]);
    } else if (isObject(item) && typeof item["module_path"] === "string" && (item["class_name"] === undefined || typeof item["class_name"] === "string")) {
      const cls = item["class_name"];
      tool = { kind: "module", name: typeof cls === "string" ? cls : moduleBasename(item["module_path"]), modulePath: item["module_path"] };
      mapSource(ctx.agent, `${ir}/name`, typeof cls === "string" ? `${ptr}/class_name` : `${ptr}/module_path`);
      mapSource(ctx.agent, `${ir}/modulePath`, `${ptr}/module_path`);
      rest(item, ["module_path", "class_name"]);
    }
    if (!tool) {
      keep(ctx, ptr, item as JsonValue);
      return;
    }
    mapSource(ctx.agent, ir, ptr);
    tools.push(tool);
  });
  if (tools.length > 0 || value.length === 0) {
    ctx.agent.tools = tools;
    mapSource(ctx.agent, "/tools", "/spec/tools");
  }
}

function sourceIndex(agent: IrAgent, i: number): number | undefined {
  const m = /^\/spec\/tools\/(\d+)$/.exec(placementMap(agent, "mas")?.[`/tools/${i}`] ?? "");
  return m ? Number(m[1]) : undefined;
}

const stashed = { stashed: "stashed-value" } as const;

/** IR tools → spec.tools items in their four forms; what a form cannot hold is reported. */
export const toolsHandler = fieldHandler("tools", {
  "/tools/[named]/**": "exact",
  "/tools/[builtin]/name": ["exact", { stashed: "stashed-value", when: "an object: a bare name (the stash keeps the object)" }],
  "/tools/[manifest-ref]/description": ["exact", { dropped: "dropped-field", when: "not read from its Tool manifest (an edit in another format): a Form A entry is only the ref" }],
  "/tools/[manifest-ref]/inputSchema": ["exact", { dropped: "dropped-field", when: "not read from its Tool manifest (an edit in another format): a Form A entry is only the ref" }],
  "/tools/[manifest-ref]/**": "exact",
  "/tools/[module]/**": "exact",
  "/tools/[system]/**": "exact",
  "/tools/[]/name": { transformed: "stashed-value", when: "mcp, webhook or http: a bare name; its other members ride in the stash" },
  "/tools/[]/kind": { transformed: "stashed-value", when: "mcp, webhook, http or a builtin object: a bare name" },
  "/tools/[]/shorthand": "exact",
  "/tools/[]/**": stashed,
}, (r: HandlerReporter, agent: IrAgent, fromMas: boolean, placed?: Map<number, JsonValue>): JsonValue[] | undefined => emitTools(agent, r, fromMas, placed));

/**
 * `placed` (when given) receives, for each tool read from a spec.tools item of a mas file (its source
 * index), the item written for it: the kept members of that source item follow the item wherever it
 * is written now (a tool inserted before it in another format moves it on; emit.ts replayExtensions).
 */
function emitTools(agent: IrAgent, r: HandlerReporter, fromMas: boolean, placed?: Map<number, JsonValue>): JsonValue[] | undefined {
  const tools = agent.tools;
  if (tools === undefined) return undefined;
  const items: JsonValue[] = [];
  tools.forEach((t, i) => {
    const ir = `/tools/${i}`;
    let item: JsonValue;
    const lost: string[] = [];
    switch (t.kind) {
      case "manifest-ref": {
        item = { ref: t.ref };
        // The manifest's description and parameters are the manifest's to hold; one the placement does not
        // say was read through the ref came from the file converted (an edit there) and a Form A entry cannot hold it.
        const mine = placementMap(agent, "mas");
        const notRead = [t.description !== undefined ? "description" : undefined, t.inputSchema !== undefined ? "inputSchema" : undefined].filter((m): m is string => m !== undefined && mine?.[`${ir}/${m}`]?.endsWith("/ref") !== true);
        for (const m of notRead) r.at(agent, "dropped-field", `${ir}/${m}`, { target: "mas/v1", why: `whose tool reference (Form A) is only the ref: the runtime reads the ${m === "description" ? "description" : "parameters"} from the Tool manifest ${t.ref}` });
        break;
      }
      case "module": {
        const o: JsonObject = { module_path: t.modulePath };
        const nameFromModule = fromMas && placementMap(agent, "mas")?.[`${ir}/name`]?.endsWith("/module_path") === true && t.name === moduleBasename(t.modulePath);
        if (!nameFromModule) o["class_name"] = t.name;
        item = o;
        break;
      }
      case "system":
        item = { kind: "system", name: t.name };
        break;
      case "named":
        item = t.name;
        break;
      case "builtin":
        item = t.name;
        // The object form ({kind: builtin, name}) reads back as a bare-string shorthand.
        if (t.shorthand !== true && t.description === undefined && Object.keys(t.extra ?? {}).length === 0) {
          r.at(agent, "transformed-value", ir, { became: `(a builtin tool object) becomes the bare mas tool name "${t.name}"` });
        }
        break;
      case "mcp":
        item = t.name;
        lost.push(`server ${t.server}`, "requiresUserAuth");
        if (t.toolName !== undefined) lost.push("toolName");
        if (t.scopes !== undefined) lost.push("scopes");
        if (t.provider !== undefined) lost.push("provider");
        if (t.inputSchema !== undefined) lost.push("inputSchema");
        break;
      case "webhook":
        item = t.name;
        lost.push(`url ${t.url}`);
        if (t.method !== undefined) lost.push("method");
        if (t.requiresUserAuth !== undefined) lost.push("requiresUserAuth");
        break;
      case "http":
        item = t.name;
        lost.push(`provider ${t.provider}`, `endpoint ${t.endpoint}`, "requiresUserAuth");
        if (t.method !== undefined) lost.push("method");
        if (t.scopes !== undefined) lost.push("scopes");
        if (t.inputSchema !== undefined) lost.push("inputSchema");
        break;
    }
    if (t.description !== undefined && t.kind !== "manifest-ref") lost.push("description");
    if (t.extra !== undefined && Object.keys(t.extra).length > 0) lost.push(...Object.keys(t.extra));
    if (lost.length > 0) {
      r.at(agent, "dropped-field", ir, { carried: `becomes the bare mas tool name "${t.name}"`, parts: lost, target: "mas/v1" });
    }
    if (isObject(item)) item = orderKeys(item, TOOL_ORDER);
    const at = fromMas ? sourceIndex(agent, i) : undefined;
    if (placed !== undefined && at !== undefined) placed.set(at, item);
    // Back at its source place while that keeps the IR's order: tools the user reordered in another
    // format (their stash entries follow them, src/ir/stash-items.ts) stay in the user's order.
    if (at !== undefined && items[at] === undefined && at >= items.length) items[at] = item;
    else items.push(item);
  });
  return items;
}
