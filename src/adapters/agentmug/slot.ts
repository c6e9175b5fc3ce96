// Where the x-agentport stash rides in an AgentMug file: its last top-level member (the schema
// allows extra members). The hub does the rest (src/ir/stash-slot.ts).
import { topLevelSlot } from "../../ir/stash-slot.js";

export const SLOT = topLevelSlot("the top-level member x-agentport (the schema allows extra members)");
