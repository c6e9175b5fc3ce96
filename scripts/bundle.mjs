// Bundles the CLI for a fast start (docs/performance.md):
//  - dist/agentport.cjs: the whole CLI in one CommonJS file (one module to load, not ~200),
//    written as the function a launcher compiles (CommonJS's wrapper, without the "#!" line), so a
//    run compiles the file's own text: no copy of 0.8 MB with the "#!" taken out, none with the
//    wrapper put around it, none to flatten the two (a young-generation collection fewer);
//  - dist/agentport.cjs.cache: V8's code cache for it, made here by one real conversion, so a
//    run skips compiling the bundle (Node 20 has no module compile cache of its own);
//  - dist/agentport-bin.cjs: the bin, a small CommonJS launcher that runs the bundle with that
//    cache (and without it, only slower, when the cache is missing or was made by another Node);
//    dist/agentport.mjs does the same as an ES module;
//  - dist/agentport-validators-<format>.cjs (+ .cache): each format's generated schema
//    validators, half of the CLI's code, loaded only when that format is validated (a
//    conversion between two formats never reads the others' validators, up to 0.9 MB each);
//  - dist/agentport-schema-<format>.cjs: a format's schema documents where its adapter only
//    builds them on first use (for the coverage walk; a conversion never needs them);
//  - dist/batch-worker.js: the batch worker thread, bundled too.
import { build } from "esbuild";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { basename, dirname, join, resolve } from "node:path";

// charset "ascii" (esbuild's default, said here because the launchers rely on it): every other
// character is written as an escape, so the launchers read the bundle and its parts as latin1, a
// byte-for-byte copy into a one-byte string, instead of decoding UTF-8 (checked after the build).
const common = { bundle: true, platform: "node", target: "node20", minify: true, charset: "ascii", legalComments: "linked", logLevel: "warning" };

