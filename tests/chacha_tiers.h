// SPDX-License-Identifier: Apache-2.0
// The ChaCha20-Poly1305 tiers a test can run on this build and CPU, a scope
// that puts one in force for new contexts and ctasm_chacha20() calls
// (src/chacha/testing.h), and helpers the ChaCha suites share.
#ifndef CTASM_TESTS_CHACHA_TIERS_H
#define CTASM_TESTS_CHACHA_TIERS_H

#include <ctype.h>
#include <gtest/gtest.h>
#include <stdint.h>
#include <stdio.h>

#include <string>
#include <vector>

#include "chacha/chacha_portable.h"
#include "chacha/internal.h"
#include "chacha/testing.h"
#include "cpu/cpu.h"

namespace ctasm_test {

// The one built tier a CPU may lack without failing the suites: chacha-avx512
// where the detected CPU (or valgrind's, which hides AVX-512) has no AVX-512
// F/BW/VL, as on this project's development machine (AMD Zen 3). It is not
// silent: every suite that iterates the tiers prints NoteAvx512NotRunHere,
// and util/bochs512/run.py (stage 6, in the test command) runs the tier under
// Bochs against the AVX2 and SSSE3 tiers and an RFC 8439 model.
// chacha-avx512ifma likewise where it has no AVX-512 IFMA.
inline bool Avx512TierRunsOnlyInBochs(const ctasm::ChachaTier *t) {
#if defined(CTASM_X86_64_ASM)
  const uint32_t caps = ctasm::testing::detected_cpu_caps();
  if (t == &ctasm::kChachaTierAvx512Ifma) {
    const uint32_t need = ctasm::kAVX512 | ctasm::kAVX512IFMA;
    return (caps & need) != need;
  }
  return t == &ctasm::kChachaTierAvx512 && (caps & ctasm::kAVX512) != ctasm::kAVX512;
#else
  (void)t;
  return false;
#endif
}
inline void NoteAvx512NotRunHere(const char *what) {
  printf("note: chacha-avx512 is built but this CPU has no AVX-512F/BW/VL: %s did not run it "
         "(util/bochs512/run.py runs it under Bochs, stage 6)\n", what);
  fflush(stdout);
}
inline void NoteAvx512IfmaNotRunHere(const char *what) {
  printf("note: chacha-avx512ifma is built but this CPU has not both AVX-512F/BW/VL and IFMA: %s "
         "did not run it (util/bochs512/run.py runs it under Bochs, stages 6 and 7)\n", what);
  fflush(stdout);
}

// Every tier of this build's table whose capabilities the CPU has (judged
// under the detected capabilities, not a test's mask).
inline std::vector<const ctasm::ChachaTier *> AvailableChachaTiers() {
  ctasm::testing::set_cpu_caps_for_testing(ctasm::testing::detected_cpu_caps());
  std::vector<const ctasm::ChachaTier *> tiers;
  for (size_t i = 0; i < ctasm::kChachaTierCount; i++) {
    if (ctasm::kChachaTiers[i]->capable()) tiers.push_back(ctasm::kChachaTiers[i]);
    else if (Avx512TierRunsOnlyInBochs(ctasm::kChachaTiers[i])) {
      static bool noted = false;  // once per process: every suite's instantiation calls this
      if (!noted) NoteAvx512NotRunHere("the tier-parameterised ChaCha suites (chacha, differential, misuse, residue, edge, page end)");
      noted = true;
    }
  }
  ctasm::testing::reset_cpu_caps_for_testing();
  return tiers;
}

// Puts a tier in force for the lifetime of the object.
class ScopedChachaTier {
 public:
  explicit ScopedChachaTier(const ctasm::ChachaTier *t) { ctasm::testing::set_chacha_tier_for_testing(t); }
  ~ScopedChachaTier() { ctasm::testing::set_chacha_tier_for_testing(nullptr); }
  ScopedChachaTier(const ScopedChachaTier &) = delete;
  ScopedChachaTier &operator=(const ScopedChachaTier &) = delete;
};

inline std::string ChachaTierTestName(const ::testing::TestParamInfo<const ctasm::ChachaTier *> &info) {
  std::string s;
  for (const char *c = info.param->name; *c; c++) s += isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
  return s;
}

// The tier's input state for key, counter and a 12-byte nonce.
inline ctasm::ChachaState ChachaStateOf(const uint8_t key[32], uint32_t counter, const uint8_t nonce[12]) {
  ctasm::ChachaState st;
  ctasm::chacha_portable::make_state(&st, key, counter, nonce);
  return st;
}

}  // namespace ctasm_test

namespace ctasm {
// gtest prints a tier parameter by its name.
inline void PrintTo(const ChachaTier *t, std::ostream *os) { *os << t->name; }
}  // namespace ctasm

#endif  // CTASM_TESTS_CHACHA_TIERS_H
