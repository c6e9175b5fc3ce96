// An agent written to another folder than the one it was read from keeps naming
// the same files: its relative references (tool manifests, prompt files) are
// rewritten from where they were read to where the agent is written. Two moves
// add up: an agent file of a MAS manifest (agents/a.yaml) is written beside the
// new MAS manifest, and the outputs go under -o (EmitOptions.relocateFrom).
// Library prefixes (samples:…), bundle:// and absolute paths are left alone.
//
// When the outputs go to another folder than the input's (-o elsewhere), a file of
// the app the parse read (a tool manifest, a prompt file, a skill's SKILL.md) is
// copied beside the output, at the path the reference names from the app's folder:
// the agent file then says what a conversion written into the app says (the library
// result), and its references hold wherever the folder is moved. Only a file that
// lies outside the app, or was not read, is named by a path back to it.
//
// An agent that came back through another format's stash (AgentMug, Open Agent Spec)
// brings its references as the mas file made them: from the folder that file was read
// in (its agent file's, in an app: the kept agency list names it), which the input
// does not record. They are taken as made from the input's folder, as every output
// not written elsewhere counts as written there. Under -o elsewhere the output stands
// on its own (session 14): the file the reference named is written beside it, at its
// path from the app's folder inside the output's folder, from what the stash kept (a
// tool manifest's text, the IR tool's `document`; a prompt chunk's text), and the
// reference names it; a tool manifest the stash did not keep is written from what the
// IR holds (name, description, parameters), said to lack the rest (ref-kept, a
// warning). Only a prompt reference without its text is still a path back, said to be
// a guess (ref-kept). A reference keeps the user's spelling when it names the same
// path ("./tools/x" stays so). See docs/decisions.md.
import type { IrAgent, IrChunk, IrSkill, IrTool } from "../../ir/model.js";
import type { Reporter } from "../../ir/reporter.js";
import type { AgentInput, EmitOptions, SourceFile } from "../types.js";
import { skillFolder } from "./skills.js";
import { dirOf, joinPath } from "../../ir/file-paths.js";
import { MAS } from "./parse-context.js";
import { cloneJson, isObject, type JsonObject, type JsonValue } from "../../ir/json.js";
import { toYaml } from "./yaml.js";
import { either, WrittenFiles, type WrittenLookup } from "./written-files.js";

/** A reference relative to the file that makes it (not absolute, no scheme or library prefix). */
function isRelative(ref: string): boolean {
  return ref !== "" && !ref.startsWith("/") && !ref.startsWith("\\") && !/^[A-Za-z][A-Za-z0-9+._-]*:/.test(ref);
}

/** The agent as written, and the copies of the app's files written beside it. */
export interface Relocated {
  agent: IrAgent;
  files: SourceFile[];
}

/**
 * The agent as written: a copy whose relative references name the same files from where it is
 * written, each rewrite or copy reported (ref-rewritten); the agent itself when nothing moves.
 * `source` is the input the agent was read through: its file, and the files its parse read, by path
 * from its folder (a merged bundle's agents each have their own, EmitContext.agentInputs). `keptFolder`: for
 * an agent restored from another format's stash, the folder (from the app's MAS manifest) of the
 * agent file it was read from, which its references are made from (system-emit keptEntryFolder).
 * `others`: the files the other agents of the document write beside theirs, so a restored file of
 * another text is written at a free path instead of being taken for theirs. `readIndex`: the read files by
 * path, made once for all the agents of the document.
 */
