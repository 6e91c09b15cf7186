// SPDX-License-Identifier: Apache-2.0
// The tier table: this build's GHASH tiers, best first (internal.h). A new
// tier adds its entry at its marked place in both tables below; a test checks
// the tables agree.
#include <atomic>

#include "ghash/internal.h"
#include "ghash/testing.h"

namespace ctasm {

const GhashTier *const kGhashTiers[] = {
#if defined(CTASM_X86_64_ASM)
    &kGhashTierSsse3,
#elif defined(CTASM_AARCH64_ASM)
    &kGhashTierNeonArmv8,
#elif defined(CTASM_ARMV7_ASM)
    &kGhashTierNeonArmv7,
#endif
    &kGhashTierPortable,  // always capable: the last resort
};
const size_t kGhashTierCount = sizeof(kGhashTiers) / sizeof(kGhashTiers[0]);

// Indexed by GhashImpl; the #if places mirror the table above.
const GhashTier *const kGhashTierByImpl[kGhashImplCount] = {
    nullptr,              // kGhashImplNone
    &kGhashTierPortable,  // kGhashImplPortable
#if defined(CTASM_X86_64_ASM)
    &kGhashTierSsse3,  // kGhashImplSsse3
#else
    nullptr,
#endif
#if defined(CTASM_AARCH64_ASM)
    &kGhashTierNeonArmv8,  // kGhashImplNeonArmv8
#else
    nullptr,
#endif
#if defined(CTASM_ARMV7_ASM)
    &kGhashTierNeonArmv7,  // kGhashImplNeonArmv7
#else
    nullptr,
#endif
};

namespace {
std::atomic<const GhashTier *> g_forced_tier{nullptr};
}  // namespace

const GhashTier &ghash_select_tier() {
  if (const GhashTier *forced = g_forced_tier.load(std::memory_order_acquire)) return *forced;
  for (size_t i = 0; i + 1 < kGhashTierCount; i++) {
    if (kGhashTiers[i]->capable()) return *kGhashTiers[i];
  }
  return kGhashTierPortable;
}

namespace testing {
void set_ghash_tier_for_testing(const GhashTier *tier) {
  g_forced_tier.store(tier, std::memory_order_release);
}
}  // namespace testing

}  // namespace ctasm
