// The secret sentinel's one data table: credential shapes that must never reach a
// publishable file. Each row has tests for a hit and for near-misses
// (test/secrets.test.ts). Messages name the kind, never the value.
import { escapeToken } from "./pointer.js";

export interface SecretPattern {
  id: string;
  label: string;
  pattern: RegExp;
  /**
   * Text every match holds, as written: a string without it is not tested against the row. For a
   * row slow to fail on ordinary text (url-password tries every word as a scheme), where a
   * plain substring search is a hundred times cheaper.
   */
  needs?: string;
}

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  { id: "anthropic-key", label: "an Anthropic API key (sk-ant-…)", pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/ },
  { id: "openai-key", label: "an OpenAI-style API key (sk-…)", pattern: /\bsk-(?!ant-)(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}/ },
  { id: "aws-access-key", label: "an AWS access key id (AKIA…)", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { id: "github-token", label: "a GitHub token (ghp_…)", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/ },
  { id: "slack-token", label: "a Slack token (xox…)", pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/ },
  { id: "google-api-key", label: "a Google API key (AIza…)", pattern: /\bAIza[0-9A-Za-z_-]{35}/ },
  { id: "jwt", label: "a JSON Web Token", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/ },
  { id: "pem-private-key", label: "a PEM private key block", pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/ },
  { id: "bearer", label: "an Authorization Bearer credential", pattern: /\bBearer\s+[A-Za-z0-9._~+/-]{16,}=*/ },
  { id: "basic-auth-header", label: "an Authorization header value", pattern: /\bAuthorization:\s*(?:Basic|Token|Bearer)\s+[A-Za-z0-9._~+/-]{8,}=*/i },
  { id: "url-password", label: "a URL with an embedded password", pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:[^/\s@]{3,}@/i, needs: "://" },
];

/**
 * A superset prefilter, so most strings are tested once: one case-insensitive alternation of the
 * rows without `needs`, and a substring search for each row with it.
 */
const ANY_SECRET = new RegExp(SECRET_PATTERNS.filter((p) => p.needs === undefined).map((p) => p.pattern.source).join("|"), "i");
const NEEDED = SECRET_PATTERNS.flatMap((p) => (p.needs === undefined ? [] : [p.needs]));

/**
 * No row matches fewer characters than this (url-password's `a://b:ccc@`; the others 15 and more):
 * a shorter string (an id, a role, a number's text: a third of an output's strings) is no credential
 * shape and is not looked up or tested. test/secrets.test.ts holds each row's shortest match.
 */
export const SHORTEST_SECRET = 10;

/** Header or member names whose non-placeholder value is itself a credential. */
const CREDENTIAL_KEYS = /^(?:authorization|proxy-authorization|x-api-key|api[-_]?key|apikey|x-auth-token|client[-_]?secret|password)$/i;
/** The shortest and longest name CREDENTIAL_KEYS matches ("apikey", "proxy-authorization"): test/secrets.test.ts checks them. */
export const CREDENTIAL_KEY_LENGTH = { min: 6, max: 19 } as const;
const PLACEHOLDER = /^\s*(?:\{\{[^}]*\}\}|\$\{[^}]*\}|<[^>]*>|\*+|)\s*$/;

export interface SecretHit {
  /** Pointer into the scanned document. */
  pointer: string;
  patternId: string;
  label: string;
  /** The matched text: for locating the value in the source, never for printing. */
  match: string;
}

/** A string's pattern hit (the row and the matched text), or null: what scanSecrets found testing it. */
export type SecretMemo = Map<string, { row: SecretPattern; match: string } | null>;

/**
 * Strings shorter than this are tested each time they occur, not remembered: the prefilter rejects
 * one as fast as the memo finds it, and remembering every pointer, id and digest of an output (a
 * stash is mostly those) grew the memo by more than the rest of the scan allocated.
 */
const REMEMBERED = 256;

/** Whether `v` holds the text a `needs` row cannot match without (a loop: no closure per string tested). */
function holdsNeeded(v: string): boolean {
  for (let i = 0; i < NEEDED.length; i++) if (v.includes(NEEDED[i] as string)) return true;
  return false;
}

function patternHit(v: string, memo: SecretMemo): { row: SecretPattern; match: string } | null {
  if (v.length < SHORTEST_SECRET) return null;
  const remember = v.length >= REMEMBERED;
  let found = remember ? memo.get(v) : undefined;
  if (found !== undefined) return found;
  found = null;
  if (ANY_SECRET.test(v) || holdsNeeded(v)) {
    for (const row of SECRET_PATTERNS) {
      if (row.needs !== undefined && !v.includes(row.needs)) continue;
      const m = row.pattern.exec(v);
      if (m) {
        found = { row, match: m[0] };
        break;
      }
    }
  }
  if (remember) memo.set(v, found);
  return found;
}

/**
 * Every credential-shaped string in a JSON document. Each distinct string is tested once (a
 * stash repeats the values it keeps; pass one `memo` to share the tests across the outputs of
 * a conversion), and a pointer is spelled only for a hit.
 */
export function scanSecrets(doc: unknown, memo: SecretMemo = new Map()): SecretHit[] {
  const hits: SecretHit[] = [];
  // Only a name as long as one of CREDENTIAL_KEYS' is tested (most of a stash's member names are
  // pointers, longer): cheaper than remembering each name, which a stash's many pointers grew.
  const credentialKey = (key: string): boolean => key.length >= CREDENTIAL_KEY_LENGTH.min && key.length <= CREDENTIAL_KEY_LENGTH.max && CREDENTIAL_KEYS.test(key);
  // The tokens to the value being tested, spelled as a pointer only for a hit.
  const path: (string | number)[] = [];
  const here = () => path.map((t) => `/${typeof t === "number" ? t : escapeToken(t)}`).join("");
  // Depth is bounded: inputs nest at most MAX_DEPTH levels (src/text/parse.ts), and outputs are made from them.
  const visit = (v: unknown, key: string | undefined): void => {
    if (typeof v === "string") {
      const found = patternHit(v, memo);
      if (found) hits.push({ pointer: here(), patternId: found.row.id, label: found.row.label, match: found.match });
      if (!found && key !== undefined && credentialKey(key) && !PLACEHOLDER.test(v)) {
        hits.push({ pointer: here(), patternId: "credential-member", label: `a literal "${key}" value`, match: v });
      }
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        visit(v[i], undefined);
        path.pop();
      }
    } else if (typeof v === "object" && v !== null) {
      for (const k of Object.keys(v)) {
        path.push(k);
        visit((v as Record<string, unknown>)[k], k);
        path.pop();
      }
    }
  };
  visit(doc, undefined);
  return hits.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}

/** The pointer of the first string in `source` containing `match`, to point the user at the input. */
export function findInSource(source: unknown, match: string): string | undefined {
  // Breadth first (the shallowest occurrence is the most telling); an index, not shift(), keeps it linear.
  const queue: [unknown, string][] = [[source, ""]];
  for (let i = 0; i < queue.length; i++) {
    const [v, p] = queue[i]!;
    if (typeof v === "string" && v.includes(match)) return p;
    if (Array.isArray(v)) v.forEach((x, j) => queue.push([x, `${p}/${j}`]));
    else if (typeof v === "object" && v !== null) for (const k of Object.keys(v)) queue.push([(v as Record<string, unknown>)[k], `${p}/${escapeToken(k)}`]);
  }
  return undefined;
}
