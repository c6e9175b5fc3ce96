// --ledger, --verify-roundtrip and the fidelity figure: what became of each
// source value, per input file.
import { convertFiles, type FileConvertOptions } from "../node/files.js";
import type { ConvertResult, InputRead } from "../convert.js";
import { stashesIn, type LedgerRow } from "../ir/ledger.js";
import { inputFigures, type BehaviourFigures } from "./fidelity-summary.js";
import { dirname, join } from "node:path";
import { filesReached, verifyBundleRoundTrips, verifyRoundTrip, type PatchOperation, type RoundTrip } from "../verify.js";
import { FORMAT_OPTIONS } from "./options.js";
import type { FormatOptionValues } from "../adapters/types.js";
import { adapterFor } from "../adapters/registry.js";
import { parseText } from "../text/parse.js";
import { dirOf, isAbsolutePath, joinPath, normalisePath } from "../ir/file-paths.js";
import { hasErrors, type Diagnostic } from "../ir/diagnostics.js";

export interface FileFidelity {
  file: string;
  rows: LedgerRow[];
  exact: number;
  total: number;
  /** Behaviour-bearing source values, how many of them a behaviour finding says changed, and the behaviour findings about values the source does not state. */
  behaviour: BehaviourFigures;
  /** Present with --verify-roundtrip. */
  roundtrip?: RoundTrip;
}

/** The options formats declare for the way back too (FormatOption.roundTrip), where they are set. */
function roundTripOptions(options: FileConvertOptions): FormatOptionValues {
  const out: Record<string, unknown> = {};
  for (const s of FORMAT_OPTIONS) {
    const v = s.format?.roundTrip ? options[s.format.key] : undefined;
    if (s.format && v !== undefined && v !== false) out[s.format.key] = v;
  }
  return out as FormatOptionValues;
}

/** Ledger rows and (optionally) round trips per input, from the inputs as the conversion read them. */
export function analyse(inputs: readonly string[], to: string, options: FileConvertOptions, result: ConvertResult & { read: readonly InputRead[] }, verify: boolean, stdin?: string): FileFidelity[] {
  // The round trip measures the conversion, not --strict's gate: converted again under --strict, the
  // way there failed on any warning (one a policy ignored too) and the round trip was silently not
  // taken (session 18); and the run's own result, which --strict failed with its outputs all there, is
  // the conversion's unless it has errors.
  if (options.strict === true) return analyse(inputs, to, { ...options, strict: false }, { ...result, ok: !hasErrors(result.diagnostics) }, verify, stdin);
  const bundled = verify && options.bundle === true ? bundleRoundTrips(inputs, to, options, result, stdin) : [];
  return result.read.map((input, i) => {
    const file = input.file ?? inputs[i] ?? "<input>";
    // Values a policy ignores were still lost or changed: the ledger says so.
    const all = result.ignored?.length ? [...result.diagnostics, ...result.ignored] : result.diagnostics;
    const entry: FileFidelity = { file, ...withParts(inputFigures(input.data, all, input.file, input.agents, input.carried, stashesIn(input.stashes, input.file)), input, all) };
    const viaBundle = bundled[i];
    if (viaBundle !== undefined) entry.roundtrip = viaBundle;
    else if (verify && input.format !== undefined) {
      // With several inputs the outputs are mixed; each input's round trip needs its own outputs.
      const path = inputs.find((p) => p === input.file) ?? (input.file === "<stdin>" ? "-" : file);
      // The round trip measures the conversion, not the policy: a gate must not hide what it loses.
      // Nor where the outputs go: written to another folder (-o elsewhere), an agent's relative
      // references are rewritten to name the same files from there (ref-rewritten), which the way
      // back, written beside the input, would list as changed values. It goes as if they sat there.
      const { policy, relocateFrom, ...plain } = options;
      const moved = relocateFrom !== undefined && (relocateFrom(input.file) ?? "") !== "";
      const forward = result.read.length === 1 && !options.bundle && !policy && !moved ? result : convertFiles([path], to, { ...withSuppliers(plain, inputs, input), bundle: false }, stdin);
      if (forward.ok) {
        entry.roundtrip = verifyRoundTrip(input.data, input.format, input.bundle, forward.outputs, { ...roundTripOptions(options), ...(options.stash === false ? { stash: false } : {}) }, input.files);
      }
    }
    if (entry.roundtrip && !entry.roundtrip.failed && moved(options, input)) {
      const unreached = unreachedAsWritten(inputs, to, options, result, input, stdin);
      if (unreached.length) entry.roundtrip = withUnreached(entry.roundtrip, unreached);
    }
    return entry;
  });
}

/**
 * The input's own conversion, taken again for its round trip, reads the other inputs of the run it
 * took parts from (InputRead.supplied: an Agent Spec components file named beside its main file) as
 * supply-only inputs, in the run's order, as a folder run hands them (supplyFrom): converted alone,
 * its way back would be that of another agent (a placeholder model, no tools), not of the one written.
 */
