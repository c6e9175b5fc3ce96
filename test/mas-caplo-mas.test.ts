// mas → Caplo → mas (session 17, sweep S1, S2): the prompt's chunks and an empty platform text come
// back as the mas source had them, and the way back says nothing false.
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { convert, type ConvertResult } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { loadCase, convertOptions } from "./helpers/cases.js";

const listing = (r: ConvertResult) => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n");

function roundTrip(name: string) {
  const c = loadCase(name);
  const caplo = convert(c.text, "caplo", convertOptions(c));
  const file = caplo.outputs[0]!;
  const back = convert(file.text, "mas", { file: file.name });
  const yaml = back.outputs.find((o) => o.name.endsWith(".yaml"))!;
  return { caplo, back, doc: parseYaml(yaml.text) as JsonObject, source: parseYaml(c.text) as JsonObject };
}

const spec = (d: JsonObject) => d["spec"] as JsonObject;

describe("mas → Caplo → mas with platform texts (golden/mas-platform-texts)", () => {
  const { caplo, back, doc, source } = roundTrip("mas-platform-texts");

  it("S1: the role chunk comes back without its [role] label", () => {
    expect(caplo.ok, listing(caplo)).toBe(true);
    expect(back.ok, listing(back)).toBe(true);
    expect((spec(doc)["context"] as JsonObject)["role"]).toBe("You are the hotel's front-desk concierge.");
  });

  it("S1: no note claims the original prompt is kept in x-agentport when it is not", () => {
    const claims = back.diagnostics.filter((d) => /kept in x-agentport/.test(d.message) && d.source?.pointer === "/instructions");
    expect(claims, listing(back)).toEqual([]);
  });

  it("S2: the empty chat_style is written back, with no behaviour warning and no 'no counterpart'", () => {
    expect(spec(doc)["context"], listing(back)).toEqual(spec(source)["context"]);
    const about = back.diagnostics.filter((d) => d.source?.pointer === "/policy/chatStyle");
    expect(about.filter((d) => /no counterpart/.test(d.message)), listing(back)).toEqual([]);
    expect(about.filter((d) => d.severity !== "info" || d.effect === "behaviour"), listing(back)).toEqual([]);
    expect(back.diagnostics.filter((d) => d.severity === "warning"), listing(back)).toEqual([]);
  });

  it("S2: Caplo's \"\" platform texts still go Caplo → Caplo unchanged", () => {
    const file = caplo.outputs[0]!;
    const again = convert(file.text, "caplo", { file: file.name });
    expect(again.outputs[0]!.text).toBe(file.text);
  });
});
