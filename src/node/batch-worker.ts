// One batch worker thread: converts the chunks of files it is sent.
import { parentPort, workerData } from "node:worker_threads";
import { convertOne, internalFailure, type BatchFileOptions, type BatchFileResult, type BatchTask } from "./batch.js";

const { to, options } = workerData as { to: string; options: BatchFileOptions };
parentPort!.on("message", (tasks: BatchTask[]) => {
  const results: BatchFileResult[] = tasks.map((task) => {
    try {
      return convertOne(task, to, options);
    } catch (e) {
      return internalFailure(task, e);
    }
  });
  parentPort!.postMessage(results);
});
