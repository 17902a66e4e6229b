// The benchmark cases: schema, root type, deterministic data generator and the encoded size that
// every codec must produce (web/bench checks each codec's bytes before timing it).
import { generateBench } from "./bench/generator.mjs";
import { generatePrimitives } from "./primitives/generator.mjs";
import { generateStrings } from "./strings/generator.mjs";
import { generatePackedDoubles } from "./packedDoubles/generator.mjs";
import { generatePackedVarints } from "./packedVarints/generator.mjs";
import { generateMaps } from "./maps/generator.mjs";
import { generateDeep } from "./deep/generator.mjs";
import { generateTile } from "./tile/generator.mjs";
import { generatePartialSketch } from "./partialSketch/generator.mjs";

/**
 * name: folder and codec name; proto: the .proto in that folder; type: root message; size:
 * encoded bytes; heavy: megabytes (fewer samples, memory measured); protoJson: ProtoJSON is timed
 * too (bench_cases/CMakeLists.txt builds its JSON codec); about: one line.
 */
export const CASES = [
  {
    name: "bench",
    type: "Test",
    size: 79,
    generate: generateBench,
    protoJson: true,
    about: "protobuf.js's classic bench message: a string, numbers, 3 nested messages, 7 bools",
  },
  {
    name: "primitives",
    type: "primitives.Primitives",
    size: 1417,
    generate: generatePrimitives,
    about: "numbers only: a tree of 15 messages with every scalar type, no strings or repeated fields",
  },
  {
    name: "strings",
    type: "strings.Strings",
    size: 340371,
    generate: generateStrings,
    about: "2,000 entries of three strings: ASCII keys and values, non-ASCII notes",
  },
  {
    name: "maps",
    type: "maps.Maps",
    size: 84672,
    generate: generateMaps,
    about: "3 maps of 1,000 entries: string to int32, int32 to string, string to message",
  },
  { name: "deep", type: "deep.Node", size: 936, generate: generateDeep, about: "64 messages nested in a chain" },
  {
    name: "tile",
    type: "tile.Tile",
    size: 389190,
    generate: generateTile,
    about: "vector-tile-like: 1,600 features with packed uint32 geometry, keys and typed values",
  },
  {
    name: "packedDoubles",
    type: "packeddoubles.Doubles",
    size: 8000005,
    generate: generatePackedDoubles,
    heavy: true,
    about: "1,000,000 doubles in one packed field",
  },
  {
    name: "packedVarints",
    type: "packedvarints.Varints",
    size: 2993329,
    generate: generatePackedVarints,
    heavy: true,
    about: "1,000,000 uint32 varints of 1 to 5 bytes in one packed field",
  },
  {
    name: "partialSketch",
    type: "partialsketch.Layer",
    size: 29211520,
    generate: () => generatePartialSketch(1, 5000),
    heavy: true,
    protoJson: true,
    about: "a design document: 5,000 nested layers with 744,629 fills, 29 MB",
  },
];

for (const c of CASES) c.proto = `${c.name}/${c.name}.proto`;
