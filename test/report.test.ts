// The text report: by default what needs action (every error and behaviour warning,
// with its hint), one line per output file and two closing lines; --verbose adds every
// note and the exact-carry figures; --quiet shows errors only.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { cli, cliTemp, EXAMPLE_BUNDLE as BUNDLE } from "./helpers/cli.js";
import { FORMAT_IDS, GOLDEN_ROOT, listCaseNames } from "./helpers/cases.js";
import { convertFiles } from "../src/node/files.js";
import { formatDiagnostic } from "../src/ir/diagnostic-line.js";
import { effectOf } from "../src/policy.js";
import type { Diagnostic } from "../src/ir/diagnostics.js";

const tmp = cliTemp("report");
const DEFAULTED = new Set(["default-lost", "default-differs", "defaulted-required", "defaulted-placeholder"]);


function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...yamlFiles(p));
    else if (/\.ya?ml$/.test(e)) out.push(p);
  }
  return out;
}

/** Every golden input and every mas corpus manifest, each to every format. */
const INPUTS = [
  ...listCaseNames().map((n) => join("golden", n, readdirSync(join(GOLDEN_ROOT, n)).find((f) => f.startsWith("input."))!)),
  ...yamlFiles("test/fixtures/mas/apps"),
];

/** Removes `block` (consecutive lines) from `lines` at its first occurrence; false when it is not there. */
function take(lines: string[], block: readonly string[]): boolean {
  for (let i = 0; i + block.length <= lines.length; i++) {
    if (block.every((b, k) => lines[i + k] === b)) {
      lines.splice(i, block.length);
      return true;
    }
  }
  return false;
}

const linesOf = (s: string) => s.split("\n").filter((l) => l !== "");

/** The behaviour changes and notes the per-output lines (`x.agent.json: 2 behaviour changes, 3 notes`) count, summed. */
function tally(lines: readonly string[]): { behaviour: number; notes: number } {
  const sum = { behaviour: 0, notes: 0 };
  for (const l of lines) {
    const counts = l.slice(l.indexOf(": ") + 2);
    for (const m of counts.matchAll(/(\d+) (behaviour change|note)s?\b/g)) sum[m[2] === "note" ? "notes" : "behaviour"] += Number(m[1]);
  }
  return sum;
}

describe("the default report", () => {
  it.each(INPUTS)("%s: every error and behaviour change, then lines per output file that count them all, and two closing lines; --verbose everything", async (input) => {
    for (const to of FORMAT_IDS) {
      const { diagnostics, outputs } = convertFiles([input], to, {});
      const out = tmp();
      const r = await cli(["convert", input, "--to", to, "-o", out + "/"]);
      const rest = linesOf(r.stderr);
      const needed = diagnostics.filter((d) => d.severity !== "info");
      // every behaviour change is a warning or an error: none hides among the notes
      for (const d of diagnostics) if (effectOf(d) === "behaviour") expect(d.severity, formatDiagnostic(d)).not.toBe("info");
      for (const d of needed) expect(take(rest, formatDiagnostic(d).split("\n")), `${to}: ${formatDiagnostic(d)}`).toBe(true);
      const info = new Set(diagnostics.filter((d) => d.severity === "info").map((d) => formatDiagnostic(d).split("\n")[0]!));
      expect(rest.filter((l) => info.has(l)), `${to}: notes in the default report`).toEqual([]);
      // One line per output, one for the findings about no single output when there are several, two closing lines.
      expect(rest.length, `${to}:\n${rest.join("\n")}`).toBeLessThanOrEqual(outputs.length + 3);
      expect(rest[rest.length - 1], to).toMatch(/^agentport: (converted|nothing written|not written)/);
      // Those lines account for every finding: the behaviour changes and the notes add up to the run's.
      if (r.code !== 2) {
        const counted = tally(rest.filter((l) => !l.startsWith("agentport: ")));
        // The run's notes as its closing line counts them (written to a folder, its references are rewritten: notes convertFiles has not).
        const notes = Number(/--verbose lists the (\d+) notes?/.exec(rest[rest.length - 1]!)?.[1] ?? 0);
        expect(counted, `${to}:\n${rest.join("\n")}`).toEqual({ behaviour: needed.filter((d) => effectOf(d) === "behaviour").length, notes });
      }

      // --verbose: every diagnostic (in the conversion's order), the per-file exact-carry line and the old summary
      const v = await cli(["convert", input, "--to", to, "-o", tmp() + "/", "--verbose"]);
      expect(v.code).toBe(r.code);
      const vlines = linesOf(v.stderr);
      let at = 0;
      for (const d of diagnostics) {
        const block = formatDiagnostic(d).split("\n");
        const found = vlines.findIndex((l, i) => i >= at && block.every((b, k) => vlines[i + k] === b));
        expect(found, `${to} --verbose: ${block[0]}`).toBeGreaterThanOrEqual(at);
        at = found + block.length;
      }
      if (r.code !== 2) expect(v.stderr).toMatch(new RegExp(`^agentport: fidelity ${input.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\d+\\.\\d% \\(\\d+ of \\d+ source values carried exactly\\)$`, "m"));
      expect(v.stderr).toMatch(/^agentport: (converted .*|not written .*|nothing written) \(\d+ errors?, \d+ warnings?, \d+ info\)$/m);
    }
  });
});

