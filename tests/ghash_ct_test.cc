// SPDX-License-Identifier: Apache-2.0
// Constant-time check of the SSSE3 GHASH tier with valgrind's memcheck: H, the
// hash state and the data are marked undefined, so a branch or an address that
// depends on them is a memcheck error, and the test counts those errors. Outside
// valgrind the test fails (ctest runs it under valgrind as ghash_constant_time):
//   valgrind ./ctasm_tests --gtest_filter='GhashConstantTime*'
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

#include "ghash/internal.h"

namespace {

TEST(GhashConstantTime, Ssse3UnderMemcheck) {
  if (!RUNNING_ON_VALGRIND) GTEST_FAIL() << "this test must run under valgrind (ctest runs it as ghash_constant_time)";
  const ctasm::GhashTier &tier = ctasm::kGhashTierSsse3;
  ASSERT_TRUE(tier.capable()) << "no SSSE3: ghash-ssse3 cannot be checked";
  uint8_t h[16], x[16];
  memset(h, 0x5a, sizeof h);
  memset(x, 0xc3, sizeof x);
  std::vector<uint8_t> data(16 * 9 + 1, 0x33);
  static ctasm::GhashKey key;
  memset(&key, 0, sizeof key);
  VALGRIND_MAKE_MEM_UNDEFINED(h, sizeof h);
  VALGRIND_MAKE_MEM_UNDEFINED(x, sizeof x);
  VALGRIND_MAKE_MEM_UNDEFINED(data.data(), data.size());
  const unsigned before = VALGRIND_COUNT_ERRORS;
  tier.init(&key, h);
  tier.gmult(x, &key);
  // Lengths are public; these take the pair loop, the tail and both, unaligned.
  for (size_t blocks : {1u, 2u, 3u, 9u}) tier.ghash(x, &key, data.data() + 1, 16 * blocks);
  const unsigned after = VALGRIND_COUNT_ERRORS;
  EXPECT_EQ(before, after) << "ghash-ssse3: secret-dependent branch or address (see memcheck output)";
  // The key and x really were computed from the secret: memcheck sees them undefined
  // (read without a report: GET_VBITS, 1 bits = undefined).
  static uint8_t vbits[sizeof key + 16];
  ASSERT_EQ(VALGRIND_GET_VBITS(&key, vbits, sizeof key), 1u);
  ASSERT_EQ(VALGRIND_GET_VBITS(x, vbits + sizeof key, 16), 1u);
  size_t undefined = 0;
  for (uint8_t b : vbits) undefined += b != 0;
  EXPECT_GT(undefined, sizeof key / 2) << "H and x were not treated as secret";
  VALGRIND_MAKE_MEM_DEFINED(&key, sizeof key);
  VALGRIND_MAKE_MEM_DEFINED(x, sizeof x);
}

}  // namespace
#endif
