// The app's model without its UI: every action on a real AppState, the paste parser, the snapshot
// the page's test hook reads. Built and run natively and in wasm, like the other suites.
#include <gtest/gtest.h>

#include <string>

#include "app/model/actions.h"
#include "app/model/app_state.h"
#include "app/model/snapshot.h"
#include "core/format/json_format.h"
#include "core/format/text_format.h"
#include "tests/inspect/compress.h"

namespace wirelens::app {
namespace {

constexpr const char* kPointProto =
    "syntax = \"proto3\";\npackage drop;\nmessage Point { int32 x = 1; int32 y = 2; string label = 3; }\n";
const std::string kPoint("\x08\x96\x01\x10\x7f\x1a\x02hi", 9);  // x: 150 y: 127 label: "hi"

std::string Bytes(const Payload& p) { return std::string(p.bytes.view()); }

// A state with drop.proto and drop.bin loaded, drop.bin selected as drop.Point.
AppState PointState() {
  AppState state;
  LoadFile(state, "drop.proto", FileBytes::Copy(kPointProto));
  LoadFile(state, "drop.bin", FileBytes::Copy(kPoint));
  EXPECT_TRUE(Select(state, "drop.bin", "drop.Point"));
  return state;
}

// The node whose path is `path`, or kNoNode.
uint32_t Find(const AppState& state, const std::string& path) {
  for (uint32_t i = 0; i < state.nodes.nodes.size(); ++i) {
    if (NodePath(state, i) == path) return i;
  }
  return inspect::kNoNode;
}

TEST(AppModel, LoadsSchemasAndPayloadsAndDecodes) {
  AppState state = PointState();
  ASSERT_EQ(state.schema_files.size(), 1u);
  EXPECT_TRUE(state.schema_files[0].errors.empty());
  ASSERT_EQ(state.payloads.size(), 1u);
  EXPECT_EQ(state.nodes.nodes.size(), 3u);
  EXPECT_EQ(NodePath(state, 2), "label");
  EXPECT_FALSE(Select(state, "drop.bin", "no.Such"));
  EXPECT_FALSE(Select(state, "nope.bin", ""));
  // A schema with an error keeps its diagnostics; the payload decodes raw when asked.
  LoadFile(state, "bad.proto", FileBytes::Copy("syntax = \"proto3\";\nmessage Bad { int32 x = 1 }\n"));
  ASSERT_EQ(state.schema_files.size(), 2u);
  ASSERT_EQ(state.schema_files[1].errors.size(), 1u);
  EXPECT_EQ(state.schema_files[1].errors[0], "bad.proto:2:27: Expected \";\".");
  EXPECT_TRUE(Select(state, "drop.bin", ""));
  EXPECT_EQ(NodePath(state, 2), "3");
}

TEST(AppModel, PastedHexAndBase64BecomePayloads) {
  AppState state;
  EXPECT_TRUE(LoadPastedPayload(state, "08 96 01"));
  EXPECT_TRUE(LoadPastedPayload(state, "0x089601"));
  EXPECT_TRUE(LoadPastedPayload(state, "CJYB"));  // base64 of 08 96 01
  ASSERT_EQ(state.payloads.size(), 3u);
  for (const Payload& p : state.payloads) EXPECT_EQ(Bytes(p), std::string("\x08\x96\x01", 3)) << p.name;
  EXPECT_EQ(state.payloads[2].name, "pasted-3.bin");
  EXPECT_FALSE(LoadPastedPayload(state, "not a payload!"));
  EXPECT_TRUE(state.log.back().error);
}

TEST(AppModel, FramingIsGuessedOnLoadAndCanBeChosen) {
  AppState state;
  LoadFile(state, "drop.proto", FileBytes::Copy(kPointProto));
  const std::string frames =
      std::string("\x00\x00\x00\x00\x09", 5) + kPoint + std::string("\x00\x00\x00\x00\x09", 5) + kPoint;
  LoadFile(state, "grpc.bin", FileBytes::Copy(frames));
  ASSERT_NE(state.payload(), nullptr);
  EXPECT_EQ(state.payload()->framing, inspect::Framing::kGrpc);
  EXPECT_EQ(NodePath(state, 0), "frame 1");
  SetFraming(state, inspect::Framing::kBare);
  EXPECT_FALSE(state.nodes.first_error.ok());
}

TEST(AppModel, LoadedBenchmarkInputIsTheSchemaAndTheTypedPayloadsWithTheirFraming) {
  AppState state = PointState();
  LoadFile(state, "raw.bin", FileBytes::Copy(kPoint));  // no type chosen: not a case
  const std::string frame = std::string("\x00\x00\x00\x00\x09", 5) + kPoint;
  LoadFile(state, "grpc.bin", FileBytes::Copy(frame + frame));
  ASSERT_TRUE(Select(state, "grpc.bin", "drop.Point"));
  ASSERT_EQ(state.payload()->framing, inspect::Framing::kGrpc);
  const LoadedBenchInput input = LoadedBenchmarkInput(state);
  ASSERT_EQ(input.payloads.size(), 2u);
  EXPECT_EQ(input.payloads[0].name, "drop.bin");
  EXPECT_EQ(input.payloads[0].type_name, "drop.Point");
  EXPECT_STREQ(input.payloads[0].framing, "bare");
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(input.payloads[0].data), input.payloads[0].size), kPoint);
  EXPECT_EQ(input.payloads[1].name, "grpc.bin");
  EXPECT_STREQ(input.payloads[1].framing, "grpc");
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(input.payloads[1].data), input.payloads[1].size), frame + frame);
  // The descriptor set reads back as the loaded schema.
  const schema::LoadResult set = schema::LoadDescriptorSet(
      reinterpret_cast<const uint8_t*>(input.descriptor_set.data()), input.descriptor_set.size());
  ASSERT_TRUE(set.ok()) << set.errors[0].ToString();
  const int point = set.schema.FindMessage("drop.Point");
  ASSERT_GE(point, 0);
  EXPECT_EQ(set.schema.messages[point].fields.size(), 3u);
  EXPECT_EQ(set.schema.messages[point].fields[2].json_name, "label");
}

