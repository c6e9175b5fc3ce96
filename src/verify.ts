// --verify-roundtrip: convert the outputs back to the source format and list, as
// RFC 6902 operations, every value that did not survive. rfc6902 is used rather
// than fast-json-patch: for the same edit (an array item removed) it gives the
// minimal patch (3 operations where fast-json-patch gave 9), which is what a
// person reads (docs/decisions.md).
//
// A document read together with other files (a mas kind: MAS manifest and its agent
// files) is compared with those files too: the way back must give one such document
// again, and the files it reads are paired with the original's in the order read.
import { createPatch, type Operation } from "rfc6902";
import { adapterFor } from "./adapters/registry.js";
import type { ReadFile } from "./adapters/types.js";
import { convertMany, readInput, type ConvertInput, type ConvertOptions, type ConvertOutput, type FileRead } from "./convert.js";
import type { JsonValue } from "./ir/json.js";
import { parseText } from "./text/parse.js";

export type PatchOperation = Operation;

export interface RoundTrip {
  /** Operations that turn the original into what came back; empty = lossless. */
  patch: PatchOperation[];
  /** Set when the way back failed (its diagnostics explain why). */
  failed?: boolean;
  /** The same, for each file the original read as part of it (paths relative to its folder). */
  files?: { path: string; patch: PatchOperation[] }[];
}

/** Path as a key: "./a.yaml" and "a.yaml" are one file. */
const key = (path: string) => path.replace(/\\/g, "/").replace(/^(\.\/)+/, "");

function memoryReader(texts: ReadonlyMap<string, string>): ReadFile {
  return (path) => {
    const text = texts.get(key(path));
    return text === undefined ? { ok: false, code: "ref-not-found", message: `${path} was not written by the conversion` } : { ok: true, text };
  };
}

/**
 * Converts `outputs` back to `sourceFormat` and diffs the result against `original`
 * (and `originalFiles`, the files the original read, as the conversion recorded them).
 */
export function verifyRoundTrip(original: JsonValue, sourceFormat: string, sourceWasBundle: boolean, outputs: readonly ConvertOutput[], options: ConvertOptions = {}, originalFiles: readonly FileRead[] = []): RoundTrip {
  // The outputs go back as text, with the files they refer to (extracted prompts) readable.
  const extras = new Map(outputs.flatMap((o) => o.files ?? []).map((f) => [key(f.path), f.text] as const));
  const inputs: ConvertInput[] = outputs.map((o) => ({ text: o.text, file: o.name, ...(extras.size ? { readFile: memoryReader(extras) } : {}) }));
  const back = convertMany(inputs, sourceFormat, { ...options, bundle: sourceWasBundle, from: outputs[0]?.format ?? sourceFormat, strict: false });
  const source = adapterFor(sourceFormat);
  const needsFiles = (d: JsonValue | undefined) => d !== undefined && source?.needsFiles?.(d) === true;
  // One document came back, or one that holds the others (its files).
  const holders = back.outputs.filter((o) => needsFiles(o.document));
  const main = back.outputs.length === 1 ? back.outputs[0] : holders.length === 1 ? holders[0] : undefined;
  if (!back.ok || main === undefined) return { patch: [], failed: true };
  const patch = createPatch(original, main.document);
  if (!needsFiles(original) && !needsFiles(main.document)) return { patch };

  // The files each side reads as documents of the source format, paired in the order read.
  const texts = new Map<string, string>();
  for (const o of back.outputs) if (o !== main) texts.set(key(o.name), o.text);
  for (const [p, t] of extras) texts.set(p, t);
  const again = readInput({ text: main.text, file: main.name, readFile: memoryReader(texts) }, { from: sourceFormat });
  const documentsOf = (reads: readonly FileRead[]) =>
    reads.flatMap((r) => {
      const data = parseText(r.text, r.path).data;
      return data !== undefined && (source?.detect(data).confidence ?? 0) >= 0.5 ? [{ path: r.path, data }] : [];
    });
  const before = documentsOf(originalFiles);
  const after = documentsOf(again.reads ?? []);
  const files: { path: string; patch: PatchOperation[] }[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const b = before[i];
    const a = after[i];
    files.push({ path: b?.path ?? a?.path ?? `#${i}`, patch: createPatch(b?.data ?? null, a?.data ?? null) });
  }
  return { patch, files };
}
