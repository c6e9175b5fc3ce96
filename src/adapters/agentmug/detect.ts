// Detection: an AgentMug file names its schema in $schema; a v1 URL (current or
// legacy alias) is this format, another AgentMug version is recognised and refused.
import type { Detection } from "../types.js";
import { isObject } from "../../ir/json.js";
import { AGENTMUG_URL, V1_URLS } from "./spec.js";

export function detectAgentmug(data: unknown): Detection {
  if (!isObject(data)) return { confidence: 0 };
  const url = data["$schema"];
  if (typeof url !== "string") return { confidence: 0 };
  if (V1_URLS.includes(url)) return { confidence: 1 };
  if (AGENTMUG_URL.test(url)) {
    return { confidence: 0.9, unsupported: `AgentMug file with $schema ${url}: only AgentMug v1 (agent.v1.json) is supported` };
  }
  return { confidence: 0 };
}
