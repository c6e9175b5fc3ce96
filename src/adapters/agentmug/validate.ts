// Validation: the official schema through ajv, plus the MUST rules
// the prose spec (agent-v1.md) states but the JSON schema does not encode. An
// emitter that only passed the schema could still write a file the spec rejects.
import type { SchemaIssue } from "../types.js";
import { runValidator } from "../ajv.js";
import { agentmugValidator } from "./validators.generated.js";
import { isObject, type JsonObject } from "../../ir/json.js";
import { WRITE_CAPABILITIES } from "./spec.js";

export function validateAgentmug(data: unknown): SchemaIssue[] {
  return [...runValidator(agentmugValidator, data), ...proseRules(data)];
}

const MAX_SOURCES = 30;

function issue(pointer: string, message: string): SchemaIssue {
  return { pointer, message, keyword: "agentmug-spec" };
}

function objects(v: unknown): [number, JsonObject][] {
  return Array.isArray(v) ? v.flatMap((x, i): [number, JsonObject][] => (isObject(x) ? [[i, x]] : [])) : [];
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

/** Reports each later occurrence of a value already seen at `field` of the items. */
function duplicates(items: [number, JsonObject][], base: string, field: string, what: string, fold = (s: string) => s): SchemaIssue[] {
  const seen = new Set<string>();
  const out: SchemaIssue[] = [];
  for (const [i, item] of items) {
    const v = item[field];
    if (typeof v !== "string") continue;
    if (seen.has(fold(v))) out.push(issue(`${base}/${i}/${field}`, `${what} "${v}" is not unique`));
    seen.add(fold(v));
  }
  return out;
}

export function proseRules(data: unknown): SchemaIssue[] {
  if (!isObject(data)) return [];
  const out: SchemaIssue[] = [];
  // Parameter names are matched case-insensitively by runtimes.
  out.push(...duplicates(objects(data["parameters"]), "/parameters", "name", "parameter name", (s) => s.toLowerCase()));

  const sources = objects(data["sources"]);
  if (Array.isArray(data["sources"]) && data["sources"].length > MAX_SOURCES) {
    out.push(issue("/sources", `at most ${MAX_SOURCES} sources are allowed (found ${data["sources"].length})`));
  }
  out.push(...duplicates(sources, "/sources", "id", "source id"));
  for (const [i, s] of sources) out.push(...sourceCoherence(s, `/sources/${i}`));

  const evaluation = data["evaluation"];
  if (isObject(evaluation)) {
    const checks = objects(evaluation["checks"]);
    out.push(...duplicates(checks, "/evaluation/checks", "id", "check id"));
    const declared = new Set(sources.map(([, s]) => s["id"]).filter((x): x is string => typeof x === "string"));
    for (const [i, c] of checks) {
      const at = `/evaluation/checks/${i}`;
      if ((c["type"] === "custom" || c["type"] === "invariant") && typeof c["assertion"] !== "string") {
        out.push(issue(at, `a ${String(c["type"])} check needs an assertion`));
      }
      strings(c["sourceIds"]).forEach((id, j) => {
        if (!declared.has(id)) out.push(issue(`${at}/sourceIds/${j}`, `sourceIds names "${id}", which no sources[] entry declares`));
      });
    }
  }
  return out;
}

/** The spec's coherence rules between a source's role, freshness, truth, access and approval. */
function sourceCoherence(s: JsonObject, at: string): SchemaIssue[] {
  const access = isObject(s["access"]) ? s["access"] : {};
  const caps = new Set(strings(access["capabilities"]));
  const approval = isObject(s["approval"]) ? s["approval"] : {};
  const freshness = isObject(s["freshness"]) ? s["freshness"] : {};
  const truth = isObject(s["truth"]) ? s["truth"] : {};
  const writes = WRITE_CAPABILITIES.some((c) => caps.has(c));
  const out: SchemaIssue[] = [];
  if (s["role"] === "output" && !writes) out.push(issue(`${at}/access/capabilities`, `an output source needs a write capability (${WRITE_CAPABILITIES.join(", ")})`));
  if (freshness["mode"] === "on-run" && !caps.has("sync")) out.push(issue(`${at}/access/capabilities`, `freshness mode "on-run" needs the "sync" capability`));
  if (freshness["mode"] === "watch" && !caps.has("watch")) out.push(issue(`${at}/access/capabilities`, `freshness mode "watch" needs the "watch" capability`));
  if (truth["citations"] === "required" && !caps.has("cite")) out.push(issue(`${at}/access/capabilities`, `citations "required" needs the "cite" capability`));
  if (writes && approval["write"] === undefined) out.push(issue(`${at}/approval`, "a source with a write capability needs approval.write"));
  if (caps.has("delete") && approval["destructive"] !== "every-action") out.push(issue(`${at}/approval`, `the "delete" capability needs approval.destructive "every-action"`));
  return out;
}
