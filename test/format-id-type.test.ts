// FormatId, the registry's ids as a type (fresh9 finding 16): derived from the adapters' own
// declarations, so a new adapter widens it and a typo is a type error (tsc checks this file).
import { describe, expect, it } from "vitest";
import { convert, convertMany, emit, emitDocuments, formats, parse, type FormatId } from "../src/index.js";
import { CAPLO_AGENT } from "./helpers/manifests.js";

const CAPLO = JSON.stringify(CAPLO_AGENT);

describe("FormatId", () => {
  it("is the union of the registered ids, and nothing else", () => {
    const all: FormatId[] = ["caplo", "agentmug", "mas", "agentspec"];
    // @ts-expect-error: no format has this id (were FormatId a plain string, this line would fail the typecheck).
    const nope: FormatId = "nope";
    expect(nope).toBe("nope");
    expect(formats().map((f) => f.id).sort()).toEqual([...all].sort());
  });
});

// `to` is `FormatId | RuntimeFormat<T>` (docs/library.md): a literal must be an id; a value typed
// `string` compiles and is checked when the call runs. Each @ts-expect-error below fails the
// typecheck if `to` accepts the typo (as it did when it was `string`).
describe("convert's `to`", () => {
  it("refuses a typo'd literal at compile time, and still refuses it at run time", () => {
    // @ts-expect-error: "agentmg" is no FormatId.
    const r = convert(CAPLO, "agentmg");
    expect(r.ok).toBe(false);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["usage-error"]);
    // @ts-expect-error: the same for convertMany.
    expect(convertMany([{ text: CAPLO }], "Caplo").ok).toBe(false);
    const doc = parse(CAPLO).doc!;
    // @ts-expect-error: and for emit.
    expect(emit(doc, "maz").diagnostics.map((d) => d.code)).toEqual(["usage-error"]);
    // @ts-expect-error: and for emitDocuments.
    expect(emitDocuments([doc], "oas").outputs).toEqual([]);
  });

  it("accepts a registered literal, a FormatId, and a string known only at run time", () => {
    expect(convert(CAPLO, "agentmug").ok).toBe(true);
    const id: FormatId = "mas";
    expect(convert(CAPLO, id).ok).toBe(true);
    // What a CLI flag or a config file gives: a string, checked by the call.
    const fromFlag: string = ["agentspec", "nope"][0]!;
    expect(convert(CAPLO, fromFlag).ok).toBe(true);
    const unknown: string = "nope";
    expect(convert(CAPLO, unknown).diagnostics.map((d) => d.code)).toEqual(["usage-error"]);
    // The unknown target is said first and alone, whatever the input (fresh10 finding 13: `convert("{}", "nope")`
    // said only that "{}" is no manifest).
    const d = convert("{}", unknown).diagnostics;
    expect(d.map((x) => x.code)).toEqual(["usage-error"]);
    expect(d[0]!.message).toMatch(/nope/);
    for (const to of formats().map((f) => f.id)) expect(convertMany([{ text: CAPLO }], to).ok).toBe(true);
  });
});
