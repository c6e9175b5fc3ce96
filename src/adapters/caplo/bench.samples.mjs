// What this format offers `npm run bench` and `npm run corpus` (scripts/bench.mjs and
// scripts/gen-corpus.mjs find this file in every adapter folder): documents generated at
// growing sizes for the scaling tables, and how a golden input is varied for a corpus.
const SIZES = { quick: [1, 10, 100, 300], full: [1, 10, 100, 1000] };
const KB = { quick: [1, 64, 256], full: [1, 64, 256, 1024] };

function bundle(n) {
  const agents = Array.from({ length: n }, (_, i) => ({
    key: `agent${i}`,
    name: `Agent ${i}`,
    description: `Handles case family ${i}.`,
    instructions: `You are agent ${i}. Answer questions about topic ${i} in two sentences at most.`,
    greeting: `Hello from agent ${i}.`,
    model: { provider: "OpenAI", name: "gpt-4.1-mini", temperature: 0.3, responseLimit: 900 },
    tools: [`tool_lookup_${i}`],
    ...(i + 1 < n ? { subAgents: [{ local: `agent${i + 1}`, useWhen: `The request is about topic ${i + 1}.`, mode: "active_conversation" }] } : {}),
  }));
  return JSON.stringify({ apiVersion: "v2", kind: "AgentBundle", agents }, null, 2);
}

function prompt(bytes) {
  const line = "Answer the customer politely, cite the policy section, and never promise a refund.\n";
  return JSON.stringify({ apiVersion: "v2", kind: "Agent", name: "Long Prompt", instructions: line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes), greeting: "Hi.", model: { provider: "OpenAI", name: "gpt-4o-mini" } }, null, 2);
}

/** `fromTen`: the per-unit cost is also shown against 10 units (one agent is mostly fixed cost). */
export const samples = [
  { label: "Caplo bundle, agents", unit: "agent", sizes: SIZES, make: bundle, fromTen: true },
  { label: "Caplo agent, prompt KB", unit: "KB", sizes: KB, make: (n) => prompt(n * 1024) },
];

/** gen-corpus: a copy of a golden input of this format made distinct by `tag`, with a longer prompt. */
export function vary(d, tag, sentence) {
  if (d.kind === "AgentBundle") d.agents.forEach((a) => (a.name = (a.name + tag).slice(0, 80)));
  else { d.name = (d.name + tag).slice(0, 80); d.instructions += " " + sentence(); }
}
