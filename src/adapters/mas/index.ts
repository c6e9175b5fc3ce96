// The mas/v1 adapter (Cisco mas-lab agent manifests, YAML). kind: Agent is one
// agent; kind: MAS (a multi-agent system: agent files plus a delegation graph)
// is a bundle. The other kinds of the family are recognised so the user is told.
import type { Adapter } from "../types.js";
import { masCoverage } from "./coverage.js";
import { schemaEffects } from "./effects.generated.js";
import { isObject } from "../../ir/json.js";
import { parseMas } from "./parse.js";
import { agentRefs } from "./system-parse.js";
import { emitMas } from "./emit.js";
import { linkTemplates } from "./templates.js";
import { validateMas, validateMasInput } from "./validate.js";
import { SUB_AGENT_TOOLS } from "./tools.js";
import { detectMas } from "./detect.js";
import { OPTIONS } from "./options.js";
import { API_VERSION, FORMAT, LABEL, SUFFIX } from "./spec.js";
import { SLOT } from "./slot.js";
import { documentValueUse } from "./document-uses.js";
import { checkMasOutput } from "./output-check.js";

export const masAdapter: Adapter & { readonly id: typeof FORMAT } = {
  id: FORMAT,
  label: LABEL,
  suffix: SUFFIX,
  // A kind: MAS manifest holds several agents (each by its file, or inline) and the workflow that links
  // them; --bundle writes one (with the agent files beside it).
  bundles: true,
  namesEntry: true,
  bundleName: "mas kind: MAS app",
  slot: SLOT,
  syntaxes: ["yaml"],
  options: OPTIONS,
  subAgentTools: SUB_AGENT_TOOLS,
  // The schema's defaults; an absent budget means no limit.
  defaults: {
    "/models/0/temperature": { value: 0.7, name: "spec.models[].temperature", at: ["/spec/models/0", "/spec/llm", "/spec"] },
    "/models/0/maxTokens": { value: 2000, name: "spec.models[].max_tokens", at: ["/spec/models/0", "/spec/llm", "/spec"] },
    "/limits/maxModelCalls": { value: null, name: "spec.budget.max_llm_calls", at: ["/spec/budget", "/spec"], scope: "per run of this agent" },
    "/limits/maxToolCalls": { value: null, name: "spec.budget.max_tool_calls", at: ["/spec/budget", "/spec"], scope: "per run of this agent" },
  },
  coverage: masCoverage,
  schemaEffects,
  detect: detectMas,
  needsFiles: (data) => isObject(data) && data["apiVersion"] === API_VERSION && data["kind"] === "MAS",
  parts: (data) => (isObject(data) && data["kind"] === "MAS" ? agentRefs(data) : []),
  // A `kind: MAS` member (YAML block or flow, JSON), not any text naming MAS: the default root's search
  // asks this of every manifest-named file three folders up, and parses the ones it passes.
  mayHaveParts: (text) => /(?:^|[{,])[ \t]*["']?kind["']?[ \t]*:[ \t]*["']?MAS["']?[ \t]*(?:$|[,}#])/m.test(text),
  linkFiles: linkTemplates,
  documentValueUse,
  validate: validateMas,
  validateInput: validateMasInput,
  checkOutput: checkMasOutput,
  parseAgents: parseMas,
  emitAgents: emitMas,
};
