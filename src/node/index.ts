// Node entry: the pure library plus file access (confined references, atomic writes).
export * from "../index.js";
export { makeReadFile } from "./refs.js";
export type { ReadFileOptions } from "./refs.js";
export { writeAll, writeAtomic, checkPlan, WriteRefused } from "./write.js";
export type { FileConvertOptions } from "./files.js";
import { convertFiles as convertFilesRead, type FileConvertOptions } from "./files.js";
import { resultForLibrary } from "../option-words.js";

/** Converts files by path; nothing is written (see writeAll). Its findings in the library's words (src/option-words.ts). */
export function convertFiles(paths: readonly string[], to: string, options: FileConvertOptions = {}, stdinText?: string): ReturnType<typeof convertFilesRead> {
  return resultForLibrary(convertFilesRead(paths, to, options, stdinText), "convertFiles");
}
