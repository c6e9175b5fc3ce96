// `agentport convert <input..> --to <format>`: decide where outputs go, write them
// atomically, or write nothing at all when anything is wrong.
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { convertFiles, type FileConvertOptions } from "../node/files.js";
import { registerOutputRoot, writeAll, writeAtomic, WriteRefused, type PlannedFile } from "../node/write.js";
import { analyse, formatOperation } from "./fidelity.js";
import { diagnostic, hasErrors, type Diagnostic } from "../ir/diagnostics.js";
import type { ConvertOutput } from "../convert.js";
import { EXIT } from "./exit.js";
import type { CliIO } from "./io.js";
import { formatDiagnostic, summarise } from "./report.js";
import { relocation } from "./relocation.js";

export interface ConvertArgs {
  inputs: string[];
  to: string;
  from?: string;
  output?: string;
  json: boolean;
  strict: boolean;
  bundle: boolean;
  includePrivate: boolean;
  lenient: boolean;
  force: boolean;
  allowOutsideRefs: boolean;
  /** --root: the folder every file read stays inside. */
  root?: string;
  allowSecrets?: boolean;
  /** Carry values the target cannot hold in its extension slot (default true). */
  stash?: boolean;
  exportedAt?: string;
  maxBytes?: number;
  extractPrompts?: string;
  quiet: boolean;
  /** Write one row per source leaf (what became of it) to this file. */
  ledger?: string;
  /** Convert back after converting and report every value that did not survive. */
  verifyRoundtrip?: boolean;
}

/** The library options a convert command line asks for (shared by the single-run and folder paths). */
export function fileOptions(args: ConvertArgs): FileConvertOptions {
  return {
    ...(args.from ? { from: args.from } : {}),
    strict: args.strict,
    bundle: args.bundle,
    includePrivate: args.includePrivate,
    lenient: args.lenient,
    allowOutsideRefs: args.allowOutsideRefs,
    ...(args.root !== undefined ? { root: args.root } : {}),
    allowSecrets: args.allowSecrets === true,
    ...(args.stash === false ? { stash: false } : {}),
    ...(args.exportedAt ? { exportedAt: args.exportedAt } : {}),
    ...(args.maxBytes !== undefined ? { maxBytes: args.maxBytes } : {}),
    ...(args.extractPrompts ? { extractPrompts: args.extractPrompts } : {}),
  };
}

