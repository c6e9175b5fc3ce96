// The library's smaller verbs around the hub.
import { ADAPTERS, adapterFor, type FormatId, type RuntimeFormat } from "./adapters/registry.js";
import { emitDocuments, readInput, readInputs, type ConvertInput, type ConvertOptions, type ConvertOutput, type ReadResult } from "./convert.js";
import type { Diagnostic } from "./ir/diagnostics.js";
import { diagnostic, hasErrors } from "./ir/diagnostics.js";
import type { IrDocument } from "./ir/model.js";
import type { JsonValue } from "./ir/json.js";
import { dotted } from "./ir/pointer.js";
import { VALIDATE_BOTH } from "./ir/payloads.js";
import { parseText } from "./text/parse.js";
import type { EmitOptions, ReadFile } from "./adapters/types.js";

export interface FormatInfo {
  id: string;
  label: string;
  suffix: string;
  bundles: boolean;
}

export interface DetectResult {
  format?: string;
  confidence: number;
  diagnostics: Diagnostic[];
}

export interface ValidateResult {
  ok: boolean;
  format?: string;
  diagnostics: Diagnostic[];
  /**
   * validateMany: the input whose reading took parts from this one (Adapter.supplies: an Agent Spec
   * components file), first in the inputs' order. It is valid as those parts, whose findings are
   * that input's (naming this file); its diagnostics are empty.
   */
  partOf?: string;
}

/** The formats agentport converts between. */
export function formats(): FormatInfo[] {
  return ADAPTERS.map((a) => ({ id: a.id, label: a.label, suffix: a.suffix, bundles: a.bundles }));
}

function toData(src: string | JsonValue, file?: string): { data?: JsonValue; diagnostics: Diagnostic[] } {
  if (typeof src !== "string") return { data: src, diagnostics: [] };
  const p = parseText(src, file);
  return p.data === undefined ? { diagnostics: p.diagnostics } : { data: p.data, diagnostics: [] };
}

/** Which format a manifest is in, judged from its content alone. */
export function detect(src: string | JsonValue, options: { file?: string } = {}): DetectResult {
  const { data, diagnostics } = toData(src, options.file);
  if (data === undefined) return { confidence: 0, diagnostics };
  // Located at the document's start, like the hub's detection errors.
  const at = { ...(options.file === undefined ? {} : { file: options.file }), pointer: "", ...(typeof src === "string" ? { line: 1, column: 1 } : {}) };
  let best: DetectResult = { confidence: 0, diagnostics: [] };
  for (const a of ADAPTERS) {
    const d = a.detect(data);
    if (d.confidence > best.confidence) {
      best = { format: a.id, confidence: d.confidence, diagnostics: d.unsupported ? [diagnostic("unsupported-document", { problem: d.unsupported }, { source: at })] : [] };
    }
  }
  if (best.confidence < 0.5) return { confidence: best.confidence, diagnostics: [diagnostic("unknown-format", { problem: "not a manifest agentport knows" }, { source: at })] };
  return best;
}

/** Schema conformance of a manifest, with located error diagnostics. */
export function validate(src: string | JsonValue, options: { from?: string; file?: string; readFile?: ReadFile } = {}): ValidateResult {
  const input = typeof src === "string" ? { text: src } : { data: src };
  // A document read with other files (a mas kind: MAS manifest and its agent files) is valid when they are.
  const r = readInput(options.file === undefined ? input : { ...input, file: options.file }, { ...(options.from === undefined ? {} : { from: options.from }), ...(options.readFile ? { readFile: options.readFile } : {}) });
  return validated(r, options.readFile !== undefined);
}

/**
 * validate of several inputs named together, as a conversion of them all reads them: an input that
 * supplies parts the others name without defining (Adapter.supplies: an Agent Spec components file
 * beside its main file) resolves their references (its findings then theirs, naming it), and is
 * valid as those parts (`partOf`), not refused alone. Each input needs its `file` to be paired.
 */
