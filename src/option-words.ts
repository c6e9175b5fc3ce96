// How a message names an option, in the words of the shell that shows it (docs/decisions.md,
// session 18). agentport's own words name an option by its CLI flag (`--root`, `--from mas`): a
// flag is one unmistakable token, and the CLI shows the words as they are. The library's entry
// points (src/index.ts, src/node/index.ts) respell each flag as the option a library caller
// passes (`the option from: "mas"`), from one table: the options both shells take, and those the
// formats declare (Adapter.options). No raise site writes either spelling by hand.
import { ADAPTERS } from "./adapters/registry.js";
import type { Diagnostic } from "./ir/diagnostics.js";
import { CONVERT_BOTH, FOLDER_PAIRS, NAME_BOTH, NO_FILE_ACCESS, VALIDATE_BOTH } from "./ir/payloads.js";

/** Which library entry the words are for: file access (root, allowOutsideRefs) is convertFiles' own, else makeReadFile's. */
export type LibraryEntry = "convert" | "convertFiles";

interface Spelling {
  /** The CLI flag, without the dashes. */
  flag: string;
  /** The library option it sets. */
  option: string;
  /** The values the flag takes as one word after it, when a message names one (`--from mas`). */
  values?: () => readonly string[];
  /** A file-access option: convertFiles takes it as `option`, makeReadFile as this. */
  reader?: string;
  /** A placeholder the CLI words write after the flag (`--root DIR`), not a value. */
  placeholder?: string;
}

const formatWords = (): string[] => ADAPTERS.flatMap((a) => [a.id, ...(a.aliases ?? [])]);

/** The options both shells take, by flag; the formats' own follow from their declarations. */
const SHARED: readonly Spelling[] = [
  { flag: "from", option: "from", values: formatWords },
  { flag: "syntax", option: "syntax", values: () => ["json", "yaml"] },
  { flag: "lenient", option: "lenient" },
  { flag: "strict", option: "strict" },
  { flag: "bundle", option: "bundle" },
  { flag: "allow-secrets", option: "allowSecrets" },
  { flag: "max-bytes", option: "maxBytes" },
  { flag: "root", option: "root", reader: "root", placeholder: "DIR" },
  { flag: "allow-outside-refs", option: "allowOutsideRefs", reader: "allowOutside" },
];

let table: Map<string, Spelling> | undefined;
function spellings(): Map<string, Spelling> {
  if (table) return table;
  table = new Map(SHARED.map((s) => [s.flag, s]));
  for (const a of ADAPTERS) for (const o of a.options ?? []) if (!table.has(o.flag)) table.set(o.flag, { flag: o.flag, option: o.key });
  return table;
}

/** A flag with the word after it: `--from mas`, `--root DIR`, `--lenient`. */
const FLAG = /(^|[\s(,;])--([a-z][a-z-]*)(?: ([A-Za-z0-9_-]+))?/g;
/** A value quoted as JSON: the user's text, which is never respelled. */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

/** Phrases of the CLI's words that the library says otherwise, whole. */
const PHRASES: readonly (readonly [string, string])[] = [
  [NO_FILE_ACCESS, "pass readFile (agentport/node: makeReadFile, with the app's folder as its root)"],
  [NAME_BOTH, "in one run (convertMany with both inputs)"],
  [FOLDER_PAIRS, "convertFiles of both files pairs them too"],
  [CONVERT_BOTH, "(convertMany with both inputs)"],
  [VALIDATE_BOTH, "(validateMany with both inputs, or convertMany)"],
];
/** convertFiles' own words where they differ: it reads the files itself (a readFile passed is not used for them). */
const FILES_PHRASES: readonly (readonly [string, string])[] = [[NO_FILE_ACCESS, "pass the option root (the folder the references are relative to)"]];

function spellPart(text: string, entry: LibraryEntry): string {
  for (const [cli, library] of entry === "convertFiles" ? [...FILES_PHRASES, ...PHRASES] : PHRASES) text = text.split(cli).join(library);
  return text.replace(FLAG, (all, lead: string, flag: string, next: string | undefined) => {
    const s = spellings().get(flag);
    if (s === undefined) return all;
    const name = s.reader !== undefined && entry === "convert" ? `makeReadFile's option ${s.reader}` : `the option ${s.option}`;
    if (next !== undefined && s.values?.().includes(next)) return `${lead}${name}: "${next}"`;
    if (next !== undefined && next === s.placeholder) return `${lead}${name}`;
    return `${lead}${name}${next === undefined ? "" : ` ${next}`}`;
  });
}

/** The words with each CLI flag respelled as the library option it stands for; quoted values are left as written. */
export function libraryWords(text: string, entry: LibraryEntry): string {
  if (!text.includes("--") && !PHRASES.some(([cli]) => text.includes(cli))) return text;
  let out = "";
  let last = 0;
  for (const m of text.matchAll(QUOTED)) {
    out += spellPart(text.slice(last, m.index), entry) + m[0];
    last = m.index + m[0].length;
  }
  return out + spellPart(text.slice(last), entry);
}

/** A diagnostic as a library caller reads it: message and hint in the library's words, the rest as it is. */
export function forLibrary(d: Diagnostic, entry: LibraryEntry): Diagnostic {
  const message = libraryWords(d.message, entry);
  const hint = d.hint === undefined ? undefined : libraryWords(d.hint, entry);
  if (message === d.message && hint === d.hint) return d;
  return { ...d, message, ...(hint === undefined ? {} : { hint }) };
}

/** A result whose diagnostics a library caller reads. */
export function resultForLibrary<R extends { diagnostics: Diagnostic[]; ignored?: Diagnostic[] }>(r: R, entry: LibraryEntry): R {
  const says = (ds: readonly Diagnostic[] | undefined) => ds?.some((d) => libraryWords(d.message, entry) !== d.message || (d.hint !== undefined && libraryWords(d.hint, entry) !== d.hint)) === true;
  if (!says(r.diagnostics) && !says(r.ignored)) return r;
  return { ...r, diagnostics: r.diagnostics.map((d) => forLibrary(d, entry)), ...(r.ignored === undefined ? {} : { ignored: r.ignored.map((d) => forLibrary(d, entry)) }) };
}
