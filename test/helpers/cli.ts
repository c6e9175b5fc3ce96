// Runs the CLI in-process with captured stdout/stderr, and what the CLI tests share:
// the example they convert and folders for their outputs.
import { runCli } from "../../src/cli/run.js";
import { tempDir } from "./tmp.js";

/** The example bundle the report, policy and SARIF tests convert (a path relative to the project). */
export const EXAMPLE_BUNDLE = "examples/support-bundle.caplo.json";

/** Output folders for a CLI test file: each call makes a fresh one, removed when the test that made it ends. */
export function cliTemp(name: string): () => string {
  return () => tempDir(`agentport-${name}-`);
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function cli(args: string[], stdin = ""): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t), readStdin: () => stdin });
  return { code, stdout, stderr };
}
