// --verify-roundtrip: convert the outputs back to the source format and list, as
// RFC 6902 operations, every value that did not survive. rfc6902 is used rather
// than fast-json-patch: for the same edit (an array item removed) it gives the
// minimal patch (3 operations where fast-json-patch gave 9), which is what a
// person reads (docs/decisions.md).
//
// A document read together with other files (a mas kind: MAS manifest and its agent
// files) is compared with those files too: the way back must give one such document
// again; the agent files (Adapter.parts) are paired by their place in the manifests'
// lists, and any other file the original read (a tool manifest, a prompt file) with what
// the way back reads under the same path, or nothing (docs/cli.md).
//
// The way back is taken as if the outputs sat beside the input: the files the original
// read are there too (a prompt file a mas agent names and the conversion kept as a
// reference), under what the conversion wrote.
//
// The x-agentport stash is not compared: its digests, source map and entries change with
// every edit and every conversion, and are agentport's bookkeeping, not the agent's data (a
// value the stash fails to restore shows as the value's own difference).
import { createPatch, type Operation } from "rfc6902";
import { adapterFor } from "./adapters/registry.js";
import type { Adapter, ReadFile } from "./adapters/types.js";
import { convertMany, readInput, type ConvertInput, type ConvertOptions, type ConvertOutput, type FileRead } from "./convert.js";
import { isObject, type JsonObject, type JsonValue } from "./ir/json.js";
import { STASH_KEY } from "./ir/diagnostics.js";
import { parseText } from "./text/parse.js";
import { parseWith } from "./ir/parse-phases.js";
import { normalisePath } from "./ir/file-paths.js";
import type { Diagnostic } from "./ir/diagnostics.js";

export type PatchOperation = Operation;

export interface RoundTrip {
  /** Operations that turn the original into what came back; empty = lossless. */
  patch: PatchOperation[];
  /** Set when the way back failed; `because` says why (its errors, "FILE: code: message"). */
  failed?: boolean;
  because?: string[];
  /** The same, for each file the original read as part of it (paths relative to its folder). */
  files?: { path: string; patch: PatchOperation[] }[];
}

/** Path as a key: "./a.yaml", "a.yaml" and "b/../a.yaml" are one file. */
const key = (path: string) => normalisePath(path);

function memoryReader(texts: ReadonlyMap<string, string>): ReadFile {
  return (path) => {
    const text = texts.get(key(path));
    return text === undefined ? { ok: false, code: "ref-not-found", message: `${path} was neither written by the conversion nor read by the original` } : { ok: true, text };
  };
}

/**
 * Converts `outputs` back to `sourceFormat` and diffs the result against `original`
 * (and `originalFiles`, the files the original read, as the conversion recorded them).
 */
