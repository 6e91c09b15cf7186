// SPDX-License-Identifier: Apache-2.0
// ABI harness: calls an assembly function through the trampoline of
// perlasm/test/abi-<isa>.pl with random values in every callee-saved register,
// then names each register the function did not preserve.
//
//   CHECK_ABI(ctasm_vpaes_encrypt, in, out, key);   // returns what ctasm_vpaes_encrypt returns
//
// Every call is recorded by name, so a test can require that each exported symbol
// of the target went through the trampoline (tests/abi_test.cc, AbiCoverage).
//
// An algorithm's ABI tests live in tests/<alg>_abi_test.cc and need only this header:
//
//   ABI_TEST(Ghash) {                       // TEST(Abi, Ghash), also run by AbiCoverage
//     if (!capable) return ctasm_abi::NotRunnable("ctasm_ghash_x", "no PCLMULQDQ");
//     EXPECT_EQ(CHECK_ABI(ctasm_ghash_x, ...), direct_call_result);
//   }
#ifndef CTASM_TESTS_ABI_ABI_HARNESS_H
#define CTASM_TESTS_ABI_ABI_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include <array>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#if defined(__x86_64__) || defined(_M_X64)
#define CTASM_ABI_X86_64 1
#elif defined(__aarch64__)
#define CTASM_ABI_AARCH64 1
#elif defined(__arm__)
#define CTASM_ABI_ARMV7 1
#endif

#if defined(__GNUC__)
#define CTASM_ABI_WEAK __attribute__((weak))
#else
#define CTASM_ABI_WEAK
#endif

// CTASM_PREFIX renaming of the trampoline and every other test-only function
// (written by gen_asm.py); CTASM_ABI_CAT(p, n) pastes p_n for anything else.
#include "../test_prefix_asm.h"
#define CTASM_ABI_CAT2(p, n) p##_##n
#define CTASM_ABI_CAT(p, n) CTASM_ABI_CAT2(p, n)

