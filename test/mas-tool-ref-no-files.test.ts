// A mas agent's tool given by its Tool manifest (`- ref: ../tools/x.tool.yaml`), read without file
// access (stdin, a library call without readFile): the manifest's description and parameters, which
// the runtime shows the model, were silently missing from the converted tool (fresh-user finding 5).
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import { masToolAgent } from "./helpers/mas-app.js";

const agent = masToolAgent("../tools/get_fares.tool.yaml");

describe("a mas tool manifest reference without file access", () => {
  it("is a ref-kept warning saying what the tool goes without", () => {
    const r = convert(agent, "agentspec");
    expect(r.ok).toBe(true);
    const kept = r.diagnostics.filter((d) => d.code === "ref-kept" && d.source?.pointer === "/spec/tools/0/ref");
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ severity: "warning", effect: "behaviour" });
    expect(kept[0]!.message).toContain("without the description and parameters the manifest gives it");
  });

  it("a reference that is no local path (a library's) is not a file to read: no finding", () => {
    const r = convert(agent.replace("../tools/get_fares.tool.yaml", "samples:tools/calc.tool.yaml"), "agentspec");
    expect(r.diagnostics.filter((d) => d.code === "ref-kept")).toEqual([]);
  });
});
