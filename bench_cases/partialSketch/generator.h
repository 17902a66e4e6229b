// Deterministic generator of the partialSketch case: a root Layer with 5,000 layers below it, each
// with a 36-char id, short strings, bools, ints, a frame and a style with 2..300 fills; from the
// second layer on, 80% become a child of a random earlier layer, the rest children of the root.
// About 30 MB encoded. Uses the generated code (bench_cases/partialSketch/partialSketch.proto).
#ifndef WIRELENS_BENCH_CASES_PARTIALSKETCH_GENERATOR_H_
#define WIRELENS_BENCH_CASES_PARTIALSKETCH_GENERATOR_H_

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "partialSketch.wl.h"

namespace wirelens::bench_cases {

struct SketchStats {
  size_t layers = 0;
  size_t fills = 0;
};

// `layers` = 5000 is the benchmark case; smaller counts make the app's bundled sample.
inline wl::partialsketch::Layer GeneratePartialSketch(uint64_t seed, SketchStats* stats = nullptr,
                                                      int layers_count = 5000) {
  using namespace wl::partialsketch;
  const int kLayers = layers_count;
  std::mt19937_64 rng(seed);
  auto pick = [&](std::initializer_list<const char*> options) {
    return std::string(*(options.begin() + rng() % options.size()));
  };
  auto id = [&] {
    static const char kHex[] = "0123456789ABCDEF";
    std::string s(36, '-');
    for (int i = 0; i < 36; ++i) {
      if (i != 8 && i != 13 && i != 18 && i != 23) s[i] = kHex[rng() % 16];
    }
    return s;
  };
  std::vector<Layer> layers(kLayers);
  std::vector<int> parent(kLayers, -1);  // -1: child of the root
  size_t fills = 0;
  for (int i = 0; i < kLayers; ++i) {
    Layer& l = layers[i];
    l.set_do_objectid(id());
    l.set__class(pick({"shapePath", "rectangle", "oval", "group", "text", "bitmap"}));
    l.set_booleanoperation(static_cast<int32_t>(rng() % 4) - 1);
    Frame* f = l.mutable_frame();
    f->set__class("rect");
    f->set_constrainproportions(rng() & 1);
    f->set_width(static_cast<int32_t>(rng() % 2000));
    f->set_height(static_cast<int32_t>(rng() % 2000));
    f->set_x(static_cast<int32_t>(rng() % 4000) - 2000);
    f->set_y(static_cast<int32_t>(rng() % 4000) - 2000);
    l.set_isflippedhorizontal(rng() % 10 == 0);
    l.set_isflippedvertical(rng() % 10 == 0);
    l.set_islocked(rng() % 5 == 0);
    l.set_isvisible(rng() % 10 != 0);
    l.set_layerlistexpandedtype(rng() & 1);
    l.set_resizingconstraint(static_cast<int32_t>(rng() % 64));
    l.set_resizingtype(static_cast<int32_t>(rng() % 4));
    l.set_rotation(static_cast<double>(rng() % 36000) / 100.0);
    l.set_shouldbreakmaskchain(rng() % 20 == 0);
    l.set_clippingmaskmode(rng() % 2 == 0);
    l.set_hasclippingmask(rng() % 20 == 0);
    Style* style = l.mutable_style();
    style->set__class("style");
    const int n = 2 + static_cast<int>(rng() % 299);
    for (int k = 0; k < n; ++k) {
      Fill* fill = style->add_fills();
      fill->set__class("fill");
      fill->set_isenabled(rng() % 4 != 0);
      Color* c = fill->mutable_color();
      c->set__class("color");
      c->set_alpha(static_cast<float>(rng() % 1001) / 1000.0f);
      c->set_red(static_cast<float>(rng() % 1001) / 1000.0f);
      c->set_blue(static_cast<float>(rng() % 1001) / 1000.0f);
      c->set_green(static_cast<float>(rng() % 1001) / 1000.0f);
    }
    fills += static_cast<size_t>(n);
    if (i >= 1 && rng() % 5 != 0) parent[i] = static_cast<int>(rng() % i);
  }
  // Attach children to parents from the last layer back, so each layer is complete when it moves.
  Layer root;
  root.set_do_objectid(id());
  root.set__class("page");
  std::vector<std::vector<int>> children(kLayers);
  std::vector<int> top;
  for (int i = 0; i < kLayers; ++i) (parent[i] < 0 ? top : children[parent[i]]).push_back(i);
  for (int i = kLayers - 1; i >= 0; --i) {
    for (int c : children[i]) layers[i].mutable_layers()->push_back(std::move(layers[c]));
  }
  for (int c : top) root.mutable_layers()->push_back(std::move(layers[c]));
  if (stats != nullptr) *stats = {static_cast<size_t>(kLayers), fills};
  return root;
}

}  // namespace wirelens::bench_cases

#endif  // WIRELENS_BENCH_CASES_PARTIALSKETCH_GENERATOR_H_
