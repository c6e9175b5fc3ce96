// Checks on what an emitted agent will show or call that any emitter may need:
// a model named by a display name, and parameter placeholders that a target
// without parameters leaves verbatim in the prompt.
import type { IrAgent } from "./model.js";
import type { Reporter } from "./reporter.js";
import { renderInstructions } from "./agent.js";

/** A model id that reads as a display name ("GPT-4.1 Turbo", "GPT-4.1"): spaces, or capitals outside an org/model path (Qwen/Qwen2.5-7B-Instruct is an id). */
export function looksLikeDisplayName(id: string): boolean {
  return /\s/.test(id) || (/[A-Z]/.test(id) && !id.includes("/"));
}

/** The {{params.x}} spelling, whitespace allowed, found whether or not the agent declares its parameters. */
const PLACEHOLDER = /\{\{\s*params\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * The distinct parameter placeholders of the agent's prompt, in the order they first appear: the
 * {{params.x}} spelling, and each parameter's name as the agent's source spells it
 * (IrAgent.placeholders, which the source's adapter declares: {{user_name}} for a parameter
 * user_name, fresh9 finding 12). Text in braces that names no parameter is no placeholder there.
 */
export function placeholders(agent: IrAgent): string[] {
  const text = renderInstructions(agent.instructions) ?? "";
  const found: { at: number; text: string }[] = [...text.matchAll(PLACEHOLDER)].map((m) => ({ at: m.index, text: m[0] }));
  const spelling = agent.placeholders;
  if (spelling !== undefined) {
    for (const p of agent.parameters ?? []) {
      const name = p["name"];
      if (typeof name !== "string" || name === "") continue;
      const spelled = `${spelling.prefix}${name}${spelling.suffix}`;
      const at = text.indexOf(spelled);
      if (at !== -1) found.push({ at, text: spelled });
    }
  }
  found.sort((x, y) => x.at - y.at);
  return [...new Set(found.map((f) => f.text))];
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
