// The x-agentport stash: where the target has an extension slot, A → B → A gives
// back exactly what A → A gives (A's data, up to the normalisations A's own
// writer makes and reports, which test/identity.test.ts checks), for every
// golden case of A; with stash: false every value the target cannot hold is
// reported as lost instead.
import { describe, expect, it } from "vitest";
import { convert, convertMany, emitDocuments, readInput, type ConvertInput, type ConvertResult } from "../src/index.js";
import { parseText } from "../src/text/parse.js";
import { isObject, leaves, type JsonObject, type JsonValue } from "../src/ir/json.js";
import { FORMAT_IDS, convertOptions, loadCases, loadMultiCases, outputNamedAs, type GoldenCase } from "./helpers/cases.js";
import { ADAPTERS, adapterFor } from "../src/adapters/registry.js";
import { diffLeaves, uncoveredDiffs, describeUncovered } from "./helpers/coverage.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";
import type { ReadFile } from "../src/adapters/types.js";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

const cases = loadCases();

/** The formats with an extension slot, from the registry. */
const SLOTS: readonly string[] = ADAPTERS.filter((a) => a.slot !== undefined).map((a) => a.id);
/** The directions whose middle format has a slot: every format through every other format with one. */
const TRIPS: readonly [string, string][] = FORMAT_IDS.flatMap((home) => SLOTS.filter((m) => m !== home).map((m): [string, string] => [home, m]));
/** Two slot formats in a row: from each format through each other slot format and the next one (registry order, cyclic). */
const THIRDS: readonly [string, string, string][] = FORMAT_IDS.flatMap((home) => {
  const others = SLOTS.filter((m) => m !== home);
  return others.length < 2 ? [] : others.map((m, i): [string, string, string] => [home, m, others[(i + 1) % others.length] as string]);
});

/** Differences at a format's private pointers (AgentMug brain/memory, Agent Spec credentials): never carried by design. */
function notPrivate(format: string, diffs: ReturnType<typeof diffLeaves>): ReturnType<typeof diffLeaves> {
  const p = adapterFor(format)?.privateData;
  return p ? diffs.filter((d) => !p.paths.test(d.pointer)) : diffs;
}

function list(r: ConvertResult): string {
  return r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n");
}

/** Converts the outputs of one conversion to `to`, as the files a user would pass on. */
function onward(forward: ConvertResult, to: string, c: GoldenCase, extra: { bundle?: boolean } = {}): ConvertResult {
  const files = new Map<string, string>();
  for (const o of forward.outputs) for (const f of o.files ?? []) files.set(f.path, f.text);
  const inputs: ConvertInput[] = forward.outputs.map((o) => ({ text: o.text, file: o.name }));
  // Files this conversion wrote, else the case's own (a restored reference names a file next to the input).
  const memory = memoryReadFile(files);
  const readFile: ReadFile = (path) => {
    const m = memory(path);
    return m.ok ? m : c.readFile(path);
  };
  return convertMany(inputs, to, {
    includePrivate: true,
    readFile,
    ...(c.options.exportedAt ? { exportedAt: c.options.exportedAt } : {}),
    ...extra,
  });
}

function dataOf(r: ConvertResult): JsonValue | undefined {
  // A mas kind: MAS manifest comes with its agent files; the manifest is the document that stands for the input.
  const system = r.outputs.find((o) => o.document["kind"] === "MAS");
  if (system) return parseText(system.text).data;
  return r.outputs.length === 1 ? parseText(r.outputs[0]!.text).data : undefined;
}

/** For a MAS manifest whose way back writes none (nothing of the system came back): every member must have been reported. */
function returnedFor(c: GoldenCase, r: ConvertResult): JsonValue | undefined {
  const d = dataOf(r);
  return d === undefined && isObject(c.data) && c.data["kind"] === "MAS" ? { apiVersion: "mas/v1", kind: "MAS" } : d;
}

/**
 * What the case's own format writes for it: the input's data, normalised as
 * A → A does. Private AgentMug data never leaves an AgentMug file, so it is
 * not expected back (the privacy tests below check it is reported and absent).
 */
function sameFormat(c: GoldenCase): JsonValue | undefined {
  const r = convert(c.text, c.sourceFormat!, convertOptions(c, { includePrivate: false }));
  expect(r.ok, list(r)).toBe(true);
  return dataOf(r);
}

