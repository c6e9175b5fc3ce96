// Writes each registered format's schema paths and their declared effects
// (src/adapters/<format>/effects.generated.ts, read by src/ir/effects.ts), so a run
// never walks an official schema (docs/performance.md). Driven by the registry: the
// TypeScript sources are bundled with esbuild (the build has not compiled them yet),
// each adapter's own generated table stubbed out, and every adapter with coverage
// declarations gets its table from src/ir/schema-effects.ts. Runs after gen-schemas.mjs
// (the coverage declarations import the generated schemas); test/schema-effects.test.ts
// fails when a committed table is stale.
import { build } from "esbuild";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const GENERATED = "effects.generated";

// Each adapter imports its own table; while the tables are made, every one of them reads as absent.
const stubTables = {
  name: "stub-effect-tables",
  setup(b) {
    b.onResolve({ filter: new RegExp(`^\\./${GENERATED.replace(".", "\\.")}\\.js$`) }, (args) => ({ path: args.importer, namespace: "stub-table" }));
    b.onLoad({ filter: /.*/, namespace: "stub-table" }, () => ({ contents: "export const schemaEffects = undefined;", loader: "js" }));
  },
};

const tmp = mkdtempSync(join(tmpdir(), "agentport-gen-effects-"));
try {
  const outfile = join(tmp, "tables.mjs");
  await build({
    stdin: {
      contents: 'export { ADAPTERS } from "./src/adapters/registry.ts";\nexport { schemaEffectTable, renderSchemaEffects } from "./src/ir/schema-effects.ts";\n',
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    // Bundled CommonJS packages require Node's builtins.
    banner: { js: "import { createRequire as __genRequire } from 'node:module'; const require = __genRequire(import.meta.url);" },
    logLevel: "warning",
    plugins: [stubTables],
  });
  const { ADAPTERS, schemaEffectTable, renderSchemaEffects } = await import(pathToFileURL(outfile).href);
  for (const adapter of ADAPTERS) {
    if (!adapter.coverage) continue;
    const folder = `src/adapters/${adapter.id}`;
    if (!existsSync(join(root, folder, "index.ts"))) throw new Error(`${adapter.id}: no adapter folder ${folder}`);
    const file = join(root, folder, `${GENERATED}.ts`);
    const text = renderSchemaEffects(schemaEffectTable(adapter.coverage), `${folder}/coverage.ts`);
    if (!existsSync(file) || readFileSync(file, "utf8") !== text) writeFileSync(file, text);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
