// IR parameters (generic: name, type, description, default, required, …; see
// docs/ir.md) ⇄ AgentMug parameters, which the runtime substitutes into the
// system prompt as {{params.<name>}}. Parameters read from AgentMug are its own
// objects and are written back as they are; others are given what AgentMug
// requires (a snake_case name, a label, a form type, required) and the prompt's
// placeholders are respelled from the source's spelling (IrAgent.placeholders).
import type { IrAgent } from "../../ir/model.js";
import { fieldHandler, type HandlerReporter } from "../../ir/field-handlers.js";
import { cloneJson, orderKeys, type JsonObject, type JsonValue } from "../../ir/json.js";

export const AGENTMUG_PLACEHOLDERS = { prefix: "{{params.", suffix: "}}" } as const;

const FORM_TYPES = ["string", "text", "number", "boolean", "email", "url", "select", "file"];
const FROM_JSON: Readonly<Record<string, string>> = { integer: "number", array: "text", object: "text", null: "string" };
const ORDER = ["name", "label", "description", "type", "options", "default", "required", "placeholder", "artifact"];

function snake(name: string): string {
  const s = name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  return /^[a-z]/.test(s) ? s : `p_${s || "param"}`;
}

export interface EmittedParameters {
  value: JsonObject[];
  /** Source name → AgentMug name, for the placeholders. */
  names: Map<string, string>;
}

/** Parameters as AgentMug parameters (snake_case names, labels, form types), read back as they were. */
export const parametersHandler = fieldHandler("parameters", {
  "/parameters/**": ["exact", { transformed: "stashed-value", when: "from another format: given a snake_case name, a label, a form type and a required flag" }],
}, (r: HandlerReporter, a: IrAgent, fromHere: boolean, file: string): EmittedParameters | undefined => emitParameters(a, fromHere, r, file));

function emitParameters(a: IrAgent, fromHere: boolean, r: HandlerReporter, file: string): EmittedParameters | undefined {
  if (!a.parameters) return undefined;
  const names = new Map<string, string>();
  if (fromHere) {
    for (const p of a.parameters) if (typeof p["name"] === "string") names.set(p["name"], p["name"]);
    // Read from an AgentMug file, but possibly given back by a stash of another format (an Agent Spec
    // input's parameters, whose label and required AgentMug added): what AgentMug requires is filled again.
    let filled = false;
    const value = a.parameters.map((p) => {
      const out = cloneJson(p);
      const label = typeof out["label"] !== "string" || out["label"] === "";
      const required = typeof out["required"] !== "boolean";
      if (label) out["label"] = typeof p["name"] === "string" ? p["name"] : "";
      if (required) out["required"] = p["default"] === undefined;
      if (!label && !required) return out;
      filled = true;
      return orderKeys(out, ORDER);
    });
    if (filled) r.defaulted(a, "/parameters", { field: "a label and a required flag of each parameter", plural: true, by: "AgentMug", filled: "the label is the name, and a parameter without a default is required" }, file);
    return { value, names };
  }
  const value = a.parameters.map((p, i) => {
    const t = { targetPointer: `/parameters/${i}`, targetFile: file };
    const source = typeof p["name"] === "string" ? p["name"] : String(i);
    const name = /^[a-z][a-z0-9_]*$/.test(source) ? source : snake(source);
    names.set(source, name);
    if (name !== source) r.at(a, "transformed-value", `/parameters/${i}/name`, { shown: source, became: `becomes "${name}" (AgentMug parameter names are snake_case)` }, t);
    const out: JsonObject = { name };
    const lost: string[] = [];
    out["label"] = typeof p["label"] === "string" && p["label"] !== "" ? p["label"] : source;
    if (typeof p["description"] === "string") out["description"] = p["description"];
    const type = typeof p["type"] === "string" ? p["type"] : "string";
    if (FORM_TYPES.includes(type)) out["type"] = type;
    else {
      out["type"] = FROM_JSON[type] ?? "string";
      r.at(a, "transformed-value", `/parameters/${i}/type`, { shown: type, became: `is written as the AgentMug form type "${String(out["type"])}"` }, t);
    }
    if (p["default"] !== undefined) out["default"] = cloneJson(p["default"] as JsonValue);
    // A value without a default must be supplied: that is what "required" says.
    out["required"] = typeof p["required"] === "boolean" ? p["required"] : p["default"] === undefined;
    for (const k of Object.keys(p)) if (!["name", "label", "description", "type", "default", "required"].includes(k)) lost.push(k);
    if (lost.length) r.at(a, "dropped-field", `/parameters/${i}`, { parts: lost, target: "an AgentMug parameter" }, t);
    return orderKeys(out, ORDER);
  });
  r.defaulted(a, "/parameters", { field: "a label and a required flag of each parameter", plural: true, by: "AgentMug", filled: "the label is the name, and a parameter without a default is required" }, file);
  return { value, names };
}

/** The prompt with the source's placeholders spelled as {{params.<name>}}; undefined when nothing changes. */
export function respellPlaceholders(a: IrAgent, text: string, names: ReadonlyMap<string, string>): string | undefined {
  const from = a.placeholders;
  if (!from || names.size === 0) return undefined;
  let out = text;
  for (const [source, name] of names) {
    const was = `${from.prefix}${source}${from.suffix}`;
    const now = `${AGENTMUG_PLACEHOLDERS.prefix}${name}${AGENTMUG_PLACEHOLDERS.suffix}`;
    if (was !== now) out = out.split(was).join(now);
  }
  return out === text ? undefined : out;
}
