// `npm run playground`: builds the page and serves it on localhost (loopback only), printing
// the URL. The page is one file; the server answers "/" and "/index.html" and nothing else.
//   node scripts/playground-serve.mjs [--port N] [--no-build] [--dir DIR]
// --port 0 picks a free port; a taken default port falls back to a free one.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildPlayground } from "./playground-build.mjs";

const args = process.argv.slice(2);
const value = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const dir = resolve(value("--dir") ?? "dist/playground");
const wanted = Number(value("--port") ?? process.env.PORT ?? 8173);
if (!Number.isInteger(wanted) || wanted < 0 || wanted > 65535) {
  process.stderr.write(`playground: --port must be a port number, not ${value("--port")}\n`);
  process.exit(2);
}

if (!args.includes("--no-build")) {
  const r = await buildPlayground(dir);
  process.stdout.write(`playground: built ${r.file} (${(r.bytes / 1024).toFixed(0)} KiB, ${(r.gzipBytes / 1024).toFixed(0)} KiB gzipped)\n`);
}

const server = createServer((req, res) => {
  const path = (req.url ?? "/").split("?")[0];
  if ((req.method !== "GET" && req.method !== "HEAD") || (path !== "/" && path !== "/index.html")) {
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
    return;
  }
  let body;
  try {
    // Read on every request, so a rebuild (npm run playground:build) shows on reload.
    body = readFileSync(join(dir, "index.html"));
  } catch {
    res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end(`no page at ${dir}: run npm run playground:build\n`);
    return;
  }
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" });
  res.end(req.method === "HEAD" ? undefined : body);
});

function listen(port) {
  server.once("error", (e) => {
    if (e.code === "EADDRINUSE" && port !== 0 && value("--port") === undefined) listen(0);
    else {
      process.stderr.write(`playground: cannot listen on 127.0.0.1:${port}: ${e.code ?? e.message}\n`);
      process.exit(2);
    }
  });
  server.listen(port, "127.0.0.1", () => {
    const { port: bound } = server.address();
    process.stdout.write(`playground: http://127.0.0.1:${bound}/  (Ctrl-C stops it; or open ${join(dir, "index.html")} straight from disk)\n`);
  });
}
listen(wanted);
for (const sig of ["SIGINT", "SIGTERM"]) process.once(sig, () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
