// mas manifests are written as YAML that YAML 1.1 readers (PyYAML, the mas runtime's)
// read back as the same values: the shared writer (../serialize.ts) does exactly that.
export { yaml11Ambiguous, yamlText as toYaml } from "../serialize.js";
