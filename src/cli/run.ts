// The CLI as a function of (argv, io) → exit code, so tests run it in-process.
// Well-formed command lines take the fast parser; help, errors and anything
// unusual go through yargs (loaded only then), configured from the same table.
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { diagnostic } from "../ir/diagnostics.js";
import { ADAPTERS, formatIdFor } from "../adapters/registry.js";
import { EXIT } from "./exit.js";
import type { CliIO } from "./io.js";
import { formatDiagnostic } from "./text-report.js";
import { runConvert, type ConvertArgs } from "./convert-command.js";
import { runBatchConvert } from "./batch-command.js";
import type { BatchPool } from "./batch.js";
import { checkRoot } from "./root-option.js";
import { namedTwice, placeProblem } from "./places.js";
import { runDetect, runFormats, runValidate } from "./inspect-commands.js";
import { fastParse } from "./fast-args.js";
import { closest, usageMessage } from "./suggest.js";
import { sarifLog } from "./sarif.js";
import type { Policy } from "../policy.js";
import { COMMANDS, FORMAT_OPTIONS, GLOBAL_OPTIONS, type OptionSpec, type ParsedArgs } from "./options.js";
import type { FormatOptionValues } from "../adapters/types.js";

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
/** A repeatable option's values; codes may also be comma-separated (pointer globs are taken whole). */
const list = (v: unknown): string[] | undefined =>
  v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((x) => (String(x).startsWith("/") ? [String(x)] : String(x).split(","))).map((x) => x.trim()).filter((x) => x !== "");

function dispatch(command: string, a: ParsedArgs, io: CliIO, env: CliEnv): number | Promise<number> {
  const json = a["json"] === true || a["format"] === "json";
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
        formatOptions: formatOptions(a),
        lenient: a["lenient"] === true,
        force: a["force"] === true,
        stash: a["stash"] !== false,
        allowOutsideRefs: a["allow-outside-refs"] === true,
        allowSecrets: a["allow-secrets"] === true,
        quiet: a["quiet"] === true,
        verifyRoundtrip: a["verify-roundtrip"] === true,
      };
      const root = str(a["root"]);
      const badRoot = checkRoot(root, json, io);
      if (badRoot !== undefined) return badRoot;
      if (root !== undefined) args.root = root;
      const ledger = str(a["ledger"]);
      if (ledger !== undefined) args.ledger = ledger;
      const from = str(a["from"]);
      const output = str(a["output"]);
      if (from) args.from = from;
      // `-o -` is stdout, as an input `-` is stdin (a file named "-" is `-o ./-`).
      if (output !== undefined && output !== "-") args.output = output;
      const syntax = str(a["syntax"]);
      if (syntax === "json" || syntax === "yaml") args.syntax = syntax;
      if (maxBytes !== undefined) args.maxBytes = maxBytes;
      Object.assign(args, reportingArgs(a));
      if (!inputs.some(isDirectory)) return runConvert(args, io);
      const include = strs(a["include"]);
      const exclude = strs(a["exclude"]);
      const jobs = num(a["jobs"]);
      return runBatchConvert({ ...args, ...(include ? { include } : {}), ...(exclude ? { exclude } : {}), ...(jobs !== undefined ? { jobs } : {}), progress: env.stderrIsTTY === true && !json, ...(env.batchPool ? { pool: env.batchPool } : {}) }, io);
    }
    case "validate": {
      const from = str(a["from"]);
      const root = str(a["root"]);
      const badRoot = checkRoot(root, json, io, "validate");
      if (badRoot !== undefined) return badRoot;
      return runValidate(inputs, { ...(from ? { from } : {}), json, ...(maxBytes !== undefined ? { maxBytes } : {}), ...(root !== undefined ? { root } : {}), ...(a["allow-outside-refs"] === true ? { allowOutsideRefs: true } : {}) }, io);
    }
    case "detect":
      return runDetect(inputs, { json, ...(maxBytes !== undefined ? { maxBytes } : {}) }, io);
    default:
      return runFormats({ json }, io);
  }
}

/** The options formats declare (Adapter.options), as the library options they set; an empty string is no value. */
function formatOptions(a: ParsedArgs): FormatOptionValues {
  const out: FormatOptionValues = {};
  for (const s of FORMAT_OPTIONS) {
    const v = a[s.name];
    if (!s.format || v === undefined || v === "" || typeof v !== s.type) continue;
    (out as Record<string, unknown>)[s.format.key] = v;
  }
  return out;
}

