// `validate`, `detect` and `formats`: read-only commands.
import { dirname, isAbsolute, join } from "node:path";
import { loadInput } from "../node/files.js";
import { detect, formats, validate } from "../api.js";
import { adapterFor } from "../adapters/registry.js";
import type { Diagnostic } from "../ir/diagnostics.js";
import { EXIT } from "./exit.js";
import type { CliIO } from "./io.js";
import { report } from "./convert-command.js";

export function runValidate(inputs: string[], opts: { from?: string; json: boolean; maxBytes?: number; root?: string; allowOutsideRefs?: boolean }, io: CliIO): number {
  const stdin = inputs.includes("-") ? io.readStdin() : undefined;
  const results: { file: string; valid: boolean; format?: string; diagnostics: Diagnostic[] }[] = [];
  for (const path of inputs) {
    const l = loadInput(path, { command: "validate", ...(opts.maxBytes !== undefined ? { maxBytes: opts.maxBytes } : {}), ...(opts.root !== undefined ? { root: opts.root } : {}), ...(opts.allowOutsideRefs ? { allowOutsideRefs: true } : {}) }, stdin);
    if (!l.input?.text && l.input?.text !== "") {
      results.push({ file: path, valid: false, diagnostics: l.diagnostics });
      continue;
    }
    const v = validate(l.input.text ?? "", { ...(opts.from ? { from: opts.from } : {}), file: l.input.file ?? path, ...(l.input.readFile ? { readFile: l.input.readFile } : {}) });
    results.push({ file: path, valid: v.ok, ...(v.format ? { format: v.format } : {}), diagnostics: asNamed(v.diagnostics, path) });
  }
  const allValid = results.every((r) => r.valid);
  if (opts.json) {
    io.out(JSON.stringify({ valid: allValid, files: results }, null, 2) + "\n");
  } else {
    for (const r of results) {
      report(r.diagnostics, io, false);
      io.out(`${r.file}: ${r.valid ? `valid ${r.format}` : "invalid"}\n`);
    }
  }
  return allValid ? EXIT.ok : EXIT.invalid;
}

/**
 * A file the input read (an agent file of a MAS manifest) is named as convert names it: the input's
 * folder joined with the reference (apps/x/agents/a.yaml), a place that opens from the working folder.
 */
function asNamed(diagnostics: Diagnostic[], input: string): Diagnostic[] {
  if (input === "-") return diagnostics;
  return diagnostics.map((d) => {
    const f = d.source?.file;
    return f === undefined || f === input || isAbsolute(f) ? d : { ...d, source: { ...d.source!, file: join(dirname(input), f) } };
  });
}

export function runDetect(inputs: string[], opts: { json: boolean; maxBytes?: number }, io: CliIO): number {
  const stdin = inputs.includes("-") ? io.readStdin() : undefined;
  const rows: { file: string; format?: string; confidence: number; diagnostics: Diagnostic[] }[] = [];
  for (const path of inputs) {
    const l = loadInput(path, { command: "detect", ...(opts.maxBytes !== undefined ? { maxBytes: opts.maxBytes } : {}) }, stdin);
    if (l.input?.text === undefined) {
      rows.push({ file: path, confidence: 0, diagnostics: l.diagnostics });
      continue;
    }
    const d = detect(l.input.text, { file: l.input.file ?? path });
    rows.push({ file: path, ...(d.format ? { format: d.format } : {}), confidence: d.confidence, diagnostics: d.diagnostics });
  }
  const ok = rows.every((r) => r.format !== undefined && !r.diagnostics.some((d) => d.severity === "error"));
  if (opts.json) io.out(JSON.stringify({ files: rows }, null, 2) + "\n");
  else for (const r of rows) {
    report(r.diagnostics, io, false);
    io.out(`${r.file}: ${r.format ?? "unknown"}\n`);
  }
  return ok ? EXIT.ok : EXIT.invalid;
}

export function runFormats(opts: { json: boolean }, io: CliIO): number {
  const list = formats();
  if (opts.json) io.out(JSON.stringify({ formats: list }, null, 2) + "\n");
  else {
    // The names --to and --from also take (Adapter.aliases); the --json shape is a contract and does not list them.
    for (const f of list) {
      const aliases = adapterFor(f.id)?.aliases ?? [];
      io.out(`${f.id.padEnd(10)} ${f.label}${f.bundles ? " (bundles)" : ""}${aliases.length ? `, also --to ${aliases.join(", ")}` : ""}\n`);
    }
  }
  return EXIT.ok;
}
