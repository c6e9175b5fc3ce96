// `agentport convert DIR… --to X -o OUTDIR`: the batch path of convert.
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE, defaultJobs, partDiagnostic, planBatch, runBatch, withoutParts, type BatchFileResult, type BatchPool } from "../node/batch.js";
import { diagnostic } from "../ir/diagnostics.js";
import { registerOutputRoot } from "../node/write.js";
import { fileOptions, type ConvertArgs } from "./convert-command.js";
import { EXIT } from "./exit.js";
import type { CliIO } from "./io.js";
import { formatDiagnostic } from "./report.js";

export interface BatchArgs extends ConvertArgs {
  include?: string[];
  exclude?: string[];
  jobs?: number;
  /** Draw a progress bar (stderr is a terminal). */
  progress: boolean;
  /** Worker threads to run on instead of starting new ones (tests run many folders on one pool). */
  pool?: BatchPool;
}

const n = (x: number) => x.toLocaleString("en-US");

export async function runBatchConvert(args: BatchArgs, io: CliIO): Promise<number> {
  if (args.output === undefined || args.bundle || args.inputs.includes("-")) {
    const d = diagnostic("usage-error", { message: args.output === undefined ? "converting a folder needs -o OUTDIR" : "folders cannot be combined with --bundle or stdin", hint: "e.g. agentport convert manifests/ --to caplo -o out/" });
    if (args.json) io.out(JSON.stringify({ outputs: [], diagnostics: [d] }, null, 2) + "\n");
    else io.err(formatDiagnostic(d) + "\n");
    return EXIT.invalid;
  }
  registerOutputRoot(args.output);
  const planned = planBatch(args.inputs, args.output, args.include?.length ? args.include : DEFAULT_INCLUDE, [...DEFAULT_EXCLUDE, ...(args.exclude ?? [])]);
  // An app's agent files are converted with its MAS manifest, not a second time alone.
  const { tasks, parts } = withoutParts(planned, args.maxBytes);
  const jobs = Math.max(1, args.jobs ?? defaultJobs());
  const outputs: { name: string; format: string; path: string }[] = [];
  const diagnostics: BatchFileResult["diagnostics"] = [];
  if (!args.json && !args.quiet) for (const p of parts) io.err(formatDiagnostic(partDiagnostic(p)) + "\n");
  let lastDraw = 0;
  const summary = await runBatch(
    tasks,
    args.to,
    { ...fileOptions(args), bundle: false, force: args.force, ...(args.json ? {} : { render: args.quiet ? ("quiet-text" as const) : ("text" as const) }) },
    jobs,
    (r, done) => {
      if (args.json) {
        // Only what the JSON needs is kept: documents are on disk, not in memory.
        outputs.push(...r.written);
        diagnostics.push(...r.diagnostics.filter((d) => d.severity !== "info"));
      } else {
        // One write per file: thousands of small writes would make the main thread the bottleneck.
        const text = (args.progress ? "\r\x1b[K" : "") + (r.text ?? "");
        if (text) io.err(text);
        const now = Date.now();
        if (args.progress && (now - lastDraw > 100 || done === tasks.length)) {
          lastDraw = now;
          const width = 30;
          const filled = Math.round((done / Math.max(1, tasks.length)) * width);
          io.err(`[${"#".repeat(filled)}${".".repeat(width - filled)}] ${n(done)}/${n(tasks.length)}`);
        }
      }
    },
    args.pool,
  );
  summary.files += parts.length;
  summary.skipped += parts.length;
  const line = `converted ${n(summary.converted)}, with warnings ${n(summary.withWarnings)}, failed ${n(summary.failed)}${summary.skipped > 0 ? `, skipped ${n(summary.skipped)}` : ""}`;
  if (args.json) io.out(JSON.stringify({ outputs, diagnostics, summary: { ...summary } }, null, 2) + "\n");
  else {
    if (args.progress) io.err("\r\x1b[K");
    if (!args.quiet) io.err(`agentport: ${line}\n`);
  }
  return summary.worst;
}
