// SPDX-License-Identifier: Apache-2.0
#include "speed_measure.h"

#include <algorithm>
#include <utility>

#include "speed_clock.h"

namespace ctasm_bench {

bool measure(Bench &b, double seconds, bool cpu_clock, Sample *s) {
  if (!b.run()) return false;  // warm-up: first-touch, lazy initialisation
  uint64_t (*const read_clock)() = cpu_clock ? thread_cpu_us : now_us;
  const uint64_t target = std::max<uint64_t>(1, static_cast<uint64_t>(seconds * 1e6));
  uint64_t batch = 1, ops = 0, elapsed = 0;
  const uint64_t cpu0 = thread_cpu_us();
  const uint64_t wall0 = now_us();
  const uint64_t c0 = ref_cycles();
  const uint64_t start = cpu_clock ? cpu0 : wall0;
  for (;;) {
    for (uint64_t i = 0; i < batch; i++) {
      if (!b.run()) return false;
    }
    ops += batch;
    elapsed = read_clock() - start;
    if (elapsed >= target) break;
    double us_per_op = static_cast<double>(elapsed) / ops;
    // At most ~1/16 of the run per batch: a batch that meets a preemption
    // then overshoots the deadline by little.
    double remaining = std::min(static_cast<double>(target - elapsed),
                                std::max(target / 16.0, 200.0));
    uint64_t fill = us_per_op > 0 ? static_cast<uint64_t>(remaining / us_per_op) : batch * 2;
    batch = std::max<uint64_t>(1, std::min<uint64_t>(batch * 2, fill));
  }
  uint64_t ticks = ref_cycles() - c0;
  s->cpu_us = thread_cpu_us() - cpu0;
  s->wall_us = now_us() - wall0;
  s->ops = ops;
  s->us = elapsed;
  // The counter runs while the thread is descheduled; with the CPU clock
  // count only the share of it the thread ran.
  s->ref_cycles = cpu_clock && s->wall_us > 0
                      ? static_cast<uint64_t>(static_cast<double>(ticks) * s->cpu_us / s->wall_us)
                      : ticks;
  return true;
}

Sample median(std::vector<Sample> v) {
  // Insertion sort by hand: a handful of rounds, and std::sort over this
  // struct draws GCC's armv7 parameter-passing (psabi) notes.
  for (size_t i = 1; i < v.size(); i++) {
    for (size_t j = i; j > 0 && v[j].rate() < v[j - 1].rate(); j--) std::swap(v[j], v[j - 1]);
  }
  return v[(v.size() - 1) / 2];
}

}  // namespace ctasm_bench
