// Caplo v2 coverage: how parse.ts maps every path of the official schema, as data; how the
// emitter treats every canonical IR field is declared by its field handlers (emit-agent.ts and the
// emit-*.ts files beside it: HANDLERS), and the emit table here is built from them. Read with
// src/ir/coverage.ts; docs/mapping.md is generated from it and test/coverage.test.ts keeps it honest.
import type { EmitDecls, FormatCoverage, ParseRule, SchemaSpec } from "../../ir/coverage.js";
import { emitTable } from "../../ir/field-handlers.js";
import { HANDLERS } from "./emit-agent.js";
import { caploSchema } from "./schema.generated.js";
import { DEFAULT_GREETING, FORMAT, LABEL } from "./spec.js";


const parse: Record<string, ParseRule> = {
  "/apiVersion": { ignored: "format marker; a spelling other than v2 is kept at document level: AgentMug and mas stash it (stashed-value)" },
  "/kind": { ignored: "Agent or AgentBundle: one agent or a bundle of them" },
  "/agents": { ignored: "the bundle's agents; the other paths are relative to one of them" },
  "/key": { ir: "/key", effect: "metadata" },
  "/name": { ir: "/name", effect: "metadata" },
  "/description": { ir: "/description", effect: "metadata" },
  "/instructions": { ir: "/instructions/chunks/0/text", effect: "behaviour" },
  // The template is what the emitter writes for an agent without a greeting (emit-prompt.ts): the
  // agent of a format that has none, so losing it there is no change (docs/decisions.md, inert values).
  "/greeting": { ir: "/greeting", effect: "behaviour", inert: [DEFAULT_GREETING] },
  "/model": { container: true },
  "/model/provider": { ir: "/models/0/provider", note: "a spelling the provider table would not give back is also kept in ext", effect: "behaviour" },
  "/model/name": { ir: "/models/0/id", effect: "behaviour" },
  "/model/temperature": { ir: "/models/0/temperature", effect: "behaviour" },
  "/model/responseLimit": { ir: "/models/0/maxTokens", effect: "behaviour" },
  "/tools": { container: true },
  "/tools/[]": { ir: "/tools/[named]/name", effect: "behaviour" },
  "/knowledgeBases": { container: true },
  "/knowledgeBases/[]": { ir: "/knowledge/[]/id", effect: "behaviour" },
  "/actions/**": { extension: true, effect: "behaviour" },
  "/subAgents": { container: true },
  "/subAgents/[]": { container: true },
  "/subAgents/[]/agentId": { ir: "/subAgents/[]/external", effect: "behaviour" },
  "/subAgents/[]/local": { ir: "/subAgents/[]/local", effect: "behaviour" },
  // The schema's default: the child as it stands when the parent is published, which is what another format's link (a file, a key) runs.
  "/subAgents/[]/release": { ir: "/subAgents/[]/release", effect: "behaviour", inert: ["latest"] },
  "/subAgents/[]/useWhen": { ir: "/subAgents/[]/useWhen", effect: "behaviour" },
  "/subAgents/[]/doNotUseWhen": { ir: "/subAgents/[]/doNotUseWhen", effect: "behaviour" },
  "/subAgents/[]/mode": { ir: "/subAgents/[]/mode", effect: "behaviour" },
  // "Omitted means model" (the schema): the agent's model picks the sub-agent, as it does in every format that has sub-agents.
  "/routing": { container: true, inert: [{ mode: "model" }] },
  "/routing/mode": { ir: "/routing/mode", effect: "behaviour", inert: ["model"] },
  "/routing/minConfidence": { ir: "/routing/minConfidence", effect: "behaviour" },
  "/evals": { container: true },
  "/evals/cases": { container: true },
  "/evals/cases/[]": { container: true },
  "/evals/cases/[]/id": { ir: "/evals/[]/id", effect: "metadata" },
  "/evals/cases/[]/name": { ir: "/evals/[]/name", effect: "metadata" },
  "/evals/cases/[]/input": { ir: "/evals/[]/input", effect: "metadata" },
  "/evals/cases/[]/desiredOutcome": { ir: "/evals/[]/desiredOutcome", effect: "metadata" },
  "/evals/cases/[]/uncertainty": { ir: "/evals/[]/expectations/uncertainty", effect: "metadata" },
  "/evals/cases/[]/prohibitedAction": { ir: "/evals/[]/expectations/prohibitedAction", effect: "metadata" },
  "/evals/cases/[]/toolFailure": { ir: "/evals/[]/expectations/toolFailure", effect: "metadata" },
  "/evals/cases/[]/answerContains": { ir: "/evals/[]/expectations/answerContains", effect: "metadata" },
  "/evals/cases/[]/answerExcludes": { ir: "/evals/[]/expectations/answerExcludes", effect: "metadata" },
  "/evals/cases/[]/subAgent": { ir: "/evals/[]/expectations/subAgent", effect: "metadata" },
  "/evals/cases/[]/avoidSubAgent": { ir: "/evals/[]/expectations/avoidSubAgent", effect: "metadata" },
  "/evals/cases/[]/tool": { ir: "/evals/[]/expectations/tool", effect: "metadata" },
  "/evals/cases/[]/routedBy": { ir: "/evals/[]/expectations/routedBy", effect: "metadata" },
  "/policy": { container: true, kept: "an empty object", effect: "behaviour" },
  "/policy/guidance": { ir: ["/instructions/chunks/[]/key", "/instructions/chunks/[]/text"], chunk: "guidance", note: "a prompt part keyed guidance, after the instructions; \"\" (the platform block turned off) an empty one", effect: "behaviour" },
  "/policy/chatStyle": { ir: ["/instructions/chunks/[]/key", "/instructions/chunks/[]/text"], chunk: "chat_style", note: "a prompt part keyed chat_style, after the instructions; \"\" (the platform block turned off) an empty one", effect: "behaviour" },
  "/policy/voiceStyle": { ir: ["/instructions/chunks/[]/key", "/instructions/chunks/[]/text"], chunk: "voice_style", note: "a prompt part keyed voice_style, after the instructions; \"\" (the platform block turned off) an empty one", effect: "behaviour" },
  "/policy/history": { container: true },
  "/policy/history/maxTokens": { ir: "/limits/historyTokens", effect: "behaviour" },
  "/policy/knowledgePassages": { ir: "/limits/knowledgePassages", effect: "behaviour" },
  "/policy/maxModelCalls": { ir: "/limits/maxModelCalls", effect: "behaviour" },
  "/policy/maxReads": { ir: "/limits/maxToolCalls", effect: "behaviour" },
  "/policy/maxSearches": { ir: "/limits/maxSearches", effect: "behaviour" },
  "/policy/maxDepth": { ir: "/limits/maxDepth", effect: "behaviour" },
  "/policy/maxParallelReads": { ir: "/limits/maxParallelToolCalls", effect: "behaviour" },
  "/policy/reasoning": { container: true },
  "/policy/reasoning/effort": { ir: "/reasoning/effort", effect: "behaviour" },
  "/policy/reasoning/thinkingBudgetTokens": { ir: "/reasoning/budgetTokens", effect: "behaviour" },
  "/suggestedReplies/**": { extension: true, effect: "behaviour" },
  "/visitorFeedback": { extension: true, effect: "metadata" },
};

let emit: EmitDecls | undefined;
let schemaSpec: SchemaSpec | undefined;

export const caploCoverage: FormatCoverage = {
  format: FORMAT,
  label: LABEL,
  relativeTo: "a Caplo agent object (`/agents/<i>` in a bundle; paths marked *(document)* belong to the document)",
  // Built on first use: a conversion takes its effects from effects.generated.ts and never walks the schema.
  get schema(): SchemaSpec {
    if (schemaSpec) return schemaSpec;
    const document = caploSchema();
    return (schemaSpec = {
      roots: [
        // The bundle document's own members; its agents are enumerated as agent objects below.
        { document, pointer: "/$defs/bundleDocument", depth: 1 },
        { document, pointer: "/$defs/bundleAgent" },
        { document, pointer: "/$defs/agentDocument" },
      ],
      documentLevel: ["/apiVersion", "/kind", "/agents"],
    });
  },
  parse,
  // Built on first use, from the emitter's field handlers (read at load, the emitter's imports would come round to the registry).
  get emit(): EmitDecls {
    return (emit ??= emitTable(HANDLERS));
  },
  stash: false,
  agents: "/agents",
};