export function relocateRefs(agent: IrAgent, source: AgentInput, options: EmitOptions, r: Reporter, keptFolder = "", others: WrittenLookup = new WrittenFiles(), readIndex: ReadIndex = readIndexer()): Relocated {
  const chunks = agent.instructions?.chunks ?? [];
  const tools = agent.tools ?? [];
  const skills = agent.skills ?? [];
  const fileChunk = (c: IrChunk) => c.ref !== undefined && isRelative(c.ref) && !(c.text !== undefined && c.text === c.ref);
  const refTool = (t: IrTool) => t.kind === "manifest-ref" && isRelative(t.ref);
  const fileSkill = (s: IrSkill) => s.ref !== undefined && isRelative(s.ref);
  // This agent's copies, by path (each path once); `taken` also holds the other agents' files.
  const files = new WrittenFiles();
  const taken = either(others, files);
  if (!chunks.some(fileChunk) && !tools.some(refTool) && !skills.some(fileSkill)) return { agent, files: [] };
  // Only a mas parse makes these references: any in an agent read from another format came back through its stash.
  const restored = agent.origin.format !== MAS;
  // Where the agent was read, from the input's folder: an agent file a MAS manifest names sits in its own folder.
  const from = restored ? keptFolder : agent.origin.file === undefined || agent.origin.file === source.file ? "" : dirOf(agent.origin.file);
  // Where the input's folder is, seen from where the outputs go (unset: they are written there).
  const input = options.relocateFrom?.(source.file) ?? "";
  const prefix = joinPath(input, from);
  if (prefix === "") return { agent, files: [] };
  // A restored reference written elsewhere names a file the conversion never saw from a folder it guessed.
  const guessed = restored && input !== "";
  const file = source.file ?? "the input";
  const base = from === "" ? `the folder of ${file}` : `${from}/ beside ${file}, where the app's agency list puts the agent file`;
  const unsure = (to: string, lacks: string) => ({
    became: `is a path from the folder the mas agent was read in, which ${file} does not record; taken as one from ${base}, it is written as ${to} from the output folder, which names the file only if it is there; else the converted agent lacks ${lacks}`,
  });
  const unsureHint = (to: string) => `make ${to} name the file from the output folder (copy the file there, or edit the reference)`;
  // Not written elsewhere, a restored reference is rewritten only from the agent file's folder to the MAS manifest's.
  const sameIf = restored ? `, if the app was read in the folder of ${file}` : "";
  const appFolder = restored ? ` (${from}/, where the app's agency list puts the agent file)` : "";
  /** The file a reference names, from the input's folder; its text when the parse read it and it lies in the app. */
  const readAt = (ref: string): { path: string; text: string; inApp: boolean } | undefined => {
    if (input === "") return undefined;
    const path = joinPath(from, ref);
    const text = path === "" ? undefined : readIndex(source.readFiles ?? []).get(path);
    return text === undefined ? undefined : { path, text, inApp: !path.startsWith("../") };
  };
  /** A file of the app the reference names, to copy: at its path, or (another agent's file of another text there) a free one. */
  const copyOf = (ref: string): { path: string; text: string; read: string } | undefined => {
    const got = readAt(ref);
    if (!got?.inApp) return undefined;
    return { ...uniquePath(got.path, got.text, taken), read: got.path };
  };
  /** Writes a copy (once), saying where it goes when its path was taken by another file. */
  const keep = (f: SourceFile) => {
    if (!files.has(f.path)) files.add({ path: f.path, text: f.text });
  };
  const apart = (c: { path: string; read: string }) => (c.path === c.read ? "" : ` as ${c.path} (${c.read} there is another agent's file, of another text)`);
  /** The file written at `path` by another agent of the document, when its text is not `text`. */
  const otherText = (path: string, text: string) => taken.otherText(path, text);
  const moved = (ref: string) => joinPath(prefix, ref);
  /** A path inside the output's folder for a file the reference names from the app's: its ".." steps dropped. */
  const insideOutput = (ref: string) => joinPath(from, ref).replace(/^(?:\.\.\/)+/, "");
  /** A tool manifest a stash brought back, written at its path from the app's folder (kept inside the output's). */
  const restoredTool = (t: Extract<IrTool, { kind: "manifest-ref" }>, i: number): IrTool => {
    const at = uniquePath(insideOutput(t.ref) || `tools/${t.name}.tool.yaml`, t.document ?? synthesisedManifest(t), taken);
    const to = spelled(t.ref, at.path);
    if (!files.has(at.path)) files.add({ path: at.path, text: at.text });
    if (t.document !== undefined) {
      r.at(agent, "ref-rewritten", `/tools/${i}/ref`, { became: `${t.ref} is a path from the folder the mas agent was read in, which ${file} does not record; the outputs go to another folder, so the tool manifest it named, whose text the stash kept, is written there as ${at.path}, and the reference is ${to}` });
    } else {
      // Only what the IR holds of the file is known: written as a manifest of those, said to lack the rest.
      r.at(agent, "ref-kept", `/tools/${i}/ref`, { shown: t.ref, became: `is a path from the folder the mas agent was read in, which ${file} does not record, and the tool manifest it named was not kept; the outputs go to another folder, so a kind: Tool manifest of the tool's name${t.description !== undefined ? ", description" : ""}${t.inputSchema !== undefined ? " and parameters" : ""} is written there as ${at.path}, and the reference is ${to}; the tool's implementation (spec.impl) and other settings of the original manifest are not in it` }, { effect: "behaviour", hint: `copy the original tool manifest over ${at.path}` });
    }
    return to === t.ref ? t : { ...t, ref: to };
  };
  /**
   * A SKILL.md that cannot be written: another agent's, of another text, is at its path. The runtime finds a
   * skill by its name from the agent file's folder, which the agents of one output share: no other path holds it.
   */
  const skillTaken = (s: IrSkill, i: number, path: string): void => {
    r.at(agent, "dropped-field", `/skills/${i}`, {
      shown: s.name,
      aside: "its SKILL.md",
      carried: `is not written: ${path}, where the mas runtime finds the skill by its name from the folder the agent files share, holds another agent's SKILL.md, of another text, which this agent gets instead`,
      rest: "this agent's text",
      target: "the output folder",
    }, { effect: "behaviour", hint: `rename one of the two skills "${s.name}" (its SKILL.md folder and spec.skills), or convert the agents into separate folders` });
  };
  const copy: IrAgent = { ...agent };
  if (chunks.some(fileChunk)) {
    copy.instructions = {
      ...agent.instructions,
      chunks: chunks.map((c, i) => {
        if (!fileChunk(c)) return c;
        // Restored and written elsewhere with its text: the prompt file is written beside the output, which names it.
        if (guessed && c.text !== undefined) {
          const at = uniquePath(insideOutput(c.ref as string) || `prompts/${c.key ?? i}.md`, `${c.text}\n`, taken);
          if (!files.has(at.path)) files.add(at);
          const explicit = c.raw !== undefined ? `./${at.path}` : at.path;
          // The ref as written when it names that path ("prompts/role.md" stays, not "./prompts/role.md").
          const to = spelled(c.ref as string, at.path) === c.ref ? (c.ref as string) : explicit;
          r.at(agent, "ref-rewritten", `/instructions/chunks/${i}`, { shown: c.ref, became: `is a path from the folder the mas agent was read in, which ${file} does not record; the outputs go to another folder, so the prompt file is written there as ${at.path}, with the text the agent holds, and the reference is ${to}` });
          return to === c.ref ? c : { ...c, ref: to, ...(c.raw !== undefined ? { raw: to } : {}) };
        }
        const copied = copyOf(c.ref as string);
        if (copied) keep(copied);
        const to = copied?.path ?? moved(c.ref as string);
        // A string chunk stays an explicit path ("./…", "../…"): the runtime then reads it as a file. A path
        // that names the file the source's ref names keeps the ref as written ("prompts/role.md", read as a file).
        const written = spelled(c.ref as string, to) === c.ref ? (c.ref as string) : c.raw !== undefined && !to.startsWith("../") ? `./${to}` : to;
        // The rewrite reads as it does where the outputs are written into the app (the library's); the copy is a note of its own.
        // Guessed, it is said also when the path reads the same (two sibling folders): it is the same guess.
        if (guessed) r.at(agent, "ref-kept", `/instructions/chunks/${i}`, { shown: c.ref, ...unsure(written, "that prompt part") }, { effect: "behaviour", hint: unsureHint(written) });
        else if (written !== c.ref) r.at(agent, "ref-rewritten", `/instructions/chunks/${i}`, { became: `refers to ${c.ref} from the folder it was read in${appFolder}; this agent is written elsewhere, so it refers to ${written}, the same file${sameIf}` });
        if (copied) r.at(agent, "ref-rewritten", `/instructions/chunks/${i}`, { clause: `the outputs go to another folder than the app's, so the prompt file ${copied.read} is copied there${apart(copied)}, where ${written} finds it` });
        if (written === c.ref) return c;
        return { ...c, ref: written, ...(c.raw !== undefined ? { raw: written } : {}) };
      }),
    };
  }
  if (tools.some(refTool)) {
    copy.tools = tools.map((t, i) => {
      if (t.kind !== "manifest-ref" || !refTool(t)) return t;
      // Restored and written elsewhere: the file was never read, but the stash kept its text (or the IR
      // what the runtime shows the model of it): it is written beside the output, which then names it.
      if (guessed) return restoredTool(t, i);
      const copied = copyOf(t.ref);
      if (copied) keep(copied);
      const to = spelled(t.ref, copied?.path ?? moved(t.ref));
      if (to !== t.ref) r.at(agent, "ref-rewritten", `/tools/${i}/ref`, { became: `${t.ref} is a path from the folder the agent was read in${appFolder}; this agent is written elsewhere, so it is ${to}, the same tool manifest${sameIf}` });
      if (copied) r.at(agent, "ref-rewritten", `/tools/${i}/ref`, { clause: `the outputs go to another folder than the app's, so the tool manifest ${copied.read} is copied there${apart(copied)}, where ${to} finds it` });
      if (to === t.ref) return t;
      return { ...t, ref: to };
    });
  }
  // The runtime finds a skill by its name under the app's folder (its skills/ folder): a SKILL.md read in the app goes there.
  skills.forEach((s, i) => {
    if (!fileSkill(s)) return;
    // Restored and written elsewhere with its text (the stash keeps the SKILL.md): written where the
    // runtime finds it by name, at its path from the app's folder inside the output's (else the runtime
    // fails with SkillNotFoundError: no SKILL.md beside the agent file).
    if (guessed && s.document !== undefined) {
      const path = insideOutput(s.ref as string) || `skills/${skillFolder(s.name)}/SKILL.md`;
      const text = s.document.endsWith("\n") ? s.document : `${s.document}\n`;
      if (otherText(path, text)) return skillTaken(s, i, path);
      if (taken.has(path)) return;
      files.add({ path, text });
      r.at(agent, "ref-rewritten", `/skills/${i}`, { shown: s.name, became: `was read from ${s.ref as string} in the folder the mas agent was read in, which ${file} does not record; the outputs go to another folder, so the SKILL.md the stash kept is written there as ${path}, where the mas runtime finds it by its name` });
      return;
    }
    const copied = readAt(s.ref as string);
    if (!copied) return;
    // In the app: the same place from the new folder; from beside it: the skills/ folder the runtime also searches.
    const path = copied.inApp ? copied.path : `skills/${skillFolder(s.name)}/SKILL.md`;
    if (otherText(path, copied.text)) return skillTaken(s, i, path);
    if (files.has(path)) return;
    files.add({ path, text: copied.text });
    r.at(agent, "ref-rewritten", `/skills/${i}`, { shown: s.name, became: `was read from ${copied.path}; the outputs go to another folder than the app's, so the SKILL.md is copied there as ${path}, where the mas runtime finds it by its name` });
  });
  return { agent: copy, files: [...files.files] };
}

