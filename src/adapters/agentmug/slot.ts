// Where the x-agentport stash rides in an AgentMug file: its last top-level member (the schema
// allows extra members). The hub does the rest (src/ir/stash-slot.ts).
import type { ExtensionSlot } from "../../ir/stash-slot.js";
import { STASH_KEY } from "../../ir/stash.js";

export const SLOT: ExtensionSlot = {
  where: "the top-level member x-agentport (the schema allows extra members)",
  each: "file",
  pointer: () => `/${STASH_KEY}`,
  write(document, value) {
    const had = document[STASH_KEY] !== undefined;
    document[STASH_KEY] = value;
    return had;
  },
};
