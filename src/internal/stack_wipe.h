// SPDX-License-Identifier: Apache-2.0
// Wiping the dead stack that C++ code handling secrets leaves behind.
//
// The compiler decides where a function's temporaries and register spills
// go, so C++ code that computes on keys or plaintext cannot wipe them itself:
// after it returns, they sit in the dead stack below its caller. The caller
// wipes them instead: it calls the secret-handling function (never inlined
// into the caller, see CTASM_NOINLINE), then wipe_stack_below(), whose own
// frame starts where the callee's did and whose buffer covers
// kStackWipeBytes below it. The stack residue test (tests/aes_residue_test.cc)
// proves it for every public function, tier and runnable target.
#ifndef CTASM_INTERNAL_STACK_WIPE_H
#define CTASM_INTERNAL_STACK_WIPE_H

#include <stddef.h>

#include "internal/compiler.h"
#include "internal/prefix.h"  // namespace ctasm -> foo_ctasm under CTASM_PREFIX

namespace ctasm {

// Bytes wiped below the caller. The deepest portable-tier call the residue
// test measures uses about 1.3 KiB with GCC 12 -O2 (x86_64, Win64, AArch64,
// ARMv7) and 2.3 KiB unoptimised (-O0, x86_64); 4 KiB keeps a margin for
// other compilers and flags, at a few tens of nanoseconds per call.
constexpr size_t kStackWipeBytes = 4096;

// Zeroes the kStackWipeBytes of stack just below the caller's frame, in a way
// the compiler cannot remove.
CTASM_NOINLINE void wipe_stack_below();

}  // namespace ctasm

#endif  // CTASM_INTERNAL_STACK_WIPE_H
