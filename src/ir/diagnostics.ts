// The one closed catalog of diagnostic codes. Every code is documented in
// docs/diagnostics.md (a test checks both agree) and raised by at least one test.
// Other tools match on `code`, so codes are never renamed.
//
// A diagnostic's severity follows from its effect (what happens to the agent on
// the target): `behaviour` is a warning, `metadata` and `representation` are info;
// error codes are errors whatever their effect. A code's `effect` is either fixed,
// or "value" (the effect declared for the value's source path in the source
// adapter's coverage declarations), or "reshape" (representation, unless the value
// is metadata, or the raiser says the value itself changed). The hub resolves
// "value" and "reshape" from the coverage declarations (src/ir/effects.ts).

import * as P from "./payloads.js";
import {
  changedValue, clampedValue, defaultDiffers, defaultLost, filledRequired, keyClash, lostLink, lostValue, placeholder, privateOmitted, problem,
  secretFound, skipped, stashStale, STASH_KEY, tooLarge, truncatedValue, unfilledPlaceholder, usageError,
} from "./payloads.js";

export { STASH_KEY };

export type Severity = "error" | "warning" | "info";

/** What a diagnostic means for the converted agent (see docs/diagnostics.md). */
export type Effect = "behaviour" | "metadata" | "representation";
export const EFFECTS: readonly Effect[] = ["behaviour", "metadata", "representation"];

/** How a code's effect is decided: fixed, by the value's declared effect, or a reshape of the value. */
export type EffectRule = Effect | "value" | "reshape";

/**
 * What a code says happened to a value: `refused` (an error, nothing written), `dropped`
 * (not carried), `changed` (carried in another form or value), `stashed` (held in the
 * target's extension slot), `defaulted` (the target has a value the source lacks), `noted` (about
 * the run, not a value).
 */
export type Category = "refused" | "dropped" | "changed" | "stashed" | "defaulted" | "noted";

/**
 * The categories from the least to the most of a value missing on the target: a note about the
 * run, a value the target filled in, a value carried in a changed form, one the target holds only
 * in its stash, one dropped, an input refused. The coverage matrix ranks the outcomes of a path's
 * fields by it (src/ir/coverage-matrix.ts).
 */
export const LOSS_ORDER: readonly Category[] = ["noted", "defaulted", "changed", "stashed", "dropped", "refused"];

export interface CatalogEntry {
  severity?: "error";
  effect: EffectRule;
  category: Category;
  summary: string;
  /**
   * The code's messages say only what the target does with the value ("has no counterpart in
   * mas/v1"); the renderer (renderMessage) ends them with what became of it: "", or the
   * stash's ending when x-agentport keeps it.
   */
  ending?: "dropped";
  /** The code's one renderer: its message from its payload (src/ir/payloads.ts), without the ending. */
  render: (payload: never) => string;
}

/**
 * Each code's payload: what its message says, as data. The catalog's `render` of each code takes
 * exactly this type (the `satisfies` below checks it), so a raise is typed by its code.
 */
export interface Payloads {
  "invalid-syntax": P.Problem;
  "invalid-input": P.Problem;
  "unknown-format": P.Problem;
  "unsupported-document": P.Problem;
  "input-too-large": P.TooLarge;
  "key-clash": P.KeyClash;
  "ref-outside-root": P.Problem;
  "ref-not-found": P.Problem;
  "usage-error": P.Problem | P.UnknownFormat;
  "output-invalid": P.Problem;
  "internal-error": P.Problem;
  "secret-in-output": P.SecretFound;
  "dropped-field": P.LostValue;
  "dropped-link": P.LostLink;
  "clamped-value": P.ClampedValue;
  "truncated-value": P.TruncatedValue;
  "unresolved-link": P.ChangedValue;
  "unknown-provider": P.ChangedValue;
  "lenient-input": P.Problem;
  "defaulted-placeholder": P.Placeholder;
  "default-lost": P.DefaultLost;
  "stash-stale": P.StashStale;
  "unresolved-skill": P.ChangedValue;
  "model-display-name": P.ChangedValue;
  "unfilled-placeholder": P.UnfilledPlaceholder;
  "secret-detected": P.SecretFound;
  "transformed-value": P.ChangedValue;
  "defaulted-required": P.FilledRequired;
  "default-differs": P.DefaultDiffers;
  "stashed-value": StashedValue;
  "private-omitted": P.PrivateOmitted;
  "ref-kept": P.ChangedValue;
  "ref-rewritten": P.ChangedValue;
  "skipped-document": P.Skipped;
}

