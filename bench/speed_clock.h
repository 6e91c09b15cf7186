// SPDX-License-Identifier: Apache-2.0
// Wall clock and reference-cycle counter for ctasm-speed.
//
// The cycle counter is a *reference* counter: rdtsc ticks at the TSC's
// constant nominal rate and cntvct_el0 at the generic timer's rate, neither
// at the core's current clock. Figures derived from it are labelled so.
#ifndef CTASM_BENCH_SPEED_CLOCK_H
#define CTASM_BENCH_SPEED_CLOCK_H

#include <stdint.h>
#include <stdio.h>

#include <chrono>
#include <string>

#if !defined(_WIN32)
#include <time.h>
#endif

#if (defined(__x86_64__) || defined(_M_X64))
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#else
#include <x86intrin.h>
#endif
#endif

namespace ctasm_bench {

inline uint64_t now_us() {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
}

// CPU time of this thread, to tell how much of a wall-clock measurement the
// process actually ran on a shared machine. 0 where unavailable.
#if defined(CLOCK_THREAD_CPUTIME_ID)
#define CTASM_BENCH_HAVE_CPU_TIME 1
inline uint64_t thread_cpu_us() {
  struct timespec ts;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
  return static_cast<uint64_t>(ts.tv_sec) * 1000000u + static_cast<uint64_t>(ts.tv_nsec) / 1000u;
}
#else
#define CTASM_BENCH_HAVE_CPU_TIME 0
inline uint64_t thread_cpu_us() { return 0; }
#endif

#if defined(__x86_64__) || defined(_M_X64)
#define CTASM_BENCH_HAVE_REF_CYCLES 1
inline uint64_t ref_cycles() { return __rdtsc(); }
inline std::string ref_cycles_label() {
  return "rdtsc: reference cycles at the TSC's constant rate, not core clock cycles";
}
#elif defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
#define CTASM_BENCH_HAVE_REF_CYCLES 1
inline uint64_t ref_cycles() {
  uint64_t v;
  __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
  return v;
}
inline std::string ref_cycles_label() {
  uint64_t f;
  __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(f));
  char buf[96];
  snprintf(buf, sizeof(buf), "cntvct_el0: generic-timer ticks at %.1f MHz, not core clock cycles",
           static_cast<double>(f) / 1e6);
  return buf;
}
#else
#define CTASM_BENCH_HAVE_REF_CYCLES 0
inline uint64_t ref_cycles() { return 0; }
inline std::string ref_cycles_label() { return ""; }
#endif

}  // namespace ctasm_bench

#endif  // CTASM_BENCH_SPEED_CLOCK_H
