// What the edit round-trip tests read off a conversion: its diagnostics as one listing (for a
// failing expect's message), its outputs by name (the files a way back reads), a Caplo bundle's agents.
import type { ConvertResult } from "../../src/index.js";
import type { JsonObject } from "../../src/ir/json.js";

export { memoryReadFile as reader } from "./memory-read-file.js";

export const listing = (r: ConvertResult): string => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.file ?? ""}${d.source?.pointer ?? ""}: ${d.message}`).join("\n");
export const outputs = (r: ConvertResult): Map<string, string> => new Map(r.outputs.map((o) => [o.name, o.text]));
export const agentsOf = (r: ConvertResult): JsonObject[] => r.outputs[0]!.document["agents"] as JsonObject[];
export const byKey = (r: ConvertResult, key: string): JsonObject => agentsOf(r).find((a) => a["key"] === key) as JsonObject;
