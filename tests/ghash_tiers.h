// SPDX-License-Identifier: Apache-2.0
// The GHASH tiers a test can run on this build and CPU, and a scope that puts
// one in force for new GCM contexts (src/ghash/testing.h). With
// tests/aes_tiers.h, suites run every AES tier with every GHASH tier.
#ifndef CTASM_TESTS_GHASH_TIERS_H
#define CTASM_TESTS_GHASH_TIERS_H

#include <stdint.h>

#include <string>
#include <vector>

#include "aes_tiers.h"
#include "cpu/cpu.h"
#include "ghash/internal.h"
#include "ghash/testing.h"

namespace ctasm_test {

// Every tier of this build's table whose capabilities the CPU has (judged
// under the detected capabilities, not a test's mask).
inline std::vector<const ctasm::GhashTier *> AvailableGhashTiers() {
  ctasm::testing::set_cpu_caps_for_testing(ctasm::testing::detected_cpu_caps());
  std::vector<const ctasm::GhashTier *> tiers;
  for (size_t i = 0; i < ctasm::kGhashTierCount; i++) {
    if (ctasm::kGhashTiers[i]->capable()) tiers.push_back(ctasm::kGhashTiers[i]);
  }
  ctasm::testing::reset_cpu_caps_for_testing();
  return tiers;
}

// Puts a GHASH tier in force for the lifetime of the object.
class ScopedGhashTier {
 public:
  explicit ScopedGhashTier(const ctasm::GhashTier *t) { ctasm::testing::set_ghash_tier_for_testing(t); }
  ~ScopedGhashTier() { ctasm::testing::set_ghash_tier_for_testing(nullptr); }
  ScopedGhashTier(const ScopedGhashTier &) = delete;
  ScopedGhashTier &operator=(const ScopedGhashTier &) = delete;
};

// One AES tier with one GHASH tier: what a GCM context is made of.
struct GcmTiers {
  AesTier aes;
  const ctasm::GhashTier *ghash;
  std::string name() const { return aes.name + "+" + ghash->name; }
};

inline std::vector<GcmTiers> AvailableGcmTiers() {
  std::vector<GcmTiers> all;
  for (const AesTier &a : AvailableAesTiers()) {
    for (const ctasm::GhashTier *g : AvailableGhashTiers()) all.push_back({a, g});
  }
  return all;
}

inline void PrintTo(const GcmTiers &t, std::ostream *os) { *os << t.name(); }

inline std::string GcmTierTestName(const ::testing::TestParamInfo<GcmTiers> &info) {
  std::string s;
  for (char c : info.param.name()) s += (isalnum(static_cast<unsigned char>(c)) ? c : '_');
  return s;
}

// Both halves of a GcmTiers in force for the lifetime of the object.
class ScopedGcmTiers {
 public:
  explicit ScopedGcmTiers(const GcmTiers &t) : caps_(t.aes.caps), ghash_(t.ghash) {}

 private:
  ScopedCaps caps_;
  ScopedGhashTier ghash_;
};

}  // namespace ctasm_test

#endif  // CTASM_TESTS_GHASH_TIERS_H
