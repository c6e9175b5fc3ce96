// The one-line text form of a diagnostic: `file:line:col severity code message`.
import type { Diagnostic } from "./diagnostics.js";

export function formatDiagnostic(d: Diagnostic): string {
  const file = d.source?.file ?? d.target?.file ?? "<input>";
  const loc = d.source?.line !== undefined ? `${file}:${d.source.line}:${d.source.column ?? 1}` : file;
  const target = d.target?.file && d.source ? ` [${d.target.file}]` : "";
  const hint = d.hint ? `\n    hint: ${d.hint}` : "";
  return `${loc} ${d.severity} ${d.code} ${d.message}${target}${hint}`;
}
