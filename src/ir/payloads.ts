// What each diagnostic code says, as data, and the one renderer that words it (pandoc's LogMessage
// and showLogMessage are the model). A raiser hands the catalog entry's payload (the value's name,
// the target's label, the parts lost...) to `diagnostic()` or a Reporter method; the message is
// produced only here, from the payload, and only here is it said what became of the value (the
// catalog's `ending`, and the stash's ending in `stashedValue`). Each code's renderer sits in its
// catalog entry (src/ir/diagnostics.ts), which is how the code selects its payload type.
//
// A payload field is typed data wherever a code's messages share a shape (names, labels, lists,
// numbers); a field holding words (`why`, `became`) is the one thing about the mapping that only
// its raiser knows, and reads as a clause of the renderer's sentence.

import type { JsonValue } from "./json.js";

/** A value as a message names it: the source format's own key path (`policy.voiceStyle`, `tools[2]`), `(document)` for the root. */
export type ValueName = string;
/** A format as a message names it: its label (`mas/v1`, `Caplo v2`). */
export type FormatLabel = string;
/** A value shown as written, as JSON (a string in quotes). */
export type Shown = JsonValue;

/** The key a stash rides under, as messages name it (src/ir/stash.ts writes it). */
export const STASH_KEY = "x-agentport";

/**
 * The hint of a file reference a conversion without file access could not read, in the CLI's words
 * (its stdin report finds it by "(the CLI does)"); the library's entry points say it in theirs
 * (src/option-words.ts: pass readFile).
 */
export const NO_FILE_ACCESS = "convert from a file (the CLI does)";

/**
 * How to hand a run a file that supplies parts to another (Adapter.supplies), in the CLI's words;
 * the library's entry points say it in theirs (src/option-words.ts: convertMany).
 */
export const NAME_BOTH = "in one run (agentport convert main.json this-file.json)";
/** And that a folder run pairs them, in the CLI's words (the library: convertFiles of both). */
export const FOLDER_PAIRS = "a folder run pairs it with a main file in the same folder";
/** How to convert a file with the file another names, in the CLI's words (the library: convertMany). */
export const CONVERT_BOTH = "(agentport convert this-file other-file)";
/** And to validate them together, in the CLI's words (the library: validateMany). */
export const VALIDATE_BOTH = "(agentport validate this-file other-file, or convert)";

/** JSON with a space after each ":" and "," (`{"accepts": ["text"]}`), as people write it. */
function show(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(show).join(", ")}]`;
  if (v !== null && typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${show(x)}`).join(", ")}}`;
  return JSON.stringify(v) ?? String(v);
}
const listOf = (parts: readonly string[]): string => parts.join(", ");
const hasHave = (parts: readonly unknown[]): string => (parts.length === 1 ? "has" : "have");
/** The value's name, its value as written and what it is: `tools[0] "search" (an empty list)`. */
const named = (p: { value: ValueName; shown?: Shown; aside?: string }): string => `${p.value}${p.shown === undefined ? "" : ` ${show(p.shown)}`}${p.aside === undefined ? "" : ` (${p.aside})`}`;
const clause = (why?: string): string => (why === undefined ? "" : `, ${why}`);

/** A part of a value that is lost, as the source names it, with what it holds: `URL "x" (not a URI AgentMug accepts)`. */
export interface LostPart {
  part: string;
  shown?: Shown;
  aside?: string;
}

const partOf = (p: string | LostPart): string => (typeof p === "string" ? p : named({ value: p.part, ...(p.shown === undefined ? {} : { shown: p.shown }), ...(p.aside === undefined ? {} : { aside: p.aside }) }));

/**
 * A value of the source that the target cannot hold, whole or in part (`dropped-field`). Read as
 * "<value> ["<shown>"] [(<aside>)] [is <is>:|<carried>;] [its <parts>] has/have no counterpart in <target>[, <why>]";
 * "<value> ["<shown>"] [(<aside>)] is not <not> in <target>[, <why>]" for a value set aside on purpose;
 * "<value> is <nothing>: it holds nothing for <target> to write" for a value that holds nothing.
 */
export interface LostValue {
  value: ValueName;
  shown?: Shown;
  /** What the value is, in parentheses after its name: "an empty list", `role "summarizer"`. */
  aside?: string;
  /** What kind of thing the value is, when only some of its parts are lost: "a webhook tool". */
  is?: string;
  /** What the target did with the value, when that is not a loss: `becomes the bare mas tool name "search"`. */
  carried?: string;
  /** The canonical field the value chose (`the tool's kind`): the value as written is what is lost. */
  chose?: string;
  /** The parts of the value that are lost, when not all of it (its members, as the source names them). */
  parts?: readonly (string | LostPart)[];
  /** What of a carried value is lost, when it is not its members: "which file holds each", or a list of such phrases. */
  rest?: string | readonly string[];
  /**
   * The target's field the value is not written as, when the source set the value aside on purpose
   * and the target has that field from elsewhere ("the agent's id"): the value is not lost for want of a place.
   */
  not?: string;
  /** What the value is when it holds nothing ("null"): there is nothing to write, whatever the target holds. */
  nothing?: string;
  target: FormatLabel;
  /** Why, or what the target has instead, as a clause after the target: "whose tools are bare ids". */
  why?: string;
}

