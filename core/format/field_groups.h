// The values of one message grouped by field, as protobuf's parser keeps them: values in wire
// order within a field, a oneof holding only its last member. Shared by the node-based and the
// wire-based readers of a message (merged_message.h, wire_message.h).
#ifndef WIRELENS_CORE_FORMAT_FIELD_GROUPS_H_
#define WIRELENS_CORE_FORMAT_FIELD_GROUPS_H_

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/schema/schema.h"

namespace wirelens::format {

// A run of values: a view into a FieldGroups or a vector, valid while that lives unchanged.
template <typename V>
class Run {
 public:
  Run() = default;
  Run(const V* begin, const V* end) : begin_(begin), end_(end) {}
  Run(const std::vector<V>& values) : begin_(values.data()), end_(values.data() + values.size()) {}  // NOLINT
  // One value; `value` must outlive the run.
  static Run Of(const V& value) { return {&value, &value + 1}; }

  const V* begin() const { return begin_; }
  const V* end() const { return end_; }
  size_t size() const { return static_cast<size_t>(end_ - begin_); }
  bool empty() const { return begin_ == end_; }
  const V& back() const { return end_[-1]; }
  const V& operator[](size_t i) const { return begin_[i]; }

 private:
  const V* begin_ = nullptr;
  const V* end_ = nullptr;
};

// Reused across messages (a printer keeps one per nesting level): no allocation per message once
// the buffers have grown. Use: Start(), Add() each value as read, Finish(), then field()/order().
template <typename V>
class FieldGroups {
 public:
  void Start(const schema::Message& m) {
    in_wire_order_.clear();
    valid_from_.assign(m.fields.size(), 0);
    oneof_member_.assign(m.oneofs.size(), -1);
  }

  // Adds a value of field `index` (f = m.fields[index]).
  void Add(const schema::Field& f, int index, const V& value) {
    if (f.oneof >= 0 && oneof_member_[f.oneof] != index) {
      // A value counts from the point its field became the oneof's member; the old member's go.
      const uint32_t now = static_cast<uint32_t>(in_wire_order_.size());
      if (oneof_member_[f.oneof] >= 0) valid_from_[oneof_member_[f.oneof]] = now;
      valid_from_[index] = now;
      oneof_member_[f.oneof] = index;
    }
    in_wire_order_.emplace_back(index, value);
  }

  // Groups the values by field (a counting sort, stable) and orders the fields by number.
  void Finish(const schema::Message& m) {
    const int field_count = static_cast<int>(m.fields.size());
    start_.assign(field_count + 1, 0);
    for (size_t k = 0; k < in_wire_order_.size(); ++k) {
      const int fi = in_wire_order_[k].first;
      if (k >= valid_from_[fi]) ++start_[fi + 1];
    }
    for (int fi = 0; fi < field_count; ++fi) start_[fi + 1] += start_[fi];
    values_.resize(start_[field_count]);
    fill_.assign(start_.begin(), start_.end() - 1);
    for (size_t k = 0; k < in_wire_order_.size(); ++k) {
      const auto& [fi, v] = in_wire_order_[k];
      if (k >= valid_from_[fi]) values_[fill_[fi]++] = v;
    }
    order_.resize(field_count);
    for (int i = 0; i < field_count; ++i) order_[i] = i;
    auto by_number = [&](int a, int b) { return m.fields[a].number < m.fields[b].number; };
    if (!std::is_sorted(order_.begin(), order_.end(), by_number)) std::sort(order_.begin(), order_.end(), by_number);
  }

  // The values of field `index` (declaration order), in wire order.
  Run<V> field(int index) const { return {values_.data() + start_[index], values_.data() + start_[index + 1]}; }
  // Field indices in field-number order (the order printers write them).
  const std::vector<int>& order() const { return order_; }

 private:
  std::vector<std::pair<int, V>> in_wire_order_;  // (field index, value) as read
  std::vector<uint32_t> valid_from_;              // per field: its values count from this index on
  std::vector<int> oneof_member_;                 // per oneof: its current member, or -1
  std::vector<V> values_;                         // grouped by field
  std::vector<uint32_t> start_;                   // field i's values: [start_[i], start_[i + 1])
  std::vector<uint32_t> fill_;                    // scratch of the counting sort
  std::vector<int> order_;
};

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_FIELD_GROUPS_H_
