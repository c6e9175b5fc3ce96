// The output a stash-stale warning concerns (verify16 N6). The warning is raised while the file
// is read, before anything is written, so it names no output; the text report then counted it
// "about no single output", beside outputs that said "no behaviour change". It is about the agent
// whose stash the edit stopped: it goes with the output that holds that agent, found by the
// agent's place in the file read (the deepest agent whose origin holds the edited place).
import type { Diagnostic } from "./diagnostics.js";
import type { IrDocument } from "./model.js";

/** The output of each document's agents: `placement[k]` says which document (and agents) output k holds. */
export interface OutputPlace {
  doc: number;
  agents?: number[];
}

/** Each stash-stale warning with no target, given the target of the output holding the agent it is about (where one output does). */
export function staleWithOutputs(diagnostics: Diagnostic[], docs: readonly IrDocument[], outputs: readonly { name: string }[], placement: readonly OutputPlace[], to: string): void {
  diagnostics.forEach((d, n) => {
    if (d.code !== "stash-stale" || d.target !== undefined || d.source === undefined) return;
    const { file, pointer } = d.source;
    // The agents whose place holds the edited place, the deepest first: the agent's origin, or a place of its own
    // the document keeps elsewhere (an Agent Spec component: IrOrigin.places); two agents as deep, none.
    let best: { doc: number; agent: number; depth: number } | undefined;
    let tie = false;
    docs.forEach((doc, k) => doc.agents.forEach((agent, i) => {
      const o = agent.origin;
      if (o.file !== file) return;
      for (const at of [o.pointer, ...Object.keys(o.places ?? {})]) {
        if (pointer !== at && !pointer.startsWith(at + "/")) continue;
        if (best !== undefined && at.length === best.depth && (best.doc !== k || best.agent !== i)) tie = true;
        else if (best === undefined || at.length > best.depth) {
          best = { doc: k, agent: i, depth: at.length };
          tie = false;
        }
      }
    }));
    if (tie) return;
    if (best === undefined) return;
    const at = best;
    const holding = outputs.filter((_, k) => placement[k]?.doc === at.doc && (placement[k]?.agents === undefined || placement[k]?.agents?.includes(at.agent) === true));
    if (holding.length !== 1) return;
    diagnostics[n] = { ...d, target: { format: to, file: (holding[0] as { name: string }).name } };
  });
}
