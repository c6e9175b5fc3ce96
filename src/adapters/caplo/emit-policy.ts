// The policy of a Caplo agent: its platform texts (split off the instructions, or Caplo's own kept
// values), the limits in Caplo's ranges, and reasoning. The limits and reasoning are field handlers
// (src/ir/field-handlers.ts); the platform texts are the instructions handler's (emit-prompt.ts).
import type { IrAgent } from "../../ir/model.js";
import type { EmitDecl } from "../../ir/coverage.js";
import { fieldHandler, run, type HandlerReporter } from "../../ir/field-handlers.js";
import { isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { EMPTY_POLICY, LABEL, LIMITS, POLICY_ORDER, THINKING_BUDGET } from "./spec.js";
import { clamp, setDefault, tp, type AgentTarget } from "./emit-checks.js";

export type Check = (v: JsonValue) => boolean;
const isString = (max: number): Check => (v) => typeof v === "string" && [...v].length <= max;
/** Caplo's own kept platform texts, written back when still valid. */
export const POLICY_TEXT: readonly [string, Check][] = [["guidance", isString(4000)], ["chatStyle", isString(2000)], ["voiceStyle", isString(2000)]];

/** policy: the platform texts, the limits and reasoning; an empty policy only when the source had one. */
export function policyOf(a: IrAgent, t: AgentTarget, ext: JsonObject, responseLimit: number | undefined, platform: ReadonlyMap<string, string>): JsonObject | undefined {
  const out: JsonObject = {};
  for (const [m, ok] of POLICY_TEXT) {
    const v = platform.get(m) ?? ext["/policy/" + m];
    if (v !== undefined && ok(v)) setKey(out, m, v);
  }
  run(limitsHandler, t.scope, a, t, out);
  const reasoning = run(reasoningHandler, t.scope, a, t, responseLimit);
  if (reasoning !== undefined) setKey(out, "reasoning", reasoning);
  if (Object.keys(out).length === 0) return isObject(ext[EMPTY_POLICY]) ? {} : undefined;
  return orderKeys(out, POLICY_ORDER);
}

const clampedLimit = (range: string): EmitDecl => ["exact", { transformed: "clamped-value", when: `outside ${range} or not an integer` }];

/** The limits as policy members, fitted into Caplo's ranges; a source default Caplo would not assume is written out. */
const limitsHandler = fieldHandler("limits", {
  "/limits/maxModelCalls": clampedLimit("1..48"),
  "/limits/maxToolCalls": clampedLimit("1..32"),
  "/limits/maxSearches": clampedLimit("1..16"),
  "/limits/maxParallelToolCalls": clampedLimit("1..8"),
  "/limits/maxDepth": clampedLimit("1..4"),
  "/limits/knowledgePassages": clampedLimit("1..16"),
  "/limits/historyTokens": clampedLimit("2000..400000"),
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget, out: JsonObject): void => {
  for (const l of LIMITS) {
    const v = a.limits?.[l.ir];
    const rel = "/policy/" + l.caplo;
    if (v === undefined) {
      if (l.caplo !== "history/maxTokens") setDefault(r, a, t, out, l.caplo, "/limits/" + l.ir, rel, l.range);
      continue;
    }
    const fitted = clamp(r, a, t, "/limits/" + l.ir, rel, v, l.range);
    if (l.caplo === "history/maxTokens") setKey(out, "history", { maxTokens: fitted });
    else setKey(out, l.caplo, fitted);
  }
});

/** policy.reasoning: the nearest Caplo effort, and a thinking budget below the response limit. */
const reasoningHandler = fieldHandler("reasoning", {
  "/reasoning/effort": ["exact", { transformed: "transformed-value", when: "minimal or max (nearest Caplo effort)" }, { dropped: "dropped-field", when: "none" }],
  "/reasoning/budgetTokens": ["exact", { transformed: "clamped-value", when: "outside 1024..32000 or not below model.responseLimit" }, { dropped: "dropped-field", when: "≤ 0 (thinking off)" }],
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget, responseLimit: number | undefined): JsonObject | undefined => {
  const reasoning = a.reasoning;
  if (reasoning === undefined) return undefined;
  const out: JsonObject = {};
  const rel = "/policy/reasoning";
  if (reasoning.effort !== undefined) {
    const mapped = reasoning.effort === "minimal" ? "low" : reasoning.effort === "max" ? "high" : reasoning.effort === "none" ? undefined : reasoning.effort;
    if (mapped === undefined) r.at(a, "dropped-field", "/reasoning/effort", { shown: "none", target: LABEL, why: "which has no way to turn reasoning off" }, tp(t, rel));
    else {
      if (mapped !== reasoning.effort) r.at(a, "transformed-value", "/reasoning/effort", { shown: reasoning.effort, became: `became "${mapped}", the nearest Caplo effort` }, tp(t, `${rel}/effort`));
      setKey(out, "effort", mapped);
    }
  }
  const b = reasoning.budgetTokens;
  if (b !== undefined) {
    if (b <= 0) r.at(a, "dropped-field", "/reasoning/budgetTokens", { shown: b, aside: "thinking off", target: LABEL, why: "which cannot turn thinking off" }, tp(t, rel));
    else {
      let v = clamp(r, a, t, "/reasoning/budgetTokens", `${rel}/thinkingBudgetTokens`, b, THINKING_BUDGET);
      // Caplo requires the budget to be smaller than the response limit; the limit is the user's, so the budget yields.
      if (responseLimit !== undefined && v >= responseLimit) {
        if (responseLimit - 1 >= THINKING_BUDGET.min) {
          r.at(a, "clamped-value", "/reasoning/budgetTokens", { was: v, reason: `must be smaller than model.responseLimit ${responseLimit} in Caplo`, now: responseLimit - 1 }, tp(t, `${rel}/thinkingBudgetTokens`));
          v = responseLimit - 1;
        } else {
          r.at(a, "dropped-field", "/reasoning/budgetTokens", { target: LABEL, why: `where it must be smaller than model.responseLimit ${responseLimit} and at least ${THINKING_BUDGET.min}` }, tp(t, rel));
          v = NaN;
        }
      }
      if (!Number.isNaN(v)) setKey(out, "thinkingBudgetTokens", v);
    }
  }
  return Object.keys(out).length ? out : undefined;
});

/** The policy's field handlers, in the order they write. */
export const POLICY_HANDLERS = [limitsHandler, reasoningHandler] as const;
