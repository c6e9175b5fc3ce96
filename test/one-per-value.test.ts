// "One value, one diagnostic" (issue 10): a source value is reported once per output file, by the
// report that says what happened to it: checked on the cases that used to say it twice.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { convert, type Diagnostic } from "../src/index.js";
import { GOLDEN_ROOT } from "./helpers/cases.js";

const place = (d: Diagnostic) => JSON.stringify([d.source?.file, d.source?.pointer, d.target?.file]);

describe("one value, one diagnostic", () => {
  it("a component several agents share is reported once per output file", () => {
    const file = "input.json";
    const text = readFileSync(join(GOLDEN_ROOT, "agentspec-swarm", file), "utf8");
    const ds = convert(text, "caplo", { file }).diagnostics.filter((d) => d.source?.pointer.startsWith("/$referenced_components/") && d.source.pointer.endsWith("/id"));
    expect(ds.length).toBeGreaterThan(0);
    expect(new Set(ds.map(place)).size).toBe(ds.length);
  });

  it("a provider AgentMug infers from the model id is one note, not a note and a warning", () => {
    const file = "input.caplo.yaml";
    const text = readFileSync(join(GOLDEN_ROOT, "caplo-yaml-research", file), "utf8");
    const at = convert(text, "agentmug", { file }).diagnostics.filter((d) => d.source?.pointer === "/model/provider");
    expect(at.map((d) => [d.severity, d.code])).toEqual([["info", "transformed-value"]]);
  });

  it("a display-name model's provider AgentMug cannot state is one warning", () => {
    const file = "input.caplo.json";
    const text = readFileSync(join(GOLDEN_ROOT, "caplo-extremes", file), "utf8");
    const at = convert(text, "agentmug", { file }).diagnostics.filter((d) => d.source?.pointer === "/model/provider");
    expect(at).toHaveLength(1);
    expect(at[0]?.severity).toBe("warning");
  });
});
