// Build-time schema generation for Caplo (run by scripts/gen-schemas.mjs, which finds this
// file in every adapter folder). A document is validated against the $defs branch its
// `kind` chooses (docs/decisions.md), so the root, agent and bundle validators are compiled.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function generate({ root, write, writeValidators, Ajv2020, addFormats, OPTIONS, json, lazySchema }) {
  const schema = JSON.parse(readFileSync(join(root, "schemas/caplo/manifest.schema.json"), "utf8"));
  write("src/adapters/caplo/schema.generated.ts", lazySchema("caploSchema", schema));
  const ajv = new Ajv2020(OPTIONS);
  addFormats(ajv);
  ajv.addSchema(schema);
  writeValidators("src/adapters/caplo/validators.generated.ts", ajv, {
    caploRootValidator: schema.$id,
    caploAgentValidator: `${schema.$id}#/$defs/agentDocument`,
    caploBundleValidator: `${schema.$id}#/$defs/bundleDocument`,
  });
}
