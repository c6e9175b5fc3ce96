// $component_ref / $referenced_components, resolved when reading. A reference
// names a component defined in the `$referenced_components` of the component
// that holds it or of any ancestor (the nearest definition wins, as in
// pyagentspec's deserializer). The resolved tree keeps, for every object, the
// pointer of the input it was read from, so diagnostics point at the one
// definition a shared component has, not at a place that does not exist.
import { isObject, type JsonObject, type JsonValue } from "../../ir/json.js";
import { join } from "../../ir/pointer.js";

export const REF = "$component_ref";
export const REFS = "$referenced_components";

export interface Resolved {
  /** The document with every resolvable reference replaced by its definition (without $referenced_components members). */
  value: JsonValue;
  /** The input pointer of every object of `value`. */
  at: Map<JsonObject, string>;
  /** Reference objects whose id no ancestor defines (left as they are), by pointer. */
  unresolved: { pointer: string; id: string }[];
  /** Ids that were referenced, with the pointer of their definition. */
  referenced: Map<string, string>;
  /** The pointers of every definition something refers to. */
  used: Set<string>;
  /** Every definition of the document (each $referenced_components member), by pointer. */
  defined: { pointer: string; id: string }[];
  /** Definitions nothing refers to, by pointer. */
  unused: { pointer: string; id: string; value: JsonValue }[];
  /** A reference that leads back into its own definition (a cycle), by pointer. */
  cycles: string[];
}

interface Scope {
  defs: JsonObject;
  at: string;
}

export function resolveRefs(doc: JsonValue): Resolved {
  const used = new Set<string>();
  const out: Resolved = { value: null, at: new Map(), unresolved: [], referenced: new Map(), used, defined: [], unused: [], cycles: [] };
  const defined: { pointer: string; id: string; value: JsonValue }[] = [];

  function walk(node: JsonValue, pointer: string, scopes: readonly Scope[], stack: readonly string[]): JsonValue {
    if (Array.isArray(node)) return node.map((x, i) => walk(x, `${pointer}/${i}`, scopes, stack));
    if (!isObject(node)) return node;
    let visible = scopes;
    const own = node[REFS];
    if (isObject(own)) {
      visible = [...scopes, { defs: own, at: join(pointer, REFS) }];
      for (const id of Object.keys(own)) defined.push({ pointer: join(pointer, REFS, id), id, value: own[id] as JsonValue });
    }
    const ref = node[REF];
    if (typeof ref === "string") {
      for (let i = visible.length - 1; i >= 0; i--) {
        const s = visible[i] as Scope;
        if (!Object.prototype.hasOwnProperty.call(s.defs, ref)) continue;
        const defPointer = join(s.at, ref);
        if (stack.includes(defPointer)) {
          out.cycles.push(pointer);
          return node;
        }
        used.add(defPointer);
        if (!out.referenced.has(ref)) out.referenced.set(ref, defPointer);
        // A definition sees the scopes of the component that holds it, and its own.
        return walk(s.defs[ref] as JsonValue, defPointer, visible.slice(0, i + 1), [...stack, defPointer]);
      }
      out.unresolved.push({ pointer, id: ref });
      const copy: JsonObject = {};
      for (const k of Object.keys(node)) if (k !== REFS) copy[k] = node[k] as JsonValue;
      out.at.set(copy, pointer);
      return copy;
    }
    const copy: JsonObject = {};
    for (const k of Object.keys(node)) {
      if (k === REFS && isObject(own)) continue;
      Object.defineProperty(copy, k, { value: walk(node[k] as JsonValue, join(pointer, k), visible, stack), enumerable: true, writable: true, configurable: true });
    }
    out.at.set(copy, pointer);
    return copy;
  }

  out.value = walk(doc, "", [], []);
  out.defined = defined.map((d) => ({ pointer: d.pointer, id: d.id }));
  out.unused = defined.filter((d) => !used.has(d.pointer));
  return out;
}

/**
 * The ref-kept words for a reference that names no component of the document, kept as a reference:
 * within two edits of an id the document defines (`near`, a likely typo) a warning with did-you-mean.
 */
export function keptRef(id: string, near: string | undefined): { payload: { value: string; shown: string; became: string }; effect?: "behaviour"; hint?: string } {
  if (near === undefined) return { payload: { value: REF, shown: id, became: "names a component that no $referenced_components of this document defines (a configuration split over several files); kept as a reference" } };
  return {
    payload: { value: REF, shown: id, became: `names no component this document defines, only one near it ("${near}"); kept as a reference, which the runtime resolves only if another file defines "${id}"` },
    effect: "behaviour",
    hint: `did you mean "${near}"? If "${id}" is another file's component, nothing needs to change`,
  };
}
