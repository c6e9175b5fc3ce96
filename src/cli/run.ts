// The CLI as a function of (argv, io) → exit code, so tests run it in-process.
// Well-formed command lines take the fast parser; help, errors and anything
// unusual go through yargs (loaded only then), configured from the same table.
import { statSync } from "node:fs";
import { diagnostic } from "../ir/diagnostics.js";
import { ADAPTERS } from "../adapters/registry.js";
import { EXIT } from "./exit.js";
import type { CliIO } from "./io.js";
import { formatDiagnostic } from "./report.js";
import { runConvert, type ConvertArgs } from "./convert-command.js";
import { runBatchConvert } from "./batch-command.js";
import type { BatchPool } from "../node/batch.js";
import { runDetect, runFormats, runValidate } from "./inspect-commands.js";
import { fastParse } from "./fast-args.js";
import { COMMANDS, GLOBAL_OPTIONS, type OptionSpec, type ParsedArgs } from "./options.js";

export interface CliEnv {
  stderrIsTTY?: boolean;
  /** Folder mode: worker threads to reuse (tests); by default each folder run starts its own. */
  batchPool?: BatchPool;
}

function isDirectory(p: string): boolean {
  try {
    return p !== "-" && statSync(p).isDirectory();
  } catch {
    return false;
  }
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);
const strs = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.map(String) : undefined);

function dispatch(command: string, a: ParsedArgs, io: CliIO, env: CliEnv): number | Promise<number> {
  const json = a["json"] === true;
  const maxBytes = num(a["max-bytes"]);
  const inputs = strs(a["inputs"]) ?? [];
  switch (command) {
    case "convert": {
      const args: ConvertArgs = {
        inputs,
        to: str(a["to"]) ?? "",
        json,
        strict: a["strict"] === true,
        bundle: a["bundle"] === true,
        includePrivate: a["include-private"] === true,
        lenient: a["lenient"] === true,
        force: a["force"] === true,
        stash: a["stash"] !== false,
        allowOutsideRefs: a["allow-outside-refs"] === true,
        allowSecrets: a["allow-secrets"] === true,
        quiet: a["quiet"] === true,
        verifyRoundtrip: a["verify-roundtrip"] === true,
      };
      const ledger = str(a["ledger"]);
      if (ledger !== undefined) args.ledger = ledger;
      const from = str(a["from"]);
      const output = str(a["output"]);
      const exportedAt = str(a["exported-at"]);
      const extract = str(a["extract-prompts"]);
      if (from) args.from = from;
      if (output !== undefined) args.output = output;
      if (exportedAt) args.exportedAt = exportedAt;
      if (maxBytes !== undefined) args.maxBytes = maxBytes;
      if (extract) args.extractPrompts = extract;
      if (!inputs.some(isDirectory)) return runConvert(args, io);
      const include = strs(a["include"]);
      const exclude = strs(a["exclude"]);
      const jobs = num(a["jobs"]);
      return runBatchConvert({ ...args, ...(include ? { include } : {}), ...(exclude ? { exclude } : {}), ...(jobs !== undefined ? { jobs } : {}), progress: env.stderrIsTTY === true && !json, ...(env.batchPool ? { pool: env.batchPool } : {}) }, io);
    }
    case "validate": {
      const from = str(a["from"]);
      return runValidate(inputs, { ...(from ? { from } : {}), json, ...(maxBytes !== undefined ? { maxBytes } : {}) }, io);
    }
    case "detect":
      return runDetect(inputs, { json, ...(maxBytes !== undefined ? { maxBytes } : {}) }, io);
    default:
      return runFormats({ json }, io);
  }
}

export async function runCli(argv: readonly string[], io: CliIO, env: CliEnv = {}): Promise<number> {
  const debug = argv.includes("--debug");
  try {
    const formatIds = ADAPTERS.map((x) => x.id);
    const fast = fastParse(argv, formatIds);
    if (fast) return await dispatch(fast.command, fast.args, io, env);
    return await runWithYargs(argv, io, env, formatIds);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    io.err(`agentport: internal error: ${msg.split("\n")[0]} — please report it${debug ? "" : " (run with --debug for the trace)"}\n`);
    if (debug && e instanceof Error && e.stack) io.err(e.stack + "\n");
    return EXIT.internal;
  }
}

type YargsOptions = Record<string, unknown>;

function yargsOption(s: OptionSpec, formatIds: readonly string[]): YargsOptions {
  return {
    type: s.type,
    describe: s.describe,
    ...(s.alias ? { alias: s.alias } : {}),
    ...(s.array ? { array: true } : {}),
    ...(s.default !== undefined ? { default: s.default } : {}),
    ...(s.formatChoice ? { choices: [...formatIds] } : {}),
    ...(s.required ? { demandOption: true } : {}),
  };
}

async function runWithYargs(argv: readonly string[], io: CliIO, env: CliEnv, formatIds: readonly string[]): Promise<number> {
  const { default: yargs } = await import("yargs");
  let usageError: string | undefined;
  // yargs may call a handler before reporting a validation failure; run it only after parsing succeeded.
  let pending: (() => number | Promise<number>) | undefined;
  // yargs swallows a lone "-" positional; carry stdin through under a sentinel.
  const STDIN = "\u0000stdin";
  let cli = yargs(argv.map((x) => (x === "-" ? STDIN : x)))
    .scriptName("agentport")
    .usage("$0 <command> [options]\n\nConvert AI-agent manifests between Caplo v2, AgentMug v1 and mas/v1, reporting exactly what did not carry over.")
    .exitProcess(false)
    .strict()
    .help()
    .version(false);
  for (const g of GLOBAL_OPTIONS) cli = cli.option(g.name, yargsOption(g, formatIds));
  for (const c of COMMANDS) {
    const usage = c.positional ? `${c.name} <${c.positional}..>` : c.name;
    cli = cli.command(
      usage,
      c.describe,
      (y) => {
        let b = c.positional ? y.positional(c.positional, { type: "string", array: true, demandOption: true }) : y;
        for (const o of c.options) b = b.option(o.name, yargsOption(o, formatIds));
        return b;
      },
      (parsed) => {
        const a: ParsedArgs = {};
        for (const s of [...GLOBAL_OPTIONS, ...c.options]) a[s.name] = parsed[s.name] as ParsedArgs[string];
        if (c.positional) a[c.positional] = (parsed[c.positional] as unknown[]).map((x) => (x === STDIN ? "-" : String(x)));
        pending = () => dispatch(c.name, a, io, env);
      },
    );
  }
  const parsed = await cli
    .demandCommand(1, "name a command: convert, validate, detect or formats")
    .fail((msg, err) => {
      if (err) throw err;
      usageError = msg;
    })
    .wrap(Math.min(100, process.stdout.columns ?? 100))
    .parse();
  if (usageError !== undefined) {
    const d = diagnostic("usage-error", { message: usageError, hint: "agentport --help" });
    if (argv.includes("--json")) io.out(JSON.stringify({ outputs: [], diagnostics: [d] }, null, 2) + "\n");
    else io.err(formatDiagnostic(d) + "\n");
    return EXIT.invalid;
  }
  if (pending) return await pending();
  return (parsed as { help?: boolean }).help || argv.includes("--help") ? EXIT.ok : EXIT.ok;
}