function withSuppliers(options: FileConvertOptions, inputs: readonly string[], input: InputRead): FileConvertOptions {
  if (!input.supplied?.length) return options;
  const taken = new Set(input.supplied);
  const given = options.supplyFrom ?? [];
  const more = inputs.filter((p) => taken.has(p === "-" ? "<stdin>" : p) && !given.includes(p));
  return more.length ? { ...options, supplyFrom: [...given, ...more] } : options;
}

/** Whether the outputs go to another folder than the input's (-o elsewhere). */
function moved(options: FileConvertOptions, input: InputRead): boolean {
  return options.relocateFrom !== undefined && (options.relocateFrom(input.file) ?? "") !== "";
}

/**
 * The round trip is taken as if the outputs sat beside the input (above), which cannot show that a
 * reference rewritten for -o elsewhere names nothing from where the output is written (session 12:
 * a --bundle wrote `tpcopy/tools/x.tool.yaml`, relative to the working folder, and said lossless).
 * So the outputs are also read where they are written, with the files every input read placed
 * where they are seen from there: each file the input read that its outputs reach written beside
 * it, but not written where they are, is one the way back does not give (its paths, from the input's folder).
 */
function unreachedAsWritten(inputs: readonly string[], to: string, options: FileConvertOptions, result: ConvertResult & { read: readonly InputRead[] }, input: InputRead, stdin?: string): string[] {
  const relocateFrom = options.relocateFrom;
  if (relocateFrom === undefined || !input.files?.length) return [];
  const adapter = input.format === undefined ? undefined : adapterFor(input.format);
  const parts = new Set((adapter?.parts?.(input.data) ?? []).map((r) => normalisePath(r)));
  const own = input.files.filter((f) => !parts.has(normalisePath(f.path)));
  if (own.length === 0) return [];
  const { policy, ...plain } = options;
  const { relocateFrom: _, ...beside } = plain;
  const path = inputs.find((p) => p === input.file) ?? (input.file === "<stdin>" ? "-" : input.file);
  if (path === undefined) return [];
  // The outputs as this run writes them, and as they would be written beside the input; with --bundle, the bundle's.
  const single = !options.bundle && result.read.length === 1 && !policy;
  const written = options.bundle ? (policy ? convertFiles([...inputs], to, plain, stdin) : result) : single ? result : convertFiles([path], to, { ...withSuppliers(plain, inputs, input), bundle: false }, stdin);
  // What the input's own conversion reaches written beside it: the files the round trip above stands for.
  const besideRun = convertFiles([path], to, { ...withSuppliers(beside, inputs, input), bundle: false }, stdin);
  if (!written.ok || !besideRun.ok) return [];
  const placed = (readers: readonly InputRead[], from: (file: string | undefined) => string) => {
    const folder = new Map<string, string>();
    for (const r of readers) for (const f of r.files ?? []) folder.set(normalisePath(isAbsolutePath(f.path) ? f.path : joinPath(from(r.file), f.path)), f.text);
    return folder;
  };
  const reachedBeside = filesReached(besideRun.outputs, to, placed([input], () => ""));
  const reachedWritten = filesReached(written.outputs, to, placed(options.bundle ? result.read : [input], (file) => relocateFrom(file) ?? ""));
  return own.filter((f) => reachedBeside.has(f.text) && !reachedWritten.has(f.text)).map((f) => f.path);
}

/** The round trip with each file in `paths` said as one the way back did not give. */
function withUnreached(rt: RoundTrip, paths: readonly string[]): RoundTrip {
  const gone: PatchOperation[] = [{ op: "replace", path: "", value: null }];
  const files = [...(rt.files ?? [])];
  for (const p of paths) {
    const at = files.findIndex((f) => normalisePath(f.path) === normalisePath(p));
    if (at === -1) files.push({ path: p, patch: gone });
    else files[at] = { path: p, patch: gone };
  }
  return { ...rt, files };
}

/**
 * With --bundle, the inputs' round trips through the bundle written (verifyBundleRoundTrips), by
 * the index of result.read; the bundle converted again, as the per-input round trip does, where the
 * run's own outputs are not the plain conversion (a policy, outputs written elsewhere).
 */
function bundleRoundTrips(inputs: readonly string[], to: string, options: FileConvertOptions, result: ConvertResult & { read: readonly InputRead[] }, stdin?: string): (RoundTrip | undefined)[] {
  const { policy, relocateFrom, ...plain } = options;
  const moved = relocateFrom !== undefined && result.read.some((r) => (relocateFrom(r.file) ?? "") !== "");
  const forward = !policy && !moved ? result : convertFiles([...inputs], to, { ...plain, bundle: true }, stdin);
  if (!forward.ok) return [];
  return verifyBundleRoundTrips(result.read, forward.outputs, { ...roundTripOptions(options), ...(options.stash === false ? { stash: false } : {}) });
}

/**
 * An input that reads other documents as its parts (a mas kind: MAS manifest and its agent files)
 * is one input with them: its figures and ledger rows hold the parts' values too, each row named
 * as the diagnostics name that file, so the fidelity line counts what the warnings about the
 * agent files say changed.
 */
