// The lists of a Caplo agent: tools and knowledge bases (bare ids, each once) and eval cases.
// Field handlers (src/ir/field-handlers.ts): each declares beside its code how it treats the IR
// fields it writes.
import type { IrAgent, IrEvalCase } from "../../ir/model.js";
import { fieldHandler, type HandlerReporter } from "../../ir/field-handlers.js";
import { sourceOf } from "../../ir/agent.js";
import { orderKeys, setKey, type JsonObject } from "../../ir/json.js";
import { escapeToken, parsePointer } from "../../ir/pointer.js";
import { CASE_EXPECTATIONS, CASE_ORDER, LABEL, MAX, ROUTED_BY, UUID_RE } from "./spec.js";
import { uuidV5 } from "./uuid.js";
import { limitText, requiredText, tp, type AgentTarget } from "./emit-checks.js";

/** How a tool's kind reads in a message: in words a user of any format knows, not IR kind names. */
const TOOL_KIND_WORDS: Record<string, string> = {
  named: "a tool",
  builtin: "a builtin tool",
  mcp: "an MCP tool",
  webhook: "a webhook tool",
  http: "a Nango tool",
  "manifest-ref": "a reference to a Tool manifest",
  module: "a Python module tool",
  system: "a system tool",
};

/** A lost member as its source spells it (mas module_path), when the parser mapped it below the tool itself. */
function memberName(a: IrAgent, irPointer: string, toolAt: string | undefined): string | undefined {
  const at = sourceOf(a, irPointer);
  if (at === undefined || at === toolAt || (toolAt !== undefined && !at.startsWith(`${toolAt}/`))) return undefined;
  // Read through the tool's reference (a mas Tool manifest's description, mapped to its ref): not spelled in this file.
  const ref = irPointer.slice(0, irPointer.lastIndexOf("/")) + "/ref";
  if (irPointer !== ref && at === sourceOf(a, ref)) return undefined;
  return parsePointer(at).pop();
}

/** The tools as bare ids, each once; of a tool of another kind only its id is kept. */
export const toolsHandler = fieldHandler("tools", {
  "/tools/[named]/name": ["exact", { dropped: "dropped-field", when: "a repeated id (merged)" }, { transformed: "transformed-value", when: "after a repeated id: it moves up one place (reported on the list)" }],
  "/tools/[builtin]/name": ["exact", { transformed: "transformed-value", when: "an object: the bare id" }],
  "/tools/[]/name": [{ transformed: "dropped-field", when: "mcp, webhook, http, manifest-ref, module or system: only the id is kept" }],
  "/tools/[]/shorthand": "exact",
  "/tools/[]/**": { dropped: "dropped-field" },
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget): string[] => {
  const list = a.tools ?? [];
  const out: string[] = [];
  list.forEach((tool, i) => {
    const p = `/tools/${i}`;
    if (out.includes(tool.name)) {
      r.at(a, "dropped-field", p, { shown: tool.name, aside: "a repeated tool id", target: LABEL, why: "whose tool ids are unique (the first one stays)" }, tp(t, "/tools"));
      // The items after it change place, which the item's own pointer does not cover.
      if (i < list.length - 1) r.at(a, "transformed-value", "/tools", { clause: `the items after the merged item ${i + 1} move up one place` }, tp(t, "/tools"));
      return;
    }
    out.push(tool.name);
    // A Tool manifest's text (document) is the file its ref names: losing the ref says it.
    const lost = Object.keys(tool).filter((k) => !["kind", "name", "shorthand"].includes(k) && !(tool.kind === "manifest-ref" && k === "document") && (tool as Record<string, unknown>)[k] !== undefined);
    if (tool.kind !== "named" && tool.kind !== "builtin") {
      // Name what is lost as the source spells it: `extra` holds the source's own members.
      const toolAt = sourceOf(a, p);
      // A manifest's parameters are read from the manifest, not spelled in this file: named for what they are.
      const words = lost.flatMap((k) => (k === "extra" ? Object.keys(tool.extra ?? {}) : tool.kind === "manifest-ref" && k === "inputSchema" ? ["the parameters its manifest declares"] : [memberName(a, `${p}/${k}`, toolAt) ?? k]));
      r.at(a, "dropped-field", p, { is: TOOL_KIND_WORDS[tool.kind], parts: words.length ? words : ["kind"], target: LABEL, why: `which keeps only the id "${tool.name}"` }, tp(t, `/tools/${out.length - 1}`));
      return;
    }
    for (const k of lost) r.at(a, "dropped-field", `${p}/${k}`, { target: LABEL, why: "whose tools are bare ids" }, tp(t, `/tools/${out.length - 1}`));
    if (tool.kind === "builtin" && tool.shorthand !== true) {
      r.at(a, "transformed-value", p, { became: `became the tool id "${tool.name}" (its builtin kind is implied)` }, tp(t, `/tools/${out.length - 1}`));
    }
  });
  return out;
});

