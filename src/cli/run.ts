// The CLI as a function of (argv, io) → exit code, so tests run it in-process.
import yargs from "yargs";
import { diagnostic } from "../ir/diagnostics.js";
import { EXIT } from "./exit.js";
import type { CliIO } from "./io.js";
import { formatDiagnostic } from "./report.js";
import { runConvert } from "./convert-command.js";
import { runDetect, runFormats, runValidate } from "./inspect-commands.js";
import { ADAPTERS } from "../adapters/registry.js";
import { runBatchConvert } from "./batch-command.js";
import { statSync } from "node:fs";

function isDirectory(p: string): boolean {
  try {
    return p !== "-" && statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export async function runCli(argv: readonly string[], io: CliIO, env: { stderrIsTTY?: boolean } = {}): Promise<number> {
  let code: number | undefined;
  // yargs may call a handler before reporting a validation failure; run it only after parsing succeeded.
  let pending: (() => number | Promise<number>) | undefined;
  let usageError: string | undefined;
  const debug = argv.includes("--debug");
  const formatIds = ADAPTERS.map((a) => a.id);
  try {
    // yargs swallows a lone "-" positional; carry stdin through under a sentinel.
    const STDIN = "\u0000stdin";
    const fromSentinel = (xs: unknown): string[] => (xs as string[]).map((x) => (x === STDIN ? "-" : String(x)));
    const cli = yargs(argv.map((x) => (x === "-" ? STDIN : x)))
      .scriptName("agentport")
      .usage("$0 <command> [options]\n\nConvert AI-agent manifests between Caplo v2, AgentMug v1 and mas/v1, reporting exactly what did not carry over.")
      .exitProcess(false)
      .strict()
      .help()
      .version(false)
      .option("json", { type: "boolean", default: false, describe: "print one JSON object on stdout" })
      .option("debug", { type: "boolean", default: false, describe: "print stack traces of internal errors" })
      .option("max-bytes", { type: "number", describe: "refuse inputs larger than this (default 10 MB)" })
      .command(
        "convert <inputs..>",
        "convert manifests to another format",
        (y) =>
          y
            .positional("inputs", { type: "string", array: true, demandOption: true, describe: "files, or - for stdin" })
            .option("to", { type: "string", choices: formatIds, demandOption: true, describe: "target format" })
            .option("from", { type: "string", choices: formatIds, describe: "source format (detected from content when omitted)" })
            .option("output", { alias: "o", type: "string", describe: "output file, or folder (DIR/) for several outputs" })
            .option("strict", { type: "boolean", default: false, describe: "exit 1 and write nothing when any warning is raised" })
            .option("bundle", { type: "boolean", default: false, describe: "merge all inputs into one bundle (Caplo AgentBundle)" })
            .option("include-private", { type: "boolean", default: false, describe: "keep AgentMug private brain/memory" })
            .option("lenient", { type: "boolean", default: false, describe: "convert schema-invalid inputs, reporting each violation as a warning" })
            .option("force", { type: "boolean", default: false, describe: "replace existing output files" })
            .option("allow-secrets", { type: "boolean", default: false, describe: "write credential-shaped strings into publishable files (AgentMug) anyway" })
            .option("allow-outside-refs", { type: "boolean", default: false, describe: "allow file references outside the manifest's folder" })
            .option("exported-at", { type: "string", describe: "timestamp for AgentMug exportedAt (default: the source's, else 1970-01-01T00:00:00Z)" })
            .option("extract-prompts", { type: "string", describe: "mas target: write prompts to files under this relative folder" })
            .option("quiet", { alias: "q", type: "boolean", default: false, describe: "hide info diagnostics and the summary" })
            .option("include", { type: "string", array: true, describe: "folders: glob of files to convert (default **/*.{json,yaml,yml,agent})" })
            .option("exclude", { type: "string", array: true, describe: "folders: glob of files to skip" })
            .option("jobs", { alias: "j", type: "number", describe: "folders: worker threads (default: the core count)" }),
        (a) => {
          const convertArgs = {
              inputs: fromSentinel(a.inputs),
              to: a.to,
              ...(a.from ? { from: a.from } : {}),
              ...(a.output !== undefined ? { output: a.output } : {}),
              json: a.json,
              strict: a.strict,
              bundle: a.bundle,
              includePrivate: a["include-private"],
              lenient: a.lenient,
              force: a.force,
              allowOutsideRefs: a["allow-outside-refs"],
              allowSecrets: a["allow-secrets"],
              ...(a["exported-at"] ? { exportedAt: a["exported-at"] } : {}),
              ...(a["max-bytes"] !== undefined ? { maxBytes: a["max-bytes"] } : {}),
              ...(a["extract-prompts"] ? { extractPrompts: a["extract-prompts"] } : {}),
              quiet: a.quiet,
          };
          const inputs = convertArgs.inputs;
          pending = () =>
            inputs.some(isDirectory)
              ? runBatchConvert({ ...convertArgs, ...(a.include ? { include: a.include as string[] } : {}), ...(a.exclude ? { exclude: a.exclude as string[] } : {}), ...(a.jobs !== undefined ? { jobs: a.jobs } : {}), progress: env.stderrIsTTY === true && !a.json }, io)
              : runConvert(convertArgs, io);
        },
      )
      .command(
        "validate <inputs..>",
        "check manifests against their official schema",
        (y) => y.positional("inputs", { type: "string", array: true, demandOption: true }).option("from", { type: "string", choices: formatIds }),
        (a) => {
          pending = () => runValidate(fromSentinel(a.inputs), { ...(a.from ? { from: a.from } : {}), json: a.json, ...(a["max-bytes"] !== undefined ? { maxBytes: a["max-bytes"] } : {}) }, io);
        },
      )
      .command(
        "detect <inputs..>",
        "tell each manifest's format",
        (y) => y.positional("inputs", { type: "string", array: true, demandOption: true }),
        (a) => {
          pending = () => runDetect(fromSentinel(a.inputs), { json: a.json, ...(a["max-bytes"] !== undefined ? { maxBytes: a["max-bytes"] } : {}) }, io);
        },
      )
      .command("formats", "list the formats", () => {}, (a) => {
        pending = () => runFormats({ json: a.json }, io);
      })
      .demandCommand(1, "name a command: convert, validate, detect or formats")
      .fail((msg, err) => {
        if (err) throw err;
        usageError = msg;
      })
      .wrap(Math.min(100, process.stdout.columns ?? 100));
    const parsed = cli.parseSync();
    if (usageError !== undefined) {
      const d = diagnostic("usage-error", { message: usageError, hint: "agentport --help" });
      if (argv.includes("--json")) io.out(JSON.stringify({ outputs: [], diagnostics: [d] }, null, 2) + "\n");
      else io.err(formatDiagnostic(d) + "\n");
      return EXIT.invalid;
    }
    if (pending) code = await pending();
    if (code === undefined && (parsed.help || argv.includes("--help"))) return EXIT.ok;
    return code ?? EXIT.ok;
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    io.err(`agentport: internal error: ${msg.split("\n")[0]} — please report it${debug ? "" : " (run with --debug for the trace)"}\n`);
    if (debug && e instanceof Error && e.stack) io.err(e.stack + "\n");
    return EXIT.internal;
  }
}
