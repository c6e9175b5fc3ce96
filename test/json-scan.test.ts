import { it, expect } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { parseText } from "../src/text/parse.js";
it("json fast path locates like yaml", () => {
  const t = '{\n  "a": 1,\n  "b": [10, {"c": "x\\"y"}, [true, null]],\n  "d\\/e": {"f": -1.5e3}\n}\n';
  const p = parseText(t);
  expect(p.data).toEqual(JSON.parse(t));
  expect(p.locate("/a")).toEqual({ line: 2, column: 3 });
  expect(p.locate("/b/1/c")).toEqual({ line: 3, column: 14 });
  expect(p.locate("/b/2/1")).toEqual({ line: 3, column: 35 });
  expect(p.locate("/d~1e/f")).toEqual({ line: 4, column: 12 });
  expect(p.locate("/b/7")).toEqual({ line: 3, column: 3 });
  const d = parseText('{"a": {"x": 1, "x": 2}}');
  expect(d.diagnostics[0]?.source?.pointer).toBe("/a/x");
});
it("JSON that JSON.parse rejects still gets a located error (YAML path)", () => {
  const p = parseText('{\n  "a": 1,\n  "b": \n');
  expect(p.data).toBeUndefined();
  expect(p.diagnostics[0]).toMatchObject({ code: "invalid-syntax" });
  expect(p.diagnostics[0]!.source!.line).toBeGreaterThan(1);
});
it("locates every pointer of the golden JSON inputs exactly where the YAML locator does", async () => {
  const { leaves } = await import("../src/ir/json.js");
  const { LineCounter, parseDocument, isMap, isSeq, isPair, isScalar } = await import("yaml");
  for (const text of goldenJsonInputs()) {
    const fast = parseText(text);
    const lc = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lc });
    for (const { pointer } of leaves(JSON.parse(text))) {
      let node: unknown = doc.contents;
      let at = 0;
      for (const t of pointer.split("/").slice(1).map((x) => x.replace(/~1/g, "/").replace(/~0/g, "~"))) {
        if (isMap(node)) {
          const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === t)!;
          at = (pair.key as { range: number[] }).range[0]!;
          node = pair.value;
        } else if (isSeq(node)) {
          node = node.items[Number(t)];
          at = (node as { range: number[] }).range[0]!;
        }
      }
      const pos = lc.linePos(at);
      expect(fast.locate(pointer), `${text.slice(0, 40)} ${pointer}`).toEqual({ line: pos.line, column: pos.col });
    }
  }
});
it("finds every duplicate key the counting check must not miss, and no false one", () => {
  const dup = [
    '{"a": 1, "a": 2}',
    '[{"k": {"x": 1}}, {"k": {"x": 1, "x": 1}}]',
    '{"a\\u0062": 1, "ab": 2}',
    '{"__proto__": 1, "__proto__": 2}',
    '{"s": "a: b, c: d", "t": {"u": 1, "u": [1]}}',
  ];
  for (const t of dup) expect(parseText(t).diagnostics[0]?.message, t).toMatch(/unique/);
  const ok = ['{"a": "x:y:z", "b": {"c\\":": ":"}}', '{"__proto__": {"a": 1}, "constructor": 2}', '[]', '"a:b"', '{"a": [{}, {"a": {}}]}'];
  for (const t of ok) {
    const p = parseText(t);
    expect(p.diagnostics, t).toEqual([]);
    expect(p.data, t).toEqual(JSON.parse(t));
  }
  expect(parseText('{"a": 1, "a": 2}').diagnostics[0]?.source?.pointer).toBe("/a");
});
it("offsetsOf finds exactly the wanted pointers and their ancestors, where scanJson does", async () => {
  const { leaves } = await import("../src/ir/json.js");
  const { offsetsOf, scanJson } = await import("../src/text/json-scan.js");
  const texts = ['{"a": {"x\\"y": [1, {"b~/c": true}], "e": null}, "f": [[], {}, "s"]}'];
  texts.push(...goldenJsonInputs());
  for (const text of texts) {
    const full = scanJson(text).offsets;
    const all = leaves(JSON.parse(text)).map((l) => l.pointer);
    const every = offsetsOf(text, [...full.keys()]);
    expect(every).toEqual(full);
    // Every third leaf, one missing member and one missing item: just those and their ancestors.
    const some = [...all.filter((_, i) => i % 3 === 0), `${all[0] ?? ""}/nope`, "/f/9"];
    const got = offsetsOf(text, some);
    const want = new Map<string, number>();
    for (const p of some) for (let q = p; ; q = q.slice(0, q.lastIndexOf("/"))) {
      if (full.has(q)) want.set(q, full.get(q)!);
      if (q === "") break;
    }
    expect(new Map([...got].sort())).toEqual(new Map([...want].sort()));
  }
});
it("the locator finds each place from the one counting pass as the full scan does, for names that exist and names that do not", async () => {
  const { indexJson, lineColumn, lineStartsOf, scanJson } = await import("../src/text/json-scan.js");
  const { offsetFinder } = await import("../src/text/json-index.js");
  const texts = [
    '{\n  "a": 1,\n  "b": [10, {"c": "x\\"y"}, [true, null]],\n  "d\\/e": {"f": -1.5e3}\n}\n',
    '{"a": {"x\\"y": [1, {"b~/c": true}], "e": null}, "f": [[], {}, "s", [[-0.5e+2, false]]], "__proto__": {"constructor": [{}]}, "": {"": 0}}',
    // Array-index keys: JavaScript lists "2" and "10" first, the text does not.
    '{"ctx": {"z": [1, {"k": 2}], "10": {"q": [3]}, "a": "}", "2": {"w": 1}}, "tail": [{"9": 0, "x": {"y": 1}, "0": [2]}]}',
    '[1, "two", {"three": [3]}]', '"just a string"', '42',
  ];
  texts.push(...goldenJsonInputs());
  for (const text of texts) {
    const full = scanJson(text).offsets;
    const find = offsetFinder(JSON.parse(text), indexJson(text), (p) => full.get(p));
    for (const [p, at] of full) expect(find(p), `${text.slice(0, 40)} ${p}`).toBe(at);
    for (const p of ["/nope", "/a/nope/deeper", "/f/9", "/f/01", "/f/-", "/ctx/2/w/x", "/a~2", "no-slash", "/tail/0/0/0/0"]) expect(find(p), p).toBe(full.get(p));
    // And through parseText, line:column of the nearest existing ancestor, as the scan gives it.
    const parsed = parseText(text);
    const starts = lineStartsOf(text);
    for (const p of [...full.keys(), "/nope", "/ctx/2/w/x/y", "/tail/0/x/zz"]) {
      let q = p;
      while (!full.has(q)) q = q.slice(0, q.lastIndexOf("/"));
      expect(parsed.locate(p), p).toEqual(lineColumn(text, starts, full.get(q)!));
    }
  }
});
it("JSON key order: the text's, also for array-index keys JavaScript lists first, read for that object alone", async () => {
  const { keysAt } = await import("../src/text/json-scan.js");
  const t = '{"2": {"z": 1, "10": [1, {"k": 2}], "a\\"b": "}", "1": {}}, "list": [{"9": 0, "x": 1, "0": 2}], "plain": {"b": 1, "a": 2}}';
  const p = parseText(t);
  // JSON.parse would say "1", "10", "z", "a\"b".
  expect(Object.keys((p.data as Record<string, object>)["2"]!)).toEqual(["1", "10", "z", 'a"b']);
  expect(p.keyOrder?.("/2")).toEqual(["z", "10", 'a"b', "1"]);
  expect(p.keyOrder?.("")).toEqual(["2", "list", "plain"]);
  expect(p.keyOrder?.("/list/0")).toEqual(["9", "x", "0"]);
  expect(p.keyOrder?.("/plain")).toEqual(["b", "a"]);
  expect(p.keyOrder?.("/list")).toBeUndefined();
  expect(p.keyOrder?.("/nothing")).toBeUndefined();
  expect(p.keyOrder?.("not a pointer")).toBeUndefined();
  expect(keysAt(t, t.indexOf('"plain"'))).toEqual(["b", "a"]);
  expect(keysAt(t, t.indexOf("[{"))).toBeUndefined();
});
it("array indexes are the keys JavaScript reorders, and no others", async () => {
  const { isArrayIndex, mayReorder } = await import("../src/text/key-order.js");
  for (const k of ["0", "7", "10", "4294967294"]) expect(isArrayIndex(k), k).toBe(true);
  for (const k of ["", "01", "-1", "1.0", "1e3", " 1", "4294967295", "99999999999", "x1"]) expect(isArrayIndex(k), k).toBe(false);
  // The definition checked against the engine itself: an index key is listed first.
  for (const k of ["0", "7", "4294967294", "4294967295", "01", "-1", "1.0"]) expect(Object.keys({ a: 1, [k]: 2 })[0] === k, k).toBe(isArrayIndex(k));
  expect(mayReorder(["role", "intent"])).toBe(false);
  expect(mayReorder(["role", "2"])).toBe(true);
});

/** The golden cases' JSON inputs, as text. */
function goldenJsonInputs(): string[] {
  const texts: string[] = [];
  for (const c of readdirSync("golden")) {
    if (!statSync(`golden/${c}`).isDirectory()) continue;
    const f = readdirSync(`golden/${c}`).find((x) => x.startsWith("input.") && x.endsWith(".json"));
    if (f) texts.push(readFileSync(`golden/${c}/${f}`, "utf8"));
  }
  return texts;
}
