// agentport's library entry: pure functions, no I/O, safe in a browser.
// The verbs are the hub's, their findings respelled here in the library's words: a message names an
// option as a library caller passes it, not as the CLI's flag (src/option-words.ts).
import * as hub from "./convert.js";
import * as verbs from "./api.js";
import type { ConvertInput, ConvertOptions, ConvertOutput, ConvertResult, ReadResult } from "./convert.js";
import type { FormatId, RuntimeFormat } from "./adapters/registry.js";
import type { DetectResult, ValidateResult } from "./api.js";
import type { EmitOptions, ReadFile } from "./adapters/types.js";
import type { IrDocument } from "./ir/model.js";
import type { JsonValue } from "./ir/json.js";
import type { Diagnostic } from "./ir/diagnostics.js";
import { resultForLibrary } from "./option-words.js";
export { DEFAULT_MAX_BYTES } from "./convert.js";

/** Converts one manifest (text or data) into the target format. */
export function convert<T extends string>(src: string | JsonValue, to: FormatId | RuntimeFormat<T>, options: ConvertOptions & { file?: string } = {}): ConvertResult {
  return resultForLibrary(hub.convert(src, to, options), "convert");
}
/** Converts several manifests in one run (a bundle, references between them). */
export function convertMany<T extends string>(inputs: readonly ConvertInput[], to: FormatId | RuntimeFormat<T>, options: ConvertOptions = {}): ConvertResult {
  return resultForLibrary(hub.convertMany(inputs, to, options), "convert");
}
/** Reads one input into the IR (the first half of a conversion). */
export function readInput(input: ConvertInput, options: Parameters<typeof hub.readInput>[1] = {}, siblings: ReadonlyMap<string, string> = new Map()): ReadResult {
  return resultForLibrary(hub.readInput(input, options, siblings), "convert");
}
/** Writes IR documents in the target format (the second half of a conversion). */
export function emitDocuments<T extends string>(docs: readonly IrDocument[], to: FormatId | RuntimeFormat<T>, options: EmitOptions = {}): { outputs: ConvertOutput[]; diagnostics: Diagnostic[] } {
  return resultForLibrary(hub.emitDocuments(docs, to, options), "convert");
}
/** Which format a manifest is in, judged from its content alone. */
export function detect(src: string | JsonValue, options: { file?: string } = {}): DetectResult {
  return resultForLibrary(verbs.detect(src, options), "convert");
}
/** Schema conformance of a manifest, with located error diagnostics. */
export function validate(src: string | JsonValue, options: { from?: string; file?: string; readFile?: ReadFile } = {}): ValidateResult {
  return resultForLibrary(verbs.validate(src, options), "convert");
}
/** Schema conformance of several manifests read together, as one conversion reads them (a file one of them takes parts from is judged as those parts). */
export function validateMany(inputs: readonly ConvertInput[], options: { from?: string } = {}): ValidateResult[] {
  return verbs.validateMany(inputs, options).map((r) => resultForLibrary(r, "convert"));
}
/** Reads a manifest into the IR. */
export function parse(src: string | JsonValue, options: Pick<ConvertOptions, "from" | "lenient" | "readFile" | "maxBytes"> & { file?: string } = {}): { doc?: IrDocument; diagnostics: Diagnostic[] } {
  return resultForLibrary(verbs.parse(src, options), "convert");
}
/** Writes an IR document in the target format. */
export function emit<T extends string>(doc: IrDocument, to: FormatId | RuntimeFormat<T>, options: EmitOptions = {}): { outputs: ConvertOutput[]; diagnostics: Diagnostic[] } {
  return resultForLibrary(verbs.emit(doc, to, options), "convert");
}
export type { ConvertInput, ConvertOptions, ConvertOutput, ConvertResult } from "./convert.js";
// The registered formats' ids as a union, derived from the registry (each adapter declares its id).
// `to` is FormatId | RuntimeFormat<T>: a literal must be a FormatId, a runtime string is checked by the call (docs/library.md).
export type { FormatId, RuntimeFormat } from "./adapters/registry.js";
export { formats } from "./api.js";
export type { FormatInfo, DetectResult, ValidateResult } from "./api.js";
export { DIAGNOSTIC_CODES, EFFECTS } from "./ir/diagnostics.js";
export type { Diagnostic, DiagnosticCode, Effect, Category, CatalogEntry, Severity, SourceLocation, TargetLocation } from "./ir/diagnostics.js";
export type { IrDocument, IrAgent, IrTool, IrModel, IrLink, IrChunk } from "./ir/model.js";
export type { Adapter, EmitOptions, ParseOptions, ReadFile, EmittedDocument } from "./adapters/types.js";
// The phase types are named by Adapter (a format with a slot writes and reads in phases), so they are
// exported with it; running the phases is the hub's (parse, emit and convert above), not the caller's.
export type { AgentDraft, EmitDraft, OutputReading } from "./ir/emit-phases.js";
export type { AgentReading, ParseDraft, RestoredAgent } from "./ir/parse-phases.js";
export type { JsonValue, JsonObject } from "./ir/json.js";
