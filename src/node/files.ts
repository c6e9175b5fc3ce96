// Files → library inputs: size-checked reads, UTF-8 decoding, per-file confined
// reference readers. Still no terminal access; the CLI is a thin shell over this.
import { openSync, closeSync, fstatSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { convertManyRead, DEFAULT_MAX_BYTES, type ConvertInput, type ConvertOptions, type ConvertResult, type InputRead } from "../convert.js";
import { diagnostic, type Diagnostic } from "../ir/diagnostics.js";
import { makeReadFile, type ReadFileOptions } from "./refs.js";
import type { ReadFile } from "../adapters/types.js";
import { defaultRoot, readOpen, type Root } from "./roots.js";

export interface FileConvertOptions extends ConvertOptions {
  /** Allow file references that resolve outside the root. */
  allowOutsideRefs?: boolean;
  /**
   * The folder every file read is confined to. Default: the input's own folder, or its app's
   * folder when a manifest up to three folders above lists it (src/node/roots.ts); stdin
   * reads no files without it. Never the current folder.
   */
  root?: string;
  /** What `root` is, for messages (default "--root"). */
  rootLabel?: string;
  /** The command reading the files, for messages ("validate"). */
  command?: string;
  /**
   * Files read only to supply parts to the inputs (ConvertInput.supplyOnly): the suppliers beside
   * a file of a folder run. One that cannot be read is left out silently: it is an input of the
   * folder too, whose own conversion says why.
   */
  supplyFrom?: readonly string[];
}

export interface LoadedInput {
  input?: ConvertInput;
  diagnostics: Diagnostic[];
}

/** Reads one input file ("-" is stdin text passed in as `stdinText`). Refuses oversize files before reading them. */
export function loadInput(path: string, options: FileConvertOptions, stdinText?: string): LoadedInput {
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (path === "-") {
    const text = stdinText ?? "";
    // stdin has no folder: its references are read only from a root the user names.
    return { input: { text, file: "<stdin>", ...(options.root !== undefined ? { readFile: makeReadFile(options.root, refOptions(options, options.root)) } : {}) }, diagnostics: [] };
  }
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { diagnostics: [diagnostic("usage-error", { problem: code === "ENOENT" ? `no such file: ${path}` : `cannot open ${path}: ${code ?? "error"}` }, { source: { file: path, pointer: "" } })] };
  }
  try {
    const st = fstatSync(fd);
    // Only convert walks folders (src/cli/batch.ts); validate and detect read the files named.
    // The CLI's validate and detect name their command, and its convert runs a folder; the library's convertFiles reads files only.
    if (st.isDirectory()) return { diagnostics: [diagnostic("usage-error", { problem: options.command === undefined ? `${path} is a folder: convertFiles reads files; list the folder's files (its manifests, e.g. ${path.replace(/[\\/]+$/, "")}/a.json)` : `${path} is a folder: ${options.command} reads files (name them, e.g. ${path.replace(/[\\/]+$/, "")}/*.json); convert converts a folder` }, { source: { file: path, pointer: "" } })] };
    if (!st.isFile()) return { diagnostics: [diagnostic("usage-error", { problem: `${path} is not a regular file` }, { source: { file: path, pointer: "" } })] };
    if (st.size > max) {
      return { diagnostics: [diagnostic("input-too-large", { subject: path, bytes: st.size, max }, { source: { file: path, pointer: "" }, hint: "raise the limit with --max-bytes" })] };
    }
    const bytes = readOpen(fd, st.size);
    if (bytes.includes(0)) {
      return { diagnostics: [diagnostic("invalid-syntax", { problem: `${path} is binary, not JSON or YAML text` }, { source: { file: path, pointer: "", line: 1, column: 1 } })] };
    }
    const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
    return { input: { text, file: path, readFile: onFirstRead(() => makeReadFile(dirname(resolve(path)), refOptions(options, path))) }, diagnostics: [] };
  } finally {
    closeSync(fd);
  }
}

/**
 * A reader made when the first reference is read: finding a single input's default root reads
 * the folders above it (src/node/roots.ts), which a manifest without references never needs.
 */
function onFirstRead(make: () => ReadFile): ReadFile {
  let read: ReadFile | undefined;
  return (ref, written) => (read ??= make())(ref, written);
}

function refOptions(options: FileConvertOptions, path: string): ReadFileOptions {
  const root: Root = options.root !== undefined ? { dir: options.root, label: options.rootLabel ?? "the root (--root)" } : defaultRoot(path);
  return { root: root.dir, rootLabel: root.label, ...(options.allowOutsideRefs ? { allowOutside: true } : {}), ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}) };
}

/**
 * Every file a conversion read, by path: its named inputs and the files their parse read (a MAS
 * app's agent files, prompt files, tool manifests), none of which a write may replace, --force or not.
 */
export function filesRead(inputs: readonly string[], read: readonly InputRead[]): string[] {
  const out = inputs.filter((i) => i !== "-");
  for (const r of read) {
    if (r.file === undefined || r.file === "<stdin>") continue;
    for (const f of r.files ?? []) out.push(resolve(dirname(resolve(r.file)), f.path));
  }
  return out;
}

/** Converts files by path; nothing is written (see writeAll). */
export function convertFiles(paths: readonly string[], to: string, options: FileConvertOptions = {}, stdinText?: string): ConvertResult & { read: InputRead[] } {
  const inputs: ConvertInput[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const p of paths) {
    const l = loadInput(p, options, stdinText);
    diagnostics.push(...l.diagnostics);
    if (l.input) inputs.push(l.input);
  }
  if (diagnostics.some((d) => d.severity === "error")) return { ok: false, outputs: [], diagnostics, read: [] };
  for (const p of options.supplyFrom ?? []) {
    const l = loadInput(p, options, stdinText);
    if (l.input) inputs.push({ ...l.input, supplyOnly: true });
  }
  const r = convertManyRead(inputs, to, options);
  return { ...r, diagnostics: [...diagnostics, ...r.diagnostics] };
}
