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
 * When the descriptor refuses a write (a non-blocking pipe that is full), the rest of that text
 * and every later one goes through the stream, which behaves as before. When the reader has gone
 * (EPIPE: `agentport … | head`), nothing more can be said to it: later text is dropped, quietly,
 * as other command-line tools do, never an unhandled error with a stack trace.
 */
function descriptorWriter(fd: number, stream: () => NodeJS.WriteStream): (text: string) => void {
  let viaStream = false;
  let gone = false;
  const viaTheStream = (): NodeJS.WriteStream => {
    const s = stream();
    if (!viaStream) {
      s.on("error", (e: NodeJS.ErrnoException) => {
        if (e.code === "EPIPE") gone = true;
        else throw e;
      });
      viaStream = true;
    }
    return s;
  };
  return (text) => {
    if (gone) return;
    if (viaStream) {
      viaTheStream().write(text);
      return;
    }
    let rest = Buffer.from(text, "utf8");
    try {
      while (rest.length > 0) rest = rest.subarray(writeSync(fd, rest));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EPIPE") {
        gone = true;
        return;
      }
      viaTheStream().write(rest);
    }
  };
}

export const processIO: CliIO = {
  out: descriptorWriter(1, () => process.stdout),
  err: descriptorWriter(2, () => process.stderr),
  readStdin: () => readFileSync(0, "utf8"),
};
