// A small argument parser for well-formed command lines, so a plain conversion
// does not pay yargs' start-up (~40 ms, most of a run). Anything it is not sure
// about (help, an unknown or malformed option, a missing value) returns
// undefined, and the caller hands the command line to yargs for the canonical
// behaviour and messages.
import { COMMANDS, GLOBAL_OPTIONS, type OptionSpec, type ParsedArgs } from "./options.js";

export function fastParse(argv: readonly string[], formatIds: readonly string[]): { command: string; args: ParsedArgs } | undefined {
  const cmd = COMMANDS.find((c) => c.name === argv[0]);
  if (!cmd) return undefined;
  const specs = [...GLOBAL_OPTIONS, ...cmd.options];
  const byName = new Map<string, OptionSpec>();
  for (const s of specs) {
    byName.set(s.name, s);
    if (s.alias) byName.set(s.alias, s);
  }
  const args: ParsedArgs = {};
  for (const s of specs) if (s.default !== undefined) args[s.name] = s.default;
  const positionals: string[] = [];
  let i = 1;
  let onlyPositionals = false;
  while (i < argv.length) {
    const tok = argv[i]!;
    if (onlyPositionals || tok === "-" || !tok.startsWith("-")) {
      positionals.push(tok);
      i++;
      continue;
    }
    if (tok === "--") {
      onlyPositionals = true;
      i++;
      continue;
    }
    const long = tok.startsWith("--");
    let name = long ? tok.slice(2) : tok.slice(1);
    let inline: string | undefined;
    const eq = name.indexOf("=");
    if (eq !== -1) {
      inline = name.slice(eq + 1);
      name = name.slice(0, eq);
    }
    if (!long && name.length !== 1) return undefined;
    let spec = byName.get(name);
    let negated = false;
    if (!spec && long && name.startsWith("no-")) {
      spec = byName.get(name.slice(3));
      negated = spec?.type === "boolean";
      if (!negated) return undefined;
    }
    if (!spec) return undefined;
    i++;
    if (spec.type === "boolean") {
      if (inline !== undefined) {
        if (inline !== "true" && inline !== "false") return undefined;
        args[spec.name] = (inline === "true") !== negated;
      } else args[spec.name] = !negated;
      continue;
    }
    const values: string[] = [];
    if (inline !== undefined) values.push(inline);
    else if (spec.array) {
      while (i < argv.length && !argv[i]!.startsWith("-")) values.push(argv[i++]!);
    } else if (i < argv.length && (argv[i] === "-" || !argv[i]!.startsWith("-"))) values.push(argv[i++]!);
    if (values.length === 0) return undefined;
    if (spec.type === "number") {
      const n = Number(values[0]);
      if (values.length !== 1 || !Number.isFinite(n) || values[0]!.trim() === "") return undefined;
      args[spec.name] = n;
    } else if (spec.array) {
      const prior = args[spec.name];
      args[spec.name] = [...(Array.isArray(prior) ? prior : []), ...values];
    } else if (spec.repeatable) {
      const prior = args[spec.name];
      args[spec.name] = [...(Array.isArray(prior) ? prior : []), values[0]!];
    } else {
      if (args[spec.name] !== undefined && !spec.array) return undefined;
      if (spec.choices && !spec.choices.includes(values[0]!)) return undefined;
      if (spec.formatChoice && !formatIds.includes(values[0]!)) return undefined;
      args[spec.name] = values[0]!;
    }
  }
  for (const s of specs) if (s.required && args[s.name] === undefined) return undefined;
  if (cmd.positional) {
    if (positionals.length === 0) return undefined;
    args[cmd.positional] = positionals;
  } else if (positionals.length > 0) return undefined;
  return { command: cmd.name, args };
}
