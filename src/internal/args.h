// SPDX-License-Identifier: Apache-2.0
// Argument checks for the public functions: NULL, wrapping and overlapping
// buffers are misuse, answered with a message and abort() (the void functions
// have no error code). The checks are branch-free in the common case; only a
// call that fails them pays for finding out which argument is wrong.
#ifndef CTASM_INTERNAL_ARGS_H
#define CTASM_INTERNAL_ARGS_H

#include <stddef.h>
#include <stdint.h>

#include <array>

#include "internal/compiler.h"
#include "internal/prefix.h"

namespace ctasm {

// Prints "ctasm: <fn>: <what>" on stderr and aborts.
[[noreturn]] void misuse(const char *fn, const char *what);

// One buffer argument of a call (len > 0).
struct BufArg {
  const char *name;
  const void *p;
  size_t len;
  bool written;
};

// Aborts naming the first rule args[0..n) break (see buffers_bad).
[[noreturn]] CTASM_COLD void report_bad_buffers(const char *fn, const BufArg *args, size_t n,
                                                bool in_place);

// True unless every buffer is non-NULL and ends before the end of the address
// space, and no written buffer overlaps another argument (except a[0] == a[1]
// exactly when in_place: in and out of an in-place call). Branch-free and
// fully unrolled, so the array folds into registers and constants.
template <size_t N>
inline bool buffers_bad(const std::array<BufArg, N> &a, bool in_place) {
  bool bad = false;
  CTASM_UNROLL
  for (size_t i = 0; i < N; i++) {
    // NULL (p - 1 underflows), reaching the end of the address space, or
    // longer than half of it, so no sum below overflows.
    const uintptr_t p = reinterpret_cast<uintptr_t>(a[i].p);
    bad |= (p - 1 >= UINTPTR_MAX - a[i].len) | (a[i].len > UINTPTR_MAX / 2);
  }
  CTASM_UNROLL
  for (size_t i = 0; i < N; i++) {
    CTASM_UNROLL
    for (size_t j = i + 1; j < N; j++) {
      if (!a[i].written && !a[j].written) continue;
      // [x, x + lx) and [y, y + ly) meet iff y - x lies in (-ly, lx): one
      // unsigned compare after shifting that interval to [0, lx + ly - 1).
      const uintptr_t x = reinterpret_cast<uintptr_t>(a[i].p),
                      y = reinterpret_cast<uintptr_t>(a[j].p);
      const bool overlap = y - x + (a[j].len - 1) < a[i].len + a[j].len - 1;
      bad |= overlap & !(in_place && i == 0 && j == 1 && x == y);
    }
  }
  return bad;
}

// Checks the buffer arguments of public function `fn` (BufArg{...} each, in
// and out first when in_place) and aborts with the reason if one is misused.
// The list is written once; the array the slow path needs is built only there.
#define CTASM_CHECK_BUFFERS(fn, in_place, ...)                                                   \
  do {                                                                                           \
    if (CTASM_UNLIKELY(::ctasm::buffers_bad(std::array{__VA_ARGS__}, in_place))) {               \
      const ::ctasm::BufArg ctasm_args_[] = {__VA_ARGS__};                                       \
      ::ctasm::report_bad_buffers(fn, ctasm_args_, sizeof(ctasm_args_) / sizeof(ctasm_args_[0]), \
                                  in_place);                                                     \
    }                                                                                            \
  } while (0)

}  // namespace ctasm

#endif  // CTASM_INTERNAL_ARGS_H
