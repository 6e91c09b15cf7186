// SPDX-License-Identifier: Apache-2.0
// The SSSE3 GHASH entry points through the ABI trampoline (tests/abi/abi_harness.h):
// random callee-saved registers (xmm6-xmm15 on Win64, which these functions
// use), the direction flag, and the results compared with a direct call.
// Registered with ABI_TEST, so AbiCoverage (tests/abi_test.cc) counts it.
#include "internal/asm_config.h"

#if defined(CTASM_X86_64_ASM)
#include "abi/abi_harness.h"

#include <string.h>

#include <gtest/gtest.h>

#include "ghash/internal.h"
#include "test_util.h"

// The prototypes of src/ghash/tier_x86_64.cc (all need SSSE3).
extern "C" {
void ctasm_gcm_init_ssse3(void *key, const uint8_t h[16]);
void ctasm_gcm_gmult_ssse3(uint8_t x[16], const void *key);
void ctasm_gcm_ghash_ssse3(uint8_t x[16], const void *key, const uint8_t *in, size_t len);
}

namespace {

ABI_TEST(GhashSsse3) {
  if (!ctasm::kGhashTierSsse3.capable()) {
    ctasm_abi::NotRunnable("ctasm_gcm_init_ssse3", "no SSSE3");
    ctasm_abi::NotRunnable("ctasm_gcm_gmult_ssse3", "no SSSE3");
    ctasm_abi::NotRunnable("ctasm_gcm_ghash_ssse3", "no SSSE3");
    return;
  }
  ctasm_test::TestRng rng(0xab9);
  uint8_t h[16], in[16 * 7 + 1];
  rng.fill(h, sizeof h);
  rng.fill(in, sizeof in);
  static ctasm::GhashKey key, direct;
  memset(&key, 0, sizeof key);
  memset(&direct, 0, sizeof direct);
  CHECK_ABI(ctasm_gcm_init_ssse3, static_cast<void *>(&key), static_cast<const uint8_t *>(h));
  ctasm_gcm_init_ssse3(&direct, h);
  EXPECT_EQ(memcmp(&key, &direct, sizeof key), 0);

  uint8_t x1[16], x2[16];
  rng.fill(x1, 16);
  memcpy(x2, x1, 16);
  CHECK_ABI(ctasm_gcm_gmult_ssse3, x1, &key);
  ctasm_gcm_gmult_ssse3(x2, &key);
  EXPECT_EQ(memcmp(x1, x2, 16), 0);
  for (size_t blocks : {0u, 1u, 2u, 3u, 7u}) {
    CHECK_ABI(ctasm_gcm_ghash_ssse3, x1, &key, in + 1, 16 * blocks);
    ctasm_gcm_ghash_ssse3(x2, &key, in + 1, 16 * blocks);
    EXPECT_EQ(memcmp(x1, x2, 16), 0) << blocks;
  }
}

}  // namespace
#endif  // CTASM_X86_64_ASM
