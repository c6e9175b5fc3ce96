// The registry of formats. Adding a format = one folder under src/adapters/ and one line here.
import type { Adapter } from "./types.js";
import { caploAdapter } from "./caplo/index.js";
import { agentmugAdapter } from "./agentmug/index.js";
import { masAdapter } from "./mas/index.js";
import { agentspecAdapter } from "./agentspec/index.js";

export const ADAPTERS = [caploAdapter, agentmugAdapter, masAdapter, agentspecAdapter] as const satisfies readonly Adapter[];

/** A registered format's id, as its adapter declares it: the union follows the list above. */
export type FormatId = (typeof ADAPTERS)[number]["id"];

/**
 * The rest of a target format's type (`to: FormatId | RuntimeFormat<T>`): a value typed `string` (read
 * at run time: a CLI flag, a config file), which the call checks (usage-error). A literal infers T as
 * itself, which `string extends T` rejects, so it must be a FormatId: a typo is a type error, and
 * editors complete the ids. Spelled as a union at each signature, so the error names `FormatId`.
 */
export type RuntimeFormat<T extends string> = string extends T ? T : never;

export function adapterFor(id: string): Adapter | undefined {
  return ADAPTERS.find((a) => a.id === id);
}

/**
 * The id of the format a user names on the command line: its id, in any case ("AgentMug"), or an
 * alias its adapter declares. Undefined for a name no format has (the caller suggests the closest).
 */
export function formatIdFor(word: string): string | undefined {
  const w = word.toLowerCase();
  return ADAPTERS.find((a) => a.id === word)?.id ?? ADAPTERS.find((a) => a.id.toLowerCase() === w || (a.aliases ?? []).some((x) => x.toLowerCase() === w))?.id;
}
