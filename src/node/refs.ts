// File references (mas prompt files, tool manifests), read for the pure core.
// Confined to the manifest's folder: "..", absolute paths and symlinks that land
// outside are refused unless the user allows it; only regular files are read
// (never a directory, FIFO or device, which could block or flood).
import { readFileSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import type { ReadFile } from "../adapters/types.js";

export interface ReadFileOptions {
  /** Allow references that resolve outside `baseDir`. */
  allowOutside?: boolean;
  /** Largest file read, in bytes (default 10 MB). */
  maxBytes?: number;
}

function inside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel === "" || (!rel.startsWith(".." + sep) && rel !== ".." && !isAbsolute(rel));
}

export function makeReadFile(baseDir: string, options: ReadFileOptions = {}): ReadFile {
  const root = safeRealpath(resolve(baseDir)) ?? resolve(baseDir);
  const max = options.maxBytes ?? 10 * 1024 * 1024;
  return (ref: string) => {
    if (ref.includes("\0")) return { ok: false, code: "ref-not-found", message: `"${ref}" is not a valid path` };
    const outsideMsg = `"${ref}" resolves outside the manifest's folder; pass --allow-outside-refs to allow it`;
    if (!options.allowOutside && isAbsolute(ref)) return { ok: false, code: "ref-outside-root", message: outsideMsg };
    const target = resolve(root, ref);
    if (!options.allowOutside && !inside(root, target)) return { ok: false, code: "ref-outside-root", message: outsideMsg };
    const real = safeRealpath(target);
    // Named relative to the manifest's folder: a message never carries this machine's absolute paths.
    if (real === undefined) return { ok: false, code: "ref-not-found", message: `"${ref}" does not exist (looked for ${shown(root, target)} in the manifest's folder)` };
    if (!options.allowOutside && !inside(root, real)) return { ok: false, code: "ref-outside-root", message: `"${ref}" is a link that points outside the manifest's folder; pass --allow-outside-refs to allow it` };
    let st;
    try {
      st = statSync(real);
    } catch {
      return { ok: false, code: "ref-not-found", message: `"${ref}" cannot be read` };
    }
    if (!st.isFile()) return { ok: false, code: "ref-not-found", message: `"${ref}" is not a regular file` };
    if (st.size > max) return { ok: false, code: "ref-not-found", message: `"${ref}" is larger than ${max} bytes` };
    try {
      return { ok: true, text: readFileSync(real, "utf8") };
    } catch (e) {
      return { ok: false, code: "ref-not-found", message: `"${ref}" cannot be read: ${(e as Error).message}` };
    }
  };
}

/** A path as seen from the manifest's folder, with forward slashes. */
function shown(root: string, p: string): string {
  return relative(root, p).split(sep).join("/") || ".";
}

function safeRealpath(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}
