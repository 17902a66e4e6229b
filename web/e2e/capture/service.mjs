// A real service for the capture tests: tests/capture/user_service.proto served by
// @connectrpc/connect-node (Connect, gRPC-web) on node:http at 127.0.0.1, a bare protobuf GET, and
// a page whose @connectrpc/connect-web client (bundled by esbuild) makes one call of each kind. The
// server keeps every message it received and sent, as bytes, in call order.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { create, toBinary } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { build } from "esbuild";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../../..");
export const PROTO_DIR = resolve(ROOT, "tests/capture");
export const PROTO = "user_service.proto";
const PROTOC36 = resolve(ROOT, "node_modules/protoc/bin/protoc-linux-x86_64");
const PROTOC_GEN_ES = resolve(ROOT, "node_modules/.bin/protoc-gen-es");

/** protoc-gen-es's JS for the service, in `dir` (made if needed); returns the module's path. */
export function generate(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(resolve(dir, "package.json"), '{"type": "module"}\n');
  execFileSync(PROTOC36, [
    `--plugin=protoc-gen-es=${PROTOC_GEN_ES}`,
    `--es_out=${dir}`,
    "--es_opt=target=js,import_extension=js",
    `-I${PROTO_DIR}`,
    PROTO,
  ]);
  return resolve(dir, "user_service_pb.js");
}

// What the client page does, in order: each call waits for the one before, so that a capture lists
// them in this order. window.__calls resolves to what the client saw.
const CLIENT = `
import { createClient } from "@connectrpc/connect";
import { createConnectTransport, createGrpcWebTransport } from "@connectrpc/connect-web";
import { UserService } from "GENERATED";

const baseUrl = location.origin;
const connect = createClient(UserService, createConnectTransport({ baseUrl, useBinaryFormat: true }));
const connectGet = createClient(UserService, createConnectTransport({ baseUrl, useBinaryFormat: true, useHttpGet: true }));
const grpcWeb = createClient(UserService, createGrpcWebTransport({ baseUrl }));

async function run() {
  const seen = [];
  seen.push((await connect.whoAmI({ token: "ada" })).name);
  seen.push((await connectGet.whoAmI({ token: "grace" })).name);
  for await (const user of connect.watch({ token: "team" })) seen.push(user.name);
  try {
    await connect.whoAmI({ token: "bad" });
  } catch (error) {
    seen.push(error.code);
  }
  seen.push((await grpcWeb.whoAmI({ token: "linus", session: -7n })).name);
  for await (const user of grpcWeb.watch({ token: "team" })) seen.push(user.name);
  const bare = await fetch("/users/7");
  seen.push(bare.headers.get("content-type"), (await bare.arrayBuffer()).byteLength);
  try {
    await grpcWeb.whoAmI({ token: "bad" });
  } catch (error) {
    seen.push(error.code);
  }
  return seen;
}
window.__calls = run();
`;

/** The client page's script, bundled for the browser. */
async function bundleClient(generated) {
  const result = await build({
    stdin: { contents: CLIENT.replace("GENERATED", pathToFileURL(generated).pathname), resolveDir: ROOT, loader: "js" },
    bundle: true,
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

function userFor(pb, token, index = 0) {
  const labels = {};
  // Ada's answer is over 1 KB, so that Connect gzips it when the browser accepts gzip.
  for (let i = 0; i < (token === "ada" ? 60 : 2); i++) labels[`label-${i}`] = `value ${i} of ${token}`;
  return create(pb.UserSchema, {
    name: token === "team" ? ["Ada", "Grace", "Linus"][index] : token[0].toUpperCase() + token.slice(1),
    id: BigInt(1815 + index) * (token === "linus" ? -1n : 1n),
    roles: ["reader", token],
    created: { seconds: 1700000000n + BigInt(index), nanos: 5000 },
    labels,
  });
}

/**
 * Starts the service on 127.0.0.1 (a free port). `calls` gets one entry per call the server
 * answered: { path, request: Buffer|null, responses: Buffer[], detail: Buffer|null }.
 */
export async function startService(generatedDir) {
  const generated = generate(generatedDir);
  const pb = await import(pathToFileURL(generated).href);
  const script = await bundleClient(generated);
  const calls = [];
  const log = (path, schema, request) => {
    const call = { path, request: request && Buffer.from(toBinary(schema, request)), responses: [], detail: null };
    calls.push(call);
    return (user) => {
      call.responses.push(Buffer.from(toBinary(pb.UserSchema, user)));
      return user;
    };
  };
  const rpc = connectNodeAdapter({
    routes(router) {
      router.service(pb.UserService, {
        whoAmI(request) {
          const send = log("/proto.UserService/WhoAmI", pb.WhoAmIRequestSchema, request);
          if (request.token === "bad") {
            const detail = create(pb.ErrorDetailSchema, { reason: "token refused", retryAfterMs: 1500n });
            calls[calls.length - 1].detail = Buffer.from(toBinary(pb.ErrorDetailSchema, detail));
            throw new ConnectError("not allowed", Code.PermissionDenied, undefined, [
              { desc: pb.ErrorDetailSchema, value: detail },
            ]);
          }
          return send(userFor(pb, request.token));
        },
        async *watch(request) {
          const send = log("/proto.UserService/Watch", pb.WhoAmIRequestSchema, request);
          for (let i = 0; i < 3; i++) yield send(userFor(pb, request.token, i));
        },
      });
    },
  });
  const server = createServer((req, res) => {
    if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(
        '<!doctype html><meta charset="utf-8"><title>capture</title><script type="module" src="/client.js"></script>',
      );
    } else if (req.url === "/client.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      res.end(script);
    } else if (req.url === "/users/7") {
      const user = log("/users/7", null, null)(userFor(pb, "seven"));
      const body = Buffer.from(toBinary(pb.UserSchema, user));
      res.writeHead(200, {
        "content-type": "application/x-protobuf; messageType=proto.User",
        "content-length": body.length,
      });
      res.end(body);
    } else if (req.url === "/favicon.ico") {
      res.writeHead(404);
      res.end();
    } else {
      rpc(req, res);
    }
  });
  await new Promise((done) => server.listen({ port: 0, host: "127.0.0.1" }, () => done(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  const url = `http://127.0.0.1:${port}`;
  return { url, calls, close: () => new Promise((done) => server.close(done)) };
}
