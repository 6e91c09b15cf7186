// SPDX-License-Identifier: Apache-2.0
// 32-bit ARM capability detection: Linux auxv (NEON in AT_HWCAP, AES/PMULL in
// AT_HWCAP2). Elsewhere NEON is taken from the compiler's target (iOS armv7
// always has it).
#if (defined(__arm__) || defined(_M_ARM)) && !defined(__aarch64__)
#include "cpu/cpu.h"

#if defined(__linux__)
#include <sys/auxv.h>
#endif

namespace ctasm {
namespace cpu_internal {

uint32_t detect_hw_caps() {
#if defined(__linux__)
  // Bits from uapi asm/hwcap.h on arm, spelled out for old headers.
  constexpr unsigned long kAtHwcap2 = 26;
  constexpr unsigned long kHwcapNeon = 1ul << 12;
  constexpr unsigned long kHwcap2Aes = 1ul << 0;
  constexpr unsigned long kHwcap2Pmull = 1ul << 1;
  const unsigned long hw = getauxval(AT_HWCAP);
  const unsigned long hw2 = getauxval(kAtHwcap2);
  uint32_t caps = 0;
  if (hw & kHwcapNeon) caps |= kNEON;
  if (hw2 & kHwcap2Aes) caps |= kARMAES;
  if (hw2 & kHwcap2Pmull) caps |= kPMULL;
  return caps;
#elif defined(__APPLE__) || defined(__ARM_NEON) || defined(__ARM_NEON__) || defined(_M_ARM)
  return kNEON;
#else
  return 0;
#endif
}

}  // namespace cpu_internal
}  // namespace ctasm
#endif
