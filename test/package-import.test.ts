// The package as a consumer sees it: `import("agentport")` resolves through
// package.json "exports" to dist/, so this checks the built artefact, not src/.
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "./helpers/cases.js";

const CAPLO = JSON.stringify({
  apiVersion: "v2",
  kind: "Agent",
  name: "Package Helper",
  instructions: "Answer briefly.",
  greeting: "Hello!",
  model: { provider: "OpenAI", name: "gpt-4.1" },
});

const SCRIPT = `
import("agentport").then((m) => {
  const r = m.convert(process.env.AGENTPORT_TEST_INPUT, "agentmug", { exportedAt: "2025-01-01T00:00:00Z" });
  process.stdout.write(JSON.stringify({ exports: Object.keys(m).sort(), ok: r.ok, outputs: r.outputs.map((o) => ({ name: o.name, format: o.format, document: o.document })), codes: r.diagnostics.map((d) => d.code) }));
});
`;

describe("the package resolves by its own name", () => {
  it("import('agentport') converts a Caplo manifest to AgentMug", () => {
    const entry = join(PROJECT_ROOT, "dist", "index.js");
    expect(existsSync(entry), "dist/index.js is missing: run `npm run build` (npm test builds before running vitest)").toBe(true);
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", SCRIPT], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, AGENTPORT_TEST_INPUT: CAPLO },
      encoding: "utf8",
      timeout: 30_000,
    });
    const r = JSON.parse(out) as { exports: string[]; ok: boolean; outputs: { name: string; format: string; document: Record<string, unknown> }[]; codes: string[] };
    expect(r.exports).toEqual(expect.arrayContaining(["convert", "convertMany", "formats", "DIAGNOSTIC_CODES"]));
    expect(r.ok, `conversion failed: ${r.codes.join(", ")}`).toBe(true);
    expect(r.outputs).toHaveLength(1);
    const o = r.outputs[0]!;
    expect(o.format).toBe("agentmug");
    expect(o.document["name"]).toBe("Package Helper");
    expect(o.document["exportedAt"]).toBe("2025-01-01T00:00:00Z");
    expect((o.document["blueprint"] as Record<string, unknown>)["systemPrompt"]).toBe("Answer briefly.");
  });
});

describe("the package ships its license (user trial 17 T11)", () => {
  it("npm pack includes LICENSE, the Apache-2.0 text package.json names", () => {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { license: string };
    expect(pkg.license).toBe("Apache-2.0");
    const packed = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: PROJECT_ROOT, encoding: "utf8", timeout: 60_000 })) as { files: { path: string }[] }[];
    expect(packed[0]!.files.map((f) => f.path)).toContain("LICENSE");
    const text = readFileSync(join(PROJECT_ROOT, "LICENSE"), "utf8");
    expect(text).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004\s+http:\/\/www\.apache\.org\/licenses\//);
    expect(text).toContain("END OF TERMS AND CONDITIONS");
  });
});
