// A one-file CLI run loads no builtin module it does not use: node:crypto (with the streams it brings)
// was about a tenth of the start (docs/performance.md, session 18) and is needed only by a folder
// run's path claims; node:os only for a home folder or a core count. Checked by the modules the
// process loaded (process.moduleLoadList), not by timing.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "./helpers/tmp.js";

const BIN = join(process.cwd(), "dist/agentport-bin.cjs");

/** The builtin modules a CLI run loaded: the bin, run with a preload that prints them at exit. */
function loaded(args: string[]): string[] {
  const probe = "process.on('exit', () => process.stderr.write('\\nMODULES ' + JSON.stringify(process.moduleLoadList) + '\\n'))";
  const r = spawnSync(process.execPath, ["--import", `data:text/javascript,${encodeURIComponent(probe)}`, BIN, ...args], { encoding: "utf8" });
  const line = r.stderr.split("\n").find((l) => l.startsWith("MODULES "));
  expect(line, r.stderr).toBeDefined();
  return JSON.parse(line!.slice("MODULES ".length)) as string[];
}

describe("a one-file CLI run's builtin modules", () => {
  it("converts without loading node:crypto or node:os", () => {
    const out = tempDir("agentport-startup-");
    const mods = loaded(["convert", "golden/mas-extensions/input.yaml", "--to", "caplo", "-o", out + "/", "-q"]);
    expect(mods.some((m) => m === "NativeModule crypto" || m === "NativeModule node:crypto"), "node:crypto").toBe(false);
    expect(mods.some((m) => m === "NativeModule os" || m === "NativeModule node:os"), "node:os").toBe(false);
  });

  it("the probe sees a module a run does load (a folder run's path claims load node:crypto)", () => {
    const out = tempDir("agentport-startup-folder-");
    const mods = loaded(["convert", "golden/caplo-minimal/", "--to", "mas", "-o", out + "/", "-q"]);
    expect(mods.some((m) => /^NativeModule (node:)?crypto$/.test(m))).toBe(true);
  });
});
