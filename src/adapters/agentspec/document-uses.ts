// What became of an Agent Spec document's own members that the parse used, for the message of their
// loss in a format that cannot hold them (Adapter.documentValueUse): a remote worker's description
// is the routing text of the manager's link to it (verify trial N4), read as that link's useWhen, which each target reports with the link.
import type { IrDocument } from "../../ir/model.js";
import type { DocumentValueUse } from "../../ir/reporter.js";
import type { JsonValue } from "../../ir/json.js";

/** A remote agent's description among the team's members (a worker, or a Swarm's referenced component). */
const REMOTE_DESCRIPTION = /^\/(?:workers\/(?:0|[1-9][0-9]*)|\$referenced_components\/[^/]+)\/description$/;

export function documentValueUse(rel: string, value: JsonValue, doc: IrDocument): DocumentValueUse | undefined {
  if (!REMOTE_DESCRIPTION.test(rel) || typeof value !== "string") return undefined;
  const carried = doc.agents.some((a) => (a.subAgents ?? []).some((l) => l.external !== undefined && l.useWhen === value));
  return carried ? { text: "is the routing text of the link to that remote agent (its useWhen), reported with the link", effect: "representation" } : undefined;
}
