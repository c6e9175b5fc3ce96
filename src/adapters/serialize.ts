// Deterministic JSON bytes: two-space indent, LF, trailing newline. Key order is
// whatever the emitter built (emitters build in the target schema's order).
export function jsonText(doc: unknown): string {
  return JSON.stringify(doc, null, 2) + "\n";
}
