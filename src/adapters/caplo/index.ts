// The Caplo v2 adapter: Caplo agent manifests (kind Agent or AgentBundle) ⇄ IR.
// See docs/adapters/caplo.md for the field-by-field mapping and its decisions.
import type { Adapter } from "../types.js";
import { detectCaplo } from "./detect.js";
import { emitCaplo } from "./emit.js";
import { parseCaplo } from "./parse.js";
import { FORMAT, LABEL } from "./spec.js";
import { validateCaplo } from "./validate.js";

export const caploAdapter: Adapter = {
  id: FORMAT,
  label: LABEL,
  suffix: ".caplo.json",
  bundles: true,
  detect: detectCaplo,
  validate: validateCaplo,
  parse: parseCaplo,
  emit: emitCaplo,
};
