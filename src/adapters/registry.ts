// The registry of formats. Adding a format = one folder under src/adapters/ and one line here.
import type { Adapter } from "./types.js";
import { caploAdapter } from "./caplo/index.js";
import { agentmugAdapter } from "./agentmug/index.js";
import { masAdapter } from "./mas/index.js";
import { agentspecAdapter } from "./agentspec/index.js";

export const ADAPTERS: readonly Adapter[] = [caploAdapter, agentmugAdapter, masAdapter, agentspecAdapter];

export function adapterFor(id: string): Adapter | undefined {
  return ADAPTERS.find((a) => a.id === id);
}
