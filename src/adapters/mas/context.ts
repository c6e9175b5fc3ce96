// spec.context ⇄ IR instruction chunks, following the runtime's resolution rules
// (manifest_context.py): {ref} always loads the file; "./" and "../" strings must
// be files; other single-line path-like strings are files only if they exist;
// texts are stripped and empty chunks vanish from the prompt. The exact source
// spelling rides in chunk.raw so a mas → mas trip writes it back unchanged.
import { NO_FILE_ACCESS } from "../../ir/payloads.js";
import type { IrAgent, IrChunk } from "../../ir/model.js";
import type { JsonObject, JsonValue } from "../../ir/json.js";
import { isObject, setKey } from "../../ir/json.js";
import { mapSource, renderInstructions } from "../../ir/agent.js";
import { dotted, join } from "../../ir/pointer.js";
import { fieldHandler, type HandlerReporter } from "../../ir/field-handlers.js";
import { keep, keysInOrder, note, type MasParseCtx } from "./parse-context.js";
import { fileStem } from "./file-stem.js";

const PATH_SUFFIX = /\.(md|ya?ml|txt)$/;
const MAX_PATH_LIKE = 512;

/** Rule 4 of the runtime: a single-line string that may name a file. */
export function isPathLike(text: string): boolean {
  return !text.includes("\n") && text.length <= MAX_PATH_LIKE && (text.includes("/") || PATH_SUFFIX.test(text));
}

export function parseContext(ctx: MasParseCtx, value: JsonValue): void {
  if (!isObject(value)) {
    keep(ctx, "/spec/context", value);
    return;
  }
  const chunks: IrChunk[] = [];
  // The runtime shows the chunks in the file's order, "2" before "1" if the file says so.
  for (const key of keysInOrder(ctx, "/spec/context", value)) {
    const raw = value[key] as JsonValue;
    const ptr = join("/spec/context", key);
    let chunk: IrChunk | undefined;
    if (typeof raw === "string") chunk = stringChunk(ctx, key, raw, ptr);
    else if (isObject(raw) && typeof raw["ref"] === "string" && Object.keys(raw).length === 1) chunk = refChunk(ctx, key, raw["ref"], ptr);
    if (!chunk) {
      // Not a schema form (e.g. a list of fragments, lenient mode): carried for mas only.
      keep(ctx, ptr, raw);
      continue;
    }
    mapSource(ctx.agent, `/instructions/chunks/${chunks.length}`, ptr);
    chunks.push(chunk);
  }
  if (chunks.length === 0) {
    keep(ctx, "/spec/context", value);
    return;
  }
  ctx.agent.instructions = { chunks };
  mapSource(ctx.agent, "/instructions", "/spec/context");
}

function refChunk(ctx: MasParseCtx, key: string, path: string, ptr: string): IrChunk {
  if (!ctx.readFile) {
    // The prompt needs the file's text: without it, no conversion could say what the model sees.
    note(ctx, "ref-not-found", ptr, { subject: dotted(ptr), problem: `refers to the file ${path}, which cannot be read without file access` }, NO_FILE_ACCESS);
    return { key, ref: path };
  }
  const r = ctx.readFile(path);
  if (!r.ok) {
    // Outside the root, the message says what to pass; a missing file fails the runtime too.
    note(ctx, r.code, ptr, { subject: dotted(ptr), problem: r.message }, ...(r.code === "ref-not-found" ? ["the mas runtime fails with ContextRefNotFoundError on this manifest too"] : []));
    return { key, ref: path };
  }
  return { key, ref: path, text: r.text.trim() };
}

function stringChunk(ctx: MasParseCtx, key: string, raw: string, ptr: string): IrChunk {
  const text = raw.trim();
  const rawField = raw === text ? {} : { raw };
  if (text.startsWith("./") || text.startsWith("../")) {
    // An explicit path: the runtime raises when it is missing (the schema's "inline text" wording is not what runs).
    if (!ctx.readFile) {
      note(ctx, "ref-not-found", ptr, { subject: dotted(ptr), problem: `names the file ${text}, which cannot be read without file access` }, NO_FILE_ACCESS);
      return { key, ref: text, raw };
    }
    const r = ctx.readFile(text);
    if (!r.ok) {
      note(ctx, r.code, ptr, { subject: dotted(ptr), problem: r.message }, ...(r.code === "ref-not-found" ? ["a context value starting with ./ or ../ must name an existing file"] : []));
      return { key, ref: text, raw };
    }
    return { key, ref: text, raw, text: r.text.trim() };
  }
  if (text !== "" && isPathLike(text)) {
    if (!ctx.readFile) {
      note(ctx, "ref-kept", ptr, { value: dotted(ptr), aside: JSON.stringify(text), became: "may name a file; without file access it is carried as inline text" });
      return { key, ref: text, raw, text };
    }
    const r = ctx.readFile(text);
    if (r.ok) return { key, ref: text, raw, text: r.text.trim() };
    if (r.code === "ref-outside-root") {
      // Only maybe a file (no ./, no {ref}): the runtime takes it as text when no such file exists,
      // and agentport never looks outside the folder, so it is text here, not an error. Nothing is read.
      note(ctx, "ref-kept", ptr, { value: dotted(ptr), aside: JSON.stringify(text), became: "would name a file outside the manifest's folder, which is not read; it is carried as inline text" }, "if it is a prompt file, pass --allow-outside-refs to read it");
      return { key, ref: text, raw, text };
    }
    note(ctx, "ref-kept", ptr, { value: dotted(ptr), aside: JSON.stringify(text), became: "names no existing file; it is inline text, as the mas runtime treats it" });
    return { key, text, ...rawField };
  }
  return { key, text, ...rawField };
}

