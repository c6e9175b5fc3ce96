// Several single-agent documents → one bundle document (`--bundle`).
import type { IrAgent, IrDocument } from "./model.js";
import { diagnostic, type Diagnostic } from "./diagnostics.js";
import { slugKey } from "./slug.js";
import { mergeDocumentExtensions } from "./stash.js";

export function mergeIntoBundle(docs: readonly IrDocument[]): { doc?: IrDocument; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const byKey = new Map<string, string>();
  const agents = homeOrder(docs.flatMap((d) => d.agents.map((a) => ({ ...a }))));
  for (const a of agents) {
    const key = a.key ?? slugKey(a.id ?? a.name ?? "agent");
    const where = a.origin.file ?? a.origin.pointer;
    const prior = byKey.get(key);
    if (prior !== undefined) {
      const source = a.origin.file === undefined ? { pointer: a.origin.pointer } : { file: a.origin.file, pointer: a.origin.pointer };
      diagnostics.push(diagnostic("key-clash", { key, first: prior, second: where }, { source, hint: "give the agents distinct ids (or names) before merging" }));
      continue;
    }
    byKey.set(key, where);
    if (a.key === undefined) a.key = key;
  }
  if (diagnostics.length) return { diagnostics };
  const first = docs[0];
  // Each file of a split bundle carries the bundle's document-level values; any one of them restores them.
  const extensions: IrDocument["extensions"] = {};
  // Which input each kept value came from: the first that has it, as mergeDocumentExtensions keeps it.
  const extensionFiles: Record<string, Record<string, string>> = {};
  for (const d of docs) {
    if (d.file !== undefined) {
      for (const [format, bag] of Object.entries(d.extensions)) {
        const kept = extensions[format] ?? {};
        for (const rel of Object.keys(bag)) if (!Object.prototype.hasOwnProperty.call(kept, rel)) (extensionFiles[format] ??= {})[rel] = d.file;
      }
    }
    mergeDocumentExtensions(extensions, d.extensions);
  }
  const doc: IrDocument = { format: first?.format ?? "ir", bundle: true, agents, extensions };
  if (Object.keys(extensionFiles).length) doc.extensionFiles = extensionFiles;
  return { doc, diagnostics };
}

/**
 * Agents that all came back from the members of one bundle (their stash names
 * /agents/<n> of the same format) return to their bundle order, whatever order
 * the files were given in; otherwise the input order stands.
 */
export function homeOrder(agents: IrAgent[]): IrAgent[] {
  const index = (a: IrAgent) => /^\/agents\/(0|[1-9][0-9]*)$/.exec(a.home?.pointer ?? "")?.[1];
  const format = agents[0]?.home?.format;
  if (agents.length < 2 || agents.some((a) => a.home?.format !== format || index(a) === undefined)) return agents;
  return [...agents].sort((x, y) => Number(index(x)) - Number(index(y)));
}
