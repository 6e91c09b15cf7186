// SPDX-License-Identifier: Apache-2.0
// The tier table: this build's ChaCha20-Poly1305 tiers, best first
// (internal.h). A new tier adds its entry at its place in both tables below
// (a test checks they agree).
#include <atomic>

#include "chacha/internal.h"
#include "chacha/testing.h"

namespace ctasm {

const ChachaTier *const kChachaTiers[] = {
#if defined(CTASM_X86_64_ASM)
    &kChachaTierAvx512Ifma,
    &kChachaTierAvx512,
    &kChachaTierAvx2,
    &kChachaTierSsse3,
#elif defined(CTASM_AARCH64_ASM)
    &kChachaTierNeonArmv8,
#elif defined(CTASM_ARMV7_ASM)
    &kChachaTierNeonArmv7,
#endif
    &kChachaTierPortable,  // always capable: the last resort
};
const size_t kChachaTierCount = sizeof(kChachaTiers) / sizeof(kChachaTiers[0]);

// Indexed by ChachaImpl; the #if places mirror the table above.
const ChachaTier *const kChachaTierByImpl[kChachaImplCount] = {
    nullptr,               // kChachaImplNone
    &kChachaTierPortable,  // kChachaImplPortable
#if defined(CTASM_X86_64_ASM)
    &kChachaTierSsse3,  // kChachaImplSsse3
    &kChachaTierAvx2,   // kChachaImplAvx2
#else
    nullptr,
    nullptr,
#endif
#if defined(CTASM_X86_64_ASM)
    &kChachaTierAvx512,  // kChachaImplAvx512
#else
    nullptr,
#endif
#if defined(CTASM_AARCH64_ASM)
    &kChachaTierNeonArmv8,  // kChachaImplNeonArmv8
#else
    nullptr,
#endif
#if defined(CTASM_ARMV7_ASM)
    &kChachaTierNeonArmv7,  // kChachaImplNeonArmv7
#else
    nullptr,
#endif
#if defined(CTASM_X86_64_ASM)
    &kChachaTierAvx512Ifma,  // kChachaImplAvx512Ifma
#else
    nullptr,
#endif
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