export function verifyRoundTrip(original: JsonValue, sourceFormat: string, sourceWasBundle: boolean, outputs: readonly ConvertOutput[], options: ConvertOptions = {}, originalFiles: readonly FileRead[] = []): RoundTrip {
  // The outputs go back as text, with the files they refer to readable: those the conversion
  // wrote (extracted prompts) over those the original read.
  const folder = new Map(originalFiles.map((f) => [key(f.path), f.text] as const));
  for (const f of outputs.flatMap((o) => o.files ?? [])) folder.set(key(f.path), f.text);
  const inputs: ConvertInput[] = outputs.map((o) => ({ text: o.text, file: o.name, ...(folder.size ? { readFile: memoryReader(folder) } : {}) }));
  const back = convertMany(inputs, sourceFormat, { ...options, bundle: sourceWasBundle, from: outputs[0]?.format ?? sourceFormat, strict: false });
  const source = adapterFor(sourceFormat);
  const needsFiles = (d: JsonValue | undefined) => d !== undefined && source?.needsFiles?.(d) === true;
  // One document came back, or one that holds the others (its files).
  const holders = back.outputs.filter((o) => needsFiles(o.document));
  const main = back.outputs.length === 1 ? back.outputs[0] : holders.length === 1 ? holders[0] : undefined;
  if (!back.ok) return { patch: [], failed: true, because: back.diagnostics.filter((d) => d.severity === "error").map(reason) };
  if (main === undefined) return { patch: [], failed: true, because: [`it gave ${back.outputs.length} ${sourceFormat} documents, not one${back.outputs.length > 1 ? " holding the others" : ""}`] };
  const patch = createPatch(withoutStash(original), withoutStash(main.document));
  if (!needsFiles(original) && !needsFiles(main.document)) return { patch };

  // What the way back's main document reads, from what the way back wrote over the folder.
  const after = new Map(folder);
  for (const o of back.outputs) {
    if (o !== main) after.set(key(o.name), o.text);
    for (const f of o.files ?? []) after.set(key(f.path), f.text);
  }
  const again = readInput({ text: main.text, file: main.name, readFile: memoryReader(after) }, { from: sourceFormat });
  const readAgain = new Map((again.reads ?? []).map((r) => [key(r.path), r] as const));
  const readBefore = new Map(originalFiles.map((r) => [key(r.path), r] as const));
  const partsOf = (d: JsonValue) => (source?.parts?.(d) ?? []).map(key);
  const beforeParts = partsOf(original);
  const afterParts = partsOf(main.document);
  const files: { path: string; patch: PatchOperation[] }[] = [];
  // The agent files, by their place in the lists: the way back may name them otherwise.
  for (let i = 0; i < Math.max(beforeParts.length, afterParts.length); i++) {
    const b = beforeParts[i] === undefined ? undefined : readBefore.get(beforeParts[i] as string);
    const a = afterParts[i] === undefined ? undefined : readAgain.get(afterParts[i] as string);
    files.push({ path: b?.path ?? beforeParts[i] ?? a?.path ?? afterParts[i] ?? `#${i}`, patch: createPatch(withoutStash(dataOf(b, source)), withoutStash(dataOf(a, source))) });
  }
  // The other files the original read, compared where the way back reads the same path. One
  // it does not read is said once, as a file the way back did not give: its files no longer
  // use it (inlined, dropped, or named by a reference that no longer reaches it from where
  // the file is written, which the reference's value alone does not show).
  const parts = new Set([...beforeParts, ...afterParts]);
  for (const [path, b] of readBefore) {
    if (!parts.has(path)) files.push({ path: b.path, patch: createPatch(withoutStash(dataOf(b, source)), withoutStash(dataOf(readAgain.get(path), source))) });
  }
  return { patch, files };
}

/**
 * --verify-roundtrip of a --bundle run: the way back is the bundle written (`outputs`), converted
 * back. Into a format of one document per agent (no bundles: AgentMug) it gives each input's agent
 * its own document again, and each such input is compared with the one of its own agent (by id or
 * name), else with the one closest to it (the fewest operations; each used once): converted alone
 * instead, an agent would not come back as the bundle
 * gives it (its id, which the bundle's key decides). An input of a format with bundles (the way back
 * merges every agent into one document no input was) or one read with its files is undefined here:
 * its own round trip, as without --bundle, stands (docs/decisions.md).
 */
