// How a target without spawned sub-agents words the loss of a link's spawn mark
// (IrLink.spawn): the source ran a one-shot copy of the child per call, through a
// tool with settings of its own; a target whose links call the child runs the same
// agent every time. Shared by the emitters that report it (one wording, one effect).
import type { IrSpawn } from "./model.js";

/** The parts of a spawn mark a target that calls its children loses, and what that changes (`child`: the link's target). */
export function spawnLoss(mark: IrSpawn, child: string): { parts: string[]; consequence: string } {
  const settings = [...Object.keys(mark.params ?? {}).map((k) => `params.${k}`), ...Object.keys(mark.extra ?? {})];
  const limit = mark.callLimit === undefined ? "" : `, and ${mark.callLimit} no longer limits the calls`;
  return {
    parts: [`the one-shot copy of it that the ${mark.tool} tool spawned per call`, ...settings],
    consequence: `the parent calls the same ${child} every time, not a fresh copy${limit}`,
  };
}
