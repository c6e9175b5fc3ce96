// Detection: a mas manifest says apiVersion: mas/v1 with its kind. kind: Agent and
// kind: MAS with agents are converted; the other kinds of the family (and a
// flavour/v1 Flavour) are recognised so the user is told what they are.
import type { Detection } from "../types.js";
import { isObject } from "../../ir/json.js";
import { API_VERSION } from "./spec.js";

export function detectMas(data: unknown): Detection {
  if (isObject(data) && data["apiVersion"] === "flavour/v1" && data["kind"] === "Flavour") {
    return { confidence: 0.95, unsupported: "a mas flavour/v1 kind: Flavour (a deployment posture) is not an agent manifest; agentport converts kind: Agent and kind: MAS (with spec.agency)", notAgent: true };
  }
  if (!isObject(data) || data["apiVersion"] !== API_VERSION) return { confidence: 0 };
  if (data["kind"] === "Agent") return { confidence: 1 };
  const spec = data["spec"];
  if (data["kind"] === "MAS" && isObject(spec) && (spec["agency"] !== undefined || spec["agents"] !== undefined)) return { confidence: 1 };
  const kind = typeof data["kind"] === "string" ? data["kind"] : "(none)";
  const unsupported = `mas/v1 kind: ${kind}${data["kind"] === "MAS" ? " without spec.agency (a workflow topology with no agents)" : ""} is not an agent manifest; agentport converts kind: Agent and kind: MAS (with spec.agency)`;
  // Tools, overlays, topologies, registries… belong beside agents: a folder skips them.
  return typeof data["kind"] === "string" ? { confidence: 0.95, unsupported, notAgent: true } : { confidence: 0.95, unsupported };
}