// import.meta.url has no CommonJS form; the batch worker is found relative to the bundle's file.
writeFileSync("dist/.import-meta-shim.js", 'export const import_meta_url = require("url").pathToFileURL(__filename).href;\n');
// A part: a CommonJS file beside the bundle, run like the bundle with its own V8 code cache.
writeFileSync("dist/.part-loader.js", `import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Script } from "node:vm";
export function loadPart(name) {
  const file = join(__dirname, "agentport-" + name + ".cjs");
  let cachedData;
  try {
    cachedData = readFileSync(file + ".cache");
  } catch {}
  // The part is written wrapped (below): its text is compiled as it was read.
  const script = new Script(readFileSync(file, "latin1"), { filename: file, cachedData });
  if (process.env.AGENTPORT_WRITE_CODE_CACHE === "1") process.once("exit", () => writeFileSync(file + ".cache", script.createCachedData()));
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module);
  return module.exports;
}
`);
const VALIDATORS = /[\\/]dist[\\/]adapters[\\/]([^\\/]+)[\\/]validators\.generated\.js$/;
const SCHEMAS = /[\\/]dist[\\/]adapters[\\/]([^\\/]+)[\\/]schema\.generated\.js$/;
const parts = [];
// In the CLI bundle, each validators module is a stub with the same exports that loads its part on first use.
const splitValidators = {
  name: "split-validators",
  setup(b) {
    b.onLoad({ filter: VALIDATORS }, (args) => {
      const format = basename(dirname(args.path));
      const names = [...readFileSync(args.path, "utf8").matchAll(/^export const (\w+) = __lazy\(/gm)].map((m) => m[1]);
      if (names.length === 0) throw new Error(`${args.path}: no validators found`);
      parts.push({ name: `validators-${format}`, path: args.path });
      const contents = [
        `import { loadPart } from ${JSON.stringify(resolve("dist/.part-loader.js"))};`,
        "let part;",
        `function lazy(name) { const f = (data) => { const v = (part ??= loadPart(${JSON.stringify(`validators-${format}`)}))[name]; const ok = v(data); f.errors = v.errors; return ok; }; f.errors = null; return f; }`,
        ...names.map((n) => `export const ${n} = lazy(${JSON.stringify(n)});`),
      ].join("\n");
      return { contents, loader: "js", resolveDir: dirname(args.path) };
    });
    // A schema module that only exports builders (scripts/gen-schemas.mjs lazySchema: the coverage's
    // documents, which a conversion never needs since its effects are generated) is a part too: its
    // literals (0.2 MB) are neither read nor decoded by a run.
    b.onLoad({ filter: SCHEMAS }, (args) => {
      const text = readFileSync(args.path, "utf8");
      const names = [...text.matchAll(/^export function (\w+)\(/gm)].map((m) => m[1]);
      if (names.length === 0 || /^export (const|let|var|class) /m.test(text)) return undefined;
      const name = `schema-${basename(dirname(args.path))}`;
      parts.push({ name, path: args.path });
      const contents = [
        `import { loadPart } from ${JSON.stringify(resolve("dist/.part-loader.js"))};`,
        "let part;",
        ...names.map((n) => `export function ${n}() { return (part ??= loadPart(${JSON.stringify(name)})).${n}(); }`),
      ].join("\n");
      return { contents, loader: "js", resolveDir: dirname(args.path) };
    });
  },
};
await build({ ...common, format: "cjs", entryPoints: ["dist/cli/main.js"], outfile: "dist/agentport.cjs", inject: ["dist/.import-meta-shim.js"], define: { "import.meta.url": "import_meta_url" }, plugins: [splitValidators] });
rmSync("dist/.import-meta-shim.js");
rmSync("dist/.part-loader.js");
for (const f of readdirSync("dist")) if (/^agentport-(validators|schema)-.*\.cjs(\.cache)?$/.test(f)) rmSync(`dist/${f}`);
for (const { name, path } of parts) {
  await build({ ...common, legalComments: "none", format: "cjs", entryPoints: [path], outfile: `dist/agentport-${name}.cjs` });
}
// The launchers read these as latin1, which is the same text only for ASCII. Each is written as the
// function its loader calls, the "#!" line's place (kept so line numbers stay those of the bundle)
// holding the wrapper's head.
const wrap = (f, params) => {
  const bytes = readFileSync(f);
  const at = bytes.findIndex((x) => x > 0x7f);
  if (at !== -1) throw new Error(`${f}: byte ${at} is not ASCII; the launchers read it as latin1 (esbuild charset "ascii" should have escaped it)`);
  writeFileSync(f, `(function (${params}) {` + bytes.toString("latin1").replace(/^#!.*/, "") + "\n})", "latin1");
};
wrap("dist/agentport.cjs", "exports, require, module, __filename, __dirname");
for (const { name } of parts) wrap(`dist/agentport-${name}.cjs`, "exports, require, module");
await build({
  ...common,
  format: "esm",
  entryPoints: ["dist/cli/batch-worker.js"],
  outfile: "dist/batch-worker.js",
  banner: { js: "import { createRequire as __agentportRequire } from 'node:module'; const require = __agentportRequire(import.meta.url);" },
});

// The launcher's body, the same in both launchers; \`fs\`, \`vm\`, \`createRequire\` and \`dir\` come from each.
const RUN_BUNDLE = `const file = dir + "/agentport.cjs";
const cacheFile = file + ".cache";
let cachedData;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {}
// The bundle is written as CommonJS's wrapper function, and ASCII (scripts/bundle.mjs): its bytes,
// read as latin1 (a copy, not a UTF-8 decode), are the text to compile.
const script = new vm.Script(fs.readFileSync(file, "latin1"), { filename: file, cachedData });
if (process.env.AGENTPORT_WRITE_CODE_CACHE === "1") process.once("exit", () => fs.writeFileSync(cacheFile, script.createCachedData()));
const bundle = { exports: {} };
script.runInThisContext()(bundle.exports, createRequire(file), bundle, file, dir);
`;
// The published bin is CommonJS: an ES module entry costs Node its ESM loader (and node:fs's ESM
// facade, which loads the streams) before any of agentport runs, ~8 % of a bare start.
writeFileSync("dist/agentport-bin.cjs", `#!/usr/bin/env node
// agentport's bin: runs dist/agentport.cjs with V8's code cache (scripts/bundle.mjs).
"use strict";
const fs = require("node:fs");
const vm = require("node:vm");
const { createRequire } = require("node:module");
const dir = __dirname;
${RUN_BUNDLE}`);
// The same for \`node dist/agentport.mjs\` (the README's command): builtins without ESM imports where
// Node has getBuiltinModule (20.16 and later; an import of node:module builds its ESM facade first).
writeFileSync("dist/agentport.mjs", `#!/usr/bin/env node
// agentport's launcher as an ES module: runs dist/agentport.cjs with V8's code cache (scripts/bundle.mjs).
const builtin = process.getBuiltinModule ?? (await import("node:module")).createRequire(import.meta.url);
const { createRequire } = builtin("node:module");
const fs = builtin("node:fs");
const vm = builtin("node:vm");
const dir = builtin("node:path").dirname(builtin("node:url").fileURLToPath(import.meta.url));
${RUN_BUNDLE}`);
chmodSync("dist/agentport-bin.cjs", 0o755);
chmodSync("dist/agentport.mjs", 0o755);

// Real conversions fill the caches with the functions a conversion compiles: the first example
// into every registered format, and the first file each of those wrote back into another format,
// so that reading each format (JSON and YAML: the YAML parser is a tenth of a cold one-file run)
// is compiled too. Each run starts from the caches the one before wrote, so each holds what any
// of them compiled; each format's validators part is loaded by the runs into and from it.
const { ADAPTERS } = await import(new URL("../dist/adapters/registry.js", import.meta.url).href);
const example = join("examples", readdirSync("examples").sort()[0]);
rmSync("dist/agentport.cjs.cache", { force: true });
const warm = (args, what) => {
  const r = spawnSync(process.execPath, ["dist/agentport-bin.cjs", ...args], {
    env: { ...process.env, AGENTPORT_WRITE_CODE_CACHE: "1" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  // 1: warnings under the default policy are still a finished conversion.
  if (r.status !== 0 && r.status !== 1) throw new Error(`warming the code cache (${what}) failed: ${r.stderr}`);
};
const warmDir = mkdtempSync(join(tmpdir(), "agentport-warm-"));
try {
  for (const { id } of ADAPTERS) {
    const out = join(warmDir, id);
    warm(["convert", example, "--to", id, "--json", "-o", out + "/"], `→ ${id}`);
    const written = readdirSync(out).filter((f) => !f.startsWith(".") && statSync(join(out, f)).isFile()).sort()[0];
    const back = ADAPTERS.find((a) => a.id !== id).id;
    if (written !== undefined) warm(["convert", join(out, written), "--to", back, "--json"], `${id} → ${back}`);
  }
} finally {
  rmSync(warmDir, { recursive: true, force: true });
}
