// Schema conformance (ajv, draft 2020-12) plus the rules Caplo states only in prose
// (MAPPING §5.13). The root schema's oneOf reports every error twice over, so the
// entry is chosen by `kind`. A `local` naming no key is not checked here: parse
// reports it as "unresolved-link", because the document is still well-formed.
import { runValidator } from "../ajv.js";
import type { SchemaIssue } from "../types.js";
import { isObject, type JsonObject } from "../../ir/json.js";
import { caploAgentValidator, caploBundleValidator, caploRootValidator } from "./validators.generated.js";

export function validateCaplo(data: unknown): SchemaIssue[] {
  const kind = isObject(data) ? data["kind"] : undefined;
  const validator = kind === "Agent" ? caploAgentValidator : kind === "AgentBundle" ? caploBundleValidator : caploRootValidator;
  const issues = runValidator(validator, data);
  if (!isObject(data)) return issues;
  if (kind === "AgentBundle") {
    const agents = Array.isArray(data["agents"]) ? data["agents"] : [];
    issues.push(...duplicateKeys(agents));
    agents.forEach((a, i) => { if (isObject(a)) issues.push(...proseRules(a, `/agents/${i}`)); });
  } else if (kind === "Agent") {
    issues.push(...proseRules(data, ""));
  }
  return issues;
}

function duplicateKeys(agents: unknown[]): SchemaIssue[] {
  const first = new Map<string, number>();
  const out: SchemaIssue[] = [];
  agents.forEach((a, i) => {
    const key = isObject(a) ? a["key"] : undefined;
    if (typeof key !== "string") return;
    const prior = first.get(key);
    if (prior === undefined) first.set(key, i);
    else out.push({ pointer: `/agents/${i}/key`, keyword: "uniqueKey", message: `duplicate key "${key}" (already used by /agents/${prior})` });
  });
  return out;
}

function proseRules(agent: JsonObject, at: string): SchemaIssue[] {
  const out: SchemaIssue[] = [];
  const routing = agent["routing"];
  const links = Array.isArray(agent["subAgents"]) ? agent["subAgents"] : [];
  if (isObject(routing) && routing["mode"] === "fast") {
    links.forEach((l, j) => {
      if (isObject(l) && typeof l["doNotUseWhen"] !== "string") {
        out.push({ pointer: `${at}/subAgents/${j}`, keyword: "fastRouting", message: `missing "doNotUseWhen", which routing.mode "fast" needs on every sub-agent` });
      }
    });
  }
  // Checked only against an explicit responseLimit: the default (1024) would reject every budget.
  const model = agent["model"];
  const policy = agent["policy"];
  const reasoning = isObject(policy) ? policy["reasoning"] : undefined;
  const limit = isObject(model) ? model["responseLimit"] : undefined;
  const budget = isObject(reasoning) ? reasoning["thinkingBudgetTokens"] : undefined;
  if (typeof limit === "number" && typeof budget === "number" && budget >= limit) {
    out.push({ pointer: `${at}/policy/reasoning/thinkingBudgetTokens`, keyword: "thinkingBudget", message: `must be smaller than model.responseLimit (${limit})` });
  }
  return out;
}