export function lostValue(p: LostValue): string {
  const head = named(p);
  if (p.nothing !== undefined) return `${p.value} is ${p.nothing}: it holds nothing for ${p.target} to write`;
  if (p.not !== undefined) return `${head} is not ${p.not} in ${p.target}${clause(p.why)}`;
  const where = `no counterpart in ${p.target}${clause(p.why)}`;
  if (p.chose !== undefined) return `${head} was used to choose ${p.chose}; the value as written has ${where}`;
  if (p.parts !== undefined && p.parts.length > 0) {
    const lead = p.carried !== undefined ? `${head} ${p.carried};` : p.is !== undefined ? `${head} is ${p.is}:` : `${head}:`;
    return `${lead} its ${listOf(p.parts.map(partOf))} ${hasHave(p.parts)} ${where}`;
  }
  if (p.carried !== undefined) {
    const rest = p.rest ?? "as written, it";
    return typeof rest === "string" ? `${head} ${p.carried}; ${rest} has ${where}` : `${head} ${p.carried}; ${listOf(rest)} ${hasHave(rest)} ${where}`;
  }
  return `${head}${p.is === undefined ? "" : ` is ${p.is} and`} has ${where}`;
}

/**
 * A sub-agent link, or a part of one, that the target cannot express (`dropped-link`):
 * "<value> [is <is> and] [(→ <to>)][: <parts>] cannot be expressed[ in <target>][, <why>][: <consequence>]".
 */
export interface LostLink {
  value: ValueName;
  shown?: Shown;
  aside?: string;
  /** What the value is, when it is a part of a link: "a setting of a sub-agent tool". */
  is?: string;
  /** The agent the link names. */
  to?: string;
  /** The parts of the link that are lost ("when to use it"), when not all of it. */
  parts?: readonly string[];
  target?: FormatLabel;
  why?: string;
  /** What the agent can no longer do. */
  consequence?: string;
}

export function lostLink(p: LostLink): string {
  return `${named(p)}${p.is === undefined ? "" : ` is ${p.is} and`}${p.to === undefined ? "" : ` (→ ${p.to})`}${p.parts?.length ? `: ${listOf(p.parts)}` : ""} cannot be expressed${p.target === undefined ? "" : ` in ${p.target}`}${clause(p.why)}${p.consequence === undefined ? "" : `: ${p.consequence}`}`;
}

/**
 * A value carried in another form (`transformed-value`, `ref-kept`...): "<value> ["<shown>"] <became>",
 * or "<value> ["<shown>"]: <clause>" when what became of it is said of a part of it.
 */
export type ChangedValue = { value: ValueName; shown?: Shown; aside?: string } & ({ /** A predicate of the value: "becomes the description". */ became: string } | { /** A clause about it: "the text of \"x\" is written inline". */ clause: string });

export const changedValue = (p: ChangedValue): string => ("became" in p ? `${named(p)} ${p.became}` : `${named(p)}: ${p.clause}`);

/** A number moved into the target's range (`clamped-value`): "<value> [<was>] <reason>; set to <now>". */
export interface ClampedValue {
  value: ValueName;
  /** The source's number; none when the source leaves it unset. */
  was?: number;
  /** Why the number could not be written as it is: "is outside Caplo's model.responseLimit range 64..128000". */
  reason: string;
  now: number;
}