function withParts(own: ReturnType<typeof inputFigures>, input: InputRead, diagnostics: readonly Diagnostic[]): ReturnType<typeof inputFigures> {
  const adapter = input.format === undefined ? undefined : adapterFor(input.format);
  const refs = new Set((adapter?.parts?.(input.data) ?? []).map((r) => normalisePath(r)));
  // The inputs of the run it took parts from (Agent Spec's components file): their values are its reading's too.
  const suppliers = (input.supplied ?? []).map((file, k) => inputFigures(input.suppliedData?.[k], diagnostics, file));
  if (refs.size === 0 || !input.files?.length) return suppliers.reduce(added, own);
  const named = new Set(diagnostics.map((d) => d.source?.file));
  const dir = input.file === undefined || input.file.startsWith("<") ? "" : dirOf(input.file);
  let sum = own;
  for (const part of input.files) {
    if (!refs.has(normalisePath(part.path))) continue;
    const data = parseText(part.text, part.path).data;
    if (data === undefined) continue;
    // The caller's name for the file (src/convert.ts callerNames), else the reference as read.
    const joined = isAbsolutePath(part.path) ? part.path : joinPath(dir, part.path);
    const name = named.has(joined) || !named.has(part.path) ? joined : part.path;
    sum = added(sum, inputFigures(data, diagnostics, name, undefined, [], stashesIn(input.stashes, part.path)));
  }
  return suppliers.reduce(added, sum);
}

/** Two files' figures as one input's: their rows, and each count summed. */
function added(sum: ReturnType<typeof inputFigures>, f: ReturnType<typeof inputFigures>): ReturnType<typeof inputFigures> {
  return { rows: [...sum.rows, ...f.rows], exact: sum.exact + f.exact, total: sum.total + f.total, behaviour: { values: sum.behaviour.values + f.behaviour.values, changed: sum.behaviour.changed + f.behaviour.changed, unset: sum.behaviour.unset + f.behaviour.unset, stale: sum.behaviour.stale + f.behaviour.stale } };
}

/** Each file a round trip compared (the input, then the files it read) with its operations. */
export function roundTripFiles(f: FileFidelity): { file: string; patch: PatchOperation[] }[] {
  if (!f.roundtrip) return [];
  const base = f.file === "<stdin>" ? "" : dirname(f.file);
  return [{ file: f.file, patch: f.roundtrip.patch }, ...(f.roundtrip.files ?? []).map((x) => ({ file: base === "" ? x.path : join(base, x.path), patch: x.patch }))];
}

/** One file a round trip compared, as --json gives it (docs/cli.md): the failure is told on the input's entry. */
export interface RoundTripEntry {
  file: string;
  patch: PatchOperation[];
  failed?: true;
  because?: string[];
}

/** The --json `roundtrip` entries of one input: the input, then the files it read. */
export function roundTripEntries(f: FileFidelity): RoundTripEntry[] {
  const rt = f.roundtrip;
  if (!rt) return [];
  return roundTripFiles(f).map((x, i) => ({ ...x, ...(i === 0 && rt.failed ? { failed: true as const, ...(rt.because?.length ? { because: rt.because } : {}) } : {}) }));
}

/** The text report's lines of one input's round trip: each operation, then a failed way back with its reasons. */
export function roundTripLines(f: FileFidelity): string[] {
  const lines = roundTripFiles(f).flatMap((x) => x.patch.map((op) => formatOperation(x.file, op)));
  if (f.roundtrip?.failed) lines.push(`${f.file}: round trip: the way back failed${(f.roundtrip.because ?? []).map((b) => `\n  ${b}`).join("")}`);
  return lines;
}

/** What the summary says of a round trip: a failed way back is never "lossless". */
export function roundTripNote(rt: RoundTrip): string {
  if (rt.failed) return "failed";
  const n = rt.patch.length + (rt.files ?? []).reduce((k, x) => k + x.patch.length, 0);
  return n === 0 ? "lossless" : `${n} difference${n === 1 ? "" : "s"}`;
}

/** Whether a round trip lost anything (for --strict): a difference, or a way back that failed. */
export function roundTripLost(rt: RoundTrip | undefined): boolean {
  return rt !== undefined && roundTripNote(rt) !== "lossless";
}

export function formatOperation(file: string, op: PatchOperation): string {
  // A file of the input (an agent file of a MAS manifest) the way back did not give again.
  if (op.path === "" && op.op === "replace" && op.value === null) return `${file}: round trip: the way back gave no such file`;
  const value = "value" in op ? " " + truncate(JSON.stringify(op.value)) : "";
  const from = "from" in op ? ` from ${op.from}` : "";
  return `${file}: round trip: ${op.op} ${op.path === "" ? "(the whole file)" : op.path}${from}${value}`;
}

function truncate(s: string | undefined): string {
  if (s === undefined) return "";
  return s.length > 100 ? s.slice(0, 97) + "..." : s;
}
