// Sessions (model/session.h): a view written and opened again in a fresh app, bad sessions
// refused without a change, the command line of a view, Copy link's limits.
#include "app/model/session.h"

#include <gtest/gtest.h>

#include <string>

#include "app/model/actions.h"

namespace wirelens::app {
namespace {

constexpr const char* kInnerProto =
    "syntax = \"proto3\";\npackage pkg;\nmessage Inner { string name = 1; bytes blob = 2; }\n";
constexpr const char* kOuterProto =
    "syntax = \"proto3\";\npackage pkg;\nimport \"inner.proto\";\n"
    "message Outer { int32 id = 1; repeated Inner inners = 2; }\n";
constexpr const char* kOtherProto = "syntax = \"proto3\";\npackage other;\nmessage Unrelated { int32 x = 1; }\n";

// pkg.Outer {id: 7 inners {name: "ab" blob: "\x08\x01"} inners {name: "cd"}}, then unknown field 9
// holding 08 01, in two gRPC frames.
std::string TwoFrames() {
  const std::string outer(
      "\x08\x07\x12\x08\x0a\x02"
      "ab\x12\x02\x08\x01\x12\x04\x0a\x02"
      "cd\x4a\x02\x08\x01",
      22);
  const std::string frame = std::string("\x00\x00\x00\x00\x16", 5) + outer;
  return frame + frame;
}

// inner.proto, outer.proto and other.proto loaded, frames.bin selected as pkg.Outer.
AppState FramesState() {
  AppState state;
  LoadFile(state, "inner.proto", FileBytes::Copy(kInnerProto));
  LoadFile(state, "outer.proto", FileBytes::Copy(kOuterProto));
  LoadFile(state, "other.proto", FileBytes::Copy(kOtherProto));
  LoadFile(state, "frames.bin", FileBytes::Copy(TwoFrames()));
  EXPECT_TRUE(Select(state, "frames.bin", "pkg.Outer"));
  EXPECT_EQ(state.payload()->framing, inspect::Framing::kGrpc);
  return state;
}

// The first node whose path is `path` from node `from` on, or kNoNode.
uint32_t Find(const AppState& state, const std::string& path, uint32_t from = 0) {
  for (uint32_t i = from; i < state.nodes.nodes.size(); ++i) {
    if (NodePath(state, i) == path) return i;
  }
  return inspect::kNoNode;
}

std::string Session(const AppState& state) {
  std::string why_not;
  std::string json = SessionJson(state, &why_not);
  EXPECT_EQ(why_not, "");
  return json;
}

TEST(Session, OpensTheSameViewInAFreshApp) {
  AppState state = FramesState();
  // The second frame's unknown field 9 shown as a string, the first frame closed, a name selected.
  const uint32_t unknown = Find(state, "frame 2.9");
  ASSERT_NE(unknown, inspect::kNoNode);
  SetInterpretation(state, unknown, inspect::Interpretation::kString);
  ToggleExpanded(state, Find(state, "frame 1"));
  const uint32_t name = Find(state, "frame 2.inners.name", Find(state, "frame 2.inners.blob"));  // the second
  ASSERT_NE(name, inspect::kNoNode);
  SelectNode(state, name);

  AppState opened;
  LoadFile(opened, "view.wirelens.json", FileBytes::Copy(Session(state)));
  ASSERT_NE(opened.payload(), nullptr) << opened.log.back().text;
  EXPECT_EQ(opened.payload()->name, "frames.bin");
  EXPECT_EQ(opened.payload()->type_name, "pkg.Outer");
  EXPECT_EQ(opened.payload()->framing, inspect::Framing::kGrpc);
  EXPECT_EQ(opened.payload()->bytes.view(), TwoFrames());
  // Only the files the type needs: other.proto stays behind.
  ASSERT_EQ(opened.schema_files.size(), 2u);
  EXPECT_EQ(opened.schema_files[0].name, "inner.proto");
  EXPECT_EQ(opened.schema_files[1].name, "outer.proto");
  EXPECT_EQ(opened.schema_files[0].content, kInnerProto);
  EXPECT_EQ(opened.overrides, state.overrides);
  EXPECT_EQ(opened.nodes.nodes.size(), state.nodes.nodes.size());
  EXPECT_EQ(opened.expanded, state.expanded);
  EXPECT_EQ(NodePath(opened, opened.selected_node), "frame 2.inners.name");
  EXPECT_EQ(opened.selected_node, state.selected_node);
  EXPECT_EQ(opened.nodes.nodes[Find(opened, "frame 2.9")].interpretation, inspect::Interpretation::kString);
  // Written again, the opened view is the same session.
  EXPECT_EQ(Session(opened), Session(state));
}

TEST(Session, ARawPayloadNeedsNoSchemaAndReplacesOneOfItsName) {
  AppState state;
  LoadFile(state, "raw.bin", FileBytes::Copy(std::string("\x08\x96\x01", 3)));
  const std::string session = Session(state);
  EXPECT_NE(session.find("\"schemas\":[]"), std::string::npos) << session;
  AppState opened;
  LoadFile(opened, "raw.bin", FileBytes::Copy(std::string("\x08\x01", 2)));
  std::string error;
  ASSERT_TRUE(LoadSession(opened, "s.wirelens.json", session, &error)) << error;
  ASSERT_EQ(opened.payloads.size(), 1u);
  EXPECT_EQ(opened.payloads[0].bytes.view(), std::string("\x08\x96\x01", 3));
  EXPECT_EQ(opened.payload()->type, -1);
  EXPECT_EQ(NodePath(opened, 0), "1");
}

TEST(Session, ABadSessionSaysWhereAndChangesNothing) {
  struct Case {
    std::string json, error;
  };
  const Case cases[] = {
      {"{\"wirelens_session\":1,", "s.wirelens.json:1:23: "},
      {"[1]", "s.wirelens.json:1:1: not a wirelens session (not a JSON object)"},
      {"{\"schemas\":[]}", "s.wirelens.json:1:1: not a wirelens session (no \"wirelens_session\" member)"},
      {"{\"wirelens_session\":2}", "s.wirelens.json:1:21: a session of another version: this app reads version 1"},
      {"{\"wirelens_session\":1}", "s.wirelens.json:1:1: the session has no payload"},
      {"{\"wirelens_session\":1,\"payload\":{\"name\":\"p\",\"base64\":\"!!\",\"type\":\"\",\"framing\":\"bare\"}}",
       "s.wirelens.json:1:54: \"base64\" is not base64"},
      {"{\"wirelens_session\":1,\"payload\":{\"name\":\"p\",\"base64\":\"\",\"type\":\"\",\"framing\":\"zip\"}}",
       "s.wirelens.json:1:77: no framing is called 'zip'"},
      {"{\"wirelens_session\":1,\"payload\":{\"name\":\"p\",\"base64\":\"\",\"type\":\"\"}}",
       "s.wirelens.json:1:33: missing \"framing\""},
      {"{\"wirelens_session\":1,\"payload\":{\"name\":\"p\",\"base64\":\"\",\"type\":\"\",\"framing\":\"bare\"},"
       "\"interpretations\":[[1,\"json\"]]}",
       "s.wirelens.json:1:107: no interpretation is called 'json'"},
      {"{\"wirelens_session\":1,\"payload\":{\"name\":\"p\",\"base64\":\"\",\"type\":\"\",\"framing\":\"bare\"},"
       "\"selected\":[-1,0]}",
       "s.wirelens.json:1:97: expected a byte offset or a depth (a whole number)"},
      {"{\"wirelens_session\":1,\"schemas\":[{\"name\":\"a.proto\"}],\"payload\":{}}",
       "s.wirelens.json:1:34: missing \"base64\""},
      {"{\"wirelens_session\":1,\"open\":[" + std::string(200001, '[') + "]}",
       "s.wirelens.json:1:1: more than 200000 arrays: not a session this app wrote"},
  };
  for (const Case& c : cases) {
    AppState state = FramesState();
    const size_t log_lines = state.log.size();
    std::string error;
    EXPECT_FALSE(LoadSession(state, "s.wirelens.json", c.json, &error)) << c.json;
    EXPECT_EQ(error.substr(0, c.error.size()), c.error) << c.json;
    EXPECT_EQ(state.payloads.size(), 1u);
    EXPECT_EQ(state.schema_files.size(), 3u);
    EXPECT_EQ(state.log.size(), log_lines);
    // Dropped as a file, the same message goes to the log.
    LoadFile(state, "s.wirelens.json", FileBytes::Copy(c.json));
    EXPECT_TRUE(state.log.back().error);
    EXPECT_EQ(state.log.back().text, error);
  }
}

TEST(Session, TheCommandNamesTheFilesTypeAndFraming) {
  AppState state = FramesState();
  EXPECT_EQ(DecodeCommand(state),
            "wirelens decode frames.bin --proto inner.proto --proto outer.proto --type pkg.Outer --framing grpc "
            "--format tree");
  LoadFile(state, "it's mine.bin", FileBytes::Copy(std::string("\x08\x01", 2)));
  EXPECT_EQ(DecodeCommand(state), "wirelens decode 'it'\\''s mine.bin' --format tree");
  EXPECT_EQ(DecodeCommand(AppState{}), "");
}

TEST(Session, CopyLinkAsksThePageAndKeepsOnlyLinksThatFit) {
  AppState state = FramesState();
  std::string asked;
  CopyLink(state, [&](const std::string& session) { asked = session; });
  EXPECT_EQ(asked, Session(state));
  EXPECT_TRUE(state.share.show);
  EXPECT_TRUE(state.share.making_link);
  const std::string link = std::string("file:///w/index.html") + kLinkFragment + "abc";
  EXPECT_TRUE(LinkMade(state, link));
  EXPECT_FALSE(state.share.making_link);
  EXPECT_EQ(state.share.link, link);
  EXPECT_FALSE(LinkMade(state, std::string(kMaxLinkChars + 1, 'x')));
  EXPECT_TRUE(state.share.too_long);
  EXPECT_EQ(state.share.link, "");
  EXPECT_EQ(state.share.link_chars, kMaxLinkChars + 1);
  // Nothing selected: nothing to hand on, and the page is not asked.
  AppState empty;
  asked.clear();
  CopyLink(empty, [&](const std::string& session) { asked = session; });
  EXPECT_EQ(asked, "");
  EXPECT_EQ(empty.share.error, "no payload is selected");
}

}  // namespace
}  // namespace wirelens::app
