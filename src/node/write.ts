// Atomic, never-clobbering writes: each file goes to a temp file in the target
// folder and is renamed into place, so a killed run leaves no partial file.
import { closeSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeSync, existsSync } from "node:fs";
import { dirname, basename, isAbsolute, join, normalize, resolve, sep } from "node:path";

export interface PlannedFile {
  path: string;
  text: string;
}

export class WriteRefused extends Error {}

/**
 * A file an output refers to (an extracted prompt, a copied tool manifest), by its path relative
 * to that output, that would land outside the output's folder (absolute, or climbing out with ..):
 * such a file is never written, whatever option named it.
 */
export function leavesFolder(rel: string): boolean {
  if (isAbsolute(rel) || /^[A-Za-z]:/.test(rel)) return true;
  const n = normalize(rel);
  return n === ".." || n.startsWith(`..${sep}`) || n.startsWith("../");
}

/** Folders this process already created: a batch writes thousands of files into a few folders. */
const madeDirs = new Set<string>();

/** Every temp file name starts with this (plus the pid), so an interrupted run's leftovers are recognisable. */
export const TEMP_PREFIX = ".agentport-tmp-";

/** Output roots of this run, swept for its own temp files when the run is interrupted. */
const outputRoots = new Set<string>();

export function registerOutputRoot(dir: string): void {
  outputRoots.add(resolve(dir));
}

/** Removes this process's temp files under the registered output roots (on SIGINT/SIGTERM). Returns how many. */
export function removeOwnTempFiles(pid = process.pid): number {
  let removed = 0;
  const mine = `${TEMP_PREFIX}${pid}-`;
  const sweep = (dir: string, depth: number): void => {
    if (depth > 64) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) sweep(p, depth + 1);
      else if (e.name.startsWith(mine)) {
        rmSync(p, { force: true });
        removed++;
      }
    }
  };
  for (const r of outputRoots) sweep(existsSync(r) ? r : dirname(r), 0);
  return removed;
}

/** The file at `path` holds exactly `text` (writing it again would change nothing). */
export function holdsText(path: string, text: string): boolean {
  try {
    return readFileSync(path, "utf8") === text;
  } catch {
    return false;
  }
}

function realOrResolved(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
}

/** Checks a whole batch before anything is written: no input overwritten, no existing file replaced without force. */
export function checkPlan(files: readonly PlannedFile[], inputs: readonly string[], force: boolean): void {
  const inputSet = new Set(inputs.map(realOrResolved));
  const seen = new Set<string>();
  for (const f of files) {
    const real = realOrResolved(f.path);
    if (inputSet.has(real)) throw new WriteRefused(`refusing to overwrite the input ${f.path}`);
    if (seen.has(real)) throw new WriteRefused(`two outputs would be written to ${f.path}`);
    seen.add(real);
    if (!force && existsSync(f.path)) throw new WriteRefused(`${f.path} exists; pass --force to replace it`);
  }
}

/** Writes one file atomically: temp file beside it, fsync, rename (or link when not replacing). */
export function writeAtomic(path: string, text: string, force: boolean): void {
  const dir = dirname(resolve(path));
  if (!madeDirs.has(dir)) {
    mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
  }
  const tmp = join(dir, `${TEMP_PREFIX}${process.pid}-${Math.random().toString(36).slice(2)}-${basename(path)}`);
  let fd: number;
  try {
    fd = openSync(tmp, "wx", 0o644);
  } catch (e) {
    // The folder this process made was removed since (a long-lived process, a test reusing a path): make it again.
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    mkdirSync(dir, { recursive: true });
    fd = openSync(tmp, "wx", 0o644);
  }
  try {
    // No fsync: rename is atomic against a killed process, which is the promise;
    // durability across power loss would cost a disk flush per file (10k files: minutes).
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  try {
    if (force) {
      renameSync(tmp, path);
    } else {
      // link() fails if the target appeared meanwhile, so a concurrent file is never clobbered.
      linkSync(tmp, path);
      rmSync(tmp);
    }
  } catch (e) {
    rmSync(tmp, { force: true });
    // Written meanwhile with this very text (a file two outputs of a folder run copy, on two threads): nothing to replace.
    if ((e as NodeJS.ErrnoException).code === "EEXIST" && holdsText(path, text)) return;
    if ((e as NodeJS.ErrnoException).code === "EEXIST") throw new WriteRefused(`${path} exists; pass --force to replace it`);
    throw e;
  }
}

export function writeAll(files: readonly PlannedFile[], inputs: readonly string[], force: boolean): void {
  checkPlan(files, inputs, force);
  for (const f of files) writeAtomic(f.path, f.text, force);
}
