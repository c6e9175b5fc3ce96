// The one model of a Caplo agent: the IR's primary model row (the others are dropped), its
// provider as Caplo names it, its temperature and response limit in Caplo's ranges. A field
// handler (src/ir/field-handlers.ts): its declarations stand beside its code.
import type { IrAgent } from "../../ir/model.js";
import type { EmitDecl } from "../../ir/coverage.js";
import { fieldHandler, type HandlerReporter } from "../../ir/field-handlers.js";
import { mainModelIndex, sourceOf, unresolvedReason } from "../../ir/agent.js";
import { orderKeys, setKey, type JsonObject } from "../../ir/json.js";
import { fallbackProviderKey, inferProvider, providerDisplay, providerKey } from "../../ir/providers.js";
import { DEFAULT_MODEL, LABEL, MODEL_ORDER, PROVIDER_SPELLING, RESPONSE_LIMIT, TEMPERATURE, UNKNOWN_PROVIDER } from "./spec.js";
import { clamp, placeholder, setDefault, tp, type AgentTarget } from "./emit-checks.js";

const notPrimary = { dropped: "dropped-field", when: "a row other than the primary (Caplo holds one model)" } as const;
const clampedLimit = (range: string): EmitDecl => ["exact", { transformed: "clamped-value", when: `outside ${range} or not an integer` }];
/** The provider made explicit is reported at the model id when the source has no provider value to point at. */
const providerFromId = { transformed: "transformed-value", when: "the source names no provider: Caplo states the one inferred from it (model.provider)" } as const;
const unknownProvider = { transformed: "unknown-provider", when: "not in the provider table" } as const;

/** The primary model row as Caplo's model (a placeholder when the source names none). */
export const modelHandler = fieldHandler("model", {
  "/models/0/id": ["exact", providerFromId],
  "/models/0/provider": [{ transformed: "transformed-value", when: "inferred or spelled as a LiteLLM key: written as the display name" }, unknownProvider],
  "/models/0/temperature": ["exact", { transformed: "clamped-value", when: "outside 0..1" }],
  "/models/0/maxTokens": clampedLimit("64..128000"),
  "/models/[]/id": ["exact", providerFromId, notPrimary],
  "/models/[]/provider": [{ transformed: "transformed-value" }, unknownProvider, notPrimary],
  "/models/[]/providerSource": [{ transformed: "transformed-value" }, notPrimary],
  "/models/[]/raw": [{ transformed: "transformed-value", when: "split into model.provider and model.name" }, notPrimary],
  "/models/[]/role": [{ transformed: "transformed-value", when: "implied: the one model is the main one" }, notPrimary],
  "/models/[]/temperature": ["exact", { transformed: "clamped-value", when: "outside 0..1" }, notPrimary],
  "/models/[]/maxTokens": ["exact", { transformed: "clamped-value", when: "outside 64..128000 or not an integer" }, notPrimary],
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget, ext: JsonObject): JsonObject => {
  const models = a.models ?? [];
  const pi = mainModelIndex(a);
  models.forEach((m, i) => {
    if (i !== pi) r.at(a, "dropped-field", `/models/${i}`, { ...(m.role ? { aside: `role "${m.role}"` } : {}), target: LABEL, why: "which holds one model per agent" }, tp(t, "/model"));
  });
  const m = models[pi];
  if (m === undefined) {
    // Rows of other roles only (the main one pins no model): the agent's model is unknown, as with no row at all.
    const unresolved = models.length ? undefined : unresolvedReason(a, "/models", "model");
    const because = unresolved?.because ?? (models.length ? "the source names no main model (its model rows are of other roles)" : "the source names no model");
    placeholder(r, a, t, "/model", { because, wrote: `the placeholder ${DEFAULT_MODEL.provider} ${DEFAULT_MODEL.name}`, check: "check it against your workspace" }, unresolved && { pointer: unresolved.at, hint: unresolved.hint });
    const out: JsonObject = { ...DEFAULT_MODEL };
    // The source's sampling defaults the hub planned for a model row are written here too, as it says.
    setDefault(r, a, t, out, "temperature", "/models/0/temperature", "/model/temperature", TEMPERATURE);
    setDefault(r, a, t, out, "responseLimit", "/models/0/maxTokens", "/model/responseLimit", RESPONSE_LIMIT);
    return orderKeys(out, MODEL_ORDER);
  }
  const p = `/models/${pi}`;
  const out: JsonObject = { provider: providerOf(r, a, t, m.provider, m.providerSource, m.id, ext, p), name: m.id };
  if (m.role !== undefined) r.at(a, "transformed-value", `${p}/role`, { shown: m.role, clause: "Caplo's one model is the agent's main model, so the role is implied" }, tp(t, "/model"));
  // A row that was not the source's first comes back as the first: its whole row changes place.
  if (/\/[1-9][0-9]*$/.test(a.sourceMap[p] ?? "")) r.at(a, "transformed-value", p, { became: "becomes Caplo's one model; read back, it is the first model row" }, tp(t, "/model"));
  if (m.raw !== undefined && m.raw !== m.id) {
    r.at(a, "transformed-value", `${p}/raw`, { shown: m.raw, became: `became model.provider "${String(out["provider"])}" and model.name "${m.id}"` }, tp(t, "/model"));
  }
  if (m.temperature !== undefined) setKey(out, "temperature", clamp(r, a, t, `${p}/temperature`, "/model/temperature", m.temperature, TEMPERATURE));
  else setDefault(r, a, t, out, "temperature", "/models/0/temperature", "/model/temperature", TEMPERATURE);
  if (m.maxTokens !== undefined) setKey(out, "responseLimit", clamp(r, a, t, `${p}/maxTokens`, "/model/responseLimit", m.maxTokens, RESPONSE_LIMIT));
  else setDefault(r, a, t, out, "responseLimit", "/models/0/maxTokens", "/model/responseLimit", RESPONSE_LIMIT);
  return orderKeys(out, MODEL_ORDER);
});

