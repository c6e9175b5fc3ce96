// `agentport convert DIR… --to X -o OUTDIR`: the batch path of convert.
import { collidingTasks, DEFAULT_EXCLUDE, DEFAULT_INCLUDE, defaultJobs, inputStem, partDiagnostic, planBatch, runBatch, withoutParts, type BatchFileResult, type BatchPool } from "./batch.js";
import { globToRegExp, matchesAny } from "./glob.js";
import type { RoundTripEntry } from "./fidelity.js";
import { diagnostic } from "../ir/diagnostics.js";
import { ADAPTERS } from "../adapters/registry.js";
import { registerOutputRoot } from "../node/write.js";
import { fileOptions, type ConvertArgs } from "./convert-command.js";
import { EXIT } from "./exit.js";
import type { CliIO } from "./io.js";
import { formatDiagnostic } from "./text-report.js";
import { runPolicy, writeBaseline } from "./policy-config.js";
import { roundTripNotes, sarifLog } from "./sarif.js";
import { realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { baselineKey, type BaselineFinding } from "../policy.js";

export interface BatchArgs extends ConvertArgs {
  include?: string[];
  exclude?: string[];
  jobs?: number;
  /** Draw a progress bar (stderr is a terminal). */
  progress: boolean;
  /** Worker threads to run on instead of starting new ones (tests run many folders on one pool). */
  pool?: BatchPool;
}

const isDir = (p: string): boolean => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};
const realOrSelf = (p: string): string => {
  try {
    return realpathSync(resolve(p));
  } catch {
    return resolve(p);
  }
};

const n = (x: number) => x.toLocaleString("en-US");

