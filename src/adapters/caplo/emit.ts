// IR document → one Caplo document: a single Agent, or an AgentBundle holding every
// agent (with keys made valid and unique, and local links rewritten to match). The agents'
// fields are written by field handlers (emit-agent.ts); the document's own steps (its kind and
// file, the keys, apiVersion, document-level values) are here.
import type { EmitContext, EmitOptions, EmitResult } from "../types.js";
import type { IrAgent, IrDocument, IrLink } from "../../ir/model.js";
import { diagnostic } from "../../ir/diagnostics.js";
import { documentPlace } from "../../ir/stash-slot.js";
import { orderKeys, type JsonObject } from "../../ir/json.js";
import { dotted } from "../../ir/pointer.js";
import { lostDocumentValue, Reporter } from "../../ir/reporter.js";
import { slugKey, uniqueKeys } from "../../ir/slug.js";
import { loneAgent } from "../../ir/agent.js";
import { jsonText, yamlText } from "../serialize.js";
import type { EmitScope } from "../../ir/field-handlers.js";
import { emitAgent } from "./emit-agent.js";
import { API_VERSION_RE, DOC_ORDER, FORMAT, KEY_RE, LABEL } from "./spec.js";

export function emitCaplo(doc: IrDocument, options: EmitOptions, context: EmitContext = {}): EmitResult {
  const r = new Reporter(FORMAT);
  const scope: EmitScope = { r, check: context.checkDeclarations === true };
  const agents = doc.agents;
  if (agents.length === 0) {
    return { outputs: [], diagnostics: [diagnostic("usage-error", { problem: "there is no agent to write as Caplo v2" })] };
  }
  const asBundle = doc.bundle || agents.length !== 1 || options.bundle === true;
  const keys = uniqueKeys(agents.map((a) => (a.key !== undefined && KEY_RE.test(a.key) ? a.key : slugKey(a.key ?? a.id ?? a.name ?? "agent"))));
  const ext = options.syntax === "yaml" ? "yaml" : "json";
  const file = asBundle ? `${keys[0]}-bundle.caplo.${ext}` : `${keys[0]}.caplo.${ext}`;
  const lookup = new Map<string, number>();
  agents.forEach((a, i) => { if (a.key !== undefined && !lookup.has(a.key)) lookup.set(a.key, i); });
  agents.forEach((a, i) => { if (a.id !== undefined && !lookup.has(a.id)) lookup.set(a.id, i); });
  const resolve = (local: string): { key: string; agent: IrAgent } | undefined => {
    const i = asBundle ? lookup.get(local) : undefined;
    const agent = i === undefined ? undefined : agents[i];
    const key = i === undefined ? undefined : keys[i];
    return agent && key !== undefined ? { key, agent } : undefined;
  };
  // What each agent's callers' links will say when to call it (the routing text a mas delegator read).
  const calledWith = agents.map((): (Pick<IrLink, "useWhen" | "doNotUseWhen"> | undefined)[] => []);
  if (asBundle) for (const a of agents) for (const l of a.subAgents ?? []) {
    const i = l.local === undefined ? undefined : lookup.get(l.local);
    if (i !== undefined) calledWith[i]?.push(l.useWhen === undefined ? undefined : { useWhen: l.useWhen, ...(l.doNotUseWhen === undefined ? {} : { doNotUseWhen: l.doNotUseWhen }) });
  }
  const objects = agents.map((a, i) => {
    const at = asBundle ? `/agents/${i}` : "";
    const key = keys[i] ?? "agent";
    const defaults = context.effectiveDefaults?.[i];
    return emitAgent(a, { scope, file, at, ...(asBundle ? { key } : {}), ...(defaults ? { defaults } : {}), resolve, calledWith: calledWith[i] ?? [], alone: loneAgent(doc) });
  });
  const apiVersion = apiVersionOf(r, doc, file);
  reportDocExtensions(r, doc, file, context);
  const document: JsonObject = asBundle
    ? orderKeys({ apiVersion, kind: "AgentBundle", agents: objects }, DOC_ORDER)
    : orderKeys({ apiVersion, kind: "Agent", ...objects[0] }, ["apiVersion", "kind"]);
  return { outputs: [{ name: file, format: FORMAT, document, text: ext === "yaml" ? yamlText(document) : jsonText(document), agents: agents.map((_, i) => i) }], diagnostics: r.diagnostics };
}

function apiVersionOf(r: Reporter, doc: IrDocument, file: string): string {
  const kept = doc.extensions[FORMAT]?.["/apiVersion"];
  if (kept === undefined) return "v2";
  if (typeof kept === "string" && API_VERSION_RE.test(kept)) return kept;
  r.push(diagnostic("transformed-value", { value: "apiVersion", shown: kept, became: 'is not a Caplo v2 version; written as "v2"' }, {
    source: documentPlace(doc, FORMAT, "/apiVersion"),
    target: { format: FORMAT, file, pointer: "/apiVersion" },
  }));
  return "v2";
}

/** Document-level values of other formats (and invalid leftovers of a lenient Caplo parse) have no place here. */
function reportDocExtensions(r: Reporter, doc: IrDocument, file: string, context: EmitContext): void {
  for (const [format, bag] of Object.entries(doc.extensions)) {
    for (const rel of Object.keys(bag)) {
      if (format === FORMAT && rel === "/apiVersion") continue;
      const source = documentPlace(doc, format, rel);
      const lost = format === FORMAT ? { payload: { value: dotted(rel), aside: "not a valid Caplo v2 value", target: LABEL } } : lostDocumentValue(rel, bag[rel], LABEL, context.documentUses?.[format]?.[rel]);
      r.push(diagnostic("dropped-field", lost.payload, { source, target: { format: FORMAT, file }, ...("effect" in lost && lost.effect ? { effect: lost.effect } : {}) }));
    }
  }
}

