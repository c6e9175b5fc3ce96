// One batch worker thread: converts the pieces of a folder it is sent, in order.
import { parentPort } from "node:worker_threads";
import { convertOne, internalFailure, type BatchFileResult } from "./batch.js";
import type { WorkerMessage, WorkerReply } from "./batch-pool.js";

parentPort!.on("message", ({ id, to, options, tasks }: WorkerMessage) => {
  const results: BatchFileResult[] = tasks.map((task) => {
    try {
      return convertOne(task, to, options);
    } catch (e) {
      return internalFailure(task, e);
    }
  });
  const reply: WorkerReply = { id, results };
  parentPort!.postMessage(reply);
});
