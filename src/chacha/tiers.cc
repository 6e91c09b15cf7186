// SPDX-License-Identifier: Apache-2.0
// The tier table: this build's ChaCha20-Poly1305 tiers, best first
// (internal.h). The assembly tiers join at the marked places when they are
// merged, in both tables below (a test checks the tables agree):
//   x86_64:  kChachaTierAvx2, then kChachaTierSsse3 (src/chacha/tier_x86_64.cc;
//            kChachaTierAvx512 first once it is built)
//   AArch64: kChachaTierNeonArmv8 (src/chacha/tier_aarch64.cc)
//   ARMv7:   kChachaTierNeonArmv7 (src/chacha/tier_armv7.cc)
#include <atomic>

#include "chacha/internal.h"
#include "chacha/testing.h"

namespace ctasm {

const ChachaTier *const kChachaTiers[] = {
#if defined(CTASM_X86_64_ASM)
// x86_64 tiers here: &kChachaTierAvx2, &kChachaTierSsse3,
#elif defined(CTASM_AARCH64_ASM)
// AArch64 tier here: &kChachaTierNeonArmv8,
#elif defined(CTASM_ARMV7_ASM)
// ARMv7 tier here: &kChachaTierNeonArmv7,
#endif
    &kChachaTierPortable,  // always capable: the last resort
};
const size_t kChachaTierCount = sizeof(kChachaTiers) / sizeof(kChachaTiers[0]);

// Indexed by ChachaImpl; the #if places mirror the table above.
const ChachaTier *const kChachaTierByImpl[kChachaImplCount] = {
    nullptr,               // kChachaImplNone
    &kChachaTierPortable,  // kChachaImplPortable
    nullptr,               // kChachaImplSsse3: &kChachaTierSsse3 under CTASM_X86_64_ASM
    nullptr,               // kChachaImplAvx2: &kChachaTierAvx2 under CTASM_X86_64_ASM
    nullptr,               // kChachaImplAvx512: not built yet
    nullptr,               // kChachaImplNeonArmv8: &kChachaTierNeonArmv8 under CTASM_AARCH64_ASM
    nullptr,               // kChachaImplNeonArmv7: &kChachaTierNeonArmv7 under CTASM_ARMV7_ASM
};

namespace {
std::atomic<const ChachaTier *> g_forced_tier{nullptr};
}  // namespace

const ChachaTier &chacha_select_tier() {
  if (const ChachaTier *forced = g_forced_tier.load(std::memory_order_acquire)) return *forced;
  for (size_t i = 0; i + 1 < kChachaTierCount; i++) {
    if (kChachaTiers[i]->capable()) return *kChachaTiers[i];
  }
  return kChachaTierPortable;
}

namespace testing {
void set_chacha_tier_for_testing(const ChachaTier *tier) {
  g_forced_tier.store(tier, std::memory_order_release);
}
}  // namespace testing

}  // namespace ctasm
