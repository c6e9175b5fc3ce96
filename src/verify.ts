// --verify-roundtrip: convert the outputs back to the source format and list, as
// RFC 6902 operations, every value that did not survive. rfc6902 is used rather
// than fast-json-patch: for the same edit (an array item removed) it gives the
// minimal patch (3 operations where fast-json-patch gave 9), which is what a
// person reads (docs/decisions.md).
import { createPatch, type Operation } from "rfc6902";
import { convertMany, type ConvertInput, type ConvertOptions, type ConvertOutput } from "./convert.js";
import type { JsonValue } from "./ir/json.js";

export type PatchOperation = Operation;

export interface RoundTrip {
  /** Operations that turn the original into what came back; empty = lossless. */
  patch: PatchOperation[];
  /** Set when the way back failed (its diagnostics explain why). */
  failed?: boolean;
}

/** Converts `outputs` back to `sourceFormat` and diffs the result against `original`. */
export function verifyRoundTrip(original: JsonValue, sourceFormat: string, sourceWasBundle: boolean, outputs: readonly ConvertOutput[], options: ConvertOptions = {}): RoundTrip {
  const inputs: ConvertInput[] = outputs.map((o) => ({ data: o.document, file: o.name }));
  const back = convertMany(inputs, sourceFormat, { ...options, bundle: sourceWasBundle, from: outputs[0]?.format ?? sourceFormat, strict: false });
  const doc = back.outputs[0]?.document;
  if (!back.ok || back.outputs.length !== 1 || doc === undefined) return { patch: [], failed: true };
  return { patch: createPatch(original, doc) };
}