export const clampedValue = (p: ClampedValue): string => `${p.value}${p.was === undefined ? "" : ` ${p.was}`} ${p.reason}; set to ${p.now}`;

/** A string shortened (`truncated-value`). */
export interface TruncatedValue {
  value: ValueName;
  length: number;
  max: number;
  target: FormatLabel;
}

export const truncatedValue = (p: TruncatedValue): string => `${p.value} has ${p.length} characters; ${p.target} allows ${p.max}, so it was shortened`;

/** A required target field filled with a derived value (`defaulted-required`): "<field> is required[ by <by>]; <filled>[ <set>][ (<why>)]". */
export interface FilledRequired {
  /** The target's field, as the target names it. */
  field: string;
  by?: FormatLabel;
  /** What was done: "set to", "derived from the name as", "the sub-agent's own description was used". */
  filled: string;
  /** The value written, shown after `filled`. */
  set?: Shown;
  /** `field` names several fields ("are required"). */
  plural?: true;
  why?: string;
}

export const filledRequired = (p: FilledRequired): string =>
  `${p.field} ${p.plural ? "are" : "is"} required${p.by === undefined ? "" : ` by ${p.by}`}; ${p.filled}${p.set === undefined ? "" : ` ${show(p.set)}`}${p.why === undefined ? "" : ` (${p.why})`}`;

/** A required value nothing in the source implies, filled with a placeholder (`defaulted-placeholder`): "<because>; wrote <wrote>[: <check>]". */
export interface Placeholder {
  /** Why a placeholder was needed: "the source names no model". */
  because: string;
  /** What was written: `the placeholder OpenAI gpt-4o`. */
  wrote: string;
  /** What the user should check or do. */
  check?: string;
}

export const placeholder = (p: Placeholder): string => `${p.because}; wrote ${p.wrote}${p.check === undefined ? "" : `: ${p.check}`}`;

/** A setting the source leaves to its default, which differs from the target's (`default-differs`). */
export interface DefaultDiffers {
  value: ValueName;
  source: FormatLabel;
  /** The source's default, as a phrase: "0.7", "the host's default", "no limit". */
  sourceDefault: string;
  target: FormatLabel;
  targetDefault: string;
  /** The target's field for the setting. */
  targetField: string;
  /** The source's default, written explicitly into the target so the agent keeps its behaviour. */
  written?: Shown;
  /** Written, but counted over another scope on the target (an agent of a graph): the target's and the source's. */
  counted?: { target: string; source: string };
  /** The source cannot state the setting at all ("temperature"), and who decides it there ("the host"). */
  lacks?: { setting: string; decider: string };
}

export const defaultDiffers = (p: DefaultDiffers): string => p.lacks !== undefined
  ? `${p.source} has no ${p.lacks.setting}: ${p.lacks.decider} decides, while ${p.target} assumes ${p.targetDefault} for ${p.targetField}`
  : `${p.value} is not set: ${p.source} assumes ${p.sourceDefault}, while ${p.target} assumes ${p.targetDefault} for ${p.targetField}${p.written === undefined ? "" : p.counted === undefined ? `; ${String(p.written)} is written explicitly, so the agent keeps its behaviour` : `; ${String(p.written)} is written explicitly, but counted ${p.counted.target}, not ${p.counted.source}`}`;

/** A setting the source leaves to its default and the target cannot state (`default-lost`). */
export interface DefaultLost {
  value: ValueName;
  source: FormatLabel;
  sourceDefault: Shown;
  target: FormatLabel;
  /** The setting the target lacks: "temperature", "call limits". */
  setting: string;
  /** Who decides on the target: "the host", "the runtime". */
  decider: string;
}

export const defaultLost = (p: DefaultLost): string => `${p.value} is not set, so ${p.source} runs the agent with ${String(p.sourceDefault)}; ${p.target} has no ${p.setting}: ${p.decider} decides`;

/** A prompt placeholder no runtime of the target fills (`unfilled-placeholder`). */
export interface UnfilledPlaceholder {
  placeholder: string;
  target: FormatLabel;
}

export const unfilledPlaceholder = (p: UnfilledPlaceholder): string => `the prompt holds the placeholder ${p.placeholder}, which ${p.target} has no parameters to fill: the model sees it verbatim`;

