// SPDX-License-Identifier: Apache-2.0
// The x86_64 ChaCha20-Poly1305 entry points through the ABI trampoline
// (tests/abi/abi_harness.h): random callee-saved registers (rbx, rbp, r12-r15,
// and on Win64 rdi, rsi, xmm6-xmm15, all of which these functions use), the
// seventh argument on the stack, and the results compared with a direct call.
// Lengths reach every path: the short batches, the one-batch tails and the
// 4- and 8-block loops. Registered with ABI_TEST, so AbiCoverage counts it.
#include "internal/asm_config.h"

#if defined(CTASM_X86_64_ASM)
#include "abi/abi_harness.h"

#include <string.h>

#include <gtest/gtest.h>

#include "chacha/internal.h"
#include "test_asm.h"
#include "test_util.h"

namespace {

// One tier's three functions (a macro so each CHECK_ABI names its function).
#define CHECK_CHACHA_TIER(tier, why, suffix)                                           \
  do {                                                                                 \
    if (!(tier).capable()) {                                                           \
      ctasm_abi::NotRunnable("ctasm_chacha20_" #suffix, why);                          \
      ctasm_abi::NotRunnable("ctasm_chacha20_poly1305_seal_" #suffix, why);            \
      ctasm_abi::NotRunnable("ctasm_chacha20_poly1305_open_" #suffix, why);            \
      break;                                                                           \
    }                                                                                  \
    ctasm_test::TestRng rng(0xabc4);                                                   \
    static uint8_t in[1200], ad[40], out1[1200], out2[1200];                           \
    rng.fill(in, sizeof in);                                                           \
    rng.fill(ad, sizeof ad);                                                           \
    ctasm::ChachaState st;                                                             \
    for (auto &w : st.words) w = static_cast<uint32_t>(rng.next());                    \
    st.words[8] = 7;                                                                   \
    for (size_t len : {0u, 1u, 64u, 129u, 200u, 257u, 600u, 1100u}) {                  \
      CHECK_ABI(ctasm_chacha20_##suffix, out1, in + 1, len, &st);                      \
      ctasm_chacha20_##suffix(out2, in + 1, len, &st);                                 \
      EXPECT_EQ(memcmp(out1, out2, len), 0) << len;                                    \
    }                                                                                  \
    st.words[8] = 0;                                                                   \
    for (size_t len : {0u, 15u, 100u, 300u, 1100u}) {                                  \
      uint8_t t1[16], t2[16];                                                          \
      const size_t ad_len = len % 39;                                                  \
      CHECK_ABI(ctasm_chacha20_poly1305_seal_##suffix, out1, t1, in, len, ad + 1, ad_len, \
                &st);                                                                  \
      ctasm_chacha20_poly1305_seal_##suffix(out2, t2, in, len, ad + 1, ad_len, &st);   \
      EXPECT_EQ(memcmp(out1, out2, len), 0) << len;                                    \
      EXPECT_EQ(memcmp(t1, t2, 16), 0) << len;                                         \
      CHECK_ABI(ctasm_chacha20_poly1305_open_##suffix, out1, t1, out2, len, ad + 1, ad_len, \
                &st);                                                                  \
      EXPECT_EQ(memcmp(out1, in, len), 0) << len;                                      \
      EXPECT_EQ(memcmp(t1, t2, 16), 0) << len;                                         \
    }                                                                                  \
  } while (0)

ABI_TEST(ChachaX86_64) {
  CHECK_CHACHA_TIER(ctasm::kChachaTierSsse3, "no SSSE3", ssse3);
  CHECK_CHACHA_TIER(ctasm::kChachaTierAvx2, "no AVX2", avx2);
}

}  // namespace
#endif  // CTASM_X86_64_ASM