const KEY = "[A-Za-z_][A-Za-z0-9_.-]*";
const FIRST = new RegExp(`^\\[${KEY}\\] `);
const SPLIT = new RegExp(`\\n\\n(?=\\[${KEY}\\] )`);
const PART = new RegExp(`^\\[(${KEY})\\] ([\\s\\S]*)$`);

/** Text that is exactly agentport's own "[key] text\n\n[key2] …" rendering, split back into chunks. */
export function splitRendered(text: string): IrChunk[] | undefined {
  if (!FIRST.test(text)) return undefined;
  const chunks: IrChunk[] = [];
  const seen = new Set<string>();
  for (const part of text.split(SPLIT)) {
    const m = PART.exec(part);
    if (!m || m[1] === undefined || m[2] === undefined) return undefined;
    if (seen.has(m[1]) || m[2] === "" || m[2] !== m[2].trim()) return undefined;
    seen.add(m[1]);
    chunks.push({ key: m[1], text: m[2] });
  }
  return renderInstructions({ chunks }) === text ? chunks : undefined;
}

export interface EmittedContext {
  context?: JsonObject;
  /** The chunk keys in prompt order (a JavaScript object puts integer-like keys first). */
  order?: string[];
  files: { path: string; text: string }[];
}

function fileName(key: string): string {
  return key.replace(/[^A-Za-z0-9_.-]+/g, "_").replace(/^\.+/, "_") || "chunk";
}

/** IR chunks → spec.context (and prompt files with extractPrompts). */
function emitContext(agent: IrAgent, r: HandlerReporter, extractPrompts?: string): EmittedContext {
  const files: { path: string; text: string }[] = [];
  let chunks = agent.instructions?.chunks ?? [];
  if (chunks.length === 0) return { files };
  const only = chunks[0];
  if (chunks.length === 1 && only && only.key === undefined) {
    const text = only.text ?? "";
    if (text.trim() === "") {
      r.at(agent, "transformed-value", "/instructions", { became: "is empty; spec.context is omitted" }, { targetPointer: "/spec/context" });
      return { files };
    }
    const split = splitRendered(text);
    if (split && split.length > 1) {
      r.at(agent, "transformed-value", "/instructions", { became: `is agentport's rendering of named chunks; split back into spec.context ${split.map((c) => c.key).join(", ")}` }, { targetPointer: "/spec/context" });
      chunks = split;
    } else if (split) {
      chunks = split;
    } else {
      r.at(agent, "transformed-value", "/instructions", { became: "becomes the single chunk spec.context.role; the mas runtime shows it to the model as \"[role] …\" (stripped)" }, { targetPointer: "/spec/context/role" });
      chunks = [{ key: "role", text }];
    }
  } else if (only && only.key === undefined && only.ref === undefined && only.text !== undefined) {
    // The first part is agentport's "[key] text" rendering, followed by named chunks (Caplo's platform
    // texts read back as chunks): split it back too, unless a part's key is a later chunk's.
    const split = splitRendered(only.text);
    const later = new Set(chunks.slice(1).map((c) => c.key));
    if (split && !split.some((c) => later.has(c.key))) {
      if (split.length > 1) r.at(agent, "transformed-value", "/instructions/chunks/0", { became: `is agentport's rendering of named chunks; split back into spec.context ${split.map((c) => c.key).join(", ")}` }, { targetPointer: "/spec/context" });
      chunks = [...split, ...chunks.slice(1)];
    }
  }
  const context: JsonObject = {};
  const used = new Set(chunks.map((c) => c.key).filter((k): k is string => k !== undefined));
  const folder = extractPrompts?.replace(/\/+$/, "");
  const order: string[] = [];
  chunks.forEach((c, i) => {
    let key = c.key;
    if (key === undefined || Object.prototype.hasOwnProperty.call(context, key)) {
      const base = key ?? "role";
      let candidate = base;
      for (let n = 2; Object.prototype.hasOwnProperty.call(context, candidate) || (candidate !== c.key && used.has(candidate)); n++) candidate = `${base}_${n}`;
      key = candidate;
      used.add(key);
      r.at(agent, "transformed-value", `/instructions/chunks/${i}`, { became: `becomes the chunk spec.context.${key}` }, { targetPointer: join("/spec/context", key) });
    }
    setKey(context, key, chunkValue(agent, r, c, i, key, folder, files));
    order.push(key);
  });
  return { context, order, files };
}

