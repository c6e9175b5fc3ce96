// `agentport convert <input..> --to <format>`: decide where outputs go, write them
// atomically, or write nothing at all when anything is wrong.
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { convertFiles, filesRead, type FileConvertOptions } from "../node/files.js";
import { leavesFolder, registerOutputRoot, writeAll, WriteRefused, type PlannedFile } from "../node/write.js";
import { analyse, roundTripEntries, roundTripFiles, roundTripLines, roundTripLost, roundTripNote, type FileFidelity } from "./fidelity.js";
import { behaviourLine, fidelityLine } from "./fidelity-summary.js";
import { diagnostic, type Diagnostic } from "../ir/diagnostics.js";
import type { ConvertOutput } from "../convert.js";
import { errorExit, EXIT } from "./exit.js";
import type { CliIO } from "./io.js";
import { countsPerOutput, diagnosticLines, noteCount, outputLine, summarise, type Verbosity } from "./text-report.js";
import { baselineFindings, policyErrors, strictFailures, type Policy } from "../policy.js";
import { runPolicy, writeBaseline } from "./policy-config.js";
import { roundTripNotes, sarifLog } from "./sarif.js";
import { relocation } from "./relocation.js";
import type { FormatOptionValues } from "../adapters/types.js";

export interface ConvertArgs {
  inputs: string[];
  to: string;
  from?: string;
  output?: string;
  json: boolean;
  strict: boolean;
  bundle: boolean;
  /** The options formats declare (Adapter.options), as the library options they set. */
  formatOptions: FormatOptionValues;
  lenient: boolean;
  force: boolean;
  allowOutsideRefs: boolean;
  /** --root: the folder every file read stays inside. */
  root?: string;
  allowSecrets?: boolean;
  /** Carry values the target cannot hold in its extension slot (default true). */
  stash?: boolean;
  /** Write the outputs as JSON or YAML (where the target is written in both). */
  syntax?: "json" | "yaml";
  maxBytes?: number;
  quiet: boolean;
  /** Write one row per source leaf (what became of it) to this file. */
  ledger?: string;
  /** Convert back after converting and report every value that did not survive. */
  verifyRoundtrip?: boolean;
  /** List every note too (the default report shows what needs action). */
  verbose?: boolean;
  /** Print a SARIF 2.1.0 log on stdout instead of the text report. */
  sarif?: boolean;
  /** The command line's policy (--error, --warn, --ignore); a config file's lies under it. */
  policy?: Policy;
  /** --baseline FILE. */
  baseline?: string;
  /** --config FILE instead of looking one up. */
  config?: string;
}

/** The library options a convert command line asks for (shared by the single-run and folder paths). */
export function fileOptions(args: ConvertArgs, policy?: Policy): FileConvertOptions {
  return {
    ...(policy ? { policy } : {}),
    ...(args.from ? { from: args.from } : {}),
    strict: args.strict,
    bundle: args.bundle,
    ...args.formatOptions,
    lenient: args.lenient,
    allowOutsideRefs: args.allowOutsideRefs,
    ...(args.root !== undefined ? { root: args.root } : {}),
    allowSecrets: args.allowSecrets === true,
    ...(args.stash === false ? { stash: false } : {}),
    ...(args.syntax ? { syntax: args.syntax } : {}),
    ...(args.maxBytes !== undefined ? { maxBytes: args.maxBytes } : {}),
  };
}