describe("round trips through a slot are identity", () => {
  for (const [home, middle] of TRIPS) {
    const mine = cases.filter((c) => c.sourceFormat === home);
    it(`there are ${home} cases to carry through ${middle}`, () => expect(mine.length).toBeGreaterThan(0));
    for (const c of mine) {
      it(`${c.name}: ${home} → ${middle} → ${home} gives the input's data back`, () => {
        const forward = convert(c.text, middle, convertOptions(c, { includePrivate: true }));
        expect(forward.ok, list(forward)).toBe(true);
        const back = onward(forward, home, c, { bundle: c.bundle });
        expect(back.ok, list(back)).toBe(true);
        const diffs = notPrivate(home, diffLeaves(sameFormat(c), dataOf(back)));
        expect(diffs, JSON.stringify(diffs, null, 2)).toEqual([]);
        // Every value the middle format could not hold is reported, as stashed rather than lost.
        expect(forward.diagnostics.filter((d) => d.severity === "warning" && ["dropped-field", "dropped-link"].includes(d.code))).toEqual([]);
      });
    }
  }
});

describe("round trips of several inputs through a slot are identity, input by input", () => {
  for (const c of loadMultiCases()) {
    for (const middle of SLOTS.filter((m) => m !== c.sourceFormat)) {
      it(`${c.name}: ${c.sourceFormat} → ${middle} → ${c.sourceFormat} gives each input's data back`, () => {
        const same = convertMany(c.inputs, c.sourceFormat!, { ...c.options, includePrivate: true });
        expect(same.ok, list(same)).toBe(true);
        const forward = convertMany(c.inputs, middle, { ...c.options, includePrivate: true });
        expect(forward.ok, list(forward)).toBe(true);
        const files = new Map<string, string>();
        for (const o of forward.outputs) for (const f of o.files ?? []) files.set(f.path, f.text);
        const back = convertMany(forward.outputs.map((o) => ({ text: o.text, file: o.name })), c.sourceFormat!, { bundle: true, includePrivate: true, readFile: memoryReadFile(files) });
        expect(back.ok, list(back)).toBe(true);
        for (const input of c.inputs) {
          const want = outputNamedAs(same.outputs, input.file);
          const got = outputNamedAs(back.outputs, input.file);
          expect(want && got, `no output named as ${input.file}`).toBeTruthy();
          const diffs = notPrivate(c.sourceFormat!, diffLeaves(parseText(want!.text).data, parseText(got!.text).data));
          expect(diffs, `${input.file}: ${JSON.stringify(diffs, null, 2)}`).toEqual([]);
        }
      });
    }
  }
});

describe("a stash passes through a third format", () => {
  for (const [home, first, second] of THIRDS) {
    for (const c of cases.filter((x) => x.sourceFormat === home)) {
      it(`${c.name}: ${home} → ${first} → ${second} → ${home}`, () => {
        const one = convert(c.text, first, convertOptions(c, { includePrivate: true }));
        expect(one.ok, list(one)).toBe(true);
        // A mas kind: MAS system is a bundle at every hop (its files are converted together, with --bundle).
        const two = onward(one, second, c, isObject(c.data) && c.data["kind"] === "MAS" ? { bundle: true } : {});
        expect(two.ok, list(two)).toBe(true);
        const back = onward(two, home, c, { bundle: c.bundle });
        expect(back.ok, list(back)).toBe(true);
        expect(notPrivate(home, diffLeaves(sameFormat(c), dataOf(back)))).toEqual([]);
      });
    }
  }
});

describe("stash: false", () => {
  for (const [home, middle] of TRIPS) {
    for (const c of cases.filter((x) => x.sourceFormat === home)) {
      it(`${c.name}: ${home} → ${middle} writes no x-agentport and reports each value the way back loses`, () => {
        const forward = convert(c.text, middle, convertOptions(c, { includePrivate: true, stash: false }));
        expect(forward.ok, list(forward)).toBe(true);
        for (const o of forward.outputs) expect(Object.keys(o.document)).not.toContain("x-agentport");
        expect(forward.diagnostics.map((d) => d.code)).not.toContain("stashed-value");
        const back = onward(forward, home, c, { bundle: c.bundle });
        expect(back.ok, list(back)).toBe(true);
        const uncovered = uncoveredDiffs(diffLeaves(c.data, returnedFor(c, back)), forward.diagnostics, c.agentRoots, c.inputFile);
        expect(uncovered.length, describeUncovered(`${c.name} via ${middle} without a stash`, uncovered, forward.diagnostics)).toBe(0);
      });
    }
  }
});

