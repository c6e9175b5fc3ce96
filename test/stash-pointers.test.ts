// The stash's pointer lookups (src/ir/stash.ts): PointerSet and firstPlace each take one of two
// paths by size (compared one by one, or indexed by prefix); both must answer as the definition does.
import { describe, expect, it } from "vitest";
import { firstPlace, PointerSet } from "../src/ir/stash.js";
import { isAncestorOrSelf } from "../src/ir/pointer.js";
import { mulberry32 as rng } from "./helpers/random.js";


// Tokens that are prefixes of one another ("tool", "tools"), empty, and with the escapes, so that a
// prefix that does not end at a "/" is met often.
const TOKENS = ["tools", "tool", "t", "0", "1", "10", "", "~1a", "kind", "models", "x.y"];
const pointer = (next: () => number): string => {
  let p = "";
  const depth = 1 + Math.floor(next() * 4);
  for (let i = 0; i < depth; i++) p += "/" + (TOKENS[Math.floor(next() * TOKENS.length)] as string);
  return p;
};
const related = (a: string, b: string) => isAncestorOrSelf(a, b) || isAncestorOrSelf(b, a);

describe("the stash's pointer lookups", () => {
  it("PointerSet.related says whether a member is the pointer, an ancestor or a descendant, small or large", () => {
    const next = rng(7);
    for (let round = 0; round < 300; round++) {
      const members = Array.from({ length: Math.floor(next() * 40) }, () => pointer(next));
      const set = new PointerSet(members);
      for (let q = 0; q < 20; q++) {
        const p = pointer(next);
        expect(set.related(p), `${p} in ${JSON.stringify(members)}`).toBe(members.some((m) => related(m, p)));
      }
    }
  });

  it("firstPlace finds the first related place, small or large", () => {
    const next = rng(11);
    for (let round = 0; round < 300; round++) {
      const places = Array.from({ length: Math.floor(next() * 20) }, (_, i) => [pointer(next), `/out/${i}`] as const);
      const lookup = firstPlace(places);
      for (let q = 0; q < 20; q++) {
        const p = pointer(next);
        expect(lookup(p), `${p} in ${JSON.stringify(places)}`).toBe(places.find(([ir]) => related(ir, p))?.[1]);
      }
    }
  });
});
