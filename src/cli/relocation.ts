// Where a single conversion's outputs land (-o DIR/, an existing folder, or a file's folder), so
// references in agents written there are rewritten to still name their files (EmitOptions.relocateFrom).
import { existsSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { relativeDir } from "./batch.js";
import type { FileConvertOptions } from "../node/files.js";

export function relocation(output: string | undefined): Pick<FileConvertOptions, "relocateFrom"> {
  // No -o: the documents go to stdout or into --json, and count as written in the input's folder.
  if (output === undefined || output === "") return {};
  const dir = output.endsWith("/") || (existsSync(output) && statSync(output).isDirectory()) ? output : dirname(output);
  return { relocateFrom: (file) => (file === undefined || file === "<stdin>" ? undefined : relativeDir(dir, dirname(file))) };
}
