// Node entry: the pure library plus file access (confined references, atomic writes).
export * from "../index.js";
export { makeReadFile } from "./refs.js";
export type { ReadFileOptions } from "./refs.js";
export { writeAll, writeAtomic, checkPlan, WriteRefused } from "./write.js";
export { convertFiles } from "./files.js";
export type { FileConvertOptions } from "./files.js";
