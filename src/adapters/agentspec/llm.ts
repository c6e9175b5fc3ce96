// llm_config ⇄ the IR's primary model row. model_id is the model, the component
// type (or LlmConfig's provider member) the provider, and
// default_generation_parameters.{temperature, max_tokens} the sampling the IR
// knows; every other member (url, api_type, retry_policy, top_p, the component's
// own id, name and metadata…) stays in extensions under its input pointer.
import type { IrAgent, IrModel } from "../../ir/model.js";
import { mapSource } from "../../ir/agent.js";
import { cloneJson, isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { join } from "../../ir/pointer.js";
import { fallbackProviderKey, inferProvider, providerKey } from "../../ir/providers.js";
import { keepDeep, keepMembers, kept, rebuild } from "./fields.js";
import { LLM_ORDER, LLM_PROVIDER } from "./spec.js";

const GEN = "default_generation_parameters";
/** The members a plain LlmConfig has. */
const PLAIN_MEMBERS: readonly string[] = ["id", "name", "description", "metadata", "provider", "api_provider", "api_type", "url", "api_key", GEN, "retry_policy"];

/** Reads a resolved llm_config at input pointer `at`; false when it is not an LLM config the IR can hold (kept whole). */
export function parseLlm(a: IrAgent, llm: JsonValue, at: string): boolean {
  if (!isObject(llm) || typeof llm["model_id"] !== "string" || typeof llm["component_type"] !== "string" || !(llm["component_type"] in LLM_PROVIDER)) return false;
  const type = llm["component_type"];
  const id = llm["model_id"];
  const row: IrModel = { id };
  mapSource(a, "/models", at);
  mapSource(a, "/models/0", at);
  mapSource(a, "/models/0/id", join(at, "model_id"));
  const stated = llm["provider"];
  const implied = LLM_PROVIDER[type];
  if (typeof stated === "string" && stated !== "") {
    row.provider = providerKey(stated) ?? fallbackProviderKey(stated);
    row.providerSource = "explicit";
    mapSource(a, "/models/0/provider", join(at, "provider"));
  } else if (implied !== undefined) {
    row.provider = implied;
    row.providerSource = "explicit";
    mapSource(a, "/models/0/provider", join(at, "component_type"));
  } else {
    const inferred = inferProvider(id);
    if (inferred !== undefined) {
      row.provider = inferred;
      row.providerSource = "inferred";
      mapSource(a, "/models/0/provider", join(at, "model_id"));
    }
  }
  // A provider member that names the provider is canonical; kept as well only when spelled otherwise than its key.
  const providerIsCanonical = typeof stated === "string" && stated !== "" && implied === undefined;
  keepMembers(a, llm, at, ["model_id", GEN, ...(providerIsCanonical ? ["provider"] : [])]);
  if (providerIsCanonical && stated !== row.provider) keepDeep(a, join(at, "provider"), stated);
  const gen = llm[GEN];
  const genAt = join(at, GEN);
  if (isObject(gen) && Object.keys(gen).length > 0) {
    for (const k of Object.keys(gen)) {
      const v = gen[k] as JsonValue;
      if (k === "temperature" && typeof v === "number") {
        row.temperature = v;
        mapSource(a, "/models/0/temperature", join(genAt, k));
      } else if (k === "max_tokens" && typeof v === "number") {
        row.maxTokens = v;
        mapSource(a, "/models/0/maxTokens", join(genAt, k));
      } else keepDeep(a, join(genAt, k), v);
    }
  } else if (gen !== undefined) keepDeep(a, genAt, gen);
  a.models = [row];
  return true;
}

export interface EmittedLlm {
  value: JsonObject;
  /** A required member the IR did not give, filled in (for a defaulted-required note). */
  derivedName?: string;
}

/** The component type for a model that did not come from Agent Spec: OpenAiConfig for OpenAI, else a plain LlmConfig naming the provider. */
function typeFor(m: IrModel): string {
  return m.provider === "openai" ? "OpenAiConfig" : "LlmConfig";
}

/**
 * Builds an llm_config. `ext` and `at` are the kept members and input pointer of
 * the config the model row was read from (Agent Spec home), else undefined.
 */
export function emitLlm(m: IrModel, ext: JsonObject | undefined, at: string | undefined): EmittedLlm {
  const base = ext && at !== undefined ? rebuild(ext, at) : {};
  const fresh = !(typeof base["component_type"] === "string" && base["component_type"] in LLM_PROVIDER);
  let type = fresh ? typeFor(m) : (base["component_type"] as string);
  // A provider the type does not imply (edited elsewhere) makes it a plain LlmConfig, with only the members that one has.
  if (LLM_PROVIDER[type] !== undefined && m.provider !== undefined && m.provider !== LLM_PROVIDER[type]) {
    type = "LlmConfig";
    for (const k of Object.keys(base)) if (!PLAIN_MEMBERS.includes(k)) delete base[k];
  }
  const out: JsonObject = { ...base, component_type: type };
  let derivedName: string | undefined;
  if (typeof out["name"] !== "string") {
    out["name"] = m.id;
    derivedName = m.id;
  }
  out["model_id"] = m.id;
  const spelled = typeof base["provider"] === "string" ? base["provider"] : undefined;
  const spelledKey = spelled === undefined ? undefined : (providerKey(spelled) ?? fallbackProviderKey(spelled));
  if (spelled !== undefined && spelledKey === m.provider) out["provider"] = spelled;
  // A stated provider is written, even where a new config's type implies it (read back, it is stated again).
  else if (m.provider !== undefined && m.providerSource !== "inferred" && (LLM_PROVIDER[type] === undefined || fresh)) out["provider"] = m.provider;
  else delete out["provider"];
  if (m.temperature !== undefined || m.maxTokens !== undefined) {
    const gen: JsonObject = isObject(out[GEN]) ? (out[GEN] as JsonObject) : {};
    if (m.maxTokens !== undefined) setKey(gen, "max_tokens", m.maxTokens);
    if (m.temperature !== undefined) setKey(gen, "temperature", m.temperature);
    out[GEN] = orderKeys(gen, ["max_tokens", "temperature", "top_p"]);
  }
  return { value: orderKeys(out, LLM_ORDER), ...(derivedName === undefined ? {} : { derivedName }) };
}

/** The members of a kept llm_config value that is not a config the IR read (an unresolved reference). */
export function keptLlm(ext: JsonObject, at: string): JsonValue | undefined {
  const whole = kept(ext, at);
  if (whole !== undefined) return cloneJson(whole);
  const rebuilt = rebuild(ext, at);
  return Object.keys(rebuilt).length ? rebuilt : undefined;
}
