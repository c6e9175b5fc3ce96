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
export function usageMessage(message: string, argv: readonly string[], formatIds: readonly string[]): string {
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
  return withSuggestions(message, argv);
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

/**
 * yargs' "Unknown argument(s): a, b" with a suggestion for each name that is close to a
 * command (first word only) or to an option of the command given (or any command's).
 */
export function withSuggestions(message: string, argv: readonly string[]): string {
  // yargs: 'Invalid values:\n  Argument: to, Given: "agentmgu", Choices: "caplo", "agentmug", …'
  const bad = /Argument: ([\w-]+), Given: "([^"]*)", Choices: (.+)$/m.exec(message);
  if (bad) {
    const choice = closest(bad[2]!, [...bad[3]!.matchAll(/"([^"]*)"/g)].map((x) => x[1]!));
    return choice ? `${message} (did you mean --${bad[1]} ${choice}?)` : message;
  }
  const m = /^Unknown arguments?: (.+)$/.exec(message);
  if (!m) return message;
  const command = COMMANDS.find((c) => c.name === argv[0]);
  const options = [...GLOBAL_OPTIONS, ...(command ? command.options : COMMANDS.flatMap((c) => c.options))].map((o) => o.name);
  const hints: string[] = [];
  for (const word of m[1]!.split(", ")) {
    const typedAsOption = argv.some((a) => a === `--${word}` || a.startsWith(`--${word}=`) || a === `-${word}`);
    if (typedAsOption) {
      const o = options.includes(word) ? undefined : closest(word, options);
      if (o) hints.push(`--${word}: did you mean --${o}?`);
    } else if (!command && word === argv[0]) {
      const c = closest(word, COMMANDS.map((x) => x.name));
      if (c) hints.push(`${word}: did you mean ${c}?`);
    }
  }
  return hints.length ? `${message} (${hints.join("; ")})` : message;
}