TEST(AppModel, SearchRunsInStepsAndFollowsTheDecode) {
  AppState state = PointState();
  StartSearch(state, "x=150");
  while (ContinueSearching(state)) {}
  ASSERT_EQ(state.search.results.size(), 1u);
  EXPECT_EQ(NodePath(state, state.search.results[0]), "x");
  JumpToSearchResult(state, 0);
  EXPECT_EQ(state.selected_node, state.search.results[0]);
  StartSearch(state, "0x1");
  EXPECT_EQ(state.search.error, "an odd number of hex digits (two per byte)");
  StartSearch(state, "label");
  while (ContinueSearching(state)) {}
  EXPECT_EQ(state.search.match_count, 1u);
  ASSERT_TRUE(Select(state, "drop.bin", ""));  // raw: no field is named label now
  while (ContinueSearching(state)) {}
  EXPECT_EQ(state.search.match_count, 0u);
}

TEST(AppModel, EditsChangeTheBytesAndDecodeAgain) {
  AppState state = PointState();
  ASSERT_TRUE(EditValue(state, Find(state, "label"), "\"hello\""));
  EXPECT_EQ(Bytes(*state.payload()), std::string("\x08\x96\x01\x10\x7f\x1a\x05hello", 12));
  EXPECT_EQ(NodePath(state, state.selected_node), "label");
  EXPECT_EQ(state.payload()->edits, 1);
  EXPECT_FALSE(EditValue(state, Find(state, "x"), "3000000000"));
  EXPECT_EQ(state.edit_error, "out of range for int32");
  ASSERT_TRUE(DeleteField(state, Find(state, "y")));
  ASSERT_TRUE(AddFieldTo(state, inspect::kNoNode, 2, schema::FieldType::kInt32, "-1"));
  EXPECT_EQ(Bytes(*state.payload()),
            std::string("\x08\x96\x01\x1a\x05hello\x10\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 21));
  EXPECT_EQ(NodePath(state, state.selected_node), "y");
  ASSERT_TRUE(EncodeFromText(state, "label: \"a\" x: 1"));
  EXPECT_EQ(Bytes(*state.payload()), std::string("\x08\x01\x1a\x01\x61", 5));
  EXPECT_FALSE(EncodeFromText(state, "x: 1 x: 2"));
  EXPECT_EQ(state.edit_error, "1:6: Non-repeated field \"x\" is specified multiple times.");
  ASSERT_TRUE(EncodeFromText(state, R"({"label": "b", "y": "-1"})", TextEditFormat::kJson));
  EXPECT_EQ(Bytes(*state.payload()), std::string("\x10\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x1a\x01\x62", 14));
  EXPECT_FALSE(EncodeFromText(state, R"({"x": 1.5})", TextEditFormat::kJson));
  EXPECT_EQ(state.edit_error, "1:7: x: not an integer: 1.5");
}

TEST(AppModel, DiffComparesWithAnotherPayloadAndFollowsTheDecode) {
  AppState state = PointState();
  LoadFile(state, "other.bin", FileBytes::Copy(std::string("\x08\x97\x01\x1a\x03hi!", 8)));
  ASSERT_TRUE(Select(state, "drop.bin", "drop.Point"));
  DiffWith(state, "other.bin");
  EXPECT_TRUE(state.show_diff);
  ASSERT_EQ(state.diff.entries.size(), 3u);
  EXPECT_EQ(inspect::DiffText(state.diff.entries), "~ x: 150 -> 151\n- y: 127\n~ label: \"hi\" -> \"hi!\"\n");
  SelectDiffEntry(state, 2);
  EXPECT_EQ(NodePath(state, state.selected_node), "label");
  ASSERT_TRUE(EditValue(state, Find(state, "x"), "151"));
  RefreshDiff(state);
  EXPECT_EQ(state.diff.entries.size(), 2u);
  DiffWith(state, "missing.bin");
  EXPECT_EQ(state.diff.error, "no payload 'missing.bin' to compare with");
}

TEST(AppModel, InferredSchemaDecodesThePayload) {
  AppState state;
  LoadFile(state, "drop.bin", FileBytes::Copy(kPoint));
  InferSchema(state);
  ASSERT_NE(state.payload(), nullptr);
  EXPECT_GE(state.payload()->type, 0);
  EXPECT_EQ(state.schema_files.back().name, "drop.bin.inferred.proto");
  EXPECT_TRUE(state.nodes.first_error.ok());
}

TEST(AppModel, LargeGzipBodiesInflateASlicePerFrame) {
  std::string body;
  while (body.size() < 6000000) body += "\x08\x96\x01";
  const std::string gzip = wirelens::testing::Compress(body, 31, /*level=*/1);

  AppState state;
  LoadFile(state, "big.bin.gz", FileBytes::Copy(gzip));
  ASSERT_EQ(state.unpacking.size(), 1u);  // 1 MB inflated at once, the rest a slice per frame
  EXPECT_TRUE(state.payloads.empty());
  EXPECT_GT(state.unpacking[0]->unpacker->progress(), 0.0);
  while (ContinueUnpacking(state)) {}
  ASSERT_EQ(state.payloads.size(), 1u);
  EXPECT_EQ(Bytes(state.payloads[0]), body);
  ASSERT_EQ(state.payloads[0].unpacked.size(), 1u);
  EXPECT_EQ(state.payloads[0].unpacked[0].substr(0, 6), "gzip: ");
  EXPECT_NE(state.payloads[0].unpacked[0].find(" bytes at 0 inflated to 6,000,000 bytes"), std::string::npos);
  EXPECT_EQ(state.selected_payload, 0);

  // A second load of the same name while it inflates replaces it.
  LoadFile(state, "big.bin.gz", FileBytes::Copy(gzip));
  LoadFile(state, "big.bin.gz", FileBytes::Copy(std::string("\x08\x01", 2)));
  EXPECT_TRUE(state.unpacking.empty());
  EXPECT_EQ(Bytes(state.payloads[0]), std::string("\x08\x01", 2));
}

TEST(AppModel, ANodePickedInTheTreeScrollsOnlyTheHexView) {
  AppState state = PointState();
  state.scroll_tree_to_selection = state.scroll_hex_to_selection = false;
  SelectNode(state, Find(state, "y"), /*scroll_tree=*/false);
  EXPECT_EQ(state.selected_node, Find(state, "y"));
  EXPECT_FALSE(state.scroll_tree_to_selection);
  EXPECT_TRUE(state.scroll_hex_to_selection);
  SelectNode(state, Find(state, "label"));  // from search, diff or the hex view
  EXPECT_TRUE(state.scroll_tree_to_selection);
}

// Outer { first { a: 1 b: 2 } n: 3 second { a: 4 } }, every node collapsed, nothing selected.
AppState NestedState() {
  AppState state;
  LoadFile(state, "nav.proto",
           FileBytes::Copy("syntax = \"proto3\";\npackage nav;\nmessage Inner { int32 a = 1; int32 b = 2; }\n"
                           "message Outer { Inner first = 1; int32 n = 2; Inner second = 3; }\n"));
  LoadFile(state, "nav.bin", FileBytes::Copy(std::string("\x0a\x04\x08\x01\x10\x02\x10\x03\x1a\x02\x08\x04", 12)));
  EXPECT_TRUE(Select(state, "nav.bin", "nav.Outer"));
  state.expanded.assign(state.nodes.nodes.size(), false);
  state.rows_dirty = true;
  state.selected_node = inspect::kNoNode;
  return state;
}

TEST(AppModel, ArrowKeysWalkTheFieldsTree) {
  AppState state = NestedState();
  const auto selected = [&] { return NodePath(state, state.selected_node); };
  MoveSelection(state, TreeMove::kDown);
  EXPECT_EQ(selected(), "first");
  EXPECT_TRUE(state.scroll_nearest);
  MoveSelection(state, TreeMove::kExpandOrChild);  // opens it, the selection stays
  EXPECT_EQ(selected(), "first");
  EXPECT_TRUE(state.expanded[Find(state, "first")]);
  MoveSelection(state, TreeMove::kExpandOrChild);
  EXPECT_EQ(selected(), "first.a");
  MoveSelection(state, TreeMove::kDown);
  MoveSelection(state, TreeMove::kDown);
  EXPECT_EQ(selected(), "n");
  MoveSelection(state, TreeMove::kUp);
  EXPECT_EQ(selected(), "first.b");
  MoveSelection(state, TreeMove::kCollapseOrParent);  // a leaf: to its parent
  EXPECT_EQ(selected(), "first");
  MoveSelection(state, TreeMove::kCollapseOrParent);  // closes it
  EXPECT_EQ(selected(), "first");
  MoveSelection(state, TreeMove::kDown);
  EXPECT_EQ(selected(), "n");  // first's children are hidden now
  MoveSelection(state, TreeMove::kLast);
  EXPECT_EQ(selected(), "second");
  MoveSelection(state, TreeMove::kDown);  // at the end it stays
  EXPECT_EQ(selected(), "second");
  MoveSelection(state, TreeMove::kPageUp, 10);
  EXPECT_EQ(selected(), "first");
  MoveSelection(state, TreeMove::kPageDown, 2);
  EXPECT_EQ(selected(), "second");

  // A selection its parent's collapse hid: Left goes to that parent.
  SelectNode(state, Find(state, "second.a"));
  EXPECT_FALSE(state.scroll_nearest);
  ToggleExpanded(state, Find(state, "second"));
  MoveSelection(state, TreeMove::kCollapseOrParent);
  EXPECT_EQ(selected(), "second");

  // With nothing selected, Up starts from the last row.
  state.selected_node = inspect::kNoNode;
  MoveSelection(state, TreeMove::kUp);
  EXPECT_EQ(selected(), "second");
}

TEST(AppModel, ArrowKeysMoveTheHexCursorThroughTheElements) {
  AppState state = NestedState();
  SelectNode(state, Find(state, "n"));
  EXPECT_EQ(state.hex_cursor, 6u);  // its tag
  MoveHexCursor(state, 1);
  EXPECT_EQ(state.hex_cursor, 7u);
  EXPECT_EQ(NodePath(state, state.selected_node), "n");
  MoveHexCursor(state, 1);
  EXPECT_EQ(NodePath(state, state.selected_node), "second");
  MoveHexCursor(state, 2);
  EXPECT_EQ(NodePath(state, state.selected_node), "second.a");
  EXPECT_TRUE(state.scroll_nearest);
  MoveHexCursor(state, -100);  // kept within the payload
  EXPECT_EQ(state.hex_cursor, 0u);
  EXPECT_EQ(NodePath(state, state.selected_node), "first");
  MoveHexCursor(state, 100);
  EXPECT_EQ(state.hex_cursor, 11u);
  EXPECT_EQ(NodePath(state, state.selected_node), "second.a");
}

TEST(AppModel, ABenchmarkRunAsksForTheChosenCasesAndCodecs) {
  BenchState bench;
  EXPECT_FALSE(CanStartBenchmarkRun(bench));
  for (const char* name : {"bench", "tile", "maps"}) {
    bench.cases.emplace_back();
    bench.cases.back().name = name;
    bench.cases.back().chosen = std::string(name) != "bench";
  }
  for (const char* id : {"wirelens", "pbjs8-static"}) {
    bench.codecs.emplace_back();
    bench.codecs.back().id = id;
    bench.codecs.back().chosen = std::string(id) == "wirelens";
  }
  bench.quick = true;
  bench.error = "an earlier run failed";
  ASSERT_TRUE(CanStartBenchmarkRun(bench));
  const BenchRunRequest run = StartBenchmarkRun(bench);
  EXPECT_TRUE(run.quick);
  EXPECT_EQ(run.cases, "tile,maps");
  EXPECT_EQ(run.codecs, "wirelens");
  EXPECT_TRUE(bench.running);
  EXPECT_TRUE(bench.error.empty());
  for (BenchCodec& codec : bench.codecs) codec.chosen = false;
  EXPECT_FALSE(CanStartBenchmarkRun(bench));
}

TEST(AppModel, SnapshotShowsWhatThePanelsShow) {
  AppState state = PointState();
  StartSearch(state, "y");
  while (ContinueSearching(state)) {}
  SelectNode(state, Find(state, "label"));
  const std::string json = SnapshotJson(state);
  for (const char* part :
       {"\"selected_payload\":\"drop.bin\"", "\"selected_type\":\"drop.Point\"", "\"framing\":\"bare\"",
        "\"path\":\"label\"", "\"highlight\":{\"tag\":[5,6],\"length\":[6,7],\"value\":[7,9]}",
        "\"search\":{\"query\":\"y\",\"error\":\"\",\"running\":false", "\"results\":[\"y\"]", "\"edit_error\":\"\""}) {
    EXPECT_NE(json.find(part), std::string::npos) << part << " in " << json;
  }
}

// The decode's budget follows the machine's idle frame, not a burst of frames something else held
// up (issue 46: a page fetching a big file doubled Firefox's idle frames for a second).
TEST(AppModel, DecodeBudgetIsThreeQuartersOfAnIdleFrameUnmovedByABurstOfSlowOnes) {
  FrameClock clock;
  double t = 1000;
  auto frames = [&](int count, double interval, bool busy) {
    for (int i = 0; i < count; ++i, t += interval) clock.Record(t, 0.5, t + 1, busy);
  };
  EXPECT_NEAR(DecodeBudgetMs(clock), 12.5, 1e-9);  // before any: 3/4 of 60 Hz's 16.7 ms
  frames(100, 20, false);
  EXPECT_DOUBLE_EQ(DecodeBudgetMs(clock), 15);
  frames(60, 40, false);  // a burst of slow idle frames, more than the median's share of the history
  EXPECT_DOUBLE_EQ(DecodeBudgetMs(clock), 15);
  frames(40, 200, true);  // busy frames do not count
  EXPECT_DOUBLE_EQ(DecodeBudgetMs(clock), 15);
  frames(127, 36, false);  // the machine got slower for good
  EXPECT_DOUBLE_EQ(DecodeBudgetMs(clock), 27);
  frames(127, 100, false);  // never more than kMaxDecodeBudgetMs
  EXPECT_DOUBLE_EQ(DecodeBudgetMs(clock), kMaxDecodeBudgetMs);
  frames(127, 5, false);  // nor less than kMinDecodeBudgetMs
  EXPECT_DOUBLE_EQ(DecodeBudgetMs(clock), kMinDecodeBudgetMs);
}

// Export prints a plain payload straight from its bytes and any other from its nodes: the same text
// as the node printers either way.
TEST(AppModel, ExportTextIsTheNodePrintersTextFromTheBytesOrTheNodes) {
  AppState state = PointState();
  const auto from_nodes = [&](bool json) {
    if (!json) return format::TextFormat(state.nodes, state.payload()->bytes.bytes(), state.schema);
    std::string out, error;
    if (!format::JsonFormat(state.nodes, state.payload()->bytes.bytes(), state.schema, &out, &error)) {
      out += "\n// no JSON form: " + error;
    }
    return out;
  };
  EXPECT_EQ(ExportText(state, false), "x: 150\ny: 127\nlabel: \"hi\"\n");
  EXPECT_EQ(ExportText(state, true), "{\"x\":150,\"y\":127,\"label\":\"hi\"}");
  for (const bool json : {false, true}) EXPECT_EQ(ExportText(state, json), from_nodes(json));
  // Out of field-number order and a field given twice: not plain, printed from the merged nodes.
  LoadFile(state, "merge.bin", FileBytes::Copy(std::string("\x10\x01\x08\x05\x10\x02", 6)));
  ASSERT_TRUE(Select(state, "merge.bin", "drop.Point"));
  EXPECT_EQ(ExportText(state, false), "x: 5\ny: 2\n");
  for (const bool json : {false, true}) EXPECT_EQ(ExportText(state, json), from_nodes(json));
  // Raw: text as --decode_raw prints it ("hi" parses as a message); no JSON form.
  ASSERT_TRUE(Select(state, "drop.bin", ""));
  EXPECT_EQ(ExportText(state, false), "1: 150\n2: 127\n3 {\n  13: 105\n}\n");
  for (const bool json : {false, true}) EXPECT_EQ(ExportText(state, json), from_nodes(json));
}

// Export > Download of a 5 MB payload: printed over frames (each within the work budget), the file
// the same text ExportText prints at once; dropped when the payload's decode changes under it.
TEST(AppModel, ExportsALargePayloadASlicePerFrameOrDropsIt) {
  AppState state = PointState();
  LoadFile(state, "lines.proto",
           FileBytes::Copy("syntax = \"proto3\";\npackage lines;\nmessage Point { int32 x = 1; int32 y = 2; }\n"
                           "message Line { string name = 1; repeated Point points = 2; }\n"
                           "message Lines { repeated Line lines = 1; }\n"));
  std::string line = "\x0a\x04line";
  for (int i = 0; i < 25000; ++i) line += std::string("\x12\x04\x08") + char(i % 100 + 1) + "\x10" + char(i % 7 + 1);
  const size_t n = line.size();  // 150,006: a three-byte varint
  const std::string length = {char((n & 0x7f) | 0x80), char(((n >> 7) & 0x7f) | 0x80), char(n >> 14)};
  std::string lines;
  for (int i = 0; i < 32; ++i) lines += "\x0a" + length + line;
  LoadFile(state, "lines.bin", FileBytes::Copy(lines));
  ASSERT_TRUE(Select(state, "lines.bin", "lines.Lines"));
  while (ContinueDecoding(state)) {}
  std::string out, finished;
  int discarded = 0;
  const ExportSink sink{[&](std::string_view piece) { out += piece; },
                        [&](const std::string& name) { finished = name; }, [&] { ++discarded; }};
  for (const bool json : {false, true}) {
    out.clear();
    StartExport(state, json, sink);
    int frames = 1;
    while (ContinueExporting(state)) ++frames;
    EXPECT_GT(frames, 2);
    EXPECT_EQ(finished, json ? "lines.bin.json" : "lines.bin.txtpb");
    EXPECT_EQ(out, ExportText(state, json));
  }
  const std::string start = "{\"lines\":[{\"name\":\"line\",\"points\":[{\"x\":1,\"y\":1},{\"x\":2,";
  EXPECT_EQ(out.substr(0, start.size()), start);
  finished.clear();
  StartExport(state, false, sink);
  ASSERT_NE(state.exporting, nullptr);
  ASSERT_TRUE(Select(state, "drop.bin", "drop.Point"));
  EXPECT_FALSE(ContinueExporting(state));
  EXPECT_EQ(discarded, 1);
  EXPECT_EQ(finished, "");
  EXPECT_EQ(state.log.back().text, "export of lines.bin.txtpb cancelled: the payload changed");
}

TEST(AppModel, TextSizeStepsStayInRangeAndReset) {
  AppState state;
  ChangeTextSize(state, 2);
  EXPECT_EQ(state.screen.text_size, kDefaultTextSize + 2);
  ChangeTextSize(state, 100);
  EXPECT_EQ(state.screen.text_size, kMaxTextSize);
  ChangeTextSize(state, -100);
  EXPECT_EQ(state.screen.text_size, kMinTextSize);
  ChangeTextSize(state, 0);
  EXPECT_EQ(state.screen.text_size, kDefaultTextSize);
}

}  // namespace
}  // namespace wirelens::app
