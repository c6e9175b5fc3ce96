// `validate`, `detect` and `formats`: read-only commands.
import { dirname, isAbsolute, join } from "node:path";
import { loadInput } from "../node/files.js";
import { detect, formats, validateMany } from "../api.js";
import { adapterFor } from "../adapters/registry.js";
import type { Diagnostic } from "../ir/diagnostics.js";
import { EXIT } from "./exit.js";
import type { CliIO } from "./io.js";
import { report } from "./convert-command.js";

export function runValidate(inputs: string[], opts: { from?: string; json: boolean; maxBytes?: number; root?: string; allowOutsideRefs?: boolean }, io: CliIO): number {
  const stdin = inputs.includes("-") ? io.readStdin() : undefined;
  const loaded = inputs.map((path) => ({ path, l: loadInput(path, { command: "validate", ...(opts.maxBytes !== undefined ? { maxBytes: opts.maxBytes } : {}), ...(opts.root !== undefined ? { root: opts.root } : {}), ...(opts.allowOutsideRefs ? { allowOutsideRefs: true } : {}) }, stdin) }));
  // The inputs read are validated together, as a conversion of them all reads them: a file that
  // supplies parts (an Agent Spec components file) resolves the references of the file named with it.
  const read = loaded.flatMap(({ path, l }) => (l.input && (l.input.text || l.input.text === "") ? [{ ...l.input, file: l.input.file ?? path }] : []));
  const answers = validateMany(read, opts.from ? { from: opts.from } : {});
  const named = new Set(read.map((r) => r.file));
  let next = 0;
  const results = loaded.map(({ path, l }): ValidateEntry => {
    if (!l.input?.text && l.input?.text !== "") return { file: path, valid: false, diagnostics: l.diagnostics };
    const v = answers[next++]!;
    const partOf = v.partOf === undefined ? {} : { partOf: loaded.find((x) => x.l.input?.file === v.partOf)?.path ?? v.partOf };
    return { file: path, valid: v.ok, ...(v.format ? { format: v.format } : {}), diagnostics: asNamed(v.diagnostics, path, named), ...partOf };
  });
  const allValid = results.every((r) => r.valid);
  if (opts.json) {
    io.out(JSON.stringify({ valid: allValid, files: results }, null, 2) + "\n");
  } else {
    for (const r of results) {
      report(r.diagnostics, io, false);
      io.out(`${r.file}: ${r.valid ? `valid ${r.format}` : "invalid"}${r.partOf !== undefined ? ` (parts of ${r.partOf})` : ""}\n`);
    }
  }
  return allValid ? EXIT.ok : EXIT.invalid;
}

/** One input's answer (docs/cli.md, validate --json). */
interface ValidateEntry {
  file: string;
  valid: boolean;
  format?: string;
  diagnostics: Diagnostic[];
  /** The input whose reading took parts from it (ValidateResult.partOf). */
  partOf?: string;
}

/**
 * A file the input read (an agent file of a MAS manifest) is named as convert names it: the input's
 * folder joined with the reference (apps/x/agents/a.yaml), a place that opens from the working folder.
 * Another input (a file that supplied parts) is named as given.
 */
function asNamed(diagnostics: Diagnostic[], input: string, inputs: ReadonlySet<string | undefined>): Diagnostic[] {
  if (input === "-") return diagnostics;
  return diagnostics.map((d) => {
    const f = d.source?.file;
    return f === undefined || f === input || isAbsolute(f) || inputs.has(f) ? d : { ...d, source: { ...d.source!, file: join(dirname(input), f) } };
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
