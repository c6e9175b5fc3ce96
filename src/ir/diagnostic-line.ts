// The one-line text form of a diagnostic: `file:line:col severity code message`.
import type { Diagnostic } from "./diagnostics.js";

export function formatDiagnostic(d: Diagnostic): string {
  // A usage error is about the command line, not an input: it is the tool speaking.
  const file = d.source?.file ?? d.target?.file ?? (d.code === "usage-error" ? "agentport:" : "<input>");
  const loc = d.source?.line !== undefined ? `${file}:${d.source.line}:${d.source.column ?? 1}` : file;
  const target = d.target?.file && d.source ? ` [${d.target.file}]` : "";
  const hint = d.hint ? `\n    hint: ${d.hint}` : "";
  return `${loc} ${d.severity} ${d.code} ${d.message}${target}${hint}`;
}
