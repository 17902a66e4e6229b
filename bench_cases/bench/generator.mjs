// The bench case's one message (bench_cases/bench/README.md), protobuf.js field names.
export function generateBench() {
  return {
    string: "Lorem ipsum dolor sit amet.",
    uint32: 9000,
    inner: {
      int32: 20161110,
      innerInner: { long: 649545084044315, enum: 1, sint32: -42 },
      outer: { bool: [true, false, false, true, false, false, true], double: 204.8 },
    },
    float: 0.25,
  };
}