export function verifyBundleRoundTrips(inputs: readonly { data: JsonValue; format?: string }[], outputs: readonly ConvertOutput[], options: ConvertOptions = {}): (RoundTrip | undefined)[] {
  const out: (RoundTrip | undefined)[] = inputs.map(() => undefined);
  const folder = new Map<string, string>();
  for (const f of outputs.flatMap((o) => o.files ?? [])) folder.set(key(f.path), f.text);
  const given: ConvertInput[] = outputs.map((o) => ({ text: o.text, file: o.name, ...(folder.size ? { readFile: memoryReader(folder) } : {}) }));
  const formats = [...new Set(inputs.flatMap((i) => (i.format === undefined ? [] : [i.format])))];
  for (const format of formats) {
    const source = adapterFor(format);
    const mine = inputs.flatMap((input, i) => (input.format === format && source?.bundles === false && source.needsFiles?.(input.data) !== true ? [i] : []));
    if (mine.length === 0) continue;
    const back = convertMany(given, format, { ...options, bundle: true, from: outputs[0]?.format ?? format, strict: false });
    if (!back.ok) {
      const because = back.diagnostics.filter((d) => d.severity === "error").map(reason);
      for (const i of mine) out[i] = { patch: [], failed: true, because };
      continue;
    }
    const left = back.outputs.map((o) => withoutStash(o.document));
    // Each input is compared first with the documents whose agent it is (by the agent's id, or
    // name, as the format's own parser reads them): comparing every input with every document is
    // quadratic in a lossy bundle, where no patch is empty. An input whose agent came back under
    // another id (the bundle's key decided it) is compared with every document left, after those.
    const identity = (data: JsonValue): string | undefined => {
      const agent = source === undefined ? undefined : parseWith(source, data, { lenient: true }).doc?.agents[0];
      return agent?.id ?? agent?.name;
    };
    const byIdentity = new Map<string, number[]>();
    left.forEach((doc, k) => {
      const id = identity(doc);
      if (id === undefined) return;
      const ks = byIdentity.get(id);
      if (ks === undefined) byIdentity.set(id, [k]);
      else ks.push(k);
    });
    const taken = new Set<number>();
    const closest = (original: JsonValue, candidates: Iterable<number>): { k: number; patch: PatchOperation[] } | undefined => {
      let best: { k: number; patch: PatchOperation[] } | undefined;
      for (const k of candidates) {
        if (taken.has(k)) continue;
        const patch = createPatch(original, left[k] as JsonValue);
        if (best === undefined || patch.length < best.patch.length) best = { k, patch };
        if (best.patch.length === 0) break;
      }
      return best;
    };
    const originals = new Map(mine.map((i) => [i, withoutStash((inputs[i] as { data: JsonValue }).data)] as const));
    const unpaired: number[] = [];
    for (const i of mine) {
      const original = originals.get(i) as JsonValue;
      const id = identity(original);
      const best = id === undefined ? undefined : closest(original, byIdentity.get(id) ?? []);
      if (best === undefined) {
        unpaired.push(i);
        continue;
      }
      taken.add(best.k);
      out[i] = { patch: best.patch };
    }
    for (const i of unpaired) {
      const best = closest(originals.get(i) as JsonValue, left.keys());
      if (best === undefined) {
        out[i] = { patch: [], failed: true, because: [`it gave ${back.outputs.length} ${format} documents, none of them left for this input`] };
        continue;
      }
      taken.add(best.k);
      out[i] = { patch: best.patch };
    }
  }
  return out;
}

/**
 * `v` without any x-agentport member, wherever a format's slot puts it (the top level, an Agent
 * Spec component's metadata); an object that held nothing else goes with it, so a metadata
 * written only for the stash is no difference either. Values are shared, not copied.
 */
export function withoutStash(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(withoutStash);
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v)) {
    if (k === STASH_KEY) continue;
    const x = v[k] as JsonValue;
    const y = withoutStash(x);
    if (isObject(x) && Object.prototype.hasOwnProperty.call(x, STASH_KEY) && isObject(y) && Object.keys(y).length === 0) continue;
    Object.defineProperty(out, k, { value: y, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * A file as a value: its data when it is a document of the format (an agent file, a tool
 * manifest), else its text (a prompt file, which read as YAML could be any value).
 */
function dataOf(read: FileRead | undefined, source: Adapter | undefined): JsonValue {
  if (read === undefined) return null;
  const data = parseText(read.text, read.path).data;
  return data !== undefined && (source?.detect(data).confidence ?? 0) >= 0.5 ? data : read.text;
}

function reason(d: Diagnostic): string {
  return `${d.source?.file === undefined ? "" : d.source.file + ": "}${d.code}: ${d.message}`;
}

/**
 * The texts of the files `outputs` reach, each read in `format` where it is written: a reference
 * it makes is looked up in `folder` (paths from the outputs' folder: the files the conversion
 * copies, and the files the inputs read, placed where they are seen from there) and among the
 * outputs themselves (an agent file a MAS manifest names).
 */
export function filesReached(outputs: readonly ConvertOutput[], format: string, folder: ReadonlyMap<string, string>): Set<string> {
  const texts = new Map(folder);
  for (const o of outputs) {
    texts.set(key(o.name), o.text);
    for (const f of o.files ?? []) texts.set(key(f.path), f.text);
  }
  const reached = new Set<string>();
  for (const o of outputs) {
    const got = readInput({ text: o.text, file: o.name, readFile: memoryReader(texts) }, { from: format });
    for (const r of got.reads ?? []) reached.add(r.text);
  }
  return reached;
}
