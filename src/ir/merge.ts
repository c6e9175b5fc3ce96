// Several single-agent documents → one bundle document (`--bundle`).
import type { IrDocument } from "./model.js";
import { diagnostic, type Diagnostic } from "./diagnostics.js";
import { slugKey } from "./slug.js";

export function mergeIntoBundle(docs: readonly IrDocument[]): { doc?: IrDocument; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const byKey = new Map<string, string>();
  const agents = docs.flatMap((d) => d.agents.map((a) => ({ ...a })));
  for (const a of agents) {
    const key = a.key ?? slugKey(a.id ?? a.name ?? "agent");
    const where = a.origin.file ?? a.origin.pointer;
    const prior = byKey.get(key);
    if (prior !== undefined) {
      const source = a.origin.file === undefined ? { pointer: a.origin.pointer } : { file: a.origin.file, pointer: a.origin.pointer };
      diagnostics.push(diagnostic("key-clash", {
        message: `agents from ${prior} and ${where} would both get the bundle key "${key}"`,
        source,
        hint: "give the agents distinct ids (AgentMug id, mas metadata.name) before merging",
      }));
      continue;
    }
    byKey.set(key, where);
    if (a.key === undefined) a.key = key;
  }
  if (diagnostics.length) return { diagnostics };
  const first = docs[0];
  return {
    doc: { format: first?.format ?? "ir", bundle: true, agents, extensions: first ? { ...first.extensions } : {} },
    diagnostics,
  };
}
