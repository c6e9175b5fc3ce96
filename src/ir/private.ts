// Private data an adapter declares (Adapter.privateData: AgentMug brain/memory,
// Agent Spec credentials): only a conversion into that same format carries it,
// as itself. It never rides in a stash, in either direction, and no message ever
// quotes it. The registry is read lazily: ir/ names no format.
import { adapterFor } from "../adapters/registry.js";

export interface PrivateData {
  /** Matches the extension pointers (relative to the agent) that are private. */
  paths: RegExp;
  /** What the data is, for messages: "private AgentMug data". */
  what: string;
  /** The only place it goes: "an AgentMug owner's export". */
  only: string;
}

export function privateDataOf(format: string): PrivateData | undefined {
  return adapterFor(format)?.privateData;
}

/** Whether the value at `rel` is private data; a null (an unset credential, as Agent Spec's `api_key: null`) holds none. */
export function isPrivateExtension(format: string, rel: string, value?: unknown): boolean {
  return value !== null && privateDataOf(format)?.paths.test(rel) === true;
}
