// Discovers the golden cases: golden/<case>/ holds one `input.*` manifest, maybe
// files it references, and an optional case.json with conversion options. A case
// converted from several inputs at once (convertMany: `--bundle`, an app's agent
// files) holds them in golden/<case>/inputs/ instead (loadMultiCases).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { detect, formats, parse, type ConvertInput, type ConvertOptions, type ReadFile } from "../../src/index.js";
import { parseText } from "../../src/text/parse.js";
import type { JsonValue } from "../../src/ir/json.js";
import { makeReadFile } from "../../src/node/refs.js";

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const GOLDEN_ROOT = join(PROJECT_ROOT, "golden");
export const FORMAT_IDS: readonly string[] = formats().map((f) => f.id);

/** The options a case may set; functions (readFile) cannot come from JSON. */
export type CaseOptions = Omit<ConvertOptions, "readFile">;

export interface GoldenCase {
  name: string;
  dir: string;
  /** Input file name, relative to the case folder (also the `file` given to the library). */
  inputFile: string;
  text: string;
  /** Parsed input data (undefined when the input is deliberately malformed). */
  data: JsonValue | undefined;
  /** The case's own format: the folder prefix when it names one, else what detection says. */
  sourceFormat: string | undefined;
  /** What the library's detection says (to check it agrees with the folder prefix). */
  detectedFormat: string | undefined;
  options: CaseOptions;
  /** target format → why the conversion is expected to fail. */
  expectFailure: Record<string, string>;
  /** Agent pointers in the input ("" for a single agent, "/agents/3" for a bundle member). */
  agentRoots: string[];
  /** True when the input holds several agents as one document (a Caplo AgentBundle). */
  bundle: boolean;
  readFile: ReadFile;
}

interface CaseJson {
  options?: CaseOptions;
  expectFailure?: Record<string, string>;
}

function readCaseJson(dir: string): CaseJson {
  const path = join(dir, "case.json");
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as CaseJson) : {};
}

/** The case's own format: the folder prefix when it names one, else the one the options or detection say. */
function formatOf(name: string, options: CaseOptions, detected: string | undefined): string | undefined {
  const prefix = name.split("-")[0] ?? "";
  return FORMAT_IDS.includes(prefix) ? prefix : (options.from ?? detected);
}

export function listCaseNames(): string[] {
  if (!existsSync(GOLDEN_ROOT)) return [];
  return readdirSync(GOLDEN_ROOT)
    .filter((n) => statSync(join(GOLDEN_ROOT, n)).isDirectory())
    .filter((n) => readdirSync(join(GOLDEN_ROOT, n)).some((f) => f.startsWith("input.")))
    .sort();
}

export function loadCase(name: string): GoldenCase {
  const dir = join(GOLDEN_ROOT, name);
  const inputs = readdirSync(dir).filter((f) => f.startsWith("input.") && statSync(join(dir, f)).isFile());
  if (inputs.length !== 1) throw new Error(`golden/${name}: expected exactly one input.* file, found ${inputs.join(", ") || "none"}`);
  const inputFile = inputs[0]!;
  const text = readFileSync(join(dir, inputFile), "utf8");
  const caseJson = readCaseJson(dir);
  const options = caseJson.options ?? {};
  const readFile = makeReadFile(dir);
  const data = parseText(text, inputFile).data;
  const detectedFormat = detect(text, { file: inputFile }).format;
  const sourceFormat = formatOf(name, options, detectedFormat);
  const parsed = parse(text, { file: inputFile, readFile, ...(options.from ? { from: options.from } : {}), ...(options.lenient ? { lenient: true } : {}) });
  const agentRoots = parsed.doc ? parsed.doc.agents.map((a) => a.origin.pointer) : [""];
  return {
    name,
    dir,
    inputFile,
    text,
    data,
    sourceFormat,
    detectedFormat,
    options,
    expectFailure: caseJson.expectFailure ?? {},
    agentRoots,
    bundle: parsed.doc?.bundle ?? false,
    readFile,
  };
}

