// agentport's library entry: pure functions, no I/O, safe in a browser.
export { convert, convertMany, readInput, emitDocuments, DEFAULT_MAX_BYTES } from "./convert.js";
export type { ConvertInput, ConvertOptions, ConvertOutput, ConvertResult } from "./convert.js";
// The registered formats' ids as a union, derived from the registry (each adapter declares its id).
// `to` is FormatId | RuntimeFormat<T>: a literal must be a FormatId, a runtime string is checked by the call (docs/library.md).
export type { FormatId, RuntimeFormat } from "./adapters/registry.js";
export { parse, emit, detect, validate, validateMany, formats } from "./api.js";
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
