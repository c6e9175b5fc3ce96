// Several single-agent documents → one bundle document (`--bundle`).
import type { IrAgent, IrDocument } from "./model.js";
import { diagnostic, type Diagnostic } from "./diagnostics.js";
import { slugKey } from "./slug.js";
import { mergeDocumentExtensions } from "./stash.js";
import { deepEqual, type JsonValue } from "./json.js";
import { dotted } from "./pointer.js";

/**
 * `target` is the label of the format the bundle is written in: the document-level values of a
 * format (the metadata and workflow of a MAS app) are kept from one input, the first that has
 * any, and each other input's that differ are reported as lost at its own file.
 */
export function mergeIntoBundle(docs: readonly IrDocument[], target?: string): { doc?: IrDocument; diagnostics: Diagnostic[] } {
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
  // A format's document-level values belong together (a MAS app's agency list, workflow and
  // metadata): the merged bundle keeps one input's, the first that holds any, whole. Mixed key by
  // key, one app's workflow would be read against another's agency list. Each file of a split
  // bundle carries the bundle's values alike, so any one of them restores them.
  const extensions: IrDocument["extensions"] = {};
  const extensionFiles: Record<string, Record<string, string>> = {};
  const extensionPlaces: Record<string, Record<string, string>> = {};
  const keptFrom: Record<string, string | undefined> = {};
  for (const d of docs) {
    for (const [format, bag] of Object.entries(d.extensions)) {
      const rels = Object.keys(bag);
      if (rels.length === 0) continue;
      const kept = extensions[format];
      if (kept === undefined) {
        mergeDocumentExtensions(extensions, { [format]: bag });
        keptFrom[format] = d.file;
        // In the input's file, or the file of it that held the value (IrDocument.extensionFiles).
        const inFiles = rels.flatMap((rel) => {
          const file = d.extensionFiles?.[format]?.[rel] ?? d.file;
          return file === undefined ? [] : [[rel, file] as const];
        });
        if (inFiles.length) extensionFiles[format] = Object.fromEntries(inFiles);
        // Where in that input each value sits, when not at its own pointer (a stash's document values).
        const at = d.extensionPlaces?.[format];
        if (at !== undefined) extensionPlaces[format] = { ...at };
        continue;
      }
      const from = keptFrom[format] ?? "an earlier input";
      for (const rel of rels) {
        const value = bag[rel] as JsonValue;
        const held = Object.prototype.hasOwnProperty.call(kept, rel);
        if (held && deepEqual(kept[rel], value)) continue;
        const shown = value === null || typeof value !== "object" ? { shown: value } : {};
        const carried = held ? `differs from the value of ${from}, which the merged bundle keeps` : `is not among the document-level values of ${from}, which the merged bundle keeps`;
        diagnostics.push(diagnostic("dropped-field", { value: dotted(rel), ...shown, carried, rest: "this input's value", target: `the ${target === undefined ? "" : `${target} `}bundle merged`, why: "which holds one for all its inputs" }, { source: d.file === undefined ? { pointer: rel } : { file: d.file, pointer: rel } }));
      }
    }
  }
  const doc: IrDocument = { format: first?.format ?? "ir", bundle: true, agents, extensions };
  // The entry of the first input that names one (an app's, as its document-level values are).
  const entry = docs.find((d) => d.entry !== undefined)?.entry;
  if (entry !== undefined) doc.entry = entry;
  if (Object.keys(extensionFiles).length) doc.extensionFiles = extensionFiles;
  if (Object.keys(extensionPlaces).length) doc.extensionPlaces = extensionPlaces;
  return { doc, diagnostics };
}

/**
 * Agents that all came back from the members of one bundle (their stash names
 * /agents/<n> of the same format, or their index in it) return to their bundle order,
 * whatever order the files were given in; otherwise the input order stands.
 */
export function homeOrder(agents: IrAgent[]): IrAgent[] {
  const format = agents[0]?.home?.format;
  if (agents.length < 2 || agents.some((a) => a.home?.format !== format || homeIndex(a) === undefined)) return agents;
  return [...agents].sort((x, y) => (homeIndex(x) as number) - (homeIndex(y) as number));
}

/** An agent's position in its home document: its pointer's /agents/<n>, else the index its stash recorded. */
export function homeIndex(a: IrAgent): number | undefined {
  const n = /^\/agents\/(0|[1-9][0-9]*)$/.exec(a.home?.pointer ?? "")?.[1];
  return n !== undefined ? Number(n) : a.home?.index;
}
