// A large HAR for the capture benchmarks: `entries` gRPC-web exchanges of
// tests/capture/user_service.proto (a small request, a User of about mb/entries bytes and the
// trailers in each response), about `mb` megabytes, written once under build/bench/har/.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
export const PROTO_DIR = resolve(ROOT, "tests/capture");
export const PROTO = "user_service.proto";

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

function writeHar(path, mb, entries) {
  const perEntry = Math.floor((mb << 20) / entries / 1.34); // base64 grows by 4/3
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

/** The path of the HAR of `entries` exchanges in about `mb` MB (made if missing). */
export function grpcWebHar(mb, entries) {
  const dir = resolve(ROOT, "build/bench/har");
  mkdirSync(dir, { recursive: true });
  const path = resolve(dir, `grpcweb-${mb}mb-${entries}.har`);
  if (!existsSync(path)) writeHar(path, mb, entries);
  return path;
}
