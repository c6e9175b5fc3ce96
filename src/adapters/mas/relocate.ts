// An agent written to another folder than the one it was read from keeps naming
// the same files: its relative references (tool manifests, prompt files) are
// rewritten from where they were read to where the agent is written. Two moves
// add up: an agent file of a MAS manifest (agents/a.yaml) is written beside the
// new MAS manifest, and the outputs go under -o (EmitOptions.relocateFrom).
// Library prefixes (samples:…), bundle:// and absolute paths are left alone.
import type { IrAgent, IrChunk, IrDocument, IrTool } from "../../ir/model.js";
import type { Reporter } from "../../ir/report.js";
import type { EmitOptions } from "../types.js";

/** "a/b/../c" → "a/c"; leading ".." kept; "" for the folder itself. */
export function normalise(path: string): string {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === ".." && out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else out.push(part);
  }
  return out.join("/");
}

function dirOf(path: string): string {
  const p = path.replace(/\\/g, "/");
  const i = p.lastIndexOf("/");
  return i === -1 ? "" : p.slice(0, i);
}

/** A reference relative to the file that makes it (not absolute, no scheme or library prefix). */
function isRelative(ref: string): boolean {
  return ref !== "" && !ref.startsWith("/") && !ref.startsWith("\\") && !/^[A-Za-z][A-Za-z0-9+._-]*:/.test(ref);
}

/**
 * The agent as written: a copy whose relative references name the same files from where it is
 * written, each rewrite reported (ref-rewritten); the agent itself when nothing moves.
 */
export function relocateRefs(agent: IrAgent, doc: IrDocument, options: EmitOptions, r: Reporter): IrAgent {
  const chunks = agent.instructions?.chunks ?? [];
  const tools = agent.tools ?? [];
  const fileChunk = (c: IrChunk) => c.ref !== undefined && isRelative(c.ref) && !(c.text !== undefined && c.text === c.ref);
  const refTool = (t: IrTool) => t.kind === "manifest-ref" && isRelative(t.ref);
  if (!chunks.some(fileChunk) && !tools.some(refTool)) return agent;
  // Where the agent was read, from the input's folder: an agent file a MAS manifest names sits in its own folder.
  const read = agent.origin.file === undefined || agent.origin.file === doc.file ? "" : dirOf(agent.origin.file);
  // Where the input's folder is, seen from where the outputs go (unset: they are written there).
  const input = options.relocateFrom?.(doc.file) ?? "";
  const prefix = normalise(`${input}/${read}`);
  if (prefix === "") return agent;
  const moved = (ref: string) => normalise(`${prefix}/${ref}`);
  const copy: IrAgent = { ...agent };
  if (chunks.some(fileChunk)) {
    copy.instructions = {
      ...agent.instructions,
      chunks: chunks.map((c, i) => {
        if (!fileChunk(c)) return c;
        const to = moved(c.ref as string);
        // A string chunk stays an explicit path ("./…", "../…"): the runtime then reads it as a file.
        const written = c.raw !== undefined && !to.startsWith("../") ? `./${to}` : to;
        if (written === c.ref) return c;
        r.at(agent, "ref-rewritten", `/instructions/chunks/${i}`, `{name} refers to ${c.ref} from the folder it was read in; this agent is written elsewhere, so it refers to ${written}, the same file`);
        return { ...c, ref: written, ...(c.raw !== undefined ? { raw: written } : {}) };
      }),
    };
  }
  if (tools.some(refTool)) {
    copy.tools = tools.map((t, i) => {
      if (t.kind !== "manifest-ref" || !refTool(t)) return t;
      const to = moved(t.ref);
      if (to === t.ref) return t;
      r.at(agent, "ref-rewritten", `/tools/${i}/ref`, `{name} ${t.ref} is a path from the folder the agent was read in; this agent is written elsewhere, so it is ${to}, the same tool manifest`);
      return { ...t, ref: to };
    });
  }
  return copy;
}
