// Several single-agent documents → one bundle document (`--bundle`).
import type { IrAgent, IrDocument } from "./model.js";
import { diagnostic, type Diagnostic } from "./diagnostics.js";
import { slugKey } from "./slug.js";
import { mergeDocumentExtensions } from "./stash.js";
import { deepEqual, type JsonValue } from "./json.js";
import { dotted } from "./pointer.js";

/**
 * `target` is the label of the format the bundle is written in: a document-level value two inputs
 * hold differently (the metadata and workflow of two MAS apps) is kept once, the first input's,
 * and each other input's is reported as lost at its own file.
 */
export function mergeIntoBundle(docs: readonly IrDocument[], target = "the bundle written"): { doc?: IrDocument; diagnostics: Diagnostic[] } {
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
    for (const [format, bag] of Object.entries(d.extensions)) {
      const kept = extensions[format] ?? {};
      for (const rel of Object.keys(bag)) {
        if (!Object.prototype.hasOwnProperty.call(kept, rel)) {
          if (d.file !== undefined) (extensionFiles[format] ??= {})[rel] = d.file;
          continue;
        }
        const value = bag[rel] as JsonValue;
        if (deepEqual(kept[rel], value)) continue;
        const first = extensionFiles[format]?.[rel];
        const shown = value === null || typeof value !== "object" ? { shown: value } : {};
        diagnostics.push(diagnostic("dropped-field", { value: dotted(rel), ...shown, carried: `differs from the value of ${first ?? "an earlier input"}, which the merged bundle keeps`, rest: "this input's value", target }, { source: d.file === undefined ? { pointer: rel } : { file: d.file, pointer: rel } }));
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