export function runConvert(args: ConvertArgs, io: CliIO): number {
  const setup = runPolicy(args.inputs, args);
  const fail = (ds: Diagnostic[]) => finishReport(args, io, { diagnostics: ds, outputs: [], files: [], code: EXIT.invalid });
  if (setup.diagnostics.length) return fail(setup.diagnostics);
  if (args.quiet && args.verbose) return fail([diagnostic("usage-error", { problem: "--quiet and --verbose contradict each other" }, { hint: "use one of them" })]);
  if (args.sarif && args.json) return fail([diagnostic("usage-error", { problem: "--json and --format sarif: stdout holds one of them" }, { hint: "use --format json or --format sarif" })]);
  const options: FileConvertOptions = { ...fileOptions(args, setup.policy), ...relocation(args.output) };
  const stdin = args.inputs.includes("-") ? io.readStdin() : undefined;
  const result = stdinHints(convertFiles(args.inputs, args.to, options, stdin), args);
  // A missing baseline is written from this run's findings (the run itself is gated as usual).
  let wroteBaseline: { file: string; findings: number } | undefined;
  if (setup.writeBaseline && setup.baseline !== undefined && !ownErrors(result.diagnostics)) {
    const findings = baselineFindings(result.diagnostics);
    writeBaseline(setup.baseline, findings);
    wroteBaseline = { file: setup.baseline, findings: findings.length };
  }
  const diagnostics = [...result.diagnostics];
  let outputs = result.outputs;
  let code: number = ownErrors(diagnostics) ? errorExit(diagnostics.filter((d) => d.severity === "error" && d.policy === undefined)) : policyErrors(diagnostics).length > 0 || (args.strict && strictFailures(diagnostics).length > 0) ? EXIT.strict : EXIT.ok;

  // Fidelity: which source values were carried exactly, and (optionally) what a round trip loses.
  const files = !ownErrors(diagnostics) ? analyse(args.inputs, args.to, options, result, args.verifyRoundtrip === true, stdin) : [];
  // A difference, or a way back that failed, is a loss for --strict.
  if (code === EXIT.ok && args.strict && files.some((f) => roundTripLost(f.roundtrip))) code = EXIT.strict;

  let toStdout: string | undefined;
  if (code === EXIT.ok) {
    const plan = planWrites(outputs, args);
    // The ledger is written with the outputs, under the same rules (never over a file the
    // conversion read, an existing file only with --force), and like them not at all on failure.
    // `--ledger -` prints it on stdout, which the documents then do not hold (checked with the arguments: run.ts).
    const ledgerText = args.ledger === undefined ? "" : JSON.stringify(files.flatMap((f) => f.rows), null, 2) + "\n";
    const ledger = args.ledger === undefined || args.ledger === "-" ? [] : [{ path: args.ledger, text: ledgerText }];
    if ("error" in plan) {
      diagnostics.push(plan.error);
      code = EXIT.invalid;
    } else {
      if (plan.stdout !== undefined) toStdout = plan.stdout;
      else if (args.ledger === "-") toStdout = ledgerText;
      const writes = plan.stdout !== undefined ? ledger : [...plan.files, ...ledger];
      try {
        if (args.output !== undefined && plan.stdout === undefined) registerOutputRoot(args.output);
        if (writes.length) writeAll(writes, filesRead(args.inputs, result.read), args.force);
      } catch (e) {
        if (!(e instanceof WriteRefused)) throw e;
        diagnostics.push(diagnostic("usage-error", { problem: e.message }));
        code = EXIT.invalid;
        toStdout = undefined;
      }
    }
  }
  // The outputs a failed --error gate withheld are named too: their names tag the findings,
  // renamed to the -o FILE they would have been written to (writtenAs), as when the run writes them.
  const names = [...result.outputs.map((o) => o.name), ...(result.withheld ?? [])];
  if (code !== EXIT.ok) outputs = [];
  return finishReport(args, io, { diagnostics, outputs, names, files, code, ...(toStdout !== undefined ? { stdout: toStdout } : {}), ignored: result.ignored?.length ?? 0, compared: setup.baseline !== undefined && !setup.writeBaseline, ...(wroteBaseline ? { wroteBaseline } : {}) });
}

interface RunOutcome {
  diagnostics: readonly Diagnostic[];
  /** What was written (empty on failure). */
  outputs: readonly ConvertOutput[];
  /** Every output the conversion produced, written or not (the report's per-file lines). */
  names?: readonly string[];
  files: readonly FileFidelity[];
  code: number;
  stdout?: string;
  ignored?: number;
  /** The findings were compared against an existing baseline. */
  compared?: boolean;
  /** --baseline FILE was missing, and this run wrote it: the file, and how many findings it holds. */
  wroteBaseline?: { file: string; findings: number };
}

/**
 * stdin has no folder, so its references are read only from --root (docs/cli.md, Roots): a finding
 * about a file it could not read says so in the command line's words, not the library's (readFile).
 */
function stdinHints<R extends { diagnostics: Diagnostic[] }>(result: R, args: ConvertArgs): R {
  if (!args.inputs.includes("-") || args.root !== undefined) return result;
  const hint = "stdin has no folder to read references from: pass --root DIR (the folder they are relative to), or convert the file itself";
  return { ...result, diagnostics: result.diagnostics.map((d) => (d.source?.file === "<stdin>" && d.hint?.includes("(the CLI does)") ? { ...d, hint } : d)) };
}

/** Errors of the conversion itself (bad input, usage), as opposed to a failed policy gate. */
const ownErrors = (ds: readonly Diagnostic[]) => ds.some((d) => d.severity === "error" && d.policy === undefined);

