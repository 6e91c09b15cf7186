// SPDX-License-Identifier: Apache-2.0
// The NEON GHASH entry points through the ABI trampoline (tests/abi/abi_harness.h):
// random values in every callee-saved register, the results compared with a
// direct call; on aarch64 Linux the code pages are BTI-guarded during the call.
// Registered with ABI_TEST, so AbiCoverage (tests/abi_test.cc) counts it.
#include "internal/asm_config.h"

#if defined(CTASM_AARCH64_ASM) || defined(CTASM_ARMV7_ASM)

#include "abi/abi_harness.h"

#include <gtest/gtest.h>

#include <stdint.h>
#include <string.h>

#include "ghash/internal.h"
#include "test_util.h"

extern "C" {
void ctasm_ghash_neon_gmult(uint8_t x[16], const void *key);
void ctasm_ghash_neon_ghash(uint8_t x[16], const void *key, const uint8_t *in, size_t len);
}

namespace {

#if defined(CTASM_AARCH64_ASM)
const ctasm::GhashTier &Tier() { return ctasm::kGhashTierNeonArmv8; }
#else
const ctasm::GhashTier &Tier() { return ctasm::kGhashTierNeonArmv7; }
#endif

void CheckGhashNeonAbi() {
  if (!ctasm_abi::TrampolineLinked()) {
    ADD_FAILURE() << ctasm_abi::kNoTrampoline;
    return;
  }
  ASSERT_TRUE(Tier().capable()) << "no NEON: the GHASH NEON entry points cannot be called";
  ctasm_test::TestRng rng(0xab14);
  uint8_t h[16], in[16 * 9 + 1];
  rng.fill(h, sizeof h);
  rng.fill(in, sizeof in);
  static ctasm::GhashKey key;
  memset(&key, 0, sizeof key);
  Tier().init(&key, h);

  uint8_t x1[16], x2[16];
  rng.fill(x1, 16);
  memcpy(x2, x1, 16);
  CHECK_ABI(ctasm_ghash_neon_gmult, x1, static_cast<const void *>(&key));
  ctasm_ghash_neon_gmult(x2, &key);
  EXPECT_EQ(memcmp(x1, x2, 16), 0) << "gmult";
  // Every path: no block, the 1-, 2-, 3-block tails, the 4-block loop with and without a tail.
  for (size_t blocks : {0u, 1u, 2u, 3u, 4u, 5u, 9u}) {
    const uint8_t *p = in + (blocks & 1);  // unaligned too
    CHECK_ABI(ctasm_ghash_neon_ghash, x1, static_cast<const void *>(&key), p, 16 * blocks);
    ctasm_ghash_neon_ghash(x2, &key, p, 16 * blocks);
    EXPECT_EQ(memcmp(x1, x2, 16), 0) << blocks << " blocks";
  }
}

ABI_TEST(GhashNeon) { CheckGhashNeonAbi(); }

}  // namespace

#endif  // CTASM_AARCH64_ASM || CTASM_ARMV7_ASM
