// Key orders and member sets of mas/v1, read from the vendored schema so the
// emitter writes keys in the order the schema (and hand-written manifests) use.
import { masAgentSchema, masFragmentSchemas } from "./schema.generated.js";
import { isObject } from "../../ir/json.js";

function props(node: unknown): string[] {
  return isObject(node) && isObject(node["properties"]) ? Object.keys(node["properties"]) : [];
}

const root = masAgentSchema as Record<string, unknown>;
const rootProps = isObject(root["properties"]) ? root["properties"] : {};

export const TOP_ORDER = ["apiVersion", "kind", "metadata", "spec"] as const;
export const METADATA_ORDER = props(rootProps["metadata"]);
/** spec members in schema order: context, params, description, models, design_pattern, … */
export const SPEC_ORDER = props(rootProps["spec"]);

const modelEntry = masFragmentSchemas.find((f) => String(f["$id"]).endsWith("/llm-model-entry.schema.yaml"));
/** A models[] row: id, model, kind, extra, reasoning_effort, reasoning, temperature, max_tokens, … */
export const MODEL_ROW_ORDER = props(modelEntry);
export const LLM_ORDER = props(masFragmentSchemas.find((f) => String(f["$id"]).endsWith("/llm-binding.schema.yaml")));
export const REASONING_ORDER = ["effort", "budget_tokens", "exclude", "mode", "think", "include"] as const;

/** Tool item member orders, per form. */
export const TOOL_ORDER = ["kind", "name", "ref", "module_path", "class_name", "enabled", "priority", "params"] as const;
