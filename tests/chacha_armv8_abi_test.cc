// SPDX-License-Identifier: Apache-2.0
// The AArch64 ChaCha20-Poly1305 entry points through the ABI trampoline
// (tests/abi/abi_harness.h): random values in every callee-saved register
// (x19-x28 and d8-d15, which these functions save and use), the stack
// checked, seven arguments for seal/open; the results compared with a
// direct call. On aarch64 Linux the code pages are BTI-guarded during the
// call. Every path: lengths 0, a partial block, each first-batch size, the
// woven 256-byte loop and a tail, AD partial and whole.
#include "internal/asm_config.h"

#if defined(CTASM_AARCH64_ASM)

#include "abi/abi_harness.h"

#include <gtest/gtest.h>

#include <stdint.h>
#include <string.h>

#include <vector>

#include "chacha/internal.h"
#include "test_asm.h"
#include "test_util.h"


namespace {

void CheckChachaArmv8Abi() {
  if (!ctasm_abi::TrampolineLinked()) {
    ADD_FAILURE() << ctasm_abi::kNoTrampoline;
    return;
  }
  ASSERT_TRUE(ctasm::kChachaTierNeonArmv8.capable()) << "no NEON: cannot call the tier";
  ctasm_test::TestRng rng(0xc8ab1);
  static ctasm::ChachaState st;
  for (uint32_t &w : st.words) w = static_cast<uint32_t>(rng.next());
  st.words[8] = 0;
  std::vector<uint8_t> in = rng.bytes(1200), ad = rng.bytes(40), key = rng.bytes(32);
  std::vector<uint8_t> o1(1200), o2(1200);
  uint8_t t1[16], t2[16];
  for (size_t len : {0u, 5u, 64u, 130u, 256u, 257u, 700u, 1100u}) {
    for (size_t ad_len : {0u, 16u, 33u}) {
      CHECK_ABI(ctasm_chacha20_poly1305_seal_neon, o1.data(), t1,
                static_cast<const uint8_t *>(in.data()), len,
                static_cast<const uint8_t *>(ad.data()), ad_len,
                static_cast<const ctasm::ChachaState *>(&st));
      ctasm_chacha20_poly1305_seal_neon(o2.data(), t2, in.data(), len, ad.data(), ad_len, &st);
      EXPECT_EQ(memcmp(o1.data(), o2.data(), len), 0) << "seal " << len;
      EXPECT_EQ(memcmp(t1, t2, 16), 0) << "seal tag " << len;
      CHECK_ABI(ctasm_chacha20_poly1305_open_neon, o1.data(), t1,
                static_cast<const uint8_t *>(in.data()), len,
                static_cast<const uint8_t *>(ad.data()), ad_len,
                static_cast<const ctasm::ChachaState *>(&st));
      ctasm_chacha20_poly1305_open_neon(o2.data(), t2, in.data(), len, ad.data(), ad_len, &st);
      EXPECT_EQ(memcmp(o1.data(), o2.data(), len), 0) << "open " << len;
      EXPECT_EQ(memcmp(t1, t2, 16), 0) << "open tag " << len;
    }
    CHECK_ABI(ctasm_chacha20_neon, o1.data(), static_cast<const uint8_t *>(in.data()), len,
              static_cast<const ctasm::ChachaState *>(&st));
    ctasm_chacha20_neon(o2.data(), in.data(), len, &st);
    EXPECT_EQ(memcmp(o1.data(), o2.data(), len), 0) << "chacha20 " << len;
    CHECK_ABI(ctasm_poly1305_pad16_armv8, t1, static_cast<const uint8_t *>(key.data()),
              static_cast<const uint8_t *>(in.data()), len);
    ctasm_poly1305_pad16_armv8(t2, key.data(), in.data(), len);
    EXPECT_EQ(memcmp(t1, t2, 16), 0) << "poly1305 " << len;
  }
}

ABI_TEST(ChachaArmv8) { CheckChachaArmv8Abi(); }

}  // namespace

#endif  // CTASM_AARCH64_ASM
