// Module names tsc cannot see: an esbuild alias for the generated peers (web/bench/build_suite.mjs)
// and protobuf.js 7's CLI (an npm alias without types).
declare module "wirelens-bench-peers";
declare module "protobufjs-cli7/bin/pbjs";
