// inputs ⇄ IR parameters. An Agent input is a titled JSON-schema property; the
// system prompt names it as {{title}}. The IR parameter is generic (docs/ir.md):
// name, type, description, default, required, and here `schema` for the other
// JSON-schema members of the property. Other formats' parameters spell their
// placeholders otherwise (IrAgent.placeholders says how); the prompt is
// rewritten to Agent Spec's spelling when they differ.
import type { LostPart } from "../../ir/payloads.js";
import type { IrAgent } from "../../ir/model.js";
import { cloneJson, isObject, type JsonObject, type JsonValue } from "../../ir/json.js";

export const AGENTSPEC_PLACEHOLDERS = { prefix: "{{", suffix: "}}" } as const;

/** IR parameter members this format writes; the rest of a parameter from another format is lost. */
const WRITTEN = ["name", "type", "description", "default", "schema"];

/** Form types of the IR parameter vocabulary that are strings in JSON schema. */
const STRING_TYPES = ["string", "text", "email", "url", "select", "file"];
const FORMATS: Readonly<Record<string, string>> = { email: "email", url: "uri" };
/**
 * Form types a JSON-schema string does not mean: the caller passes text where it uploaded a file
 * (its content, its kind), so the input's contract changes (a warning), unlike an email or a url
 * (a string format) or a long text.
 */
const NOT_A_STRING: Readonly<Record<string, string>> = { file: "the caller passes text, not a file" };
const JSON_TYPES = ["string", "number", "integer", "boolean", "array", "object", "null"];

export function propertyToParameter(p: JsonObject): JsonObject {
  const out: JsonObject = { name: p["title"] as string };
  const schema: JsonObject = {};
  for (const k of Object.keys(p)) {
    const v = p[k] as JsonValue;
    if (k === "title") continue;
    if ((k === "type" && typeof v === "string") || (k === "description" && typeof v === "string") || k === "default") out[k] = cloneJson(v);
    else schema[k] = cloneJson(v);
  }
  if (Object.keys(schema).length) out["schema"] = schema;
  return out;
}

export interface EmittedInput {
  value: JsonObject;
  /** Members of the parameter the property cannot hold. */
  lost: (string | LostPart)[];
  /** Its type, when changed (a form type written as a JSON-schema type). */
  retyped?: string;
  /** What the input no longer takes, when the JSON-schema type means something else (a file as a string). */
  unlike?: string;
}

export function parameterToProperty(p: JsonObject): EmittedInput {
  const out: JsonObject = {};
  const lost: (string | LostPart)[] = [];
  let retyped: string | undefined;
  out["title"] = typeof p["name"] === "string" ? p["name"] : String(p["name"]);
  if (typeof p["description"] === "string") out["description"] = p["description"];
  if (p["default"] !== undefined) out["default"] = cloneJson(p["default"] as JsonValue);
  const type = p["type"];
  if (typeof type === "string") {
    if (JSON_TYPES.includes(type)) out["type"] = type;
    else if (STRING_TYPES.includes(type)) {
      out["type"] = "string";
      // The form types that are string formats keep that meaning.
      if (FORMATS[type] !== undefined) out["format"] = FORMATS[type] as string;
      retyped = type;
    } else lost.push({ part: "type", shown: type });
  }
  // A choice list becomes the property's enum.
  const options = p["options"];
  if (type === "select" && Array.isArray(options) && options.every((o) => isObject(o) && typeof o["value"] === "string")) {
    out["enum"] = options.map((o) => (o as JsonObject)["value"] as string);
  }
  const schema = p["schema"];
  if (isObject(schema)) for (const k of Object.keys(schema)) if (out[k] === undefined) out[k] = cloneJson(schema[k] as JsonValue);
  for (const k of Object.keys(p)) {
    if (WRITTEN.includes(k)) continue;
    if (k === "options" && out["enum"] !== undefined) continue;
    if (k === "required" && (p[k] === false || (p[k] === true && p["default"] === undefined))) continue;
    lost.push(k);
  }
  const unlike = retyped === undefined ? undefined : NOT_A_STRING[retyped];
  return { value: out, lost, ...(retyped === undefined ? {} : { retyped }), ...(unlike === undefined ? {} : { unlike }) };
}

/** The prompt text with another format's placeholders spelled as Agent Spec's {{name}}; undefined when nothing changes. */
export function respellPlaceholders(a: IrAgent, text: string): string | undefined {
  const from = a.placeholders;
  if (!from || !a.parameters?.length) return undefined;
  if (from.prefix === AGENTSPEC_PLACEHOLDERS.prefix && from.suffix === AGENTSPEC_PLACEHOLDERS.suffix) return undefined;
  let out = text;
  for (const p of a.parameters) {
    const name = p["name"];
    if (typeof name !== "string" || name === "") continue;
    out = out.split(`${from.prefix}${name}${from.suffix}`).join(`${AGENTSPEC_PLACEHOLDERS.prefix}${name}${AGENTSPEC_PLACEHOLDERS.suffix}`);
  }
  return out === text ? undefined : out;
}
