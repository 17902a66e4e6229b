// How fast `wirelens har` reads a large capture: a HAR of gRPC-web exchanges (made here, about
// --mb megabytes, --entries exchanges of tests/capture/user_service.proto) decoded to text by the
// CLI, against Node's JSON.parse of the same file alone. Whole processes, median of --runs, run in
// turns; prints the times and the ratio (the target: at most 1.5x).
// Usage: node web/bench/har_speed.mjs [--mb 100] [--entries 1000] [--runs 3]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { parseCommandLine } from "../command_line.mjs";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const CLI = resolve(ROOT, "build/native/bin/wirelens");
const PROTO_DIR = resolve(ROOT, "tests/capture");
const PROTO = "user_service.proto";

const { values } = parseCommandLine(
  {
    mb: { type: "string", default: "100" },
    entries: { type: "string", default: "1000" },
    runs: { type: "string", default: "3" },
  },
  "usage: node web/bench/har_speed.mjs [--mb 100] [--entries 1000] [--runs 3]",
  ({ values: v }) => [v.mb, v.entries, v.runs].every((n) => Number(n) > 0),
);
const entries = Number(values.entries);
const runs = Number(values.runs);

const frame = (flags, body) => {
  const header = Buffer.alloc(5);
  header[0] = flags;
  header.writeUInt32BE(body.length, 1);
  return Buffer.concat([header, body]);
};

/** A User whose labels make it about `bytes` long, written by protoc --encode. */
function user(bytes, index) {
  const labels = [];
  for (let i = 0; labels.join("").length < bytes; i++) {
    labels.push(`labels { key: "label-${index}-${i}" value: "value ${i} of user ${index}, some text" }`);
  }
  const text = `name: "user ${index}" id: ${index * 7919} roles: ["reader", "writer"] created { seconds: 1700000000 } ${labels.join(" ")}`;
  return execFileSync("protoc", [`--encode=proto.User`, `-I${PROTO_DIR}`, PROTO], { input: text });
}

function makeHar(path) {
  const perEntry = Math.floor((Number(values.mb) << 20) / entries / 1.34); // base64 grows by 4/3
  const first = user(perEntry, 1); // text longer than its encoding: scale to the size wanted
  const response = user(Math.round((perEntry * perEntry) / first.length), 1);
  const body = Buffer.concat([frame(0, response), frame(0x80, Buffer.from("grpc-status:0\r\n"))]).toString("base64");
  const request = frame(0, Buffer.from([0x0a, 0x03, 0x61, 0x64, 0x61])).toString("latin1");
  const list = [];
  for (let i = 0; i < entries; i++) {
    list.push({
      startedDateTime: new Date(1765108800000 + i).toISOString(),
      time: 3,
      request: {
        method: "POST",
        url: `https://api.example.com/proto.UserService/${i % 2 ? "WhoAmI" : "Watch"}`,
        httpVersion: "HTTP/1.1",
        headers: [{ name: "content-type", value: "application/grpc-web+proto" }],
        bodySize: 10,
        postData: { mimeType: "application/grpc-web+proto", text: request },
      },
      response: {
        status: 200,
        headers: [{ name: "content-type", value: "application/grpc-web+proto" }],
        content: { size: body.length * 0.75, mimeType: "application/grpc-web+proto", text: body, encoding: "base64" },
      },
    });
  }
  writeFileSync(
    path,
    JSON.stringify({ log: { version: "1.2", creator: { name: "har_speed", version: "1" }, entries: list } }),
  );
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
function timed(command, args) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 20 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: exit ${result.status}: ${result.stderr}`);
  return ms;
}

const dir = resolve(ROOT, "build/bench/har");
mkdirSync(dir, { recursive: true });
const har = resolve(dir, `grpcweb-${values.mb}mb-${entries}.har`);
if (!existsSync(har)) makeHar(har);
const parse = [];
const cli = [];
for (let r = 0; r < runs; r++) {
  parse.push(timed(process.execPath, ["-e", `JSON.parse(require("fs").readFileSync(${JSON.stringify(har)}, "utf8"))`]));
  cli.push(timed(CLI, ["har", har, "--proto", resolve(PROTO_DIR, PROTO), "-I", PROTO_DIR]));
}
const size = (await import("node:fs")).statSync(har).size;
console.log(`${har}: ${(size / 2 ** 20).toFixed(1)} MB, ${entries} gRPC-web exchanges`);
console.log(
  `node JSON.parse (whole process): ${median(parse).toFixed(0)} ms  [${parse.map((x) => x.toFixed(0)).join(", ")}]`,
);
console.log(
  `wirelens har --proto (to text):  ${median(cli).toFixed(0)} ms  [${cli.map((x) => x.toFixed(0)).join(", ")}]`,
);
console.log(`ratio: ${(median(cli) / median(parse)).toFixed(2)}x JSON.parse (target <= 1.5x)`);