namespace ctasm_abi {

// Register images; the byte offsets are those documented in perlasm/test/abi-*.pl.
#if defined(CTASM_ABI_X86_64)
struct Regs {
  uint64_t gpr[8];         // rbx rbp r12 r13 r14 r15 rdi rsi
  uint8_t xmm[10][16];     // xmm6..xmm15
  uint64_t rax;            // out: return value
  uint64_t rflags;         // out: flags after the call
};
struct Args {
  uint64_t reg[6];         // rdi rsi rdx rcx r8 r9
  uint64_t stack[8];       // words at 0(%rsp) .. 56(%rsp) at the call
};
static_assert(offsetof(Regs, xmm) == 64 && offsetof(Regs, rax) == 224 &&
                  offsetof(Regs, rflags) == 232 && offsetof(Args, stack) == 48,
              "layout shared with perlasm/test/abi-x86_64.pl");
#elif defined(CTASM_ABI_AARCH64)
struct Regs {
  uint64_t x[11];          // x19..x29
  uint64_t d[8];           // d8..d15 (the low 64 bits are callee-saved)
  uint64_t x0;             // out: return value
};
struct Args {
  uint64_t reg[8];         // x0..x7
};
static_assert(offsetof(Regs, d) == 88 && offsetof(Regs, x0) == 152,
              "layout shared with perlasm/test/abi-armv8.pl");
#elif defined(CTASM_ABI_ARMV7)
struct Regs {
  uint32_t r[8];           // r4..r11
  uint64_t d[8];           // d8..d15
  uint32_t r0, r1;         // out: return value
};
struct Args {
  uint32_t reg[8];         // r0..r3, then arguments 5..8 on the stack
};
static_assert(offsetof(Regs, d) == 32 && offsetof(Regs, r0) == 96,
              "layout shared with perlasm/test/abi-armv7.pl");
#endif

#if defined(CTASM_ABI_X86_64) || defined(CTASM_ABI_AARCH64) || defined(CTASM_ABI_ARMV7)
#define CTASM_ABI_HAVE_TRAMPOLINE 1

// Most arguments any ctasm function takes through the trampoline.
constexpr size_t kMaxArgs = 8;

struct Outcome {
  uintptr_t ret = 0;
  std::vector<std::string> clobbered;  // register names, e.g. "rbx", "d9"
  bool direction_flag = false;         // x86: DF set on return
};

// Calls fn(args[0..n)) through the trampoline (no gtest assertions here).
inline Outcome Run(const void *fn, const uintptr_t *args, size_t n);

// Names of the functions called through the trampoline so far.
inline std::set<std::string> &Exercised();

// Runs Run() and reports each violation as a gtest failure naming `name`.
inline uintptr_t CheckedCall(const char *name, const void *fn, const uintptr_t *args, size_t n);

// aarch64 Linux with BTI: whether calls guard the code pages with PROT_BTI.
inline bool BtiGuardActive();

template <typename T>
uintptr_t ToWord(T v) {
  static_assert(std::is_pointer<T>::value || std::is_integral<T>::value ||
                    std::is_enum<T>::value || std::is_null_pointer<T>::value,
                "CHECK_ABI passes pointers and integers only");
  static_assert(sizeof(T) <= sizeof(uintptr_t), "argument wider than a register");
  if constexpr (std::is_pointer<T>::value) {
    return reinterpret_cast<uintptr_t>(v);
  } else if constexpr (std::is_null_pointer<T>::value) {
    return 0;
  } else {
    // Sign extension of negative ints is what a compiler would pass too.
    return static_cast<uintptr_t>(static_cast<intptr_t>(v));
  }
}

template <typename R>
R FromWord(uintptr_t w) {
  if constexpr (std::is_void<R>::value) {
    (void)w;
  } else if constexpr (std::is_pointer<R>::value) {
    return reinterpret_cast<R>(w);
  } else {
    return static_cast<R>(w);
  }
}

template <typename R, typename... P, typename... A>
R CheckAbi(const char *name, R (*fn)(P...), A... a) {
  static_assert(sizeof...(P) == sizeof...(A), "wrong number of arguments");
  static_assert(sizeof...(P) <= kMaxArgs, "too many arguments for the trampoline");
  using RetOrInt = std::conditional_t<std::is_void<R>::value, int, R>;
  static_assert(sizeof(RetOrInt) <= sizeof(uintptr_t), "return value wider than a register");
  std::array<uintptr_t, sizeof...(P) + 1> w = {ToWord<P>(static_cast<P>(a))..., 0};
  return FromWord<R>(CheckedCall(name, reinterpret_cast<const void *>(fn), w.data(),
                                 sizeof...(P)));
}

// For negative fixtures: the outcome, recorded as exercised, without failing.
template <typename R, typename... P, typename... A>
Outcome Probe(const char *name, R (*fn)(P...), A... a) {
  static_assert(sizeof...(P) == sizeof...(A), "wrong number of arguments");
  std::array<uintptr_t, sizeof...(P) + 1> w = {ToWord<P>(static_cast<P>(a))..., 0};
  Exercised().insert(name);
  return Run(reinterpret_cast<const void *>(fn), w.data(), sizeof...(P));
}

#endif  // a trampoline exists

}  // namespace ctasm_abi

// The name is the unprefixed C symbol (the # operator does not expand a
// CTASM_PREFIX renaming macro), as listed in generated/sources.json.
#define CHECK_ABI(fn, ...) ::ctasm_abi::CheckAbi(#fn, fn, ##__VA_ARGS__)
#define PROBE_ABI(fn, ...) ::ctasm_abi::Probe(#fn, fn, ##__VA_ARGS__)

#include "abi_harness_impl.h"
#include "abi_test_registry.h"

#endif  // CTASM_TESTS_ABI_ABI_HARNESS_H
