// Schema conformance through ajv, the judge of every input and output. The
// validators are ajv standalone code generated at build time from the vendored
// schemas (scripts/gen-schemas.mjs: Ajv2020 or draft-07, strict: false,
// allErrors, multipleOfPrecision: 9, ajv-formats), so no run compiles a schema.
import type { ErrorObject } from "ajv";
import type { SchemaIssue } from "./types.js";
import { dotted, escapeToken } from "../ir/pointer.js";

/** A compiled validator: ajv's calling convention, errors left on the function. */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * ajv's errors of a failed validation, before they become issues: an adapter that knows which of a
 * union's branches its data meant (Agent Spec's component_type) keeps that branch's errors only.
 */
export type ErrorFilter = (errors: readonly ErrorObject[], data: unknown) => readonly ErrorObject[];

export function runValidator(v: CompiledValidator, data: unknown, filter?: ErrorFilter): SchemaIssue[] {
  if (v(data)) return [];
  const errors = v.errors ?? [];
  return toIssues(filter ? filter(errors, data) : errors);
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

const esc = escapeToken;

/**
 * A schema message naming its value: ajv says only "must be array", and a line and column alone do
 * not say which field that is (a flow-style or one-line document has many values on a line). The
 * document itself is named by its file; a message that names its property (unknown, missing) keeps it.
 */
export function valueMessage(pointer: string, message: string): string {
  return pointer === "" ? message : `${dotted(pointer)} (${pointer}) ${message}`;
}

function describe(e: ErrorObject): SchemaIssue {
  const p = e.params as Record<string, unknown>;
  const at = e.instancePath;
  switch (e.keyword) {
    case "additionalProperties":
      return { pointer: `${at}/${esc(String(p["additionalProperty"]))}`, keyword: e.keyword, message: `unknown property "${String(p["additionalProperty"])}"` };
    case "unevaluatedProperties":
      return { pointer: `${at}/${esc(String(p["unevaluatedProperty"]))}`, keyword: e.keyword, message: `unknown property "${String(p["unevaluatedProperty"])}"` };
    case "required": {
      const missing = `missing required property "${String(p["missingProperty"])}"`;
      return { pointer: at, keyword: e.keyword, message: at === "" ? missing : valueMessage(at, `is ${missing}`) };
    }
    case "enum":
      return { pointer: at, keyword: e.keyword, message: valueMessage(at, `must be one of ${JSON.stringify(p["allowedValues"])}`) };
    case "const":
      return { pointer: at, keyword: e.keyword, message: valueMessage(at, `must be ${JSON.stringify(p["allowedValue"])}`) };
    default:
      return { pointer: at, keyword: e.keyword, message: valueMessage(at, e.message ?? e.keyword) };
  }
}
