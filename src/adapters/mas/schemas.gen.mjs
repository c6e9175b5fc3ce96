// Build-time schema generation for mas/v1 (run by scripts/gen-schemas.mjs, which finds this
// file in every adapter folder). mas/v1 needs normalising: its draft-07 meta-schema URL uses
// https (ajv only knows http), and its relative "./fragments/x.schema.yaml" refs must resolve
// by file path, not by the colliding "$id: mas/v1" the upstream files declare.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const BASE = "https://agentport.invalid/schemas/";

function normalise(node, fileUrl) {
  if (Array.isArray(node)) return node.map((n) => normalise(n, fileUrl));
  if (node === null || typeof node !== "object") return node;
  const out = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "$ref" && typeof v === "string" && !v.startsWith("#")) out[k] = new URL(v, fileUrl).href;
    else if (k === "$schema" && typeof v === "string") out[k] = "http://json-schema.org/draft-07/schema#";
    else if (k === "$id") continue;
    else out[k] = normalise(v, fileUrl);
  }
  return out;
}

export function generate({ root, write, writeValidators, Draft7, addFormats, OPTIONS, json, parse }) {
  const load = (rel) => {
    const fileUrl = BASE + "mas/" + rel;
    const doc = normalise(parse(readFileSync(join(root, "schemas/mas", rel), "utf8")), fileUrl);
    return { $id: fileUrl, ...doc };
  };
  const fragments = readdirSync(join(root, "schemas/mas/fragments")).filter((f) => f.endsWith(".yaml")).sort()
    .map((f) => load("fragments/" + f));
  const agent = load("agent.schema.yaml");
  const tool = load("tool.schema.yaml");
  // kind: MAS, the multi-agent system manifest that lists agent files and the delegation graph.
  const system = load("mas.schema.yaml");
  write("src/adapters/mas/schema.generated.ts",
    `export const masAgentSchema: Record<string, unknown> = ${json(agent)};\n` +
    `export const masToolSchema: Record<string, unknown> = ${json(tool)};\n` +
    `export const masSystemSchema: Record<string, unknown> = ${json(system)};\n` +
    `export const masFragmentSchemas: Record<string, unknown>[] = ${json(fragments)};\n`);
  const ajv = new Draft7(OPTIONS);
  addFormats(ajv);
  ajv.addKeyword({ keyword: "x-merge", schemaType: ["string", "object", "array", "boolean", "number"] });
  for (const f of fragments) ajv.addSchema(f);
  ajv.addSchema(agent);
  ajv.addSchema(tool);
  ajv.addSchema(system);
  writeValidators("src/adapters/mas/validators.generated.ts", ajv, { masAgentValidator: agent.$id, masToolValidator: tool.$id, masSystemValidator: system.$id });
}
