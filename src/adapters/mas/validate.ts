// Schema conformance of mas/v1 documents (draft-07 + fragments). x-merge is an
// overlay-merge hint: registered as an annotation keyword, never an assertion.
import { runValidator } from "../ajv.js";
import type { SchemaIssue } from "../types.js";
import { isObject } from "../../ir/json.js";
import { masAgentValidator, masSystemValidator, masToolValidator } from "./validators.generated.js";

/** A kind: MAS manifest is checked against mas.schema.yaml, anything else against the Agent schema. */
export function validateMas(data: unknown): SchemaIssue[] {
  return isObject(data) && data["kind"] === "MAS" ? runValidator(masSystemValidator, data) : runValidator(masAgentValidator, data);
}

/**
 * An input as the mas runtime reads it: `x-` keys anywhere are extensions it ignores (mas-lab's UI
 * writes `spec.x-text-input`; mas-lab commit 832ab9d), so they are not judged. The schema allows them
 * only at the top level and in metadata, which is what outputs are held to (validateMas). A document
 * the schema accepts as written is valid too: removing its x- members can break it (a governance
 * entry `{ "x-": {} }` the schema allows becomes `{}`, which it does not; found by the schema fuzz).
 */
export function validateMasInput(data: unknown): SchemaIssue[] {
  return asWrittenOrAsRead(validateMas, data);
}

export function validateMasAgent(data: unknown): SchemaIssue[] {
  return asWrittenOrAsRead((d) => runValidator(masAgentValidator, d), data);
}

export function validateMasToolManifest(data: unknown): SchemaIssue[] {
  return asWrittenOrAsRead((d) => runValidator(masToolValidator, d), data);
}

/** Valid as written, or else as the runtime reads it (without x- members); the issues of the latter. */
function asWrittenOrAsRead(validate: (d: unknown) => SchemaIssue[], data: unknown): SchemaIssue[] {
  const read = withoutExtensions(data);
  const issues = validate(read);
  return issues.length === 0 || validate(data).length > 0 ? issues : [];
}

/** A copy without the members whose names start with x-, at every depth. */
export function withoutExtensions(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withoutExtensions);
  if (!isObject(data)) return data;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(data)) if (!k.startsWith("x-")) Object.defineProperty(out, k, { value: withoutExtensions(data[k]), enumerable: true, writable: true, configurable: true });
  return out;
}
