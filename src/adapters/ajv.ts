// Schema conformance through ajv, the judge of every input and output. Validators
// are compiled on first use and memoised per schema object (immutable, so the
// memo is not shared mutable state in any observable way).
import { Ajv2020 } from "ajv/dist/2020.js";
import AjvDraft7 from "ajv";
import addFormatsModule from "ajv-formats";
import type { ErrorObject, ValidateFunction, Options } from "ajv";
import type { SchemaIssue } from "./types.js";

// ajv and ajv-formats are CommonJS; under NodeNext their default export may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (ajv: unknown) => void;
const Draft7 = ((AjvDraft7 as unknown as { default?: unknown }).default ?? AjvDraft7) as unknown as new (o: Options) => import("ajv").default;

const OPTIONS: Options = { strict: false, allErrors: true, multipleOfPrecision: 9, validateFormats: true };

const memo = new WeakMap<object, ValidateFunction>();

export function validator2020(schema: Record<string, unknown>, entry?: string): ValidateFunction {
  const key = entry === undefined ? schema : memoKey(schema, entry);
  let v = memo.get(key);
  if (!v) {
    const ajv = new Ajv2020(OPTIONS);
    addFormats(ajv);
    ajv.addSchema(schema);
    const id = schema["$id"] as string;
    v = ajv.getSchema(entry === undefined ? id : `${id}${entry}`)!;
    memo.set(key, v);
  }
  return v;
}

export function validatorDraft7(schema: Record<string, unknown>, fragments: Record<string, unknown>[], keywords: string[] = []): ValidateFunction {
  let v = memo.get(schema);
  if (!v) {
    const ajv = new Draft7(OPTIONS);
    addFormats(ajv);
    // Overlay-merge hints and similar vendor keywords are annotations, not assertions.
    for (const k of keywords) ajv.addKeyword({ keyword: k, schemaType: ["string", "object", "array", "boolean", "number"] });
    for (const f of fragments) ajv.addSchema(f);
    v = ajv.compile(schema);
    memo.set(schema, v);
  }
  return v;
}

const entryKeys = new Map<string, object>();
function memoKey(schema: Record<string, unknown>, entry: string): object {
  const k = `${String(schema["$id"])}${entry}`;
  let o = entryKeys.get(k);
  if (!o) entryKeys.set(k, (o = {}));
  return o;
}

export function runValidator(v: ValidateFunction, data: unknown): SchemaIssue[] {
  if (v(data)) return [];
  return toIssues(v.errors ?? []);
}

/** ajv errors → located issues: noisy combinator errors are dropped when a concrete one exists. */
export function toIssues(errors: readonly ErrorObject[]): SchemaIssue[] {
  const combinators = new Set(["oneOf", "anyOf", "if", "not", "const", "enum", "type"]);
  const concrete = errors.filter((e) => !["oneOf", "anyOf", "if"].includes(e.keyword));
  let chosen = concrete.length ? concrete : [...errors];
  // Inside a oneOf, every failed branch reports; keep the deepest (most specific) pointers.
  const deepest = Math.max(...chosen.map((e) => e.instancePath.split("/").length));
  if (chosen.some((e) => combinators.has(e.keyword)) && chosen.length > 3) {
    const specific = chosen.filter((e) => !combinators.has(e.keyword) || e.instancePath.split("/").length === deepest);
    if (specific.length) chosen = specific;
  }
  const seen = new Set<string>();
  const out: SchemaIssue[] = [];
  for (const e of chosen) {
    const issue = describe(e);
    const k = `${issue.pointer}\u0000${issue.message}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(issue);
  }
  return out.slice(0, 25);
}

function esc(t: string): string {
  return t.replace(/~/g, "~0").replace(/\//g, "~1");
}

function describe(e: ErrorObject): SchemaIssue {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "additionalProperties":
      return { pointer: `${e.instancePath}/${esc(String(p["additionalProperty"]))}`, keyword: e.keyword, message: `unknown property "${String(p["additionalProperty"])}"` };
    case "unevaluatedProperties":
      return { pointer: `${e.instancePath}/${esc(String(p["unevaluatedProperty"]))}`, keyword: e.keyword, message: `unknown property "${String(p["unevaluatedProperty"])}"` };
    case "required":
      return { pointer: e.instancePath, keyword: e.keyword, message: `missing required property "${String(p["missingProperty"])}"` };
    case "enum":
      return { pointer: e.instancePath, keyword: e.keyword, message: `must be one of ${JSON.stringify(p["allowedValues"])}` };
    case "const":
      return { pointer: e.instancePath, keyword: e.keyword, message: `must be ${JSON.stringify(p["allowedValue"])}` };
    default:
      return { pointer: e.instancePath, keyword: e.keyword, message: e.message ?? e.keyword };
  }
}
