// SPDX-License-Identifier: Apache-2.0
// Constant-time check of the x86_64 ChaCha20-Poly1305 tiers with valgrind's
// memcheck: key, nonce, plaintext, ciphertext and AD are marked undefined, so a
// branch or an address that depends on them (or on the key stream, the Poly1305
// key or accumulator computed from them) is a memcheck error, counted here.
// Lengths are public and reach every path (short batches, tails, fused loops).
// Outside valgrind the test fails (ctest runs it as chacha_x86_64_constant_time):
//   valgrind ./ctasm_tests --gtest_filter='ChachaX86ConstantTime*'
// valgrind runs SSSE3 and AVX2 code (it hides only AVX-512), so both tiers are checked.
#include "internal/asm_config.h"

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#define CTASM_HAVE_MEMCHECK 1
#endif
#endif

#if defined(CTASM_HAVE_MEMCHECK) && defined(CTASM_X86_64_ASM)
#include <string.h>

#include <vector>

#include <gtest/gtest.h>
#include <valgrind/memcheck.h>

#include "chacha/internal.h"

namespace {

void CheckTier(const ctasm::ChachaTier &t) {
  ASSERT_TRUE(t.capable()) << t.name << " cannot run on this CPU: it cannot be checked";
  std::vector<uint8_t> in(1400, 0x3c), out(1400), ad(40, 0x11);
  uint8_t tag[16];
  ctasm::ChachaState st;
  for (int i = 0; i < 12; i++) st.words[i] = 0x01020304u * (i + 1);
  for (size_t len : {0u, 1u, 17u, 64u, 100u, 129u, 200u, 300u, 600u, 1100u, 1300u}) {
    st.words[8] = 0;
    VALGRIND_MAKE_MEM_UNDEFINED(&st, sizeof st);
    VALGRIND_MAKE_MEM_UNDEFINED(in.data(), in.size());
    VALGRIND_MAKE_MEM_UNDEFINED(ad.data(), ad.size());
    const unsigned before = VALGRIND_COUNT_ERRORS;
    t.seal(out.data(), tag, in.data(), len, ad.data(), len % 41, &st);
    t.open(out.data(), tag, in.data(), len, ad.data(), len % 41, &st);
    t.chacha20(out.data(), in.data(), len, &st);
    const unsigned after = VALGRIND_COUNT_ERRORS;
    EXPECT_EQ(before, after) << t.name << " len " << len
                             << ": secret-dependent branch or address (see memcheck output)";
    if (len) {
      // the results were computed from the secrets: memcheck sees them undefined
      static uint8_t vbits[16];
      ASSERT_EQ(VALGRIND_GET_VBITS(tag, vbits, 16), 1u);
      size_t undefined = 0;
      for (uint8_t b : vbits) undefined += b != 0;
      EXPECT_EQ(undefined, 16u) << t.name << ": the tag was not computed from the secrets";
    }
    VALGRIND_MAKE_MEM_DEFINED(&st, sizeof st);
    VALGRIND_MAKE_MEM_DEFINED(out.data(), out.size());
    VALGRIND_MAKE_MEM_DEFINED(tag, 16);
  }
}

TEST(ChachaX86ConstantTime, BothTiersUnderMemcheck) {
  if (!RUNNING_ON_VALGRIND)
    GTEST_FAIL() << "this test must run under valgrind (ctest runs it as chacha_x86_64_constant_time)";
  CheckTier(ctasm::kChachaTierSsse3);
  CheckTier(ctasm::kChachaTierAvx2);
}

}  // namespace
#endif
