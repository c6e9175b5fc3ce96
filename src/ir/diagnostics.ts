// The one closed catalog of diagnostic codes. Every code has a fixed severity,
// is documented in docs/diagnostics.md (a test checks both agree) and is raised
// by at least one test. Other tools match on `code`, so codes are never renamed.

export type Severity = "error" | "warning" | "info";

export const DIAGNOSTIC_CODES = {
  // Input problems (exit code 2).
  "invalid-syntax": { severity: "error", summary: "The input is not well-formed JSON or YAML (or has duplicate keys)." },
  "invalid-input": { severity: "error", summary: "The input does not conform to its format's official schema." },
  "unknown-format": { severity: "error", summary: "The input's format could not be detected, or is not the one named by --from." },
  "unsupported-document": { severity: "error", summary: "The document is of a known format but of a kind or version agentport does not convert (e.g. a mas kind: Tool, AgentMug v2)." },
  "input-too-large": { severity: "error", summary: "The input is larger than the --max-bytes limit and was not parsed." },
  "key-clash": { severity: "error", summary: "Two agents merged into one bundle would get the same key." },
  "ref-outside-root": { severity: "error", summary: "A file reference escapes the root (--root; by default the manifest's folder or its app's) through .., an absolute path or a symlink, and --allow-outside-refs was not given." },
  "ref-not-found": { severity: "error", summary: "A file reference names a file that does not exist or is not a regular file." },
  "usage-error": { severity: "error", summary: "The command line or options are inconsistent (e.g. several outputs without -o DIR)." },
  "output-invalid": { severity: "error", summary: "An emitted document failed the target's official schema; nothing is written (a bug: please report)." },
  "internal-error": { severity: "error", summary: "An unexpected internal error (a bug) stopped the conversion of this input; please report it." },
  "secret-in-output": { severity: "error", summary: "A credential-shaped string would be written to a publishable file; refused unless --allow-secrets." },
  // Losses and changes (warnings).
  "dropped-field": { severity: "warning", summary: "A source value has no counterpart in the target format and is not carried." },
  "dropped-link": { severity: "warning", summary: "A sub-agent link (or part of one) cannot be expressed in the target format." },
  "clamped-value": { severity: "warning", summary: "A number was outside the target's range or precision and was clamped or rounded." },
  "truncated-value": { severity: "warning", summary: "A string was longer than the target allows and was shortened." },
  "unresolved-link": { severity: "warning", summary: "A local sub-agent link names a key that no agent in the bundle has." },
  "unknown-provider": { severity: "warning", summary: "A model provider is not in agentport's provider table; it was passed through as written." },
  "lenient-input": { severity: "warning", summary: "A schema-invalid input was accepted in lenient mode; the offending value is reported." },
  "defaulted-placeholder": { severity: "warning", summary: "The target requires a value nothing in the source implies; a documented placeholder was filled in and should be reviewed (e.g. AgentMug blueprint.primaryModel when no model is named)." },
  "default-lost": { severity: "warning", summary: "The source leaves a setting to its default (a temperature, a call limit) and the target cannot state that setting; the target host's own default applies instead." },
  "stash-stale": { severity: "warning", summary: "A value agentport wrote was edited in the target: the edit wins, and the x-agentport entries that would overwrite or contradict it are not restored." },
  "unresolved-skill": { severity: "warning", summary: "A skill the agent names could not be read (no SKILL.md found, a workspace-library reference, or no file access); the text its runtime adds to the prompt is not carried to other formats." },
  "model-display-name": { severity: "warning", summary: "A model is named by a display name (spaces or capitals, which Caplo allows), which the target's runtime does not resolve as a model id; it was written as is." },
  "unfilled-placeholder": { severity: "warning", summary: "A prompt holds an AgentMug {{params.x}} placeholder and the target has no parameters: no runtime fills it, so the model sees it verbatim." },
  "secret-detected": { severity: "warning", summary: "A credential-shaped string was found in an output of a non-publishable format." },
  // Carried, but not exactly (info).
  "transformed-value": { severity: "info", summary: "A value was carried over in a changed form (renamed, reformatted, joined or split)." },
  "defaulted-required": { severity: "info", summary: "The target requires a value the source lacks; a derived value was filled in." },
  "default-differs": { severity: "info", summary: "The source leaves a setting unset and the target's default for it differs from the source's." },
  "stashed-value": { severity: "info", summary: "A value the target cannot hold rides in the target's extension slot (x-agentport) and comes back on the return trip." },
  "private-omitted": { severity: "info", summary: "Private AgentMug data (brain, memory) was left out; pass --include-private to keep it." },
  "ref-kept": { severity: "info", summary: "A file reference was left as a reference (no file access, or the path-like text is inline)." },
  "ref-rewritten": { severity: "info", summary: "A relative file reference of an agent written to another folder than it was read from was rewritten so it names the same file from there." },
  "skipped-document": { severity: "info", summary: "A folder conversion did not convert this file on its own: it is no agent (a mas kind: Tool, Overlay, a workflow with no agents), or an agent that a manifest of the folder reads as its part." },
} as const satisfies Record<string, { severity: Severity; summary: string }>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

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
  message: string;
  source?: SourceLocation;
  target?: TargetLocation;
  hint?: string;
  /** A policy (--error, --warn) set this severity: the rule that did (src/policy.ts). */
  policy?: "error" | "warn";
  /** The finding is in the --baseline file: still reported, but it fails neither --strict nor a policy. */
  baseline?: true;
}

export function severityOf(code: DiagnosticCode): Severity {
  return DIAGNOSTIC_CODES[code].severity;
}

export interface DiagnosticInit {
  message: string;
  source?: SourceLocation;
  target?: TargetLocation;
  hint?: string;
}

export function diagnostic(code: DiagnosticCode, init: DiagnosticInit): Diagnostic {
  const d: Diagnostic = { severity: severityOf(code), code, message: init.message };
  if (init.source) d.source = init.source;
  if (init.target) d.target = init.target;
  if (init.hint) d.hint = init.hint;
  return d;
}

export function hasErrors(ds: readonly Diagnostic[]): boolean {
  return ds.some((d) => d.severity === "error");
}
