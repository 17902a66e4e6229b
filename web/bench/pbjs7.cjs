// pbjs of protobufjs-cli 1.1.2 (the static-code generator of protobuf.js 7) run against
// protobuf.js 7.2.6: the tree's "protobufjs" is version 8, so requests for it are sent to the
// "protobufjs7" alias. Usage: node pbjs7.cjs <pbjs arguments>
const Module = /** @type {any} */ (require("module")); // _resolveFilename: Node's internal resolver
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "protobufjs" || request.startsWith("protobufjs/"))
    request = request.replace(/^protobufjs/, "protobufjs7");
  return resolve.call(this, request, ...rest);
};
require("protobufjs-cli7/bin/pbjs");
