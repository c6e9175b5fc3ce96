import { describe, expect, it } from "vitest";
import { convert } from "../src/convert.js";

// The sentinel reads every output as written: a credential the stash keeps for the way back
// (a copy of a source value) and one inside a string the emitter builds (Caplo's policy texts
// joined into one prompt) are each reported at their own place. Credentials are assembled at
// run time so this file never holds one.
const j = (...p: string[]) => p.join("");
const TOKEN = j("ghp_", "a".repeat(36));
const KEY = j("sk-", "proj-", "abcDEF123456ghiJKL7890mn");
const CAPLO = {
  apiVersion: "v2.0",
  kind: "Agent",
  name: "Front Desk",
  instructions: "You are the front desk.",
  // AgentMug and mas have no greeting: the stash keeps it.
  greeting: `Welcome! Quote ${TOKEN} at the desk.`,
  model: { provider: "OpenAI", name: "gpt-4.1", temperature: 0.4 },
  // A named part of the prompt: written into the target's one prompt text, and kept in the stash too.
  policy: { voiceStyle: `Speak slowly; the key is ${KEY}.` },
};

const secrets = (to: string, allowSecrets: boolean) => {
  const r = convert(JSON.stringify(CAPLO), to, { file: "desk.caplo.json", allowSecrets });
  return { r, found: r.diagnostics.filter((d) => d.code === "secret-in-output" || d.code === "secret-detected").map((d) => [d.code, d.target?.pointer, d.source?.pointer]) };
};

describe("the secret sentinel over stashed and built strings", () => {
  it("AgentMug: the built prompt, the stashed greeting and the stashed prompt part, each refused", () => {
    const { r, found } = secrets("agentmug", false);
    expect(found).toEqual([
      ["secret-in-output", "/blueprint/systemPrompt", "/policy/voiceStyle"],
      ["secret-in-output", "/x-agentport/ir/~1greeting", "/greeting"],
      ["secret-in-output", "/x-agentport/ir/~1instructions~1chunks~11/text", "/policy/voiceStyle"],
    ]);
    expect(r.outputs).toEqual([]);
  });
  it("Agent Spec: the same three places, with --allow-secrets a warning and the output written", () => {
    const { r, found } = secrets("agentspec", true);
    expect(found).toEqual([
      ["secret-detected", "/metadata/x-agentport/ir/~1greeting", "/greeting"],
      ["secret-detected", "/metadata/x-agentport/ir/~1instructions~1chunks~11/text", "/policy/voiceStyle"],
      ["secret-detected", "/system_prompt", "/policy/voiceStyle"],
    ]);
    expect(r.outputs.length).toBe(1);
  });
  it("mas (not publishable): the prompt part it writes and the stashed greeting, warned about", () => {
    const { found } = secrets("mas", false);
    expect(found).toEqual([
      ["secret-detected", "/spec/context/voice_style", "/policy/voiceStyle"],
      ["secret-detected", "/x-agentport/ir/~1greeting", "/greeting"],
    ]);
  });
});
