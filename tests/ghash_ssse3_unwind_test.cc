// SPDX-License-Identifier: Apache-2.0
// Single-step unwind check of the SSSE3 GHASH entry points (tests/unwind/stepper.h):
// at every instruction the unwinder must get back to the ABI trampoline with its
// return address, stack pointer and callee-saved registers (xmm6-xmm15 on Win64).
// tests/unwind_test.cc's coverage test keeps its own list of stepped functions,
// so these two also need a line there (see the branch's report).
#include "internal/asm_config.h"

#if defined(CTASM_X86_64_ASM) && (defined(_WIN32) || defined(__linux__))

#include <gtest/gtest.h>

#include <string.h>

#include "ghash/internal.h"
#include "test_util.h"

#if defined(_WIN32) || defined(CTASM_TEST_LIBUNWIND)
#include "unwind/stepper.h"

extern "C" {
void ctasm_gcm_gmult_ssse3(uint8_t x[16], const void *key);
void ctasm_gcm_ghash_ssse3(uint8_t x[16], const void *key, const uint8_t *in, size_t len);
}

namespace {

#define STEP_OK(fn, ...)                                                                 \
  do {                                                                                   \
    uintptr_t ret_ = 0;                                                                  \
    ctasm_unwind::Report r_ = ctasm_unwind::StepFunction(fn, &ret_, ##__VA_ARGS__);      \
    EXPECT_TRUE(r_.entered && r_.returned && r_.failures == 0 && r_.steps > 0)           \
        << #fn << ": " << r_.nfail << " of " << r_.steps << " instructions failed; first " \
        << r_.first;                                                                     \
  } while (0)

TEST(GhashSsse3Unwind, EveryInstruction) {
  ASSERT_TRUE(ctasm::kGhashTierSsse3.capable()) << "no SSSE3: ghash-ssse3 cannot be stepped";
  ctasm_test::TestRng rng(0x57ea);
  uint8_t h[16], x[16], in[16 * 5 + 1];
  rng.fill(h, 16);
  rng.fill(x, 16);
  rng.fill(in, sizeof in);
  static ctasm::GhashKey key;
  memset(&key, 0, sizeof key);
  ctasm::kGhashTierSsse3.init(&key, h);
  STEP_OK(ctasm_gcm_gmult_ssse3, x, static_cast<const void *>(&key));
  // No blocks, one (the tail alone), two (the pair loop alone), five (both).
  for (size_t blocks : {0u, 1u, 2u, 5u}) {
    STEP_OK(ctasm_gcm_ghash_ssse3, x, static_cast<const void *>(&key),
            static_cast<const uint8_t *>(in + 1), 16 * blocks);
  }
}

}  // namespace

#else  // Linux without libunwind

TEST(GhashSsse3Unwind, EveryInstruction) {
  GTEST_FAIL() << "built without libunwind (CTASM_TEST_LIBUNWIND): install libunwind-dev "
                  "and reconfigure";
}

#endif
#endif  // x86_64 assembly on Linux or Windows