/** --verbose, --format sarif and the policy options (docs/cli.md). */
function reportingArgs(a: ParsedArgs): Partial<ConvertArgs> {
  const out: Partial<ConvertArgs> = {};
  if (a["verbose"] === true) out.verbose = true;
  if (a["format"] === "sarif") out.sarif = true;
  const policy: Policy = {};
  for (const k of ["error", "warn", "ignore"] as const) {
    const v = list(a[k]);
    if (v?.length) policy[k] = v;
  }
  if (Object.keys(policy).length) out.policy = policy;
  const baseline = str(a["baseline"]);
  if (baseline !== undefined) out.baseline = baseline;
  const config = str(a["config"]);
  if (config !== undefined) out.config = config;
  return out;
}

export async function runCli(given: readonly string[], io: CliIO, env: CliEnv = {}): Promise<number> {
  let argv = given;
  const debug = argv.includes("--debug");
  try {
    const options = argv.indexOf("--") === -1 ? argv : argv.slice(0, argv.indexOf("--"));
    if (options.includes("--version")) {
      io.out(`${packageVersion()}\n`);
      return EXIT.ok;
    }
    const formatIds = ADAPTERS.map((x) => x.id);
    argv = withFormatIds(argv);
    const parsed = fastParse(argv, formatIds) ?? (await yargsParse(argv, formatIds));
    if ("help" in parsed) return EXIT.ok;
    if ("usageError" in parsed) return usageError(commandOf(argv), usageMessage(parsed.usageError, argv, formatIds, Object.fromEntries(ADAPTERS.map((x) => [x.id, x.label]))), argv.includes("--json") || formatIs(argv, "json"), io, argv);
    const problem = checkArgs(parsed.command, parsed.args, argv);
    if (problem !== undefined) return usageError(parsed.command, problem, parsed.args["json"] === true || parsed.args["format"] === "json", io, argv);
    return await dispatch(parsed.command, parsed.args, io, env);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    io.err(`agentport: internal error: ${msg.split("\n")[0]} — please report it${debug ? "" : " (run with --debug for the trace)"}\n`);
    if (debug && e instanceof Error && e.stack) io.err(e.stack + "\n");
    return EXIT.internal;
  }
}

/** The option names whose value is a format id (--to, --from), and their aliases. */
const FORMAT_FLAGS = new Set(COMMANDS.flatMap((c) => c.options).filter((o) => o.formatChoice).flatMap((o) => [`--${o.name}`, ...(o.alias ? [`-${o.alias}`] : [])]));

/**
 * The command line with each format named as its id (`--to AgentMug`, `--to oas`: formatIdFor),
 * before either parser checks it against the ids; options after "--" are inputs, left alone.
 */
function withFormatIds(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf("--");
  return argv.map((x, i) => {
    if (end !== -1 && i >= end) return x;
    const eq = x.indexOf("=");
    if (x.startsWith("--") && eq !== -1 && FORMAT_FLAGS.has(x.slice(0, eq))) return `${x.slice(0, eq + 1)}${formatIdFor(x.slice(eq + 1)) ?? x.slice(eq + 1)}`;
    return i > 0 && FORMAT_FLAGS.has(argv[i - 1]!) ? (formatIdFor(x) ?? x) : x;
  });
}

/** The command a command line names (for the shape of its --json usage error), if any. */
function commandOf(argv: readonly string[]): string | undefined {
  return argv.find((a) => COMMANDS.some((c) => c.name === a));
}

/** `--format F` or `--format=F` among the arguments. */
function formatIs(argv: readonly string[], f: string): boolean {
  return argv.includes(`--format=${f}`) || argv.some((x, i) => x === "--format" && argv[i + 1] === f);
}

/** A usage error, printed as the command's own --json shape (convert's when no command is known), or as a SARIF log. */
function usageError(command: string | undefined, message: string, json: boolean, io: CliIO, argv: readonly string[] = []): number {
  const d = diagnostic("usage-error", { problem: message }, { hint: "agentport --help" });
  if (!json && formatIs(argv, "sarif")) io.out(JSON.stringify(sarifLog([d]), null, 2) + "\n");
  else if (!json) io.err(formatDiagnostic(d) + "\n");
  else if (command === "validate") io.out(JSON.stringify({ valid: false, files: [], diagnostics: [d] }, null, 2) + "\n");
  else if (command === "detect") io.out(JSON.stringify({ files: [], diagnostics: [d] }, null, 2) + "\n");
  else if (command === "formats") io.out(JSON.stringify({ formats: [], diagnostics: [d] }, null, 2) + "\n");
  else io.out(JSON.stringify({ outputs: [], diagnostics: [d] }, null, 2) + "\n");
  return EXIT.invalid;
}

