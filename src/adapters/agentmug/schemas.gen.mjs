// Build-time schema generation for AgentMug (run by scripts/gen-schemas.mjs, which finds
// this file in every adapter folder).
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function generate({ root, write, writeValidators, Ajv2020, addFormats, OPTIONS, json, lazySchema }) {
  const schema = JSON.parse(readFileSync(join(root, "schemas/agentmug/agent.v1.json"), "utf8"));
  write("src/adapters/agentmug/schema.generated.ts", lazySchema("agentmugSchema", schema));
  const ajv = new Ajv2020(OPTIONS);
  addFormats(ajv);
  ajv.addSchema(schema);
  writeValidators("src/adapters/agentmug/validators.generated.ts", ajv, { agentmugValidator: schema.$id });
}
