// How diagnostics look on a terminal: `file:line:col severity code message`.
import type { Diagnostic } from "../ir/diagnostics.js";
export { formatDiagnostic } from "../ir/format.js";

export function summarise(diags: readonly Diagnostic[]): string {
  const n = (s: string) => diags.filter((d) => d.severity === s).length;
  const parts = [`${n("error")} error${n("error") === 1 ? "" : "s"}`, `${n("warning")} warning${n("warning") === 1 ? "" : "s"}`, `${n("info")} info`];
  return parts.join(", ");
}
