// What the edit round-trip tests share: a diagnostics listing for failure messages, the stash-stale
// warnings of a result, and a JSON output edited as a user would.
import type { ConvertResult, Diagnostic } from "../../src/index.js";
import type { JsonObject } from "../../src/ir/json.js";

export const listing = (r: ConvertResult): string => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n");
export const stale = (r: ConvertResult): Diagnostic[] => r.diagnostics.filter((d) => d.code === "stash-stale");

/** The JSON `text` with `edit` applied, written back as agentport writes JSON. */
export function edited(text: string, edit: (doc: JsonObject) => void): string {
  const doc = JSON.parse(text) as JsonObject;
  edit(doc);
  return JSON.stringify(doc, null, 2) + "\n";
}
