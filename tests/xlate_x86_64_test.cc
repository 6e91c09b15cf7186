// SPDX-License-Identifier: Apache-2.0
// Conformance test of the x86_64 perlasm translator: calls the functions of
// perlasm/test/xlate-x86_64.pl (elf natively, nasm under wine) and checks exact results
// against C++ references that mirror the assembly step by step.
#include "internal/asm_config.h"
#if defined(CTASM_X86_64_ASM)

#include <gtest/gtest.h>

#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#if defined(_WIN32) || defined(CTASM_TEST_LIBUNWIND)
#include "unwind/stepper.h"
#endif

#include "test_asm.h"

namespace {

const uint32_t kMixK[4] = {0x01234567, 0x89abcdef, 0xdeadbeef, 0x0badf00d};

TEST(XlateX86_64, ArgumentsZeroToSix) {
  const uint64_t a[6] = {0x1111, 0x2222000000000001, 0x3333, 0x44440000, 0x5555, 0x6666};
  auto expect = [&](int n) {
    uint64_t r = 1000;
    for (int i = 0; i < n; i++) r += (uint64_t)(i + 1) * a[i];
    return r;
  };
  EXPECT_EQ(ctasm_xlate_test_sum0(), expect(0));
  EXPECT_EQ(ctasm_xlate_test_sum1(a[0]), expect(1));
  EXPECT_EQ(ctasm_xlate_test_sum2(a[0], a[1]), expect(2));
  EXPECT_EQ(ctasm_xlate_test_sum3(a[0], a[1], a[2]), expect(3));
  EXPECT_EQ(ctasm_xlate_test_sum4(a[0], a[1], a[2], a[3]), expect(4));
  EXPECT_EQ(ctasm_xlate_test_sum5(a[0], a[1], a[2], a[3], a[4]), expect(5));
  EXPECT_EQ(ctasm_xlate_test_sum6(a[0], a[1], a[2], a[3], a[4], a[5]), expect(6));
}

TEST(XlateX86_64, FunctionPointer) {
  uint64_t (*volatile fn)(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t) =
      ctasm_xlate_test_sum6;
  EXPECT_EQ(fn(1, 2, 3, 4, 5, 6), 1000u + 1 + 4 + 9 + 16 + 25 + 36);
  uint64_t (*volatile two)(uint64_t) = ctasm_xlate_test_two_rets;
  EXPECT_EQ(two(7), 22u);
}

TEST(XlateX86_64, SavesAndFrame) {
  EXPECT_EQ(ctasm_xlate_test_saves(100), 615u);  // 6x+15, rsp 16-aligned
  EXPECT_EQ(ctasm_xlate_test_saves(0), 15u);
}

TEST(XlateX86_64, StackAlignedAfterPrologue) {
  EXPECT_EQ(ctasm_xlate_test_align0(), 0x100u);
  EXPECT_EQ(ctasm_xlate_test_align1(), 0x100u);
  EXPECT_EQ(ctasm_xlate_test_align2(), 0x100u);
  EXPECT_EQ(ctasm_xlate_test_align3(1, 2, 3, 4, 5, 6), 0x100u + 5 + 2 * 6);
  EXPECT_EQ(ctasm_xlate_test_align4(9), 0x100u);
}

uint64_t MixReference() {
  __m128i k = _mm_loadu_si128(reinterpret_cast<const __m128i *>(kMixK));
  __m128i x = k, acc = k;
  for (int i = 7; i <= 15; i++) {
    x = _mm_add_epi32(_mm_shuffle_epi32(x, 0x93), k);
    acc = _mm_xor_si128(acc, x);
  }
  return (uint64_t)_mm_cvtsi128_si64(acc);
}

TEST(XlateX86_64, XmmSixToFifteen) {
  EXPECT_EQ(ctasm_xlate_test_xmm_mix(), MixReference());
}

TEST(XlateX86_64, LocalFunctions) {
  uint64_t q = ((uint64_t)kMixK[0] | (uint64_t)kMixK[1] << 32) ^
               ((uint64_t)kMixK[2] | (uint64_t)kMixK[3] << 32);
  EXPECT_EQ(ctasm_xlate_test_local_xmm(), (q + 3) * 3);
  EXPECT_EQ(ctasm_xlate_test_call_local(12345), 12345u * 12345u + 7);
}

// Bits 0-9: xmm6..xmm15 survived the call, bit 10: rdi, bit 11: rsi. Win64 keeps all of
// them; SysV keeps those the callee does not touch.
TEST(XlateX86_64, CalleeSavedRegisters) {
#if defined(_WIN32)
  const uint32_t mix = 0xfff, local = 0xfff;
#else
  const uint32_t mix = 0xc00, local = 0x3f3;
#endif
  EXPECT_EQ(ctasm_xlate_test_keep(ctasm_xlate_test_xmm_mix), mix);
  EXPECT_EQ(ctasm_xlate_test_keep(ctasm_xlate_test_local_xmm), local);
  EXPECT_EQ(ctasm_xlate_test_keep(ctasm_xlate_test_sum0), 0xfffu);
}

TEST(XlateX86_64, TwoReturns) {
  EXPECT_EQ(ctasm_xlate_test_two_rets(10), 5u);
  EXPECT_EQ(ctasm_xlate_test_two_rets(7), 22u);
  EXPECT_EQ(ctasm_xlate_test_two_rets(0), 0u);
}

TEST(XlateX86_64, ConstantTables) {
  uint8_t out[16];
  uint64_t r = ctasm_xlate_test_tables(out);
  for (int i = 0; i < 16; i++) EXPECT_EQ(out[i], i ^ 0x5a) << i;
  const uint64_t table_len = 16 * 6 + 4 + 2 + 6;  // .Ltbl16 .. .Ltbl_end
  EXPECT_EQ(r, 0x1000u + table_len + 0x1234 + ('c' + 't' + 'a' + 's' + 'm'));
}

__attribute__((target("ssse3,sse4.1"))) void Ssse3Reference(const uint8_t in[16],
                                                              uint8_t out[16]) {
  const __m128i rev = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  __m128i x0 = _mm_loadu_si128(reinterpret_cast<const __m128i *>(in));
  __m128i x2 = _mm_shuffle_epi8(x0, rev);
  __m128i x3 = _mm_and_si128(_mm_srli_epi32(x0, 4), _mm_set1_epi8(0x0f));
  x2 = _mm_alignr_epi8(x2, x0, 5);
  x3 = _mm_shuffle_epi32(x3, 0x1b);
  x2 = _mm_xor_si128(x2, x3);
  x2 = _mm_add_epi32(x2, _mm_slli_si128(x2, 3));
  __m128i x5 = _mm_unpacklo_epi8(x2, x0);
  x2 = _mm_mullo_epi32(x2, x5);
  x2 = _mm_insert_epi32(x2, _mm_extract_epi32(x2, 1), 3);
  x5 = _mm_srli_si128(x5, 1);
  x2 = _mm_or_si128(x2, x5);
  x5 = _mm_slli_epi32(x5, 7);
  x5 = _mm_andnot_si128(x5, x2);
  _mm_storeu_si128(reinterpret_cast<__m128i *>(out), x5);
}

TEST(XlateX86_64, Ssse3Shuffles) {
  if (!__builtin_cpu_supports("sse4.1")) GTEST_FAIL() << "this machine lacks SSE4.1, which the conformance function uses";
  uint8_t in[17], out[16], ref[16];
  for (int t = 0; t < 8; t++) {
    for (int i = 0; i < 17; i++) in[i] = (uint8_t)(i * 37 + t * 101 + 5);
    ctasm_xlate_test_ssse3(in + (t & 1), out);  // unaligned input every other time
    Ssse3Reference(in + (t & 1), ref);
    EXPECT_EQ(memcmp(out, ref, 16), 0) << t;
  }
}

TEST(XlateX86_64, LoopWithLocalLabels) {
  uint8_t buf[100];
  for (int i = 0; i < 100; i++) buf[i] = (uint8_t)(i * 7 + 3);
  for (size_t n : {0, 1, 2, 17, 100}) {
    uint64_t h = 0x1234;
    for (size_t i = 0; i < n; i++) {
      h = ((h << 5) | (h >> 59)) ^ buf[i];
      h *= 0x100000001b3ull;
    }
    EXPECT_EQ(ctasm_xlate_test_loop(buf, n), h) << n;
  }
}

uint64_t GprReference(uint64_t a, uint64_t b) {
  unsigned __int128 p = (unsigned __int128)a * b;
  uint64_t lo = (uint64_t)p, hi = (uint64_t)(p >> 64);
  uint64_t r8 = hi ^ lo;
  uint64_t rcx = a + b;
  r8 += rcx < a;
  rcx = __builtin_bswap64(rcx);
  rcx = (rcx >> 13) | (rcx << 51);
  r8 ^= rcx;
  r8 -= (uint32_t)a >> 3;
  r8 |= (a < b) ? 0xff : 0;
  r8 += (a < b) ? b : a;
  r8 ^= (uint64_t)(a < b) << 40;
  r8 += ~(b << 9);
  r8 = (0 - a) - r8;
  r8 += (uint64_t)(int64_t)(int8_t)(uint8_t)a;
  r8 ^= (uint64_t)(int64_t)(int32_t)(uint32_t)b;
  r8 += b & 0xffff;
  r8 += 0x7f;
  r8 = (uint64_t)((int64_t)r8 >> 3);
  r8 -= 1;
  uint32_t c = (r8 & 4) == 0 ? 3 : 0;
  uint64_t rax = r8 + (uint64_t)c * 8;
  c = (c << 3) | (c >> 29);
  return (uint32_t)((uint32_t)rax - c);
}

TEST(XlateX86_64, IntegerInstructions) {
  const uint64_t v[][2] = {{0xfedcba9876543210, 0x0123456789abcdef},
                           {5, 0xffff0000ffff},
                           {0x80, 0x7fffffff80000000},
                           {0, 0},
                           {~0ull, ~0ull}};
  for (auto &ab : v) {
    EXPECT_EQ(ctasm_xlate_test_gpr(ab[0], ab[1]), GprReference(ab[0], ab[1]))
        << std::hex << ab[0] << " " << ab[1];
  }
}

// Unwind data at every instruction: each function single-stepped by the shared
// checker of tests/unwind/stepper.h (called from the ABI trampoline; unwound with
// libunwind and libgcc on Linux, RtlVirtualUnwind on the .pdata/.xdata on Win64),
// which must recover the return address, stack pointer and every callee-saved
// register (and xmm6-xmm15 on Win64) at each instruction. tests/unwind_test.cc does
// this for every exported function; these are the translator's own frame shapes.
#if defined(_WIN32) || defined(CTASM_TEST_LIBUNWIND)
#define STEP(fn, ...)                                                                   \
  do {                                                                                  \
    ctasm_unwind::Report r_ = ctasm_unwind::StepFunction(fn, nullptr, ##__VA_ARGS__);   \
    ASSERT_TRUE(r_.entered) << #fn << ": no single-step trap at the entry " << r_.first; \
    EXPECT_TRUE(r_.returned) << #fn;                                                    \
    EXPECT_EQ(r_.failures, 0u) << #fn << ": " << r_.first;                              \
  } while (0)

TEST(XlateX86_64, UnwindAtEveryInstruction) {
  STEP(ctasm_xlate_test_sum6, 1, 2, 3, 4, 5, 6);
  STEP(ctasm_xlate_test_saves, 7);
  STEP(ctasm_xlate_test_two_rets, 10);
  STEP(ctasm_xlate_test_two_rets, 7);
  STEP(ctasm_xlate_test_xmm_mix);
  STEP(ctasm_xlate_test_keep, ctasm_xlate_test_sum0);
  STEP(ctasm_xlate_test_keep, ctasm_xlate_test_xmm_mix);
  STEP(ctasm_xlate_test_local_xmm);
  STEP(ctasm_xlate_test_call_local, 5);
  STEP(ctasm_xlate_test_gpr, 3, 4);
}
#elif defined(__linux__)
TEST(XlateX86_64, UnwindAtEveryInstruction) {
  GTEST_FAIL() << "built without libunwind (CTASM_TEST_LIBUNWIND): install libunwind-dev";
}
#endif

}  // namespace

#endif  // __x86_64__
