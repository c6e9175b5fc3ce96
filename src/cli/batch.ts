// Whole folders: walk, filter by globs, convert each file on its own (one bad
// file never blocks the others), write its outputs under OUTDIR mirroring the
// input tree, on N worker threads. Results stream back one file at a time so
// memory stays flat however many files there are.
import { errorExit } from "./exit.js";
import { readdirSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { ADAPTERS, adapterFor } from "../adapters/registry.js";
import { createPool, runInProcess, workersFor, type BatchPool } from "./batch-pool.js";
import { convertFiles, filesRead, type FileConvertOptions } from "../node/files.js";
import { holdsText, leavesFolder, writeAll, WriteRefused, type PlannedFile } from "../node/write.js";
import { diagnostic, hasErrors, type Diagnostic } from "../ir/diagnostics.js";
import { globToRegExp, matchesAny } from "./glob.js";
import { partsOf, suppliesParts } from "../parts.js";
import { formatDiagnostic } from "../ir/diagnostic-line.js";
import { availableParallelism } from "../node/os-lazy.js";
import { sha1Hex } from "../node/crypto-lazy.js";
import { inputFolders, inputStem, sameSyntaxFirst } from "../input-stem.js";

export { inputStem };
import { readSmall } from "../node/roots.js";
import { countsPerOutput, diagnosticLines, noteCount, NO_SINGLE_OUTPUT, outputLine } from "./text-report.js";
import { baselineFindings, policyErrors, strictFailures, type BaselineFinding } from "../policy.js";
import { analyse, roundTripEntries, roundTripLines, roundTripLost, type RoundTripEntry } from "./fidelity.js";

export { createPool, stopWorkers, type BatchPool } from "./batch-pool.js";

export const DEFAULT_INCLUDE = ["**/*.{json,yaml,yml,agent}"];
export const DEFAULT_EXCLUDE = ["**/node_modules/**", "**/.git/**"];

export interface BatchFileOptions extends FileConvertOptions {
  force?: boolean;
  /** Render diagnostics to text lines in the worker (cheaper to pass back than objects): "text" errors and warnings, "quiet-text" errors, "verbose-text" all. */
  render?: "text" | "quiet-text" | "verbose-text";
  /** Pass back each file's findings as baseline rows (a --baseline being written). */
  baselineOut?: boolean;
  /** --verify-roundtrip: each file's way back, compared with it as a one-file run compares it. */
  verifyRoundtrip?: boolean;
  /** The run these files belong to: the paths its files claim (claimPaths) are its own. */
  run?: string;
}

export interface BatchTask {
  file: string;
  /** Folder the outputs of this file go to. */
  outDir: string;
  /** The folder converted, which this file's references must stay inside (unless --root names another). */
  root?: string;
  /**
   * What its outputs are named after, when not its stem (inputStem): the whole file name, when
   * another input of the same output folder has the same stem (a.json beside a.yaml).
   */
  stem?: string;
  /**
   * The folder its several outputs go under, when not its stem: the whole file name, when the
   * folder it is in also holds a folder of its stem (desk.caplo.json beside desk/), whose
   * outputs the mirror writes to <outDir>/desk/.
   */
  dir?: string;
  /** A symbolic link the walk found: not followed (it could loop or lead out of the tree), counted as skipped. */
  link?: true;
  /** The files beside it that supply parts (suppliesParts), handed to its conversion (FileConvertOptions.supplyFrom). */
  suppliers?: string[];
  /** It supplies parts to the files beside it: its own result waits for the run's end, when the run knows whether one took parts from it. */
  supplies?: boolean;
}

/** A file of the tree not converted on its own: a manifest of the tree reads it as its part. */
export interface PartOf {
  file: string;
  /** The manifest that reads it. */
  by: string;
}

export interface BatchFileResult {
  file: string;
  /** 0 converted, 1 strict-failed, 2 failed, 3 failed by a bug of agentport's (output-invalid, internal-error). */
  code: number;
  warnings: number;
  written: { name: string; format: string; path: string }[];
  diagnostics: Diagnostic[];
  /** The diagnostics as text lines, when options.render asked for it (diagnostics is then empty), and a line per output written. */
  text?: string;
  /** With options.render: how many notes (info) the rendered text leaves out, for the closing line. */
  notes?: number;
  /** Not converted: no agent (skipped-document), not a failure. */
  skipped?: boolean;
  /** With options.baselineOut. */
  findings?: BaselineFinding[];
  /** With options.verifyRoundtrip and a conversion that succeeded: each file compared (the input, then the files it read) with its operations. */
  roundtrip?: RoundTripEntry[];
  /** The files besides the input that its warnings or errors are located in (a broken tool manifest it read), resolved, each with the places (placeKey) reported there. */
  reported?: { file: string; at: string[] }[];
  /** A failed input (code 2): the places (placeKey) of its own errors inside the document (not at its root); a reader that reported at one of them takes it as its part. */
  errorsAt?: string[];
  /** The suppliers (BatchTask.suppliers) its conversion took parts from, resolved. */
  took?: string[];
}

/** A place at the document's root (its pointer "", at 1:1 or no line): where a reader says a whole file is not what it expected. */
function atRoot(source: NonNullable<Diagnostic["source"]>): boolean {
  return source.pointer === "" && (source.line === undefined || (source.line === 1 && source.column === 1));
}

/** Where in its file a diagnostic is: its line and column, else its pointer. */
function placeKey(source: NonNullable<Diagnostic["source"]>): string {
  return source.line !== undefined ? `${source.line}:${source.column ?? ""}` : source.pointer;
}

export interface BatchSummary {
  files: number;
  converted: number;
  withWarnings: number;
  failed: number;
  /** Files not converted on their own and not failed: no agents, or parts of another manifest (skipped-document). */
  skipped: number;
  worst: number;
}

/** Lists the files under each root (or the root itself when it is a file), sorted, with the folder its outputs go to. */
export function planBatch(roots: readonly string[], outDir: string, include: readonly string[] = DEFAULT_INCLUDE, exclude: readonly string[] = DEFAULT_EXCLUDE): BatchTask[] {
  const inc = include.map(globToRegExp);
  const exc = exclude.map(globToRegExp);
  const outReal = safeReal(resolve(outDir));
  const tasks: BatchTask[] = [];
  for (const root of roots) {
    if (!isDirectory(root)) {
      // A file named on the command line keeps its own default root (src/node/roots.ts).
      tasks.push({ file: root, outDir });
      continue;
    }
    const walk = (dir: string): void => {
      if (safeReal(dir) === outReal) return;
      const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const e of entries) {
        const full = join(dir, e.name);
        const rel = relative(root, full).split(sep).join("/");
        if (matchesAny(rel, exc) || matchesAny(rel + "/", exc)) continue;
        // Symlinks are not followed: a link could loop or lead out of the tree. One the walk would
        // convert is counted as skipped, with a note, rather than left out without a trace.
        if (e.isDirectory()) walk(full);
        else if ((e.isFile() || e.isSymbolicLink()) && matchesAny(rel, inc)) {
          const relDir = relative(root, dir);
          tasks.push({ file: full, outDir: relDir ? join(outDir, relDir) : outDir, root, ...(e.isSymbolicLink() ? { link: true as const } : {}) });
        }
      }
    };
    walk(root);
  }
  // A link writes nothing: it takes no stem or folder from the files beside it.
  return [...ownFolders(distinctStems(tasks.filter((t) => !t.link))), ...tasks.filter((t) => t.link)];
}

