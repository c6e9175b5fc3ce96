// What the mas parse refuses beyond the schema, held against a kind: MAS manifest the emitter
// wrote (Adapter.checkOutput): its workflow must name agents of its agency, by the rules the parse
// reads it with (bindWorkflow), and each agent file it names must be one this emit writes.
import { isObject, type JsonValue } from "../../ir/json.js";
import { problem } from "../../ir/payloads.js";
import type { SchemaIssue } from "../types.js";
import { agencyPointer, bindWorkflow } from "./system-parse.js";

export function checkMasOutput(document: unknown, written: (ref: string) => unknown): SchemaIssue[] {
  if (!isObject(document) || document["kind"] !== "MAS" || !isObject(document["spec"])) return [];
  const spec = document["spec"];
  const listAt = agencyPointer(spec);
  if (listAt === undefined) return [];
  const list = (listAt === "/spec/agents" ? spec["agents"] : (spec["agency"] as Record<string, JsonValue>)["agents"]) as JsonValue[];
  const issues: SchemaIssue[] = [];
  // As the parse names them: every agent's metadata.name first, then the agency ids.
  const names: (string | undefined)[] = list.map((e, k) => {
    if (!isObject(e)) return undefined;
    const agent = typeof e["ref"] === "string" ? written(e["ref"]) : e;
    if (agent === undefined) issues.push({ pointer: `${listAt}/${k}/ref`, message: `${JSON.stringify(e["ref"])} names no agent file this conversion writes`, keyword: "agentport" });
    const name = isObject(agent) && isObject(agent["metadata"]) ? agent["metadata"]["name"] : undefined;
    return typeof name === "string" ? name : undefined;
  });
  const byName = new Map<string, number>();
  names.forEach((n, k) => n !== undefined && !byName.has(n) && byName.set(n, k));
  list.forEach((e, k) => isObject(e) && typeof e["id"] === "string" && !byName.has(e["id"]) && byName.set(e["id"], k));
  const workflow = isObject(spec["workflow"]) ? spec["workflow"] : {};
  const nodes = Array.isArray(workflow["nodes"]) ? workflow["nodes"] : [];
  for (const i of bindWorkflow(nodes, byName).issues) issues.push({ pointer: i.pointer, message: problem(i.problem), keyword: "agentport" });
  return issues;
}
