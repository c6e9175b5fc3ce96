// The options only mas reads: the CLI builds its flags and help from these, the
// library takes them as EmitOptions.extractPrompts.
import type { FormatOption } from "../types.js";

export const OPTIONS: readonly FormatOption[] = [
  {
    key: "extractPrompts",
    flag: "extract-prompts",
    type: "string",
    describe: "mas target: write prompts to files under this relative folder",
    // A folder run's inputs each write theirs under <folder>/<input stem> (FormatOption.folder).
    folder: true,
    // The prompt files go under the output's folder, never beside or above it (user trial 17 T5).
    check: (v) => (v.startsWith("/") || /^[A-Za-z]:[\\/]/.test(v) || v.startsWith("\\") || v.split(/[\\/]/).includes("..") ? "needs a relative folder inside the output folder (no .. and not absolute)" : undefined),
  },
];
