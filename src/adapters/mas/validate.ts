// Schema conformance of mas/v1 documents (draft-07 + fragments). x-merge is an
// overlay-merge hint: registered as an annotation keyword, never an assertion.
// (The build-time standalone validator in validators.generated.ts is not used:
// its ucs2length import arrives as a CommonJS namespace and throws at run time.)
import { runValidator, validatorDraft7 } from "../ajv.js";
import type { SchemaIssue } from "../types.js";
import { masAgentSchema, masFragmentSchemas, masToolSchema } from "./schema.generated.js";

export function validateMas(data: unknown): SchemaIssue[] {
  return runValidator(validatorDraft7(masAgentSchema, masFragmentSchemas, ["x-merge"]), data);
}

export function validateMasToolManifest(data: unknown): SchemaIssue[] {
  return runValidator(validatorDraft7(masToolSchema, masFragmentSchemas, ["x-merge"]), data);
}