/** Inputs whose several outputs would go to a folder the mirror of the tree also writes (desk/ beside desk.caplo.json) get their whole file name as that folder. */
function ownFolders(tasks: BatchTask[]): BatchTask[] {
  const mirrored = new Set<string>();
  for (const t of tasks) for (let d = resolve(t.outDir); !mirrored.has(d); d = dirname(d)) {
    mirrored.add(d);
    if (dirname(d) === d) break;
  }
  return tasks.map((t) => (t.stem === undefined && mirrored.has(resolve(t.outDir, inputStem(t.file))) ? { ...t, dir: basename(t.file) } : t));
}

/**
 * Two inputs of one run whose outputs take the same names in the same folder (a.json of two input
 * folders converted into one -o): the pairs, found before anything is written. The run refuses them.
 */
export function collidingTasks(tasks: readonly BatchTask[]): [BatchTask, BatchTask][] {
  const seen = new Map<string, BatchTask>();
  const pairs: [BatchTask, BatchTask][] = [];
  for (const t of tasks) {
    if (t.link) continue;
    const outDir = resolve(t.outDir);
    // Its one output's name (stem + suffix) and its outputs' folder (dir or stem) are both derived from these.
    for (const k of new Set([`${outDir}\0${t.stem ?? inputStem(t.file)}`, `${outDir}\0${t.dir ?? t.stem ?? inputStem(t.file)}`])) {
      const other = seen.get(k);
      if (other !== undefined && other !== t) pairs.push([other, t]);
      else seen.set(k, t);
    }
  }
  return pairs;
}

