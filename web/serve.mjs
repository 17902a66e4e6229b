// Static file server for the repo root (make run, browser tests). Loopback only, GET/HEAD only.
// Usage: node web/serve.mjs [--port N] [--root DIR]   (PORT env also works; default 8080)
import { parseCommandLine } from "./command_line.mjs";
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".css": "text/css",
  ".png": "image/png",
  ".proto": "text/plain; charset=utf-8",
  ".md": "text/plain; charset=utf-8",
};

// Starts a server; resolves to { server, url } once it listens. port 0 picks a free port.
/** @param {{ root: string, port?: number, host?: string }} options */
export function serve({ root, port = 8080, host = "127.0.0.1" }) {
  const base = resolve(root);
  const server = createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
      return;
    }
    let path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (path.endsWith("/")) path += "index.html";
    const file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end();
      return;
    }
    let stat;
    try {
      stat = statSync(file);
    } catch {
      res.writeHead(404).end("not found");
      return;
    }
    if (!stat.isFile()) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, {
      "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
      "Content-Length": stat.size,
      "Cache-Control": "no-store",
    });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      resolvePromise({
        server,
        url: `http://${host}:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}/`,
      });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseCommandLine(
    { root: { type: "string" }, port: { type: "string" } },
    "usage: node web/serve.mjs [--port N] [--root DIR]",
  );
  const root = values.root ?? resolve(fileURLToPath(import.meta.url), "../..");
  const port = Number(values.port ?? process.env.PORT ?? 8080);
  serve({ root, port }).then(
    ({ url }) => {
      console.log(`wirelens: serving ${root}\n  open ${url}  (Ctrl-C to stop)`);
    },
    (error) => {
      console.error(
        `wirelens: cannot listen on port ${port}: ${error.message}` +
          (error.code === "EADDRINUSE" ? ` (try: make run PORT=${port + 1})` : ""),
      );
      process.exit(1);
    },
  );
}
