// "did you mean …?" for a mistyped command or option: the closest known name within a small
// edit distance, so `--too` points at `--to` and `conver` at `convert`, as git and npm do.
import { COMMANDS, GLOBAL_OPTIONS } from "./options.js";
import { closest } from "../text/closest.js";

export { closest };

/** "a, b and c". */
function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * A usage failure of the command line parser in the user's words: an unknown command is named as
 * a command (not "Unknown arguments: to, conver, …", which calls the options after it unknown too),
 * and yargs' "Not enough non-option arguments" and "Missing required argument: to" say what to give;
 * then the closest known name for each mistyped one (withSuggestions).
 */
export function usageMessage(message: string, argv: readonly string[], formatIds: readonly string[], formatLabels: Readonly<Record<string, string>> = {}): string {
  const first = argv.find((a) => !a.startsWith("-"));
  const commands: string[] = COMMANDS.map((c) => c.name);
  if (first !== undefined && argv[0] === first && !commands.includes(first) && /^Unknown arguments?: /.test(message)) {
    const c = closest(first, commands);
    return c ? `unknown command "${first}" (${first}: did you mean ${c}?)` : `unknown command "${first}"; the commands are ${listed(commands)}`;
  }
  const command = COMMANDS.find((c) => c.name === first);
  // Only convert walks folders (src/cli/batch.ts); validate and detect read the files named.
  const what = (command?.name ?? "convert") === "convert" ? "files or folders" : "files";
  const noInput = `no input named: give one or more ${what}, or - for stdin (agentport ${command?.name ?? "convert"} <${command?.positional ?? "inputs"}..>)`;
  if (/^Not enough non-option arguments/.test(message)) return noInput;
  if (/^Missing required argument: to$/.test(message)) {
    const to = `--to is required: the format to convert to (${listed(formatIds).replace(/ and /, " or ")})`;
    // yargs checks options before inputs; the inputs come first on the line and in the usage (fresh9 finding 15).
    return command?.positional !== undefined && !namesInput(argv) ? `${noInput}; and ${to}` : to;
  }
  return withSuggestions(message, argv, formatIds, formatLabels);
}

/** Whether the command line (its command first) names an input: a word that is no option and no option's value. */
function namesInput(argv: readonly string[]): boolean {
  const command = COMMANDS.find((c) => c.name === argv[0]);
  const specs = [...GLOBAL_OPTIONS, ...(command?.options ?? [])];
  const takesValue = (name: string) => specs.some((s) => (s.name === name || s.alias === name) && s.type !== "boolean");
  for (let i = 1; i < argv.length; i++) {
    const tok = argv[i]!;
    if (tok === "--") return i + 1 < argv.length;
    if (tok === "-" || !tok.startsWith("-")) return true;
    if (!tok.includes("=") && takesValue(tok.replace(/^--?/, ""))) i++;
  }
  return false;
}

/** yargs' way of listing values in a message: each JSON-quoted, joined by ", ". */
const stringified = (xs: readonly string[]) => xs.map((x) => JSON.stringify(x)).join(", ");

/**
 * yargs' "Invalid values:" block (a value not among an option's choices: a mistyped format) as one
 * line per option, in the words of the other usage errors (`--syntax is json or yaml, not "yml"`):
 * `--to is caplo, agentmug, mas or agentspec, not "agentmg" (did you mean --to agentmug?)`.
 * Undefined when the message is not that block.
 */
function invalidValues(message: string, formatIds: readonly string[], formatLabels: Readonly<Record<string, string>>): string | undefined {
  if (!/^Invalid values:\n/.test(message)) return undefined;
  const said: string[] = [];
  for (const line of message.split("\n").slice(1)) {
    // '  Argument: to, Given: "agentmg", Choices: "caplo", "agentmug", …': the choices are the option's own, so
    // the given values are what lies between, whatever they hold (a value may contain ", Choices: ").
    const m = /^\s*Argument: ([\w-]+), Given: (.*)$/.exec(line);
    const spec = m && [...GLOBAL_OPTIONS, ...COMMANDS.flatMap((c) => c.options)].find((o) => o.name === m[1]);
    const choices = spec?.formatChoice ? formatIds : spec?.choices;
    const tail = `, Choices: ${stringified(choices ?? [])}`;
    if (!m || !choices || !m[2]!.endsWith(tail)) return undefined;
    let given: unknown[];
    try {
      given = JSON.parse(`[${m[2]!.slice(0, -tail.length)}]`) as unknown[];
    } catch {
      return undefined;
    }
    for (const g of given) {
      const near = closest(String(g), choices) ?? (spec?.formatChoice ? byLabel(String(g), formatLabels) : undefined);
      said.push(`--${m[1]} is ${listed(choices).replace(/ and ([^ ]+)$/, " or $1")}, not ${JSON.stringify(String(g))}${near ? ` (did you mean --${m[1]} ${near}?)` : ""}`);
    }
  }
  return said.length ? said.join("; ") : undefined;
}

