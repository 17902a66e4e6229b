#include "core/jsbind/heap.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <cstring>
#include <map>
#include <random>
#include <vector>

namespace wirelens::jsbind {
namespace {

// The memory a test heap grows into: contiguous, limited, and counted.
struct Arena {
  std::vector<uint8_t> bytes;
  size_t used = 0;
};
Arena* g_arena = nullptr;

void* ArenaMoreCore(size_t bytes) {
  if (bytes > g_arena->bytes.size() - g_arena->used) return nullptr;
  void* start = g_arena->bytes.data() + g_arena->used;
  g_arena->used += bytes;
  return start;
}

class HeapTest : public ::testing::Test {
 protected:
  explicit HeapTest(size_t arena_bytes = 8 << 20) {
    arena_.bytes.resize(arena_bytes);
    g_arena = &arena_;
  }
  ~HeapTest() override { g_arena = nullptr; }
  Arena arena_;
  SizeClassHeap heap_{ArenaMoreCore};
};

TEST(SizeClassTest, ClassesCoverEverySizeWithBoundedSlack) {
  int previous = 0;
  for (size_t size = 1; size <= (1u << 20); size += size < 4096 ? 1 : 61) {
    const int c = SizeClassHeap::ClassOf(size);
    const size_t held = SizeClassHeap::ClassSize(c);
    ASSERT_GE(held, size) << size;
    ASSERT_LE(held, size <= 256 ? size + 7 : size + size / 4) << size;
    ASSERT_GE(c, previous) << size;
    previous = c;
  }
  for (int c = 0; c < SizeClassHeap::kClassCount; ++c) {
    ASSERT_EQ(SizeClassHeap::ClassOf(SizeClassHeap::ClassSize(c)), c) << c;
    ASSERT_EQ(SizeClassHeap::ClassSize(c) % 8, 0u) << c;
  }
  EXPECT_EQ(SizeClassHeap::ClassOf(SizeClassHeap::kMaxSize), SizeClassHeap::kClassCount - 1);
  EXPECT_EQ(SizeClassHeap::ClassOf(0), 0);
}

TEST_F(HeapTest, AFreedBlockServesTheNextRequestOfItsClassWithoutNewMemory) {
  void* a = heap_.Allocate(100);
  void* guard = heap_.Allocate(8);  // keeps `a` off the top
  const size_t grown = arena_.used;
  heap_.Free(a);
  EXPECT_EQ(heap_.Allocate(97), a);
  EXPECT_EQ(arena_.used, grown);
  heap_.Free(guard);
}

TEST_F(HeapTest, ALargerFreeBlockServesUpToFourClassesBelowIt) {
  void* big = heap_.Allocate(SizeClassHeap::ClassSize(40));
  void* guard = heap_.Allocate(8);
  heap_.Free(big);
  void* too_small = heap_.Allocate(SizeClassHeap::ClassSize(35));  // five classes below: new memory
  EXPECT_NE(too_small, big);
  void* fits = heap_.Allocate(SizeClassHeap::ClassSize(36));
  EXPECT_EQ(fits, big);
  EXPECT_EQ(heap_.UsableSize(fits), SizeClassHeap::ClassSize(40));
  EXPECT_EQ(heap_.used(), SizeClassHeap::ClassSize(40) + SizeClassHeap::ClassSize(35) + 8);
  heap_.Free(fits);
  heap_.Free(too_small);
  heap_.Free(guard);
  EXPECT_EQ(heap_.used(), 0u);
}

TEST_F(HeapTest, TheLastBlockGrowsInPlaceAndGoesBackToTheTop) {
  auto* a = static_cast<uint8_t*>(heap_.Allocate(1000));
  std::memset(a, 0x5a, 1000);
  auto* grown = static_cast<uint8_t*>(heap_.Reallocate(a, 100000));
  ASSERT_EQ(grown, a);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(grown[i], 0x5a) << i;
  EXPECT_GE(heap_.UsableSize(grown), 100000u);
  const size_t top = arena_.used;
  heap_.Free(grown);
  EXPECT_EQ(heap_.Allocate(50), a);  // carved where the freed block began
  EXPECT_EQ(arena_.used, top);
}

TEST_F(HeapTest, ABlockBelowTheTopMovesWithItsContents) {
  auto* a = static_cast<uint8_t*>(heap_.Allocate(24));
  void* guard = heap_.Allocate(8);
  for (int i = 0; i < 24; ++i) a[i] = static_cast<uint8_t>(i);
  EXPECT_EQ(heap_.Reallocate(a, 20), a);  // fits its class: stays
  auto* moved = static_cast<uint8_t*>(heap_.Reallocate(a, 300));
  ASSERT_NE(moved, a);
  for (int i = 0; i < 24; ++i) ASSERT_EQ(moved[i], i) << i;
  EXPECT_EQ(heap_.used(), SizeClassHeap::ClassSize(SizeClassHeap::ClassOf(300)) + 8);
  EXPECT_EQ(heap_.Allocate(24), a);  // the old block is free again
  heap_.Free(guard);
}

TEST_F(HeapTest, AlignedBlocksAreAlignedAndFreeLikeOthers) {
  std::vector<void*> blocks;
  for (size_t alignment : {8u, 16u, 64u, 4096u}) {
    for (size_t size : {1u, 24u, 5000u}) {
      void* block = heap_.AllocateAligned(alignment, size);
      ASSERT_NE(block, nullptr);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(block) % alignment, 0u) << alignment;
      EXPECT_GE(heap_.UsableSize(block), size);
      std::memset(block, 0xff, size);
      blocks.push_back(block);
    }
  }
  for (void* block : blocks) heap_.Free(block);
  EXPECT_EQ(heap_.used(), 0u);
  EXPECT_EQ(heap_.AllocateAligned(24, 8), nullptr);
  EXPECT_EQ(heap_.used(), 0u);
}

TEST_F(HeapTest, ExhaustedMemoryReturnsNullAndKeepsTheBlock) {
  auto* a = static_cast<uint8_t*>(heap_.Allocate(64));
  std::memset(a, 7, 64);
  EXPECT_EQ(heap_.Allocate(16 << 20), nullptr);  // more than the 8 MiB arena
  EXPECT_EQ(heap_.Reallocate(a, 16 << 20), nullptr);
  EXPECT_EQ(heap_.AllocateAligned(64, 16 << 20), nullptr);
  EXPECT_EQ(heap_.Allocate(SizeClassHeap::kMaxSize + 1), nullptr);
  EXPECT_EQ(a[63], 7);
  EXPECT_EQ(heap_.used(), 64u);
  heap_.Free(a);
  heap_.Free(nullptr);
  EXPECT_EQ(heap_.used(), 0u);
}

// Random allocations, frees and reallocations against a model: blocks never overlap, keep their
// bytes, and used() is the sum of their classes.
TEST_F(HeapTest, RandomTrafficKeepsEveryBlockIntact) {
  std::mt19937 random(20261204);
  std::map<uint8_t*, size_t> live;  // block -> bytes requested, filled with a byte of its address
  auto fill = [](uint8_t* block, size_t size) {
    std::memset(block, static_cast<uint8_t>(reinterpret_cast<uintptr_t>(block) >> 3), size);
  };
  auto intact = [](uint8_t* block, size_t size) {
    for (size_t i = 0; i < size; ++i) {
      if (block[i] != static_cast<uint8_t>(reinterpret_cast<uintptr_t>(block) >> 3)) return false;
    }
    return true;
  };
  for (int step = 0; step < 20000; ++step) {
    const int op = static_cast<int>(random() % 3);
    const size_t size = random() % 8 == 0 ? random() % 20000 : random() % 300;
    if (op == 0 || live.empty()) {
      auto* block = static_cast<uint8_t*>(heap_.Allocate(size));
      ASSERT_NE(block, nullptr);
      ASSERT_EQ(reinterpret_cast<uintptr_t>(block) % 8, 0u);
      fill(block, size);
      live[block] = size;
    } else {
      auto it = live.begin();
      std::advance(it, random() % live.size());
      ASSERT_TRUE(intact(it->first, it->second)) << step;
      if (op == 1) {
        heap_.Free(it->first);
        live.erase(it);
      } else {
        const size_t kept = std::min(size, it->second);
        const auto old_byte = static_cast<uint8_t>(reinterpret_cast<uintptr_t>(it->first) >> 3);
        auto* moved = static_cast<uint8_t*>(heap_.Reallocate(it->first, size));
        ASSERT_NE(moved, nullptr);
        live.erase(it);
        for (size_t i = 0; i < kept; ++i) ASSERT_EQ(moved[i], old_byte) << step;
        fill(moved, size);
        live[moved] = size;
      }
    }
  }
  size_t used = 0;
  uint8_t* previous_end = nullptr;
  for (const auto& [block, size] : live) {
    ASSERT_TRUE(intact(block, size));
    ASSERT_LE(previous_end, block);  // no overlap
    previous_end = block + heap_.UsableSize(block);
    used += heap_.UsableSize(block);
  }
  EXPECT_EQ(heap_.used(), used);
}

}  // namespace
}  // namespace wirelens::jsbind
