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
// x86_64 tiers go here (SSSE3: &kGhashTierSsse3).
#elif defined(CTASM_AARCH64_ASM)
// AArch64 tiers go here (NEON: &kGhashTierNeonArmv8).
#elif defined(CTASM_ARMV7_ASM)
// ARMv7 tiers go here (NEON: &kGhashTierNeonArmv7).
#endif
    &kGhashTierPortable,  // always capable: the last resort
};
const size_t kGhashTierCount = sizeof(kGhashTiers) / sizeof(kGhashTiers[0]);

// Indexed by GhashImpl; the #if places mirror the table above.
const GhashTier *const kGhashTierByImpl[kGhashImplCount] = {
    nullptr,              // kGhashImplNone
    &kGhashTierPortable,  // kGhashImplPortable
    nullptr,              // kGhashImplSsse3: &kGhashTierSsse3 under CTASM_X86_64_ASM
    nullptr,              // kGhashImplNeonArmv8: &kGhashTierNeonArmv8 under CTASM_AARCH64_ASM
    nullptr,              // kGhashImplNeonArmv7: &kGhashTierNeonArmv7 under CTASM_ARMV7_ASM
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
