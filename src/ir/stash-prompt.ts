// A joined prompt edited in the target: split back by the stash's own chunk markers (session 16).
//
// A target that holds the prompt as one string reads it as one unnamed chunk; the emitter wrote the
// IR's chunks into it joined as "[key] text" parts (renderInstructions). The stash keeps the chunks
// (their keys, file references, spellings), guarded by the prompt as written. Once the prompt was
// edited, that guard stopped every chunk entry: Caplo's platform texts stayed inside the instructions
// and every mas prompt-file reference was inlined, the unedited ones too. An edit of one part only
// costs that part: the edited prompt is split at the markers of the stash's chunks, a part whose text
// is unchanged is the stashed chunk as it was (key, ref, raw), an edited part keeps its key and takes
// the edit's text, and a part the edit removed is gone. A file reference given up is reported. See
// docs/decisions.md, "An edit of one part of a joined prompt (session 16)".
import type { IrAgent, IrChunk } from "./model.js";
import { cloneJson, isObject, type JsonObject, type JsonValue } from "./json.js";
import { isAncestorOrSelf } from "./pointer.js";
import { setAtPointer } from "./pointer-write.js";
import { renderInstructions } from "./agent.js";
import { digest, type Written } from "./stash-guard.js";

/** A file reference the stash held for a chunk the edit changed or removed. */
export interface GivenUpRef {
  /** The stash's IR pointer of the reference (`/instructions/chunks/2/ref`). */
  p: string;
  ref: string;
  key: string | undefined;
  removed: boolean;
}

export interface Rechunked {
  chunks: IrChunk[];
  givenUp: GivenUpRef[];
  /** The stash's chunks the edit left as they were (by index in the stash) → their index in `chunks`. */
  kept: Map<number, number>;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The chunks of the edited prompt `reading` holds, matched to the stash's chunks by their markers and
 * text; undefined when the stash holds no chunks for a prompt the target joined, when the prompt is
 * unedited, or when what was written is not exactly the chunks' rendering (the guard's digest says:
 * then the markers cannot be trusted, and the stash's guards decide as before).
 */
export function rechunk(reading: IrAgent, stash: JsonObject, written: Written | undefined): Rechunked | undefined {
  const read = reading.instructions?.chunks;
  const only = read?.[0];
  if (read === undefined || read.length !== 1 || only === undefined || only.key !== undefined || typeof only.text !== "string") return undefined;
  const guard = written?.["/instructions"];
  if (guard === undefined || digest(only.text) === guard.digest) return undefined;
  const ir = isObject(stash["ir"]) ? stash["ir"] : {};
  const entries = Object.entries(ir).filter(([p]) => isAncestorOrSelf("/instructions", p));
  if (entries.length === 0) return undefined;
  // The chunks as the stash restores them onto the reading, unedited.
  const holder: JsonObject = { instructions: cloneJson(reading.instructions as unknown as JsonValue) };
  for (const [p, v] of entries) if (!setAtPointer(holder, p, cloneJson(v))) return undefined;
  const original = (holder["instructions"] as JsonObject | undefined)?.["chunks"];
  if (!Array.isArray(original) || !original.every(isObject)) return undefined;
  const chunks = original as unknown as IrChunk[];
  if (digest(renderInstructions({ chunks })) !== guard.digest) return undefined;
  // Markers to split at: one per key; an unnamed chunk only first (its text runs up to the first marker).
  const keys = chunks.map((c) => c.key).filter((k): k is string => k !== undefined);
  if (keys.length === 0 || new Set(keys).size !== keys.length) return undefined;
  if (chunks.some((c, i) => (c.key === undefined && i !== 0) || typeof c.text !== "string" || c.text.trim() === "")) return undefined;

  const text = only.text;
  const marker = new RegExp(`(?:^|\\n\\n)\\[(${keys.map(escapeRegExp).join("|")})\\] `, "g");
  const found: { key: string; at: number; from: number }[] = [];
  const seen = new Set<string>();
  for (let m = marker.exec(text); m !== null; m = marker.exec(text)) {
    const key = m[1] as string;
    // A marker named twice: the second is text of the part before it.
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ key, at: m.index, from: m.index + m[0].length });
  }
  const parts: { key: string | undefined; text: string }[] = [];
  const head = text.slice(0, found[0]?.at ?? text.length);
  if (head.trim() !== "") parts.push({ key: undefined, text: head });
  found.forEach((f, i) => parts.push({ key: f.key, text: text.slice(f.from, found[i + 1]?.at ?? text.length) }));

  const out: IrChunk[] = [];
  const kept = new Map<number, number>();
  const touched = new Set<number>();
  for (const part of parts) {
    const j = chunks.findIndex((c) => c.key === part.key);
    const c = chunks[j];
    if (c !== undefined && (c.text ?? "").trim() === part.text.trim()) {
      kept.set(j, out.length);
      out.push(cloneJson(c as unknown as JsonValue) as unknown as IrChunk);
      continue;
    }
    if (c !== undefined) touched.add(j);
    out.push(part.key === undefined ? { text: part.text } : { key: part.key, text: part.text });
  }
  // The parts must be the edited prompt exactly, joined again: else the split is a guess (a part left empty, spaces at its end).
  if (renderInstructions({ chunks: out }) !== text) return undefined;
  const givenUp: GivenUpRef[] = [];
  chunks.forEach((c, j) => {
    // A path-like text carried inline (ref equals the text) names no file the agent read.
    if (kept.has(j) || c.ref === undefined || c.ref === c.text) return;
    givenUp.push({ p: `/instructions/chunks/${j}/ref`, ref: c.ref, key: c.key, removed: !touched.has(j) });
  });
  return { chunks: out, givenUp, kept };
}

/** How a stash-stale warning names a file reference given up: by the file and the prompt part's marker, as the edited prompt shows it. */
export function givenUpName(g: GivenUpRef): string {
  const part = g.key === undefined ? "the prompt's first part" : `the prompt part [${g.key}]`;
  return `the prompt file ${g.ref} of ${part} (no longer read: ${g.removed ? "the part was removed" : "the part is written inline"})`;
}
