// Builds the playground page (docs/playground.md): one self-contained index.html with the
// script and the style inlined, so it works from file:// as well as from a server, and a
// Content-Security-Policy that lets only those two run and the page reach nothing.
//   node scripts/playground-build.mjs [--out DIR]      (default dist/playground)
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src/playground");

/** Builds the page into `out`; returns its path and weight. */
export async function buildPlayground(out = join(root, "dist/playground")) {
  // The quick-start example: the first file of examples/.
  const name = readdirSync(join(root, "examples")).sort()[0];
  const example = { name, text: readFileSync(join(root, "examples", name), "utf8") };
  const bundled = await build({
    entryPoints: [join(src, "main.ts")],
    bundle: true,
    platform: "browser",
    format: "iife",
    target: "es2022",
    minify: true,
    legalComments: "none",
    write: false,
    logLevel: "warning",
    define: { __PLAYGROUND_EXAMPLE__: JSON.stringify(example) },
  });
  // An inline script ends at the first "</script": escape it wherever it sits (strings, regexes).
  const script = bundled.outputFiles[0].text.trim().replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
  const style = readFileSync(join(src, "style.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\n\s*/g, "\n").trim();
  const hash = (text) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
  const template = readFileSync(join(src, "index.html"), "utf8");
  // Function replacers: "$" in the bundle must not be read as a replacement pattern.
  const html = template
    .replace("__SCRIPT_HASH__", () => hash(script))
    .replace("__STYLE_HASH__", () => hash(style))
    .replace("<style>__STYLE__</style>", () => `<style>${style}</style>`)
    .replace("<script>__SCRIPT__</script>", () => `<script>${script}</script>`);
  mkdirSync(out, { recursive: true });
  const file = join(out, "index.html");
  writeFileSync(file, html);
  const bytes = Buffer.byteLength(html);
  return { file, bytes, gzipBytes: gzipSync(html, { level: 9 }).length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const i = process.argv.indexOf("--out");
  const out = i === -1 ? undefined : resolve(process.argv[i + 1] ?? "");
  const r = await buildPlayground(out);
  const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
  process.stdout.write(`playground: ${relative(process.cwd(), r.file) || r.file} (${kb(r.bytes)}, ${kb(r.gzipBytes)} gzipped)\n`);
}
