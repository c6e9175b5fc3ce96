// Runs the built CLI as a real process under a memory cap and a time limit.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

export const BIN = join(process.cwd(), "dist/cli/main.js");

export interface BinRun {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function runBin(args: string[], opts: { cwd?: string; input?: string; timeoutMs?: number } = {}): BinRun {
  if (!existsSync(BIN)) throw new Error("dist/ is missing: run npm run build (npm test does)");
  const t = Date.now();
  const r = spawnSync(process.execPath, ["--max-old-space-size=256", "--stack-size=984", BIN, ...args], {
    cwd: opts.cwd ?? process.cwd(),
    input: opts.input ?? "",
    encoding: "utf8",
    timeout: opts.timeoutMs ?? 20_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout ?? "", stderr: r.stderr ?? "", ms: Date.now() - t };
}

/** The promises every refused input must keep. */
export function expectRefused(r: BinRun, outDir: string | undefined, expect: (v: unknown, msg?: string) => { toBe(x: unknown): void; toMatch(x: RegExp): void; toEqual(x: unknown): void; not: { toMatch(x: RegExp): void } }, located = true): void {
  expect(r.status, r.stderr).toBe(2);
  expect(r.stderr).toMatch(/ error [a-z-]+ /);
  if (located) expect(r.stderr).toMatch(/:\d+:\d+ error /);
  // no stack trace
  expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  if (outDir !== undefined && existsSync(outDir)) expect(readdirSync(outDir)).toEqual([]);
}
