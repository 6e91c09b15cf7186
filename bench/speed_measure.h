// SPDX-License-Identifier: Apache-2.0
// The timing loop of ctasm-speed.
#ifndef CTASM_BENCH_SPEED_MEASURE_H
#define CTASM_BENCH_SPEED_MEASURE_H

#include <stdint.h>

#include <vector>

#include "speed_ops.h"

namespace ctasm_bench {

struct Sample {
  uint64_t ops = 0;
  uint64_t us = 0;          // by the clock in use (-clock): what rates are made of
  uint64_t wall_us = 0;
  uint64_t cpu_us = 0;      // thread CPU time; 0 where unavailable
  uint64_t ref_cycles = 0;  // counter ticks over `us`
  double rate() const { return us == 0 ? 0.0 : static_cast<double>(ops) * 1e6 / us; }
};

// Runs b for about `seconds` of the chosen clock. Clock reads are batched so
// they cost little: the batch doubles while it is short, and is capped by the
// time left so the run stops close to the deadline.
// cpu_clock: time by this thread's CPU time instead of the wall clock.
// False when b.run() reports an error.
bool measure(Bench &b, double seconds, bool cpu_clock, Sample *s);

// The round with the median rate (the lower one for an even count), so the
// printed N, T and rate belong to one real measurement.
Sample median(std::vector<Sample> v);

}  // namespace ctasm_bench

#endif  // CTASM_BENCH_SPEED_MEASURE_H
