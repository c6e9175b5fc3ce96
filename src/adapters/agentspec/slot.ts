// Where the x-agentport stash rides in an Agent Spec document: the metadata of each Agent
// component (metadata is free-form), one stash per agent. The hub does the rest
// (src/ir/stash-slot.ts).
import type { ExtensionSlot } from "../../ir/stash-slot.js";
import { isObject, type JsonObject } from "../../ir/json.js";
import { join } from "../../ir/pointer.js";
import { AGENT_ORDER, STASH_MEMBER } from "./spec.js";
import { reorder } from "./fields.js";

export const SLOT: ExtensionSlot = {
  where: "metadata.x-agentport of each Agent component (metadata is free-form)",
  each: "agent",
  // An agent's component sits at sourceMap[""] (its origin is the document root).
  pointer: (agent) => join(agent.sourceMap[""] ?? "", "metadata", STASH_MEMBER),
  write(component, value) {
    const md: JsonObject = isObject(component["metadata"]) ? component["metadata"] : {};
    const had = md[STASH_MEMBER] !== undefined;
    md[STASH_MEMBER] = value;
    component["metadata"] = md;
    reorder(component, AGENT_ORDER);
    return had;
  },
};
