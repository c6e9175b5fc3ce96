// SCAFFOLD — replaced by the real adapter; exists only so the hub compiles meanwhile.
import type { Adapter } from "../types.js";
import { diagnostic } from "../../ir/diagnostics.js";

export const caploAdapter: Adapter = {
  id: "caplo",
  label: "Caplo v2",
  suffix: ".caplo.json",
  bundles: false,
  detect: () => ({ confidence: 0 }),
  validate: () => [],
  parse: () => ({ diagnostics: [diagnostic("unsupported-document", { message: "caplo adapter not implemented yet" })] }),
  emit: () => ({ outputs: [], diagnostics: [diagnostic("unsupported-document", { message: "caplo adapter not implemented yet" })] }),
};
