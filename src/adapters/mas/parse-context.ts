// Shared state of one mas parse: the agent being filled, its diagnostics, and
// the injected file reader. The mas document is single-agent, so every pointer
// relative to the agent's origin is also the absolute pointer in the file.
import { diagnostic, type Diagnostic, type DiagnosticCode, type PayloadOf } from "../../ir/diagnostics.js";
import type { IrAgent } from "../../ir/model.js";
import { cloneJson, type JsonValue } from "../../ir/json.js";
import { keepExtension } from "../../ir/agent.js";
import type { ReadFile } from "../types.js";
import { FORMAT } from "./spec.js";
import { mayReorder } from "../../text/key-order.js";

/** The format id (spec.ts), under the name the mas files use. */
export const MAS = FORMAT;

export interface MasParseCtx {
  agent: IrAgent;
  diagnostics: Diagnostic[];
  readFile?: ReadFile;
  file?: string;
  /** The text's key order at a pointer (see ParseOptions.keyOrder). */
  keyOrder?: (pointer: string) => string[] | undefined;
}

/** An object's keys in the text's order when it is known, else in the data's. */
export function keysInOrder(ctx: MasParseCtx, pointer: string, value: Record<string, unknown>): string[] {
  const own = Object.keys(value);
  // Without an array-index key the data's order is the text's (src/text/key-order.ts): nothing to ask.
  if (!mayReorder(own)) return own;
  const text = ctx.keyOrder?.(pointer);
  return text && text.length === own.length && text.every((k) => Object.prototype.hasOwnProperty.call(value, k)) ? text : own;
}

export function note<C extends DiagnosticCode>(ctx: MasParseCtx, code: C, pointer: string, payload: PayloadOf<C>, hint?: string, effect?: "behaviour"): void {
  const source = ctx.file === undefined ? { pointer } : { file: ctx.file, pointer };
  ctx.diagnostics.push(diagnostic(code, payload, { source, ...(hint === undefined ? {} : { hint }), ...(effect === undefined ? {} : { effect }) }));
}

/** Keeps a mas-only value under its pointer so the mas emitter writes it back unchanged. */
export function keep(ctx: MasParseCtx, pointer: string, value: JsonValue): void {
  keepExtension(ctx.agent, MAS, pointer, cloneJson(value));
}
