// SPDX-License-Identifier: Apache-2.0
// Compiler hints the C++ code relies on, spelled for GCC/Clang and MSVC.
#ifndef CTASM_INTERNAL_COMPILER_H
#define CTASM_INTERNAL_COMPILER_H

#if defined(__GNUC__) || defined(__clang__)
#define CTASM_NOINLINE __attribute__((noinline))
// Out of line and out of the hot path's way (error reporting).
#define CTASM_COLD __attribute__((noinline, cold))
#define CTASM_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define CTASM_LIKELY(x) __builtin_expect(!!(x), 1)
// Unroll the next loop completely (constant, small trip count).
#define CTASM_UNROLL _Pragma("GCC unroll 8")
#elif defined(_MSC_VER)
#define CTASM_NOINLINE __declspec(noinline)
#define CTASM_COLD __declspec(noinline)
#define CTASM_UNLIKELY(x) (x)
#define CTASM_LIKELY(x) (x)
#define CTASM_UNROLL
#else
#error "ctasm: unknown compiler (src/internal/compiler.h)"
#endif

#endif  // CTASM_INTERNAL_COMPILER_H