describe("privacy", () => {
  const personal = cases.filter((c) => c.sourceFormat === "agentmug" && isObject(c.data) && (c.data["brain"] !== undefined || c.data["memory"] !== undefined));
  it("a golden case holds private AgentMug data", () => expect(personal.length).toBeGreaterThan(0));
  it("its private data has telling strings to search for", () => {
    for (const c of personal) expect(leaves([(c.data as JsonObject)["brain"], (c.data as JsonObject)["memory"]]).some((l) => typeof l.value === "string" && l.value.length >= 8)).toBe(true);
  });

  for (const c of personal) {
    // Every string of the private data long enough to be telling.
    const secretBits = [c.data as JsonObject].flatMap((d) => leaves([d["brain"], d["memory"]])).map((l) => l.value).filter((v): v is string => typeof v === "string" && v.length >= 8);
    for (const target of SLOTS) {
      it(`${c.name} → ${target}: brain and memory never ride in x-agentport`, () => {
        for (const includePrivate of [false, true]) {
          const r = convert(c.text, target, convertOptions(c, { includePrivate }));
          expect(r.ok, list(r)).toBe(true);
          for (const o of r.outputs) {
            const raw = o.document["x-agentport"];
            // Only an AgentMug owner's export with includePrivate keeps them; nothing else of any output may quote them.
            const stash = target === "agentmug" && includePrivate ? JSON.stringify(raw ?? null) : o.text;
            const kept = isObject(raw) && isObject(raw["extensions"]) && isObject(raw["extensions"]["agentmug"]) ? Object.keys(raw["extensions"]["agentmug"]) : [];
            expect(kept.filter((k) => /^\/(brain|memory)(\/|$)/.test(k))).toEqual([]);
            for (const bit of secretBits) expect(stash).not.toContain(bit);
            // Only an AgentMug owner's export with includePrivate keeps them, as brain/memory themselves.
            const keepsThem = target === "agentmug" && includePrivate;
            expect(o.document["brain"] !== undefined || o.document["memory"] !== undefined).toBe(keepsThem);
          }
          // Reported by count, never by content.
          if (!(target === "agentmug" && includePrivate)) expect(r.diagnostics.filter((d) => d.code === "private-omitted").map((d) => d.source?.pointer).sort()).toEqual(["/brain", "/memory"]);
          for (const d of r.diagnostics) for (const bit of secretBits) expect(d.message).not.toContain(bit);
        }
      });
    }
  }

  it("a hand-made stash cannot smuggle private data in", () => {
    const c = personal[0]!;
    const forward = convert(c.text, "mas", convertOptions(c));
    const doc = structuredClone(forward.outputs[0]!.document);
    const stash = doc["x-agentport"] as JsonObject;
    stash["extensions"] = { agentmug: { "/brain": [{ fact: "planted" }] } };
    const back = convert(doc, "agentmug", { includePrivate: true });
    expect(back.ok, list(back)).toBe(true);
    expect(back.outputs[0]!.text).not.toContain("planted");
    expect(back.diagnostics.some((d) => d.code === "private-omitted" && d.source?.pointer === "/x-agentport/extensions/agentmug/~1brain")).toBe(true);
  });
});

describe("CLI: a Caplo bundle split into AgentMug files and merged back", () => {
  it("gives back the original bundle: keys, local links and agent order", async () => {
    const input = "golden/caplo-support-bundle/input.caplo.json";
    const out = tempDir("agentport-stash-cli-");
    const split = await cli(["convert", input, "--to", "agentmug", "-o", out + "/", "-q"]);
    expect(split.code, split.stderr).toBe(0);
    // As a shell expands dir/*.agent.json: alphabetical, not the bundle's order.
    const files = readdirSync(out).filter((f) => f.endsWith(".agent.json")).sort().map((f) => join(out, f));
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) expect(JSON.parse(readFileSync(f, "utf8"))).toHaveProperty("x-agentport");
    const target = join(out, "back.caplo.json");
    const merged = await cli(["convert", ...files, "--to", "caplo", "--bundle", "-o", target, "-q"]);
    expect(merged.code, merged.stderr).toBe(0);
    const original = convert(readFileSync(input, "utf8"), "caplo");
    expect(diffLeaves(original.outputs[0]!.document, JSON.parse(readFileSync(target, "utf8")))).toEqual([]);
  });

  it("with --no-stash the links are reported lost on the way out and missing on the way back", async () => {
    const input = "golden/caplo-support-bundle/input.caplo.json";
    const out = tempDir("agentport-nostash-cli-");
    const split = await cli(["convert", input, "--to", "agentmug", "-o", out + "/", "--no-stash"]);
    expect(split.code).toBe(0);
    expect(split.stderr).toMatch(/warning dropped-link .*subAgents/);
    const files = readdirSync(out).sort().map((f) => join(out, f));
    for (const f of files) expect(JSON.parse(readFileSync(f, "utf8"))).not.toHaveProperty("x-agentport");
    const target = join(out, "back.caplo.json");
    expect((await cli(["convert", ...files, "--to", "caplo", "--bundle", "-o", target, "-q"])).code).toBe(0);
    const back = JSON.parse(readFileSync(target, "utf8")) as { agents: { subAgents?: unknown }[] };
    expect(back.agents.some((a) => a.subAgents !== undefined)).toBe(false);
  });
});

