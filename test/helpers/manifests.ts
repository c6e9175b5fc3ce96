// Small valid manifests several tests convert. Frozen: a test that needs a variant spreads
// one into a new object, so no test can change what another reads.
import type { JsonObject } from "../../src/ir/json.js";

function frozen<T extends JsonObject>(o: T): Readonly<T> {
  for (const v of Object.values(o)) if (typeof v === "object" && v !== null) Object.freeze(v);
  return Object.freeze(o);
}

/** A one-agent Caplo v2 manifest with its required fields and a model temperature. */
export const CAPLO_AGENT = frozen({
  apiVersion: "v2",
  kind: "Agent",
  name: "Helper",
  instructions: "Be helpful.",
  greeting: "Hi! How can I help?",
  model: { provider: "OpenAI", name: "gpt-4.1", temperature: 0.2 },
});
