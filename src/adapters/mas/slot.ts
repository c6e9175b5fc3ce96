// Where the x-agentport stash rides in a mas kind: Agent manifest: a top-level x- key (x- keys are
// extensions the runtime ignores), after every member mas defines. The hub does the rest
// (src/ir/stash-slot.ts).
import { topLevelSlot } from "../../ir/stash-slot.js";

export const SLOT = topLevelSlot("the top-level x-agentport key (x- keys are extensions the runtime ignores)");
