// AgentMug v1 coverage, as data: how parse.ts maps every path of the official schema;
// how emit.ts treats every canonical IR field is declared by its field handlers (emit.ts,
// emit-models.ts, parameters.ts: HANDLERS), and the emit table here is built from them.
// Read with src/ir/coverage.ts; docs/mapping.md is generated from it.
import type { EmitDecls, FormatCoverage, ParseRule, SchemaSpec } from "../../ir/coverage.js";
import { emitTable } from "../../ir/field-handlers.js";
import { HANDLERS } from "./emit.js";
import { agentmugSchema } from "./schema.generated.js";
import { FORMAT, LABEL } from "./spec.js";

// Kept in extensions: most such values change what the agent does; the metadata ones say so.
const ext = { extension: true, effect: "behaviour" } as const;
const extMeta = { extension: true, effect: "metadata" } as const;
const toHttpExtra = { ir: "/tools/[http]/extra", effect: "behaviour", note: "nango members the IR does not name ride in the tool's extra" } as const;
const skillExtra = { ir: "/skills/[]/extra", effect: "metadata" } as const;

const parse: Record<string, ParseRule> = {
  "/$schema": { ignored: "format marker; the legacy alias is kept at document level: AgentMug rewrites it to the current URL; another format stashes it or drops it, as its own coverage says" },
  "/id": { ir: "/id", effect: "metadata" },
  "/name": { ir: "/name", effect: "metadata" },
  "/description": { ir: "/description", effect: "metadata" },
  "/emoji": extMeta,
  "/version": { ir: "/version", effect: "metadata" },
  "/exportedAt": { ir: "/provenance/exportedAt", effect: "metadata" },
  "/execution/**": ext,
  "/blueprint": { container: true },
  "/blueprint/primaryModel": { ir: ["/models/0/id", "/models/0/provider"], note: "the provider is inferred from the model family", effect: "behaviour" },
  "/blueprint/systemPrompt": { ir: "/instructions/chunks/0/text", effect: "behaviour" },
  "/blueprint/modelPolicy/**": ext,
  "/blueprint/outcomeContract": extMeta,
  "/blueprint/capabilityPlan": extMeta,
  "/blueprint/maxTokens": { ir: "/models/0/maxTokens", effect: "behaviour" },
  "/blueprint/extendedThinkingBudget": { ir: "/reasoning/budgetTokens", effect: "behaviour" },
  "/blueprint/guardrails/**": ext,
  "/blueprint/tools": { container: true },
  "/blueprint/tools/[]": { ir: "/tools/[builtin]/name", note: "a bare string: the builtin shorthand", effect: "behaviour" },
  "/blueprint/tools/[]/kind": { ir: "/tools/[]/kind", note: "nango becomes the IR kind http", effect: "behaviour" },
  "/blueprint/tools/[]/name": { ir: "/tools/[]/name", effect: "behaviour" },
  "/blueprint/tools/[]/description": { ir: "/tools/[]/description", effect: "behaviour" },
  "/blueprint/tools/[]/server": { ir: "/tools/[mcp]/server", effect: "behaviour" },
  "/blueprint/tools/[]/toolName": { ir: "/tools/[mcp]/toolName", effect: "behaviour" },
  "/blueprint/tools/[]/inputSchema": { ir: "/tools/[]/inputSchema", effect: "behaviour" },
  "/blueprint/tools/[]/scopes": { container: true },
  "/blueprint/tools/[]/scopes/[]": { ir: "/tools/[]/scopes/[]", effect: "behaviour" },
  "/blueprint/tools/[]/requiresUserAuth": { ir: "/tools/[]/requiresUserAuth", effect: "behaviour" },
  "/blueprint/tools/[]/provider": { ir: "/tools/[]/provider", effect: "behaviour" },
  "/blueprint/tools/[]/url": { ir: "/tools/[webhook]/url", effect: "behaviour" },
  "/blueprint/tools/[]/method": { ir: "/tools/[]/method", effect: "behaviour" },
  "/blueprint/tools/[]/endpoint": { ir: "/tools/[http]/endpoint", effect: "behaviour" },
  "/blueprint/tools/[]/argMapping": toHttpExtra,
  "/blueprint/tools/[]/baseUrlOverride": toHttpExtra,
  "/blueprint/tools/[]/headers/**": toHttpExtra,
  "/blueprint/tools/[]/bodyEncoding": toHttpExtra,
  "/blueprint/tools/[]/staticBody": toHttpExtra,
  "/blueprint/tools/[]/bodyParamRename/**": toHttpExtra,
  "/blueprint/tools/[]/queryParamRename/**": toHttpExtra,
  "/blueprint/tools/[]/folderRouting/**": toHttpExtra,
  "/blueprint/thinkingPatterns/**": ext,
  "/blueprint/architecture": extMeta,
  "/blueprint/skills": { container: true },
  "/blueprint/skills/[]": { container: true },
  "/blueprint/skills/[]/name": { ir: "/skills/[]/name", effect: "behaviour" },
  "/blueprint/skills/[]/trigger": { ir: "/skills/[]/trigger", effect: "behaviour" },
  "/blueprint/skills/[]/recipe": { ir: "/skills/[]/recipe", effect: "behaviour" },
  "/blueprint/skills/[]/verified": skillExtra,
  "/blueprint/skills/[]/proof/**": skillExtra,
  "/blueprint/skills/[]/librarySkillId": skillExtra,
  "/blueprint/skills/[]/librarySkillVersion": skillExtra,
  "/blueprint/caveats/**": extMeta,
  // Text only is what AgentMug assumes when `inputs` is absent (the emitter fills exactly it in) and what every other format's agents take.
  // A placeholder is the input box's hint text (the schema: "shown in the input UI"): the model never sees it.
  "/inputs/**": { ir: "/inputs", note: "the whole object", effect: "behaviour", inert: [{ accepts: ["text"] }], inertBeside: ["placeholder"] },
  // A text reply is what every target's agent gives; the description is "what the user will see" (the schema), never the model.
  "/outputs/**": { ir: "/outputs", note: "the whole object", effect: "behaviour", inert: [{ shape: "text" }], inertBeside: ["description"] },
  "/parameters/**": { ir: "/parameters/[]", note: "each parameter object whole", effect: "behaviour" },
  // Started by whoever calls it is how every target's agent runs; a schedule, a webhook or an API endpoint is not.
  "/triggers/**": { ir: "/triggers/[]", note: "each trigger object whole", effect: "behaviour", inert: [[{ type: "manual" }]] },
  "/connectivity/**": ext,
  "/sources": { container: true, kept: "an empty list", effect: "behaviour" },
  "/sources/[]": { container: true },
  "/sources/[]/id": { ir: "/knowledge/[]/id", extensionWhen: "a source of another role than knowledge", effect: "behaviour" },
  "/sources/[]/label": { ir: "/knowledge/[]/label", extensionWhen: "a source of another role than knowledge", effect: "metadata" },
  "/sources/[]/description": { ir: "/knowledge/[]/description", extensionWhen: "a source of another role than knowledge", effect: "metadata" },
  "/sources/[]/role": ext,
  "/sources/[]/kind": ext,
  "/sources/[]/required": ext,
  "/sources/[]/accepts/**": ext,
  "/sources/[]/structure/**": ext,
  "/sources/[]/freshness/**": ext,
  "/sources/[]/truth/**": ext,
  "/sources/[]/access/**": ext,
  "/sources/[]/approval/**": ext,
  "/sources/[]/sharing/**": extMeta,
  "/evaluation/**": { extension: true, note: "kept as one value, without the checks that carry an eval case", effect: "metadata" },
  "/evaluation/checks/[]/config": {
    ir: ["/evals/[]/id", "/evals/[]/name", "/evals/[]/input", "/evals/[]/desiredOutcome", "/evals/[]/expectations"],
    extensionWhen: "a check that does not carry an eval case in config.evalCase (or would not re-emit exactly)",
    effect: "metadata",
  },
  "/metadata": { container: true },
  "/metadata/sourceUrl": extMeta,
  "/metadata/sourceUserId": extMeta,
  "/metadata/tags/**": { ir: "/tags/[]", effect: "metadata" },
  "/metadata/pricing/**": extMeta,
  // Private: carried only into AgentMug itself (with includePrivate), never stashed elsewhere.
  "/brain/**": { extension: true, private: true, effect: "behaviour" },
  "/memory/**": { extension: true, private: true, effect: "behaviour" },
};

let schemaSpec: SchemaSpec | undefined;
let emit: EmitDecls | undefined;

export const agentmugCoverage: FormatCoverage = {
  format: FORMAT,
  label: LABEL,
  relativeTo: "the AgentMug file root",
  privateValues: "AgentMug `brain` and `memory`",
  notes: ["members its schema admits only through `additionalProperties: true` are kept in place."],
  // Built on first use: a conversion takes its effects from effects.generated.ts and never walks the schema.
  get schema(): SchemaSpec {
    return (schemaSpec ??= { roots: [{ document: agentmugSchema(), pointer: "" }] });
  },
  parse,
  // Built on first use, from the emitter's field handlers (read at load, the emitter's imports would come round to the registry).
  get emit(): EmitDecls {
    return (emit ??= emitTable(HANDLERS));
  },
  stash: true,
};
