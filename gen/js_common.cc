#include "gen/js_common.h"

#include <algorithm>
#include <numeric>

namespace wirelens::gen::js {

using FD = pb::FieldDescriptor;

Kind KindOf(const FD* f) {
  switch (f->type()) {
    case FD::TYPE_BOOL: return Kind::kBool;
    case FD::TYPE_INT32:
    case FD::TYPE_SINT32:
    case FD::TYPE_SFIXED32: return Kind::kI32;
    case FD::TYPE_UINT32:
    case FD::TYPE_FIXED32: return Kind::kU32;
    case FD::TYPE_ENUM: return Kind::kEnum;
    case FD::TYPE_FLOAT: return Kind::kF32;
    case FD::TYPE_DOUBLE: return Kind::kF64;
    case FD::TYPE_INT64:
    case FD::TYPE_SINT64:
    case FD::TYPE_SFIXED64: return Kind::kI64;
    case FD::TYPE_UINT64:
    case FD::TYPE_FIXED64: return Kind::kU64;
    case FD::TYPE_STRING: return Kind::kString;
    case FD::TYPE_BYTES: return Kind::kBytes;
    case FD::TYPE_MESSAGE:
    case FD::TYPE_GROUP: return Kind::kMessage;
  }
  return Kind::kI32;
}

bool Is64(Kind k) { return k == Kind::kF64 || k == Kind::kI64 || k == Kind::kU64; }

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
std::string TsName(const pb::Descriptor* m) {
  std::string name = m->name();
  for (const pb::Descriptor* p = m->containing_type(); p != nullptr; p = p->containing_type()) {
    name = p->name() + "_" + name;
  }
  return name;
}
std::string Quote(const std::string& s) { return "\"" + s + "\""; }

std::string JsFileName(const pb::FileDescriptor* file, const std::string& suffix) {
  std::string base = file->name();
  if (base.size() > 6 && base.compare(base.size() - 6, 6, ".proto") == 0) base.resize(base.size() - 6);
  return base + suffix;
}

std::vector<const FD*> MapParts(const FD* f) { return {f->message_type()->map_key(), f->message_type()->map_value()}; }

int MaskWords(const MessageModel& model, const Options& options) {
  return static_cast<int>(model.fields.size() + (options.keep_unknown_fields ? 1 : 0) + 31) / 32;
}

std::vector<size_t> TapeOrder(const MessageModel& model) {
  std::vector<size_t> order(model.fields.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return model.fields[a].number < model.fields[b].number; });
  return order;
}

}  // namespace wirelens::gen::js
