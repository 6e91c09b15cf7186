// SPDX-License-Identifier: Apache-2.0
// Single-step unwind cases of the x86_64 ChaCha20-Poly1305 entry points
// (tests/unwind/unwind_cases.h): at every instruction, in the global functions
// and the local ones they call, the unwinder must get back to the trampoline
// with its return address, stack pointer and callee-saved registers (xmm6-xmm15
// on Win64). Lengths reach the short batches, the tails and the wide loops once
// (AEADs: 17 the short path, 100 and 300 the AVX2 pairs path with two and
// three row sets (skewed: Poly1305 in the double-round loops), 400 the
// AVX2 8-block short batch, 512 and 600 the long ones: AVX2 with block 0
// alone and with blocks 0-7 in one first batch).
#include "unwind/unwind_cases.h"

#if defined(CTASM_UNWIND_STEPPING)

#include <stdint.h>
#include <string.h>

#include "bochs512_coverage.h"
#include "chacha/internal.h"
#include "chacha_tiers.h"
#include "test_asm.h"
#include "test_util.h"

namespace {

// ssuffix: the tier's stream function's (chacha-avx512ifma's is chacha-avx512's).
#define STEP_CHACHA_TIER(tier, why, suffix, ssuffix)                                     \
  do {                                                                                   \
    if (!(tier).capable()) {                                                             \
      if (strcmp(#suffix, #ssuffix) == 0) ctasm_unwind::NotSteppable("ctasm_chacha20_" #ssuffix, why); \
      ctasm_unwind::NotSteppable("ctasm_chacha20_poly1305_seal_" #suffix, why);          \
      ctasm_unwind::NotSteppable("ctasm_chacha20_poly1305_open_" #suffix, why);          \
      break;                                                                             \
    }                                                                                    \
    ctasm_test::TestRng rng(0x57c4);                                                     \
    static uint8_t in[700], ad[20], out[700], tag[16];                                   \
    rng.fill(in, sizeof in);                                                             \
    rng.fill(ad, sizeof ad);                                                             \
    static ctasm::ChachaState st;                                                        \
    for (auto &w : st.words) w = static_cast<uint32_t>(rng.next());                      \
    st.words[8] = 0;                                                                     \
    for (size_t len : {size_t{0}, size_t{100}, size_t{600}}) {                           \
      STEP_OK(ctasm_chacha20_##ssuffix, static_cast<uint8_t *>(out),                     \
              static_cast<const uint8_t *>(in), len,                                     \
              static_cast<const ctasm::ChachaState *>(&st));                             \
    }                                                                                    \
    for (size_t len : {size_t{17}, size_t{100}, size_t{300}, size_t{400}, size_t{512},   \
                        size_t{600}}) {                                                  \
      STEP_OK(ctasm_chacha20_poly1305_seal_##suffix, static_cast<uint8_t *>(out),        \
              static_cast<uint8_t *>(tag), static_cast<const uint8_t *>(in), len,        \
              static_cast<const uint8_t *>(ad + 1), size_t{19},                          \
              static_cast<const ctasm::ChachaState *>(&st));                             \
      STEP_OK(ctasm_chacha20_poly1305_open_##suffix, static_cast<uint8_t *>(out),        \
              static_cast<uint8_t *>(tag), static_cast<const uint8_t *>(in), len,        \
              static_cast<const uint8_t *>(ad + 1), size_t{19},                          \
              static_cast<const ctasm::ChachaState *>(&st));                             \
    }                                                                                    \
  } while (0)

void StepChacha() {
  STEP_CHACHA_TIER(ctasm::kChachaTierSsse3, "no SSSE3", ssse3, ssse3);
  STEP_CHACHA_TIER(ctasm::kChachaTierAvx2, "no AVX2", avx2, avx2);
  if (ctasm_test::Avx512TierRunsOnlyInBochs(&ctasm::kChachaTierAvx512)) {
    // util/bochs512 single-steps the SysV and Win64 builds of these three
    // against their .eh_frame and .pdata/.xdata under Bochs: its last passing
    // run must say so for the generated file this build assembled.
    for (const char *fn : {"ctasm_chacha20_avx512", "ctasm_chacha20_poly1305_seal_avx512",
                           "ctasm_chacha20_poly1305_open_avx512"}) {
      ctasm_test::RequireBochs512(fn, "unwind", "chacha20_poly1305_x86_64");
      ctasm_unwind::Stepped()[fn];
    }
    ctasm_test::NoteAvx512NotRunHere("the ChaCha single-step unwind cases");
  } else {
    STEP_CHACHA_TIER(ctasm::kChachaTierAvx512, "no AVX-512 (CTASM_CPU)", avx512, avx512);
  }
  if (ctasm_test::Avx512TierRunsOnlyInBochs(&ctasm::kChachaTierAvx512Ifma)) {
    // util/bochs512 single-steps these two as well (SysV stage 7, Win64 stage 6)
    for (const char *fn : {"ctasm_chacha20_poly1305_seal_avx512ifma", "ctasm_chacha20_poly1305_open_avx512ifma"}) {
      ctasm_test::RequireBochs512(fn, "unwind", "chacha20_poly1305_x86_64");
      ctasm_unwind::Stepped()[fn];
    }
    ctasm_test::NoteAvx512IfmaNotRunHere("the ChaCha single-step unwind cases");
  } else {
    STEP_CHACHA_TIER(ctasm::kChachaTierAvx512Ifma, "no AVX-512 IFMA (CTASM_CPU)", avx512ifma, avx512);
  }
}

}  // namespace

UNWIND_CASES(ChachaX86_64) { StepChacha(); }

#endif  // CTASM_UNWIND_STEPPING
