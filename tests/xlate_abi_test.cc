// SPDX-License-Identifier: Apache-2.0
// ABI tests of the translator's conformance functions (perlasm/test/xlate-<isa>.pl),
// the wide eight-argument function of perlasm/test/abi-x86_64.pl and the unwind
// negative fixtures (perlasm/test/unwind-neg-x86_64.pl): each called through the
// trampoline (tests/abi/abi_harness.h), results compared with a direct call or a
// C++ reference.
#include "internal/asm_config.h"

#if defined(CTASM_X86_64_ASM) || defined(CTASM_AARCH64_ASM) || defined(CTASM_ARMV7_ASM)

#include "abi/abi_harness.h"

#include <gtest/gtest.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <string>
#include <vector>

#include "bochs512_coverage.h"
#include "test_asm.h"

namespace {

using ctasm_abi::NotRunnable;
using ctasm_abi::Outcome;
using Names = std::vector<std::string>;

#if defined(CTASM_ABI_X86_64)
// perlasm/test/abi-x86_64.pl ctasm_abi_test_wide: eight arguments (two on the stack on
// SysV, four on Win64), a 64-byte-aligned frame, AVX2 and AVX-512 parts selected by
// the flags argument. The reference below is the C++ reading of its header comment.
uint64_t WideReference(const uint64_t a[7], uint64_t flags) {
  uint64_t w[8] = {a[0], a[1], a[2], a[3], a[4], a[5], a[6], flags};
  uint64_t r = 0;
  for (int i = 0; i < 7; i++) r += (uint64_t)(i + 1) * a[i];
  if (flags & 1) {
    for (int i = 0; i < 4; i++) r += w[i] ^ w[i + 4];
  }
  if (flags & 2) {
    for (int i = 0; i < 8; i++) {
      uint64_t p = ((w[i] << 13) | (w[i] >> 51)) ^ w[i] ^ 0x9e3779b97f4a7c15ull;
      if (i % 2 == 0) p += w[i];
      r += p;
    }
  }
  return r;
}

// The CPU features the wide function's vector parts need (the OS must enable the
// state too; __builtin_cpu_supports checks XCR0).
uint64_t WideFlags() {
  uint64_t f = 0;
  if (__builtin_cpu_supports("avx2")) f |= 1;
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl")) {
    f |= 2;
  }
  return f;
}

ABI_TEST(WideFrameAvx512) {
  const uint64_t a[7] = {0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x8000000000000001,
                         0x5005, 0x6000000000000006, 0x7777777777777777};
  const uint64_t have = WideFlags();
  // Integer part alone first, then every vector part this CPU can run.
  for (uint64_t flags : {0ull, 1ull, 2ull, 3ull}) {
    if ((flags & have) != flags) continue;
    EXPECT_EQ(CHECK_ABI(ctasm_abi_test_wide, a[0], a[1], a[2], a[3], a[4], a[5], a[6], flags),
              WideReference(a, flags))
        << "flags " << flags;
  }
  if (!(have & 2)) {
    // Never silent: this run did not execute the AVX-512 body. util/bochs512/run.py
    // runs it (SysV and Win64 objects) under Bochs in the test command, and
    // tests/xlate/run_golden.py compares its gas and nasm encodings.
    printf("note: no AVX-512F/BW/VL here: ctasm_abi_test_wide's AVX-512 body did not run "
           "in this process (util/bochs512 runs it; 7+ arguments, aligned frame%s ran)\n",
           (have & 1) ? " and the AVX2 body" : "");
    ctasm_test::RequireBochs512("ctasm_abi_test_wide", "abi", "abi-x86_64");
    ::testing::Test::RecordProperty("avx512_body", "encoding-checked only");
  } else {
    ::testing::Test::RecordProperty("avx512_body", "run");
  }
}
#endif

