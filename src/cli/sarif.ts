// `--format sarif`: the run's diagnostics as one SARIF 2.1.0 log, for code-scanning
// tools (GitHub, Azure DevOps, IDE viewers). The closed catalog is the rule set, each
// code's help taken from docs/diagnostics.md (sarif-rules.generated.ts); each diagnostic
// is a result located in its source file at line:column. Deterministic: no clock, no
// absolute paths that the run was not given.
import { DIAGNOSTIC_CODES, worstSeverity, type Diagnostic, type DiagnosticCode, type Severity } from "../ir/diagnostics.js";
import { baselineEntry, baselineKey, effectOf } from "../policy.js";
import { RULE_HELP } from "./sarif-rules.generated.js";
import { isAbsolute, relative, resolve } from "node:path";

export const SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

type Level = "error" | "warning" | "note";
const LEVEL: Record<Severity, Level> = { error: "error", warning: "warning", info: "note" };

interface SarifMessage {
  text: string;
  markdown?: string;
}

/** The subset of SARIF 2.1.0 agentport writes (validated against the official schema in test/sarif.test.ts). */
export interface SarifLog {
  $schema: string;
  version: "2.1.0";
  runs: [
    {
      tool: { driver: { name: string; informationUri?: string; rules: SarifRule[] } };
      columnKind: "utf16CodeUnits";
      results: SarifResult[];
    },
  ];
}

export interface SarifRule {
  id: string;
  name: string;
  shortDescription: SarifMessage;
  fullDescription: SarifMessage;
  help: SarifMessage;
  defaultConfiguration: { level: Level };
}

export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: Level;
  message: SarifMessage;
  locations?: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region?: { startLine: number; startColumn: number } } }[];
  partialFingerprints: Record<string, string>;
  baselineState?: "new" | "unchanged";
  properties: Record<string, unknown>;
}

const CODES = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];

/** "some-code" → "SomeCode" (SARIF's rule name is an identifier-like form of the id). */
function ruleName(code: string): string {
  return code.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}

