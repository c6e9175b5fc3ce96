// Real mas apps (test/fixtures/mas/apps, see its README) convert as a user would
// try them: as a folder (exit 0, no --allow-outside-refs; every file that is no
// agent skipped with one line, every agent converted once, with its app) and by
// each MAS manifest (with --root where the manifest names agents beside its folder).
import { afterAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { cli } from "./helpers/cli.js";
import { PROJECT_ROOT } from "./helpers/cases.js";

const APPS = join(PROJECT_ROOT, "test/fixtures/mas/apps");
/**
 * What each app needs beyond the defaults, and why: memory-provenance's agents use the legacy
 * spec.plugins the schema refuses (--lenient), and its MAS manifests sit in letta-native/ and
 * semantic-memory/ with their agents in ../agents/ (--root: the experiment's folder).
 */
const NEEDS: Record<string, { lenient?: true; root?: string }> = {
  "01-building-an-agent": { lenient: true, root: "experiments/memory-provenance" },
  "03-experiments-and-analysis": {},
};

const work = mkdtempSync(join(tmpdir(), "agentport-apps-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let runs = 0;
const fresh = () => join(work, `out-${runs++}`);

function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith(".yaml")) out.push(join(d, e.name));
    }
  };
  walk(dir);
  return out.sort();
}

const kindOf = (file: string) => /^kind: (\w+)/m.exec(readFileSync(file, "utf8"))?.[1];
const isApp = (file: string) => kindOf(file) === "MAS" && /^\s+agency:/m.test(readFileSync(file, "utf8"));

describe("real mas apps", () => {
  it("the fixtures hold every app of the shared corpus", () => {
    expect(readdirSync(APPS).filter((d) => d !== "README.md").sort()).toEqual(Object.keys(NEEDS).sort());
  });

  for (const app of Object.keys(NEEDS)) {
    const dir = join(APPS, app);
    const needs = NEEDS[app]!;
    const lenient = needs.lenient ? ["--lenient"] : [];

    for (const to of ["caplo", "agentmug", "mas"]) {
      it(`${app} converts as a folder to ${to}: exit 0, no --allow-outside-refs, each file accounted for once`, async () => {
        const out = fresh();
        const r = await cli(["convert", dir, "--to", to, "-o", out, "--jobs", "1", "--verbose", ...lenient]);
        expect(r.code, r.stderr).toBe(0);
        const files = yamlFiles(dir);
        const apps = files.filter(isApp);
        const agents = files.filter((f) => kindOf(f) === "Agent");
        const others = files.filter((f) => !apps.includes(f) && !agents.includes(f));
        expect(apps.length).toBeGreaterThan(0);
        expect(others.length).toBeGreaterThan(0);
        // Every app is converted; every agent file is read by one of them, so none is converted alone;
        // every other file (overlays, topologies) is skipped with exactly one line.
        expect(r.stderr).toMatch(new RegExp(`^agentport: converted ${apps.length}, with warnings \\d+, failed 0, skipped ${agents.length + others.length}(; --verbose lists the [\\d,]+ notes)?$`, "m"));
        for (const f of [...agents, ...others]) expect(r.stderr.split("\n").filter((l) => l.startsWith(`${f} info skipped-document`)), f).toHaveLength(1);
        for (const f of agents) expect(r.stderr).toMatch(new RegExp(`^${f} info skipped-document not converted on its own: .* reads it as its part`, "m"));
        const written = yamlOrJson(out);
        for (const a of apps) {
          const stem = relative(dir, a).replace(/\.yaml$/, "");
          expect(written.some((w) => w.startsWith(stem)), `${stem} in ${written.join(", ")}`).toBe(true);
        }
        for (const f of [...agents, ...others]) {
          const stem = relative(dir, f).replace(/\.yaml$/, "");
          expect(written.filter((w) => w === stem || w.startsWith(`${stem}.`) || w.startsWith(`${stem}/`)), stem).toEqual([]);
        }
      });
    }

    it(`${app}: each MAS manifest converts on its own${needs.root ? " with --root" : ""}`, async () => {
      for (const manifest of yamlFiles(dir).filter(isApp)) {
        const root = needs.root ? ["--root", join(dir, needs.root)] : [];
        const r = await cli(["convert", manifest, "--to", "caplo", "-o", fresh() + "/", ...lenient, ...root]);
        expect(r.code, `${manifest}\n${r.stderr}`).toBe(0);
        if (needs.root) {
          // Without it the agents beside the manifest's folder are refused, with a hint naming --root.
          const without = await cli(["convert", manifest, "--to", "caplo", "--json", ...lenient]);
          expect(without.code).toBe(2);
          const errors = (JSON.parse(without.stdout) as { diagnostics: { severity: string; code: string; message: string }[] }).diagnostics.filter((d) => d.severity === "error");
          expect(errors.map((d) => d.code)).toEqual(["ref-outside-root"]);
          expect(errors[0]!.message).toMatch(/--root/);
        }
      }
    });

    if (needs.lenient) {
      it(`${app} needs --lenient only for the legacy spec.plugins of its agents`, async () => {
        const r = await cli(["convert", dir, "--to", "caplo", "-o", fresh(), "--jobs", "1", "--json"]);
        expect(r.code).toBe(2);
        const errors = (JSON.parse(r.stdout) as { diagnostics: { severity: string; message: string }[] }).diagnostics.filter((d) => d.severity === "error");
        expect(errors.length).toBeGreaterThan(0);
        for (const e of errors) expect(e.message).toMatch(/unknown property "plugins"/);
      });
    }
  }
});

function yamlOrJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out.push(relative(dir, join(d, e.name)));
    }
  };
  walk(dir);
  return out.sort();
}
