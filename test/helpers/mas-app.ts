// Minimal mas/v1 texts for tests that build MAS apps in memory.

/** A kind: Agent manifest named `name`. */
export const masAgent = (name: string): string => `apiVersion: mas/v1
kind: Agent
metadata:
  name: ${name}
spec:
  description: Answers questions about ${name}.
  context:
    role: You answer questions about ${name}.
  models:
    - model: gpt-4o-mini
`;

/** A kind: Agent manifest "planner" whose one tool is given by its Tool manifest (`- ref: <ref>`). */
export const masToolAgent = (ref: string): string => `apiVersion: mas/v1
kind: Agent
metadata:
  name: planner
spec:
  description: Plans trips.
  context:
    role: You plan trips.
  models:
    - model: openai/gpt-4.1
  tools:
    - ref: ${ref}
`;

/**
 * A kind: MAS manifest of entries (id and ref, or an inline agent named id), the first delegating to
 * the others, entered at the first; or, with `workflow`, entered at `entry` with each entry's own delegates.
 */
export function masManifest(entries: readonly { id: string; ref?: string; delegates?: readonly string[] }[], workflow?: { entry: string }): string {
  // An inline agent's entry is the agent itself (no id: its workflow node binds its metadata.name).
  const entry = (e: (typeof entries)[number]) => (e.ref !== undefined ? `      - id: ${e.id}\n        ref: ${e.ref}` : `      - kind: Agent\n        metadata: {name: ${e.id}}\n        spec: {description: Answers questions about ${e.id}., models: [{model: gpt-4o-mini}]}`);
  return `apiVersion: mas/v1
kind: MAS
metadata:
  name: desk
spec:
  agency:
    agents:
${entries.map(entry).join("\n")}
  workflow:
    entry: ${workflow?.entry ?? entries[0]!.id}
    nodes:
${entries.map((e, i) => {
    const to = workflow ? (e.delegates ?? []) : i === 0 ? entries.slice(1).map((x) => x.id) : [];
    return `      - id: ${e.id}${to.length > 0 ? `\n        delegates_to: [${to.join(", ")}]` : ""}`;
  }).join("\n")}
`;
}
