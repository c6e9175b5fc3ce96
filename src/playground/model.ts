// The playground's logic without the page: which dropped files are inputs, an in-memory
// readFile over them, the conversion, the order diagnostics are shown in, and where a
// diagnostic points in the outputs. Pure (no DOM), so it is tested in Node as well.
import { detect, formats, type Diagnostic, type ReadFile } from "../index.js";
import { convertManyRead, type ConvertOptions, type ConvertOutput, type InputRead } from "../convert.js";
import { inputFigures, type BehaviourFigures } from "../cli/fidelity-summary.js";
import { stashesIn } from "../ir/ledger.js";
import { effectOf } from "../policy.js";
import { parseText } from "../text/parse.js";
import { dirOf, joinPath, normalisePath as normaliseFilePath } from "../ir/file-paths.js";

export interface PageFile {
  /** A path relative to the dropped folder ("agents/triage.yaml"), or a plain name. */
  name: string;
  text: string;
}

export interface FileKind {
  /** The detected format's id and label; absent for files that are not manifests. */
  format?: string;
  label?: string;
  /** Converted as an input (a manifest, or something meant to be one that does not parse). */
  input: boolean;
  /** What the page says about the file. */
  note: string;
}

const MANIFEST_NAME = /\.(json|ya?ml)$/i;

/**
 * What a file is: a manifest (an input), or a file that manifests refer to (a prompt or skill
 * file), read only through readFile. A lone file is always an input, so pasting anything shows
 * why it does not convert; so is a .json/.yaml file that does not parse.
 */
export function classify(files: readonly PageFile[]): FileKind[] {
  const labels = new Map(formats().map((f) => [f.id, f.label]));
  return files.map((f) => {
    if (f.text.trim() === "") return { input: false, note: "empty" };
    const d = detect(f.text, { file: f.name });
    if (d.format !== undefined && d.diagnostics.length === 0) {
      const label = labels.get(d.format) ?? d.format;
      return { format: d.format, label, input: true, note: label };
    }
    const reason = d.diagnostics[0]?.message ?? "not a manifest";
    if (files.length === 1 || MANIFEST_NAME.test(f.name) || f.name === "") return { input: true, note: reason };
    return { input: false, note: "referenced file (read by the manifests that name it)" };
  });
}

/** A given file's path, "/"-joined with "." and ".." resolved; undefined when it climbs above the files given. */
export function normalisePath(path: string): string | undefined {
  const p = normaliseFilePath(path.replace(/^[\\/]+/, ""));
  return p === ".." || p.startsWith("../") ? undefined : p;
}

/**
 * The files the page holds, read relative to one manifest's folder: the browser's stand-in for
 * agentport/node's makeReadFile. Nothing outside the dropped files can be named.
 */
export function memoryReadFile(files: readonly PageFile[], manifest: string): ReadFile {
  const byPath = new Map<string, string>();
  for (const f of files) {
    const p = normalisePath(f.name);
    if (p !== undefined && !byPath.has(p)) byPath.set(p, f.text);
  }
  const base = dirOf(normalisePath(manifest) ?? "");
  return (path, written) => {
    // As the file that makes the reference writes it (a mas agent file's own ../tools/…), not as the path from the manifest.
    const shown = written?.ref ?? path;
    if (path.startsWith("/") || /^[a-z]:[\\/]/i.test(path)) return { ok: false, code: "ref-outside-root", message: `${shown} is an absolute path; the playground reads only the files you gave it` };
    const at = normalisePath(joinPath(base, path));
    if (at === undefined) return { ok: false, code: "ref-outside-root", message: `${shown} leaves the folder of ${manifest}` };
    const text = byPath.get(at);
    return text === undefined ? { ok: false, code: "ref-not-found", message: `${shown} is not among the files given to the playground (add it beside ${manifest})` } : { ok: true, text };
  };
}

export interface PageOptions {
  to: string;
  includePrivate: boolean;
  /** The "no stash": values the target cannot hold are dropped and reported instead. */
  noStash: boolean;
  bundle: boolean;
  exportedAt?: string;
}

export interface FileFidelity {
  file: string;
  exact: number;
  total: number;
  behaviour: BehaviourFigures;
}

export interface PageResult {
  ok: boolean;
  outputs: ConvertOutput[];
  diagnostics: Diagnostic[];
  fidelity: FileFidelity[];
  /** Files converted as inputs, in order. */
  inputs: string[];
}

