// SPDX-License-Identifier: Apache-2.0
// What the ARMv7 NEON ChaCha20(-Poly1305) tier leaves in the dead stack
// (tests/stack_residue.h): nothing of the key, the Poly1305 key (r, s), the
// key stream or the plaintext, after raw ChaCha20, seal and open, at lengths
// that end in each of the 1-, 2- and 3-block tails and after the 3-block loop.
#include "internal/asm_config.h"

#if defined(CTASM_ARMV7_ASM)

#include <gtest/gtest.h>

#include <stdint.h>
#include <string.h>

#include <string>
#include <vector>

#include "chacha/internal.h"
#include "stack_residue.h"
#include "test_util.h"

namespace {

using Bytes = std::vector<uint8_t>;

TEST(ChachaArmv7Residue, NoSecretLeftOnTheStack) {
  const ctasm::ChachaTier &tier = ctasm::kChachaTierNeonArmv7;
  ASSERT_TRUE(tier.capable()) << "no NEON: kChachaTierNeonArmv7 cannot run here";
  ctasm_test::TestRng rng(0x5e7a);
  for (size_t n : {37u, 100u, 150u, 192u, 400u}) {
    for (int op = 0; op < 3; op++) {  // chacha20, seal, open
      SCOPED_TRACE(std::string(op == 0 ? "chacha20" : op == 1 ? "seal" : "open") + ", " +
                   std::to_string(n) + " bytes");
      ctasm::ChachaState st;
      rng.fill(reinterpret_cast<uint8_t *>(st.words), sizeof st.words);
      st.words[8] = 0;
      Bytes pt = rng.bytes(n), ad = rng.bytes(13), ct(n), out(n), block0(64);
      uint8_t tag[16];
      tier.seal(ct.data(), tag, pt.data(), n, ad.data(), ad.size(), &st);
      tier.chacha20(block0.data(), Bytes(64).data(), 64, &st);  // r, s and the rest of block 0
      Bytes stream(n);
      for (size_t i = 0; i < n; i++) stream[i] = pt[i] ^ ct[i];
      const ctasm::ChachaState *sp = &st;
      const auto stack = ctasm_test::RunOnCanaryStack([&] {
        if (op == 0) {
          tier.chacha20(out.data(), pt.data(), n, sp);
        } else if (op == 1) {
          tier.seal(out.data(), tag, pt.data(), n, ad.data(), ad.size(), sp);
        } else {
          tier.open(out.data(), tag, ct.data(), n, ad.data(), ad.size(), sp);
        }
      });
      // raw ChaCha20 from counter 0: its stream is block 0 then the AEAD's stream
      Bytes key(reinterpret_cast<const uint8_t *>(st.words), reinterpret_cast<const uint8_t *>(st.words) + 32);
      std::vector<ctasm_test::Secret> secrets = {
          {"key", key}, {"block 0 (r, s)", block0}, {"key stream", stream}, {"plaintext", pt}};
      const auto found = ctasm_test::FindSecrets(stack, secrets);
      EXPECT_TRUE(found.hits.empty() && !found.overflowed) << found.report();
    }
  }
}

}  // namespace

#endif  // CTASM_ARMV7_ASM
