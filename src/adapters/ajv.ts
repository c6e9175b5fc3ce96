// Schema conformance through ajv, the judge of every input and output. The
// validators are ajv standalone code generated at build time from the vendored
// schemas (scripts/gen-schemas.mjs: Ajv2020 or draft-07, strict: false,
// allErrors, multipleOfPrecision: 9, ajv-formats), so no run compiles a schema.
import type { ErrorObject } from "ajv";
import type { SchemaIssue } from "./types.js";
import { dotted, escapeToken, get } from "../ir/pointer.js";

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
  return toIssues(byDiscriminator(filter ? filter(errors, data) : errors, data));
}

const within = (e: ErrorObject, at: string) => e.instancePath === at || e.instancePath.startsWith(at + "/");

/**
 * The errors of a union (oneOf, anyOf) whose branches are told apart by one member's constant (an
 * AgentMug tool's `kind`): ajv reports every branch, which contradict each other. Where the value's
 * member names a branch (no const error of its own), that branch's errors only; where it names none,
 * one enum error at the member listing the constants there are. Branches are known by the schema
 * path the const error lies under (`#/$defs/mcpTool`); format-neutral, it reads the schema's shape.
 */
export function byDiscriminator(errors: readonly ErrorObject[], data: unknown): readonly ErrorObject[] {
  let out = errors;
  for (const union of errors) {
    if (union.keyword !== "oneOf" && union.keyword !== "anyOf") continue;
    const at = union.instancePath;
    // Const errors one member below the union's value, by member.
    const byMember = new Map<string, ErrorObject[]>();
    for (const e of out) {
      if (e.keyword !== "const" || !e.instancePath.startsWith(at + "/") || e.instancePath.indexOf("/", at.length + 1) !== -1) continue;
      const k = e.instancePath.slice(at.length + 1);
      byMember.set(k, [...(byMember.get(k) ?? []), e]);
    }
    for (const [k, consts] of byMember) {
      const tail = `/properties/${k}/const`;
      const branches = consts.filter((e) => e.schemaPath.endsWith(tail)).map((e) => e.schemaPath.slice(0, -tail.length));
      const allowed = consts.map((e) => (e.params as { allowedValue?: unknown }).allowedValue);
      if (new Set(branches).size < 2 || new Set(allowed.map((a) => JSON.stringify(a))).size < 2) continue;
      const value = get(data, `${at}/${k}`);
      if (value !== null && typeof value === "object") continue;
      const failed = (e: ErrorObject) => branches.some((b) => e.schemaPath === b || e.schemaPath.startsWith(b + "/"));
      const other = (e: ErrorObject) => within(e, at) && e.keyword !== "oneOf" && e.keyword !== "anyOf" && !failed(e) && !(e.keyword === "type" && e.instancePath === at);
      const named = out.filter(other);
      if (named.length) out = out.filter((e) => !within(e, at) || other(e));
      else {
        const one: ErrorObject = { keyword: "enum", instancePath: `${at}/${k}`, schemaPath: union.schemaPath, params: { allowedValues: allowed } };
        out = [...out.filter((e) => !within(e, at)), one];
      }
      break;
    }
  }
  return out;
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
