// Private AgentMug data (brain, memory): only an AgentMug owner's export with
// includePrivate carries it, as itself. It never rides in a stash, in either
// direction, and no message ever quotes it.
import { isAncestorOrSelf } from "./pointer.js";

export function isPrivateExtension(format: string, rel: string): boolean {
  return format === "agentmug" && ["/brain", "/memory"].some((p) => isAncestorOrSelf(p, rel));
}
