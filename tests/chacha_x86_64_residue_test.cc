// SPDX-License-Identifier: Apache-2.0
// What the x86_64 ChaCha20-Poly1305 tiers leave in the dead stack
// (tests/stack_residue.h): no window of the key, the Poly1305 key block, the
// key stream or the plaintext may remain after seal, open or ChaCha20 return.
// Lengths reach the short batches (key stream in the frame's buffer), the
// one-batch tails and the fused wide loops.
#include "internal/asm_config.h"

#if defined(CTASM_X86_64_ASM)
#include <string.h>

#include <vector>

#include <gtest/gtest.h>

#include "chacha/internal.h"
#include "stack_residue.h"
#include "test_util.h"

namespace {

using Bytes = std::vector<uint8_t>;

class ChachaX86Residue : public ::testing::TestWithParam<const ctasm::ChachaTier *> {};

TEST_P(ChachaX86Residue, NoSecretLeftOnTheStack) {
  const ctasm::ChachaTier &t = *GetParam();
  ASSERT_TRUE(t.capable()) << t.name << " cannot run on this CPU";
  ctasm_test::TestRng rng(0x7e51d + t.impl);
  for (size_t len : {size_t{1}, size_t{50}, size_t{100}, size_t{200}, size_t{700}, size_t{1300}}) {
    ctasm::ChachaState st;
    for (auto &w : st.words) w = static_cast<uint32_t>(rng.next());
    st.words[8] = 0;
    const Bytes pt = rng.bytes(len), ad = rng.bytes(9);
    Bytes ct(len), back(len), block0(64), zero(64, 0);
    uint8_t tag[16], tag2[16];
    // block 0's key stream (the Poly1305 key) through the tier's own ChaCha20
    t.chacha20(block0.data(), zero.data(), 64, &st);
    std::vector<ctasm_test::Secret> secrets = {
        {"key", Bytes(reinterpret_cast<const uint8_t *>(st.words),
                      reinterpret_cast<const uint8_t *>(st.words) + 32)},
        {"poly1305 key", block0},
        {"plaintext", pt},
    };
    auto check = [&](const char *what, const std::function<void()> &call) {
      const ctasm_test::StackSnapshot snap = ctasm_test::RunOnCanaryStack(call);
      const ctasm_test::StackResidue r = ctasm_test::FindSecrets(snap, secrets);
      EXPECT_FALSE(r.overflowed) << what << " len " << len;
      EXPECT_TRUE(r.hits.empty()) << what << " len " << len << ":\n" << r.report();
      EXPECT_GT(r.depth, 0u) << what << ": the probe saw no frame";
    };
    check("seal", [&] { t.seal(ct.data(), tag, pt.data(), len, ad.data(), ad.size(), &st); });
    Bytes stream(len);
    for (size_t i = 0; i < len; i++) stream[i] = pt[i] ^ ct[i];
    secrets.push_back({"key stream", stream});
    check("open", [&] { t.open(back.data(), tag2, ct.data(), len, ad.data(), ad.size(), &st); });
    EXPECT_EQ(back, pt);
    EXPECT_EQ(memcmp(tag, tag2, 16), 0);
    st.words[8] = 1;
    check("chacha20", [&] { t.chacha20(back.data(), pt.data(), len, &st); });
    EXPECT_EQ(back, ct);
  }
}

const ctasm::ChachaTier *const kTiers[] = {&ctasm::kChachaTierSsse3, &ctasm::kChachaTierAvx2};
INSTANTIATE_TEST_SUITE_P(Tiers, ChachaX86Residue, ::testing::ValuesIn(kTiers),
                         [](const ::testing::TestParamInfo<const ctasm::ChachaTier *> &i) {
                           return std::string(i.param->impl == ctasm::kChachaImplAvx2 ? "Avx2"
                                                                                     : "Ssse3");
                         });

}  // namespace
#endif  // CTASM_X86_64_ASM
