// One batch worker thread: converts the files it is sent, one at a time.
import { parentPort, workerData } from "node:worker_threads";
import { convertOne, internalFailure, type BatchFileOptions, type BatchTask } from "./batch.js";

const { to, options } = workerData as { to: string; options: BatchFileOptions };
parentPort!.on("message", (task: BatchTask) => {
  try {
    parentPort!.postMessage(convertOne(task, to, options));
  } catch (e) {
    parentPort!.postMessage(internalFailure(task, e));
  }
});