export function runConvert(args: ConvertArgs, io: CliIO): number {
  const options: FileConvertOptions = { ...fileOptions(args), ...relocation(args.output) };
  const stdin = args.inputs.includes("-") ? io.readStdin() : undefined;
  const result = convertFiles(args.inputs, args.to, options, stdin);
  const diagnostics = [...result.diagnostics];
  let outputs = result.outputs;
  let code: number = hasErrors(diagnostics) ? EXIT.invalid : args.strict && diagnostics.some((d) => d.severity === "warning") ? EXIT.strict : EXIT.ok;

  // Fidelity: which source values were carried exactly, and (optionally) what a round trip loses.
  const wantFidelity = !args.json || args.ledger !== undefined || args.verifyRoundtrip === true;
  const files = wantFidelity && !hasErrors(diagnostics) ? analyse(args.inputs, args.to, options, result, args.verifyRoundtrip === true, stdin) : [];
  const lost = files.reduce((n, f) => n + (f.roundtrip?.patch.length ?? 0), 0);
  if (code === EXIT.ok && args.strict && lost > 0) code = EXIT.strict;

  let toStdout: string | undefined;
  if (code === EXIT.ok) {
    const plan = planWrites(outputs, args);
    if ("error" in plan) {
      diagnostics.push(plan.error);
      code = EXIT.invalid;
    } else if (plan.stdout !== undefined) {
      toStdout = plan.stdout;
    } else {
      try {
        if (args.output !== undefined) registerOutputRoot(args.output);
        writeAll(plan.files, args.inputs.filter((i) => i !== "-"), args.force);
      } catch (e) {
        if (!(e instanceof WriteRefused)) throw e;
        diagnostics.push(diagnostic("usage-error", { message: e.message }));
        code = EXIT.invalid;
      }
    }
  }
  if (code !== EXIT.ok) outputs = [];
  if (args.ledger !== undefined && !hasErrors(diagnostics)) {
    writeAtomic(args.ledger, JSON.stringify(files.flatMap((f) => f.rows), null, 2) + "\n", true);
  }

  if (args.json) {
    const body: Record<string, unknown> = { outputs: outputs.map((o) => ({ name: o.name, format: o.format, document: o.document })), diagnostics };
    // Only with --verify-roundtrip: the two-key shape above is the default contract.
    if (args.verifyRoundtrip) body["roundtrip"] = files.map((f) => ({ file: f.file, patch: f.roundtrip?.patch ?? [], ...(f.roundtrip?.failed ? { failed: true } : {}) }));
    io.out(JSON.stringify(body, null, 2) + "\n");
  } else {
    if (toStdout !== undefined) io.out(toStdout);
    report(diagnostics, io, args.quiet);
    for (const f of files) {
      for (const op of f.roundtrip?.patch ?? []) io.err(formatOperation(f.file, op) + "\n");
      if (f.roundtrip?.failed) io.err(`${f.file}: round trip: the way back failed\n`);
    }
    if (!args.quiet) {
      for (const f of files) {
        const pct = f.total ? ((100 * f.exact) / f.total).toFixed(1) : "100.0";
        io.err(`agentport: fidelity ${f.file} ${pct}% (${f.exact} of ${f.total} source values carried exactly)${f.roundtrip ? `; round trip: ${f.roundtrip.patch.length === 0 ? "lossless" : `${f.roundtrip.patch.length} difference${f.roundtrip.patch.length === 1 ? "" : "s"}`}` : ""}\n`);
      }
      const what = code === EXIT.ok ? `converted ${args.inputs.length} input${args.inputs.length === 1 ? "" : "s"} to ${outputs.length} ${args.to} document${outputs.length === 1 ? "" : "s"}` : code === EXIT.strict ? "not written (--strict and warnings)" : "nothing written";
      io.err(`agentport: ${what} (${summarise(diagnostics)})\n`);
    }
  }
  return code;
}

export function report(diagnostics: readonly Diagnostic[], io: CliIO, quiet: boolean): void {
  for (const d of diagnostics) {
    if (quiet && d.severity === "info") continue;
    io.err(formatDiagnostic(d) + "\n");
  }
}

type Plan = { stdout: string } | { files: PlannedFile[]; stdout?: undefined } | { error: Diagnostic };

function planWrites(outputs: readonly ConvertOutput[], args: ConvertArgs): Plan {
  const extra = outputs.flatMap((o) => o.files ?? []);
  if (args.output === undefined) {
    if (outputs.length === 1 && extra.length === 0) return args.json ? { files: [] } : { stdout: outputs[0]!.text };
    if (args.json && extra.length === 0) return { files: [] };
    return { error: diagnostic("usage-error", { message: `this conversion yields ${outputs.length + extra.length} files; name a folder with -o DIR`, hint: "e.g. -o out/" }) };
  }
  const o = args.output;
  // A folder only when the user says so: a trailing slash, or a folder that exists. Several
  // documents and a file name is a mistake to report, not a folder to make under that name.
  const isDir = /[\\/]$/.test(o) || (existsSync(o) && statSync(o).isDirectory());
  if (!isDir) {
    if (outputs.length !== 1) {
      return { error: diagnostic("usage-error", { message: `this conversion yields ${outputs.length} documents (${outputs.map((x) => x.name).join(", ")}) and -o ${o} names one file`, hint: `to write them into a folder, end it with /: -o ${o}/` }) };
    }
    // The files a document refers to (extracted prompts) go where its relative references point: beside it.
    const files: PlannedFile[] = [{ path: o, text: outputs[0]!.text }];
    for (const f of extra) files.push({ path: join(dirname(o), f.path), text: f.text });
    return { files };
  }
  const files: PlannedFile[] = outputs.map((x) => ({ path: join(o, x.name), text: x.text }));
  for (const f of extra) files.push({ path: join(o, f.path), text: f.text });
  return { files };
}
