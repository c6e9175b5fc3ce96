// IR model rows → blueprint.primaryModel / maxTokens / modelPolicy. AgentMug
// names one bare model id; a provider it cannot re-infer from that id, other
// roles' rows and sampling settings have no place and are reported.
import type { IrAgent, IrModel } from "../../ir/model.js";
import type { EmitDecl } from "../../ir/coverage.js";
import { fieldHandler, type HandlerReporter } from "../../ir/field-handlers.js";
import { mainModelIndex, unresolvedReason } from "../../ir/agent.js";
import { inferProvider } from "../../ir/providers.js";
import type { JsonObject } from "../../ir/json.js";
import type { WrittenChoice } from "../../ir/stash-choice.js";
import type { EffectiveDefault } from "../types.js";
import { DEFAULT_PRIMARY_MODEL, FORMAT, LABEL } from "./spec.js";
import { isHome } from "../../ir/home.js";
import { looksLikeDisplayName } from "../../ir/prompt-checks.js";

export interface EmittedModels {
  primaryModel: string;
  maxTokens?: number;
  /** Set when rows beyond the primary are alternates of the same role. */
  modelPolicy?: JsonObject;
  /** The placeholder's places, written as one choice for the model the source names none of. */
  choice?: WrittenChoice;
}

const stashed = { stashed: "stashed-value" } as const;
const otherRole = { stashed: "stashed-value", when: "a row of another role (AgentMug names one model)" } as const;
const providerDecl: EmitDecl = [
  { transformed: "transformed-value", when: "the model id implies it: not written (the stash keeps that it was stated)" },
  { stashed: "stashed-value", when: "the model id does not imply it" },
];

/** The model rows as blueprint.primaryModel, maxTokens and modelPolicy alternates. */
export const modelsHandler = fieldHandler("models", {
  "/models/0/id": ["exact", { transformed: "model-display-name", when: "it reads as a display name (spaces or capitals): written as is, which a host would not resolve" }],
  "/models/0/provider": providerDecl,
  "/models/0/temperature": stashed,
  "/models/0/maxTokens": "exact",
  "/models/[]/id": [
    "exact",
    { transformed: "transformed-value", when: "a mas provider/id spelling: the bare id is written" },
    { transformed: "stashed-value", when: "a further main-role row: a modelPolicy alternate" },
    otherRole,
  ],
  "/models/[]/provider": [...providerDecl, otherRole],
  "/models/[]/providerSource": stashed,
  "/models/[]/raw": [{ transformed: "stashed-value", when: "the bare id is written" }, otherRole],
  "/models/[]/role": [{ stashed: "stashed-value", when: "the primary row's role, or a row of another role" }],
  "/models/[]/temperature": stashed,
  "/models/[]/maxTokens": ["exact", { stashed: "stashed-value", when: "not the primary row" }],
}, (r: HandlerReporter, a: IrAgent, file: string, hasPolicy: boolean, defaults?: Readonly<Record<string, EffectiveDefault>>): EmittedModels => emitModels(a, r, file, hasPolicy, defaults));

