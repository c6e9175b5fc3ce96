// The only place the CLI touches stdout/stderr/stdin, so commands stay testable in-process.
import { readFileSync } from "node:fs";

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  readStdin(): string;
}

export const processIO: CliIO = {
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
  readStdin: () => readFileSync(0, "utf8"),
};
