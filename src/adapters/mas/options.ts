// The options only mas reads: the CLI builds its flags and help from these, the
// library takes them as EmitOptions.extractPrompts.
import type { FormatOption } from "../types.js";

export const OPTIONS: readonly FormatOption[] = [
  { key: "extractPrompts", flag: "extract-prompts", type: "string", describe: "mas target: write prompts to files under this relative folder" },
];
