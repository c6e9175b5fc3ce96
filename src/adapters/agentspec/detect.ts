// Detection: an Agent Spec document is one component, named by `component_type`
// (a type of the 26.2.0 schema), usually with `agentspec_version` beside it.
// Agent, ManagerWorkers and Swarm are converted; every other component type
// (Flow, a node, a tool or LLM config on its own, a remote agent on its own, a
// datastore…) is recognised so the user is told what it is and what converts.
import type { Detection } from "../types.js";
import { isObject } from "../../ir/json.js";
import { FOLDER_PAIRS, NAME_BOTH } from "../../ir/payloads.js";
import { COMPONENT_TYPES } from "./types.generated.js";
import { CONVERTED, LABEL, READ_VERSIONS, REMOTE_AGENTS } from "./spec.js";
import { REF, REFS } from "./refs.js";

/** Component types of the schema: every Base<Type> definition (types.generated.ts, made at build time). */
function isComponentType(t: string): boolean {
  return COMPONENT_TYPES.includes(t);
}

const CONVERTS = `agentport converts ${CONVERTED.join(", ")} (a remote agent inside ManagerWorkers or Swarm becomes an external link)`;

/** The first `type:` naming a component in place of `component_type` (the document's own, else one of its $referenced_components). */
function draftType(data: Record<string, unknown>): string | undefined {
  const named = (c: unknown) => (isObject(c) && typeof c["type"] === "string" && c["component_type"] === undefined ? c["type"] : undefined);
  const refs = data[REFS];
  return named(data) ?? (isObject(refs) ? Object.values(refs).map(named).find((t) => t !== undefined) : undefined);
}

export function detectAgentspec(data: unknown): Detection {
  if (!isObject(data)) return { confidence: 0 };
  const type = data["component_type"];
  const version = data["agentspec_version"];
  const versioned = typeof version === "string";
  if (typeof type !== "string") {
    // A configuration of shared components only (pyagentspec's disaggregated config).
    if (versioned || (isObject(data[REFS]) && Object.keys(data).every((k) => k === REFS || k === REF || k === "agentspec_version"))) {
      // The pre-release drafts (MAPPING §6.2) name each component's type with `type:`, at the top or in its components.
      const draft = draftType(data);
      if (draft !== undefined) return { confidence: 0.9, unsupported: `a document written in a pre-release draft of ${LABEL} (type: "${draft}" instead of component_type), which agentport does not read; ${CONVERTS}` };
      const why = `a file of $referenced_components only: a disaggregated configuration, whose components a main file names by $component_ref; name it together with the main file ${NAME_BOTH}, whose references it then resolves; ${FOLDER_PAIRS}`;
      return { confidence: 0.9, unsupported: `${LABEL} document without a component_type (${why}); ${CONVERTS}` };
    }
    return { confidence: 0 };
  }
  if (!isComponentType(type)) return versioned ? { confidence: 0.9, unsupported: `${LABEL} component_type "${type}" is not a component type of ${LABEL} 26.2.0; ${CONVERTS}` } : { confidence: 0 };
  if (versioned && !READ_VERSIONS.includes(version)) {
    return { confidence: 0.95, unsupported: `${LABEL} agentspec_version "${version}" is not read (agentport reads ${READ_VERSIONS.join(", ")})` };
  }
  const confidence = versioned ? 1 : 0.9;
  if ((CONVERTED as readonly string[]).includes(type)) return { confidence };
  const a = /^[AEIOU]/.test(type) ? "an" : "a";
  const what = type === "Flow" ? "a Flow (a graph of typed nodes, which no other format agentport knows can hold)"
    : REMOTE_AGENTS.includes(type) ? `${a} ${type} (an agent served elsewhere, with no prompt or tools of its own here)`
    : `${a} ${type}`;
  return { confidence, unsupported: `${LABEL} component_type "${type}": the document is ${what}; ${CONVERTS}` };
}

/**
 * A disaggregated configuration (a file of $referenced_components only, no draft), whose components
 * another input's $component_refs name (Adapter.supplies).
 */
export function suppliesComponents(data: unknown): boolean {
  return isObject(data) && data["component_type"] === undefined && isObject(data[REFS])
    && Object.keys(data).every((k) => k === REFS || k === "agentspec_version") && draftType(data) === undefined;
}

/**
 * The cheap test before suppliesComponents: such a file names $referenced_components, and, in
 * block YAML, no line starts with the key component_type (a root key there: the document is a
 * component). YAML is what is slow to parse (a folder run's planner asks this of every file);
 * JSON, whose lines say nothing of nesting, is only tested for the name.
 */
export function maySupplyComponents(text: string): boolean {
  if (!text.includes(REFS)) return false;
  return /^\s*[{[]/.test(text) || !/^["']?component_type["']?[ \t]*:/m.test(text);
}