export function validateMany(inputs: readonly ConvertInput[], options: { from?: string } = {}): ValidateResult[] {
  const reads = readInputs(inputs, options.from === undefined ? {} : { from: options.from });
  const results = reads.map((r, i) => validated(r, inputs[i]!.readFile !== undefined));
  const took = reads.map((r) => new Set((r.supplied ?? []).map((p) => p.file)));
  return results.map((own, i) => {
    const file = inputs[i]!.file;
    const by = file === undefined ? -1 : took.findIndex((t) => t.has(file));
    if (by === -1) return own;
    const taker = inputs[by]!.file!;
    // Invalid when a reading that took parts from it has an error in it.
    const faulty = results.some((x, j) => took[j]!.has(file!) && x.diagnostics.some((d) => d.severity === "error" && d.source?.file === file));
    const format = results[by]!.format;
    return { ok: !faulty, ...(format !== undefined ? { format } : {}), diagnostics: [], partOf: taker };
  });
}

/** A reading's answer: its errors (and its unresolved references, as warnings). */
function validated(r: ReadResult, readsFiles: boolean): ValidateResult {
  // Without file access, a file the manifest refers to (which a conversion must read) is not a fault of the manifest.
  const errors = r.diagnostics.filter((d) => d.severity === "error" && (readsFiles || (d.code !== "ref-not-found" && d.code !== "ref-outside-root")));
  return { ok: !hasErrors(errors), ...(r.adapter ? { format: r.adapter.id } : {}), diagnostics: [...errors, ...unresolvedRefs(r.doc, r.locate)] };
}

/**
 * A part an agent states by a reference that nothing the document (or what it read) defines
 * (IrOrigin.unresolved: an Agent Spec llm_config `$component_ref`): valid, since another file may define
 * it, but the file alone gives the agent no such part, which its conversion into a format without
 * references replaces by a placeholder. A warning: validate answers whether the file holds what it says.
 */
function unresolvedRefs(doc: IrDocument | undefined, locate: (pointer: string) => { line: number; column: number } | undefined): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const a of doc?.agents ?? []) {
    for (const [ir, u] of Object.entries(a.origin.unresolved ?? {})) {
      const pointer = a.origin.pointer + u.at;
      if (seen.has(pointer)) continue;
      seen.add(pointer);
      const what = ir === "/models" ? "model" : ir === "/tools" ? "tools" : dotted(ir);
      const pos = locate(pointer);
      const source = { ...(a.origin.file === undefined ? {} : { file: a.origin.file }), pointer, ...(pos ?? {}) };
      out.push(diagnostic("ref-kept", { value: dotted(u.at), shown: u.ref, became: `names nothing this document defines${u.near === undefined ? "" : `, only one near it ("${u.near}")`}: the agent's ${what} ${what === "tools" ? "are" : "is"} unknown unless another file defines "${u.ref}"` }, {
        source, effect: "behaviour", hint: u.near === undefined ? `a runtime that loads the file defining "${u.ref}" beside it resolves it, as does naming both files in one run ${VALIDATE_BOTH}; converted alone into a format without references, ${what === "tools" ? "the agent is written without its tools" : "a placeholder is written"}` : `did you mean "${u.near}"?`,
      }));
    }
  }
  return out;
}

/** Manifest → IR document. */
export function parse(src: string | JsonValue, options: Pick<ConvertOptions, "from" | "lenient" | "readFile" | "maxBytes"> & { file?: string } = {}): { doc?: IrDocument; diagnostics: Diagnostic[] } {
  const input = typeof src === "string" ? { text: src } : { data: src };
  const r = readInput(options.file === undefined ? input : { ...input, file: options.file }, options);
  return { ...(r.doc ? { doc: r.doc } : {}), diagnostics: r.diagnostics };
}

/** IR document → documents of the target format. */
export function emit<T extends string>(doc: IrDocument, to: FormatId | RuntimeFormat<T>, options: EmitOptions = {}): { outputs: ConvertOutput[]; diagnostics: Diagnostic[] } {
  if (!adapterFor(to)) return { outputs: [], diagnostics: [diagnostic("usage-error", { unknownFormat: to, role: "target" })] };
  return emitDocuments([doc], to, options);
}
