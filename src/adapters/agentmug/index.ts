// SCAFFOLD — replaced by the real adapter; exists only so the hub compiles meanwhile.
import type { Adapter } from "../types.js";
import { diagnostic } from "../../ir/diagnostics.js";

export const agentmugAdapter: Adapter = {
  id: "agentmug",
  label: "AgentMug v1",
  suffix: ".agentmug.json",
  bundles: false,
  detect: () => ({ confidence: 0 }),
  validate: () => [],
  parse: () => ({ diagnostics: [diagnostic("unsupported-document", { message: "agentmug adapter not implemented yet" })] }),
  emit: () => ({ outputs: [], diagnostics: [diagnostic("unsupported-document", { message: "agentmug adapter not implemented yet" })] }),
};
