// SPDX-License-Identifier: Apache-2.0
// Conformance test of the ARM perlasm translator, AArch64 flavours: calls the
// functions of perlasm/test/xlate-armv8.pl and checks exact results against
// C++ references that mirror the assembly.
#include "internal/asm_config.h"
#if defined(CTASM_AARCH64_ASM)

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

// AES and PMULL (Linux: HWCAP_AES, HWCAP_PMULL).
bool HaveAesPmull() {
#if defined(__linux__)
  const unsigned long hw = getauxval(AT_HWCAP);
  return (hw & (1ul << 3)) && (hw & (1ul << 4));
#else
  return true;
#endif
}

// Mirror of ctasm_xlate_test_frame: 4x+10 from x19-x22, 8x+36 from d8-d15,
// then the local helper's 3y+1.
uint64_t frame_ref(uint64_t x) { return x == 0 ? 7 : 3 * (12 * x + 46) + 1; }

void neon_ref(uint8_t out[16], const uint8_t in[16]) {
  static const uint8_t perm[16] = {15, 14, 13, 12, 11, 10, 9, 8, 16, 6, 5, 4, 3, 2, 1, 0xff};
  uint8_t t[16];
  for (int j = 0; j < 16; j++) {
    t[j] = (perm[j] < 16 ? in[perm[j]] : 0) ^ (uint8_t)(j * 0x1d + 7);
  }
  for (int i = 0; i < 16; i++) out[i] = t[(i + 3) % 16];
}

TEST(XlateAArch64, LeafThroughFunctionPointer) {
  uint64_t (*volatile fn)(uint64_t, uint64_t, uint64_t) = ctasm_xlate_test_add3;
  EXPECT_EQ(fn(1, 2, 3), 6u);
  EXPECT_EQ(fn(0xffffffffffffffffull, 1, 0x8000000000000000ull), 0x8000000000000000ull);
  EXPECT_EQ(ctasm_xlate_test_add3(10, 20, 30), 60u);
}

TEST(XlateAArch64, FrameSavesAndTwoReturns) {
  EXPECT_EQ(ctasm_xlate_test_frame(0), 7u);  // early .ctasm_ret
  for (uint64_t x : {1ull, 2ull, 1000ull, 0x123456789ull, 0xffffffffffffffffull}) {
    EXPECT_EQ(ctasm_xlate_test_frame(x), frame_ref(x)) << x;
  }
}

TEST(XlateAArch64, CalleeSavedRegistersPreserved) {
  // The checker loads patterns into x19-x28/d8-d15, calls through blr and
  // compares: every epilogue must restore exactly what its prologue saved.
  for (uint64_t x : {0ull, 5ull, 0xdeadbeefull}) {
    uint64_t r = 0;
    EXPECT_EQ(ctasm_xlate_test_check_callee_saved(ctasm_xlate_test_frame, x, &r), 0u) << x;
    EXPECT_EQ(r, frame_ref(x));
  }
  uint64_t r = 0;
  EXPECT_EQ(ctasm_xlate_test_check_callee_saved(
                [](uint64_t v) -> uint64_t { return v * 7; }, 6, &r),
            0u);
  EXPECT_EQ(r, 42u);
}

TEST(XlateAArch64, CheckerSeesClobbers) {
  // ctasm_xlate_test_clobber breaks the ABI on purpose (x21 and d9), so the
  // test above is not vacuous.
  uint64_t r = 0;
  EXPECT_EQ(ctasm_xlate_test_check_callee_saved(ctasm_xlate_test_clobber, 3, &r),
            (1u << 2) | (1u << 11));
  EXPECT_EQ(r, 3u);
}

#if defined(__cpp_exceptions)
TEST(XlateAArch64, ExceptionUnwindsThroughFrame) {
  // A C++ exception thrown by the callee unwinds through the checker's frame
  // (save=, vsave=, frame=): only correct unwind tables let it reach the catch,
  // and the unwinder restores the callee-saved registers from them.
  volatile uint64_t keep[4] = {11, 22, 33, 44};
  uint64_t r = 0;
  bool caught = false;
  try {
    ctasm_xlate_test_check_callee_saved([](uint64_t v) -> uint64_t { throw (int)v; }, 9, &r);
  } catch (int v) {
    caught = (v == 9);
  }
  EXPECT_TRUE(caught);
  EXPECT_EQ(keep[0] + keep[1] + keep[2] + keep[3], 110u);
  EXPECT_EQ(ctasm_xlate_test_frame(1), frame_ref(1));
}
#endif  // __cpp_exceptions

TEST(XlateAArch64, LoopWithLocalLabels) {
  uint8_t buf[300];
  uint64_t want = 0;
  for (size_t i = 0; i < sizeof(buf); i++) {
    buf[i] = (uint8_t)(i * 37 + 11);
    want += buf[i];
  }
  EXPECT_EQ(ctasm_xlate_test_sum_bytes(buf, 0), 0u);
  EXPECT_EQ(ctasm_xlate_test_sum_bytes(buf, 1), buf[0]);
  EXPECT_EQ(ctasm_xlate_test_sum_bytes(buf, sizeof(buf)), want);
}

TEST(XlateAArch64, NeonWithConstantTable) {
  uint8_t in[17], out[17], want[16];
  for (int trial = 0; trial < 4; trial++) {
    for (int i = 0; i < 17; i++) in[i] = (uint8_t)(i * 13 + trial * 71 + 5);
    memset(out, 0xaa, sizeof(out));
    ctasm_xlate_test_neon(out + (trial & 1), in + (trial >> 1));  // unaligned too
    neon_ref(want, in + (trial >> 1));
    EXPECT_EQ(memcmp(out + (trial & 1), want, 16), 0) << trial;
  }
}

TEST(XlateAArch64, SavedLinkRegisterIsOnStack) {
  // The frame record holds x30 as stored after paciasp; with PAC disabled it
  // is a plain code address, with PAC enabled it carries a code in its top
  // bits.  Either way the low 48 bits are the return address into this test.
  uint64_t lr = ctasm_xlate_test_signed_lr();
  EXPECT_NE(lr & 0x0000ffffffffffffull, 0u);
}

// .ctasm_arch_ext aes: the crypto instructions assemble and execute (qemu
// -cpu max implements them), checked against FIPS-197 and a bitwise product.
TEST(XlateAArch64, CryptoExtensionAesRound) {
  ctasm_test::CheckAesRound(HaveAesPmull(), ctasm_xlate_test_aes_round,
                            ctasm_xlate_test_aes_inv_round);
}

TEST(XlateAArch64, CryptoExtensionPolynomialMultiply) {
  ctasm_test::CheckPmull(HaveAesPmull(), ctasm_xlate_test_pmull);
}

}  // namespace

#endif  // __aarch64__
