// Discovers the golden cases: golden/<case>/ holds one `input.*` manifest, maybe
// files it references, and an optional case.json with conversion options.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { detect, formats, parse, type ConvertOptions, type ReadFile } from "../../src/index.js";
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
  const caseJsonPath = join(dir, "case.json");
  const caseJson: CaseJson = existsSync(caseJsonPath) ? (JSON.parse(readFileSync(caseJsonPath, "utf8")) as CaseJson) : {};
  const options = caseJson.options ?? {};
  const readFile = makeReadFile(dir);
  const data = parseText(text, inputFile).data;
  const detectedFormat = detect(text, { file: inputFile }).format;
  const prefix = name.split("-")[0] ?? "";
  const sourceFormat = FORMAT_IDS.includes(prefix) ? prefix : (options.from ?? detectedFormat);
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
