// Runs the CLI in-process with captured stdout/stderr.
import { runCli } from "../../src/cli/run.js";

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
