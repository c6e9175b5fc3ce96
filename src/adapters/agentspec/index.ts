// The Oracle Open Agent Spec adapter (JSON or YAML; reads 25.4.1 … 26.2.0,
// writes 26.2.0). An Agent is one agent; a ManagerWorkers or a Swarm is a
// bundle whose links are the delegation; other component types (Flow, …) are
// recognised and refused with what agentport converts. See docs/adapters/agentspec.md.
import type { Adapter } from "../types.js";
import { detectAgentspec, maySupplyComponents, suppliesComponents } from "./detect.js";
import { validateAgentspec } from "./validate.js";
import { parseAgentspec } from "./parse.js";
import { emitAgentspec } from "./emit.js";
import { CREDENTIAL, FORMAT, LABEL, SUFFIX } from "./spec.js";
import { SLOT } from "./slot.js";
import { agentspecCoverage } from "./coverage.js";
import { schemaEffects } from "./effects.generated.js";
import { documentValueUse } from "./document-uses.js";

export const agentspecAdapter: Adapter & { readonly id: typeof FORMAT } = {
  id: FORMAT,
  label: LABEL,
  suffix: SUFFIX,
  bundles: true,
  namesEntry: true,
  bundleName: "Agent Spec ManagerWorkers",
  // Open Agent Spec's own abbreviation (pyagentspec's docs say OAS): a user typing --to oas means this format.
  aliases: ["oas"],
  publishable: true,
  slot: SLOT,
  privateData: { paths: CREDENTIAL, what: `an ${LABEL} credential (api_key, sensitive_headers)`, only: `${LABEL} itself` },
  // default_generation_parameters unset (or null): the runtime's own sampling, which no file fixes.
  defaults: {
    "/models/0/temperature": { value: { unfixed: "the runtime's default" }, name: "llm_config.default_generation_parameters.temperature", at: ["/llm_config/default_generation_parameters", "/llm_config", ""] },
    "/models/0/maxTokens": { value: { unfixed: "the runtime's default" }, name: "llm_config.default_generation_parameters.max_tokens", at: ["/llm_config/default_generation_parameters", "/llm_config", ""] },
  },
  unstated: {
    "/limits/maxModelCalls": { setting: "call limits", decider: "the runtime" },
    "/limits/maxToolCalls": { setting: "tool-call limits", decider: "the runtime" },
  },
  // An MCPTool has no member for user auth: tools.ts reads it as false, which the IR's mcp tool requires.
  readerFills: ["/tools/[]/requiresUserAuth"],
  documentValueUse,
  coverage: agentspecCoverage,
  schemaEffects,
  detect: detectAgentspec,
  // A disaggregated configuration's components, for the main file named beside it (supplied.ts).
  supplies: suppliesComponents,
  maySupply: maySupplyComponents,
  validate: validateAgentspec,
  parseAgents: parseAgentspec,
  emitAgents: emitAgentspec,
};