/** The files a parse read, by path (the first of a path's texts). */
export type ReadIndex = (read: readonly SourceFile[]) => ReadonlyMap<string, string>;

/** A ReadIndex that indexes each list once: one for a document's emit, whose agents share their input's list. */
export function readIndexer(): ReadIndex {
  const made = new Map<readonly SourceFile[], ReadonlyMap<string, string>>();
  return (read) => {
    let index = made.get(read);
    if (index === undefined) {
      const byPath = new Map<string, string>();
      for (const f of read) if (!byPath.has(f.path)) byPath.set(f.path, f.text);
      made.set(read, (index = byPath));
    }
    return index;
  };
}

/** The reference as the user spelled it when it names `path` from the same folder ("./tools/x" for tools/x); else `path`. */
function spelled(ref: string, path: string): string {
  return joinPath("", ref) === path ? ref : path;
}

/** `path`, or (when another text is already written there) the first free `name-2.ext`, `name-3.ext`…; with the text to write. */
function uniquePath(path: string, text: string, files: WrittenLookup): SourceFile {
  const taken = (p: string) => files.otherText(p, text);
  if (!taken(path)) return { path, text };
  const m = /^(.*?)(\.tool\.ya?ml|\.[^./]+)?$/.exec(path) as RegExpExecArray;
  for (let n = 2; ; n++) {
    const p = `${m[1]}-${n}${m[2] ?? ""}`;
    if (!taken(p)) return { path: p, text };
  }
}