/** Private data left out (`private-omitted`): counted, never quoted. */
export interface PrivateOmitted {
  value: ValueName;
  /** Entries of a list, counted; none for a single value. */
  entries?: number;
  /** What the source format declares private: "private AgentMug data". */
  what: string;
  /**
   * Where it goes: `only` into that (an AgentMug owner's export), never into `target`; or it was
   * found in a stash, which never carries it (`inStash`); or neither: left out of its own format.
   */
  only?: string;
  target?: FormatLabel;
  inStash?: true;
}

export function privateOmitted(p: PrivateOmitted): string {
  if (p.inStash) return `${p.value} is ${p.what}, which never travels in a stash; ignored`;
  const which = p.entries === undefined ? `the private ${p.value} value` : `${p.entries} private ${p.value} ${p.entries === 1 ? "entry" : "entries"}`;
  if (p.target === undefined) return `${which} left out`;
  return `${which} left out: ${p.what} goes only into ${p.only ?? "its own format"}, never into ${p.target} or a stash`;
}

/** Stash entries an edit stopped (`stash-stale`). */
export interface StashStale {
  /** The edited value. */
  value: ValueName;
  /** The stash entries not restored, by name. */
  entries: readonly string[];
  /**
   * Why none of the stash applies (then `value` is the stash itself and `entries` is empty): it
   * is no stash this version reads, or the agent it would restore is one the IR refuses.
   */
  unapplied?: string;
  /** The edited value was removed from the file (a tool deleted): the entries are what the removal costs. */
  removed?: true;
}

export const stashStale = (p: StashStale): string =>
  p.unapplied !== undefined
    ? `${p.value} is not applied: ${p.unapplied}; the file is read as it is, nothing of the stash is restored, and it rides on as a value of the file`
    : p.removed === true
    ? `${p.value} was removed from what agentport wrote: the removal wins, and it costs these values ${STASH_KEY} kept, which are not restored: ${listOf(p.entries)}`
    : `${p.value} differs from what agentport wrote, so it was edited: the edit wins, and ${STASH_KEY} does not restore what would overwrite or contradict it: ${listOf(p.entries)}`;

/**
 * A problem with the input, the options or an output, worded by what went wrong (the error codes):
 * "[<subject>: ]<problem>". `subject` is what the problem is about (a file, a format, an option).
 * The problem is data the raiser holds as words: a parser's or the file system's message, a
 * schema violation, a usage mistake.
 */
export interface Problem {
  subject?: string;
  problem: string;
}

export const problem = (p: Problem): string => (p.subject === undefined ? p.problem : `${p.subject}: ${p.problem}`);

/** A format name no adapter has (`usage-error`). */
export interface UnknownFormat {
  unknownFormat: string;
  /** Which of the conversion's formats it should name. */
  role?: "target";
  /** The formats agentport knows. */
  known?: readonly string[];
}

export const usageError = (p: Problem | UnknownFormat): string =>
  "unknownFormat" in p ? `unknown ${p.role === undefined ? "" : `${p.role} `}format "${p.unknownFormat}"${p.known === undefined ? "" : `; known: ${listOf(p.known)}`}` : problem(p);

/** An input over the size limit (`input-too-large`). */
export interface TooLarge {
  /** The file, or "the input". */
  subject: string;
  bytes: number;
  max: number;
}

export const tooLarge = (p: TooLarge): string => `${p.subject} is ${p.bytes} bytes, more than the limit of ${p.max}`;

/** A credential-shaped string in an output (`secret-in-output`, `secret-detected`). */
export interface SecretFound {
  file: string;
  /** What it looks like: "an OpenAI API key". */
  looksLike: string;
}

export const secretFound = (p: SecretFound): string => `${p.file} would contain ${p.looksLike}`;

/** Two agents of one bundle with one key (`key-clash`). */
export interface KeyClash {
  key: string;
  first: string;
  second: string;
}

export const keyClash = (p: KeyClash): string => `agents from ${p.first} and ${p.second} would both get the bundle key "${p.key}"`;

/** A file a folder conversion did not convert on its own (`skipped-document`). */
export interface Skipped {
  /** Why: "it is a mas kind: Tool manifest", or the manifest that reads it as its part. */
  because: string;
  /** The manifest that converts it with itself. */
  partOf?: string;
}

export const skipped = (p: Skipped): string =>
  p.partOf === undefined ? `not converted: ${p.because}` : `not converted on its own: ${p.partOf} reads it as its part (${p.because}), so it is converted once, with it`;
