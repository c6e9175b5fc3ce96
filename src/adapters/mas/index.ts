// SCAFFOLD — replaced by the real adapter; exists only so the hub compiles meanwhile.
import type { Adapter } from "../types.js";
import { diagnostic } from "../../ir/diagnostics.js";

export const masAdapter: Adapter = {
  id: "mas",
  label: "mas/v1",
  suffix: ".mas.json",
  bundles: false,
  detect: () => ({ confidence: 0 }),
  validate: () => [],
  parse: () => ({ diagnostics: [diagnostic("unsupported-document", { message: "mas adapter not implemented yet" })] }),
  emit: () => ({ outputs: [], diagnostics: [diagnostic("unsupported-document", { message: "mas adapter not implemented yet" })] }),
};
