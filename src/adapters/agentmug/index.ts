// The AgentMug Agent File v1 adapter (https://agentmug.com/schemas/agent.v1.json).
// Mapping decisions: docs/adapters/agentmug.md.
import type { Adapter } from "../types.js";
import { FORMAT, LABEL } from "./constants.js";
import { detectAgentmug, validateAgentmug } from "./validate.js";
import { parseAgentmug } from "./parse.js";
import { emitAgentmug, SUFFIX } from "./emit.js";

export const agentmugAdapter: Adapter = {
  id: FORMAT,
  label: LABEL,
  suffix: SUFFIX,
  bundles: false,
  // The spec: files "are publishable as-is — they never contain secrets".
  publishable: true,
  detect: detectAgentmug,
  validate: validateAgentmug,
  parse: parseAgentmug,
  emit: emitAgentmug,
};