export const DIAGNOSTIC_CODES = {
  // Input problems (exit code 2).
  "invalid-syntax": { severity: "error", effect: "behaviour", category: "refused", summary: "The input is not well-formed JSON or YAML (or has duplicate keys).", render: problem },
  "invalid-input": { severity: "error", effect: "behaviour", category: "refused", summary: "The input does not conform to its format's official schema.", render: problem },
  "unknown-format": { severity: "error", effect: "behaviour", category: "refused", summary: "The input's format could not be detected, or is not the one named by --from.", render: problem },
  "unsupported-document": { severity: "error", effect: "behaviour", category: "refused", summary: "The document is of a known format but of a kind or version agentport does not convert (e.g. a tool manifest, or a major version that came later).", render: problem },
  "input-too-large": { severity: "error", effect: "behaviour", category: "refused", summary: "The input is larger than the --max-bytes limit and was not parsed.", render: tooLarge },
  "key-clash": { severity: "error", effect: "behaviour", category: "refused", summary: "Two agents merged into one bundle would get the same key.", render: keyClash },
  "ref-outside-root": { severity: "error", effect: "behaviour", category: "refused", summary: "A file reference escapes the root (--root; by default the manifest's folder or its app's) through .., an absolute path or a symlink, and --allow-outside-refs was not given.", render: problem },
  "ref-not-found": { severity: "error", effect: "behaviour", category: "refused", summary: "A file reference names a file that does not exist or is not a regular file.", render: problem },
  "usage-error": { severity: "error", effect: "behaviour", category: "refused", summary: "The command line or options are inconsistent (e.g. several outputs without -o DIR).", render: usageError },
  "output-invalid": { severity: "error", effect: "behaviour", category: "refused", summary: "An emitted document failed the target's official schema; nothing is written (a bug: please report).", render: problem },
  "internal-error": { severity: "error", effect: "behaviour", category: "refused", summary: "An unexpected internal error (a bug) stopped the conversion of this input; please report it.", render: problem },
  "secret-in-output": { severity: "error", effect: "behaviour", category: "refused", summary: "A credential-shaped string would be written to a publishable file; refused unless --allow-secrets.", render: secretFound },
  // Losses and changes: a warning when they change behaviour, else info.
  "dropped-field": { effect: "value", category: "dropped", ending: "dropped", summary: "A source value has no counterpart in the target format and is not carried.", render: lostValue },
  "dropped-link": { effect: "behaviour", category: "dropped", ending: "dropped", summary: "A sub-agent link (or part of one) cannot be expressed in the target format.", render: lostLink },
  "clamped-value": { effect: "value", category: "changed", summary: "A number was outside the target's range or precision and was clamped or rounded.", render: clampedValue },
  "truncated-value": { effect: "value", category: "changed", summary: "A string was longer than the target allows and was shortened.", render: truncatedValue },
  "unresolved-link": { effect: "behaviour", category: "dropped", summary: "A local sub-agent link names a key that no agent in the bundle has.", render: changedValue },
  "unknown-provider": { effect: "behaviour", category: "changed", summary: "A model provider is not in agentport's provider table; it was passed through as written.", render: changedValue },
  "lenient-input": { effect: "behaviour", category: "changed", summary: "A schema-invalid input was accepted in lenient mode; the offending value is reported.", render: problem },
  "defaulted-placeholder": { effect: "behaviour", category: "defaulted", summary: "The target requires a value nothing in the source implies; a documented placeholder was filled in and should be reviewed (e.g. a required model when the source names none).", render: placeholder },
  "default-lost": { effect: "behaviour", category: "defaulted", summary: "The source leaves a setting to its default (a temperature, a call limit) and the target cannot state that setting; the target host's own default applies instead.", render: defaultLost },
  "stash-stale": { effect: "behaviour", category: "noted", summary: "A value agentport wrote was edited in the target: the edit wins, and the x-agentport entries that would overwrite or contradict it are not restored.", render: stashStale },
  "unresolved-skill": { effect: "behaviour", category: "dropped", summary: "A skill the agent names could not be read (no SKILL.md found, a workspace-library reference, or no file access); the text its runtime adds to the prompt is not carried to other formats.", render: changedValue },
  "model-display-name": { effect: "behaviour", category: "changed", summary: "A model is named by a display name (spaces or capitals, which some formats allow), which the target's runtime does not resolve as a model id; it was written as is.", render: changedValue },
  "unfilled-placeholder": { effect: "behaviour", category: "changed", summary: "A prompt holds a parameter placeholder ({{params.x}}, or a parameter's name as its source spells it, {{x}}) and the target has no parameters: no runtime fills it, so the model sees it verbatim.", render: unfilledPlaceholder },
  "secret-detected": { effect: "behaviour", category: "changed", summary: "A credential-shaped string was found in an output of a non-publishable format.", render: secretFound },
  // Carried, but not exactly: info unless the value changed behaviour.
  "transformed-value": { effect: "reshape", category: "changed", summary: "A value was carried over in a changed form (renamed, reformatted, joined or split).", render: changedValue },
  "defaulted-required": { effect: "reshape", category: "defaulted", summary: "The target requires a value the source lacks; a derived value was filled in.", render: filledRequired },
  "default-differs": { effect: "reshape", category: "defaulted", summary: "The source leaves a setting unset and the target's default for it differs from the source's.", render: defaultDiffers },
  "stashed-value": { effect: "value", category: "stashed", summary: "A value the target cannot hold rides in the target's extension slot (x-agentport) and comes back on the return trip.", render: stashedValue },
  "private-omitted": { effect: "value", category: "dropped", summary: "Data the source format declares private (an owner's personal data, credentials) was left out: it is carried only into that same format (where the format asks so, with --include-private).", render: privateOmitted },
  "ref-kept": { effect: "reshape", category: "changed", summary: "A file reference was left as a reference (no file access, or the path-like text is inline).", render: changedValue },
  "ref-rewritten": { effect: "representation", category: "changed", summary: "A relative file reference of an agent written to another folder than it was read from was rewritten so it names the same file from there.", render: changedValue },
  "skipped-document": { effect: "representation", category: "noted", summary: "A folder conversion did not convert this file on its own: it is no agent (a tool manifest, an overlay, a workflow with no agents), or an agent that a manifest of the folder reads as its part.", render: skipped },
} as const satisfies { readonly [C in keyof Payloads]: CatalogEntry & { render: (payload: Payloads[C]) => string } };

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** Codes a stash can undo (the categories `dropped` and `changed`): their diagnostic then becomes `stashed-value`. */
export type UndoableCode = { [C in DiagnosticCode]: (typeof DIAGNOSTIC_CODES)[C]["category"] extends "dropped" | "changed" ? C : never }[DiagnosticCode];