/** A kind: Tool manifest of what the IR holds of a referenced tool: its name, description and parameters. */
function synthesisedManifest(t: Extract<IrTool, { kind: "manifest-ref" }>): string {
  const spec: JsonObject = {};
  if (t.description !== undefined) spec["description"] = t.description;
  const params = parametersOf(t.inputSchema);
  if (params.length > 0) spec["parameters"] = params;
  return toYaml({ apiVersion: "mas/v1", kind: "Tool", metadata: { name: t.name }, spec });
}

/** An object JSON schema's properties as mas Tool parameters (the inverse of tools.ts parametersSchema). */
function parametersOf(schema: JsonObject | undefined): JsonObject[] {
  const props = schema?.["properties"];
  if (!isObject(props)) return [];
  const required = Array.isArray(schema?.["required"]) ? (schema["required"] as JsonValue[]) : [];
  const TYPES = ["string", "integer", "number", "boolean", "array", "object"];
  return Object.keys(props).map((name) => {
    const p = isObject(props[name]) ? (props[name] as JsonObject) : {};
    const out: JsonObject = { name, type: typeof p["type"] === "string" && TYPES.includes(p["type"]) ? p["type"] : "string" };
    for (const k of ["description", "default", "enum", "examples"]) if (p[k] !== undefined) out[k] = cloneJson(p[k] as JsonValue);
    if (required.includes(name)) out["required"] = true;
    return out;
  });
}