export function loadCases(): GoldenCase[] {
  return listCaseNames().map(loadCase);
}

/** The options a case's conversion runs with: its case.json options plus file access confined to its folder. */
export function convertOptions(c: GoldenCase, extra: ConvertOptions = {}): ConvertOptions & { file: string } {
  return { ...c.options, ...extra, file: c.inputFile, readFile: c.readFile };
}

/** A case converted from several inputs in one run (convertMany), as `agentport convert a b … --bundle` does. */
export interface MultiInputCase {
  name: string;
  dir: string;
  /** The files directly in golden/<case>/inputs/, by name; `file` is relative to the case folder. */
  inputs: (ConvertInput & { file: string; text: string })[];
  /** The format every input is in (the folder prefix). */
  sourceFormat: string | undefined;
  /** What the library's detection says of each input, in input order. */
  detectedFormats: (string | undefined)[];
  options: CaseOptions;
  expectFailure: Record<string, string>;
}

const INPUTS_DIR = "inputs";

export function listMultiCaseNames(): string[] {
  if (!existsSync(GOLDEN_ROOT)) return [];
  return readdirSync(GOLDEN_ROOT)
    .filter((n) => statSync(join(GOLDEN_ROOT, n)).isDirectory() && existsSync(join(GOLDEN_ROOT, n, INPUTS_DIR)))
    .sort();
}

/**
 * The inputs are the files directly in inputs/, in name order (the order they are given to
 * convertMany); subfolders of inputs/ hold files they refer to. Each input reads its references
 * relative to its own folder, confined to the case folder.
 */
export function loadMultiCase(name: string): MultiInputCase {
  const dir = join(GOLDEN_ROOT, name);
  if (readdirSync(dir).some((f) => f.startsWith("input."))) throw new Error(`golden/${name}: holds both input.* and ${INPUTS_DIR}/; a case has one or the other`);
  const names = readdirSync(join(dir, INPUTS_DIR)).filter((f) => statSync(join(dir, INPUTS_DIR, f)).isFile()).sort();
  if (names.length < 2) throw new Error(`golden/${name}/${INPUTS_DIR}/: a multi-input case needs at least two input files, found ${names.join(", ") || "none"}`);
  const caseJson = readCaseJson(dir);
  const options = caseJson.options ?? {};
  const readFile = makeReadFile(join(dir, INPUTS_DIR), { root: dir });
  const inputs = names.map((n) => ({ file: posix.join(INPUTS_DIR, n), text: readFileSync(join(dir, INPUTS_DIR, n), "utf8"), readFile }));
  const detectedFormats = inputs.map((i) => detect(i.text, { file: i.file }).format);
  return {
    name,
    dir,
    inputs,
    sourceFormat: formatOf(name, options, undefined),
    detectedFormats,
    options,
    expectFailure: caseJson.expectFailure ?? {},
  };
}

export function loadMultiCases(): MultiInputCase[] {
  return listMultiCaseNames().map(loadMultiCase);
}

/** The agent pointers of one input of a multi-input case, as its parse reads them. */
export function inputAgentRoots(input: MultiInputCase["inputs"][number]): string[] {
  const doc = parse(input.text, { file: input.file, ...(input.readFile ? { readFile: input.readFile } : {}) }).doc;
  return doc ? doc.agents.filter((a) => a.origin.file === undefined || a.origin.file === input.file).map((a) => a.origin.pointer) : [""];
}

/** The output a conversion wrote for an input of a multi-input case: the one named as the input file is (inputs are named as the way back names them). */
export function outputNamedAs<T extends { name: string }>(outputs: readonly T[], inputFile: string): T | undefined {
  const base = posix.basename(inputFile);
  return outputs.find((o) => posix.basename(o.name) === base);
}
