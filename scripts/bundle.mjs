// Bundles the CLI (and its batch worker) into single files with esbuild: one
// module graph to load instead of ~200, which halves start-up (docs/performance.md).
import { build } from "esbuild";
import { chmodSync } from "node:fs";

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: true,
  legalComments: "linked",
  logLevel: "warning",
  // A few dependencies are CommonJS and call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __agentportRequire } from 'node:module'; const require = __agentportRequire(import.meta.url);" },
};
await build({ ...common, entryPoints: ["dist/cli/main.js"], outfile: "dist/agentport.mjs" });
await build({ ...common, entryPoints: ["dist/node/batch-worker.js"], outfile: "dist/batch-worker.js" });
chmodSync("dist/agentport.mjs", 0o755);