/** Converts the page's input files with an in-memory readFile each. */
export function runConversion(files: readonly PageFile[], options: PageOptions): PageResult {
  const kinds = classify(files);
  const chosen = files.filter((_, i) => kinds[i]!.input);
  const inputs = chosen.map((f) => ({ text: f.text, file: f.name, readFile: memoryReadFile(files, f.name) }));
  const convertOptions: ConvertOptions = {
    ...(options.includePrivate ? { includePrivate: true } : {}),
    ...(options.noStash ? { stash: false } : {}),
    ...(options.bundle ? { bundle: true } : {}),
    ...(options.exportedAt ? { exportedAt: options.exportedAt } : {}),
  };
  const r = convertManyRead(inputs, options.to, convertOptions);
  const ok = !r.diagnostics.some((d) => d.severity === "error");
  return { ok, outputs: r.outputs, diagnostics: locateAll(files, r.diagnostics), fidelity: ok ? fidelityOf(r.read, r.diagnostics) : [], inputs: chosen.map((f) => f.name) };
}

/**
 * Diagnostics with line:column filled in where the library gives only a pointer into a file the
 * page holds (values of files that another manifest read, reported while emitting): the page has
 * every file's text, so it can find the place the way the library's own locator does.
 */
function locateAll(files: readonly PageFile[], diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const parsed = new Map<number, ReturnType<typeof parseText>>();
  return diagnostics.map((d) => {
    if (!d.source || d.source.line !== undefined) return d;
    const i = sourceFileIndex(files, d);
    if (i === -1) return d;
    let p = parsed.get(i);
    if (!p) parsed.set(i, (p = parseText(files[i]!.text, files[i]!.name)));
    const pos = p.locate(d.source.pointer);
    return pos ? { ...d, source: { ...d.source, line: pos.line, column: pos.column } } : d;
  });
}

function fidelityOf(read: readonly InputRead[], diagnostics: readonly Diagnostic[]): FileFidelity[] {
  return read.map((input) => {
    const f = inputFigures(input.data, diagnostics, input.file, input.agents, [], stashesIn(input.stashes, input.file));
    return { file: input.file ?? "<input>", exact: f.exact, total: f.total, behaviour: f.behaviour };
  });
}

/** A diagnostic that says the converted agent behaves differently (by its effect; a warning is one too). */
export function isBehaviour(d: Diagnostic): boolean {
  return effectOf(d) === "behaviour" || d.severity !== "info";
}

export interface DiagnosticGroups {
  errors: Diagnostic[];
  /** What the converted agent no longer does, or does differently: shown first. */
  behaviour: Diagnostic[];
  /** Metadata and representation notes: shown folded. */
  notes: Diagnostic[];
}

/** Errors, then behaviour changes, then notes; within a group, the library's order. */
export function groupDiagnostics(diagnostics: readonly Diagnostic[]): DiagnosticGroups {
  const g: DiagnosticGroups = { errors: [], behaviour: [], notes: [] };
  for (const d of diagnostics) {
    if (d.severity === "error") g.errors.push(d);
    else if (isBehaviour(d)) g.behaviour.push(d);
    else g.notes.push(d);
  }
  return g;
}

/** Which page file a diagnostic's source names (files read by another manifest are named relative to it). */
export function sourceFileIndex(files: readonly PageFile[], d: Diagnostic): number {
  const want = d.source?.file;
  if (want === undefined) return files.length === 1 ? 0 : -1;
  const norm = normalisePath(want);
  const exact = files.findIndex((f) => f.name === want || normalisePath(f.name) === norm);
  if (exact !== -1 || norm === undefined) return exact;
  return files.findIndex((f) => (normalisePath(f.name) ?? "").endsWith("/" + norm));
}

export interface OutputPlace {
  output: number;
  /** 1-based line of the target pointer in that output's text, when it was found. */
  line?: number;
  column?: number;
}

/** Where a diagnostic's target pointer lands in the outputs: the output document, and the line there. */
export function locateTarget(outputs: readonly ConvertOutput[], d: Diagnostic): OutputPlace | undefined {
  const t = d.target;
  if (!t) return undefined;
  const output = t.file !== undefined ? outputs.findIndex((o) => o.name === t.file) : outputs.length === 1 ? 0 : -1;
  if (output === -1) return undefined;
  if (t.pointer === undefined) return { output };
  const pos = parseText(outputs[output]!.text, outputs[output]!.name).locate(t.pointer);
  return pos ? { output, line: pos.line, column: pos.column } : { output };
}
