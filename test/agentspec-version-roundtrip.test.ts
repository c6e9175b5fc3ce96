// An Agent Spec document read as an earlier version (25.4.1, the version of most published
// examples) comes home as that version: through mas or AgentMug (whose stash keeps it) the way back
// is the document as read, not one relabelled 26.2.0 (user trial 18: every such round trip reported
// `replace /agentspec_version`, so --strict --verify-roundtrip failed on all of them). A fresh
// conversion into Agent Spec writes 26.2.0, the version agentport's schema is.
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import { verifyRoundTrip } from "../src/verify.js";
import { convertOptions, loadCase } from "./helpers/cases.js";
import type { JsonObject } from "../src/ir/json.js";

const c = loadCase("agentspec-ollama-minimal");
const input = c.data as JsonObject;
const version = (d: unknown) => (d as JsonObject)["agentspec_version"];

describe("agentspec_version through another format", () => {
  it("the golden input is read as 25.4.1 (the case this test is about)", () => {
    expect(version(input)).toBe("25.4.1");
  });

  for (const via of ["mas", "agentmug"] as const) {
    it(`Agent Spec 25.4.1 → ${via} → Agent Spec: written as 25.4.1 again, no round-trip difference`, () => {
      const there = convert(c.text, via, convertOptions(c));
      expect(there.ok).toBe(true);
      const back = convert(there.outputs[0]!.text, "agentspec", { file: there.outputs[0]!.name });
      expect(back.ok).toBe(true);
      expect(version(back.outputs[0]!.document)).toBe("25.4.1");
      const rt = verifyRoundTrip(input, "agentspec", false, there.outputs);
      expect(rt.patch.filter((op) => op.path === "/agentspec_version")).toEqual([]);
    });
  }

  it(`the version is no behaviour: no warning about it on the way out, and the stash's note is info`, () => {
    for (const to of ["mas", "agentmug", "caplo"] as const) {
      const r = convert(c.text, to, convertOptions(c));
      const about = r.diagnostics.filter((d) => d.source?.pointer === "/agentspec_version");
      expect(about.length, to).toBeGreaterThan(0);
      expect(about.every((d) => d.severity === "info"), `${to}: ${about.map((d) => d.message).join(" | ")}`).toBe(true);
    }
  });

  it("a Swarm read as 26.1.0 (a document member at the team's root) comes home as 26.1.0 through mas and AgentMug, said as info only", () => {
    const swarm = loadCase("agentspec-swarm");
    expect(version(swarm.data)).toBe("26.1.0");
    for (const via of ["mas", "agentmug"] as const) {
      const there = convert(swarm.text, via, convertOptions(swarm));
      expect(there.ok).toBe(true);
      const about = there.diagnostics.filter((d) => d.source?.pointer === "/agentspec_version");
      expect(about.length, via).toBeGreaterThan(0);
      expect(about.every((d) => d.severity === "info"), about.map((d) => d.message).join(" | ")).toBe(true);
      const rt = verifyRoundTrip(swarm.data as JsonObject, "agentspec", true, there.outputs);
      expect(rt.failed, via).toBeUndefined();
      expect(rt.patch.filter((op) => op.path === "/agentspec_version"), via).toEqual([]);
    }
  });

  it("Agent Spec → Agent Spec keeps the version read; a fresh document into Agent Spec is written as 26.2.0", () => {
    const same = convert(c.text, "agentspec", convertOptions(c));
    expect(version(same.outputs[0]!.document)).toBe("25.4.1");
    const caplo = convert(JSON.stringify({ apiVersion: "v2", kind: "Agent", name: "A", instructions: "Help.", greeting: "Hi", model: { provider: "OpenAI", name: "gpt-4o" } }), "agentspec");
    expect(version(caplo.outputs[0]!.document)).toBe("26.2.0");
  });
});
