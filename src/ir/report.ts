// Builds diagnostics that point back into the source document. Emitters speak in
// IR paths; this turns them into the source's own pointers and key names, so a
// message says `policy.voiceStyle`, never an IR internal.
import type { IrAgent } from "./model.js";
import { diagnostic, type Diagnostic, type DiagnosticCode, type TargetLocation } from "./diagnostics.js";
import { sourceOf } from "./agent.js";
import { dotted, parsePointer } from "./pointer.js";

export class Reporter {
  readonly diagnostics: Diagnostic[] = [];
  constructor(readonly targetFormat: string) {}

  private target(pointer?: string, file?: string): TargetLocation {
    const t: TargetLocation = { format: this.targetFormat };
    if (file !== undefined) t.file = file;
    if (pointer !== undefined) t.pointer = pointer;
    return t;
  }

  /** The absolute source pointer and dotted source name of an IR path of `agent`. */
  where(agent: IrAgent, irPointer: string): { pointer: string; name: string } {
    const rel = sourceOf(agent, irPointer) ?? "";
    return { pointer: agent.origin.pointer + rel, name: dotted(rel) };
  }

  /** A diagnostic about a value of the source, located by its pointer relative to the agent's origin. */
  atSource(agent: IrAgent, code: DiagnosticCode, relPointer: string, message: string, extra: { targetPointer?: string; targetFile?: string; hint?: string } = {}): void {
    const source = agent.origin.file === undefined
      ? { pointer: agent.origin.pointer + relPointer }
      : { file: agent.origin.file, pointer: agent.origin.pointer + relPointer };
    const init: Parameters<typeof diagnostic>[1] = { message, source, target: this.target(extra.targetPointer, extra.targetFile) };
    if (extra.hint) init.hint = extra.hint;
    this.diagnostics.push(diagnostic(code, init));
  }

  /** A diagnostic about an IR value; the message template may use {name} for the source's key path. */
  at(agent: IrAgent, code: DiagnosticCode, irPointer: string, message: string, extra: { targetPointer?: string; targetFile?: string; hint?: string } = {}): void {
    const w = this.where(agent, irPointer);
    this.atSource(agent, code, w.pointer.slice(agent.origin.pointer.length), message.replaceAll("{name}", w.name), extra);
  }

  /** Reports every canonical field in `irFields` that the agent sets but the target cannot hold. */
  dropUnsupported(agent: IrAgent, irFields: readonly string[], targetLabel: string, targetFile?: string): void {
    for (const f of irFields) {
      const key = parsePointer(f)[0] as keyof IrAgent | undefined;
      if (key === undefined || agent[key] === undefined) continue;
      const extra = targetFile === undefined ? {} : { targetFile };
      this.at(agent, "dropped-field", f, `{name} has no counterpart in ${targetLabel}; dropped`, extra);
    }
  }

  /** Reports every value another format's adapter kept in the agent's extensions: the target cannot hold them. */
  dropForeignExtensions(agent: IrAgent, targetLabel: string, targetFile?: string): void {
    for (const [format, bag] of Object.entries(agent.extensions)) {
      if (format === this.targetFormat) continue;
      for (const rel of Object.keys(bag)) {
        const extra = targetFile === undefined ? {} : { targetFile };
        this.atSource(agent, "dropped-field", rel, `${dotted(rel)} has no counterpart in ${targetLabel}; dropped`, extra);
      }
    }
  }

  /** A required target field filled with a derived value. */
  defaulted(agent: IrAgent, targetPointer: string, message: string, targetFile?: string): void {
    const extra = targetFile === undefined ? { targetPointer } : { targetPointer, targetFile };
    this.atSource(agent, "defaulted-required", "", message, extra);
  }

  push(d: Diagnostic): void {
    this.diagnostics.push(d);
  }
}
