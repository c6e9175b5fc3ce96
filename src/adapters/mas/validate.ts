// Schema conformance of mas/v1 documents (draft-07 + fragments). x-merge is an
// overlay-merge hint: registered as an annotation keyword, never an assertion.
import { runValidator } from "../ajv.js";
import type { SchemaIssue } from "../types.js";
import { masAgentValidator, masToolValidator } from "./validators.generated.js";

export function validateMas(data: unknown): SchemaIssue[] {
  return runValidator(masAgentValidator, data);
}

export function validateMasToolManifest(data: unknown): SchemaIssue[] {
  return runValidator(masToolValidator, data);
}
