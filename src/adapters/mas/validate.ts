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

export function validateMasAgent(data: unknown): SchemaIssue[] {
  return runValidator(masAgentValidator, data);
}

export function validateMasToolManifest(data: unknown): SchemaIssue[] {
  return runValidator(masToolValidator, data);
}