/** Prints the run's outcome: one JSON object, one SARIF log, or the text report. */
function finishReport(args: ConvertArgs, io: CliIO, outcome: RunOutcome): number {
  let run = outcome;
  const { diagnostics, outputs, files, code } = run;
  if (args.json) {
    const body: Record<string, unknown> = { outputs: outputs.map((o) => ({ name: o.name, format: o.format, document: o.document, ...(o.files?.length ? { files: o.files.map((f) => ({ path: f.path, text: f.text })) } : {}) })), diagnostics };
    // What the text report's fidelity line says, per input, with the exact-carry share beside it.
    if (files.length) body["fidelity"] = files.map((f) => ({ file: f.file, values: f.total, exact: f.exact, behaviour: { values: f.behaviour.values, kept: f.behaviour.values - f.behaviour.changed, changed: f.behaviour.changed, unset: f.behaviour.unset, stale: f.behaviour.stale } }));
    // One entry per file compared: each input, then the files it read as part of it (a MAS manifest's agent files).
    if (args.verifyRoundtrip) body["roundtrip"] = files.flatMap((f) => (f.roundtrip ? roundTripEntries(f) : [{ file: f.file, patch: [] }]));
    io.out(JSON.stringify(body, null, 2) + "\n");
    return code;
  }
  if (args.sarif) {
    if (run.stdout !== undefined) io.err("agentport: --format sarif holds stdout; the document was not printed (name a file with -o)\n");
    const notes = args.verifyRoundtrip ? roundTripNotes(files.flatMap((f) => (f.roundtrip ? roundTripEntries(f) : [])), args.strict) : [];
    io.out(JSON.stringify(sarifLog(diagnostics, { baseline: run.compared === true, notes }), null, 2) + "\n");
    return code;
  }
  if (run.stdout !== undefined) io.out(run.stdout);
  // One document written to -o FILE is named by that path, the file the user will open (not its default name).
  const renamed = writtenAs(args, run.names ?? []);
  if (renamed) run = { ...run, names: (run.names ?? []).map((n) => renamed.get(n) ?? n), diagnostics: run.diagnostics.map((d) => (d.target?.file !== undefined && renamed.has(d.target.file) ? { ...d, target: { ...d.target, file: renamed.get(d.target.file)! } } : d)) };
  const { diagnostics: shown } = run;
  const verbosity: Verbosity = args.quiet ? "quiet" : args.verbose ? "verbose" : "default";
  for (const line of diagnosticLines(shown, run.names ?? [], verbosity, code === EXIT.strict)) io.err(line + "\n");
  if (verbosity === "quiet") return code;
  // Nothing converted (bad input, usage): the figures would describe a run that did not happen.
  if (code === EXIT.invalid || code === EXIT.internal) {
    io.err(`agentport: ${closingLine(args, run, verbosity)}\n`);
    return code;
  }
  for (const f of files) for (const line of roundTripLines(f)) io.err(line + "\n");
  for (const c of countsPerOutput(shown, run.names ?? [])) io.err(outputLine(c) + "\n");
  if (verbosity === "verbose") {
    for (const f of files) io.err(`agentport: ${fidelityLine(f)}${roundTrip(f)}\n`);
  }
  if (files.length) io.err(`agentport: ${behaviourLine(files)}${verbosity === "verbose" ? "" : roundTripAll(files)}\n`);
  io.err(`agentport: ${closingLine(args, run, verbosity)}\n`);
  return code;
}

function roundTrip(f: FileFidelity): string {
  return f.roundtrip ? `; round trip: ${roundTripNote(f.roundtrip)}` : "";
}

function roundTripAll(files: readonly FileFidelity[]): string {
  const checked = files.filter((f) => f.roundtrip);
  if (!checked.length) return "";
  const n = checked.reduce((k, f) => k + roundTripFiles(f).reduce((m, x) => m + x.patch.length, 0), 0);
  const failed = checked.some((f) => f.roundtrip!.failed);
  return `; round trip: ${n === 0 && !failed ? "lossless" : `${n} difference${n === 1 ? "" : "s"}${failed ? ", the way back failed" : ""}`}`;
}

