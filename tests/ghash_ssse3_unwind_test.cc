// SPDX-License-Identifier: Apache-2.0
// Single-step unwind cases of the SSSE3 GHASH entry points (tests/unwind/unwind_cases.h):
// at every instruction the unwinder must get back to the ABI trampoline with its
// return address, stack pointer and callee-saved registers (xmm6-xmm15 on Win64).
#include "unwind/unwind_cases.h"

#if defined(CTASM_UNWIND_STEPPING)

#include <stdint.h>
#include <string.h>

#include "ghash/internal.h"
#include "test_util.h"

extern "C" {
void ctasm_gcm_init_ssse3(void *key, const uint8_t h[16]);
void ctasm_gcm_gmult_ssse3(uint8_t x[16], const void *key);
void ctasm_gcm_ghash_ssse3(uint8_t x[16], const void *key, const uint8_t *in, size_t len);
}

namespace {

void StepGhashSsse3() {
  if (!ctasm::kGhashTierSsse3.capable()) {
    ctasm_unwind::NotSteppable("ctasm_gcm_init_ssse3", "no SSSE3");
    ctasm_unwind::NotSteppable("ctasm_gcm_gmult_ssse3", "no SSSE3");
    ctasm_unwind::NotSteppable("ctasm_gcm_ghash_ssse3", "no SSSE3");
    return;
  }
  ctasm_test::TestRng rng(0x57ea);
  uint8_t h[16], x[16], in[16 * 5 + 1];
  rng.fill(h, 16);
  rng.fill(x, 16);
  rng.fill(in, sizeof in);
  static ctasm::GhashKey key;
  memset(&key, 0, sizeof key);
  STEP_OK(ctasm_gcm_init_ssse3, static_cast<void *>(&key), static_cast<const uint8_t *>(h));
  STEP_OK(ctasm_gcm_gmult_ssse3, x, static_cast<const void *>(&key));
  // No blocks, one (the tail alone), two (the pair loop alone), five (both).
  for (size_t blocks : {0u, 1u, 2u, 5u}) {
    STEP_OK(ctasm_gcm_ghash_ssse3, x, static_cast<const void *>(&key),
            static_cast<const uint8_t *>(in + 1), 16 * blocks);
  }
}

}  // namespace

UNWIND_CASES(GhashSsse3) { StepGhashSsse3(); }

#endif  // CTASM_UNWIND_STEPPING