/** The codes whose payload is a Problem (the error codes, lenient-input): "[<subject>: ]<problem>". */
export type ProblemCode = { [C in DiagnosticCode]: P.Problem extends Payloads[C] ? C : never }[DiagnosticCode];

/** A code's payload. */
export type PayloadOf<C extends DiagnosticCode> = Payloads[C];

/** A loss the stash undoes, as its raiser reported it: its code and payload. */
export type KeptLoss = { [C in UndoableCode]: { code: C; payload: PayloadOf<C> } }[UndoableCode];

/**
 * `stashed-value`: a loss the stash undoes (`kept`: the loss's own code and payload, rendered by
 * that code's renderer and ended with what the stash does), or one of the stash's own notes about
 * a value the target carries (under another name, `moved`; or in a form it would read back
 * differently, `read-back`).
 */
export type StashedValue = { kept: KeptLoss } | { value: P.ValueName; target: P.FormatLabel; note: "moved" | "read-back" };

/** What a stashed-value message says the stash does with a loss of `code`. */
function keptEnding(code: UndoableCode): string {
  const lost: CatalogEntry = DIAGNOSTIC_CODES[code];
  return lost.category === "dropped" ? `kept in ${STASH_KEY} for the way back` : `the original is kept in ${STASH_KEY} for the way back`;
}

function stashedValue(p: StashedValue): string {
  if ("kept" in p) {
    return `${body(p.kept.code, p.kept.payload)}; ${keptEnding(p.kept.code)}`;
  }
  return p.note === "moved"
    ? `${p.value} is carried under another name in ${p.target}; ${STASH_KEY} records where, for the way back`
    : `${p.value}: ${p.target} would read it back differently; ${STASH_KEY} keeps it as read here, for the way back`;
}

export interface SourceLocation {
  file?: string;
  /** RFC 6901 pointer into the input document. */
  pointer: string;
  /** 1-based; present whenever the input was text. */
  line?: number;
  column?: number;
}

export interface TargetLocation {
  format: string;
  file?: string;
  pointer?: string;
}

/** The public diagnostic shape (a contract: see docs/diagnostics.md). */
export interface Diagnostic {
  severity: Severity;
  code: DiagnosticCode;
  /** What the diagnostic means for the converted agent; the severity follows from it. */
  effect: Effect;
  message: string;
  source?: SourceLocation;
  target?: TargetLocation;
  hint?: string;
  /**
   * On a `stashed-value` that stands for a loss the stash undoes on the way back: the code the
   * emitter raised for that loss (`dropped-field`, `clamped-value`...). The message is the loss's own.
   */
  stashed?: DiagnosticCode;
  /** A policy (--error, --warn) set this severity: the rule that did (src/policy.ts). */
  policy?: "error" | "warn";
  /** The finding is in the --baseline file: still reported, but it fails neither --strict nor a policy. */
  baseline?: true;
}

/** The severity of a diagnostic with this code and effect. */
export function severityOf(code: DiagnosticCode, effect: Effect): Severity {
  const entry: CatalogEntry = DIAGNOSTIC_CODES[code];
  if (entry.severity === "error") return "error";
  return effect === "behaviour" ? "warning" : "info";
}

