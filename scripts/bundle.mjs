// Bundles the CLI for a fast start (docs/performance.md):
//  - dist/agentport.cjs: the whole CLI in one CommonJS file (one module to load, not ~200);
//  - dist/agentport.cjs.cache: V8's code cache for it, made here by one real conversion, so a
//    run skips compiling the bundle (Node 20 has no module compile cache of its own);
//  - dist/agentport.mjs: the bin, a small launcher that runs the bundle with that cache
//    (and without it, only slower, when the cache is missing or was made by another Node);
//  - dist/batch-worker.js: the batch worker thread, bundled too.
import { build } from "esbuild";
import { chmodSync, readdirSync, writeFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

const common = { bundle: true, platform: "node", target: "node20", minify: true, legalComments: "linked", logLevel: "warning" };

// import.meta.url has no CommonJS form; the batch worker is found relative to the bundle's file.
writeFileSync("dist/.import-meta-shim.js", 'export const import_meta_url = require("url").pathToFileURL(__filename).href;\n');
await build({ ...common, format: "cjs", entryPoints: ["dist/cli/main.js"], outfile: "dist/agentport.cjs", inject: ["dist/.import-meta-shim.js"], define: { "import.meta.url": "import_meta_url" } });
rmSync("dist/.import-meta-shim.js");
await build({
  ...common,
  format: "esm",
  entryPoints: ["dist/node/batch-worker.js"],
  outfile: "dist/batch-worker.js",
  banner: { js: "import { createRequire as __agentportRequire } from 'node:module'; const require = __agentportRequire(import.meta.url);" },
});

writeFileSync("dist/agentport.mjs", `#!/usr/bin/env node
// agentport's bin: runs dist/agentport.cjs with V8's code cache (scripts/bundle.mjs).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";

const file = fileURLToPath(new URL("./agentport.cjs", import.meta.url));
const cacheFile = file + ".cache";
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {}
// The bundle keeps main.js's "#!" line, which is not JavaScript inside a function.
const wrapped = "(function (exports, require, module, __filename, __dirname) {" + readFileSync(file, "utf8").replace(/^#!.*/, "") + "\\n})";
const script = new Script(wrapped, { filename: file, cachedData });
if (process.env.AGENTPORT_WRITE_CODE_CACHE === "1") process.once("exit", () => writeFileSync(cacheFile, script.createCachedData()));
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
`);
chmodSync("dist/agentport.mjs", 0o755);

// Real conversions fill the cache with the functions a conversion compiles: the first example
// into every registered format (each run starts from the cache the one before wrote, so the
// cache holds what any of them compiled).
const { ADAPTERS } = await import(new URL("../dist/adapters/registry.js", import.meta.url).href);
const example = join("examples", readdirSync("examples").sort()[0]);
rmSync("dist/agentport.cjs.cache", { force: true });
for (const { id } of ADAPTERS) {
  const warm = spawnSync(process.execPath, ["dist/agentport.mjs", "convert", example, "--to", id, "--json"], {
    env: { ...process.env, AGENTPORT_WRITE_CODE_CACHE: "1" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (warm.status !== 0) throw new Error(`warming the code cache failed: ${warm.stderr}`);
}
