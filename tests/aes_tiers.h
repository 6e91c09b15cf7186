// SPDX-License-Identifier: Apache-2.0
// The AES tiers a test can run on this build and CPU, and a scope that puts
// one in force. Shared by the AES test suites.
#ifndef CTASM_TESTS_AES_TIERS_H
#define CTASM_TESTS_AES_TIERS_H

#include <ctype.h>
#include <gtest/gtest.h>
#include <stdint.h>

#include <ostream>
#include <string>
#include <vector>

#include "cpu/cpu.h"
#include "internal/asm_config.h"

namespace ctasm_test {

struct AesTier {
  std::string name;  // ctasm_aes_impl() under `caps`
  uint32_t caps;
};

// Every AES tier this build and this CPU (after CTASM_CPU) can run.
inline std::vector<AesTier> AvailableAesTiers() {
  std::vector<AesTier> tiers;
  tiers.push_back({"portable", 0});
#if defined(CTASM_X86_64_ASM) || defined(CTASM_AARCH64_ASM) || defined(CTASM_ARMV7_ASM)
  const uint32_t det = ctasm::testing::detected_cpu_caps();
  // Hardware-AES tiers (later) would win over vpaes: keep them out.
  const uint32_t vpaes_caps = det & ~(ctasm::kAESNI | ctasm::kVAES | ctasm::kARMAES);
#if defined(CTASM_X86_64_ASM)
  if (vpaes_caps & ctasm::kSSSE3) tiers.push_back({"bsaes+vpaes-x86_64", vpaes_caps});
#elif defined(CTASM_AARCH64_ASM)
  if (vpaes_caps & ctasm::kNEON) tiers.push_back({"vpaes-armv8", vpaes_caps});
#else
  if (vpaes_caps & ctasm::kNEON) tiers.push_back({"bsaes+vpaes-armv7", vpaes_caps});
#endif
#endif
  return tiers;
}

// gtest prints parameters with this (the default dumps bytes).
inline void PrintTo(const AesTier &t, std::ostream *os) { *os << t.name; }

inline std::string TierTestName(const ::testing::TestParamInfo<AesTier> &info) {
  std::string s;
  for (char c : info.param.name) s += (isalnum(static_cast<unsigned char>(c)) ? c : '_');
  return s;
}

// Puts a tier in force for the lifetime of the object.
class ScopedCaps {
 public:
  explicit ScopedCaps(uint32_t caps) { ctasm::testing::set_cpu_caps_for_testing(caps); }
  ~ScopedCaps() { ctasm::testing::reset_cpu_caps_for_testing(); }
  ScopedCaps(const ScopedCaps &) = delete;
  ScopedCaps &operator=(const ScopedCaps &) = delete;
};

}  // namespace ctasm_test

#endif  // CTASM_TESTS_AES_TIERS_H
