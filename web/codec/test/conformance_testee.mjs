// Conformance testee for the JS API (run by the official runner through tests/conformance):
// each payload (binary, JSON or text format) is read into a plain JS object and written from it
// in the requested format by the codec's JS calls. A binary round trip must also equal the C++
// round trip (a resident message decoding and encoding the same bytes), byte for byte; a
// difference is reported as a runtime error, so it fails the suite.
// With --table, the test messages are the table codec's instead (compile() of the descriptor set
// FILE.pb): binary protobuf with codecs/table.wl.js; JSON and text format too with the module built
// with formats (codecs/table_formats.wl.js); each binary round trip held to the generated C++ one.
// Usage: node conformance_testee.mjs PATH/conformance.wl.js [--table PATH/table[_formats].wl.js FILE.pb]
import { readFileSync, readSync, writeSync } from "node:fs";
import { pathToFileURL } from "node:url";

const { load, DecodeError, FormatError } = await import(pathToFileURL(process.argv[2]).href);
const codecs = await load();
const { ConformanceRequest, ConformanceResponse } = codecs;
const tableModule = process.argv[3] === "--table" ? await import(pathToFileURL(process.argv[4]).href) : null;
// Every message type of the descriptor set, compiled by the table codec module.
const tableCodecs = tableModule && (await tableModule.load()).compile(new Uint8Array(readFileSync(process.argv[5])));
// Each module has its own error classes.
const isDecodeError = (e) => e instanceof DecodeError || (tableModule && e instanceof tableModule.DecodeError);
const isFormatError = (e) => e instanceof FormatError || (tableModule && e instanceof tableModule.FormatError);
// Whether the table module has JSON and text format: its toJson of an empty message works.
const tableFormats = tableCodecs !== null && hasFormats(tableCodecs);
function hasFormats(compiled) {
  try {
    compiled.byFullName.values().next().value.toJson({});
    return true;
  } catch {
    return false;
  }
}
// conformance.WireFormat and TestCategory values
const PROTOBUF = 1,
  JSON_FORMAT = 2,
  TEXT_FORMAT = 4;
const JSON_IGNORE_UNKNOWN_PARSING_TEST = 3;
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

// The request's payload as a plain object, or an answer (parse error, skipped).
function read(codec, request) {
  try {
    if (request.protobufPayload !== null) return { message: codec.decode(request.protobufPayload) };
    if (request.jsonPayload !== null) {
      const ignoreUnknownFields = request.testCategory === JSON_IGNORE_UNKNOWN_PARSING_TEST;
      return { message: codec.fromJson(request.jsonPayload, { ignoreUnknownFields }) };
    }
    if (request.textPayload !== null) return { message: codec.fromText(request.textPayload) };
  } catch (e) {
    if (isDecodeError(e)) return { answer: { parseError: `${e.kind} at byte ${e.offset}` } };
    if (isFormatError(e)) return { answer: { parseError: e.message } };
    return { answer: { runtimeError: `reading threw: ${e.message}` } };
  }
  return { answer: { skipped: "only binary protobuf, JSON and text format input are supported" } };
}

function write(codec, request, message) {
  try {
    switch (request.requestedOutputFormat) {
      case PROTOBUF:
        return { protobufPayload: codec.encode(message) };
      case JSON_FORMAT:
        return { jsonPayload: codec.toJson(message) };
      case TEXT_FORMAT:
        return { textPayload: codec.toText(message, { printUnknownFields: request.printUnknownFields }) };
      default:
        return { skipped: "only binary protobuf, JSON and text format output are supported" };
    }
  } catch (e) {
    if (isFormatError(e)) return { serializeError: e.message };
    return { runtimeError: `writing threw: ${e.message}` };
  }
}

function answer(request) {
  if (request.messageType === "conformance.FailureSet") return { protobufPayload: new Uint8Array(0) };
  // The test messages by full name: the proto2/proto3 ones, and their editions variants when the
  // codec was built with them (whose codec names are qualified: the short names are the same).
  const codec = codecs.byFullName.get(request.messageType);
  if (!codec) return { skipped: `unknown message type ${request.messageType}` };
  const table = tableCodecs?.byFullName.get(request.messageType);
  const binary = request.protobufPayload !== null && request.requestedOutputFormat === PROTOBUF;
  if (tableCodecs && (!table || (!binary && !tableFormats))) {
    return { skipped: "the table codec without formats: binary protobuf of the test messages only" };
  }
  const { message, answer } = read(table ?? codec, request);
  if (answer) return answer;
  const response = write(table ?? codec, request, message);
  if (request.protobufPayload === null || response.protobufPayload === undefined) return response;
  if (!residents.has(codec)) residents.set(codec, codec.create());
  const viaCpp = residents.get(codec).decode(request.protobufPayload).encode();
  if (hex(response.protobufPayload) !== hex(viaCpp)) {
    return {
      runtimeError: `JS round trip ${hex(response.protobufPayload)} differs from the C++ round trip ${hex(viaCpp)}`,
    };
  }
  return response;
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
