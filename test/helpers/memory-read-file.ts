// In-memory file access for the way back of a round trip: the forward conversion's
// extracted files (mas prompt files) exist only in its result, never on disk.
import type { ReadFile } from "../../src/adapters/types.js";

/** A readFile over files held in memory (extracted prompt files of an earlier conversion). */
export function memoryReadFile(files: ReadonlyMap<string, string>): ReadFile {
  return (path) => {
    const key = path.replace(/^\.\//, "");
    const text = files.get(key);
    return text === undefined ? { ok: false, code: "ref-not-found", message: `${path} was not produced by the forward conversion` } : { ok: true, text };
  };
}
