// Which other documents a document reads as its own parts (a mas kind: MAS
// manifest's agent files), asked of the adapters (Adapter.parts), so the Node side
// can convert an app once instead of its agent files again one by one. Pure.
import { ADAPTERS } from "./adapters/registry.js";
import { parseText } from "./text/parse.js";

/**
 * The references (relative to the document's folder, as written) of the documents this text
 * reads as its parts; empty when it has none or cannot be read (its conversion will say why).
 */
export function partsOf(text: string): string[] {
  const candidates = ADAPTERS.filter((a) => a.parts !== undefined && (a.mayHaveParts === undefined || a.mayHaveParts(text)));
  if (candidates.length === 0) return [];
  const data = parseText(text).data;
  if (data === undefined) return [];
  // The adapter that reads this document is the one that says what its parts are.
  let best: { a: (typeof ADAPTERS)[number]; c: number } | undefined;
  for (const a of ADAPTERS) {
    const c = a.detect(data).confidence;
    if (c > (best?.c ?? 0)) best = { a, c };
  }
  return best && best.c >= 0.5 && candidates.includes(best.a) ? best.a.parts!(data) : [];
}
