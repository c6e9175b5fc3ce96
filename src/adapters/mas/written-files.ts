// The files a mas output writes beside its agent files so far (tool manifests, prompt files,
// SKILL.md), held by path: each agent's files are checked against the ones before it in constant
// time, not against a list of all of them (which made a bundle of n agents quadratic, session 16).
import type { SourceFile } from "../types.js";

/** What the checks ask of the files written so far. */
export interface WrittenLookup {
  /** Whether a file of another text than `text` is written at `path`. */
  otherText(path: string, text: string): boolean;
  /** Whether a file (of `text`, when given) is written at `path`. */
  has(path: string, text?: string): boolean;
}

/** Files by path, in the order written. A path holds one text, but for a writer's own pair (two texts, which the shell refuses). */
export class WrittenFiles implements WrittenLookup {
  private readonly byPath = new Map<string, Set<string>>();
  private readonly order: SourceFile[] = [];

  otherText(path: string, text: string): boolean {
    const texts = this.byPath.get(path);
    if (texts === undefined) return false;
    for (const t of texts) if (t !== text) return true;
    return false;
  }

  has(path: string, text?: string): boolean {
    const texts = this.byPath.get(path);
    return texts !== undefined && (text === undefined || texts.has(text));
  }

  /** Adds the file unless one of its path and text is written already; whether it was added. */
  add(f: SourceFile): boolean {
    const texts = this.byPath.get(f.path);
    if (texts?.has(f.text)) return false;
    if (texts === undefined) this.byPath.set(f.path, new Set([f.text]));
    else texts.add(f.text);
    this.order.push(f);
    return true;
  }

  /** The files, in the order written. */
  get files(): readonly SourceFile[] {
    return this.order;
  }
}

/** Both lookups as one: the files of the agents before this one and this agent's own. */
export function either(a: WrittenLookup, b: WrittenLookup): WrittenLookup {
  return { otherText: (p, t) => a.otherText(p, t) || b.otherText(p, t), has: (p, t) => a.has(p, t) || b.has(p, t) };
}
