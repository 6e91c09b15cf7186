// SPDX-License-Identifier: Apache-2.0
// The tier table: this build's AES tiers, best first (internal.h, "Tiers").

#include "aes/internal.h"

namespace ctasm {

const AesTier *const kAesTiers[] = {
#if defined(CTASM_X86_64_ASM)
    &kAesTierHybridX86_64,
#elif defined(CTASM_AARCH64_ASM)
    &kAesTierVpaesArmv8,
#elif defined(CTASM_ARMV7_ASM)
    &kAesTierHybridArmv7,
#endif
    &kAesTierPortable,  // always capable: the last resort
};
const size_t kAesTierCount = sizeof(kAesTiers) / sizeof(kAesTiers[0]);

const AesTier *const kAesTierByImpl[kAesImplCount] = {
    nullptr,
    &kAesTierPortable,
#if defined(CTASM_X86_64_ASM)
    &kAesTierHybridX86_64,
#else
    nullptr,
#endif
#if defined(CTASM_AARCH64_ASM)
    &kAesTierVpaesArmv8,
#else
    nullptr,
#endif
#if defined(CTASM_ARMV7_ASM)
    &kAesTierHybridArmv7,
#else
    nullptr,
#endif
};

const AesTier &aes_select_tier() {
  for (size_t i = 0; i + 1 < kAesTierCount; i++) {
    if (kAesTiers[i]->capable()) return *kAesTiers[i];
  }
  return kAesTierPortable;
}

}  // namespace ctasm
