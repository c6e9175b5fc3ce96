// The Caplo v2 adapter: Caplo agent manifests (kind Agent or AgentBundle) ⇄ IR.
// See docs/adapters/caplo.md for the field-by-field mapping and its decisions.
import type { Adapter } from "../types.js";
import { caploCoverage } from "./coverage.js";
import { schemaEffects } from "./effects.generated.js";
import { detectCaplo } from "./detect.js";
import { emitCaplo } from "./emit.js";
import { parseCaplo } from "./parse.js";
import { FORMAT, LABEL, SUFFIX } from "./spec.js";
import { validateCaplo } from "./validate.js";

export const caploAdapter: Adapter & { readonly id: typeof FORMAT } = {
  id: FORMAT,
  label: LABEL,
  suffix: SUFFIX,
  bundles: true,
  bundleName: "Caplo AgentBundle",
  // Caplo manifests are JSON or YAML.
  syntaxes: ["json", "yaml"],
  // The schema's defaults and the platform defaults its descriptions state.
  defaults: {
    "/models/0/temperature": { value: 0.4, name: "model.temperature", at: ["/model"] },
    "/models/0/maxTokens": { value: 1024, name: "model.responseLimit", at: ["/model"] },
    "/limits/maxModelCalls": { value: 16, name: "policy.maxModelCalls", at: ["/policy", ""], scope: "per turn of the whole agent graph" },
    "/limits/maxToolCalls": { value: 8, name: "policy.maxReads", at: ["/policy", ""], scope: "per turn of the whole agent graph" },
  },
  coverage: caploCoverage,
  schemaEffects,
  detect: detectCaplo,
  validate: validateCaplo,
  parse: parseCaplo,
  emit: emitCaplo,
};