function providerOf(r: HandlerReporter, a: IrAgent, t: AgentTarget, key: string | undefined, source: string | undefined, id: string, ext: JsonObject, p: string): string {
  const spelled = ext[PROVIDER_SPELLING];
  if (key !== undefined) {
    if (typeof spelled === "string" && (providerKey(spelled) ?? fallbackProviderKey(spelled)) === key) return spelled;
    const display = providerDisplay(key);
    if (display === undefined) {
      r.at(a, "unknown-provider", `${p}/provider`, { shown: key, became: "is not in the provider table; written as is" }, { ...tp(t, "/model/provider"), hint: "use the provider name your Caplo workspace shows" });
    }
    if (source === "inferred") madeExplicit(r, a, t, p, display ?? key, id);
    return display ?? key;
  }
  const inferred = inferProvider(id);
  const display = inferred === undefined ? UNKNOWN_PROVIDER : (providerDisplay(inferred) ?? inferred);
  if (inferred === undefined) unnamedProvider(r, a, t, p, id);
  else madeExplicit(r, a, t, p, display, id);
  return display;
}

/**
 * A provider nothing names: a warning at the model row it is filled in for (user trial 16 F11), not at
 * the agent's root. A row defined apart from the agent (an LLM config several agents share,
 * IrOrigin.places) is one value: reported for the output file, once, not at each agent's model.
 */
function unnamedProvider(r: HandlerReporter, a: IrAgent, t: AgentTarget, p: string, id: string): void {
  const at = sourceOf(a, p) ?? "";
  const stands = a.origin.places?.[a.origin.pointer + at];
  const shared = stands !== undefined && stands !== "";
  r.atSource(a, "defaulted-placeholder", at, { because: `the source names no provider for model "${id}" and none can be inferred`, wrote: `"${UNKNOWN_PROVIDER}"`, check: "set the provider your workspace uses" }, shared ? { targetFile: t.file } : tp(t, "/model/provider"));
}

/**
 * A provider the source only implied becomes explicit in Caplo, so a way back writes
 * it out ("gpt-4o" returns as "openai/gpt-4o"): a changed value, reported where the model was.
 */
function madeExplicit(r: HandlerReporter, a: IrAgent, t: AgentTarget, p: string, display: string, id: string): void {
  const ir = a.sourceMap[`${p}/provider`] !== undefined ? `${p}/provider` : `${p}/id`;
  r.at(a, "transformed-value", ir, { shown: id, became: `names no provider; Caplo states it, so model.provider is "${display}", inferred from the model id` }, tp(t, "/model/provider"));
}
