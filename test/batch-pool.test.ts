// The folder worker pool's one rule: a run ends when every file has exactly one
// result. Checked with a stand-in worker (plain JS, no conversion) that answers,
// answers late (out of order), or crashes on chosen files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chunkSize, createPool, MIN_FILES_PER_WORKER, workersFor, type BatchPool } from "../src/cli/batch-pool.js";
import type { BatchFileResult, BatchTask } from "../src/cli/batch.js";

const WORKER = `
import { parentPort } from "node:worker_threads";
parentPort.on("message", ({ id, tasks }) => {
  const answer = () => parentPort.postMessage({ id, results: tasks.map((t) => ({ file: t.file, code: t.file.includes("bad") ? 2 : 0, warnings: 0, written: [], diagnostics: [] })) });
  if (tasks.some((t) => t.file.includes("crash"))) process.exit(7);
  if (tasks.some((t) => t.file.includes("slow"))) setTimeout(answer, 30);
  else answer();
});
`;

let dir: string;
let pool: BatchPool;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "agentport-pool-"));
  writeFileSync(join(dir, "worker.mjs"), WORKER);
  pool = createPool(pathToFileURL(join(dir, "worker.mjs")), 4);
});

afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

async function runOn(files: string[], jobs: number): Promise<BatchFileResult[]> {
  const results: BatchFileResult[] = [];
  const tasks: BatchTask[] = files.map((file) => ({ file, outDir: "unused" }));
  await pool.run(tasks, "caplo", {}, jobs, (r) => results.push(r));
  return results;
}

describe("the batch worker pool", () => {
  it("gives every file exactly one result, for every count and worker count", async () => {
    for (let n = 0; n <= 40; n++) {
      const files = Array.from({ length: n }, (_, i) => `f${i}${i % 3 === 0 ? "-bad" : ""}${i % 7 === 0 ? "-slow" : ""}`);
      for (const jobs of [1, 2, 4]) {
        const results = await runOn(files, jobs);
        expect(results.map((r) => r.file).sort(), `${n} files, ${jobs} workers`).toEqual([...files].sort());
        expect(results.filter((r) => r.code === 2).length).toBe(files.filter((f) => f.includes("bad")).length);
      }
    }
  });

  it("fails the files a crashed worker held (internal error) and goes on with a new worker", async () => {
    const files = Array.from({ length: 30 }, (_, i) => (i === 4 ? "f4-crash" : `f${i}`));
    const results = await runOn(files, 2);
    expect(results.map((r) => r.file).sort()).toEqual([...files].sort());
    const crashed = results.filter((r) => r.code === 3);
    // The crashed worker's piece (the crash file and the files sent with it) fails, nothing else.
    expect(crashed.map((r) => r.file)).toContain("f4-crash");
    expect(crashed.length).toBeLessThanOrEqual(2 * chunkSize(30, 2));
    expect(crashed[0]!.diagnostics[0]!.code).toBe("internal-error");
    expect(crashed[0]!.diagnostics[0]!.message).toMatch(/worker thread stopped \(exit code 7\)/);
    expect(results.filter((r) => r.code === 0).length).toBe(30 - crashed.length);
    // The pool is whole again for the next run.
    expect((await runOn(["a", "b", "c"], 4)).length).toBe(3);
  });

  it("uses threads only when each gets enough files to pay for starting it", () => {
    expect(workersFor(0, 4)).toBe(0);
    expect(workersFor(2 * MIN_FILES_PER_WORKER - 1, 4)).toBe(0);
    expect(workersFor(2 * MIN_FILES_PER_WORKER, 4)).toBe(2);
    expect(workersFor(100 * MIN_FILES_PER_WORKER, 4)).toBe(4);
    expect(workersFor(100 * MIN_FILES_PER_WORKER, 1)).toBe(0);
    expect(chunkSize(17, 2)).toBe(5);
    expect(chunkSize(10_000, 2)).toBe(16);
    expect(chunkSize(1, 4)).toBe(1);
  });
});