/** What the command line gave for an option, as typed (for messages). */
function typed(argv: readonly string[], spec: OptionSpec): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    for (const flag of [`--${spec.name}`, ...(spec.alias ? [`-${spec.alias}`] : [])]) {
      if (a === flag) return argv[i + 1];
      if (a.startsWith(`${flag}=`)) return a.slice(flag.length + 1);
    }
  }
  return undefined;
}

/** Values both parsers let through but no command can use: a usage error message, or undefined. */
function checkArgs(command: string, a: ParsedArgs, argv: readonly string[]): string | undefined {
  const cmd = COMMANDS.find((c) => c.name === command);
  for (const s of [...GLOBAL_OPTIONS, ...(cmd?.options ?? [])]) {
    const v = a[s.name];
    if (s.type === "number" && v !== undefined) {
      const min = s.name === "jobs" ? 1 : 0;
      if (typeof v !== "number" || !Number.isInteger(v) || v < min) {
        const got = typed(argv, s);
        return `--${s.name} needs a whole number${min > 0 ? ` of at least ${min}` : ""}${got === undefined ? "" : `, not ${JSON.stringify(got)}`}`;
      }
    }
  }
  const inputs = Array.isArray(a["inputs"]) ? a["inputs"] : [];
  // stdin is read once: a second `-` would convert the same text again and write every output twice.
  if (inputs.filter((x) => x === "-").length > 1) return "- (stdin) is named more than once: stdin is read once; name it once";
  if (command !== "convert") return undefined;
  if (a["output"] === "") return "-o needs a file name, or a folder name ending in /";
  // Converted twice, one input would write each output twice (a second under a -2 name), or clash with itself.
  const twice = namedTwice(inputs.map(String));
  if (twice !== undefined) return `${twice[1]} is named twice${twice[0] !== twice[1] ? ` (also as ${twice[0]})` : ""}: it would be converted twice; name it once`;
  // A place to write through an existing file fails only when written (EEXIST, ENOTDIR), after other outputs.
  const output = a["output"];
  const folderRun = inputs.map(String).some(isDirectory);
  if (typeof output === "string" && output !== "-") {
    const problem = placeProblem("-o", output, /[\\/]$/.test(output) || folderRun);
    if (problem !== undefined) return problem;
  }
  for (const name of ["ledger", "baseline"]) {
    const file = a[name];
    // One file, read or written whole: a folder named (ending in /, or one there) fails only at its rename, after the outputs.
    if (typeof file === "string" && file !== "-" && file !== "" && (/[\\/]$/.test(file) || isDirectory(file))) return `--${name} ${file} names a folder; the ${name} is one file: name it (${file.replace(/[\\/]+$/, "")}/${name}.json)`;
    const problem = typeof file === "string" && file !== "-" ? placeProblem(`--${name}`, file, false) : undefined;
    if (problem !== undefined) return problem;
  }
  // A format's folder of files beside the outputs (FormatOption.folder: --extract-prompts) through an existing file.
  if (output !== "-") {
    const outFolder = typeof output !== "string" ? "." : /[\\/]$/.test(output) || folderRun || isDirectory(output) ? output : dirname(output);
    for (const s of FORMAT_OPTIONS) {
      const v = a[s.name];
      if (s.format?.folder !== true || typeof v !== "string" || v === "") continue;
      const problem = placeProblem(`--${s.name}`, join(outFolder, v), true);
      if (problem !== undefined) return problem.replace(`--${s.name} ${join(outFolder, v)}`, `--${s.name} ${v}`);
    }
  }
  for (const name of ["ledger", "baseline"]) if (a[name] === "") return `--${name} needs a file name`;
  // `-` is a standard stream, never a file named "-" (a file named so is ./-, as for -o).
  if (a["baseline"] === "-") return "--baseline - : a baseline is a file read, or written when missing, not a stream; name a file (./- for a file named -)";
  if (a["ledger"] === "-") {
    const json = a["json"] === true || a["format"] === "json";
    const onStdout = json ? "--json" : a["format"] === "sarif" ? "--format sarif" : a["output"] === undefined || a["output"] === "-" ? "the document (no -o)" : undefined;
    if (onStdout !== undefined) return `--ledger - prints the ledger on stdout, which ${onStdout} already holds; name a file for the ledger, or the outputs' place with -o`;
  }
  // An option a format declares does nothing for another target: say so rather than ignore it
  // (one that is also the way back's, roundTrip, counts for --verify-roundtrip from that format).
  const to = a["to"];
  for (const s of FORMAT_OPTIONS) {
    const v = a[s.name];
    if (!s.format || v === undefined || v === false || v === "" || s.format.id === to) continue;
    if (s.format.roundTrip && a["verify-roundtrip"] === true) continue;
    return `--${s.name} is an option of --to ${s.format.id}${s.format.roundTrip ? " (and of --verify-roundtrip from it)" : ""}; --to ${String(to)} does not read it`;
  }
  const syntax = a["syntax"];
  if (syntax !== undefined && syntax !== "json" && syntax !== "yaml") {
    // `yml` (the file suffix) and near misses get the closest syntax, as mistyped formats do.
    const typed = String(syntax);
    const near = typed.toLowerCase() === "yml" ? "yaml" : closest(typed, ["json", "yaml"]);
    return `--syntax is json or yaml, not ${JSON.stringify(syntax)}${near ? ` (did you mean --syntax ${near}?)` : ""}`;
  }
  for (const s of FORMAT_OPTIONS) {
    const v = a[s.name];
    const problem = typeof v === "string" ? s.format?.check?.(v) : undefined;
    if (problem !== undefined) return `--${s.name} ${problem}, not ${JSON.stringify(v)}`;
  }
  return undefined;
}

