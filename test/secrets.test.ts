import { describe, expect, it } from "vitest";
import { CREDENTIAL_KEY_LENGTH, SECRET_PATTERNS, SHORTEST_SECRET, scanSecrets } from "../src/ir/secret-patterns.js";

// One hit and near-misses per row of the table. Test values are assembled at run
// time so this file itself never holds a credential-shaped literal.
const j = (...p: string[]) => p.join("");
const CASES: Record<string, { hit: string[]; miss: string[] }> = {
  "anthropic-key": { hit: [j("sk-", "ant-api03-", "A".repeat(24))], miss: ["sk-ant-short", "ask-ant-questions"] },
  "openai-key": { hit: [j("sk-", "proj-", "abcDEF123456ghiJKL7890mn"), j("sk-", "a1B2c3D4e5F6g7H8i9J0kLmN")], miss: ["task-based work", "sk-too-short", "risk-assessment-framework"] },
  "aws-access-key": { hit: [j("AKIA", "IOSFODNN7EXAMPL1")], miss: ["AKIA123", "akiaiosfodnn7example"] },
  "github-token": { hit: [j("ghp_", "a".repeat(36)), j("github_pat_", "11ABCDEFG0123456789_abcdef")], miss: ["ghp_short", "the github_pat docs"] },
  "slack-token": { hit: [j("xoxb-", "1234567890-abcdefghij")], miss: ["xoxb-", "xox-1234567890"] },
  "google-api-key": { hit: [j("AIza", "SyA-1234567890abcdefghijklmnopqrstu")], miss: ["AIza short"] },
  jwt: { hit: [j("eyJhbGciOiJIUzI1NiJ9", ".", "eyJzdWIiOiIxMjM0NTY3ODkwIn0", ".", "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U")], miss: ["eyJhbGciOiJIUzI1NiJ9", "eyJ.eyJ.x"] },
  "pem-private-key": { hit: [j("-----BEGIN ", "RSA PRIVATE KEY-----\nMIIE"), j("-----BEGIN ", "PRIVATE KEY-----")], miss: ["-----BEGIN PUBLIC KEY-----", "-----BEGIN CERTIFICATE-----"] },
  bearer: { hit: [j("Bearer ", "abcdef0123456789abcdef")], miss: ["Bearer token", "use a Bearer header"] },
  "basic-auth-header": { hit: [j("Authorization: ", "Basic ", "dXNlcjpwYXNzd29yZA==")], miss: ["Authorization: required", "the Authorization header"] },
  "url-password": { hit: [j("postgres://admin:", "s3cretpw@db.example.com/app")], miss: ["https://user@example.com/x", "https://example.com:8080/path", "mailto:someone@example.com"] },
};

describe("secret patterns", () => {
  it("has a test case for every row of the table", () => {
    expect(Object.keys(CASES).sort()).toEqual(SECRET_PATTERNS.map((p) => p.id).sort());
  });
  for (const row of SECRET_PATTERNS) {
    const c = CASES[row.id]!;
    it(`${row.id}: finds the credential and ignores near-misses`, () => {
      for (const h of c.hit) {
        const hits = scanSecrets({ blueprint: { systemPrompt: `use ${h} here` } });
        expect(hits.map((x) => x.patternId), h).toEqual([row.id]);
        expect(hits[0]!.pointer).toBe("/blueprint/systemPrompt");
      }
      for (const m of c.miss) expect(scanSecrets({ text: m }).filter((x) => x.patternId === row.id), m).toEqual([]);
    });
  }
  it("flags literal credential members such as headers, but not placeholders", () => {
    expect(scanSecrets({ headers: { Authorization: "letmein-please" } }).map((h) => h.pointer)).toEqual(["/headers/Authorization"]);
    expect(scanSecrets({ headers: { Authorization: "{{secrets.token}}", "x-api-key": "${API_KEY}" } })).toEqual([]);
  });
});

describe("one test per distinct string", () => {
  it("reports a repeated credential at every place it appears, across documents sharing a memo", () => {
    const key = j("ghp_", "b".repeat(36));
    const memo = new Map();
    const first = scanSecrets({ a: key, b: [key, { c: `x ${key}` }], "d/e": { password: "hunter22" } }, memo);
    expect(first.map((h) => [h.pointer, h.patternId])).toEqual([["/a", "github-token"], ["/b/0", "github-token"], ["/b/1/c", "github-token"], ["/d~1e/password", "credential-member"]]);
    const second = scanSecrets([key, "plain"], memo);
    expect(second.map((h) => h.pointer)).toEqual(["/0"]);
    expect(scanSecrets(key)).toEqual([{ pointer: "", patternId: "github-token", label: first[0]!.label, match: key }]);
  });
});