/** The most severe severity a code can have (a code judged by its value is a warning when the value is behaviour). */
export function worstSeverity(code: DiagnosticCode): Severity {
  const entry: CatalogEntry = DIAGNOSTIC_CODES[code];
  if (entry.severity === "error") return "error";
  return entry.effect === "metadata" || entry.effect === "representation" ? "info" : "warning";
}

/** The effect a code gives before the hub resolves it from the value's declared effect (behaviour when it depends on the value). */
export function initialEffect(code: DiagnosticCode): Effect {
  const rule: EffectRule = DIAGNOSTIC_CODES[code].effect;
  return rule === "value" ? "behaviour" : rule === "reshape" ? "representation" : rule;
}

/** The same diagnostic with another effect, and the severity that follows from it. */
export function withEffect(d: Diagnostic, effect: Effect): Diagnostic {
  if (d.effect === effect) return d;
  // `{ ...d, severity, effect }` as Object.assign (the same keys in the same order): a spread of
  // diagnostics of many shapes is V8's generic copy, several times slower, and most diagnostics come here.
  const copy = Object.assign({}, d);
  copy.severity = severityOf(d.code, effect);
  copy.effect = effect;
  return copy;
}

/** Where a diagnostic is, and what the hub needs besides its payload. */
export interface DiagnosticPlace {
  /**
   * For a "reshape" code: "behaviour" when the value itself changed (it then takes its
   * path's declared effect). Otherwise the code's effect, resolved by the hub.
   */
  effect?: Effect;
  source?: SourceLocation;
  target?: TargetLocation;
  hint?: string;
}

/** A code's message without its ending: its renderer applied to the payload. */
function body<C extends DiagnosticCode>(code: C, payload: PayloadOf<C>): string {
  const render = DIAGNOSTIC_CODES[code].render as (p: Payloads[C]) => string;
  return render(payload);
}

/**
 * The message of a diagnostic: the code's renderer applied to its payload, and what became of
 * the value: "; dropped" for a code with that ending; for `stashed-value`, the stash's ending.
 * Only here is either said: the raiser never words it.
 */
export function renderMessage<C extends DiagnosticCode>(code: C, payload: PayloadOf<C>): string {
  const text = body(code, payload);
  const entry: CatalogEntry = DIAGNOSTIC_CODES[code];
  return entry.ending === "dropped" ? `${text}; dropped` : text;
}

/** The loss code a `stashed-value` payload stands for. */
export function stashedCode(payload: PayloadOf<"stashed-value">): UndoableCode | undefined {
  return "kept" in payload ? payload.kept.code : undefined;
}

/** A diagnostic of `code`, its message rendered from `payload` by the code's renderer. */
export function diagnostic<C extends DiagnosticCode>(code: C, payload: PayloadOf<C>, init: DiagnosticPlace = {}): Diagnostic {
  const message = renderMessage(code, payload);
  const stashed = code === "stashed-value" ? stashedCode(payload as PayloadOf<"stashed-value">) : undefined;
  const effect = init.effect ?? initialEffect(code);
  const d: Diagnostic = { severity: severityOf(code, effect), code, effect, message };
  if (init.source) d.source = init.source;
  if (init.target) d.target = init.target;
  if (init.hint) d.hint = init.hint;
  if (stashed) d.stashed = stashed;
  return d;
}

/**
 * The `stashed-value` diagnostic that a loss `d` (raised by `diagnostic`, its message unchanged)
 * becomes when the stash undoes it: `diagnostic("stashed-value", { kept: { code: d.code, payload } },
 * place)` with `d`'s payload, without rendering that payload a second time: the loss's message is
 * its body (and "; dropped" for a code with that ending), which stashedValue ends with the stash's
 * ending instead. The stash undoes most of the losses a conversion into a format with a slot reports.
 */
export function keptDiagnostic(d: Diagnostic & { code: UndoableCode }, place: DiagnosticPlace): Diagnostic {
  const lost: CatalogEntry = DIAGNOSTIC_CODES[d.code];
  const text = lost.ending === "dropped" ? d.message.slice(0, d.message.length - "; dropped".length) : d.message;
  const effect = place.effect ?? initialEffect("stashed-value");
  const next: Diagnostic = { severity: severityOf("stashed-value", effect), code: "stashed-value", effect, message: `${text}; ${keptEnding(d.code)}` };
  if (place.source) next.source = place.source;
  if (place.target) next.target = place.target;
  if (place.hint) next.hint = place.hint;
  next.stashed = d.code;
  return next;
}

export function hasErrors(ds: readonly Diagnostic[]): boolean {
  return ds.some((d) => d.severity === "error");
}
