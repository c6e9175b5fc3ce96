// The mas/v1 adapter (Cisco mas-lab agent manifests, YAML). kind: Agent is one
// agent; kind: MAS (a multi-agent system: agent files plus a delegation graph)
// is a bundle. The other kinds of the family are recognised so the user is told.
import type { Adapter } from "../types.js";
import { masCoverage } from "./coverage.js";
import { isObject } from "../../ir/json.js";
import { parseMas } from "./parse.js";
import { agentRefs, parseMasSystem } from "./system-parse.js";
import { emitMas } from "./emit.js";
import { linkTemplates } from "./templates.js";
import { validateMas, validateMasInput } from "./validate.js";
import { SUB_AGENT_TOOLS } from "./tools.js";

export const masAdapter: Adapter = {
  id: "mas",
  label: "mas/v1",
  suffix: ".yaml",
  bundles: false,
  slot: "the top-level x-agentport key (x- keys are extensions the runtime ignores)",
  syntaxes: ["yaml"],
  options: [{ key: "extractPrompts", flag: "extract-prompts", type: "string", describe: "mas target: write prompts to files under this relative folder" }],
  subAgentTools: SUB_AGENT_TOOLS,
  // The schema's defaults; an absent budget means no limit.
  defaults: {
    "/models/0/temperature": { value: 0.7, name: "spec.models[].temperature", at: ["/spec/models/0", "/spec/llm", "/spec"] },
    "/models/0/maxTokens": { value: 2000, name: "spec.models[].max_tokens", at: ["/spec/models/0", "/spec/llm", "/spec"] },
    "/limits/maxModelCalls": { value: null, name: "spec.budget.max_llm_calls", at: ["/spec/budget", "/spec"] },
    "/limits/maxToolCalls": { value: null, name: "spec.budget.max_tool_calls", at: ["/spec/budget", "/spec"] },
  },
  coverage: masCoverage,
  detect(data) {
    if (isObject(data) && data["apiVersion"] === "flavour/v1" && data["kind"] === "Flavour") {
      return { confidence: 0.95, unsupported: "a mas flavour/v1 kind: Flavour (a deployment posture) is not an agent manifest; agentport converts kind: Agent and kind: MAS (with spec.agency)", notAgent: true };
    }
    if (!isObject(data) || data["apiVersion"] !== "mas/v1") return { confidence: 0 };
    if (data["kind"] === "Agent") return { confidence: 1 };
    const spec = data["spec"];
    if (data["kind"] === "MAS" && isObject(spec) && (spec["agency"] !== undefined || spec["agents"] !== undefined)) return { confidence: 1 };
    const kind = typeof data["kind"] === "string" ? data["kind"] : "(none)";
    const unsupported = `mas/v1 kind: ${kind}${data["kind"] === "MAS" ? " without spec.agency (a workflow topology with no agents)" : ""} is not an agent manifest; agentport converts kind: Agent and kind: MAS (with spec.agency)`;
    // Tools, overlays, topologies, registries… belong beside agents: a folder skips them.
    return typeof data["kind"] === "string" ? { confidence: 0.95, unsupported, notAgent: true } : { confidence: 0.95, unsupported };
  },
  needsFiles: (data) => isObject(data) && data["apiVersion"] === "mas/v1" && data["kind"] === "MAS",
  parts: (data) => (isObject(data) && data["kind"] === "MAS" ? agentRefs(data) : []),
  mayHaveParts: (text) => text.includes("MAS"),
  linkFiles: linkTemplates,
  validate: validateMas,
  validateInput: validateMasInput,
  parse: (data, options) => (isObject(data) && data["kind"] === "MAS" ? parseMasSystem(data, options) : parseMas(data, options)),
  emit: emitMas,
};
