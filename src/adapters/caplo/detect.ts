// Format detection: Caplo documents say `apiVersion: v2…` with kind Agent or AgentBundle.
import type { Detection } from "../types.js";
import { isObject } from "../../ir/json.js";
import { API_VERSION_RE } from "./spec.js";

const OTHER_VERSION_RE = /^v[0-9]+(?:\.[0-9]+){0,2}$/;

export function detectCaplo(data: unknown): Detection {
  if (!isObject(data)) return { confidence: 0 };
  const { apiVersion, kind } = data;
  if (kind !== "Agent" && kind !== "AgentBundle") return { confidence: 0 };
  if (typeof apiVersion !== "string") return { confidence: 0 };
  if (API_VERSION_RE.test(apiVersion)) return { confidence: 1 };
  // mas says "mas/v1", so a bare vN with Caplo's kinds is another Caplo version.
  if (OTHER_VERSION_RE.test(apiVersion)) {
    return { confidence: 0.9, unsupported: `Caplo apiVersion ${apiVersion} is not supported (only v2)` };
  }
  return { confidence: 0 };
}
