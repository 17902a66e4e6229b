#include "gen/js/common.h"

#include <cstdio>
#include <map>
#include <set>

namespace wirelens::gen::js {

using FD = pb::FieldDescriptor;

std::string JsId(const pb::Descriptor* m) {
  std::string id = m->full_name();
  for (char& c : id)
    if (c == '.') c = '$';
  return id;
}
std::string CId(const pb::Descriptor* m) {
  std::string id = m->full_name();
  for (char& c : id)
    if (c == '.') c = '_';
  return id;
}
namespace {

// Full names of the messages TsName() qualifies (QualifyCollidingTsNames).
std::set<std::string>& QualifiedTsNames() {
  static std::set<std::string> names;
  return names;
}

std::string ShortTsName(const pb::Descriptor* m) {
  std::string name = m->name();
  for (const pb::Descriptor* p = m->containing_type(); p != nullptr; p = p->containing_type()) {
    name = p->name() + "_" + name;
  }
  return name;
}

void CollectMessages(const pb::Descriptor* m, std::vector<const pb::Descriptor*>* out) {
  out->push_back(m);
  for (int i = 0; i < m->nested_type_count(); ++i) CollectMessages(m->nested_type(i), out);
}

}  // namespace

std::string TsName(const pb::Descriptor* m) {
  if (QualifiedTsNames().count(m->full_name()) == 0) return ShortTsName(m);
  std::string package = m->file()->package();
  for (char& c : package)
    if (c == '.') c = '_';
  return package.empty() ? ShortTsName(m) : package + "_" + ShortTsName(m);
}

void QualifyCollidingTsNames(const std::vector<const pb::FileDescriptor*>& files) {
  std::vector<const pb::Descriptor*> messages;
  for (const pb::FileDescriptor* file : files) {
    for (int i = 0; i < file->message_type_count(); ++i) CollectMessages(file->message_type(i), &messages);
  }
  std::map<std::string, std::vector<const pb::Descriptor*>> by_name;
  for (const pb::Descriptor* m : messages) by_name[ShortTsName(m)].push_back(m);
  for (const auto& [name, named] : by_name) {
    if (named.size() < 2) continue;
    for (const pb::Descriptor* m : named) QualifiedTsNames().insert(m->full_name());
  }
}
std::string Quote(const std::string& s) { return "\"" + s + "\""; }

std::string JsFileName(const pb::FileDescriptor* file, const std::string& suffix) {
  std::string base = file->name();
  if (base.size() > 6 && base.compare(base.size() - 6, 6, ".proto") == 0) base.resize(base.size() - 6);
  return base + suffix;
}

std::vector<const FD*> MapParts(const FD* f) { return {f->message_type()->map_key(), f->message_type()->map_value()}; }

size_t Slots(const MessageModel& model, const Options& options) {
  return model.fields.size() + (options.keep_unknown_fields ? 1 : 0);
}
int MaskWords(const MessageModel& model, const Options& options) {
  return static_cast<int>((Slots(model, options) + 31) / 32);
}

// [sizeof, has-bits, oneof cases, a member per field, unknown fields, (key, value) per map field]
size_t LayoutUnknownSlot(const MessageModel& model) { return 3 + model.fields.size(); }
size_t LayoutMapNodeSlot(const MessageModel& model, size_t index) {
  size_t slot = LayoutUnknownSlot(model) + 1;
  for (size_t i = 0; i < index; ++i) slot += model.fields[i].shape == Shape::kMap ? 2 : 0;
  return slot;
}
size_t LayoutSize(const MessageModel& model) { return LayoutMapNodeSlot(model, model.fields.size()); }

std::map<std::string, std::string> KindVars(const FD* f, const std::string& type) {
  std::map<std::string, std::string> vars{{"type", type}};
  if (f->message_type() != nullptr) {
    vars["id"] = JsId(f->message_type());
    vars["T"] = TsName(f->message_type());
  }
  return vars;
}

std::string CppWrite(const FD* f, const std::string& v) {
  auto vars = KindVars(f);
  vars["v"] = v;
  return Fill(InfoOf(f).cpp_write, vars);
}

std::string CppRead(const FD* f, const std::string& type, const std::string& dst) {
  auto vars = KindVars(f, type);
  vars["dst"] = dst;
  return Fill(InfoOf(f).cpp_read, vars);
}

std::string MaskWord(size_t i) { return "mask[" + std::to_string(i / 32) + "]"; }
std::string MaskBit(size_t i) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08xu", 1u << (i % 32));
  return buf;
}
std::string Bit(size_t i) { return MaskWord(i) + " & " + MaskBit(i); }

std::vector<uint32_t> OneofBits(const MessageModel& model, int words) {
  const std::vector<size_t> order = TapeOrder(model);
  std::vector<uint32_t> bits;
  for (const OneofModel& oneof : model.oneofs) {
    const size_t at = bits.size();
    bits.resize(at + static_cast<size_t>(words));
    for (size_t i = 0; i < order.size(); ++i) {
      if (model.fields[order[i]].oneof == oneof.index) bits[at + i / 32] |= 1u << (i % 32);
    }
  }
  return bits;
}

std::string OneofConflict(const MessageModel& model) {
  // Only the words that hold members: a oneof's fields are usually neighbours.
  const int words = static_cast<int>((model.fields.size() + 31) / 32);
  const std::vector<uint32_t> bits = OneofBits(model, words);
  std::string any;
  for (size_t at = 0; at < bits.size(); at += static_cast<size_t>(words)) {
    std::string count;
    for (int word = 0; word < words; ++word) {
      const uint32_t mask = bits[at + static_cast<size_t>(word)];
      if (mask == 0) continue;
      char term[64];
      std::snprintf(term, sizeof term, "__builtin_popcount(mask[%d] & 0x%08xu)", word, mask);
      count += (count.empty() ? "" : " + ") + std::string(term);
    }
    any += (any.empty() ? "" : " || ") + count + " > 1";
  }
  return any;
}

std::vector<size_t> TapeOrder(const MessageModel& model) {
  std::vector<size_t> order;
  order.reserve(model.by_number.size());
  for (const FieldModel* f : model.by_number) order.push_back(static_cast<size_t>(f - model.fields.data()));
  return order;
}

}  // namespace wirelens::gen::js