/** The knowledge bases as bare ids, each once. */
export const knowledgeHandler = fieldHandler("knowledge bases", {
  "/knowledge/[]/id": ["exact", { dropped: "dropped-field", when: "a repeated id (merged)" }, { transformed: "transformed-value", when: "after a repeated id: it moves up one place (reported on the list)" }],
  "/knowledge/[]/**": { dropped: "dropped-field" },
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget): string[] => {
  const out: string[] = [];
  (a.knowledge ?? []).forEach((k, i) => {
    const p = `/knowledge/${i}`;
    if (out.includes(k.id)) {
      r.at(a, "dropped-field", p, { shown: k.id, aside: "a repeated knowledge base id", target: LABEL, why: "whose knowledge base ids are unique (the first one stays)" }, tp(t, "/knowledgeBases"));
      if (i < (a.knowledge ?? []).length - 1) r.at(a, "transformed-value", "/knowledge", { clause: `the items after the merged item ${i + 1} move up one place` }, tp(t, "/knowledgeBases"));
      return;
    }
    out.push(k.id);
    for (const f of ["label", "description"] as const) {
      if (k[f] !== undefined) r.at(a, "dropped-field", `${p}/${f}`, { target: LABEL, why: "whose knowledge bases are bare ids" }, tp(t, `/knowledgeBases/${out.length - 1}`));
    }
  });
  return out;
});

/** A case after the last one Caplo holds is dropped whole: each of its fields is lost. */
const beyondCases = { dropped: "dropped-field", when: `the case is beyond the ${MAX.cases} Caplo holds` } as const;

/** The eval cases as evals.cases: a UUID id, the required texts within their limits, the expectations Caplo names. */
export const evalsHandler = fieldHandler("eval cases", {
  "/evals/[]/id": ["exact", { transformed: "transformed-value", when: "not a UUID" }, beyondCases],
  "/evals/[]/name": ["exact", { transformed: "truncated-value", when: "over 80 characters" }, { transformed: "transformed-value", when: "empty (Caplo requires one): \"Case <n>\"" }, beyondCases],
  "/evals/[]/input": ["exact", { transformed: "truncated-value", when: "over 8000 characters" }, { transformed: "transformed-value", when: "empty (Caplo requires one): \"(empty)\"" }, beyondCases],
  "/evals/[]/desiredOutcome": ["exact", { transformed: "truncated-value", when: "over 4000 characters" }, { transformed: "transformed-value", when: "empty (Caplo requires one): \"(empty)\"" }, beyondCases],
  "/evals/[]/expectations": ["exact", { dropped: "dropped-field", when: "a name Caplo has no case member for" }, beyondCases],
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget): JsonObject[] =>
  (a.evals ?? []).map((c, i) => evalCase(r, a, t, c, i)).filter((c): c is JsonObject => c !== undefined));

function evalCase(r: HandlerReporter, a: IrAgent, t: AgentTarget, c: IrEvalCase, i: number): JsonObject | undefined {
  const p = `/evals/${i}`;
  const rel = `/evals/cases/${i}`;
  if (i >= MAX.cases) {
    r.at(a, "dropped-field", p, { target: LABEL, why: `which holds at most ${MAX.cases} eval cases` }, { targetFile: t.file });
    return undefined;
  }
  const out: JsonObject = {};
  if (c.id !== undefined && UUID_RE.test(c.id)) setKey(out, "id", c.id);
  else {
    const where = r.where(a, p).pointer;
    const id = uuidV5(`agentport:caplo-eval:${t.key ?? ""}:${where}:${i}:${c.name}`);
    if (c.id !== undefined) r.at(a, "transformed-value", `${p}/id`, { shown: c.id, became: `is not a UUID; replaced by the UUIDv5 ${id}` }, tp(t, `${rel}/id`));
    else r.defaulted(a, `${t.at}${rel}/id`, { field: "eval case id", by: "Caplo", filled: "derived from the case's place as the UUIDv5", set: id }, t.file);
    setKey(out, "id", id);
  }
  const text = (f: "name" | "input" | "desiredOutcome", max: number): string => {
    const v = requiredText(r, a, t, `${p}/${f}`, `${rel}/${f}`, c[f], () => ({ value: f === "name" ? `Case ${i + 1}` : "(empty)", why: `"${f === "name" ? `Case ${i + 1}` : "(empty)"}"` }));
    return v === c[f] ? limitText(r, a, t, `${p}/${f}`, `${rel}/${f}`, v, max) : v;
  };
  setKey(out, "name", text("name", MAX.caseName));
  setKey(out, "input", text("input", MAX.caseInput));
  setKey(out, "desiredOutcome", text("desiredOutcome", MAX.caseOutcome));
  for (const [k, v] of Object.entries(c.expectations ?? {})) {
    const known = (CASE_EXPECTATIONS as readonly string[]).includes(k) && (k !== "routedBy" || (ROUTED_BY as readonly string[]).includes(v));
    if (known) setKey(out, k, v);
    else r.at(a, "dropped-field", `${p}/expectations/${escapeToken(k)}`, { target: "a Caplo eval case" }, tp(t, rel));
  }
  return orderKeys(out, CASE_ORDER);
}
