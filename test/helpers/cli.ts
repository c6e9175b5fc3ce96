// Runs the CLI in-process with captured stdout/stderr.
import { runCli } from "../../src/cli/run.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], stdin = ""): CliRun {
  let stdout = "";
  let stderr = "";
  const code = runCli(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t), readStdin: () => stdin });
  return { code, stdout, stderr };
}
