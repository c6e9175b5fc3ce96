// Safe writes under interruption: a batch killed mid-run leaves only complete
// output files (each written to a temp file and renamed into place); SIGTERM and
// SIGINT also remove the run's own temp files.
import { describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { BIN } from "./run-bin.js";
import { adapterFor } from "../../src/adapters/registry.js";
import { tempDir } from "../helpers/tmp.js";

function walk(d: string): string[] {
  // While the run is still writing, a temp file can be renamed between readdir and stat.
  return readdirSync(d).flatMap((e) => {
    const st = statSync(join(d, e), { throwIfNoEntry: false });
    return st === undefined ? [] : st.isDirectory() ? walk(join(d, e)) : [join(d, e)];
  });
}

function corpus(n: number): string {
  const dir = tempDir("agentport-kill-corpus-");
  const r = spawnSync(process.execPath, ["scripts/gen-corpus.mjs", "--count", String(n), "--out", dir], { encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  return dir;
}

async function killMidway(signal: NodeJS.Signals, inputs: string, jobs = "2"): Promise<{ out: string; code: number | null; sig: NodeJS.Signals | null }> {
  const out = tempDir("agentport-kill-out-");
  const child = spawn(process.execPath, [BIN, "convert", inputs, "--to", "agentmug", "-o", out, "--jobs", jobs, "-q"], { stdio: ["ignore", "ignore", "ignore"] });
  // Wait until outputs are being written, then interrupt.
  const started = Date.now();
  while (Date.now() - started < 20_000) {
    await new Promise((r) => setTimeout(r, 25));
    if (walk(out).length > 20) break;
  }
  child.kill(signal);
  const [code, sig] = await new Promise<[number | null, NodeJS.Signals | null]>((r) => child.on("exit", (c, s) => r([c, s])));
  return { out, code, sig };
}

function expectOnlyCompleteFiles(out: string, allowTemps: boolean): number {
  const files = walk(out);
  const mug = adapterFor("agentmug")!;
  let complete = 0;
  for (const f of files) {
    if (f.split("/").pop()!.startsWith(".agentport-tmp-")) {
      expect(allowTemps, `leftover temp file ${f}`).toBe(true);
      continue;
    }
    const doc = JSON.parse(readFileSync(f, "utf8"));
    expect(mug.validate(doc), f).toEqual([]);
    complete++;
  }
  return complete;
}

describe("a conversion killed mid-batch", () => {
  const inputs = corpus(3000);
  it("SIGKILL: every output file that exists is complete and valid", async () => {
    const r = await killMidway("SIGKILL", inputs);
    expect(r.sig).toBe("SIGKILL");
    const n = expectOnlyCompleteFiles(r.out, true);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(3000);
  }, 60_000);
  it("SIGTERM: complete files only, no temp files left, exit 143; a rerun refuses to clobber without --force", async () => {
    const r = await killMidway("SIGTERM", inputs);
    expect(r.code).toBe(143);
    const n = expectOnlyCompleteFiles(r.out, false);
    expect(n).toBeGreaterThan(0);
    const again = spawnSync(process.execPath, [BIN, "convert", inputs, "--to", "agentmug", "-o", r.out, "--jobs", "2", "-q"], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    expect(again.status, again.stderr.slice(-600) + String(again.error)).toBe(2);
    expect(again.stderr).toMatch(/exists; pass --force to replace it/);
    expectOnlyCompleteFiles(r.out, false);
  }, 120_000);
  it("SIGINT on one job (in-process): stops mid-batch, exit 130, complete files only, no temp files", async () => {
    const r = await killMidway("SIGINT", inputs, "1");
    expect(r.code).toBe(130);
    const n = expectOnlyCompleteFiles(r.out, false);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(3000);
  }, 60_000);
});
