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
// not written elsewhere counts as written there; under -o elsewhere that guess is
// said to be one (ref-kept, a warning): the file was never read, so nothing shows it
// is there, and the converted agent lacks it if it is not (docs/decisions.md).
import type { IrAgent, IrChunk, IrSkill, IrTool } from "../../ir/model.js";
import type { Reporter } from "../../ir/reporter.js";
import type { AgentInput, EmitOptions, SourceFile } from "../types.js";
import { skillFolder } from "./skills.js";
import { dirOf, joinPath } from "../../ir/file-paths.js";
import { MAS } from "./parse-context.js";

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
 */
export function relocateRefs(agent: IrAgent, source: AgentInput, options: EmitOptions, r: Reporter, keptFolder = ""): Relocated {
  const read = source.readFiles ?? [];
  const chunks = agent.instructions?.chunks ?? [];
  const tools = agent.tools ?? [];
  const skills = agent.skills ?? [];
  const fileChunk = (c: IrChunk) => c.ref !== undefined && isRelative(c.ref) && !(c.text !== undefined && c.text === c.ref);
  const refTool = (t: IrTool) => t.kind === "manifest-ref" && isRelative(t.ref);
  const fileSkill = (s: IrSkill) => s.ref !== undefined && isRelative(s.ref);
  const files: SourceFile[] = [];
  if (!chunks.some(fileChunk) && !tools.some(refTool) && !skills.some(fileSkill)) return { agent, files };
  // Only a mas parse makes these references: any in an agent read from another format came back through its stash.
  const restored = agent.origin.format !== MAS;
  // Where the agent was read, from the input's folder: an agent file a MAS manifest names sits in its own folder.
  const from = restored ? keptFolder : agent.origin.file === undefined || agent.origin.file === source.file ? "" : dirOf(agent.origin.file);
  // Where the input's folder is, seen from where the outputs go (unset: they are written there).
  const input = options.relocateFrom?.(source.file) ?? "";
  const prefix = joinPath(input, from);
  if (prefix === "") return { agent, files };
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
    const got = path === "" ? undefined : read.find((f) => f.path === path);
    return got && { path, text: got.text, inApp: !path.startsWith("../") };
  };
  const copyOf = (ref: string) => {
    const got = readAt(ref);
    return got?.inApp ? { path: got.path, text: got.text } : undefined;
  };
  const moved = (ref: string) => joinPath(prefix, ref);
  const copy: IrAgent = { ...agent };
  if (chunks.some(fileChunk)) {
    copy.instructions = {
      ...agent.instructions,
      chunks: chunks.map((c, i) => {
        if (!fileChunk(c)) return c;
        const copied = copyOf(c.ref as string);
        if (copied) files.push(copied);
        const to = copied?.path ?? moved(c.ref as string);
        // A string chunk stays an explicit path ("./…", "../…"): the runtime then reads it as a file.
        const written = c.raw !== undefined && !to.startsWith("../") ? `./${to}` : to;
        // The rewrite reads as it does where the outputs are written into the app (the library's); the copy is a note of its own.
        // Guessed, it is said also when the path reads the same (two sibling folders): it is the same guess.
        if (guessed) r.at(agent, "ref-kept", `/instructions/chunks/${i}`, { shown: c.ref, ...unsure(written, "that prompt part") }, { effect: "behaviour", hint: unsureHint(written) });
        else if (written !== c.ref) r.at(agent, "ref-rewritten", `/instructions/chunks/${i}`, { became: `refers to ${c.ref} from the folder it was read in${appFolder}; this agent is written elsewhere, so it refers to ${written}, the same file${sameIf}` });
        if (copied) r.at(agent, "ref-rewritten", `/instructions/chunks/${i}`, { clause: `the outputs go to another folder than the app's, so the prompt file ${copied.path} is copied there, where ${written} finds it` });
        if (written === c.ref) return c;
        return { ...c, ref: written, ...(c.raw !== undefined ? { raw: written } : {}) };
      }),
    };
  }
  if (tools.some(refTool)) {
    copy.tools = tools.map((t, i) => {
      if (t.kind !== "manifest-ref" || !refTool(t)) return t;
      const copied = copyOf(t.ref);
      if (copied) files.push(copied);
      const to = copied?.path ?? moved(t.ref);
      if (guessed) r.at(agent, "ref-kept", `/tools/${i}/ref`, { shown: t.ref, ...unsure(to, `the tool "${t.name}"`) }, { effect: "behaviour", hint: unsureHint(to) });
      else if (to !== t.ref) r.at(agent, "ref-rewritten", `/tools/${i}/ref`, { became: `${t.ref} is a path from the folder the agent was read in${appFolder}; this agent is written elsewhere, so it is ${to}, the same tool manifest${sameIf}` });
      if (copied) r.at(agent, "ref-rewritten", `/tools/${i}/ref`, { clause: `the outputs go to another folder than the app's, so the tool manifest ${copied.path} is copied there, where ${to} finds it` });
      if (to === t.ref) return t;
      return { ...t, ref: to };
    });
  }
  // The runtime finds a skill by its name under the app's folder (its skills/ folder): a SKILL.md read in the app goes there.
  skills.forEach((s, i) => {
    if (!fileSkill(s)) return;
    const copied = readAt(s.ref as string);
    if (!copied) return;
    // In the app: the same place from the new folder; from beside it: the skills/ folder the runtime also searches.
    const path = copied.inApp ? copied.path : `skills/${skillFolder(s.name)}/SKILL.md`;
    if (files.some((f) => f.path === path)) return;
    files.push({ path, text: copied.text });
    r.at(agent, "ref-rewritten", `/skills/${i}`, { shown: s.name, became: `was read from ${copied.path}; the outputs go to another folder than the app's, so the SKILL.md is copied there as ${path}, where the mas runtime finds it by its name` });
  });
  return { agent: copy, files };
}