describe("into a format without a slot", () => {
  it("agentmug → mas → caplo: each stashed value Caplo cannot hold is reported where the stash holds it", () => {
    const c = cases.find((x) => x.name === "agentmug-params-triggers")!;
    const mas = convert(c.text, "mas", convertOptions(c));
    const stash = mas.outputs[0]!.document["x-agentport"] as JsonObject;
    const kept = Object.keys(((stash["extensions"] as JsonObject)["agentmug"] as JsonObject) ?? {});
    expect(kept.length).toBeGreaterThan(0);
    const caplo = onward(mas, "caplo", c);
    expect(caplo.ok, list(caplo)).toBe(true);
    const pointers = caplo.diagnostics.filter((d) => d.severity !== "error").map((d) => d.source?.pointer);
    for (const rel of kept) expect(pointers, rel).toContain(`/x-agentport/extensions/agentmug/${rel.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    expect(pointers).toContain("/x-agentport/ir/~1triggers");
    expect(caplo.outputs[0]!.text).not.toContain("x-agentport");
  });
});

describe("a hand-made stash", () => {
  const base = JSON.stringify({ $schema: "https://agentmug.com/schemas/agent.v1.json", id: "a", name: "A", description: "d", version: "1.0.0", exportedAt: "2025-01-01T00:00:00Z", blueprint: { primaryModel: "gpt-4.1", systemPrompt: "Hi", tools: [] }, inputs: { accepts: ["text"] } });
  const withStash = (stash: JsonValue) => JSON.stringify({ ...JSON.parse(base), "x-agentport": stash });

  it("cannot reach Object.prototype or the agent's bookkeeping", () => {
    const r = convert(withStash({ version: 1, from: "caplo", ir: { "/__proto__/polluted": true, "/inputs/__proto__/polluted": true, "/origin/format": "mas", "/greeting": "Hello" } }), "caplo");
    expect(r.ok, list(r)).toBe(true);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(r.outputs[0]!.document["greeting"]).toBe("Hello");
  });

  it("that is not a version-1 stash, or would give an invalid IR, is kept as an ordinary value, not applied", () => {
    const stashes: JsonValue[] = [{ version: 2, from: "caplo", ir: { "/greeting": "X" } }, { version: 1, from: "caplo", ir: { "/models": "not a list" } }];
    for (const stash of stashes) {
      const same = convert(withStash(stash), "agentmug");
      expect(same.ok, list(same)).toBe(true);
      expect(same.outputs[0]!.document["x-agentport"]).toEqual(stash);
      const caplo = convert(withStash(stash), "caplo");
      expect(caplo.outputs[0]!.document["greeting"]).not.toBe("X");
      expect(caplo.diagnostics.some((d) => d.source?.pointer === "/x-agentport" && d.code === "dropped-field")).toBe(true);
    }
  });

  it("already in the slot the emitter writes is replaced by this conversion's stash, and reported once as dropped", () => {
    // An agent read elsewhere that carries AgentMug's own x-agentport member: the emitter writes it, the hub's stash replaces it.
    const read = readInput({ text: readFileSync(join("golden", "caplo-minimal", "input.caplo.json"), "utf8") }, { lenient: true });
    const doc = read.doc!;
    const old = { version: 9, note: "not a stash this version writes" };
    doc.agents[0]!.extensions["agentmug"] = { "/x-agentport": old };
    const out = emitDocuments([doc], "agentmug");
    const stash = out.outputs[0]!.document["x-agentport"] as JsonObject;
    expect(stash["version"]).toBe(1);
    expect(stash["from"]).toBe("caplo");
    const dropped = out.diagnostics.filter((d) => d.code === "dropped-field" && d.source?.pointer === "/x-agentport");
    expect(dropped.length, list({ ok: true, outputs: [], diagnostics: out.diagnostics })).toBe(1);
    // The stash's own report still names each value it keeps.
    expect(out.diagnostics.some((d) => d.code === "stashed-value" && d.source?.pointer === "/greeting")).toBe(true);
  });
});
