// The contract between the C++ half of the JS codecs and web/codec/runtime.js, as a JSON object:
// built into its own small module (js_contract.wasm), which web/codec/assemble.mjs runs once at
// build time to write the contract into every assembled codec. It depends on core/jsbind and the
// toolchain's libc++ only, never on a schema, so the codecs themselves carry none of this code
// (2.6 KB of the bench codec's wasm, most of it the std::map the layout check builds).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "core/format/json_escapes.h"
#include "core/jsbind/exports.h"

namespace wirelens {

// Box's members, for the contract; a Box's layout does not depend on what it holds.
struct LayoutProbe {
  void Clear() {}
};
template <>
struct MessageLayout<Box<LayoutProbe>> {
  static uint32_t Pointer() {
    Box<LayoutProbe> box;
    return jsbind::OffsetIn(&box, &box.ptr_);
  }
  static uint32_t Present() {
    Box<LayoutProbe> box;
    return jsbind::OffsetIn(&box, &box.present_);
  }
};

}  // namespace wirelens

namespace wirelens::jsbind {
namespace {

uint32_t WordAt(const void* object, size_t word) {
  uint32_t v;
  std::memcpy(&v, static_cast<const char*>(object) + 4 * word, 4);
  return v;
}
uint32_t Address(const void* p) { return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(p)); }

// std::map as runtime.js's treeNext walks it (libc++'s __tree): the map's words are its first
// node, then the end node (whose left link is the root); a node's words are its left, right and
// parent links. True when that walk, from the first node to the end node, meets every key in order.
bool MapWalkHolds() {
  std::map<int32_t, int32_t> map;
  for (int32_t key : {40, 10, 70, 20, 60, 30, 50}) map[key] = -key;
  const uint32_t end = Address(&map) + 4, key_offset = MapNodeLayout<decltype(map)>::KeyOffset();
  const auto word = [](uint32_t address) { return WordAt(reinterpret_cast<const void*>(uintptr_t{address}), 0); };
  if (sizeof(void*) != 4 || word(end) == 0) return false;
  int32_t expected = 10;
  for (uint32_t node = WordAt(&map, 0); node != end; expected += 10) {
    if (static_cast<int32_t>(word(node + key_offset)) != expected) return false;
    uint32_t right = word(node + 4);
    if (right != 0) {
      while (word(right) != 0) right = word(right);
      node = right;
      continue;
    }
    while (word(word(node + 8)) != node) node = word(node + 8);
    node = word(node + 8);
  }
  return expected == 80;
}

// True when std::string, std::vector (bool too), std::map and Box lie in memory as
// web/codec/runtime.js's in-place readers assume (libc++'s layouts on wasm32).
bool InPlaceLayoutHolds() {
  // std::string (libc++'s alternate layout, which Emscripten's ABI version 2 selects): a short one
  // keeps its characters first and its size in its last byte (high bit clear); a long one has
  // data pointer, size, then a capacity word with the high bit set.
  const std::string short_string = "ab", long_string(40, 'x');
  const auto* short_bytes = reinterpret_cast<const uint8_t*>(&short_string);
  const auto* long_bytes = reinterpret_cast<const uint8_t*>(&long_string);
  const bool strings = sizeof(std::string) == 12 && short_bytes[11] == 2 &&
                       short_string.data() == reinterpret_cast<const char*>(short_bytes) &&
                       (long_bytes[11] & 0x80) != 0 && WordAt(&long_string, 0) == Address(long_string.data()) &&
                       WordAt(&long_string, 1) == 40;
  // std::vector: begin, end.
  const std::vector<int32_t> vector = {1, 2, 3};
  const bool vectors = WordAt(&vector, 0) == Address(vector.data()) && WordAt(&vector, 1) == Address(vector.data() + 3);
  // std::vector<bool>: a pointer to 32-bit words of bits (the first value in bit 0), then size.
  const std::vector<bool> bits = {true, false, true, true};
  const uint32_t bits_at = WordAt(&bits, 0);
  uint32_t first_word = 0;
  if (sizeof(void*) == 4 && bits_at != 0)
    std::memcpy(&first_word, reinterpret_cast<const void*>(uintptr_t{bits_at}), 4);
  const bool bit_vectors = WordAt(&bits, 1) == 4 && first_word == 0xd;
  // Box: the pointer is the unique_ptr's first word; the flag a byte.
  using Layout = MessageLayout<Box<LayoutProbe>>;
  Box<LayoutProbe> box;
  const auto* box_bytes = reinterpret_cast<const uint8_t*>(&box);
  const bool absent = box_bytes[Layout::Present()] == 0;
  box.Mutable();
  const bool present = box_bytes[Layout::Present()] == 1 && WordAt(&box, Layout::Pointer() / 4) == Address(box.get());
  return strings && vectors && bit_vectors && MapWalkHolds() && absent && present && sizeof(bool) == 1 &&
         Layout::Pointer() % 4 == 0;
}

// wl_contract's JSON, written member by member.
struct ContractJson {
  std::string text;