/**
 * The paths written by this thread's files of the current run, each with the input whose
 * outputs it holds and a digest of its text: two inputs never write one path (a copied tool
 * manifest both refer to, the same text, is written once). Cleared when another run starts.
 */
let claims: { run: string; paths: Map<string, { file: string; digest: string; document: boolean }> } | undefined;

function digestOf(text: string): string {
  return sha1Hex(text);
}

/**
 * Checks one input's planned files against what earlier inputs of the run wrote: the files it may
 * leave out (the same text at the same path, already written by another input), or a WriteRefused
 * naming the other input when it would write another text, or a document, where one was written.
 */
function claimPaths(run: string | undefined, file: string, planned: readonly PlannedFile[], documents: number): PlannedFile[] {
  if (run === undefined) return [...planned];
  if (claims?.run !== run) claims = { run, paths: new Map() };
  const keep: PlannedFile[] = [];
  const mine: [string, { file: string; digest: string; document: boolean }][] = [];
  for (const [i, f] of planned.entries()) {
    const key = resolve(f.path);
    const digest = digestOf(f.text);
    const document = i < documents;
    const had = claims.paths.get(key);
    if (had !== undefined && had.file !== file) {
      if (!document && !had.document && had.digest === digest) continue;
      throw new WriteRefused(`${f.path} is also an output of ${had.file}, another input of this run: nothing of ${file} is written, so neither overwrites the other`);
    }
    keep.push(f);
    mine.push([key, { file, digest, document }]);
  }
  for (const [k, v] of mine) claims.paths.set(k, v);
  return keep;
}

/** Inputs whose outputs would take one name (a.json and a.yaml of one folder) are named after their whole file names. */
function distinctStems(tasks: BatchTask[]): BatchTask[] {
  const key = (t: BatchTask) => `${t.outDir}\0${inputStem(t.file)}`;
  const count = new Map<string, number>();
  for (const t of tasks) count.set(key(t), (count.get(key(t)) ?? 0) + 1);
  return tasks.map((t) => ((count.get(key(t)) ?? 0) > 1 ? { ...t, stem: basename(t.file) } : t));
}

/**
 * Takes out of the plan the files that another planned file reads as its parts (the agent
 * files of a mas kind: MAS manifest, asked of the adapters: partsOf), so an app is converted
 * once, as a whole, and its agents not a second time alone; and hands each remaining file the
 * files of its folder that supply parts (suppliesParts: an Agent Spec components file beside its
 * main file), as a run naming them together does. Only the files beside it: in a tree, two
 * folders' components files may define the same ids. Only texts an adapter's cheap test flags are
 * parsed here; the rest are not read twice.
 */