/** A name's letters and digits, lower case, without a version at its end (`Open Agent Spec` → openagentspec, `Caplo v2` → caplo). */
const bare = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, "").replace(/v[0-9]+$/, "");

/**
 * The format a value names by its label rather than its id (`open-agent-spec`: the label Open Agent
 * Spec, id agentspec), where no id is near it: the one format whose label, bare, is the value bare.
 */
function byLabel(value: string, labels: Readonly<Record<string, string>>): string | undefined {
  const v = bare(value);
  const hits = Object.keys(labels).filter((id) => v !== "" && bare(labels[id] as string) === v);
  return hits.length === 1 ? hits[0] : undefined;
}

/**
 * The long option a short unknown flag is likely to be: `-t` is `--to`, the one option of the
 * command whose name starts with t; with several (`-v`: --verbose or --version) or none (`-x`), no guess.
 */
function shortFlag(letter: string, options: readonly string[]): string | undefined {
  const starting = options.filter((o) => o[0]?.toLowerCase() === letter.toLowerCase());
  return starting.length === 1 ? starting[0] : undefined;
}

/**
 * yargs' "Unknown argument(s): a, b" in the user's words, with a suggestion for each name that is
 * close to a command (first word only) or to an option of the command given (or any command's), or
 * that is a value of one option (`--sarif`: `--format sarif`). Each name is written as typed:
 * `--too`; yargs names a short flag by its letter (`-s`: "s") and a one-dash word by each of its
 * letters (`-xs`: "x" and "s"), written back as the one token typed, and answered as typed, never as
 * a long option nobody wrote (`--t`); the camelCase twin yargs adds (`includePrivat` beside
 * `include-privat`) is left out.
 */
export function withSuggestions(message: string, argv: readonly string[], formatIds: readonly string[] = [], formatLabels: Readonly<Record<string, string>> = {}): string {
  const values = invalidValues(message, formatIds, formatLabels);
  if (values !== undefined) return values;
  const m = /^Unknown arguments?: (.+)$/.exec(message);
  if (!m) return message;
  const command = COMMANDS.find((c) => c.name === argv[0]);
  const specs = [...GLOBAL_OPTIONS, ...(command ? command.options : COMMANDS.flatMap((c) => c.options))];
  const options = specs.map((o) => o.name);
  const end = argv.indexOf("--");
  const flags = end === -1 ? argv : argv.slice(0, end);
  const words = m[1]!.split(", ");
  const kebab = (w: string) => w.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
  const named: string[] = [];
  const hints: string[] = [];
  const answered = new Set<string>();
  for (const word of words) {
    const typedAsOption = flags.some((a) => a === `--${word}` || a.startsWith(`--${word}=`));
    // yargs' camelCase alias of a kebab-case name it also lists: not typed, not named.
    if (!typedAsOption && /[A-Z]/.test(word) && words.includes(kebab(word))) continue;
    // A one-dash token holding this letter: `-t`, or a word such as `-to` or `-strict`.
    const short = word.length === 1 ? flags.find((a) => /^-[^-]/.test(a) && a.split("=")[0]!.slice(1).includes(word)) : undefined;
    if (typedAsOption) {
      named.push(`--${word}`);
      // A value of exactly one option, typed as an option (`--sarif`: `--format sarif`).
      const owners = options.includes(word) ? [] : specs.filter((o) => o.choices?.includes(word));
      const o = options.includes(word) ? undefined : closest(word, options);
      // An option of other commands only (validate --lenient): which ones take it, not a near name of this one's.
      const elsewhere = command && !options.includes(word) ? COMMANDS.filter((c) => c !== command && c.options.some((x) => x.name === word)).map((c) => c.name) : [];
      if (owners.length === 1) hints.push(`--${word}: did you mean --${owners[0]!.name} ${word}?`);
      else if (elsewhere.length > 0) hints.push(`--${word} is an option of ${elsewhere.join(" and ")}, not of ${command!.name}`);
      else if (o) hints.push(`--${word}: did you mean --${o}?`);
    } else if (short !== undefined) {
      const typed = short.split("=")[0]!;
      if (answered.has(typed)) continue;
      answered.add(typed);
      named.push(typed);
      const name = typed.slice(1);
      const o = name.length === 1 ? shortFlag(name, options) : options.includes(name) ? name : closest(name, options);
      if (o) hints.push(`${typed}: did you mean --${o}?`);
    } else {
      named.push(word);
      if (!command && word === argv[0]) {
        const c = closest(word, COMMANDS.map((x) => x.name));
        if (c) hints.push(`${word}: did you mean ${c}?`);
      }
    }
  }
  const said = `Unknown argument${named.length === 1 ? "" : "s"}: ${named.join(", ")}`;
  return hints.length ? `${said} (${hints.join("; ")})` : said;
}
