// Conformance testee for the JS API (run by the official runner through tests/conformance):
// each binary payload is decoded into a plain JS object and encoded back from it. The answer must
// also equal the C++ round trip (a resident message decoding and encoding the same bytes), byte
// for byte; a difference is reported as a runtime error, so it fails the suite.
// Usage: node conformance_testee.mjs PATH/conformance.wl.js
import { readSync, writeSync } from "node:fs";
import { pathToFileURL } from "node:url";

const { load, DecodeError } = await import(pathToFileURL(process.argv[2]).href);
const codecs = await load();
const { ConformanceRequest, ConformanceResponse } = codecs;
const PROTOBUF = 1; // conformance.WireFormat.PROTOBUF
const types = {
  "protobuf_test_messages.proto3.TestAllTypesProto3": codecs.TestAllTypesProto3,
  "protobuf_test_messages.proto2.TestAllTypesProto2": codecs.TestAllTypesProto2,
};
const residents = new Map();

function readExact(n) {
  const out = Buffer.alloc(n);
  let got = 0;
  while (got < n) {
    const r = readSync(0, out, got, n - got, null);
    if (r === 0) return null;
    got += r;
  }
  return out;
}

function hex(bytes) {
  return Buffer.from(bytes).toString("hex");
}

function answer(request) {
  if (request.messageType === "conformance.FailureSet") return { protobufPayload: new Uint8Array(0) };
  if (request.protobufPayload === null || request.requestedOutputFormat !== PROTOBUF) {
    return { skipped: "only binary protobuf input and output are supported" };
  }
  const codec = types[request.messageType];
  if (!codec) return { runtimeError: `unknown message type ${request.messageType}` };
  let viaJs;
  try {
    viaJs = codec.encode(codec.decode(request.protobufPayload));
  } catch (e) {
    if (e instanceof DecodeError) return { parseError: `${e.kind} at byte ${e.offset}` };
    return { runtimeError: `JS round trip threw: ${e.message}` };
  }
  if (!residents.has(codec)) residents.set(codec, codec.create());
  const viaCpp = residents.get(codec).decode(request.protobufPayload).encode();
  if (hex(viaJs) !== hex(viaCpp)) {
    return { runtimeError: `JS round trip ${hex(viaJs)} differs from the C++ round trip ${hex(viaCpp)}` };
  }
  return { protobufPayload: viaJs };
}

for (;;) {
  const header = readExact(4);
  if (header === null) break;
  const frame = readExact(header.readUInt32LE(0));
  let response;
  try {
    response = answer(ConformanceRequest.decode(frame));
  } catch (e) {
    response = { runtimeError: `cannot handle the request: ${e.message}` };
  }
  const out = ConformanceResponse.encode(response);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(out.length, 0);
  writeSync(1, length);
  writeSync(1, out);
}
