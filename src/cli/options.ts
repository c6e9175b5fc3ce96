// The CLI's commands and options, declared once: yargs is configured from this
// table, and the fast argument path (fast-args.ts) parses by it. The options one
// format reads are its adapter's declarations (Adapter.options), and help texts
// that name formats are built from the registry.
import { ADAPTERS } from "../adapters/registry.js";
import type { FormatOption, FormatOptionKey } from "../adapters/types.js";

export type OptionType = "boolean" | "string" | "number";

export interface OptionSpec {
  name: string;
  type: OptionType;
  describe: string;
  alias?: string;
  array?: boolean;
  default?: boolean;
  /** The value must be a format id. */
  formatChoice?: boolean;
  required?: boolean;
  /** A string option that may be given several times (and takes comma-separated values): collected into a list. */
  repeatable?: boolean;
  /** The value must be one of these. */
  choices?: readonly string[];
  /** Declared by a format's adapter: the library option it sets, and the check of its value. */
  format?: { id: string; key: FormatOptionKey; check?: FormatOption["check"]; roundTrip?: boolean; folder?: true };
}

/** Every format's own options, in registry order, as CLI options. */
export const FORMAT_OPTIONS: readonly OptionSpec[] = ADAPTERS.flatMap((a) =>
  (a.options ?? []).map((o): OptionSpec => ({
    name: o.flag,
    type: o.type,
    describe: o.describe,
    ...(o.type === "boolean" ? { default: false } : {}),
    format: { id: a.id, key: o.key, ...(o.check ? { check: o.check } : {}), ...(o.roundTrip ? { roundTrip: true } : {}), ...(o.folder ? { folder: true as const } : {}) },
  })),
);

/** "A, B and C". */
function listed(xs: readonly string[]): string {
  return xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
}

const BUNDLES = ADAPTERS.flatMap((a) => (a.bundles && a.bundleName ? [a.bundleName] : [])).join(", ");
const PUBLISHABLE = listed(ADAPTERS.filter((a) => a.publishable).map((a) => a.label));

export interface CommandSpec {
  name: "convert" | "validate" | "detect" | "formats";
  describe: string;
  /** Name of the variadic positional (at least one value), if any. */
  positional?: string;
  options: readonly OptionSpec[];
}

/** Where the files a manifest refers to may be read from (docs/cli.md, Roots): convert and validate read them alike. */
export const ROOT_OPTIONS: readonly OptionSpec[] = [
  { name: "allow-outside-refs", type: "boolean", default: false, describe: "allow file references outside the root" },
  { name: "root", type: "string", describe: "folder every file read must stay inside (default: the folder converted; for a file, its folder, or its app's when a manifest up to 3 folders above lists it as its part)" },
];

export const GLOBAL_OPTIONS: readonly OptionSpec[] = [
  { name: "json", type: "boolean", default: false, describe: "print one JSON object on stdout" },
  { name: "debug", type: "boolean", default: false, describe: "print stack traces of internal errors" },
  { name: "max-bytes", type: "number", describe: "refuse inputs larger than this (default 10 MB)" },
  { name: "version", type: "boolean", describe: "print agentport's version" },
];

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: "convert",
    describe: "convert manifests (files, folders or - for stdin) to another format",
    positional: "inputs",
    options: [
      { name: "to", type: "string", formatChoice: true, required: true, describe: "target format" },
      { name: "from", type: "string", formatChoice: true, describe: "source format (detected from content when omitted)" },
      { name: "output", alias: "o", type: "string", describe: "output file, or folder (DIR/) for several outputs" },
      { name: "strict", type: "boolean", default: false, describe: "exit 1 and write nothing when any warning is raised" },
      { name: "bundle", type: "boolean", default: false, describe: `merge all inputs into the target's multi-agent document (${BUNDLES})` },
      { name: "lenient", type: "boolean", default: false, describe: "convert schema-invalid inputs, reporting each violation as a warning" },
      { name: "force", type: "boolean", default: false, describe: "replace existing output files" },
      { name: "stash", type: "boolean", default: true, describe: "carry values the target cannot hold in its x-agentport extension slot (--no-stash: drop and report them)" },
      { name: "allow-secrets", type: "boolean", default: false, describe: `write credential-shaped strings into publishable files (${PUBLISHABLE}) anyway` },
      ...ROOT_OPTIONS,
      { name: "syntax", type: "string", describe: "write json or yaml (default: the input's syntax when converting to its own format, else the target's usual one)" },
      ...FORMAT_OPTIONS,
      { name: "ledger", type: "string", describe: "write one JSON row per source value (exact/transformed/defaulted/stashed/dropped) to this file" },
      { name: "verify-roundtrip", type: "boolean", default: false, describe: "convert back and print every value that did not survive as an RFC 6902 operation (with --strict: exit 1)" },
      { name: "quiet", alias: "q", type: "boolean", default: false, describe: "print errors only" },
      // Reporting and policies (docs/cli.md, docs/diagnostics.md).
      { name: "verbose", type: "boolean", default: false, describe: "also list every note (info diagnostic) and the exact-carry figures" },
      { name: "format", type: "string", choices: ["text", "json", "sarif"], describe: "report as text (default), json (same as --json) or sarif (a SARIF 2.1.0 log on stdout)" },
      { name: "error", type: "string", repeatable: true, describe: "make findings of this code or effect (behaviour, metadata, representation) errors: exit 1, nothing written" },
      { name: "warn", type: "string", repeatable: true, describe: "make findings of this code warnings" },
      { name: "ignore", type: "string", repeatable: true, describe: "set aside findings of this code, or at input pointers matching this glob (/agents/*/greeting)" },
      { name: "baseline", type: "string", describe: "accepted findings: written when FILE is missing; else --strict and --error count only findings not in it" },
      { name: "config", type: "string", describe: "policy file to use instead of looking up agentport.config.json / package.json \"agentport\"" },
      { name: "include", type: "string", array: true, describe: "folders: glob of files to convert (default **/*.{json,yaml,yml,agent})" },
      { name: "exclude", type: "string", array: true, describe: "folders: glob of files to skip" },
      { name: "jobs", alias: "j", type: "number", describe: "folders: worker threads (default: the core count)" },
    ],
  },
  { name: "validate", describe: "check manifests against their official schema", positional: "inputs", options: [{ name: "from", type: "string", formatChoice: true, describe: "format to validate against" }, ...ROOT_OPTIONS] },
  { name: "detect", describe: "tell each manifest's format", positional: "inputs", options: [] },
  { name: "formats", describe: "list the formats", options: [] },
];

/** Parsed arguments, keyed by long option name (and the positional's name). */
export type ParsedArgs = Record<string, string | number | boolean | string[] | undefined>;