let version: string | undefined;

/** The version in agentport's package.json, found upward from this module (the bundle lives in dist/, the source in src/cli/). */
function packageVersion(): string {
  if (version !== undefined) return version;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: unknown; version?: unknown };
      if (pkg.name === "agentport" && typeof pkg.version === "string") return (version = pkg.version);
    } catch {
      // not here: one folder up
    }
    dir = dirname(dir);
  }
  return (version = "unknown");
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
    ...(s.choices ? { choices: [...s.choices] } : {}),
  };
}

/** "A, B and C" of the registered formats' labels. */
function listLabels(): string {
  const labels = ADAPTERS.map((a) => a.label);
  return labels.length < 2 ? labels.join("") : `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;
}

export type YargsParsed = { command: string; args: ParsedArgs } | { usageError: string } | { help: true };

/** The canonical parse (help, messages for every malformed command line), configured from the same table as fastParse. */
export async function yargsParse(argv: readonly string[], formatIds: readonly string[]): Promise<YargsParsed> {
  const { default: yargs } = await import("yargs");
  let failure: string | undefined;
  // yargs may call a handler before reporting a validation failure; take its result only after parsing succeeded.
  let got: { command: string; args: ParsedArgs } | undefined;
  // yargs swallows a lone "-" positional; carry stdin through under a sentinel.
  const STDIN = "\u0000stdin";
  let cli = yargs(argv.map((x) => (x === "-" ? STDIN : x)))
    .scriptName("agentport")
    .usage(`$0 <command> [options]\n\nConvert AI-agent manifests between ${listLabels()}, reporting exactly what did not carry over.`)
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
        for (const s of [...GLOBAL_OPTIONS, ...c.options]) if (parsed[s.name] !== undefined) a[s.name] = parsed[s.name] as ParsedArgs[string];
        // yargs gives a missing string value as "" (-o with nothing after it); so does --output=.
        // Inputs after "--" (names that start with "-") are in yargs' "_", after the command's name.
        if (c.positional) a[c.positional] = [...(parsed[c.positional] as unknown[]), ...(parsed["_"] as unknown[]).slice(1)].map((x) => (x === STDIN ? "-" : String(x)));
        got = { command: c.name, args: a };
      },
    );
  }
  await cli
    .demandCommand(1, "name a command: convert, validate, detect or formats")
    .fail((msg, err) => {
      if (err) throw err;
      failure = msg;
    })
    .wrap(Math.min(100, process.stdout.columns ?? 100))
    .parse();
  if (failure !== undefined) return { usageError: failure };
  // No handler ran and nothing failed: yargs printed the help.
  return got ?? { help: true };
}
