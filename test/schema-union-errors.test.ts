// A value of a union whose branches are told apart by one member (an AgentMug tool's `kind`): ajv
// reports every branch's failure, so one mistyped kind gave eight errors that contradicted each other
// ("must be builtin", "must be mcp", missing "url", missing "provider"…), and a known kind missing
// one member was told, among others, that it must be "builtin". Errors now follow the branch the
// value names; a value that names none gets one error listing the kinds there are.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";

const base = JSON.parse(readFileSync("test/fixtures/agentmug/researcher.agent", "utf8")) as JsonObject;
function withTools(tools: unknown[]): string {
  const d = structuredClone(base);
  (d["blueprint"] as JsonObject)["tools"] = tools as JsonObject[];
  return JSON.stringify(d, null, 2);
}
const errorsOf = (text: string) => convert(text, "mas", { file: "x.agent.json" }).diagnostics.filter((d) => d.severity === "error");

describe("AgentMug tool kinds: one error per mistake", () => {
  it("an unknown kind: one error at the kind, naming every kind", () => {
    const errs = errorsOf(withTools([{ kind: "webhok", name: "lookup", url: "https://x.example/a", method: "GET" }]));
    expect(errs).toHaveLength(1);
    expect(errs[0]!.source?.pointer).toBe("/blueprint/tools/0/kind");
    expect(errs[0]!.message).toContain('must be one of ["builtin","mcp","webhook","nango"]');
  });

  it("a known kind missing members: the errors of that kind only", () => {
    const errs = errorsOf(withTools([{ kind: "mcp", name: "lookup" }]));
    expect(errs.map((e) => e.message.replace(/^.*is missing required property /, ""))).toEqual(['"server"', '"requiresUserAuth"']);
  });

  it("a second tool's mistake is reported apart from the first's", () => {
    const errs = errorsOf(withTools([{ kind: "webhook", name: "a" }, { kind: "nope", name: "b" }]));
    expect(errs.map((e) => e.source?.pointer)).toEqual(["/blueprint/tools/0", "/blueprint/tools/1/kind"]);
    expect(errs[0]!.message).toContain('is missing required property "url"');
  });

  it("a valid tool list gives no error", () => {
    expect(errorsOf(withTools(["web.search", { kind: "webhook", name: "a", url: "https://x.example/a", method: "GET", requiresUserAuth: false }]))).toEqual([]);
  });
});
