// The core runs in a browser: it bundles for platform "browser" with no Node
// built-in, and converts inside a bare VM context (no process, require, Buffer, fs).
import { describe, expect, it } from "vitest";
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { createContext, runInContext } from "node:vm";

describe("browser build of the core", () => {
  it("bundles for the browser and converts in a context without Node globals", async () => {
    const out = await build({ entryPoints: ["src/index.ts"], bundle: true, platform: "browser", format: "iife", globalName: "agentport", write: false, logLevel: "silent" });
    expect(out.errors).toEqual([]);
    const code = out.outputFiles[0]!.text;
    const sandbox: Record<string, unknown> = { console, TextEncoder, TextDecoder, URL, structuredClone };
    createContext(sandbox);
    runInContext(code, sandbox);
    runInContext(`globalThis.result = agentport.convert(${JSON.stringify(readFileSync("examples/support-bundle.caplo.json", "utf8"))}, "agentmug")`, sandbox);
    const result = sandbox["result"] as { ok: boolean; outputs: { name: string }[] };
    expect(result.ok).toBe(true);
    expect(result.outputs.map((o) => o.name).sort()).toEqual(["billing.agent.json", "front-desk.agent.json", "tech.agent.json"]);
    expect(runInContext("typeof process + typeof require + typeof Buffer", sandbox)).toBe("undefinedundefinedundefined");
  }, 60_000);
});