function emitModels(a: IrAgent, r: HandlerReporter, file: string, hasPolicy: boolean, defaults?: Readonly<Record<string, EffectiveDefault>>): EmittedModels {
  const models = a.models ?? [];
  const p = mainModelIndex(a);
  const primary = models[p];
  const t = { targetFile: file };
  if (!primary) {
    if (a.models?.length === 0) r.at(a, "dropped-field", "/models", { aside: "an empty list", target: LABEL }, { ...t, effect: "representation" });
    // Rows of other roles only (the main one pins no model): the host picks the agent's model, as with no row at all.
    for (const [i, m] of models.entries()) {
      temperatureLost(a, r, i, m, t);
      droppedRole(a, r, i, m, t);
    }
    // A model the source states by a reference nothing read resolves: said at the reference (unresolvedReason).
    const unresolved = models.length ? undefined : unresolvedReason(a, "/models", "model");
    const because = unresolved?.because ?? (models.length ? "the source names no main model (its model rows are of other roles)" : "the source names no model");
    r.atSource(a, "defaulted-placeholder", unresolved?.at ?? "", { because, wrote: `blueprint.primaryModel "${DEFAULT_PRIMARY_MODEL}"${hasPolicy ? "" : ' and blueprint.modelPolicy.mode "host_choice" (the runtime picks)'}`, check: "check it against the models your host runs" }, {
      targetPointer: "/blueprint/primaryModel", targetFile: file, hint: unresolved?.hint ?? "name a model in the source, or edit blueprint.primaryModel",
    });
    const none: EmittedModels = { primaryModel: DEFAULT_PRIMARY_MODEL };
    // The source's answer cap the hub planned for a model row is written here too, as it says (none without a row).
    const d = defaults?.["/models/0/maxTokens"]?.value;
    if (typeof d === "number") none.maxTokens = d;
    if (!hasPolicy) none.modelPolicy = { mode: "host_choice" };
    // Removing host_choice pins the placeholder; editing the model or its cap picks one: each answers the
    // choice, so none of the stash's model entries (the rows it stood in for) is restored over it.
    const places = ["/blueprint/primaryModel", ...(none.maxTokens === undefined ? [] : ["/blueprint/maxTokens"]), ...(none.modelPolicy === undefined ? [] : ["/blueprint/modelPolicy"])];
    none.choice = { places, for: "/models" };
    return none;
  }
  const out: EmittedModels = { primaryModel: primary.id };
  if (!isHome(a, FORMAT) && looksLikeDisplayName(primary.id)) {
    r.at(a, "model-display-name", `/models/${p}/id`, { shown: primary.id, became: "reads as a display name; blueprint.primaryModel names a model id, which a host would not resolve from it" }, { targetPointer: "/blueprint/primaryModel", targetFile: file, hint: "write the model id (gpt-4.1, claude-sonnet-4-6) in blueprint.primaryModel" });
  }
  if (primary.maxTokens !== undefined) out.maxTokens = primary.maxTokens;
  else {
    // The source's own answer cap (Caplo 1024, mas 2000), where AgentMug would leave it to the host; the hub reports it.
    const d = defaults?.["/models/0/maxTokens"]?.value;
    if (typeof d === "number") out.maxTokens = d;
  }
  reportSpelling(a, r, p, file);
  // A row that is not the source's first comes back as the first row (the main row has no other role to lose).
  if (/\/[1-9][0-9]*$/.test(a.sourceMap[`/models/${p}`] ?? "")) {
    r.at(a, "transformed-value", `/models/${p}`, { became: "becomes blueprint.primaryModel, AgentMug's one model; read back, it is the first model row" }, { targetPointer: "/blueprint/primaryModel", targetFile: file });
  }
  const alternates: string[] = [];
  models.forEach((m, i) => {
    temperatureLost(a, r, i, m, t);
    if (i === p) return;
    if (m.role !== undefined && m.role !== "main") {
      droppedRole(a, r, i, m, t);
      return;
    }
    if (hasPolicy) {
      r.at(a, "dropped-field", `/models/${i}`, { aside: "a further model for the main role", target: LABEL, why: "whose blueprint.modelPolicy is already set" }, t);
      return;
    }
    // preferredModels items need a character; an empty id (mas " /") cannot be listed.
    if (m.id === "" || primary.id === "") {
      r.at(a, "dropped-field", `/models/${i}`, { target: LABEL, why: "whose blueprint.modelPolicy.preferredModels needs non-empty model ids" }, t);
      return;
    }
    alternates.push(m.id);
    r.at(a, "transformed-value", `/models/${i}`, { became: "becomes an alternate in blueprint.modelPolicy.preferredModels (mode \"preferred\")" }, { targetPointer: "/blueprint/modelPolicy/preferredModels", targetFile: file });
    reportSpelling(a, r, i, file);
    if (m.maxTokens !== undefined) r.at(a, "dropped-field", `/models/${i}/maxTokens`, { aside: "of an alternate model", target: LABEL }, t);
  });
  if (alternates.length) out.modelPolicy = { mode: "preferred", preferredModels: [primary.id, ...alternates] };
  return out;
}

/** A row of another role than the main one: AgentMug names one model. */
function droppedRole(a: IrAgent, r: HandlerReporter, i: number, m: IrModel, t: { targetFile: string }): void {
  r.at(a, "dropped-field", `/models/${i}`, { aside: `model role "${m.role ?? ""}"`, target: LABEL, why: "which names one model per agent" }, t);
}

function temperatureLost(a: IrAgent, r: HandlerReporter, i: number, m: IrModel, t: { targetFile: string }): void {
  if (m.temperature !== undefined) r.at(a, "dropped-field", `/models/${i}/temperature`, { target: LABEL, why: "which has no temperature setting" }, t);
}

/** AgentMug writes the bare id: a provider it cannot re-infer is lost, another spelling is changed. */
function reportSpelling(a: IrAgent, r: HandlerReporter, i: number, file: string): void {
  const m = a.models?.[i];
  if (!m) return;
  const t = { targetPointer: i === mainModelIndex(a) ? "/blueprint/primaryModel" : "/blueprint/modelPolicy/preferredModels", targetFile: file };
  const implied = inferProvider(m.id);
  if (m.provider !== undefined && m.provider !== implied) {
    r.at(a, "dropped-field", `/models/${i}/provider`, { aside: `the provider "${m.provider}"`, target: LABEL, why: `which holds only the model id "${m.id}", and that does not imply it` }, t);
  } else if (m.provider !== undefined && m.providerSource === "explicit") {
    r.at(a, "transformed-value", `/models/${i}/provider`, { became: `is not written: AgentMug infers the provider "${m.provider}" from the model id "${m.id}"` }, t);
  } else if (m.raw !== undefined && m.raw !== m.id) {
    r.at(a, "transformed-value", `/models/${i}/id`, { shown: m.raw, became: `is written as the model id "${m.id}"` }, t);
  }
}
