// --root DIR must name an existing folder: an empty value would silently mean the
// current folder, which is never a root by default (src/node/roots.ts).
import { statSync } from "node:fs";
import { diagnostic } from "../ir/diagnostics.js";
import { EXIT } from "./exit.js";
import type { CliIO } from "./io.js";
import { formatDiagnostic } from "./text-report.js";

/** A usage error (exit 2) when --root is given and is not a folder; undefined when it is fine. */
export function checkRoot(root: string | undefined, json: boolean, io: CliIO, command: "convert" | "validate" = "convert"): number | undefined {
  if (root === undefined) return undefined;
  let ok = false;
  try {
    ok = root !== "" && statSync(root).isDirectory();
  } catch {
    ok = false;
  }
  if (ok) return undefined;
  const d = diagnostic("usage-error", { problem: root === "" ? "--root needs a folder" : `--root ${root} is not a folder` }, { hint: "name the app's folder, e.g. --root my-app/" });
  if (json) io.out(JSON.stringify(command === "validate" ? { valid: false, files: [], diagnostics: [d] } : { outputs: [], diagnostics: [d] }, null, 2) + "\n");
  else io.err(formatDiagnostic(d) + "\n");
  return EXIT.invalid;
}
