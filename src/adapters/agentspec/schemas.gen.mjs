// Build-time schema generation for Open Agent Spec (run by scripts/gen-schemas.mjs,
// which finds this file in every adapter folder). The published 26.2.0 schema is
// kept byte for byte in schemas/agentspec/; a document is validated without its
// top-level agentspec_version against #/$defs/Base<component_type> (MAPPING §6.2:
// the Base<Type> definitions forbid the version member that Versioned<Type> adds).
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function generate({ root, write, writeValidators, Ajv2020, addFormats, OPTIONS, json, lazySchema }) {
  const schema = JSON.parse(readFileSync(join(root, "schemas/agentspec/agentspec_json_spec_26_2_0.json"), "utf8"));
  // The published file has no $id; one is needed to name its definitions.
  const id = "https://agentport.invalid/schemas/agentspec/agentspec_json_spec_26_2_0.json";
  const withId = { $id: id, ...schema };
  write("src/adapters/agentspec/schema.generated.ts", lazySchema("agentspecSchema", withId));
  // The component types (every Base<Type> with a Type beside it), for detection without loading the schema.
  const defs = Object.keys(schema.$defs);
  const types = defs.filter((d) => d.startsWith("Base") && defs.includes(d.slice(4))).map((d) => d.slice(4)).sort();
  write("src/adapters/agentspec/types.generated.ts", `export const COMPONENT_TYPES: readonly string[] = ${json(types)};\n`);
  const ajv = new Ajv2020(OPTIONS);
  addFormats(ajv);
  ajv.addSchema(withId);
  writeValidators("src/adapters/agentspec/validators.generated.ts", ajv, {
    agentspecAgentValidator: `${id}#/$defs/BaseAgent`,
    agentspecManagerWorkersValidator: `${id}#/$defs/BaseManagerWorkers`,
    agentspecSwarmValidator: `${id}#/$defs/BaseSwarm`,
  });
}