  // Appends "key": and `open` ("{" or "[").
  void Open(const char* key, const char* open) {
    Key(key);
    text += open;
  }
  // Appends "key":value, (a bool as 0 or 1).
  void Member(const char* key, uint32_t value) {
    Key(key);
    Number(value);
    text += ',';
  }
  // Appends ["first","second"], (error kind names and sentences: plain ASCII, nothing to escape).
  void Pair(const char* first, const char* second) {
    text += "[\"";
    text += first;
    text += "\",\"";
    text += second;
    text += "\"],";
  }
  // Appends [first,second], (code point ranges).
  void Range(uint32_t first, uint32_t second) {
    text += '[';
    Number(first);
    text += ',';
    Number(second);
    text += "],";
  }
  // Ends the open object or array with `close` ("}" or "]") in place of its last member's comma.
  void Close(const char* close) {
    if (text.back() == ',') text.pop_back();
    text += close;
    text += ',';
  }
  // Ends the whole object; returns its text.
  const char* Finish() {
    Close("}");
    text.pop_back();
    return text.c_str();
  }

 private:
  void Number(uint32_t value) {
    char digits[10];
    int count = 0;
    do {
      digits[count++] = static_cast<char>('0' + value % 10);
      value /= 10;
    } while (value != 0);
    while (count > 0) text += digits[--count];
  }
  void Key(const char* key) {
    text += '"';
    text += key;
    text += "\":";
  }
};

}  // namespace
}  // namespace wirelens::jsbind

extern "C" {

// The contract as a NUL-terminated JSON object (assemble.mjs writes it into the codec's JS, where
// the runtime reads it when it loads): the State fields' word offsets, the tape's string flags and
// depth limit, the buffer ids of wl_reserve, the resident field operations, the error kinds
// (name and sentence by number) and the layouts resident getters read in place (whether they hold,
// std::string's size, Box's members). Written here only, from the definitions themselves.
WL_EXPORT_NAME("wl_contract") const char* wl_contract() {
  using wirelens::jsbind::ContractJson;
  using wirelens::jsbind::State;
  static ContractJson json;
  if (!json.text.empty()) return json.text.c_str();
  json.text = "{";
  json.Open("state", "{");
#define WL_STATE_FIELD(name) json.Member(#name, offsetof(State, name) / 4)
  WL_STATE_FIELD(tape);
  WL_STATE_FIELD(tape_words);
  WL_STATE_FIELD(tape_end);
  WL_STATE_FIELD(bytes);
  WL_STATE_FIELD(bytes_capacity);
  WL_STATE_FIELD(input);
  WL_STATE_FIELD(input_capacity);
  WL_STATE_FIELD(output);
  WL_STATE_FIELD(output_capacity);
  WL_STATE_FIELD(output_size);
  WL_STATE_FIELD(error_kind);
  WL_STATE_FIELD(error_offset);
  WL_STATE_FIELD(text);
  WL_STATE_FIELD(text_size);
  WL_STATE_FIELD(wide);
  WL_STATE_FIELD(wide_units);
  WL_STATE_FIELD(scratch);
#undef WL_STATE_FIELD
  json.Close("}");
  json.Member("wide_string", wirelens::jsbind::kWideString);
  json.Member("raw_string", wirelens::jsbind::kRawString);
  json.Member("depth_limit", wirelens::jsbind::kTapeDepthLimit);
  json.Member("tape_error", wirelens::jsbind::kTapeError);
  json.Member("format_error", wirelens::jsbind::kFormatError);
  json.Member("in_scratch", wirelens::jsbind::kInScratch);
  json.Open("format_flags", "{");
  json.Member("text", wirelens::jsbind::kFormatText);
  json.Member("unknown_fields", wirelens::jsbind::kFormatUnknownFields);
  json.Member("always_emit_implicit", wirelens::jsbind::kJsonAlwaysEmitImplicit);
  json.Member("enum_as_integer", wirelens::jsbind::kJsonEnumAsInteger);
  json.Member("use_proto_field_name", wirelens::jsbind::kJsonUseProtoFieldName);
  json.Close("}");
  json.Open("buffers", "{");
  json.Member("tape", wirelens::jsbind::kTapeBuffer);
  json.Member("bytes", wirelens::jsbind::kBytesBuffer);
  json.Member("input", wirelens::jsbind::kInputBuffer);
  json.Close("}");
  json.Open("field_ops", "{");
  json.Member("set", wirelens::jsbind::kSet);
  json.Member("clear", wirelens::jsbind::kClear);
  json.Member("mutable", wirelens::jsbind::kMutable);
  json.Close("}");
  json.Open("kinds", "[");
  for (int kind = 0; kind < wirelens::kErrorKindCount; ++kind) {
    const auto k = static_cast<wirelens::ErrorKind>(kind);
    json.Pair(wirelens::ErrorKindName(k), wirelens::ErrorKindMessage(k));
  }
  json.Close("]");
  json.Open("json_hex_escapes", "[");
  for (const wirelens::format::CodePointRange& range : wirelens::format::kJsonHexEscapes) {
    json.Range(range.first, range.last);
  }
  json.Close("]");
  using BoxLayout = wirelens::MessageLayout<wirelens::Box<wirelens::LayoutProbe>>;
  json.Open("layout", "{");
  json.Member("holds", wirelens::jsbind::InPlaceLayoutHolds());
  json.Member("string_size", sizeof(std::string));
  json.Member("box_pointer", BoxLayout::Pointer());
  json.Member("box_present", BoxLayout::Present());
  json.Close("}");
  return json.Finish();
}

}  // extern "C"
