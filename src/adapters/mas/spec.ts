// mas/v1 facts: id, label, suffix and the apiVersion every mas manifest states.
// The key orders emitters follow are in shapes.ts.

export const FORMAT = "mas";
export const LABEL = "mas/v1";
/** File-name suffix of emitted documents (a mas manifest is YAML). */
export const SUFFIX = ".yaml";
/** The apiVersion of every manifest of the family agentport converts. */
export const API_VERSION = "mas/v1";
