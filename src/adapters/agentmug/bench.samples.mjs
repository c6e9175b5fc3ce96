// What this format offers `npm run bench` and `npm run corpus` (scripts/bench.mjs and
// scripts/gen-corpus.mjs find this file in every adapter folder).

/** One AgentMug file of a set of `n` (each its own agent), for the bench's --bundle --verify-roundtrip table. */
function agentFile(i) {
  return JSON.stringify({
    $schema: "https://agentlit.dahshanlabs.com/schemas/agent.v1.json",
    id: `agent-${i}`,
    name: `Agent ${i}`,
    description: `Handles case family ${i}.`,
    version: "1.0",
    exportedAt: "2026-02-14T09:30:00Z",
    blueprint: { primaryModel: "gpt-4.1-mini", systemPrompt: `You are agent ${i}. Answer questions about topic ${i} in two sentences at most.`, temperature: 0.3, tools: [] },
    inputs: { accepts: ["text"] },
  }, null, 2);
}

/**
 * `files`: sets of one-agent files converted with --bundle into the first format that has bundles,
 * then verified (each input's round trip through the bundle written): per-agent cost at growing sizes.
 */
export const fileSets = [
  { label: "AgentMug files, --bundle --verify-roundtrip, agents", unit: "agent", sizes: { quick: [10, 100, 300], full: [10, 100, 1000] }, make: (n) => Array.from({ length: n }, (_, i) => agentFile(i)) },
];

/** gen-corpus: a copy of a golden input of this format made distinct by `tag`, with a longer prompt. */
export function vary(d, tag, sentence) {
  d.id += tag;
  d.name += tag;
  d.blueprint.systemPrompt += " " + sentence();
}
