// --ledger, --verify-roundtrip and the fidelity figure: what became of each
// source value, per input file.
import { detect } from "../api.js";
import { convertFiles, loadInput, type FileConvertOptions } from "../node/files.js";
import type { ConvertResult } from "../convert.js";
import { buildLedger, fidelity, type LedgerRow } from "../ir/ledger.js";
import { isObject } from "../ir/json.js";
import { parseText } from "../text/parse.js";
import { verifyRoundTrip, type PatchOperation } from "../verify.js";

export interface FileFidelity {
  file: string;
  rows: LedgerRow[];
  exact: number;
  total: number;
  /** Present with --verify-roundtrip. */
  roundtrip?: { patch: PatchOperation[]; failed?: boolean };
}

export function analyse(inputs: readonly string[], to: string, options: FileConvertOptions, result: ConvertResult, verify: boolean, stdin?: string): FileFidelity[] {
  const out: FileFidelity[] = [];
  for (const path of inputs) {
    const loaded = loadInput(path, options, stdin);
    const text = loaded.input?.text;
    if (text === undefined) continue;
    const file = loaded.input?.file ?? path;
    const data = parseText(text, file).data;
    if (data === undefined) continue;
    const rows = buildLedger(data, result.diagnostics, file);
    const f = fidelity(rows);
    const entry: FileFidelity = { file, rows, exact: f.exact, total: f.total };
    if (verify) {
      const format = options.from ?? detect(data).format;
      const forward = inputs.length === 1 && !options.bundle ? result : convertFiles([path], to, { ...options, bundle: false }, stdin);
      if (format !== undefined && forward.ok) {
        const bundle = format === "caplo" && isObject(data) && data["kind"] === "AgentBundle";
        entry.roundtrip = verifyRoundTrip(data, format, bundle, forward.outputs, { ...(options.includePrivate ? { includePrivate: true } : {}), ...(options.stash === false ? { stash: false } : {}) });
      }
    }
    out.push(entry);
  }
  return out;
}

export function formatOperation(file: string, op: PatchOperation): string {
  const value = "value" in op ? " " + truncate(JSON.stringify(op.value)) : "";
  const from = "from" in op ? ` from ${op.from}` : "";
  return `${file}: round trip: ${op.op} ${op.path}${from}${value}`;
}

function truncate(s: string | undefined): string {
  if (s === undefined) return "";
  return s.length > 100 ? s.slice(0, 97) + "..." : s;
}
