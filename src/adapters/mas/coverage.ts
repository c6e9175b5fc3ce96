// mas/v1 coverage, as data: how parse.ts (context, models, tools) maps every path of
// the official agent schema and its fragments; how emit.ts treats every canonical IR
// field is declared by its field handlers (emit.ts, context.ts, models.ts, tools.ts:
// HANDLERS), and the emit table here is built from them. Read with src/ir/coverage.ts;
// docs/mapping.md is generated from it.
import type { EmitDecls, FormatCoverage, ParseRule } from "../../ir/coverage.js";
import { emitTable } from "../../ir/field-handlers.js";
import { HANDLERS } from "./emit.js";
import { masAgentSchema, masFragmentSchemas } from "./schema.generated.js";
import { MAS } from "./parse-context.js";
import { LABEL } from "./spec.js";

// Kept in extensions: most such values change what the agent does; the metadata ones say so.
const ext = { extension: true, effect: "behaviour" } as const;
const extMeta = { extension: true, effect: "metadata" } as const;
const SUBAGENT_SETTING = "a setting of a create_subagent/spawn_subagent tool (its templates are links to other agents)";

const parse: Record<string, ParseRule> = {
  "/apiVersion": { ignored: "format marker (mas/v1)" },
  "/kind": { ignored: "format marker (Agent)" },
  "/metadata": { container: true },
  "/metadata/name": { ir: "/id", effect: "metadata" },
  "/metadata/description": { ir: "/description", effect: "metadata" },
  "/metadata/version": { ir: "/version", effect: "metadata" },
  "/metadata/tags/**": { ir: "/tags/[]", effect: "metadata" },
  "/metadata/<^x->": extMeta,
  "/spec": { container: true },
  "/spec/context": { container: true },
  "/spec/context/*": { ir: ["/instructions/chunks/[]/key", "/instructions/chunks/[]/text", "/instructions/chunks/[]/raw"], extensionWhen: "not a string or {ref} (lenient input)", effect: "behaviour" },
  "/spec/context/*/ref": { ir: ["/instructions/chunks/[]/key", "/instructions/chunks/[]/ref"], note: "the file's text is read when file access is given", effect: "behaviour" },
  "/spec/params/**": ext,
  "/spec/description": { ir: "/routingDescription", note: "in a MAS app also the useWhen of every link to the agent; a trailing \"Not for: …\" sentence is the link's doNotUseWhen", effect: "behaviour" },
  "/spec/models": { container: true, kept: "an empty list", effect: "behaviour" },
  "/spec/models/[]": { container: true },
  // `main`, the schema's default, names the primary model, which is what a model of another format is. Another
  // id on the primary row (`fast`) names a role the targets do not have (the runtime inherits models.<id> for
  // `model: any`, and other settings name the row by it): a loss that changes behaviour, in every target alike.
  "/spec/models/[]/id": { ir: "/models/[]/role", extensionWhen: "the primary row's id (main, the default role, or another)", effect: "behaviour", inert: ["main"] },
  "/spec/models/[]/model": { ir: ["/models/[]/id", "/models/[]/provider", "/models/[]/raw"], extensionWhen: "model: any (the whole row)", effect: "behaviour" },
  "/spec/models/[]/temperature": { ir: "/models/[]/temperature", effect: "behaviour" },
  "/spec/models/[]/max_tokens": { ir: "/models/[]/maxTokens", effect: "behaviour" },
  "/spec/models/[]/reasoning_effort": { ir: "/reasoning/effort", changed: "transformed-value", extensionWhen: "a row other than the primary", note: "deprecated: the spelling comes back only through a format with a stash", effect: "behaviour" },
  "/spec/models/[]/reasoning": { container: true },
  "/spec/models/[]/reasoning/effort": { ir: "/reasoning/effort", extensionWhen: "a row other than the primary", note: "disable/xhigh spellings are also kept in ext", effect: "behaviour" },
  "/spec/models/[]/reasoning/budget_tokens": { ir: "/reasoning/budgetTokens", extensionWhen: "a row other than the primary", effect: "behaviour" },
  "/spec/models/[]/**": ext,
  "/spec/design_pattern/**": ext,
  "/spec/context_manager/**": ext,
  "/spec/assembler/**": ext,
  "/spec/memory_seed/**": ext,
  "/spec/memory/**": ext,
  "/spec/working_memory/**": ext,
  "/spec/skills": { container: true },
  "/spec/skills/[]": { ir: ["/skills/[]/name", "/skills/[]/trigger", "/skills/[]/recipe", "/skills/[]/ref", "/skills/[]/document"], note: "its SKILL.md is read as the runtime resolves it (the app's folder and skills/, _ and - variants, a file or <name>/SKILL.md): front-matter description → trigger, body → recipe; unresolved-skill when it cannot be", effect: "behaviour" },
  "/spec/tools_ref": ext,
  "/spec/tools": { container: true },
  "/spec/tools/[]": { ir: "/tools/[named]/name", note: "Form C: a bare name", effect: "behaviour" },
  "/spec/tools/[]/ref": { ir: ["/tools/[manifest-ref]/ref", "/tools/[manifest-ref]/name"], note: "Form A; the name is the Tool manifest's metadata.name, or the file's basename", effect: "behaviour" },
  "/spec/tools/[]/kind": { ir: "/tools/[system]/kind", extensionWhen: "Form B's implementation kind", note: "Form D", effect: "behaviour" },
  "/spec/tools/[]/name": { ir: "/tools/[system]/name", note: "Form D", effect: "behaviour" },
  "/spec/tools/[]/module_path": { ir: ["/tools/[module]/modulePath", "/tools/[module]/name"], note: "Form B; names the tool when class_name is absent", effect: "behaviour" },
  "/spec/tools/[]/class_name": { ir: "/tools/[module]/name", note: "Form B", effect: "behaviour" },
  "/spec/tools/[]/priority": { extension: true, linkWhen: SUBAGENT_SETTING, effect: "behaviour" },
  "/spec/tools/[]/params": {
    extension: true,
    linkWhen: SUBAGENT_SETTING,
    part: { ir: "/limits/maxDepth", when: "max_depth of the first create_subagent/spawn_subagent tool" },
    effect: "behaviour",
  },
  // true is the schema's default: the tool is offered, as every tool another format lists is.
  "/spec/tools/[]/enabled": { extension: true, linkWhen: SUBAGENT_SETTING, effect: "behaviour", inert: [true] },
  "/spec/behavior/**": ext,
  "/spec/checkpoint/**": ext,
  "/spec/debug/**": extMeta,
  "/spec/governance/**": ext,
  "/spec/hitl_contract/**": ext,
  "/spec/user_io_contract/**": ext,
  "/spec/llm": { container: true },
  "/spec/llm/model": { ir: ["/models/0/id", "/models/0/provider", "/models/0/raw"], changed: "transformed-value", extensionWhen: "spec.models is set", note: "it comes back as spec.models[0]", effect: "behaviour" },
  "/spec/llm/temperature": { ir: "/models/0/temperature", changed: "transformed-value", extensionWhen: "spec.models is set", effect: "behaviour" },
  "/spec/llm/max_tokens": { ir: "/models/0/maxTokens", changed: "transformed-value", extensionWhen: "spec.models is set", effect: "behaviour" },
  "/spec/llm/reasoning_effort": { ir: "/reasoning/effort", changed: "transformed-value", extensionWhen: "spec.models is set", effect: "behaviour" },
  "/spec/llm/reasoning": { container: true },
  "/spec/llm/reasoning/effort": { ir: "/reasoning/effort", changed: "transformed-value", extensionWhen: "spec.models is set", effect: "behaviour" },
  "/spec/llm/reasoning/budget_tokens": { ir: "/reasoning/budgetTokens", changed: "transformed-value", extensionWhen: "spec.models is set", effect: "behaviour" },
  "/spec/llm/**": { extension: true, read: { code: "dropped-field", when: "spec.models is set (spec.llm is then ignored by mas)" }, effect: "behaviour" },
  "/spec/budget": { container: true, kept: "an empty object", effect: "behaviour" },
  "/spec/budget/max_llm_calls": { ir: "/limits/maxModelCalls", effect: "behaviour" },
  "/spec/budget/max_tool_calls": { ir: "/limits/maxToolCalls", effect: "behaviour" },
  "/spec/control/**": ext,
  "/spec/observability/**": extMeta,
  "/spec/context_sources/**": ext,
  "/<^x->": { extension: true, note: "a valid x-agentport is the stash, restored into the IR rather than kept; other members ext", effect: "metadata" },
};