/** Markdown to plain text: backticks and emphasis marks dropped. */
function plain(md: string): string {
  return md.replace(/`([^`]*)`/g, "$1").replace(/\*\*([^*]*)\*\*/g, "$1");
}

/** A rule's default level: the most severe its findings can be (a code judged by its value warns when the value is behaviour). */
function defaultLevel(code: DiagnosticCode): Level {
  return LEVEL[worstSeverity(code)];
}

export function sarifRules(): SarifRule[] {
  return CODES.map((code) => {
    const entry: { severity?: string; effect?: string; summary: string } = DIAGNOSTIC_CODES[code];
    const meaning = RULE_HELP[code] ?? entry.summary;
    const govern = worstSeverity(code) === "error" ? "An error of the conversion itself: nothing is written; no policy changes it." : `Fail on it with --error ${code}, or set it aside with --ignore ${code} (docs/diagnostics.md, policies).`;
    return {
      id: code,
      name: ruleName(code),
      shortDescription: { text: entry.summary },
      fullDescription: { text: plain(meaning), markdown: meaning },
      help: { text: `${plain(meaning)} ${govern}`, markdown: `${meaning}\n\n${govern}` },
      defaultConfiguration: { level: defaultLevel(code) },
    };
  });
}

/**
 * A file as the log names it: relative to `root` (the working folder, %SRCROOT%) when it lies
 * inside it, however it was spelt (absolute, `./x`), "/"-separated; otherwise as given.
 */
export function logPath(file: string, root?: string): string {
  if (root === undefined || (/^[A-Za-z]:[\\/]/.test(file) && !isAbsolute(file))) return file;
  const rel = relative(root, resolve(root, file));
  if (rel === "" || isAbsolute(rel) || /^\.\.(?:[\\/]|$)/.test(rel)) return file;
  return rel.replace(/\\/g, "/");
}

/**
 * A file name as a URI reference: "/"-separated and percent-encoded, relative to %SRCROOT% (`root`,
 * the working folder) when inside it; another absolute path becomes a file: URI.
 */
export function fileUri(file: string, root?: string): { uri: string; uriBaseId?: string } {
  const p = logPath(file, root).replace(/\\/g, "/");
  const enc = (s: string) => s.split("/").map(encodeURIComponent).join("/");
  if (p.startsWith("/")) return { uri: "file://" + enc(p) };
  if (/^[A-Za-z]:\//.test(p)) return { uri: "file:///" + p.slice(0, 2) + enc(p.slice(2)) };
  return { uri: enc(p), uriBaseId: "%SRCROOT%" };
}

function result(d: Diagnostic, baseline: boolean, root: string): SarifResult {
  const file = d.source?.file ?? d.target?.file;
  // The fingerprint is the baseline key of the file as the log names it, so a file spelt
  // absolutely or relatively from the same working folder keeps its fingerprints.
  const entry = baselineEntry(d);
  if (entry.file !== undefined) entry.file = logPath(entry.file, root);
  const r: SarifResult = {
    ruleId: d.code,
    ruleIndex: CODES.indexOf(d.code),
    level: LEVEL[d.severity],
    message: { text: d.hint ? `${d.message} (hint: ${d.hint})` : d.message },
    partialFingerprints: { "agentport/v1": baselineKey(entry) },
    properties: {},
  };
  if (file !== undefined) {
    const region = d.source?.file !== undefined && d.source.line !== undefined ? { startLine: d.source.line, startColumn: d.source.column ?? 1 } : undefined;
    r.locations = [{ physicalLocation: { artifactLocation: fileUri(file, root), ...(region ? { region } : {}) } }];
  }
  if (baseline) r.baselineState = d.baseline === true ? "unchanged" : "new";
  const props: Record<string, unknown> = { effect: effectOf(d) };
  if (d.source) props["pointer"] = d.source.pointer;
  if (d.target) props["target"] = { ...d.target };
  if (d.hint) props["hint"] = d.hint;
  if (d.policy) props["policy"] = d.policy;
  r.properties = props;
  return r;
}

/**
 * One SARIF log for a run. `baseline`: the run compared against a baseline, so each result says
 * whether it is new. `root`: %SRCROOT%, the folder files are named relative to (the working folder).
 */
export function sarifLog(diagnostics: readonly Diagnostic[], options: { baseline?: boolean; root?: string; notes?: readonly RunNote[] } = {}): SarifLog {
  const root = options.root ?? process.cwd();
  // What the run found that is no diagnostic (a round trip that loses, which --strict fails on): the
  // invocation's notifications, so a log whose run exited 1 says why (verify trial 18).
  const notes = options.notes ?? [];
  const invocations = notes.length === 0 ? {} : { invocations: [{ executionSuccessful: true, toolExecutionNotifications: notes.map((n) => ({ level: n.level, message: { text: n.text }, ...(n.file === undefined ? {} : { locations: [{ physicalLocation: { artifactLocation: fileUri(n.file, root) } }] }) })) }] };
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "agentport", rules: sarifRules() } },
        ...invocations,
        columnKind: "utf16CodeUnits",
        results: diagnostics.map((d) => result(d, options.baseline === true, root)),
      },
    ],
  };
}

/** A finding of the run that is no diagnostic (SARIF: a tool execution notification). */
export interface RunNote {
  level: "error" | "warning" | "note";
  text: string;
  file?: string;
}

/** The notes of round trips that did not give their input back: an error where --strict fails the run on them. */
export function roundTripNotes(entries: readonly { file: string; patch: readonly unknown[]; failed?: true }[], strict: boolean): RunNote[] {
  const byFile = new Map<string, { n: number; failed: boolean }>();
  for (const e of entries) {
    if (e.patch.length === 0 && e.failed !== true) continue;
    const had = byFile.get(e.file) ?? { n: 0, failed: false };
    byFile.set(e.file, { n: had.n + e.patch.length, failed: had.failed || e.failed === true });
  }
  return [...byFile].map(([file, { n, failed }]) => ({ level: strict ? "error" : "warning", text: `${file}: round trip: ${failed ? "the way back failed" : `${n} difference${n === 1 ? "" : "s"}`} (--verify-roundtrip; the differences are in --json's roundtrip and the text report)`, file }));
}
