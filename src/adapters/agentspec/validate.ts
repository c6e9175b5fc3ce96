// Validation as MAPPING §6.2 says: the published schema's Base<Type> definitions
// forbid the top-level agentspec_version that pyagentspec writes (it sits beside
// the component in Versioned<Type>), so the document is checked without it
// against #/$defs/Base<component_type>, and the version against the versions read.
import type { SchemaIssue } from "../types.js";
import { runValidator, valueMessage, type CompiledValidator } from "../ajv.js";
import { isObject } from "../../ir/json.js";
import { agentspecAgentValidator, agentspecManagerWorkersValidator, agentspecSwarmValidator } from "./validators.generated.js";
import { READ_VERSIONS } from "./spec.js";
import { componentBranches } from "./schema-errors.js";

const VALIDATORS: Readonly<Record<string, CompiledValidator>> = {
  Agent: agentspecAgentValidator,
  ManagerWorkers: agentspecManagerWorkersValidator,
  Swarm: agentspecSwarmValidator,
};

export function validateAgentspec(data: unknown): SchemaIssue[] {
  if (!isObject(data)) return [{ pointer: "", message: "an Agent Spec document must be an object", keyword: "type" }];
  const out: SchemaIssue[] = [];
  const version = data["agentspec_version"];
  if (version !== undefined && (typeof version !== "string" || !READ_VERSIONS.includes(version))) {
    out.push({ pointer: "/agentspec_version", message: valueMessage("/agentspec_version", `must be one of ${JSON.stringify(READ_VERSIONS)}`), keyword: "enum" });
  }
  const type = data["component_type"];
  const v = typeof type === "string" ? VALIDATORS[type] : undefined;
  if (!v) {
    out.push({ pointer: "/component_type", message: valueMessage("/component_type", `must be one of ${JSON.stringify(Object.keys(VALIDATORS))}`), keyword: "enum" });
    return out;
  }
  const rest: Record<string, unknown> = {};
  for (const k of Object.keys(data)) if (k !== "agentspec_version") rest[k] = data[k];
  return [...out, ...runValidator(v, rest, componentBranches)];
}