// ---- translator conformance functions (perlasm/test/xlate-*.pl) ----------------------
#if defined(CTASM_ABI_X86_64)
ABI_TEST(XlateConformance) {
  const uint64_t a[6] = {0x1111, 0x2222000000000001, 0x3333, 0x44440000, 0x5555, 0x6666};
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum0), ctasm_xlate_test_sum0());
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum1, a[0]), ctasm_xlate_test_sum1(a[0]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum2, a[0], a[1]), ctasm_xlate_test_sum2(a[0], a[1]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum3, a[0], a[1], a[2]),
            ctasm_xlate_test_sum3(a[0], a[1], a[2]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum4, a[0], a[1], a[2], a[3]),
            ctasm_xlate_test_sum4(a[0], a[1], a[2], a[3]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum5, a[0], a[1], a[2], a[3], a[4]),
            ctasm_xlate_test_sum5(a[0], a[1], a[2], a[3], a[4]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum6, a[0], a[1], a[2], a[3], a[4], a[5]),
            ctasm_xlate_test_sum6(a[0], a[1], a[2], a[3], a[4], a[5]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_saves, 100), 615u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_align0), 0x100u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_align1), 0x100u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_align2), 0x100u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_align3, 1, 2, 3, 4, 5, 6), 0x100u + 5 + 2 * 6);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_align4, 9), 0x100u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_xmm_mix), ctasm_xlate_test_xmm_mix());
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_local_xmm), ctasm_xlate_test_local_xmm());
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_call_local, 12345), 12345u * 12345u + 7);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_keep, ctasm_xlate_test_sum0),
            ctasm_xlate_test_keep(ctasm_xlate_test_sum0));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_keep, ctasm_xlate_test_xmm_mix),
            ctasm_xlate_test_keep(ctasm_xlate_test_xmm_mix));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_two_rets, 10), 5u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_two_rets, 7), 22u);
  uint8_t t1[16], t2[16];
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_tables, t1), ctasm_xlate_test_tables(t2));
  EXPECT_EQ(memcmp(t1, t2, 16), 0);
  uint8_t buf[100];
  for (int i = 0; i < 100; i++) buf[i] = (uint8_t)(i * 7 + 3);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_loop, buf, 0), ctasm_xlate_test_loop(buf, 0));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_loop, buf, 100), ctasm_xlate_test_loop(buf, 100));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_gpr, 0xfedcba9876543210, 0x0123456789abcdef),
            ctasm_xlate_test_gpr(0xfedcba9876543210, 0x0123456789abcdef));
  if (__builtin_cpu_supports("sse4.1")) {
    uint8_t out1[16], out2[16];
    CHECK_ABI(ctasm_xlate_test_ssse3, buf + 1, out1);
    ctasm_xlate_test_ssse3(buf + 1, out2);
    EXPECT_EQ(memcmp(out1, out2, 16), 0);
  } else {
    NotRunnable("ctasm_xlate_test_ssse3", "no SSE4.1");
  }
}
#elif defined(CTASM_ABI_AARCH64)
ABI_TEST(XlateConformance) {
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_add3, 1, 2, 3), 6u);
  for (uint64_t x : {0ull, 1ull, 0x123456789ull}) {
    EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_frame, x), ctasm_xlate_test_frame(x)) << x;
  }
  uint64_t r = 0;
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_check_callee_saved, ctasm_xlate_test_frame, 5, &r), 0u);
  EXPECT_EQ(r, ctasm_xlate_test_frame(5));
  uint8_t buf[300];
  for (size_t i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 37 + 11);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum_bytes, buf, sizeof buf),
            ctasm_xlate_test_sum_bytes(buf, sizeof buf));
  uint8_t o1[16], o2[16];
  CHECK_ABI(ctasm_xlate_test_neon, o1, buf + 3);
  ctasm_xlate_test_neon(o2, buf + 3);
  EXPECT_EQ(memcmp(o1, o2, 16), 0);
  EXPECT_NE(CHECK_ABI(ctasm_xlate_test_signed_lr) & 0x0000ffffffffffffull, 0u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_no_landing_pad), ctasm_xlate_test_no_landing_pad());
  // .ctasm_arch_ext aes: the crypto-extension functions (qemu -cpu max has them).
  {
    uint8_t k1[16], k2[16];
    const uint64_t pa[2] = {0x0123456789abcdefull, 0x87}, pb[2] = {0xfedcba9876543210ull, 3};
    uint64_t p1[4], p2[4];
    CHECK_ABI(ctasm_xlate_test_aes_round, k1, buf, buf + 16);
    ctasm_xlate_test_aes_round(k2, buf, buf + 16);
    EXPECT_EQ(memcmp(k1, k2, 16), 0);
    CHECK_ABI(ctasm_xlate_test_aes_inv_round, k1, buf + 32);
    ctasm_xlate_test_aes_inv_round(k2, buf + 32);
    EXPECT_EQ(memcmp(k1, k2, 16), 0);
    CHECK_ABI(ctasm_xlate_test_pmull, p1, pa, pb);
    ctasm_xlate_test_pmull(p2, pa, pb);
    EXPECT_EQ(memcmp(p1, p2, sizeof p1), 0);
  }
  // The translator's own negative fixture breaks x21 and d9.
  Outcome o = PROBE_ABI(ctasm_xlate_test_clobber, 3);
  EXPECT_EQ(ctasm_abi::ClobberedNames(o), (Names{"x21", "d9"}));
