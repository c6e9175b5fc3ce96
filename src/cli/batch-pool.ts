// The worker threads of a folder conversion. The rule the pool keeps: a run ends
// when every file has exactly one result — never earlier (an idle or crashed
// worker cannot end it: the bug this file replaced ended runs early and reported
// "converted 0, failed 0"), never later. A worker that crashes fails the files it
// held (internal error) and is replaced while files remain.
import { createRequire } from "node:module";
import type { Worker } from "node:worker_threads";
import { convertOne, internalFailure, type BatchFileOptions, type BatchFileResult, type BatchTask } from "./batch.js";

/** What a worker is sent: the run's settings travel with each piece, so one pool serves runs with different options. */
export interface WorkerMessage {
  /** Echoed in the reply, so each answer is matched to its piece whatever the order. */
  id: number;
  to: string;
  options: BatchFileOptions;
  tasks: BatchTask[];
}

export interface WorkerReply {
  id: number;
  results: BatchFileResult[];
}

/** node:worker_threads, loaded when a folder run starts its first worker: a one-file conversion never needs it (~5 ms of start-up, docs/performance.md). */
let workerClass: typeof Worker | undefined;
const WorkerThread = (): typeof Worker => (workerClass ??= (createRequire(import.meta.url)("node:worker_threads") as typeof import("node:worker_threads")).Worker);

/** Live worker threads, so an interrupted run can stop them before it sweeps their temp files. */
const liveWorkers = new Set<Worker>();
/** Set once an interruption stops the workers: a worker that dies then is not replaced. */
let stopping = false;

/** Stops every batch worker of this process (on SIGINT/SIGTERM), so none writes after the sweep. */
export async function stopWorkers(): Promise<void> {
  stopping = true;
  await Promise.all([...liveWorkers].map((w) => w.terminate()));
  liveWorkers.clear();
}

/** A smaller young generation per worker keeps a two-worker batch's peak RSS flat (docs/performance.md). */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** Most files per message: one message per file would cost as much as converting it. */
const MAX_CHUNK = 16;
/** Pieces in flight per worker, so a worker never waits for the main thread. */
const IN_FLIGHT = 2;
/**
 * Starting a worker thread costs about as much as converting 50 small files on the main
 * thread (measured: 0.2–0.3 s to a worker's first result), so each worker needs at least
 * this many files to pay for itself.
 */
export const MIN_FILES_PER_WORKER = 32;

/** How many worker threads a folder of `files` files gets with `--jobs jobs`; below 2, it converts on the main thread. */
export function workersFor(files: number, jobs: number): number {
  const n = Math.min(jobs, Math.floor(files / MIN_FILES_PER_WORKER));
  return n >= 2 ? n : 0;
}

/** Files per message: small batches are spread over every worker, large ones go in MAX_CHUNK pieces. */
export function chunkSize(files: number, workers: number): number {
  return Math.max(1, Math.min(MAX_CHUNK, Math.ceil(files / (workers * IN_FLIGHT))));
}

export interface BatchPool {
  readonly size: number;
  /** Converts the tasks on up to `jobs` of the pool's workers, calling `record` once per task. One run at a time. */
  run(tasks: readonly BatchTask[], to: string, options: BatchFileOptions, jobs: number, record: (r: BatchFileResult) => void): Promise<void>;
  /** Stops the workers. */
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  /** Pieces sent and not yet answered, by message id. */
  held: Map<number, BatchTask[]>;
  gone: boolean;
}

interface Run {
  tasks: readonly BatchTask[];
  to: string;
  options: BatchFileOptions;
  chunk: number;
  next: number;
  results: number;
  record: (r: BatchFileResult) => void;
  done: () => void;
}

/** A pool of `size` worker threads running `workerUrl` (started when a run first needs them). */
export function createPool(workerUrl: URL, size: number): BatchPool {
  const slots: (Slot | undefined)[] = Array.from({ length: size }, () => undefined);
  let current: Run | undefined;
  let ids = 0;

  const take = (run: Run, r: BatchFileResult) => {
    if (current !== run) return;
    run.results++;
    run.record(r);
    if (run.results === run.tasks.length) {
      current = undefined;
      run.done();
    }
  };
  const feed = (i: number) => {
    const run = current;
    const slot = slots[i];
    if (!run || !slot || slot.gone) return;
    while (slot.held.size < IN_FLIGHT && run.next < run.tasks.length) {
      const piece = run.tasks.slice(run.next, run.next + run.chunk);
      run.next += piece.length;
      const message: WorkerMessage = { id: ids++, to: run.to, options: run.options, tasks: piece };
      slot.held.set(message.id, piece);
      slot.worker.postMessage(message);
    }
  };
  const start = (i: number): Slot => {
    const worker = new (WorkerThread())(workerUrl, { resourceLimits: WORKER_LIMITS });
    const slot: Slot = { worker, held: new Map(), gone: false };
    slots[i] = slot;
    liveWorkers.add(worker);
    const fail = (e: unknown) => {
      if (slot.gone) return;
      slot.gone = true;
      if (slots[i] === slot) slots[i] = undefined;
      void worker.terminate();
      const run = current;
      const lost = [...slot.held.values()];
      slot.held.clear();
      if (!run) return;
      for (const piece of lost) for (const t of piece) take(run, internalFailure(t, e));
      // Files remain: a new worker takes this one's place.
      if (current === run && !stopping && run.next < run.tasks.length) {
        start(i);
        feed(i);
      }
    };
    worker.on("message", ({ id, results }: WorkerReply) => {
      const piece = slot.held.get(id) ?? [];
      slot.held.delete(id);
      const run = current;
      if (!run) return;
      piece.forEach((t, k) => take(run, results[k]?.file === t.file ? results[k] : internalFailure(t, new Error("the worker returned no result for this file"))));
      feed(i);
    });
    worker.on("error", fail);
    worker.on("exit", (code) => {
      liveWorkers.delete(worker);
      fail(new Error(`the worker thread stopped (exit code ${code})`));
    });
    return slot;
  };

  return {
    size,
    run(tasks, to, options, jobs, record) {
      if (current) return Promise.reject(new Error("a batch pool runs one batch at a time"));
      if (tasks.length === 0) return Promise.resolve();
      const used = Math.max(1, Math.min(jobs, size, tasks.length));
      return new Promise<void>((done) => {
        current = { tasks, to, options, chunk: chunkSize(tasks.length, used), next: 0, results: 0, record, done };
        for (let i = 0; i < used; i++) {
          if (!slots[i] || slots[i]!.gone) start(i);
          feed(i);
        }
      });
    },
    async close() {
      const all = slots.filter((s): s is Slot => s !== undefined);
      for (const s of all) s.gone = true;
      slots.fill(undefined);
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}

/** Converts the tasks on this thread, yielding now and then so Ctrl-C / SIGTERM are handled mid-batch. */
export async function runInProcess(tasks: readonly BatchTask[], to: string, options: BatchFileOptions, record: (r: BatchFileResult) => void): Promise<void> {
  for (const [i, t] of tasks.entries()) {
    if (i % 16 === 15) await new Promise((r) => setImmediate(r));
    let r: BatchFileResult;
    try {
      r = convertOne(t, to, options);
    } catch (e) {
      r = internalFailure(t, e);
    }
    record(r);
  }
}
