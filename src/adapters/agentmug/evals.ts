// How eval cases ride through AgentMug: one `custom` post-run check per
// case, whose `config.evalCase` holds the whole case. The check id is derived
// from the case, and the case itself travels unchanged inside config.
import type { IrEvalCase } from "../../ir/model.js";
import { deepEqual, isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { CHECK_ORDER } from "./spec.js";

const ID_MAX = 160;
const NAME_MAX = 280;
const ASSERTION_MAX = 10000;

/** The check id for a case: "case-" + a slug of its id (or name), matching ^[a-z][a-z0-9_-]*$. */
export function caseCheckId(c: IrEvalCase): string {
  const slug = (c.id ?? c.name).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return (slug ? `case-${slug}` : "case").slice(0, ID_MAX).replace(/-+$/, "");
}

export function caseToCheck(c: IrEvalCase, id = caseCheckId(c)): JsonObject {
  const evalCase: JsonObject = {};
  if (c.id !== undefined) evalCase["id"] = c.id;
  evalCase["name"] = c.name;
  evalCase["input"] = c.input;
  evalCase["desiredOutcome"] = c.desiredOutcome;
  for (const [k, v] of Object.entries(c.expectations ?? {})) if (!(k in evalCase)) setKey(evalCase, k, v);
  return orderKeys({
    id,
    name: c.name.slice(0, NAME_MAX) || "case",
    type: "custom",
    phase: "post-run",
    severity: "error",
    assertion: c.desiredOutcome.slice(0, ASSERTION_MAX),
    config: { evalCase },
  }, CHECK_ORDER);
}

const CASE_FIELDS = new Set(["id", "name", "input", "desiredOutcome"]);

/**
 * A check → the eval case it carries, only when re-emitting that case reproduces
 * the check exactly; any other check stays raw so an AgentMug round trip is identity.
 */
export function checkToCase(check: JsonValue): IrEvalCase | undefined {
  if (!isObject(check) || !isObject(check["config"])) return undefined;
  const raw = check["config"]["evalCase"];
  if (!isObject(raw)) return undefined;
  const { id, name, input, desiredOutcome } = raw;
  if (typeof name !== "string" || typeof input !== "string" || typeof desiredOutcome !== "string") return undefined;
  if (id !== undefined && typeof id !== "string") return undefined;
  const c: IrEvalCase = { name, input, desiredOutcome };
  if (id !== undefined) c.id = id;
  const expectations: Record<string, string> = {};
  for (const k of Object.keys(raw)) {
    if (CASE_FIELDS.has(k)) continue;
    const v = raw[k];
    if (typeof v !== "string") return undefined;
    setKey(expectations, k, v);
  }
  if (Object.keys(expectations).length) c.expectations = expectations;
  return deepEqual(caseToCheck(c), check) ? c : undefined;
}
