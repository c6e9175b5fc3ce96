// The only place the CLI touches stdout/stderr/stdin, so commands stay testable in-process.
import { readFileSync, writeSync } from "node:fs";

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  readStdin(): string;
}

/**
 * Writes to a standard stream's file descriptor directly, as Node's own stdout does for a file,
 * a pipe or a terminal on Linux (synchronously): `process.stdout` and `process.stderr` are built
 * on first use and load Node's stream modules, ~5 % of a one-file run (docs/performance.md).
 * When the descriptor refuses a write (a non-blocking pipe that is full, a closed pipe), the rest
 * of that text and every later one goes through the stream, which behaves as before.
 */
function descriptorWriter(fd: number, stream: () => NodeJS.WriteStream): (text: string) => void {
  let viaStream = false;
  return (text) => {
    if (viaStream) {
      stream().write(text);
      return;
    }
    let rest = Buffer.from(text, "utf8");
    try {
      while (rest.length > 0) rest = rest.subarray(writeSync(fd, rest));
    } catch {
      viaStream = true;
      stream().write(rest);
    }
  };
}

export const processIO: CliIO = {
  out: descriptorWriter(1, () => process.stdout),
  err: descriptorWriter(2, () => process.stderr),
  readStdin: () => readFileSync(0, "utf8"),
};
