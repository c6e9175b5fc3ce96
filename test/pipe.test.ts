// A reader that goes away early (`agentport … | head`) ends the output quietly: no unhandled EPIPE,
// no stack trace, the command's own exit code. Through the built executable, as a shell runs it.
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { tempDir } from "./helpers/tmp.js";

function runClosingEarly(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(process.cwd(), "dist/agentport.mjs"), ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString("utf8")));
    // The reader goes away before the first byte (as `| head -c 0`, or a head that has read
    // enough before a later write): every write to stdout then meets a closed pipe.
    child.stdout.destroy();
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("stdout closed by its reader", () => {
  for (const format of [["--format", "sarif"], ["--json"]]) {
    it(`${format.join(" ")}: exit 0, nothing about EPIPE`, async () => {
      const out = tempDir("agentport-pipe-");
      const r = await runClosingEarly(["convert", "examples/support-bundle.caplo.json", "--to", "agentmug", "-o", out + "/", ...format]);
      expect(r.stderr).not.toMatch(/EPIPE|Unhandled|at .*agentport/);
      expect(r.code).toBe(0);
    });
  }
});
