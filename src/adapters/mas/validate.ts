// Schema conformance of a mas/v1 kind: Agent document (draft-07 + fragments).
import { runValidator, validatorDraft7 } from "../ajv.js";
import type { SchemaIssue } from "../types.js";
import { masAgentSchema, masFragmentSchemas } from "./schema.generated.js";

export function validateMas(data: unknown): SchemaIssue[] {
  // x-merge is an overlay-merge hint, an annotation rather than an assertion.
  return runValidator(validatorDraft7(masAgentSchema, masFragmentSchemas, ["x-merge"]), data);
}
