// Frame timing kept by the app itself: how long each frame's work took (all of it, and the part that
// builds the UI, which is the app's own code without decoding and without waiting for the GPU) and
// how far apart frames start, so that background work (decoding) can take a share of a frame
// relative to this machine's own idle frame, and so that tests can compare frames within one run.
#ifndef WIRELENS_APP_MODEL_FRAME_CLOCK_H_
#define WIRELENS_APP_MODEL_FRAME_CLOCK_H_

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>

namespace wirelens::app {

// Milliseconds on a monotonic clock (for budgets and durations, not dates).
inline double NowMs() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

class FrameClock {
 public:
  static constexpr int kHistory = 256;  // frames remembered (a few seconds)

  // A frame that started at `start_ms`, spent `ui_ms` building its UI and ended its work at `end_ms`
  // (same clock as previous calls); `busy` when it also decoded or copied a file in (not idle).
  void Record(double start_ms, double ui_ms, double end_ms, bool busy) {
    const int slot = static_cast<int>(count_ % kHistory);
    work_ms_[slot] = end_ms - start_ms;
    ui_ms_[slot] = ui_ms;
    interval_ms_[slot] = last_start_ms_ > 0 ? start_ms - last_start_ms_ : 0;
    last_start_ms_ = start_ms;
    if (!busy && interval_ms_[slot] > 0) idle_interval_ms_[idle_count_++ % kIdleHistory] = interval_ms_[slot];
    ++count_;
  }

  uint64_t count() const { return count_; }
  // Work time, UI time and start-to-start interval of the frame `back` frames ago (0: the last one).
  // Precondition: back < min(count(), kHistory).
  double work_ms(int back) const { return work_ms_[Slot(back)]; }
  double ui_ms(int back) const { return ui_ms_[Slot(back)]; }
  double interval_ms(int back) const { return interval_ms_[Slot(back)]; }

  // The lower quartile of the intervals between the last kIdleHistory idle frames: what a frame
  // costs on this machine now (its display rate, its load), unmoved by a burst of frames that
  // something else on the page held up (issue 46: while the page fetched a 117 MB file, Firefox's
  // idle frames took about twice their 19 ms, and the median of the last 31 made the decode's
  // budget 27.5 ms where it was 14.3 ms before). `fallback` until idle frames have been seen.
  double IdleIntervalMs(double fallback) const {
    const int n = static_cast<int>(std::min<uint64_t>(idle_count_, kIdleHistory));
    if (n == 0) return fallback;
    std::array<double, kIdleHistory> sorted = idle_interval_ms_;
    std::nth_element(sorted.begin(), sorted.begin() + n / 4, sorted.begin() + n);
    return sorted[n / 4];
  }

 private:
  static constexpr int kIdleHistory = 127;  // a few seconds of idle frames
  int Slot(int back) const { return static_cast<int>((count_ - 1 - back) % kHistory); }

  std::array<double, kHistory> work_ms_{};
  std::array<double, kHistory> ui_ms_{};
  std::array<double, kHistory> interval_ms_{};
  std::array<double, kIdleHistory> idle_interval_ms_{};
  uint64_t count_ = 0;
  uint64_t idle_count_ = 0;
  double last_start_ms_ = 0;
};

}  // namespace wirelens::app

#endif  // WIRELENS_APP_MODEL_FRAME_CLOCK_H_
