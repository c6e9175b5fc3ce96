// What a YAML 1.1 reader of the PyYAML family (the mas runtime's) makes of a plain
// scalar: PyYAML's implicit resolvers, verbatim. The `yaml` package's 1.1 schema is
// broader (it reads "e0" as a float), so plain scalars of the emitted text are
// checked against PyYAML's own table instead.
import { parseDocument, Scalar, visit } from "yaml";

const RESOLVERS: readonly RegExp[] = [
  /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/,
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/,
  /^(?:<<)$/,
  /^(?:~|null|Null|NULL|)$/,
  /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/,
  /^(?:=)$/,
];

/** True when PyYAML, reading `s` as a plain (unquoted) scalar, would not give back the string. */
export function pyyamlResolvesAway(s: string): boolean {
  return RESOLVERS.some((re) => re.test(s));
}

/**
 * The first plain (unquoted) scalar of a YAML text, key or value, that reads as a
 * string under YAML 1.2 but that PyYAML would resolve to a bool, number, null,
 * timestamp or merge key. Undefined when a PyYAML reader gets every string back.
 */
export function firstPyyamlMisread(text: string): string | undefined {
  let found: string | undefined;
  visit(parseDocument(text), {
    Scalar(_key, node) {
      if (node.type !== Scalar.PLAIN || typeof node.value !== "string") return undefined;
      const src = node.source ?? node.value;
      if (pyyamlResolvesAway(src)) {
        found = src;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}