function chunkValue(agent: IrAgent, r: HandlerReporter, c: IrChunk, i: number, key: string, folder: string | undefined, files: { path: string; text: string }[]): JsonValue {
  const rawStillTrue = c.raw !== undefined && (c.raw.trim() === c.text || (c.ref !== undefined && c.raw.trim() === c.ref));
  const isFileChunk = c.ref !== undefined && !(c.text !== undefined && c.text === c.ref);
  if (folder !== undefined && !isFileChunk && c.text !== undefined) {
    const path = folder === "" ? `${fileName(key)}.md` : `${folder}/${fileName(key)}.md`;
    files.push({ path, text: rawStillTrue && c.raw !== undefined ? c.raw : `${c.text}\n` });
    r.at(agent, "transformed-value", `/instructions/chunks/${i}`, { became: `is written to the prompt file ${path} and referenced from spec.context.${key}` }, { targetPointer: join("/spec/context", key), targetFile: path });
    return { ref: path };
  }
  if (rawStillTrue && c.raw !== undefined) return c.raw;
  if (c.ref !== undefined && c.text !== c.ref) return { ref: c.ref };
  // Text the mas runtime would take for a file path (an explicit ./ or ../, which fails when no such
  // file exists): written to a prompt file beside the agent and referenced, so the model sees the text.
  const text = c.text ?? "";
  if (!isFileChunk && /^\.\.?\//.test(text.trim())) {
    // In the agent's own folder: the agents of a bundle are written side by side, and their chunks are often named alike.
    const path = `prompts/${fileName(fileStem(agent))}/${fileName(key)}.md`;
    files.push({ path, text: `${text}\n` });
    r.at(agent, "transformed-value", `/instructions/chunks/${i}`, { became: `is written to the prompt file ${path} and referenced from spec.context.${key}: as inline text, the mas runtime would read it as a file path (it starts with ${text.trim().startsWith("../") ? "../" : "./"})` }, { targetPointer: join("/spec/context", key), targetFile: path });
    return { ref: path };
  }
  return text;
}

/** The instructions as spec.context chunks (prompt files with extractPrompts); platform texts of other formats as chunks after them. */
export const contextHandler = fieldHandler("context", {
  "/instructions/chunks/0/text": [
    { transformed: "stashed-value", when: "one prompt becomes spec.context.role (the stash notes it had no key)" },
    { transformed: "transformed-value", when: "agentport's own \"[key] text\" rendering: split back into its parts" },
    { stashed: "stashed-value", when: "empty: spec.context is left out" },
  ],
  "/instructions/chunks/[]/key": ["exact", { stashed: "stashed-value", when: "missing or repeated" }, { transformed: "transformed-value", when: "guidance, chat_style or voice_style from another format (Caplo's platform texts): a chunk after the instructions, shown as \"[key] …\"" }],
  "/instructions/chunks/[]/text": ["exact", { transformed: "transformed-value", when: "a platform text from another format (Caplo's guidance, chatStyle, voiceStyle): a chunk of that name" }],
  "/instructions/chunks/[]/raw": "exact",
  "/instructions/chunks/[]/ref": "exact",
}, (r: HandlerReporter, agent: IrAgent, extractPrompts: string | undefined, fromMas: boolean): EmittedContext => {
  const emitted = emitContext(agent, r, extractPrompts);
  if (!fromMas) reportPlatformChunks(agent, r);
  return emitted;
});

/** Platform texts (the IR's guidance, chat_style and voice_style parts: Caplo's policy texts) become context chunks after the instructions. */
function reportPlatformChunks(agent: IrAgent, r: HandlerReporter): void {
  (agent.instructions?.chunks ?? []).forEach((c, i) => {
    if (i === 0 || !["guidance", "chat_style", "voice_style"].includes(c.key ?? "")) return;
    const at = { targetPointer: join("/spec/context", c.key as string) };
    if ((c.text ?? "").trim() === "") r.at(agent, "transformed-value", `/instructions/chunks/${i}`, { became: `is empty (it turns the platform's block off); written as the empty chunk spec.context.${c.key}, which the mas runtime leaves out` }, at);
    else r.at(agent, "transformed-value", `/instructions/chunks/${i}`, { became: `becomes the chunk spec.context.${c.key}, after the instructions: the model sees it as "[${c.key}] …"` }, at);
  });
}
