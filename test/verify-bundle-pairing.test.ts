// --verify-roundtrip --bundle pairs each one-agent input with the document of its own agent
// (src/verify.ts verifyBundleRoundTrips): by the agent's id or name as the format reads them, then,
// for an agent the bundle gave another id, by the fewest operations among the documents left. The
// pairing by identity keeps the verification linear in a lossy bundle (`npm run bench`, (c): 4.9 ×
// the per-agent cost at 300 agents before, when every input was diffed with every document).
import { describe, expect, it } from "vitest";
import { convertManyRead } from "../src/convert.js";
import { verifyBundleRoundTrips } from "../src/verify.js";

const agent = (id: string, name: string, prompt: string) => JSON.stringify({
  $schema: "https://agentlit.dahshanlabs.com/schemas/agent.v1.json",
  id,
  name,
  version: "1.0",
  exportedAt: "2026-02-14T09:30:00Z",
  // temperature and triggers do not survive Caplo without the stash: every round trip is lossy.
  blueprint: { primaryModel: "gpt-4.1-mini", systemPrompt: prompt, temperature: 0.3, tools: [] },
  inputs: { accepts: ["text"] },
  triggers: [{ kind: "manual" }],
});

function roundTrips(texts: string[]) {
  const forward = convertManyRead(texts.map((text, i) => ({ text, file: `in${i}.agent.json` })), "caplo", { bundle: true, stash: false, lenient: true });
  expect(forward.ok).toBe(true);
  return verifyBundleRoundTrips(forward.read, forward.outputs, { stash: false, lenient: true });
}

const paths = (rt: ReturnType<typeof roundTrips>[number]) => (rt?.patch ?? []).map((op) => `${op.op} ${op.path}`);

describe("verifyBundleRoundTrips pairing", () => {
  it("pairs every input with its own agent in a lossy bundle", () => {
    const texts = Array.from({ length: 12 }, (_, i) => agent(`agent-${i}`, `Agent ${i}`, `You are agent ${i}.`));
    const rts = roundTrips(texts);
    expect(rts).toHaveLength(12);
    for (const rt of rts) {
      expect(rt?.failed).toBeUndefined();
      expect(paths(rt)).toContain("remove /triggers");
      // Paired with another agent's document, the id, the name and the prompt would differ too.
      expect(paths(rt).filter((p) => /\/(?:id|name|blueprint\/systemPrompt)$/.test(p))).toEqual([]);
    }
  });

  it("an agent the bundle gave another id is paired among the documents left", () => {
    // An id that is no Caplo bundle key comes back as the key the bundle gave it.
    const rts = roundTrips([agent("Helper Bot", "First Helper", "You help first."), agent("agent-2", "Second Helper", "You help second."), agent("Other Bot", "Third Helper", "You help third.")]);
    expect(rts.map((rt) => rt?.failed)).toEqual([undefined, undefined, undefined]);
    expect(paths(rts[0])).toContain("replace /id");
    expect(paths(rts[2])).toContain("replace /id");
    for (const rt of rts) expect(paths(rt).filter((p) => /\/(?:name|blueprint\/systemPrompt)$/.test(p))).toEqual([]);
  });
});
