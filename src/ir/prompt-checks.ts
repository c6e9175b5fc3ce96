// Checks on what an emitted agent will show or call that any emitter may need:
// a model named by a display name, and AgentMug {{params.x}} placeholders that a
// target without parameters leaves verbatim in the prompt.
import type { IrAgent } from "./model.js";
import type { Reporter } from "./reporter.js";
import { renderInstructions } from "./agent.js";

/** A model id that reads as a display name ("GPT-4.1 Turbo", "GPT-4.1"): spaces, or capitals outside an org/model path (Qwen/Qwen2.5-7B-Instruct is an id). */
export function looksLikeDisplayName(id: string): boolean {
  return /\s/.test(id) || (/[A-Z]/.test(id) && !id.includes("/"));
}

const PLACEHOLDER = /\{\{\s*params\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The distinct {{params.x}} placeholders of the agent's prompt, in order. */
export function placeholders(agent: IrAgent): string[] {
  const text = renderInstructions(agent.instructions) ?? "";
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[0]))];
}

/** One warning per placeholder a target without parameters writes verbatim. */
export function reportPlaceholders(agent: IrAgent, r: Pick<Reporter, "where" | "atSource">, targetLabel: string, targetFile?: string): void {
  const at = r.where(agent, "/instructions").pointer.slice(agent.origin.pointer.length);
  for (const p of placeholders(agent)) {
    r.atSource(agent, "unfilled-placeholder", at, { placeholder: p, target: targetLabel }, {
      ...(targetFile === undefined ? {} : { targetFile }),
      hint: "replace it with the value in the converted prompt, or keep the agent on a runtime that fills parameters",
    });
  }
}
