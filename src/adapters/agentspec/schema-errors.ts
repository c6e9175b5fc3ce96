// Which of a union's branches an Agent Spec component meant. A worker, a tool or an llm_config is
// one of a union in the schema (AgenticComponent: A2AAgent | Agent | Flow | ManagerWorkers | …, each
// of them also a ComponentReference), and ajv (allErrors) reports every branch's errors: one missing
// system_prompt in a worker came out as 26 errors, the one that mattered past the 25 shown. The
// component's own `component_type` says which branch it is, so only that branch's errors are kept.
import type { ErrorObject } from "ajv";
import { get } from "../../ir/pointer.js";
import { isObject } from "../../ir/json.js";

const KEY = "component_type";
const REFERENCE = "$component_ref";

/** The errors of the branches each component meant (an ErrorFilter, src/adapters/ajv.ts). */
export function componentBranches(errors: readonly ErrorObject[], data: unknown): readonly ErrorObject[] {
  // A component written out is no reference: the reference branch's "missing $component_ref" and its
  // "unknown property" for every member say nothing about it. And a reference (no component_type) is
  // no component: every component type's missing members say nothing about it either.
  let kept = errors.filter((e) => {
    const at = get(data, e.instancePath);
    const ofReference = e.schemaPath.includes("/ComponentReference/");
    if (e.keyword === "anyOf" || e.keyword === "oneOf") return true;
    return ofReference ? !isNoReference(at) : !isReference(at);
  });
  // Outer unions first: dropping a wrong branch drops the unions inside it with it.
  const unions = [...new Set(kept.filter((e) => e.keyword === "const" && e.instancePath.endsWith(`/${KEY}`)).map((e) => e.instancePath.slice(0, -KEY.length - 1)))];
  unions.sort((a, b) => a.length - b.length);
  for (const at of unions) kept = oneBranch(kept, at, get(data, `${at}/${KEY}`));
  return kept;
}

const has = (v: unknown, k: string): boolean => isObject(v) && Object.prototype.hasOwnProperty.call(v, k);
const isNoReference = (v: unknown): boolean => isObject(v) && !has(v, REFERENCE);
const isReference = (v: unknown): boolean => has(v, REFERENCE) && !has(v, KEY);

/** The union at `at`: each branch's errors run together and end with the branch's own anyOf error there. */
function oneBranch(errors: readonly ErrorObject[], at: string, type: unknown): ErrorObject[] {
  const within = (p: string) => p === at || p.startsWith(`${at}/`);
  const out: ErrorObject[] = [];
  const allowed: unknown[] = [];
  let run: ErrorObject[] = [];
  let matched = false;
  let dropped = -1;
  const close = () => {
    const wrong = run.find((e) => e.keyword === "const" && e.instancePath === `${at}/${KEY}`);
    if (wrong) {
      allowed.push((wrong.params as Record<string, unknown>)["allowedValue"]);
      if (dropped === -1) dropped = out.length;
    } else {
      if (run.some((e) => e.keyword !== "anyOf" && e.keyword !== "oneOf")) matched = true;
      out.push(...run);
    }
    run = [];
  };
  for (const e of errors) {
    if (!within(e.instancePath)) {
      if (run.length) close();
      out.push(e);
      continue;
    }
    run.push(e);
    if ((e.keyword === "anyOf" || e.keyword === "oneOf") && e.instancePath === at) close();
  }
  if (run.length) close();
  // No branch is the one the component meant: its component_type is none the place allows.
  if (!matched && dropped !== -1 && typeof type === "string") {
    const values = [...new Set(allowed)];
    out.splice(dropped, 0, { instancePath: `${at}/${KEY}`, schemaPath: "#", keyword: "enum", params: { allowedValues: values }, message: `must be one of ${JSON.stringify(values)}` });
  }
  return out;
}