export function withoutParts(tasks: readonly BatchTask[], maxBytes?: number): { tasks: BatchTask[]; parts: PartOf[] } {
  const byReal = new Map<string, BatchTask>();
  // A link is never read (it could lead out of the folder), nor taken for the file it points to.
  for (const t of tasks) if (!t.link) byReal.set(safeReal(resolve(t.file)), t);
  const partOf = new Map<BatchTask, string>();
  const supplying = new Set<BatchTask>();
  for (const t of tasks) {
    if (t.link) continue;
    const text = readSmall(t.file, maxBytes);
    if (text === undefined) continue;
    if (suppliesParts(text)) supplying.add(t);
    for (const ref of partsOf(text)) {
      const part = byReal.get(safeReal(resolve(dirname(t.file), ref)));
      if (part && part !== t && !partOf.has(part)) partOf.set(part, t.file);
    }
  }
  const kept = tasks.filter((t) => !partOf.has(t));
  if (supplying.size === 0) return { tasks: kept, parts: [...partOf].map(([t, by]) => ({ file: t.file, by })) };
  // The suppliers of each folder, in the plan's (sorted) order: the first that defines an id is the one read.
  const byFolder = new Map<string, string[]>();
  for (const t of kept) if (supplying.has(t)) byFolder.set(dirname(resolve(t.file)), [...(byFolder.get(dirname(resolve(t.file))) ?? []), t.file]);
  const planned = kept.map((t): BatchTask => {
    if (supplying.has(t)) return { ...t, supplies: true };
    const beside = byFolder.get(dirname(resolve(t.file)));
    return beside ? { ...t, suppliers: sameSyntaxFirst(beside, t.file) } : t;
  });
  return { tasks: planned, parts: [...partOf].map(([t, by]) => ({ file: t.file, by })) };
}

/** The info line of a file converted as part of another. */
export function partDiagnostic(p: PartOf): Diagnostic {
  return diagnostic("skipped-document", { partOf: p.by, because: "an agent of that app" }, { source: { file: p.file, pointer: "" } });
}

