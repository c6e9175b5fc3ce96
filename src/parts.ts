// Which other documents a document reads as its own parts (a mas kind: MAS
// manifest's agent files), asked of the adapters (Adapter.parts), so the Node side
// can convert an app once instead of its agent files again one by one; and which
// documents supply parts to the documents beside them (Adapter.supplies). Pure.
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

/**
 * This text is no agent but parts that other documents of its format name without defining
 * (Adapter.supplies: an Agent Spec file of $referenced_components only), so a folder run hands it
 * to the files beside it. Only a text an adapter's cheap test (maySupply) flags is parsed.
 */
export function suppliesParts(text: string): boolean {
  const candidates = ADAPTERS.filter((a) => a.supplies !== undefined && (a.maySupply === undefined || a.maySupply(text)));
  if (candidates.length === 0) return false;
  const data = parseText(text).data;
  return data !== undefined && candidates.some((a) => a.supplies!(data));
}
