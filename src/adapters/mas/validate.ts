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
 * only at the top level and in metadata, which is what outputs are held to (validateMas).
 */
export function validateMasInput(data: unknown): SchemaIssue[] {
  return validateMas(withoutExtensions(data));
}

export function validateMasAgent(data: unknown): SchemaIssue[] {
  return runValidator(masAgentValidator, withoutExtensions(data));
}

export function validateMasToolManifest(data: unknown): SchemaIssue[] {
  return runValidator(masToolValidator, withoutExtensions(data));
}

/** A copy without the members whose names start with x-, at every depth. */
export function withoutExtensions(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withoutExtensions);
  if (!isObject(data)) return data;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(data)) if (!k.startsWith("x-")) Object.defineProperty(out, k, { value: withoutExtensions(data[k]), enumerable: true, writable: true, configurable: true });
  return out;
}
