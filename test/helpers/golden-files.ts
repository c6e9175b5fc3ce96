// What one conversion of a golden case produces, as files: the output documents
// by name, their extracted files, and diagnostics.json. Expected files live in
// golden/<case>/expected/<target>/ and are compared byte for byte.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, normalize, relative, sep } from "node:path";
import type { ConvertResult } from "../../src/index.js";

export type FileSet = Map<string, string>;

function safeRelative(path: string): string {
  const n = normalize(path).split(sep).join("/");
  if (isAbsolute(path) || n.startsWith("../") || n === "..") throw new Error(`output path escapes the expected folder: ${path}`);
  return n;
}

/** The files a conversion result stands for; a failed conversion is only its diagnostics. */
export function resultFiles(result: ConvertResult): FileSet {
  const files: FileSet = new Map();
  const put = (path: string, text: string) => {
    const p = safeRelative(path);
    if (files.has(p)) throw new Error(`two outputs share the path ${p}`);
    files.set(p, text);
  };
  for (const o of result.outputs) {
    put(o.name, o.text);
    for (const f of o.files ?? []) put(f.path, f.text);
  }
  put("diagnostics.json", JSON.stringify(result.diagnostics, null, 2) + "\n");
  return files;
}

export function readTree(dir: string): FileSet {
  const files: FileSet = new Map();
  if (!existsSync(dir)) return files;
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(relative(dir, full).split(sep).join("/"), readFileSync(full, "utf8"));
    }
  };
  walk(dir);
  return files;
}

export function writeTree(dir: string, files: FileSet): void {
  rmSync(dir, { recursive: true, force: true });
  for (const [path, text] of files) {
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}

export interface TreeMismatch {
  missing: string[];
  stale: string[];
  changed: string[];
}

export function compareTrees(expected: FileSet, actual: FileSet): TreeMismatch {
  return {
    missing: [...actual.keys()].filter((p) => !expected.has(p)),
    stale: [...expected.keys()].filter((p) => !actual.has(p)),
    changed: [...actual.keys()].filter((p) => expected.has(p) && expected.get(p) !== actual.get(p)),
  };
}
