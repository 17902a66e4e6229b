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
// the buffers have grown. Use: Start(), Add() each value as read, Finish(), then present()/field().
template <typename V>
class FieldGroups {
 public:
  // The values of one present field (index into m.fields), in wire order.
  struct Group {
    int index = 0;
    Run<V> values;
  };

  void Start(const schema::Message& m) {
    indices_.clear();
    values_.clear();
    oneof_member_.assign(m.oneofs.size(), -1);
    in_number_order_ = true;
    last_number_ = 0;
  }

  // Adds a value of field `index` (f = m.fields[index]).
  void Add(const schema::Field& f, int index, const V& value) {
    if (f.oneof >= 0 && oneof_member_[f.oneof] != index) BecomeOneofMember(f.oneof, index);
    if (f.number < last_number_) in_number_order_ = false;
    last_number_ = f.number;
    indices_.push_back(index);
    values_.push_back(value);
  }

  // Groups the values by field, the fields in number order. Values written in field-number order
  // (every encoder does so) are grouped already: then this is one pass, with no sort.
  void Finish(const schema::Message& m) {
    if (!in_number_order_) SortByNumber(m);
    groups_.clear();
    const size_t n = indices_.size();
    for (size_t k = 0; k < n;) {
      size_t end = k + 1;
      while (end < n && indices_[end] == indices_[k]) ++end;
      Group& group = groups_.emplace_back();  // filled in place: a braced temporary is copied through the stack
      group.index = indices_[k];
      group.values = Run<V>(values_.data() + k, values_.data() + end);
      k = end;
    }
    group_of_.clear();
  }

  // The present fields in field-number order (the order printers write them).
  const std::vector<Group>& present() const { return groups_; }

  // The values of field `index` (declaration order), in wire order; empty when absent.
  Run<V> field(int index) const {
    if (groups_.size() <= kScanLimit) {
      for (const Group& g : groups_) {
        if (g.index == index) return g.values;
      }
      return {};
    }
    if (group_of_.empty()) {  // many fields present: a table by index, built once per message
      for (size_t g = 0; g < groups_.size(); ++g) {
        const size_t i = static_cast<size_t>(groups_[g].index);
        if (group_of_.size() <= i) group_of_.resize(i + 1, -1);
        group_of_[i] = static_cast<int>(g);
      }
    }
    const size_t i = static_cast<size_t>(index);
    return i < group_of_.size() && group_of_[i] >= 0 ? groups_[group_of_[i]].values : Run<V>();
  }

 private:
  static constexpr size_t kScanLimit = 8;

  // Field `index` becomes its oneof's member: the old member's values go, and so do the field's
  // own from an earlier time it was the member (a parser clears a oneof when another member comes).
  void BecomeOneofMember(int oneof, int index) {
    const int old = oneof_member_[oneof];
    size_t kept = 0;
    for (size_t k = 0; k < indices_.size(); ++k) {
      if (indices_[k] == old || indices_[k] == index) continue;
      indices_[kept] = indices_[k];
      values_[kept++] = values_[k];
    }
    indices_.resize(kept);
    values_.resize(kept);
    oneof_member_[oneof] = index;
  }

  // Orders the values by field number, stable (wire order within a field).
  void SortByNumber(const schema::Message& m) {
    order_.resize(indices_.size());
    for (size_t k = 0; k < order_.size(); ++k) order_[k] = static_cast<uint32_t>(k);
    std::stable_sort(order_.begin(), order_.end(), [&](uint32_t a, uint32_t b) {
      return m.fields[indices_[a]].number < m.fields[indices_[b]].number;
    });
    sorted_indices_.resize(order_.size());
    sorted_values_.resize(order_.size());
    for (size_t k = 0; k < order_.size(); ++k) {
      sorted_indices_[k] = indices_[order_[k]];
      sorted_values_[k] = values_[order_[k]];
    }
    indices_.swap(sorted_indices_);
    values_.swap(sorted_values_);
  }

  std::vector<int> indices_;       // field index per value, as read (then sorted by number)
  std::vector<V> values_;          // the values, parallel to indices_
  std::vector<int> oneof_member_;  // per oneof: its current member, or -1
  bool in_number_order_ = true;    // the values came in non-decreasing field-number order
  uint32_t last_number_ = 0;
  std::vector<Group> groups_;
  mutable std::vector<int> group_of_;  // field index -> its group, or -1 (field() with many groups)
  std::vector<uint32_t> order_;        // scratch of SortByNumber
  std::vector<int> sorted_indices_;
  std::vector<V> sorted_values_;
};

}  // namespace wirelens::format

#endif  // WIRELENS_CORE_FORMAT_FIELD_GROUPS_H_