/** `to` as seen from `from`, "/"-separated ("" for the same folder). */
export function relativeDir(from: string, to: string): string {
  return relative(resolve(from), resolve(to)).split(sep).join("/");
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function safeReal(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** Converts and writes one file of a batch. Never throws for bad input. */
export function convertOne(task: BatchTask, to: string, options: BatchFileOptions): BatchFileResult {
  if (task.link) return skippedNote(task.file, options, "a symbolic link, which a folder run does not follow (it could loop or lead out of the folder); name the file it points to");
  const rooted: FileConvertOptions = task.root !== undefined && options.root === undefined ? { ...options, root: task.root, rootLabel: "the folder converted" } : options;
  // The suppliers beside it are read for its parse only (a components file its main file names).
  const own: FileConvertOptions = task.suppliers ? { ...rooted, supplyFrom: task.suppliers } : rooted;
  // One output goes to outDir, several to outDir/<stem>: references are rewritten for where they land,
  // so a conversion that rewrote some and turned out to have several outputs is done again for that folder.
  const stem = task.stem ?? inputStem(task.file);
  let relocated = false;
  const from = (dir: string) => (file: string | undefined) => {
    relocated = true;
    return file === undefined ? undefined : relativeDir(dir, dirname(file));
  };
  // A folder a format writes files into (FormatOption.folder) is the input's own in a folder run; an
  // input of several outputs has its own folder already (<stem>/), where its agents' files are apart.
  const apart = inputFolders(own, stem);
  let r = convertFiles([task.file], to, { ...apart, skipNotAgents: true, relocateFrom: from(task.outDir) });
  const several = task.dir ?? stem;
  if ((relocated || apart !== own) && r.outputs.length > 1) r = convertFiles([task.file], to, { ...own, skipNotAgents: true, relocateFrom: from(join(task.outDir, several)) });
  // Outputs are named after their input, so files of one folder never collide:
  // one output → <stem><suffix>; several (a bundle split up) → <stem>/<name>.
  const suffix = adapterFor(to)?.suffix ?? "";
  const writtenName = (o: { name: string }): string => {
    if (r.outputs.length !== 1) return o.name;
    // An output written in another syntax than the suffix names (a YAML Caplo file) keeps its own extension.
    return stem + (o.name.endsWith(suffix) ? suffix : suffix.replace(/\.[a-z]+$/, o.name.slice(o.name.lastIndexOf("."))));
  };
  const renamed = new Map(r.outputs.map((o) => [o.name, writtenName(o)] as const).filter(([a, b]) => a !== b));
  // The report names the file as written, not as the conversion first named it.
  // A file the walk found that is no manifest at all (a package.json, a CI workflow): --exclude is the way out.
  const rel = task.root !== undefined ? relative(task.root, task.file).split(sep).join("/") : undefined;
  const excludeHint = (d: Diagnostic): Diagnostic => (rel !== undefined && d.code === "unknown-format" && options.from === undefined ? { ...d, hint: `if it is no agent manifest, leave it out with --exclude '${rel}'; if detection is wrong, name the format with --from` } : d);
  const diagnostics = r.diagnostics.map((d) => excludeHint(d.target?.file !== undefined && renamed.has(d.target.file) ? { ...d, target: { ...d.target, file: renamed.get(d.target.file)! } } : d));
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  // A policy's errors fail the gate (1), the conversion's own fail the input (2).
  const ownError = diagnostics.some((d) => d.severity === "error" && d.policy === undefined);
  let code = ownError ? errorExit(diagnostics.filter((d) => d.severity === "error" && d.policy === undefined)) : policyErrors(diagnostics).length > 0 || (options.strict && strictFailures(diagnostics).length > 0) ? 1 : 0;
  const skipped = code === 0 && r.outputs.length === 0 && diagnostics.some((d) => d.code === "skipped-document");
  // Checked before anything is written: under --strict a round trip that loses fails the file, as in a one-file run.
  const roundtrip = options.verifyRoundtrip && !ownError && !skipped ? roundTripOf(task, to, own, r) : undefined;
  if (code === 0 && options.strict && roundtrip?.lost) code = 1;
  // The suppliers its reading took parts from: the run then skips them rather than refuse them alone.
  const took = (r.read.find((x) => x.file === task.file)?.supplied ?? []).map((f) => resolve(f));
  const written: BatchFileResult["written"] = [];
  if (code === 0) {
    const docs: PlannedFile[] = [];
    const extras: PlannedFile[] = [];
    let away: string | undefined;
    for (const o of r.outputs) {
      const dir = r.outputs.length === 1 ? task.outDir : join(task.outDir, several);
      const name = writtenName(o);
      docs.push({ path: join(dir, name), text: o.text });
      written.push({ name, format: o.format, path: join(dir, name) });
      for (const f of o.files ?? []) {
        if (leavesFolder(f.path)) away ??= f.path;
        extras.push({ path: join(dir, f.path), text: f.text });
      }
    }
    try {
      if (away !== undefined) throw new WriteRefused(`an output refers to ${away}, which would be written outside the output folder; nothing is written`);
      // A file an output refers to that is already there with this text (another thread's input copied
      // the same tool manifest) is left as it is: writing it would change nothing.
      const files = claimPaths(options.run, task.file, [...docs, ...extras], docs.length).filter((f, i) => i < docs.length || !holdsText(f.path, f.text));
      writeAll(files, [...filesRead([task.file], r.read), ...took], options.force === true);
    } catch (e) {
      if (!(e instanceof WriteRefused)) throw e;
      diagnostics.push(diagnostic("usage-error", { problem: e.message }, { source: { file: task.file, pointer: "" } }));
      code = 2;
      written.length = 0;
    }
  }
  const flag = skipped ? { skipped: true } : {};
  if (took.length) (flag as { took?: string[] }).took = took;
  const elsewhere = new Map<string, Set<string>>();
  for (const d of diagnostics) {
    if (d.severity === "info" || d.source?.file === undefined || d.source.file === task.file) continue;
    const f = resolve(d.source.file);
    if (!elsewhere.has(f)) elsewhere.set(f, new Set());
    elsewhere.get(f)!.add(placeKey(d.source));
  }
  if (elsewhere.size > 0) (flag as { reported?: BatchFileResult["reported"] }).reported = [...elsewhere].map(([file, at]) => ({ file, at: [...at] }));
  // Failed: where its own errors are, for the run to tell whether a reader reported them (runBatch settle).
  if (code === 2) (flag as { errorsAt?: string[] }).errorsAt = [...new Set(diagnostics.filter((d) => d.severity === "error" && d.source !== undefined && !atRoot(d.source) && (d.source.file === undefined || d.source.file === task.file)).map((d) => placeKey(d.source!)))];
  const findings = options.baselineOut && !ownError ? { findings: baselineFindings(diagnostics) } : {};
  if (options.render) {
    const verbosity = options.render === "quiet-text" ? "quiet" : options.render === "verbose-text" ? "verbose" : "default";
    const names = r.outputs.map(writtenName);
    const lines = diagnosticLines(diagnostics, names, verbosity, code === 1);
    // As a one-file run ends: a line per output, what its agent no longer does and how many notes.
    // Named by the path written: two folders of the tree may hold outputs of one name.
    const pathOf = new Map(written.map((w) => [w.name, w.path] as const));
    if (verbosity !== "quiet" && roundtrip) lines.push(...roundtrip.lines);
    if (roundtrip?.lost && options.strict && code === 1 && strictFailures(diagnostics).length === 0 && policyErrors(diagnostics).length === 0) lines.push(`${task.file}: not written (--strict and a round trip that does not give the input back)`);
    // In a folder run many files' lines interleave: the findings about no single output say whose they are.
    if (verbosity !== "quiet" && written.length > 0) for (const c of countsPerOutput(diagnostics, names)) lines.push(outputLine({ ...c, name: pathOf.get(c.name) ?? (c.name === NO_SINGLE_OUTPUT ? `${task.file} (${NO_SINGLE_OUTPUT})` : c.name) }));
    // A file that failed says only its errors, as a one-file run does.
    const notes = verbosity === "default" && code < 2 ? noteCount(diagnostics) : 0;
    return { file: task.file, code, warnings, written, diagnostics: [], text: lines.map((l) => l + "\n").join(""), ...(notes ? { notes } : {}), ...flag, ...findings, ...(roundtrip ? { roundtrip: roundtrip.files } : {}) };
  }
  return { file: task.file, code, warnings, written, diagnostics, ...flag, ...findings, ...(roundtrip ? { roundtrip: roundtrip.files } : {}) };
}

/**
 * One file's round trip, as a one-file run checks it (src/cli/fidelity.ts analyse): the way back
 * from the outputs of a plain conversion, since the batch's own rewrote references for the output
 * folder (relocateFrom), which the way back would list as changed values.
 */
function roundTripOf(task: BatchTask, to: string, options: FileConvertOptions, r: ReturnType<typeof convertFiles>): { files: RoundTripEntry[]; lines: string[]; lost: boolean } | undefined {
  const moved: FileConvertOptions = { ...options, relocateFrom: (file) => (file === undefined ? undefined : relativeDir(task.outDir, dirname(file))) };
  const [f] = analyse([task.file], to, moved, r, true);
  if (f?.roundtrip === undefined) return undefined;
  return { files: roundTripEntries(f), lines: roundTripLines(f), lost: roundTripLost(f.roundtrip) };
}

/** A bug while converting one file fails that file (exit 3), not the whole batch. */
export function internalFailure(task: BatchTask, e: unknown): BatchFileResult {
  const message = e instanceof Error ? e.message.split("\n")[0] ?? "error" : String(e);
  return { file: task.file, code: 3, warnings: 0, written: [], diagnostics: [diagnostic("internal-error", { subject: "internal error", problem: `${message} — please report it` }, { source: { file: task.file, pointer: "" } })] };
}


export function defaultJobs(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Runs the tasks on up to `jobs` worker threads (on this thread when jobs is 1 or the folder is
 * too small to pay for threads: see workersFor), or on `pool`'s, reporting each result as it completes.
 */
export async function runBatch(tasks: readonly BatchTask[], to: string, options: BatchFileOptions, jobs: number, onResult: (r: BatchFileResult, done: number) => void, pool?: BatchPool): Promise<BatchSummary> {
  const summary: BatchSummary = { files: tasks.length, converted: 0, withWarnings: 0, failed: 0, skipped: 0, worst: 0 };
  let done = 0;
  // Each worker thread checks the paths its own files write (claimPaths); a document two threads
  // both wrote is found here, after the fact, and fails the later input: never a silent overwrite.
  const writtenBy = new Map<string, string>();
  const count = (given: BatchFileResult) => {
    let r = given;
    const twice = r.written.find((w) => (writtenBy.get(resolve(w.path)) ?? r.file) !== r.file);
    if (twice !== undefined) {
      const d = diagnostic("usage-error", { problem: `${twice.path} is also an output of ${writtenBy.get(resolve(twice.path))!}, another input of this run, converted at the same time: one overwrote the other; convert them into different -o folders` }, { source: { file: r.file, pointer: "" } });
      r = { ...r, code: 2, written: [], ...(options.render ? { text: (r.text ?? "") + formatDiagnostic(d) + "\n", diagnostics: [] } : { diagnostics: [...r.diagnostics, d] }) };
    }
    for (const w of r.written) writtenBy.set(resolve(w.path), r.file);
    done++;
    if (r.skipped) summary.skipped++;
    else if (r.code === 0) {
      summary.converted++;
      if (r.warnings > 0) summary.withWarnings++;
    } else summary.failed++;
    summary.worst = Math.max(summary.worst, r.code);
    onResult(r, done);
  };
  // A file another input read and reported its faults in (a broken tool manifest of an agent) is that
  // input's part: reported once, there. Only when one of its own errors inside the document (not at
  // its root) stands where that input reported something: a file the reader merely says is not what
  // it expected (an agent manifest of another format that a tool reference names, said at its root)
  // still fails with its own errors. Failed files wait for the run's end, when every such report is known.
  const reportedBy = new Map<string, { by: string; at: Set<string> }[]>();
  const failed: BatchFileResult[] = [];
  // A file that supplies parts to the files beside it (BatchTask.supplies) waits too: skipped as the
  // part of the first file whose conversion took parts from it, else counted as it came out alone.
  const supplier = new Set(tasks.filter((t) => t.supplies).map((t) => t.file));
  const takenBy = new Map<string, string>();
  const record = (r: BatchFileResult) => {
    for (const f of r.reported ?? []) {
      if (!reportedBy.has(f.file)) reportedBy.set(f.file, []);
      reportedBy.get(f.file)!.push({ by: r.file, at: new Set(f.at) });
    }
    for (const f of r.took ?? []) if (!takenBy.has(f) || r.file < takenBy.get(f)!) takenBy.set(f, r.file);
    if (r.code === 2 || supplier.has(r.file)) failed.push(r);
    else count(r);
  };
  const settle = () => {
    for (const r of failed) {
      const taker = supplier.has(r.file) && r.written.length === 0 ? takenBy.get(resolve(r.file)) : undefined;
      if (taker !== undefined) {
        count(readPart(r.file, taker, options, "it defines parts that file names and does not define"));
        continue;
      }
      if (r.code !== 2) {
        count(r);
        continue;
      }
      const errors = r.errorsAt ?? [];
      const by = (reportedBy.get(resolve(r.file)) ?? []).find((x) => x.by !== r.file && errors.some((e) => x.at.has(e)))?.by;
      count(by === undefined ? r : readPart(r.file, by, options, "a file it refers to, whose problem is reported with it"));
    }
  };
  if (pool && jobs > 1) {
    await pool.run(tasks, to, options, jobs, record);
    settle();
    return summary;
  }
  const workerUrl = new URL("./batch-worker.js", import.meta.url);
  const workers = workersFor(tasks.length, jobs);
  if (workers >= 2 && workerUrl.pathname.endsWith(".js") && existsFile(workerUrl)) {
    const own = createPool(workerUrl, workers);
    try {
      await own.run(tasks, to, options, workers, record);
    } finally {
      await own.close();
    }
  } else await runInProcess(tasks, to, options, record);
  settle();
  return summary;
}

/** A file the run does not convert, with the note that says why (a symbolic link). */
function skippedNote(file: string, options: BatchFileOptions, because: string): BatchFileResult {
  const d = diagnostic("skipped-document", { because }, { source: { file, pointer: "" } });
  const base = { file, code: 0, warnings: 0, written: [], skipped: true };
  if (!options.render) return { ...base, diagnostics: [d] };
  return { ...base, diagnostics: [], text: options.render === "verbose-text" ? formatDiagnostic(d) + "\n" : "" };
}

/** A file that `by`'s conversion read (a failed file it reported in, a supplier it took parts from): skipped as its part, anything to say about it said once, by `by`. */
function readPart(file: string, by: string, options: BatchFileOptions, because: string): BatchFileResult {
  const d = diagnostic("skipped-document", { partOf: by, because }, { source: { file, pointer: "" } });
  const base = { file, code: 0, warnings: 0, written: [], skipped: true };
  if (!options.render) return { ...base, diagnostics: [d] };
  return { ...base, diagnostics: [], text: options.render === "verbose-text" ? formatDiagnostic(d) + "\n" : "" };
}

function existsFile(u: URL): boolean {
  try {
    return statSync(u).isFile();
  } catch {
    return false;
  }
}