#if defined(__linux__)
  // PAC negative fixture: a corrupted signed return address must fault, here too.
  ctasm_abi::Exercised().insert("ctasm_xlate_test_pac_corrupt");
  int st = ctasm_abi::InChild([] {
    ctasm_abi::Run(reinterpret_cast<const void *>(&ctasm_xlate_test_pac_corrupt), nullptr, 0);
    return 42;
  });
  EXPECT_TRUE(WIFSIGNALED(st)) << "ctasm_xlate_test_pac_corrupt returned";
#endif
}
#elif defined(CTASM_ABI_ARMV7)
ABI_TEST(XlateConformance) {
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_add3, 1, 2, 3), 6u);
  for (uint32_t x : {0u, 1u, 0x12345678u}) {
    EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_frame, x), ctasm_xlate_test_frame(x)) << x;
  }
  const uint32_t a[6] = {0x11, 0x2200, 0x330000, 0x44000000, 0x55555, 0x66};
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_args5, a[0], a[1], a[2], a[3], a[4]),
            ctasm_xlate_test_args5(a[0], a[1], a[2], a[3], a[4]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_args6, a[0], a[1], a[2], a[3], a[4], a[5]),
            ctasm_xlate_test_args6(a[0], a[1], a[2], a[3], a[4], a[5]));
  uint32_t r = 0;
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_check_callee_saved, ctasm_xlate_test_frame, 5u, &r), 0u);
  EXPECT_EQ(r, ctasm_xlate_test_frame(5));
  uint8_t buf[300];
  for (size_t i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 37 + 11);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum_bytes, buf, sizeof buf),
            ctasm_xlate_test_sum_bytes(buf, sizeof buf));
  uint8_t o1[16], o2[16];
  CHECK_ABI(ctasm_xlate_test_neon, o1, buf + 3);
  ctasm_xlate_test_neon(o2, buf + 3);
  EXPECT_EQ(memcmp(o1, o2, 16), 0);
  // .ctasm_arch_ext aes: the crypto-extension functions (qemu -cpu max has them).
  {
    uint8_t k1[16], k2[16];
    const uint64_t pa[2] = {0x0123456789abcdefull, 0x87}, pb[2] = {0xfedcba9876543210ull, 3};
    uint64_t p1[4], p2[4];
    CHECK_ABI(ctasm_xlate_test_aes_round, k1, buf, buf + 16);
    ctasm_xlate_test_aes_round(k2, buf, buf + 16);
    EXPECT_EQ(memcmp(k1, k2, 16), 0);
    CHECK_ABI(ctasm_xlate_test_aes_inv_round, k1, buf + 32);
    ctasm_xlate_test_aes_inv_round(k2, buf + 32);
    EXPECT_EQ(memcmp(k1, k2, 16), 0);
    CHECK_ABI(ctasm_xlate_test_pmull, p1, pa, pb);
    ctasm_xlate_test_pmull(p2, pa, pb);
    EXPECT_EQ(memcmp(p1, p2, sizeof p1), 0);
  }
  // The translator's own negative fixture breaks r6 and d9.
  Outcome o = PROBE_ABI(ctasm_xlate_test_clobber, 3u);
  EXPECT_EQ(ctasm_abi::ClobberedNames(o), (Names{"r6", "d9"}));
}
#endif

// ---- unwind negative fixtures (perlasm/test/unwind-neg-x86_64.pl) ----------------------
// Their unwind data is wrong on purpose (tests/unwind_test.cc must catch it), but they
// are ABI-clean: every callee-saved register comes back intact.
#if defined(CTASM_ABI_X86_64)
ABI_TEST(UnwindNegativeFixtures) {
#if defined(CTASM_TEST_HAVE_UNWIND_NEG)
  EXPECT_EQ(CHECK_ABI(ctasm_unwind_neg_cfa), 1u);
  EXPECT_EQ(CHECK_ABI(ctasm_unwind_neg_saved), 2u);
  EXPECT_EQ(CHECK_ABI(ctasm_unwind_neg_epilogue), 3u);
  EXPECT_EQ(CHECK_ABI(ctasm_unwind_neg_cfi_offset), 4u);
  EXPECT_EQ(CHECK_ABI(ctasm_unwind_neg_cfi_cfa), 5u);
#else
  ADD_FAILURE() << "the unwind negative fixtures are not built: add (\"perlasm/test/"
                   "unwind-neg-x86_64.pl\", \"x86_64\", \"test\") to gen_asm.py's manifest "
                   "and regenerate";
#endif
}
#endif

}  // namespace

#endif  // some assembly
