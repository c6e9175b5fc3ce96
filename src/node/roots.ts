// The root a conversion's file reads are confined to, when --root does not name
// one. Never the current folder: a manifest in an untrusted download must not
// reach ~/.ssh because the user ran agentport from their home folder.
//  - a folder converted: that folder;
//  - a single input: its own folder, widened to its app's folder when a manifest a
//    few folders up (a mas kind: MAS at the app's root) lists it among its parts,
//    so `../tools/x.tool.yaml` from `agents/` reads without --allow-outside-refs.
import { closeSync, fstatSync, openSync, readdirSync, readSync, realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { partsOf } from "../parts.js";
import { homedir } from "./os-lazy.js";

/** How many folders above an input a manifest listing it is looked for. */
export const APP_ROOT_LEVELS = 3;
/** Manifests larger than this are not read while looking (an app manifest is a few KB). */
const MAX_MANIFEST_BYTES = 1024 * 1024;
const MANIFEST_NAME = /\.(ya?ml|json)$/i;

export interface Root {
  dir: string;
  /** What it is, for messages. */
  label: string;
}

/** The default root of a single input file: its app's folder if a manifest up to APP_ROOT_LEVELS folders above lists it, else its own folder. */
export function defaultRoot(file: string): Root {
  const app = appRootOf(file);
  return app ? { dir: app, label: "the app's folder (where the manifest that lists it is)" } : { dir: dirname(resolve(file)), label: `the folder of ${basename(file)}` };
}

/** The nearest folder above `file` (at most APP_ROOT_LEVELS up) holding a manifest that reads `file` as its part. */
export function appRootOf(file: string): string | undefined {
  const self = real(resolve(file));
  if (self === undefined) return undefined;
  const home = real(homedir());
  let dir = dirname(self);
  for (let level = 1; level <= APP_ROOT_LEVELS; level++) {
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
    // An app's root is never the home folder or the file system's root.
    if (dir === home || dirname(dir) === dir) return undefined;
    if (listsAsPart(dir, self)) return dir;
  }
  return undefined;
}

/** Whether a manifest directly in `dir` lists `file` (a real path) among its parts. */
function listsAsPart(dir: string, file: string): boolean {
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile() && MANIFEST_NAME.test(e.name)).map((e) => e.name).sort();
  } catch {
    return false;
  }
  for (const name of names) {
    const text = readSmall(join(dir, name));
    if (text === undefined) continue;
    for (const ref of partsOf(text)) {
      if (real(resolve(dir, ref)) === file) return true;
    }
  }
  return false;
}

/**
 * The bytes of an open file of `size` bytes as stat told it, read up to its end: a file that
 * shrank since is what is left of it, and one that grew is read no further than `size`.
 */
export function readOpen(fd: number, size: number): Buffer {
  const buf = Buffer.alloc(size);
  let off = 0;
  while (off < size) {
    const n = readSync(fd, buf, off, size - off, off);
    if (n === 0) break;
    off += n;
  }
  return buf.subarray(0, off);
}

/** A regular file's text, or undefined when it is larger than MAX_MANIFEST_BYTES or unreadable. */
export function readSmall(path: string, max = MAX_MANIFEST_BYTES): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > max) return undefined;
    return readOpen(fd, st.size).toString("utf8");
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function real(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}
