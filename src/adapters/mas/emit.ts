// IR → mas/v1 kind: Agent YAML. Canonical fields are written first, then the
// mas-only values kept at parse time are put back at their pointers. What mas
// cannot hold (other formats' values, lenient leftovers the schema rejects)
// rides in the top-level x-agentport stash (src/ir/stash.ts) unless the stash
// is turned off. Every change is reported in mas terms.
//
// The canonical fields are written by field handlers (src/ir/field-handlers.ts), each declaring
// beside its code how it treats the IR fields it writes: here (metadata, routing description,
// skills, limits, links, what mas cannot hold), context.ts, models.ts and tools.ts. coverage.ts
// builds the emit table from HANDLERS. The mas values kept at parse time are the format's own
// (their parse rules declare them); putting them back raises no field's code.
import type { LostValue } from "../../ir/payloads.js";
import type { IrAgent, IrDocument, IrLink, IrSpawn } from "../../ir/model.js";
import { inAgentGraph } from "../../ir/agent.js";
import { cloneJson, isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { diagnostic, type Diagnostic } from "../../ir/diagnostics.js";
import { Reporter } from "../../ir/reporter.js";
import { fieldHandler, unsupportedHandler as unsupportedFieldsHandler, run, type DeclaringHandler, type EmitScope, type HandlerReporter } from "../../ir/field-handlers.js";
import { dotted, escapeToken, isAncestorOrSelf, join, parsePointer } from "../../ir/pointer.js";
import { slugKey } from "../../ir/slug.js";
import { isHome, placementMap } from "../../ir/home.js";
import { STASH_KEY } from "../../ir/stash.js";
import type { EmitDraft } from "../../ir/emit-phases.js";
import type { EffectiveDefault, EmitContext, EmitOptions, EmittedDocument, ReadFile } from "../types.js";
import { fileStem } from "./file-stem.js";
import { MAS } from "./parse-context.js";
import { API_VERSION, LABEL } from "./spec.js";
import { contextHandler } from "./context.js";
import { modelsHandler } from "./models.js";
import { isSubAgentTool, toolsHandler } from "./tools.js";
import { skillFile, skillFolder } from "./skills.js";
import { reportPlaceholders } from "../../ir/prompt-checks.js";
import { validateMas } from "./validate.js";
import { LLM_ORDER, METADATA_ORDER, MODEL_ROW_ORDER, REASONING_ORDER, SPEC_ORDER, TOOL_ORDER, TOP_ORDER } from "./shapes.js";
import { toYaml } from "./yaml.js";
import { agentFileNames, emitSystem, incomingRouting, keptEntryFolder, linkIndex, linkRoutingText, writtenDescription, type LinkIndex } from "./system-emit.js";
import { readIndexer, relocateRefs } from "./relocate.js";
import { WrittenFiles, type WrittenLookup } from "./written-files.js";
import { writeSpawnTools } from "./emit-spawn.js";

const VERSION = /^[0-9]+\.[0-9]+\.[0-9]+.*$/;
/** Containers the extension replay must create as arrays when the canonical part left them out. */
const ARRAY_PATHS = new Set(["/spec/models", "/spec/tools"]);
const MAX_DEPTH_AT = /^\/spec\/tools\/(0|[1-9][0-9]*)\/params\/max_depth$/;

type Defaults = Readonly<Record<string, EffectiveDefault>> | undefined;

/** One agent file as written before its stash, with what its text and its reading back need. */
interface AgentFile {
  r: Reporter;
  /** The agent as written (its references relocated). */
  agent: IrAgent;
  out: Omit<EmittedDocument, "text">;
  /** The key order of objects the document cannot hold in its own ("2" before "1" in spec.context). */
  order: Readonly<Record<string, string[]>>;
  /** The prompt files written beside it, which its reading back reads. */
  prompts: readonly { path: string; text: string }[];
}

/**
 * Phase 1 (src/ir/emit-phases.ts): one kind: Agent manifest per agent, each with its own Reporter;
 * the hub stashes what a manifest cannot hold into its top-level x-agentport (slot.ts), then
 * assemble writes the texts and, for a bundle, the kind: MAS manifest that holds the workflow and
 * the agents written inline (their stashes included).
 */
export function emitMas(doc: IrDocument, options: EmitOptions, context: EmitContext = {}): EmitDraft {
  const before: Diagnostic[] = [];
  const names = doc.agents.map(fileStem);
  const links = linkIndex(doc);
  const files = agentFileNames(doc, names, links);
  const onlyFile = doc.agents.length === 1 ? files[0] : undefined;
  const system = links.system;
  if (!system) {
    for (const rel of Object.keys(doc.extensions[MAS] ?? {})) {
      const source = doc.file === undefined ? { pointer: rel } : { file: doc.file, pointer: rel };
      before.push(diagnostic("dropped-field", { value: dotted(rel), target: "a mas kind: Agent manifest", why: "as it belongs in a kind: MAS manifest, which is written only for a bundle of agents" }, { source, target: { format: MAS } }));
    }
    // Said, not left to be noticed: --bundle --to mas asks for an app (fresh9 finding 4). Each agent still runs as it did.
    // Agents a sub-agent tool's templates join (spawn links, or the tool itself, kept as read mas → mas) are no app
    // either, and reach each other through those templates: nothing is unreachable to say.
    const joined = doc.agents.some((a) => (a.subAgents ?? []).some((l) => links.target(l.local) !== -1) || (a.tools ?? []).some(isSubAgentTool));
    if (doc.bundle && doc.agents.length > 1 && !joined) before.push(unjoinedBundle(doc));
  }
  // The MAS file is named after the workflow's entry; the agents' diagnostics name it.
  const masFile = system ? emitSystem(doc, names, files, names.map(() => ({})), links, true).output.name : undefined;
  // Every file the agents before this one write (their own and the app files they copy): a file of another
  // text at one of these paths goes elsewhere, or is said (relocate.ts, emitSkills), never lost.
  const written = new WrittenFiles();
  const readIndex = readIndexer();
  const agentFiles: AgentFile[] = doc.agents.map((agent, i) => {
    const r = new Reporter(MAS, files[i] as string);
    // Written beside the MAS manifest and under -o, an agent's relative references are rewritten to still name their files.
    // A merged bundle's agent was read through its own input (agentInputs); any other, through the document's.
    const input = context.agentInputs?.[i] ?? { ...(doc.file !== undefined ? { file: doc.file } : {}), ...(context.readFiles ? { readFiles: context.readFiles } : {}) };
    const moved = relocateRefs(agent, input, options, r, keptEntryFolder(doc, i, links), written, readIndex);
    const scope: EmitScope = { r, check: context.checkDeclarations === true };
    const e = emitAgent(moved.agent, i, doc, links, files, options, scope, masFile, context.effectiveDefaults?.[i], written);
    const out: Omit<EmittedDocument, "text"> = { ...e.out, agents: [i] };
    // A file several agents write alike (one tool manifest, one SKILL.md) is written once, with the first of them.
    // Only the same text is shared: two texts at one path are the writer's to part (else the shell refuses the pair).
    const mine = [...(out.files ?? []), ...moved.files].filter((f) => written.add(f));
    if (mine.length > 0) out.files = mine;
    else delete out.files;
    return { r, agent: moved.agent, out, order: e.order, prompts: e.prompts };
  });
  return {
    agents: agentFiles.map((f, i) => ({ agent: f.agent, r: f.r, holder: f.out.document, reading: i, at: 0 })),
    // Each manifest read back with the prompt files it writes and the key order of its text, as if the skill
    // files were not there: a way back that cannot read them (a library call without readFile) still gets the recipes.
    readings: () => agentFiles.map((f) => ({ data: f.out.document, options: { readFile: writtenFiles(f.prompts), keyOrder: (p: string) => f.order[p] } })),
    ...(onlyFile === undefined ? {} : { file: onlyFile }),
    assemble(documentReport) {
      // Other formats' document-level values first: they have no place in a mas manifest but its stash.
      const diagnostics: Diagnostic[] = [...documentReport, ...before];
      const outputs: EmittedDocument[] = agentFiles.map((f) => {
        // A link the stash keeps is kept in this agent's file, though the MAS file's workflow (or the delegate's spec.description) expresses it too.
        for (const d of f.r.diagnostics) {
          const t = d.target;
          if (d.code === "stashed-value" && t !== undefined && t.file !== f.out.name && t.pointer === `/${STASH_KEY}`) d.target = { ...t, file: f.out.name };
        }
        diagnostics.push(...f.r.diagnostics);
        return { ...f.out, text: toYaml(f.out.document, f.order) };
      });
      if (!system) return { outputs, diagnostics };
      const sys = emitSystem(doc, names, files, outputs.map((o) => o.document), links);
      const kept = outputs.filter((_, i) => !sys.inline.has(i));
      // Agents written inline in the MAS manifest are held by it, their stashes included.
      return { outputs: [...kept, { ...sys.output, agents: [...sys.inline].sort((a, b) => a - b) }], diagnostics: [...diagnostics, ...sys.diagnostics] };
    },
  };
}

/**
 * The note that a bundle no local link joins is written as its agents' files and no kind: MAS
 * manifest (docs/adapters/mas.md), at the bundle's document, or at its first agent when the
 * bundle was merged from several inputs.
 */
function unjoinedBundle(doc: IrDocument): Diagnostic {
  const first = doc.agents[0] as IrAgent;
  const file = doc.file ?? first.origin.file;
  const pointer = doc.file === undefined ? first.origin.pointer : "";
  const count = doc.agents.length;
  return diagnostic("transformed-value", {
    value: `the bundle of ${count} agents`,
    became: `is written as ${count} kind: Agent files and no kind: MAS manifest: no local link joins its agents, and a MAS app has one entry, which receives every request, so the others would be unreachable from it; each file still runs on its own`,
  }, { source: file === undefined ? { pointer } : { file, pointer }, target: { format: MAS }, hint: "link one agent to the others (a sub-agent link) to have them written as one app" });
}

/** Reads the files this conversion writes beside a manifest (its prompt files), by their relative path. */
function writtenFiles(files: readonly { path: string; text: string }[]): ReadFile {
  return (path) => {
    const f = files.find((x) => x.path === path.replace(/^\.\//, ""));
    return f ? { ok: true, text: f.text } : { ok: false, code: "ref-not-found", message: `${path} is not written by this conversion` };
  };
}

// With the stash on (the default) what mas cannot hold rides in x-agentport and comes back:
// those losses and changes are declared as stashed-value; with --no-stash each is the
// dropped-field / dropped-link / clamped-value / transformed-value the handler raises.
const stashed = { stashed: "stashed-value" } as const;
const clamped = (range: string) => ({ stashed: "stashed-value", when: `not an integer ${range} (clamped; the stash keeps the original)` }) as const;

/** Link diagnostics: a local link becomes a delegates_to of the MAS workflow, where there is one; its settings stay behind. */
const linksHandler = fieldHandler("links", {
  "/subAgents/[]/useWhen": [
    { transformed: "stashed-value", when: "the first link to its delegate in a bundle written as a MAS app: it becomes the delegate's spec.description, the text the delegator's delegate_to_<id> tool shows" },
    { stashed: "stashed-value", when: "another link to the same delegate (its spec.description holds the first link's text)" },
  ],
  "/subAgents/[]/doNotUseWhen": [
    { transformed: "stashed-value", when: "on that first link: appended to the delegate's spec.description as a \"Not for: …\" sentence" },
    { stashed: "stashed-value", when: "any other link" },
  ],
  // A link marked as a sub-agent tool's template is that template again (emit-spawn.ts): its useWhen the template's description.
  "/subAgents/[]/spawn/**": ["exact", { transformed: "transformed-value", when: "its template named the child's file by another path: written as ./<child>.yaml, the file this conversion writes" }],
  "/subAgents/**": stashed,
}, (r: HandlerReporter, agent: IrAgent, index: number, doc: IrDocument, links: LinkIndex, files: readonly string[], masFile: string | undefined): void => {
  if (agent.subAgents !== undefined && agent.subAgents.length === 0) r.at(agent, "dropped-field", "/subAgents", { aside: "an empty list", target: LABEL }, { effect: "representation" });
  (agent.subAgents ?? []).forEach((link, i) => {
    const to = link.local ?? link.external ?? "?";
    const j = links.target(link.local);
    if (links.spawned(index, i)) return void reportSpawned(r, agent, link, i, fileStem(doc.agents[j] as IrAgent), files[j] as string);
    if (masFile === undefined || j === -1) {
      r.at(agent, "dropped-link", `/subAgents/${i}`, { to, target: "a mas kind: Agent manifest", why: "as delegation lives in a kind: MAS workflow" });
      return;
    }
    const child = doc.agents[j] as IrAgent;
    const at = { targetFile: masFile, targetPointer: "/spec/workflow/nodes" };
    if (!isHome(agent, MAS)) r.at(agent, "transformed-value", `/subAgents/${i}/local`, { aside: `→ ${to}`, became: `is written as a delegates_to entry of the workflow in ${masFile}, the kind: MAS manifest` }, at);
    const description = writtenDescription(doc, j, fileStem(child), links);
    const childFile = { targetFile: files[j] as string, targetPointer: "/spec/description" };
    const incoming = incomingRouting(doc, j, links);
    const mine = incoming !== undefined && incoming.parent === index && incoming.link === i && (child.routingDescription ?? "") === "";
    let notForCarried = false;
    if (link.useWhen !== undefined && mine) {
      // The delegator's delegate_to_<child> tool shows the child's spec.description: the same text, held by the child.
      const notFor = link.doNotUseWhen !== undefined && description !== link.useWhen;
      notForCarried = notFor;
      r.at(agent, "transformed-value", `/subAgents/${i}/useWhen`, { became: `becomes the spec.description of "${fileStem(child)}", the text mas gives the delegator's delegate_to_${fileStem(child)} tool${notFor ? ", with doNotUseWhen appended as a \"Not for: …\" sentence" : ""}` }, childFile);
      if (notFor) r.at(agent, "transformed-value", `/subAgents/${i}/doNotUseWhen`, { became: `is appended to the spec.description of "${fileStem(child)}" as "Not for: …"` }, childFile);
    } else if (link.useWhen !== undefined && linkRoutingText(link.useWhen, link.doNotUseWhen) !== description && link.useWhen !== description) {
      const whose = incoming !== undefined && (child.routingDescription ?? "") === "" ? `, which holds the useWhen of the first link to it (${doc.agents[incoming.parent]?.key ?? doc.agents[incoming.parent]?.id ?? "another agent"})` : ", which says something else";
      r.at(agent, "dropped-link", `/subAgents/${i}/useWhen`, { target: "a mas workflow", why: `where a delegator reads the spec.description of "${fileStem(child)}"${whose}` });
    }
    for (const k of ["doNotUseWhen", "mode", "release"] as const) {
      if (k === "doNotUseWhen" && (notForCarried || (link.useWhen !== undefined && linkRoutingText(link.useWhen, link.doNotUseWhen) === description))) continue;
      if (link[k] !== undefined) r.at(agent, "dropped-link", `/subAgents/${i}/${k}`, { target: "a mas workflow", why: "whose delegates_to lists only the targets" });
    }
  });
});

/** A link written as a template of the sub-agent tool it was read from: what the template cannot hold. */
function reportSpawned(r: HandlerReporter, agent: IrAgent, link: IrLink, i: number, child: string, childFile: string): void {
  const mark = link.spawn as IrSpawn;
  if (!isHome(agent, MAS)) r.at(agent, "transformed-value", `/subAgents/${i}`, { aside: `→ ${child}`, became: `is written as a template of the ${mark.tool} tool it was read from, which spawns a one-shot copy of "${child}"` }, { targetPointer: "/spec/tools" });
  const ref = mark.template["ref"];
  if (typeof ref === "string" && ref !== `./${childFile}`) r.at(agent, "transformed-value", `/subAgents/${i}/spawn`, { value: `the ref of a ${mark.tool} template`, shown: ref, became: `is written as "./${childFile}", the file this conversion writes for "${child}"` }, { targetPointer: "/spec/tools" });
  for (const k of ["doNotUseWhen", "mode", "release"] as const) {
    if (link[k] !== undefined) r.at(agent, "dropped-link", `/subAgents/${i}/${k}`, { target: `a ${mark.tool} template`, why: "which names the agent's file and says when to use it, nothing else" });
  }
}

/** One agent's kind: Agent manifest, every field written and every loss reported, before its stash. */
function emitAgent(agent: IrAgent, index: number, doc: IrDocument, links: LinkIndex, agentFiles: readonly string[], options: EmitOptions, scope: EmitScope, masFile: string | undefined, defaults: Defaults, others: WrittenLookup = new WrittenFiles()): Pick<AgentFile, "order" | "prompts"> & { out: Omit<EmittedDocument, "text"> } {
  const { r } = scope;
  const fromMas = isHome(agent, MAS);
  const metadata = run(metadataHandler, scope, agent);
  const name = metadata["name"] as string;

  const spec: JsonObject = {};
  // Several agents each get their own prompt folder: their chunks are often named alike (role).
  const prompts = options.extractPrompts === undefined || doc.agents.length < 2 ? options.extractPrompts : `${options.extractPrompts.replace(/\/+$/, "")}/${fileStem(agent)}`.replace(/^\//, "");
  const ctx = run(contextHandler, scope, agent, prompts, fromMas);
  if (ctx.context) spec["context"] = ctx.context;
  spec["description"] = run(routingHandler, scope, agent, name, doc, links, index);
  const models = run(modelsHandler, scope, agent, fromMas, defaults);
  if (models.models) spec["models"] = models.models;
  if (models.llm) spec["llm"] = models.llm;
  // Links that were a sub-agent tool's templates are that tool again, at its place (emit-spawn.ts).
  const placed = new Map<number, JsonValue>();
  const spawn = writeSpawnTools(agent, index, doc, links, run(toolsHandler, scope, agent, fromMas, placed), (j) => agentFiles[j] as string);
  if (spawn.items) spec["tools"] = spawn.items;
  const skillFiles = run(skillsHandler, scope, agent, spec, others);

  const out: JsonObject = { apiVersion: API_VERSION, kind: "Agent", metadata, spec };
  const replayed = replayExtensions(agent, r, out, toolMoves(placed, spawn.items));
  run(limitsHandler, scope, agent, spec, fromMas, defaults, spawn.written, inAgentGraph(doc, index));
  r.dropForeignExtensions(agent, LABEL);
  run(unsupportedHandler, scope, agent);
  run(placeholdersHandler, scope, agent);
  run(linksHandler, scope, agent, index, doc, links, agentFiles, masFile);
  normaliseShapes(spec);
  dropIgnoredExtensions(agent, r, out);
  repairInvalid(agent, r, out, replayed);
  out["metadata"] = orderKeys(metadata, METADATA_ORDER);
  out["spec"] = orderKeys(spec, SPEC_ORDER);
  const document = orderKeys(out, [...TOP_ORDER]);
  const files = [...ctx.files, ...skillFiles];
  // The context's keys are written in prompt order, which the document object cannot hold for "2", "1".
  const order: Record<string, string[]> = ctx.order && spec["context"] === ctx.context ? { "/spec/context": ctx.order } : {};
  const emitted: Omit<EmittedDocument, "text"> = { name: agentFiles[index] as string, format: MAS, document };
  if (files.length > 0) emitted.files = files;
  return { out: emitted, order, prompts: ctx.files };
}

/** metadata: the name mas identifies the agent by (from the id or key), description, version and tags. */
const metadataHandler = fieldHandler("metadata", {
  "/key": [{ transformed: "stashed-value", when: "no id: the key becomes metadata.name (the stash records the rename)" }, { stashed: "stashed-value", when: "next to an id" }],
  "/id": ["exact", { stashed: "stashed-value", when: "it contains / or \\ (written with -)" }],
  "/name": stashed,
  "/description": "exact",
  "/version": ["exact", { stashed: "stashed-value", when: "not x.y.z (1.2 and v1 are written as x.y.z, anything else is left out)" }],
  "/tags/**": "exact",
}, (r: HandlerReporter, agent: IrAgent): JsonObject => {
  const name = metadataName(agent, r);
  const metadata: JsonObject = { name };
  if (agent.description !== undefined) metadata["description"] = agent.description;
  const version = masVersion(agent, r);
  if (version !== undefined) metadata["version"] = version;
  else if (agent.version !== undefined) r.at(agent, "dropped-field", "/version", { shown: agent.version, target: LABEL, why: "whose versions are x.y.z" });
  if (agent.tags !== undefined) metadata["tags"] = [...agent.tags];
  if (agent.name !== undefined && agent.name !== name) {
    r.at(agent, "dropped-field", "/name", { shown: agent.name, aside: "a display name", target: LABEL, why: "which has only the id metadata.name" });
  }
  return metadata;
});

function metadataName(agent: IrAgent, r: HandlerReporter): string {
  let n = agent.id ?? agent.key ?? (agent.name !== undefined ? slugKey(agent.name) : undefined);
  if (n === undefined || n === "") {
    n = "agent";
    r.defaulted(agent, "/metadata/name", { field: "metadata.name", filled: "the agent has no id, so it is", set: n });
  } else if (agent.id === undefined && agent.key === undefined) {
    r.defaulted(agent, "/metadata/name", { field: "metadata.name", filled: "derived from the agent's name as", set: n });
  } else if (agent.id === undefined && !/[/\\]/.test(n)) {
    r.at(agent, "transformed-value", "/key", { shown: n, became: "becomes metadata.name (mas has no bundle keys)" }, { targetPointer: "/metadata/name" });
  }
  if (/[/\\]/.test(n)) {
    const fixed = n.replace(/[/\\]+/g, "-");
    r.at(agent, "transformed-value", agent.id !== undefined ? "/id" : "/key", { shown: n, became: `contains / or \\, which a mas metadata.name must not; written as "${fixed}"` }, { targetPointer: "/metadata/name" });
    n = fixed;
  }
  return n;
}

function masVersion(agent: IrAgent, r: HandlerReporter): string | undefined {
  const v = agent.version;
  if (v === undefined || VERSION.test(v)) return v;
  const m = /^v?([0-9]+)(?:\.([0-9]+))?(?:\.([0-9]+))?([-+].*)?$/.exec(v);
  if (!m) return undefined;
  const fixed = `${m[1]}.${m[2] ?? "0"}.${m[3] ?? "0"}${m[4] ?? ""}`;
  r.at(agent, "transformed-value", "/version", { shown: v, became: `is written as "${fixed}" (mas versions are x.y.z)` }, { targetPointer: "/metadata/version" });
  return fixed;
}

/** spec.description, the routing text delegators read: required, so filled when the agent has none. */
const routingHandler = fieldHandler("routing description", { "/routingDescription": "exact" }, (r: HandlerReporter, agent: IrAgent, name: string, doc: IrDocument, links: LinkIndex, index: number): string => routingDescription(agent, r, name, doc, links, index));

function routingDescription(agent: IrAgent, r: HandlerReporter, name: string, doc: IrDocument, links: LinkIndex, index: number): string {
  // spec.description needs one character, and a blank one (" ", "\n") is one: it is carried, not replaced.
  if (agent.routingDescription !== undefined && agent.routingDescription !== "") return agent.routingDescription;
  // In a MAS app, the first delegator's useWhen (its parent's link reports the move); read back, it is this agent's routing text.
  const incoming = incomingRouting(doc, index, links);
  if (incoming) {
    const parent = doc.agents[incoming.parent];
    r.defaulted(agent, "/spec/description", { field: "spec.description (the routing text delegators read)", filled: `filled with the useWhen of the link from "${parent?.key ?? parent?.id ?? "its parent"}"` });
    return incoming.text;
  }
  const [text, from] = agent.description !== undefined && agent.description !== "" ? [agent.description, "description"] : agent.name !== undefined ? [agent.name, "name"] : [name, "id"];
  r.defaulted(agent, "/spec/description", { field: "spec.description (the routing text delegators read)", filled: `filled with the agent's ${from}` });
  return text;
}

/**
 * spec.skills names skills; the runtime reads each one's SKILL.md and appends it to the prompt. A
 * skill read from such a file keeps it (only the name is written). A skill that is a recipe (AgentMug)
 * is written as skills/<name>/SKILL.md beside the agent file, where the runtime finds it.
 */
const skillsHandler = fieldHandler("skills", {
  "/skills/[]/name": "exact",
  "/skills/[]/ref": "exact",
  "/skills/[]/document": "exact",
  "/skills/[]/trigger": ["exact", { transformed: "stashed-value", when: "no SKILL.md of its own (an AgentMug skill): the front-matter description of the skills/<name>/SKILL.md written beside the agent file" }],
  "/skills/[]/recipe": ["exact", { transformed: "stashed-value", when: "no SKILL.md of its own: the body of the skills/<name>/SKILL.md written beside the agent file" }, { dropped: "dropped-field", when: "another agent of the output writes a SKILL.md of another text at skills/<name>/SKILL.md, where the runtime finds the skill by its name (a warning: this agent gets that text)" }],
  "/skills/[]/**": stashed,
}, (r: HandlerReporter, agent: IrAgent, spec: JsonObject, others: WrittenLookup): { path: string; text: string }[] => emitSkills(agent, r, spec, others));

/** `others`: the files the agents before this one write; a SKILL.md of another text there is said, not written over. */
function emitSkills(agent: IrAgent, r: HandlerReporter, spec: JsonObject, others: WrittenLookup): { path: string; text: string }[] {
  const skills = agent.skills;
  const files: { path: string; text: string }[] = [];
  if (skills === undefined) return files;
  spec["skills"] = skills.map((s) => s.name);
  skills.forEach((s, i) => {
    const extra = Object.keys(s.extra ?? {});
    if (s.ref === undefined && s.recipe !== undefined) {
      const path = `skills/${skillFolder(s.name)}/SKILL.md`;
      const text = skillFile(s);
      if (others.otherText(path, text)) {
        // The runtime finds a skill by its name from the folder the agent files share: no other path holds this one.
        r.at(agent, "dropped-field", `/skills/${i}/recipe`, { shown: s.name, aside: "its SKILL.md", carried: `is not written: ${path}, where the mas runtime finds the skill by its name from the folder the agent files share, holds another agent's SKILL.md, of another text, which this agent gets instead`, rest: "this agent's text", target: LABEL }, { effect: "behaviour", hint: `rename one of the two skills "${s.name}", or convert the agents into separate folders` });
      } else {
        files.push({ path, text });
        r.at(agent, "transformed-value", `/skills/${i}`, { shown: s.name, became: `is written as ${path} beside the agent file (front matter name and description${s.trigger === undefined ? "" : " from its trigger"}, the recipe as its body), which the mas runtime appends to the prompt; spec.skills names it` }, { targetPointer: `/spec/skills/${i}`, targetFile: path });
      }
    } else if (s.ref === undefined && s.trigger !== undefined) {
      r.at(agent, "dropped-field", `/skills/${i}/trigger`, { aside: `of the skill "${s.name}"`, target: LABEL, why: "where a SKILL.md needs a recipe, and the skill has none" });
    }
    // Reported member by member: the SKILL.md holds the name, the trigger and the recipe only.
    for (const k of extra) r.at(agent, "dropped-field", `/skills/${i}/extra/${escapeToken(k)}`, { shown: s.name, parts: [k], target: `${LABEL} or its SKILL.md` });
  });
  return files;
}

/** spec.budget from the call limits, and a maxDepth put back into the sub-agent tool it was read from. */
const limitsHandler = fieldHandler("limits", {
  "/limits/maxModelCalls": [{ transformed: "transformed-value", when: "from another format: spec.budget counts per run of this agent" }, clamped("≥ 0")],
  "/limits/maxToolCalls": [{ transformed: "transformed-value", when: "from another format: spec.budget counts per run of this agent" }, clamped("≥ 0")],
  "/limits/maxDepth": [{ stashed: "stashed-value", when: "not read from a create_subagent/spawn_subagent tool that is written again (that tool carries it as params.max_depth)" }, clamped("≥ 0")],
  "/limits/**": stashed,
}, (r: HandlerReporter, agent: IrAgent, spec: JsonObject, fromMas: boolean, defaults: Defaults, spawnTools: ReadonlySet<number>, graph: boolean): void => {
  const depthPlaced = placeMaxDepth(agent, r, spec, spawnTools);
  emitLimits(agent, r, spec, fromMas, depthPlaced, defaults, graph);
});

/** Canonical IR fields a mas kind: Agent has no place for. */
const UNSUPPORTED = {
  "/greeting": stashed,
  "/knowledge/**": stashed,
  "/routing/**": stashed,
  "/triggers/**": stashed,
  "/inputs": stashed,
  "/outputs": stashed,
  "/parameters/**": stashed,
  "/evals/**": stashed,
  "/provenance/**": stashed,
} as const;

const unsupportedHandler = unsupportedFieldsHandler(UNSUPPORTED, LABEL);

/** A {{params.x}} placeholder no mas runtime fills (mas has no parameters). */
const placeholdersHandler = fieldHandler("placeholders", { "/placeholders/**": stashed }, (r: HandlerReporter, agent: IrAgent): void => reportPlaceholders(agent, r, LABEL));

/** Every field handler of the emitter (coverage.ts builds the emit table from them). */
export const HANDLERS: readonly DeclaringHandler[] = [metadataHandler, contextHandler, routingHandler, modelsHandler, toolsHandler, skillsHandler, limitsHandler, unsupportedHandler, placeholdersHandler, linksHandler];

/** `graph`: the agent is one of a graph of agents (inAgentGraph), whose limit another format may count over the whole graph. */
function emitLimits(agent: IrAgent, r: HandlerReporter, spec: JsonObject, fromMas: boolean, depthPlaced: boolean, defaults: Defaults, graph: boolean): void {
  const l = agent.limits ?? {};
  const budget: JsonObject = isObject(spec["budget"]) ? spec["budget"] : {};
  const put = (irKey: "maxModelCalls" | "maxToolCalls", masKey: string) => {
    const v = l[irKey];
    if (v === undefined) {
      // The source's own default limit (Caplo: 16 model calls, 8 reads), where mas would set none; the hub reports it.
      const d = defaults?.[`/limits/${irKey}`]?.value;
      if (typeof d === "number") budget[masKey] = Math.max(0, Math.round(d));
      return;
    }
    const n = Math.max(0, Math.round(v));
    if (n !== v) r.at(agent, "clamped-value", `/limits/${irKey}`, { was: v, reason: `is not an integer ≥ 0 (${masKey})`, now: n });
    // Alone, the agent is its whole graph and a run answers a turn: the same ceiling. In a graph, every
    // agent gets its own, which together allow more calls than the graph's one did (a behaviour change).
    else if (!fromMas) r.at(agent, "transformed-value", `/limits/${irKey}`, { became: `becomes spec.budget.${masKey}: a ceiling per run of this agent, not per turn of the whole agent graph` }, { targetPointer: `/spec/budget/${masKey}`, ...(graph ? { effect: "behaviour" as const } : {}) });
    budget[masKey] = n;
  };
  put("maxModelCalls", "max_llm_calls");
  put("maxToolCalls", "max_tool_calls");
  for (const k of ["maxSearches", "maxParallelToolCalls", "maxDepth", "knowledgePassages", "historyTokens"] as const) {
    if (k === "maxDepth" && depthPlaced) continue;
    if (l[k] !== undefined) r.at(agent, "dropped-field", `/limits/${k}`, { target: LABEL });
  }
  if (Object.keys(budget).length > 0) spec["budget"] = orderKeys(budget, ["max_llm_calls", "max_tool_calls"]);
}

/**
 * A maxDepth read from a spawn_subagent/create_subagent tool's params.max_depth
 * goes back there, when that tool is written again (kept as a tool, or written
 * from its links' spawn marks: `spawnTools`, their places). True when it was placed.
 */
function placeMaxDepth(agent: IrAgent, r: HandlerReporter, spec: JsonObject, spawnTools: ReadonlySet<number>): boolean {
  const depth = agent.limits?.maxDepth;
  const m = MAX_DEPTH_AT.exec(placementMap(agent, MAS)?.["/limits/maxDepth"] ?? "");
  const tools = spec["tools"];
  if (depth === undefined || !m || !Array.isArray(tools)) return false;
  const at = Number(m[1]);
  const item = tools[at];
  const ir = (agent.tools ?? []).findIndex((t, i) => placementMap(agent, MAS)?.[`/tools/${i}`] === `/spec/tools/${at}`);
  const tool = agent.tools?.[ir];
  if (!isObject(item) || !((tool && isSubAgentTool(tool)) || spawnTools.has(at))) return false;
  const n = Math.max(0, Math.round(depth));
  if (n !== depth) r.at(agent, "clamped-value", "/limits/maxDepth", { was: depth, reason: "is not an integer ≥ 0 (max_depth)", now: n });
  const params: JsonObject = isObject(item["params"]) ? item["params"] : {};
  params["max_depth"] = n;
  item["params"] = params;
  return true;
}

/** Puts each kept mas value back at its pointer; one mas cannot hold there (lenient input) is reported. */
/**
 * Source index → index written now, for the spec.tools items written elsewhere than their source index
 * (a tool the user inserted before them in another format): found by the item written (an object is
 * itself; a name, only when no other item is that name). Undefined when every item is at its index.
 */
function toolMoves(placed: ReadonlyMap<number, JsonValue>, items: readonly JsonValue[] | undefined): Map<number, number> | undefined {
  if (items === undefined) return undefined;
  // Each item's index, worked out once (an indexOf per tool is quadratic in an agent of thousands of tools);
  // a name several items are (-1) says no item.
  const at = new Map<JsonValue, number>();
  items.forEach((item, i) => at.set(item, at.has(item) ? -1 : i));
  let moves: Map<number, number> | undefined;
  for (const [was, item] of placed) {
    const now = at.get(item) ?? -1;
    if (now === -1 || now === was) continue;
    (moves ??= new Map()).set(was, now);
  }
  return moves;
}

/** `toolMoves`: a kept member of a spec.tools item is written into that item where it is now. */
function replayExtensions(agent: IrAgent, r: Reporter, out: JsonObject, toolMoves?: ReadonlyMap<number, number>): Set<string> {
  const bag = agent.extensions[MAS] ?? {};
  const replayed = new Set<string>();
  for (const rel of Object.keys(bag)) {
    const tokens = parsePointer(rel);
    if (toolMoves !== undefined && tokens[0] === "spec" && tokens[1] === "tools" && tokens.length > 3) {
      const now = toolMoves.get(Number(tokens[2]));
      if (now !== undefined && /^(?:0|[1-9][0-9]*)$/.test(tokens[2] as string)) tokens[2] = String(now);
    }
    const value = cloneJson(bag[rel] as JsonValue);
    const [top, second] = tokens;
    if (top === undefined) continue;
    const misplaced = (top === "spec" && second !== undefined && !SPEC_ORDER.includes(second))
      || (top === "metadata" && second !== undefined && !second.startsWith("x-") && !METADATA_ORDER.includes(second))
      || (!(TOP_ORDER as readonly string[]).includes(top) && !top.startsWith("x-"));
    if (misplaced) {
      r.atExtension(agent, "dropped-field", MAS, rel, (second ?? top).startsWith("x-") ? ignored(rel) : { aside: "not allowed there", target: LABEL });
      continue;
    }
    if (!setAt(out, tokens, value, "")) {
      r.atExtension(agent, "dropped-field", MAS, rel, { target: LABEL, why: "as its parent value changed" });
      continue;
    }
    if (top === "spec" && second !== undefined) replayed.add(second);
  }
  return replayed;
}

function setAt(root: JsonObject, tokens: string[], value: JsonValue, base: string): boolean {
  let cur: JsonObject | JsonValue[] = root;
  let path = base;
  for (let i = 0; i < tokens.length - 1; i++) {
    const t = tokens[i] as string;
    path = join(path, t);
    let next: JsonValue | undefined = Array.isArray(cur) ? (/^\d+$/.test(t) ? cur[Number(t)] : undefined) : Object.prototype.hasOwnProperty.call(cur, t) ? cur[t] : undefined;
    if (next === undefined) {
      next = ARRAY_PATHS.has(path) ? [] : {};
      if (!put(cur, t, next)) return false;
    }
    if (typeof next !== "object" || next === null) return false;
    cur = next;
  }
  const last = tokens[tokens.length - 1];
  return last !== undefined && put(cur, last, value);
}

function put(container: JsonObject | JsonValue[], token: string, value: JsonValue): boolean {
  if (Array.isArray(container)) {
    if (!/^\d+$/.test(token)) return false;
    container[Number(token)] = value;
    return true;
  }
  setKey(container, token, value);
  return true;
}

/** Rows and tool items in schema key order; holes left by edited IR arrays closed. */
function normaliseShapes(spec: JsonObject): void {
  const rows = spec["models"];
  if (Array.isArray(rows)) {
    spec["models"] = rows.filter((x) => x !== undefined).map((row) => {
      if (!isObject(row)) return row;
      const o = orderKeys(row, MODEL_ROW_ORDER);
      if (isObject(o["reasoning"])) o["reasoning"] = orderKeys(o["reasoning"], REASONING_ORDER);
      return o;
    });
  }
  const tools = spec["tools"];
  if (Array.isArray(tools)) spec["tools"] = tools.filter((x) => x !== undefined).map((t) => (isObject(t) ? orderKeys(t, TOOL_ORDER) : t));
  const llm = spec["llm"];
  if (isObject(llm)) spec["llm"] = orderKeys(llm, LLM_ORDER);
}

function ignored(pointer: string): LostValue {
  return { value: dotted(pointer), aside: "an x- extension, which the mas runtime ignores", target: `a ${LABEL} Agent manifest`, why: "which may hold x- keys only at the top level and in metadata" };
}

/**
 * x- keys deeper in spec (mas-lab writes them; the runtime ignores them) are not written where the
 * schema forbids them: each is taken out of the kept value that held it and reported there (the
 * stash then carries that value back whole).
 */
function dropIgnoredExtensions(agent: IrAgent, r: Reporter, out: JsonObject): void {
  const rels = Object.keys(agent.extensions[MAS] ?? {});
  for (let round = 0; round < 4; round++) {
    let moved = false;
    for (const issue of validateMas(out)) {
      const tokens = parsePointer(issue.pointer);
      const last = tokens.pop();
      if (issue.keyword !== "additionalProperties" || last === undefined || !last.startsWith("x-")) continue;
      let parent: JsonValue | undefined = out;
      for (const t of tokens) parent = Array.isArray(parent) ? parent[Number(t)] : isObject(parent) ? parent[t] : undefined;
      if (!isObject(parent) || !Object.prototype.hasOwnProperty.call(parent, last)) continue;
      delete parent[last];
      moved = true;
      const rel = rels.filter((k) => isAncestorOrSelf(k, issue.pointer)).sort((a, b) => b.length - a.length)[0];
      if (rel !== undefined) r.atExtension(agent, "dropped-field", MAS, rel, ignored(issue.pointer));
    }
    if (!moved) return;
  }
}

/** Lenient inputs may carry kept values the schema rejects: each offending spec member is taken out (and reported). */
function repairInvalid(agent: IrAgent, r: Reporter, out: JsonObject, replayed: Set<string>): void {
  const spec = out["spec"] as JsonObject;
  for (let round = 0; round < 4; round++) {
    let moved = false;
    for (const issue of validateMas(out)) {
      const [top, member] = parsePointer(issue.pointer);
      if (top !== "spec" || member === undefined || member === "description" || !replayed.has(member)) continue;
      if (!Object.prototype.hasOwnProperty.call(spec, member)) continue;
      delete spec[member];
      r.atExtension(agent, "dropped-field", MAS, `/spec/${member}`, { value: `spec.${member}`, aside: `it does not conform to the schema: ${issue.message}`, target: LABEL });
      moved = true;
    }
    if (!moved) return;
  }
}