export async function runBatchConvert(args: BatchArgs, io: CliIO): Promise<number> {
  // --ledger writes one file for one conversion; folder mode has none to write, and ignoring it
  // would let a user believe a ledger was written. (--verify-roundtrip is checked per file.)
  const ledger = args.ledger !== undefined;
  if (args.output === undefined || args.bundle || args.inputs.includes("-") || ledger) {
    const problem = args.output === undefined ? "converting a folder needs -o OUTDIR" : ledger ? "--ledger is for files, not folders: name the files (e.g. a shell glob) to convert them in one run" : `folders cannot be combined with ${[args.bundle ? "--bundle" : "", args.inputs.includes("-") ? "stdin (-)" : ""].filter(Boolean).join(" or ")}`;
    const to = ADAPTERS[0]?.id ?? "FORMAT";
    const d = diagnostic("usage-error", { problem }, { hint: ledger ? `e.g. agentport convert manifests/*.yaml --to ${to} -o out/ --ledger ledger.json` : `e.g. agentport convert manifests/ --to ${to} -o out/` });
    if (args.json) io.out(JSON.stringify({ outputs: [], diagnostics: [d] }, null, 2) + "\n");
    else io.err(formatDiagnostic(d) + "\n");
    return EXIT.invalid;
  }
  const setup = runPolicy(args.inputs, args);
  if (setup.diagnostics.length || (args.quiet && args.verbose) || (args.sarif && args.json)) {
    const ds = setup.diagnostics.length ? setup.diagnostics : [diagnostic("usage-error", { problem: args.sarif ? "--json and --format sarif: stdout holds one of them" : "--quiet and --verbose contradict each other" })];
    if (args.json) io.out(JSON.stringify({ outputs: [], diagnostics: ds }, null, 2) + "\n");
    else if (args.sarif) io.out(JSON.stringify(sarifLog(ds), null, 2) + "\n");
    else for (const d of ds) io.err(formatDiagnostic(d) + "\n");
    return EXIT.invalid;
  }
  const refuse = (problem: string, hint: string): number => {
    const d = diagnostic("usage-error", { problem }, { hint });
    if (args.json) io.out(JSON.stringify({ outputs: [], diagnostics: [d] }, null, 2) + "\n");
    else if (args.sarif) io.out(JSON.stringify(sarifLog([d]), null, 2) + "\n");
    else io.err(formatDiagnostic(d) + "\n");
    return EXIT.invalid;
  };
  // The walk skips the output folder (earlier outputs are not inputs): -o naming an input folder
  // itself would skip everything and report "converted 0", so it is refused.
  const outReal = realOrSelf(args.output);
  const same = args.inputs.find((i) => isDir(i) && realOrSelf(i) === outReal);
  if (same !== undefined) {
    return refuse(`-o ${args.output} is the input folder ${same}: its outputs would land among the inputs; name another folder`, `e.g. agentport convert ${same} --to ${args.to} -o ${join(same, "..", "converted")}/`);
  }
  const include = args.include?.length ? args.include : DEFAULT_INCLUDE;
  const exclude = [...DEFAULT_EXCLUDE, ...(args.exclude ?? [])];
  // An input is never written over, --force or not (README). The output folder is not walked, so an
  // -o inside an input folder would leave the manifests already in it out of the run and then write
  // over them: refused while it holds any file the walk would take (an earlier run's outputs too;
  // --exclude leaving it out says they are not inputs). An input inside -o is refused alike.
  const overlap = overlapping(args.inputs, args.output, include, exclude);
  if (overlap !== undefined) return refuse(overlap.problem, overlap.hint);
  const planned = planBatch(args.inputs, args.output, include, exclude);
  // Two inputs whose outputs would take one path (a.json of two folders converted into one -o):
  // refused before anything is written, --force or not, rather than one overwriting the other.
  const clash = collidingTasks(planned)[0];
  if (clash !== undefined && realOrSelf(clash[0].file) === realOrSelf(clash[1].file)) return refuse(`${clash[1].file} is an input twice (named, and in a folder named): its outputs would be written twice`, "name it once");
  if (clash !== undefined) return refuse(`${clash[0].file} and ${clash[1].file} would both write their outputs to ${join(clash[0].outDir, clash[0].stem ?? inputStem(clash[0].file))}…: two outputs of one run never overwrite each other`, "convert them into different -o folders, or leave one out with --exclude");
  registerOutputRoot(args.output);
  // An app's agent files are converted with its MAS manifest, not a second time alone.
  const { tasks, parts } = withoutParts(planned, args.maxBytes);
  const jobs = Math.max(1, args.jobs ?? defaultJobs());
  const outputs: { name: string; format: string; path: string }[] = [];
  const diagnostics: BatchFileResult["diagnostics"] = [];
  // Notes (info): only with --verbose, like every note.
  if (!args.json && !args.sarif && args.verbose) for (const p of parts) io.err(formatDiagnostic(partDiagnostic(p)) + "\n");
  const findings: BaselineFinding[] = [];
  // --verify-roundtrip: per input, the files compared (the input, then the files it read), in the
  // order the inputs finished; sorted by input for --json below, so workers do not reorder it.
  const roundtrips: RoundTripEntry[][] = [];
  let notes = 0;
  let lastDraw = 0;
  const summary = await runBatch(
    tasks,
    args.to,
    { ...fileOptions(args, setup.policy), bundle: false, force: args.force, run: `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`, ...(args.verifyRoundtrip ? { verifyRoundtrip: true } : {}), ...(setup.writeBaseline ? { baselineOut: true } : {}), ...(args.json || args.sarif ? {} : { render: args.quiet ? ("quiet-text" as const) : args.verbose ? ("verbose-text" as const) : ("text" as const) }) },
    jobs,
    (r, done) => {
      if (r.findings) findings.push(...r.findings);
      if (r.roundtrip) roundtrips.push(r.roundtrip);
      notes += r.notes ?? 0;
      if (args.json || args.sarif) {
        // Only what the JSON needs is kept: documents are on disk, not in memory.
        outputs.push(...r.written);
        diagnostics.push(...r.diagnostics.filter((d) => d.severity !== "info"));
      } else {
        // One write per file: thousands of small writes would make the main thread the bottleneck.
        const text = (args.progress ? "\r\x1b[K" : "") + (r.text ?? "");
        if (text) io.err(text);
        const now = Date.now();
        if (args.progress && (now - lastDraw > 100 || done === tasks.length)) {
          lastDraw = now;
          const width = 30;
          const filled = Math.round((done / Math.max(1, tasks.length)) * width);
          io.err(`[${"#".repeat(filled)}${".".repeat(width - filled)}] ${n(done)}/${n(tasks.length)}`);
        }
      }
    },
    args.pool,
  );
  summary.files += parts.length;
  summary.skipped += parts.length;
  const wrote = setup.writeBaseline && setup.baseline !== undefined;
  if (wrote) writeBaseline(setup.baseline as string, findings.sort((a, b) => (baselineKey(a) < baselineKey(b) ? -1 : baselineKey(a) > baselineKey(b) ? 1 : 0)));
  const baselineNote = wrote ? `; baseline ${setup.baseline as string} written (${findings.length} finding${findings.length === 1 ? "" : "s"})` : "";
  const line = `converted ${n(summary.converted)}, with warnings ${n(summary.withWarnings)}, failed ${n(summary.failed)}${summary.skipped > 0 ? `, skipped ${n(summary.skipped)}` : ""}${baselineNote}${args.verifyRoundtrip ? roundTripSummary(roundtrips.flat()) : ""}`;
  const key = (g: readonly RoundTripEntry[]) => g[0]?.file ?? "";
  const roundtrip = roundtrips.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)).flat();
  if (args.sarif) io.out(JSON.stringify(sarifLog(diagnostics, { baseline: setup.baseline !== undefined && !setup.writeBaseline, notes: args.verifyRoundtrip ? roundTripNotes(roundtrip, args.strict === true) : [] }), null, 2) + "\n");
  else if (args.json) io.out(JSON.stringify({ outputs, diagnostics, summary: { ...summary }, ...(args.verifyRoundtrip ? { roundtrip } : {}) }, null, 2) + "\n");
  else {
    if (args.progress) io.err("\r\x1b[K");
    const more = notes > 0 ? `; --verbose lists the ${n(notes)} note${notes === 1 ? "" : "s"}` : "";
    // Nothing matched at all: say which globs found nothing, rather than a bare "converted 0".
    const globs = args.include?.length ? args.include.join(", ") : DEFAULT_INCLUDE.join(", ");
    const none = summary.files === 0 ? `; no file in ${args.inputs.join(", ")} matches ${globs} (--include)` : "";
    if (!args.quiet) io.err(`agentport: ${line}${more}${none}\n`);
  }
  return summary.worst;
}