let emit: EmitDecls | undefined;

export const masCoverage: FormatCoverage = {
  format: MAS,
  label: LABEL,
  relativeTo: "the mas document root",
  notes: ["its fragments' `$ref`s are followed by file path."],
  schema: { roots: [{ document: masAgentSchema, pointer: "" }], documents: masFragmentSchemas },
  parse,
  // Built on first use, from the emitter's field handlers (read at load, the emitter's imports would come round to the registry).
  get emit(): EmitDecls {
    return (emit ??= emitTable(HANDLERS));
  },
  // A top-level x-agentport member carries what mas cannot hold, other formats' extensions included.
  stash: true,
  // A kind: MAS manifest's own members. Its agents are the bundle's agents; how they are listed (which
  // file holds each) and the app's name, version and canvas are not what an agent does. The intent
  // summary describes the system to others ("used in emulation and agent cards", mas-lab
  // docs/manifests/mas.md): no agent's prompt holds it, so it is catalogue text. The workflow (entry,
  // type, delegation) is behaviour, as is anything unlisted.
  documentEffects: {
    "/metadata": "metadata",
    "/intent": "metadata",
    "/spec/intent": "metadata",
    "/<^x->": "metadata",
    "/spec/agency/agents": "metadata",
    "/spec/agents": "metadata",
  },
  // The runtime ignores x- members anywhere (mas-lab 832ab9d: spec.x-text-input), though the schema has them only at the top and in metadata.
  undeclaredEffects: { "/spec/<^x->": "metadata" },
};
