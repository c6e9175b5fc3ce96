// default-differs: a setting the source leaves unset, whose default differs
// between the source's format and the target's, changes the agent's behaviour.
import { adapterFor } from "../adapters/registry.js";
import { diagnostic, type Diagnostic } from "../ir/diagnostics.js";
import type { IrDocument } from "../ir/model.js";
import type { Placement } from "../convert.js";
import type { JsonValue } from "../ir/json.js";
import { get as getPointer } from "../ir/pointer.js";

/**
 * Unset is not default: where the source leaves a setting unset and its format's
 * default differs from the target's, the agent will behave differently, so say so,
 * pointing at the object the setting would go in.
 */
export function defaultDifferences(docs: readonly IrDocument[], to: string, outputs: readonly { name: string }[], placement: readonly Placement[], sources: readonly { file?: string; data: JsonValue }[]): Diagnostic[] {
  const target = adapterFor(to);
  const out: Diagnostic[] = [];
  if (!target?.defaults) return out;
  docs.forEach((doc, d) => doc.agents.forEach((agent, i) => {
    const source = adapterFor(agent.origin.format);
    if (!source?.defaults || source.id === target.id) return;
    const data = sources.find((s) => s.file === agent.origin.file)?.data;
    // The output that holds this agent, as its emitter placed it.
    const file = outputs.find((_, k) => placement[k]?.doc === d && placement[k]?.agents?.includes(i) === true)?.name;
    for (const [pointer, was] of Object.entries(source.defaults)) {
      const now = target.defaults![pointer];
      if (now === undefined || now.value === was.value || getPointer(agent, pointer) !== undefined) continue;
      // A model setting matters only when there is a model to apply it to.
      if (pointer.startsWith("/models/0/") && !agent.models?.length) continue;
      const rel = was.at.find((p) => getPointer(data, agent.origin.pointer + p) !== undefined) ?? "";
      const show = (v: number | string | null) => (v === null ? "no limit" : String(v));
      out.push(diagnostic("default-differs", {
        message: `${was.name} is not set: ${source.label} assumes ${show(was.value)}, while ${target.label} assumes ${show(now.value)} for ${now.name}`,
        source: { ...(agent.origin.file === undefined ? {} : { file: agent.origin.file }), pointer: agent.origin.pointer + rel },
        target: { format: target.id, ...(file === undefined ? {} : { file }) },
        hint: "set it explicitly in the source to keep the agent's behaviour",
      }));
    }
  }));
  return out;
}
