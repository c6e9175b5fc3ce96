// File references (mas prompt files, tool manifests, agent files), read for the
// pure core. A reference is resolved from the manifest's folder and confined to a
// root (`--root`; by default the manifest's folder, the folder converted or the
// app's: src/node/roots.ts): "..", absolute paths and symlinks that land outside
// it are refused unless the user allows it; only regular files are read (never a
// directory, FIFO or device, which could block or flood).
import { readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import type { ReadFile, WrittenRef } from "../adapters/types.js";
import { homedir } from "./os-lazy.js";

export interface ReadFileOptions {
  /** Allow references that resolve outside the root. */
  allowOutside?: boolean;
  /** Largest file read, in bytes (default 10 MB). */
  maxBytes?: number;
  /** The folder every file read must be inside (default: `baseDir`). */
  root?: string;
  /** What the root is, for messages ("the manifest's folder", "the folder converted", "--root"). */
  rootLabel?: string;
}

function inside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel === "" || (!rel.startsWith(".." + sep) && rel !== ".." && !isAbsolute(rel));
}

/** A reader for the references of a manifest in `baseDir`, confined to `options.root` (default `baseDir`). */
export function makeReadFile(baseDir: string, options: ReadFileOptions = {}): ReadFile {
  const base = safeRealpath(resolve(baseDir)) ?? resolve(baseDir);
  const root = options.root === undefined ? base : (safeRealpath(resolve(options.root)) ?? resolve(options.root));
  const max = options.maxBytes ?? 10 * 1024 * 1024;
  return (ref: string, written?: WrittenRef) => {
    // A reference another file makes (a mas agent file of a MAS manifest) reaches here as a path from
    // baseDir; messages quote it as that file writes it, which is what the user finds at the line shown.
    const quoted = written?.ref ?? ref;
    // baseDir is then not the folder of the file the finding is about: "the manifest's folder" would be read as that file's.
    const label = options.rootLabel ?? (options.root !== undefined ? "the root" : written ? "the input's folder" : "the manifest's folder");
    const outside = (target: string, link: boolean) => `"${quoted}" ${link ? "is a link that points" : "resolves"} outside ${label}; ${widen(root, target)}`;
    if (ref.includes("\0")) return { ok: false, code: "ref-not-found", message: `"${quoted}" is not a valid path` };
    if (!options.allowOutside && isAbsolute(ref)) return { ok: false, code: "ref-outside-root", message: outside(ref, false) };
    const target = resolve(base, ref);
    if (!options.allowOutside && !inside(root, target)) return { ok: false, code: "ref-outside-root", message: outside(target, false) };
    const real = safeRealpath(target);
    // Named relative to the manifest's folder: a message never carries this machine's absolute paths.
    if (real === undefined) return { ok: false, code: "ref-not-found", message: `"${quoted}" does not exist (looked for ${shown(base, target)} from ${written ? "the input's folder" : "the manifest's folder"})` };
    if (!options.allowOutside && !inside(root, real)) return { ok: false, code: "ref-outside-root", message: outside(real, true) };
    let st;
    try {
      st = statSync(real);
    } catch {
      return { ok: false, code: "ref-not-found", message: `"${quoted}" cannot be read` };
    }
    if (!st.isFile()) return { ok: false, code: "ref-not-found", message: `"${quoted}" is not a regular file` };
    if (st.size > max) return { ok: false, code: "ref-not-found", message: `"${quoted}" is larger than ${max} bytes` };
    try {
      return { ok: true, text: readFileSync(real, "utf8") };
    } catch (e) {
      return { ok: false, code: "ref-not-found", message: `"${quoted}" cannot be read: ${(e as Error).message}` };
    }
  };
}

/**
 * How to let the file in, without printing absolute paths: the smallest --root that holds
 * both, as a number of folders up from the root — unless that is the home folder or the
 * file system's root, which no app needs (a manifest reaching there is suspect).
 */
function widen(root: string, target: string): string {
  let common = root;
  let up = 0;
  while (!inside(common, target) && dirname(common) !== common) {
    common = dirname(common);
    up++;
  }
  const suspicious = !isAbsolute(target) || dirname(common) === common || common === homedir() || inside(common, homedir());
  const hint = suspicious ? "pass --root DIR if the file belongs to the app" : `pass --root with the app's folder (here ${up} folder${up === 1 ? "" : "s"} up from the root) if the file belongs to the app`;
  // In the CLI's words; the library's entry points name makeReadFile's or convertFiles' options instead (src/option-words.ts).
  return `${hint}, or --allow-outside-refs`;
}

/** A path as seen from a folder, with forward slashes. */
function shown(from: string, p: string): string {
  return relative(from, p).split(sep).join("/") || ".";
}

function safeRealpath(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}