/** `inner` is `outer` or a folder under it (both resolved, symlinks followed). */
function within(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/**
 * -o inside an input folder that already holds files the walk would take, or an input inside -o:
 * the usage error, or undefined when the trees do not overlap so (-o equal to an input folder is refused before).
 */
function overlapping(inputs: readonly string[], output: string, include: readonly string[], exclude: readonly string[]): { problem: string; hint: string } | undefined {
  const outReal = realOrSelf(output);
  for (const input of inputs) {
    const real = realOrSelf(input);
    if (within(real, outReal) && real !== outReal) return { problem: `the input ${input} is inside -o ${output}: outputs could land on inputs; name an output folder outside it`, hint: `e.g. -o ${join(output, "..", "converted")}/` };
    if (!isDir(input) || !isDir(outReal) || !within(outReal, real)) continue;
    const held = planBatch([outReal], join(outReal, ".agentport-none"), ["**/*"], []).map((t) => t.file)
      // The globs are the input folder's: a file of -o counts by its path from there.
      .filter((f) => matchesAny(relative(real, f).split(sep).join("/"), include.map(globToRegExp)) && !matchesAny(relative(real, f).split(sep).join("/"), exclude.map(globToRegExp)));
    if (held.length === 0) continue;
    const rel = relative(real, outReal).split(sep).join("/");
    // Named as the user named the input folder, not by their real (absolute) paths.
    const shown = held.slice(0, 3).map((f) => join(input, relative(real, f))).join(", ") + (held.length > 3 ? `, and ${held.length - 3} more` : "");
    return {
      problem: `-o ${output} is inside the input folder ${input} and holds ${held.length} file${held.length === 1 ? "" : "s"} the walk would convert (${shown}): the output folder is not walked, so ${held.length === 1 ? "it" : "they"} would be left out and could be written over; an input is never overwritten`,
      hint: `name an output folder outside ${input}, or, if those files are an earlier run's outputs, leave them out with --exclude '${rel}/**'`,
    };
  }
  return undefined;
}

/** The closing line's word on the round trips: how many files came back as they were. */
function roundTripSummary(files: readonly RoundTripEntry[]): string {
  if (files.length === 0) return "; round trip: no file converted to check";
  const differences = files.reduce((k, f) => k + f.patch.length, 0);
  const failed = files.filter((f) => f.failed).length;
  const differing = files.filter((f) => f.patch.length > 0).length;
  if (differences === 0 && failed === 0) return `; round trip: lossless (${n(files.length)} file${files.length === 1 ? "" : "s"} compared)`;
  const parts = [...(differences ? [`${n(differences)} difference${differences === 1 ? "" : "s"} in ${n(differing)} file${differing === 1 ? "" : "s"}`] : []), ...(failed ? [`the way back failed for ${n(failed)}`] : [])];
  return `; round trip: ${parts.join(", ")} (${n(files.length)} compared)`;
}
