// The name an agent's files are written under (its manifest, its prompt files): metadata.name as metadataName() writes it.
import type { IrAgent } from "../../ir/model.js";
import { slugKey } from "../../ir/slug.js";

export function fileStem(agent: IrAgent): string {
  const n = agent.id ?? agent.key ?? (agent.name !== undefined ? slugKey(agent.name) : undefined);
  return n === undefined || n === "" ? "agent" : n.replace(/[/\\]+/g, "-");
}