describe("report lines", () => {
  it("one line per output file counts its behaviour changes and notes; the closing line names the notes --verbose lists", async () => {
    const out = tmp();
    const r = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", out + "/", "--no-stash"]);
    expect(r.code).toBe(0);
    const { diagnostics } = convertFiles([BUNDLE], "agentmug", { stash: false });
    const lines = linesOf(r.stderr);
    for (const name of ["front-desk.agent.json", "billing.agent.json", "tech.agent.json"]) {
      const mine = diagnostics.filter((d) => d.target?.file === name);
      const b = mine.filter((d) => d.severity !== "info" && effectOf(d) === "behaviour").length;
      const n = mine.filter((d) => d.severity === "info").length;
      expect(b).toBeGreaterThan(0);
      expect(lines).toContain(`${name}: ${b} behaviour change${b === 1 ? "" : "s"}${n ? `, ${n} note${n === 1 ? "" : "s"}` : ""}`);
    }
    const notes = diagnostics.filter((d) => d.severity === "info").length;
    expect(lines[lines.length - 1]).toBe(`agentport: converted 1 input to 3 agentmug documents; --verbose lists the ${notes} notes`);
    const fidelity = lines[lines.length - 2]!;
    const m = /^agentport: behaviour kept for (\d+) of (\d+) behaviour-bearing values \((\d+) changed\)(?:; (\d+) more changes? where the source states no value)?$/.exec(fidelity);
    expect(m, fidelity).not.toBeNull();
    const [kept, of, changed] = [Number(m![1]), Number(m![2]), Number(m![3])];
    expect(kept + changed).toBe(of);
    // Each default the target does not keep is a change no value of the input shows (the line said "0 changed" beside such warnings).
    const unsetDefaults = diagnostics.filter((d) => d.severity === "warning" && (d.code === "default-lost" || d.code === "default-differs")).length;
    expect(unsetDefaults).toBeGreaterThan(0);
    expect(Number(m![4] ?? 0)).toBe(unsetDefaults);
    // the lost links, greeting and temperature are behaviour changes
    expect(changed).toBeGreaterThanOrEqual(diagnostics.filter((d) => d.severity === "warning" && /subAgents|greeting|temperature/.test(d.source?.pointer ?? "")).length);
  });

  it("--json carries the fidelity figures: the text line's behaviour numbers and the ledger's exact-carry share", async () => {
    const d = tmp();
    const ledger = join(d, "ledger.json");
    const text = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", join(d, "a") + "/", "--no-stash", "--ledger", ledger]);
    const j = await cli(["convert", BUNDLE, "--to", "agentmug", "--no-stash", "--json"]);
    const body = JSON.parse(j.stdout) as { fidelity: { file: string; values: number; exact: number; behaviour: { values: number; kept: number; changed: number; unset: number } }[] };
    expect(body.fidelity).toHaveLength(1);
    const f = body.fidelity[0]!;
    expect(f.file).toBe(BUNDLE);
    const rows = JSON.parse(readFileSync(ledger, "utf8")) as { status: string }[];
    expect(f.values).toBe(rows.length);
    expect(f.exact).toBe(rows.filter((r) => r.status === "exact").length);
    expect(f.behaviour.kept + f.behaviour.changed).toBe(f.behaviour.values);
    expect(f.behaviour.unset).toBeGreaterThan(0);
    expect(text.stderr).toContain(`agentport: behaviour kept for ${f.behaviour.kept} of ${f.behaviour.values} behaviour-bearing values (${f.behaviour.changed} changed); ${f.behaviour.unset} more changes where the source states no value\n`);
  });

  it("an edit the stash does not restore (stash-stale) is no change 'where the source states no value': the edited value is stated", async () => {
    const { writeFileSync } = await import("node:fs");
    const d = tmp();
    const file = join(d, "a.agent.json");
    expect((await cli(["convert", "test/fixtures/mas/apps/03-experiments-and-analysis/mas.yaml", "--to", "agentmug", "-o", file])).code).toBe(0);
    const doc = JSON.parse(readFileSync(file, "utf8")) as { blueprint: { systemPrompt: string } };
    doc.blueprint.systemPrompt += "\nAlways answer in French.";
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const j = await cli(["convert", file, "--to", "mas", "--json"]);
    const body = JSON.parse(j.stdout) as { diagnostics: Diagnostic[]; fidelity: { behaviour: { unset: number } }[] };
    expect(body.diagnostics.some((x) => x.code === "stash-stale" && x.severity === "warning")).toBe(true);
    expect(body.diagnostics.some((x) => DEFAULTED.has(x.code) && x.severity !== "info")).toBe(false);
    expect(body.fidelity[0]!.behaviour.unset).toBe(0);
  });

  it("a stash-stale warning, about an edit in the input, counts on the line of the output holding the agent it is about (session 17, verify16 N6)", async () => {
    const { writeFileSync } = await import("node:fs");
    const d = tmp();
    const file = join(d, "a.agent.json");
    expect((await cli(["convert", "test/fixtures/mas/apps/03-experiments-and-analysis/mas.yaml", "--to", "agentmug", "-o", file])).code).toBe(0);
    // The tool agentport wrote from the agent's tool manifest reference, renamed by the user.
    const doc = JSON.parse(readFileSync(file, "utf8")) as { blueprint: { tools: string[] } };
    doc.blueprint.tools[0] = "calculator";
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const r = await cli(["convert", file, "--to", "mas", "-o", join(d, "back") + "/"]);
    expect(r.code).toBe(0);
    const lines = linesOf(r.stderr);
    const { diagnostics, outputs } = convertFiles([file], "mas", {});
    expect(outputs.length).toBeGreaterThan(1);
    const stale = diagnostics.filter((x) => x.code === "stash-stale");
    const agentFile = outputs.find((o) => o.text.includes("kind: Agent"))!.name;
    expect(stale.map((x) => [x.severity, x.target?.file])).toEqual([["warning", agentFile]]);
    expect(lines.find((l) => l.startsWith(`${agentFile}: `))).toMatch(/^[^:]+: 1 behaviour change\b/);
    expect(lines.some((l) => l.startsWith("about no single output"))).toBe(false);
    for (const o of outputs) expect(lines.some((l) => l.startsWith(`${o.name}: `)), o.name).toBe(true);
    const behaviour = diagnostics.filter((x) => x.severity !== "info" && effectOf(x) === "behaviour").length;
    expect(tally(lines.filter((l) => !l.startsWith("agentport: ") && !l.includes(" warning ") && !l.startsWith("    hint:"))).behaviour).toBe(behaviour);
  });

  it("the fidelity line accounts for every behaviour warning of a one-agent file: each changed a stated value, or one the source leaves unset", async () => {
    // mas app 03 → Caplo: a dropped tool reference (a stated value), two call limits Caplo imposes
    // where mas has none and a greeting Caplo requires (unset): the line said "(1 changed)" beside 4 warnings.
    const d = tmp();
    const j = await cli(["convert", "test/fixtures/mas/apps/03-experiments-and-analysis/mas.yaml", "--to", "caplo", "-o", join(d, "c.json"), "--json"]);
    const body = JSON.parse(j.stdout) as { diagnostics: Diagnostic[]; fidelity: { behaviour: { changed: number; unset: number } }[] };
    const warnings = body.diagnostics.filter((x) => x.severity === "warning" && effectOf(x) === "behaviour");
    expect(warnings.map((x) => x.code).sort()).toEqual(["clamped-value", "clamped-value", "defaulted-required", "dropped-field"]);
    const f = body.fidelity[0]!.behaviour;
    expect([f.changed, f.unset]).toEqual([1, 3]);
  });

  it("prints usage errors before anything else", async () => {
    const r = await cli(["convert", BUNDLE, "--to", "agentmug"]);
    expect(r.code).toBe(2);
    expect(linesOf(r.stderr)[0]).toMatch(/error usage-error .*-o DIR/);
    expect(linesOf(r.stderr).slice(-1)[0]).toBe("agentport: nothing written (1 error)");
    // The command line to fix comes alone: the run wrote nothing, its findings wait for the corrected command.
    expect(linesOf(r.stderr).filter((l) => !l.startsWith("    hint:"))).toEqual([linesOf(r.stderr)[0], "agentport: nothing written (1 error)"]);
    const v = await cli(["convert", BUNDLE, "--to", "agentmug", "--verbose"]);
    expect(linesOf(v.stderr)[0]).toMatch(/error usage-error .*-o DIR/);
    expect(linesOf(v.stderr).length).toBeGreaterThan(10);
  });

  it("--quiet prints errors only, and on a --strict failure the warnings that caused it", async () => {
    const ok = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", tmp() + "/", "--no-stash", "-q"]);
    expect(ok.code).toBe(0);
    expect(ok.stderr).toBe("");
    const strict = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", tmp() + "/", "--no-stash", "-q", "--strict"]);
    expect(strict.code).toBe(1);
    const warnings = convertFiles([BUNDLE], "agentmug", { stash: false }).diagnostics.filter((d: Diagnostic) => d.severity === "warning");
    // grouped per output file, so compared as a set
    expect(linesOf(strict.stderr).filter((l) => !l.startsWith("    hint:")).sort()).toEqual(warnings.map((d) => formatDiagnostic(d).split("\n")[0]!).sort());
    const bad = await cli(["convert", "no-such.json", "--to", "agentmug", "-q"]);
    expect(bad.code).toBe(2);
    expect(linesOf(bad.stderr)).toEqual(["no-such.json error usage-error no such file: no-such.json"]);
  });

  it("--quiet with --verbose is a usage error", async () => {
    const r = await cli(["convert", BUNDLE, "--to", "caplo", "-q", "--verbose"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/usage-error --quiet and --verbose/);
  });
});
