// Deterministic document bytes. JSON: two-space indent, LF, trailing newline. YAML:
// block style, multi-line text as `|` literals, and every string that YAML 1.1
// (PyYAML, the mas runtime's reader, and other older readers) would resolve to a
// bool, null, number or date quoted — the yaml package's 1.2 core schema alone
// would leave `on`, `yes`, `1_000` or `2024-01-01` plain. Key order is whatever the
// emitter built (emitters build in the target schema's order), except where `order`
// names it for an object a JavaScript object cannot order (integer-like keys first).
import { Document, Scalar, isMap, isPair, isScalar, visit } from "yaml";
import type { JsonObject } from "../ir/json.js";
import { get, parsePointer } from "../ir/pointer.js";
import { writeYaml } from "./yaml-writer.js";

export function jsonText(doc: unknown): string {
  return JSON.stringify(doc, null, 2) + "\n";
}

const YAML11_BOOL = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const YAML11_NULL = /^(?:~|null|Null|NULL)?$/;
const YAML11_INT = /^[-+]?(?:0b[01_]+|0[0-7_]+|0|[1-9][0-9_]*|0x[0-9a-fA-F_]+|[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
// PyYAML's own float resolver (digits, then a dot; or a dot, then digits and underscores: "._" is a float there) and the YAML 1.1 spec's.
const YAML11_FLOAT = /^(?:[-+]?(?:[0-9][0-9_]*)?\.[0-9.]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const YAML11_TIMESTAMP = /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?$/;
const YAML11_OTHER = /^(?:=|<<)$/;

/** True when a YAML 1.1 reader would not read this plain scalar back as the same string. */
export function yaml11Ambiguous(s: string): boolean {
  return [YAML11_BOOL, YAML11_NULL, YAML11_INT, YAML11_FLOAT, YAML11_TIMESTAMP, YAML11_OTHER].some((re) => re.test(s));
}

// Literal blocks cannot carry carriage returns, other control characters or a
// line break inside the final trailing spaces; those strings stay double-quoted.
const LITERAL_SAFE = /^[^\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u2028\u2029\ufeff]*$/;

/**
 * `order` gives, by pointer, the key order of objects whose order matters and that a
 * JavaScript object cannot hold (integer-like keys come first): spec.context's chunks.
 */
export function yamlText(data: JsonObject, order: Readonly<Record<string, readonly string[]>> = {}): string {
  // The same bytes, written directly (src/adapters/yaml-writer.ts), unless the document holds a form the writer leaves to the package.
  const orderOf = new Map<object, readonly string[]>();
  for (const [pointer, keys] of Object.entries(order)) {
    const o = get(data, pointer);
    if (typeof o === "object" && o !== null && !Array.isArray(o)) orderOf.set(o, keys);
  }
  return writeYaml(data, orderOf, yaml11Ambiguous) ?? packageYaml(data, order);
}

/** yamlText through the yaml package's document model: every form, and the measure the direct writer is checked against. */
export function packageYaml(data: JsonObject, order: Readonly<Record<string, readonly string[]>> = {}): string {
  const doc = new Document(data);
  for (const [pointer, keys] of Object.entries(order)) {
    const node = doc.getIn(parsePointer(pointer), true);
    if (!isMap(node)) continue;
    const rank = (p: unknown) => {
      const k = isPair(p) && isScalar(p.key) ? keys.indexOf(String(p.key.value)) : -1;
      return k === -1 ? keys.length : k;
    };
    node.items.sort((a, b) => rank(a) - rank(b));
  }
  visit(doc, {
    Pair(_, pair) {
      if (isPair(pair) && isScalar(pair.key) && typeof pair.key.value === "string" && yaml11Ambiguous(pair.key.value)) {
        pair.key.type = Scalar.QUOTE_DOUBLE;
      }
    },
    Scalar(key, node) {
      if (key === "key" || typeof node.value !== "string") return;
      const s = node.value;
      if (s.includes("\n") && LITERAL_SAFE.test(s) && !/^[ \t]/.test(s)) node.type = Scalar.BLOCK_LITERAL;
      else if (s.includes("\n")) node.type = Scalar.QUOTE_DOUBLE;
      else if (yaml11Ambiguous(s)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return doc.toString({ lineWidth: 0, indentSeq: true });
}