function closingLine(args: ConvertArgs, run: RunOutcome, verbosity: Verbosity): string {
  const { diagnostics, code } = run;
  const s = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  const notes = noteCount(diagnostics);
  const extra: string[] = [];
  const known = diagnostics.filter((d) => d.baseline === true && d.severity !== "info").length;
  if (known) extra.push(`${known} in the baseline`);
  if (run.ignored) extra.push(`${run.ignored} ignored by policy`);
  // A file the run made is said (fresh10 finding 13: --baseline FILE was created without a word).
  if (run.wroteBaseline) extra.push(`baseline ${run.wroteBaseline.file} written (${s(run.wroteBaseline.findings, "finding")})`);
  const tail = extra.length ? `; ${extra.join(", ")}` : "";
  if (verbosity === "verbose") {
    const what = code === EXIT.ok ? `converted ${s(args.inputs.length, "input")} to ${run.outputs.length} ${args.to} document${run.outputs.length === 1 ? "" : "s"}` : code === EXIT.strict ? "not written (--strict and warnings)" : "nothing written";
    return `${what} (${summarise(diagnostics)})${tail}`;
  }
  const more = notes ? `; --verbose lists the ${s(notes, "note")}` : "";
  if (code === EXIT.ok) return `converted ${s(args.inputs.length, "input")} to ${run.outputs.length} ${args.to} document${run.outputs.length === 1 ? "" : "s"}${tail}${more}`;
  if (code === EXIT.strict) {
    const gate = policyErrors(diagnostics).length;
    // --strict fails on warnings and on a round trip that loses (--verify-roundtrip): each reason it had is named.
    const warned = strictFailures(diagnostics).length;
    const lost = run.files.filter((f) => roundTripLost(f.roundtrip)).length;
    const reasons: string[] = [];
    if (warned > 0 || lost === 0) reasons.push(`${s(warned, "warning")}${known ? " not in the baseline" : ""}`);
    if (lost > 0) reasons.push(args.inputs.length === 1 ? "a round trip that does not give the input back" : `round trips that do not give ${s(lost, "input")} back`);
    const why = gate ? `${s(gate, "finding")} made an error by policy` : `--strict and ${reasons.join(" and ")}`;
    return `not written (${why})${tail}${more}`;
  }
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  return `nothing written (${s(errors, "error")})`;
}

/** Diagnostics of validate and detect (errors only there). */
export function report(diagnostics: readonly Diagnostic[], io: CliIO, quiet: boolean): void {
  for (const line of diagnosticLines(diagnostics, [], quiet ? "quiet" : "default")) io.err(line + "\n");
}

/** The one output's name → the -o path it is written to, when -o names a file (planWrites). */
function writtenAs(args: ConvertArgs, names: readonly string[]): Map<string, string> | undefined {
  const o = args.output;
  if (o === undefined || o === "" || names.length !== 1 || /[\\/]$/.test(o)) return undefined;
  if (existsSync(o) && statSync(o).isDirectory()) return undefined;
  return new Map([[names[0]!, o]]);
}

type Plan = { stdout: string } | { files: PlannedFile[]; stdout?: undefined } | { error: Diagnostic };

function planWrites(outputs: readonly ConvertOutput[], args: ConvertArgs): Plan {
  const extra = outputs.flatMap((o) => o.files ?? []);
  if (args.output === undefined) {
    // --json holds every document, and each one's files (extracted prompts, skills) beside it: nothing is left out.
    if (args.json) return { files: [] };
    if (outputs.length === 1 && extra.length === 0) return { stdout: outputs[0]!.text };
    const names = [...outputs.map((x) => x.name), ...extra.map((f) => f.path)];
    return { error: diagnostic("usage-error", { problem: `this conversion yields ${names.length} files (${names.join(", ")}); name a folder with -o DIR` }, { hint: "e.g. -o out/, or --json to have them all in one JSON object on stdout" }) };
  }
  const o = args.output;
  const away = extra.find((f) => leavesFolder(f.path));
  if (away !== undefined) return { error: diagnostic("usage-error", { problem: `an output refers to ${away.path}, which would be written outside the output folder; nothing is written there` }, { hint: "name files the outputs refer to by relative paths inside the output folder" }) };
  // A folder only when the user says so: a trailing slash, or a folder that exists. Several
  // documents and a file name is a mistake to report, not a folder to make under that name.
  const isDir = /[\\/]$/.test(o) || (existsSync(o) && statSync(o).isDirectory());
  if (!isDir) {
    if (outputs.length !== 1) {
      // An existing file cannot become the folder (-o FILE/ is a usage error of its own): name another.
      const hint = existsSync(o) ? `${o} is an existing file: name a folder for them, e.g. -o ${join(dirname(o), "out")}/` : `to write them into a folder, end it with /: -o ${o}/`;
      return { error: diagnostic("usage-error", { problem: `this conversion yields ${outputs.length} documents (${outputs.map((x) => x.name).join(", ")}) and -o ${o} names one file` }, { hint }) };
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
