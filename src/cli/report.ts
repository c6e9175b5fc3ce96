// How diagnostics look on a terminal: `file:line:col severity code message`.
import type { Diagnostic } from "../ir/diagnostics.js";

export function formatDiagnostic(d: Diagnostic): string {
  const file = d.source?.file ?? d.target?.file ?? "<input>";
  const loc = d.source?.line !== undefined ? `${file}:${d.source.line}:${d.source.column ?? 1}` : file;
  const target = d.target?.file && d.source ? ` [${d.target.file}]` : "";
  const hint = d.hint ? `\n    hint: ${d.hint}` : "";
  return `${loc} ${d.severity} ${d.code} ${d.message}${target}${hint}`;
}

export function summarise(diags: readonly Diagnostic[]): string {
  const n = (s: string) => diags.filter((d) => d.severity === s).length;
  const parts = [`${n("error")} error${n("error") === 1 ? "" : "s"}`, `${n("warning")} warning${n("warning") === 1 ? "" : "s"}`, `${n("info")} info`];
  return parts.join(", ");
}
