// Where the x-agentport stash rides in a mas kind: Agent manifest: a top-level x- key (x- keys are
// extensions the runtime ignores), after every member mas defines. The hub does the rest
// (src/ir/stash-slot.ts).
import type { ExtensionSlot } from "../../ir/stash-slot.js";
import { STASH_KEY } from "../../ir/stash.js";

export const SLOT: ExtensionSlot = {
  where: "the top-level x-agentport key (x- keys are extensions the runtime ignores)",
  each: "file",
  pointer: () => `/${STASH_KEY}`,
  write(document, value) {
    const had = document[STASH_KEY] !== undefined;
    document[STASH_KEY] = value;
    return had;
  },
};
