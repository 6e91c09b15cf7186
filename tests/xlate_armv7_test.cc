// SPDX-License-Identifier: Apache-2.0
// Conformance test of the ARM perlasm translator, ARMv7 flavours: calls the
// functions of perlasm/test/xlate-armv7.pl and checks exact results against
// C++ references that mirror the assembly.
#include "internal/asm_config.h"
#if defined(CTASM_ARMV7_ASM)

#include <gtest/gtest.h>

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__linux__)
#include <sys/auxv.h>
#endif

#include "xlate_crypto_checks.h"

#include "test_asm.h"

namespace {

// AES and PMULL (Linux: HWCAP2_AES, HWCAP2_PMULL).
bool HaveAesPmull() {
#if defined(__linux__)
  const unsigned long hw2 = getauxval(AT_HWCAP2);
  return (hw2 & (1ul << 0)) && (hw2 & (1ul << 1));
#else
  return true;
#endif
}

// Mirror of ctasm_xlate_test_frame: 4x+10 from r4-r7, 8x+36 from d8-d15,
// then the local helper's 3y+1, all mod 2^32.
uint32_t frame_ref(uint32_t x) { return x == 0 ? 7 : 3 * (12 * x + 46) + 1; }

void neon_ref(uint8_t out[16], const uint8_t in[16]) {
  static const uint8_t perm[16] = {15, 14, 13, 12, 11, 10, 9, 8, 16, 6, 5, 4, 3, 2, 1, 0xff};
  uint8_t t[16];
  for (int j = 0; j < 16; j++) {
    t[j] = (perm[j] < 16 ? in[perm[j]] : 0) ^ (uint8_t)(j * 0x1d + 7);
  }
  for (int i = 0; i < 16; i++) out[i] = t[(i + 3) % 16];
}

TEST(XlateARMv7, LeafThroughFunctionPointer) {
  uint32_t (*volatile fn)(uint32_t, uint32_t, uint32_t) = ctasm_xlate_test_add3;
  EXPECT_EQ(fn(1, 2, 3), 6u);
  EXPECT_EQ(fn(0xffffffffu, 1, 0x80000000u), 0x80000000u);
  EXPECT_EQ(ctasm_xlate_test_add3(10, 20, 30), 60u);
}

TEST(XlateARMv7, FrameSavesAndTwoReturns) {
  EXPECT_EQ(ctasm_xlate_test_frame(0), 7u);  // early .ctasm_ret
  for (uint32_t x : {1u, 2u, 1000u, 0x12345678u, 0xffffffffu}) {
    EXPECT_EQ(ctasm_xlate_test_frame(x), frame_ref(x)) << x;
  }
}

TEST(XlateARMv7, StackArguments) {
  const uint32_t a[6] = {0x11, 0x2200, 0x330000, 0x44000000, 0x55555, 0x66};
  uint32_t want5 = 0, want6 = 0;
  for (int i = 0; i < 5; i++) want5 += (uint32_t)(i + 1) * a[i];
  for (int i = 0; i < 6; i++) want6 += (uint32_t)(i + 1) * a[i];
  EXPECT_EQ(ctasm_xlate_test_args5(a[0], a[1], a[2], a[3], a[4]), want5);
  EXPECT_EQ(ctasm_xlate_test_args6(a[0], a[1], a[2], a[3], a[4], a[5]), want6);
}

TEST(XlateARMv7, CalleeSavedRegistersPreserved) {
  // The checker loads patterns into r4-r11/d8-d15, calls through blx and
  // compares: every epilogue must restore exactly what its prologue saved.
  for (uint32_t x : {0u, 5u, 0xdeadbeefu}) {
    uint32_t r = 0;
    EXPECT_EQ(ctasm_xlate_test_check_callee_saved(ctasm_xlate_test_frame, x, &r), 0u) << x;
    EXPECT_EQ(r, frame_ref(x));
  }
  uint32_t r = 0;
  EXPECT_EQ(ctasm_xlate_test_check_callee_saved(
                [](uint32_t v) -> uint32_t { return v * 7; }, 6, &r),
            0u);
  EXPECT_EQ(r, 42u);
}

TEST(XlateARMv7, CheckerSeesClobbers) {
  // ctasm_xlate_test_clobber breaks the ABI on purpose (r6 and d9), so the
  // test above is not vacuous.
  uint32_t r = 0;
  EXPECT_EQ(ctasm_xlate_test_check_callee_saved(ctasm_xlate_test_clobber, 3, &r),
            (1u << 2) | (1u << 9));
  EXPECT_EQ(r, 3u);
}

#if defined(__cpp_exceptions)
TEST(XlateARMv7, ExceptionUnwindsThroughFrame) {
  // A C++ exception thrown by the callee unwinds through the checker's frame
  // (save=, vsave=, frame=): only correct unwind tables let it reach the catch,
  // and the unwinder restores the callee-saved registers from them.
  volatile uint32_t keep[4] = {11, 22, 33, 44};
  uint32_t r = 0;
  bool caught = false;
  try {
    ctasm_xlate_test_check_callee_saved([](uint32_t v) -> uint32_t { throw (int)v; }, 9, &r);
  } catch (int v) {
    caught = (v == 9);
  }
  EXPECT_TRUE(caught);
  EXPECT_EQ(keep[0] + keep[1] + keep[2] + keep[3], 110u);
  EXPECT_EQ(ctasm_xlate_test_frame(1), frame_ref(1));
}
#endif  // __cpp_exceptions

TEST(XlateARMv7, LoopWithLocalLabels) {
  uint8_t buf[300];
  uint32_t want = 0;
  for (size_t i = 0; i < sizeof(buf); i++) {
    buf[i] = (uint8_t)(i * 37 + 11);
    want += buf[i];
  }
  EXPECT_EQ(ctasm_xlate_test_sum_bytes(buf, 0), 0u);
  EXPECT_EQ(ctasm_xlate_test_sum_bytes(buf, 1), buf[0]);
  EXPECT_EQ(ctasm_xlate_test_sum_bytes(buf, sizeof(buf)), want);
}

TEST(XlateARMv7, NeonWithConstantTable) {
  uint8_t in[17], out[17], want[16];
  for (int trial = 0; trial < 4; trial++) {
    for (int i = 0; i < 17; i++) in[i] = (uint8_t)(i * 13 + trial * 71 + 5);
    memset(out, 0xaa, sizeof(out));
    ctasm_xlate_test_neon(out + (trial & 1), in + (trial >> 1));  // unaligned too
    neon_ref(want, in + (trial >> 1));
    EXPECT_EQ(memcmp(out + (trial & 1), want, 16), 0) << trial;
  }
}

// .ctasm_arch_ext aes: the crypto instructions assemble and execute (qemu
// -cpu max implements them), checked against FIPS-197 and a bitwise product.
TEST(XlateARMv7, CryptoExtensionAesRound) {
  ctasm_test::CheckAesRound(HaveAesPmull(), ctasm_xlate_test_aes_round,
                            ctasm_xlate_test_aes_inv_round);
}

TEST(XlateARMv7, CryptoExtensionPolynomialMultiply) {
  ctasm_test::CheckPmull(HaveAesPmull(), ctasm_xlate_test_pmull);
}

}  // namespace

#endif  // __arm__