describe("the prefilter", () => {
  it("a row's `needs` is text every match of the row holds, so skipping strings without it finds the same", () => {
    for (const row of SECRET_PATTERNS) {
      if (row.needs === undefined) continue;
      for (const h of CASES[row.id]!.hit) expect(row.pattern.exec(h)?.[0].includes(row.needs), h).toBe(true);
    }
    // Mixed case in the scheme is still a URL the row reads (the row is case-insensitive; "://" has no case).
    const url = j("HTTPS://admin:", "s3cretpw@db.example.com/app");
    expect(scanSecrets({ u: url }).map((h) => h.patternId)).toEqual(["url-password"]);
  });
});

describe("the length filter", () => {
  // Each row's shortest match, worked out from its pattern: the least each part of it takes.
  const SHORTEST: Record<string, string> = {
    "anthropic-key": j("sk-", "ant-", "a".repeat(20)),
    "openai-key": j("sk-", "a".repeat(20)),
    "aws-access-key": j("AKIA", "A".repeat(16)),
    "github-token": j("github_pat_", "a".repeat(22)),
    "slack-token": j("xoxb-", "a".repeat(10)),
    "google-api-key": j("AIza", "a".repeat(35)),
    jwt: j("eyJ", "a".repeat(8), ".eyJ", "a".repeat(8), ".", "a".repeat(8)),
    "pem-private-key": j("-----BEGIN ", "PRIVATE KEY-----"),
    bearer: j("Bearer ", "a".repeat(16)),
    "basic-auth-header": j("Authorization:", "Basic ", "a".repeat(8)),
    "url-password": j("a:", "//b:ccc@"),
  };
  it("no row matches a string shorter than SHORTEST_SECRET, and url-password's shortest is that long", () => {
    expect(Object.keys(SHORTEST).sort()).toEqual(SECRET_PATTERNS.map((p) => p.id).sort());
    for (const row of SECRET_PATTERNS) {
      const s = SHORTEST[row.id]!;
      expect(row.pattern.exec(s)?.[0], row.id).toBe(s);
      // Shortest: without any one of its characters, the row no longer matches.
      for (let i = 0; i < s.length; i++) expect(row.pattern.test(s.slice(0, i) + s.slice(i + 1)), `${row.id} without ${i}`).toBe(false);
      expect(s.length, row.id).toBeGreaterThanOrEqual(SHORTEST_SECRET);
      expect(scanSecrets({ v: s }).map((h) => h.patternId), row.id).toEqual([row.id]);
    }
    expect(SHORTEST["url-password"]!.length).toBe(SHORTEST_SECRET);
    // A short credential member is still one: the member's name decides, not the length.
    expect(scanSecrets({ password: "hunter2" }).map((h) => h.patternId)).toEqual(["credential-member"]);
  });

  it("every credential member name is as long as CREDENTIAL_KEY_LENGTH says, the bounds met (only those lengths are tested)", () => {
    // Each spelling CREDENTIAL_KEYS accepts, in every case the scan may meet.
    const names = ["authorization", "proxy-authorization", "x-api-key", "apikey", "api-key", "api_key", "x-auth-token", "clientsecret", "client-secret", "client_secret", "password"];
    const lengths = names.map((n) => n.length);
    expect(Math.min(...lengths)).toBe(CREDENTIAL_KEY_LENGTH.min);
    expect(Math.max(...lengths)).toBe(CREDENTIAL_KEY_LENGTH.max);
    for (const n of names) for (const k of [n, n.toUpperCase()]) expect(scanSecrets({ [k]: "hunter2" }).map((h) => h.patternId), k).toEqual(["credential-member"]);
    // Nothing one character shorter or longer than the bounds, built from the accepted words, is a credential name.
    expect(scanSecrets({ apike: "hunter2", "proxy-authorizations": "hunter2", "xproxy-authorization": "hunter2" })).toEqual([]);
  });
});
