// What became of a kind: MAS manifest's own members that the parse used, for the message of their
// loss in a format that cannot hold them (Adapter.documentValueUse). The agency list lists the
// bundle's agents, which are carried: only its layout (each agent's id here and its file) is lost.
// In an app of one agent, the workflow names that agent and delegates nothing: the agent on the
// target takes every request as it did, so losing the workflow as written is a representation.
// In an app of several, the nodes are kept without their delegates_to (the links): when what is
// left only names the nodes (ids, bindings), its loss is a representation too.
import type { IrDocument } from "../../ir/model.js";
import type { DocumentValueUse } from "../../ir/reporter.js";
import { isObject, type JsonValue } from "../../ir/json.js";
import { FORMAT } from "./spec.js";

/** Node members that change nothing an agent does (mas-lab: role and description are informational). */
const PLAIN_NODE = new Set(["id", "agent", "role", "description"]);

export function documentValueUse(rel: string, value: JsonValue, doc: IrDocument, target: { namesEntry: boolean }): DocumentValueUse | undefined {
  // The agent it names is the document's entry, which a target that names one writes (an Agent Spec Swarm's first_agent).
  if (rel === "/spec/workflow/entry" && typeof value === "string" && doc.entry !== undefined && target.namesEntry) {
    return { text: `"${value}" names the agent that takes the user's request, which the document written names too`, effect: "representation" };
  }
  if (rel === "/spec/agency/agents" || rel === "/spec/agents") {
    return { text: "lists the agents, which are carried", lost: "which file holds each (and its id in this list)" };
  }
  const plain = (n: JsonValue) => isObject(n) && Object.entries(n).every(([k, v]) => PLAIN_NODE.has(k) || (k === "delegates_to" && Array.isArray(v) && v.length === 0));
  // Kept without their delegates_to (those are the links, reported with each link): the message says
  // so, and names what is left. Node ids and bindings only name the nodes; a role, dispatch or config
  // may steer the runtime, so its loss stays behaviour.
  if (rel === "/spec/workflow/nodes" && doc.agents.length > 1 && Array.isArray(value) && value.every(isObject)) {
    const left = [...new Set(value.flatMap((n) => Object.keys(n as object).filter((k) => k !== "delegates_to")))];
    const bare = left.every((k) => k === "id" || k === "agent");
    return { text: "hold the links (their delegates_to, reported with each link)", lost: `the rest (${left.join(", ")})`, ...(bare ? { effect: "representation" as const } : {}) };
  }
  // One agent read, of an app that lists more (one agent file of the app, its stash carrying the app's
  // members): the workflow is the app's, and it names agents this file does not hold (session 16).
  if (doc.agents.length !== 1 || appAgents(doc) > 1) return undefined;
  if (rel === "/spec/workflow/entry" && typeof value === "string") {
    return { text: `"${value}" names the only agent, which takes every request anyway`, effect: "representation" };
  }
  if (rel === "/spec/workflow/nodes" && Array.isArray(value) && value.length === 1 && plain(value[0] as JsonValue)) {
    return { text: "is one node, for the only agent, which hands work to no one", effect: "representation" };
  }
  return undefined;
}

/** How many agents the document's own agent list lists (0 when it has none). */
function appAgents(doc: IrDocument): number {
  const bag = doc.extensions[FORMAT] ?? {};
  const list = bag["/spec/agency/agents"] ?? bag["/spec/agents"];
  return Array.isArray(list) ? list.length : 0;
}
