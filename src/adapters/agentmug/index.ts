// The AgentMug Agent File v1 adapter (https://agentmug.com/schemas/agent.v1.json).
// Mapping decisions: docs/adapters/agentmug.md.
import type { Adapter } from "../types.js";
import { agentmugCoverage } from "./coverage.js";
import { schemaEffects } from "./effects.generated.js";
import { FORMAT, LABEL, SUFFIX } from "./spec.js";
import { SLOT } from "./slot.js";
import { detectAgentmug } from "./detect.js";
import { validateAgentmug } from "./validate.js";
import { parseAgentmug } from "./parse.js";
import { emitAgentmug } from "./emit.js";
import { OPTIONS } from "./options.js";

export const agentmugAdapter: Adapter & { readonly id: typeof FORMAT } = {
  id: FORMAT,
  label: LABEL,
  suffix: SUFFIX,
  bundles: false,
  syntaxes: ["json"],
  options: OPTIONS,
  // The spec: files "are publishable as-is — they never contain secrets".
  publishable: true,
  // blueprint.maxTokens absent: "the runtime default", which no file fixes.
  defaults: {
    "/models/0/maxTokens": { value: { unfixed: "the host's default" }, name: "blueprint.maxTokens", at: ["/blueprint"] },
  },
  // No temperature and no call limits: the host decides. Reported at the blueprint, which holds the agent's run settings.
  unstated: {
    "/models/0/temperature": { setting: "temperature", decider: "the host", at: ["/blueprint"] },
    "/limits/maxModelCalls": { setting: "call limits", decider: "the host", at: ["/blueprint"] },
    "/limits/maxToolCalls": { setting: "tool-call limits", decider: "the host", at: ["/blueprint"] },
  },
  slot: SLOT,
  privateData: { paths: /^\/(?:brain|memory)(?:\/|$)/, what: "private AgentMug data", only: "an AgentMug owner's export" },
  coverage: agentmugCoverage,
  schemaEffects,
  detect: detectAgentmug,
  validate: validateAgentmug,
  parseAgents: parseAgentmug,
  emitAgents: emitAgentmug,
};
