// mas/v1 document → IR: a kind: Agent manifest is one agent (agent-parse.ts); a kind: MAS
// manifest is a bundle of the agents it lists and the delegation graph of its workflow
// (system-parse.ts).
import { isObject, type JsonValue } from "../../ir/json.js";
import type { ParseOptions } from "../types.js";
import type { ParseDraft } from "../../ir/parse-phases.js";
import { parseMasAgent } from "./agent-parse.js";
import { parseMasSystem } from "./system-parse.js";

/** The agents read; the hub restores their stashes before the draft assembles the document (src/ir/parse-phases.ts). */
export function parseMas(data: JsonValue, options: ParseOptions): ParseDraft {
  return isObject(data) && data["kind"] === "MAS" ? parseMasSystem(data, options) : parseMasAgent(data, options);
}
