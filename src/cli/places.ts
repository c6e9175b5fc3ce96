// What convert's command line names as places, checked before anything is read or written
// (session 18): an -o that goes through an existing file, and one input named twice. Both were
// found only later (an EEXIST/ENOTDIR internal error, exit 3; every output written twice).
import { realpathSync, statSync, type Stats } from "node:fs";
import { dirname, resolve } from "node:path";

function stat(p: string): Stats | undefined {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}

/**
 * A place to write through an existing file: a folder named by a file (`-o notes.txt/`, or any -o
 * of a folder run, which is always a folder), or a path under a file (`-o notes.txt/sub/`,
 * `--ledger notes.txt/l.json`). A file named is fine: it is the one written (over, with --force).
 */
export function placeProblem(flag: string, output: string, asFolder: boolean): string | undefined {
  // From the path itself up to the nearest thing that exists: only that one can be a file in the way.
  let p = output.replace(/[\\/]+$/, "");
  if (p === "") return undefined;
  for (let first = true; ; first = false) {
    const s = stat(p);
    if (s !== undefined) {
      if (s.isDirectory()) return undefined;
      if (first) return asFolder ? `${flag} ${output} names an existing file, not a folder` : undefined;
      return `${flag} ${output} is under ${p}, an existing file, not a folder`;
    }
    const up = dirname(p);
    if (up === p) return undefined;
    p = up;
  }
}

/** The same file or folder named twice (spelled alike or not: a/x.json and /abs/a/x.json): the first pair, as typed. */
export function namedTwice(inputs: readonly string[]): [first: string, again: string] | undefined {
  const seen = new Map<string, string>();
  for (const input of inputs) {
    if (input === "-") continue;
    let key = resolve(input);
    try {
      key = realpathSync(key);
    } catch {
      // missing: the conversion says so; the resolved path is its identity meanwhile
    }
    const first = seen.get(key);
    if (first !== undefined) return [first, input];
    seen.set(key, input);
  }
  return undefined;
}
