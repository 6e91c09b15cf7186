// SPDX-License-Identifier: Apache-2.0
// The ARMv7 NEON ChaCha20(-Poly1305) entry points through the ABI trampoline
// (tests/abi/abi_harness.h): random values in r4-r11 and d8-d15, seven
// arguments (three on the stack) for seal/open, results compared with a
// direct call. The lengths reach every path: no data, the 1-, 2- and 3-block
// tails, the 3-block loop with and without a tail, AD with and without a
// partial block. (Single-step unwind cases exist for x86_64 only:
// tests/unwind/unwind_cases.h; ARMv7 unwind data is checked statically by
// util/check_cfi.py, EHABI included.)
#include "internal/asm_config.h"

#if defined(CTASM_ARMV7_ASM)

#include "abi/abi_harness.h"

#include <gtest/gtest.h>

#include <stdint.h>
#include <string.h>

#include "chacha/internal.h"
#include "test_util.h"

extern "C" {
void ctasm_chacha20_neon(uint8_t *out, const uint8_t *in, size_t len,
                         const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_seal_neon(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                       size_t in_len, const uint8_t *ad, size_t ad_len,
                                       const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_open_neon(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                       size_t in_len, const uint8_t *ad, size_t ad_len,
                                       const ctasm::ChachaState *state);
}

namespace {

void CheckChachaArmv7Abi() {
  if (!ctasm_abi::TrampolineLinked()) {
    ADD_FAILURE() << ctasm_abi::kNoTrampoline;
    return;
  }
  ASSERT_TRUE(ctasm::kChachaTierNeonArmv7.capable())
      << "no NEON: the ARMv7 ChaCha20 entry points cannot be called";
  ctasm_test::TestRng rng(0xc4a7ab1);
  static uint8_t in[600], ad[40], out1[600], out2[600];
  rng.fill(in, sizeof in);
  rng.fill(ad, sizeof ad);
  ctasm::ChachaState st;
  rng.fill(reinterpret_cast<uint8_t *>(st.words), sizeof st.words);
  st.words[8] = 0;
  for (size_t len : {0u, 1u, 64u, 100u, 150u, 192u, 193u, 450u, 577u}) {
    const uint8_t *p = in + (len & 1);  // unaligned too
    CHECK_ABI(ctasm_chacha20_neon, out1, p, len, static_cast<const ctasm::ChachaState *>(&st));
    ctasm_chacha20_neon(out2, p, len, &st);
    EXPECT_EQ(memcmp(out1, out2, len), 0) << "chacha20 " << len;
    for (size_t ad_len : {0u, 13u, 32u}) {
      uint8_t t1[16], t2[16];
      CHECK_ABI(ctasm_chacha20_poly1305_seal_neon, out1, t1, p, len,
                static_cast<const uint8_t *>(ad), ad_len,
                static_cast<const ctasm::ChachaState *>(&st));
      ctasm_chacha20_poly1305_seal_neon(out2, t2, p, len, ad, ad_len, &st);
      EXPECT_EQ(memcmp(out1, out2, len), 0) << "seal " << len;
      EXPECT_EQ(memcmp(t1, t2, 16), 0) << "seal tag " << len;
      CHECK_ABI(ctasm_chacha20_poly1305_open_neon, out1, t1, p, len,
                static_cast<const uint8_t *>(ad), ad_len,
                static_cast<const ctasm::ChachaState *>(&st));
      ctasm_chacha20_poly1305_open_neon(out2, t2, p, len, ad, ad_len, &st);
      EXPECT_EQ(memcmp(out1, out2, len), 0) << "open " << len;
      EXPECT_EQ(memcmp(t1, t2, 16), 0) << "open tag " << len;
    }
  }
}

ABI_TEST(ChachaNeonArmv7) { CheckChachaArmv7Abi(); }

}  // namespace

#endif  // CTASM_ARMV7_ASM
