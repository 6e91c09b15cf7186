// SPDX-License-Identifier: Apache-2.0
// AArch64 capability detection: Linux/Android auxv, Apple sysctl, Windows
// IsProcessorFeaturePresent. ASIMD (NEON) is architectural on AArch64.
#if defined(__aarch64__) || defined(_M_ARM64)
#include "cpu/cpu.h"

#if defined(__linux__)
#include <sys/auxv.h>
#elif defined(__APPLE__)
#include <sys/sysctl.h>
#elif defined(_WIN32)
#include <windows.h>
#endif

namespace ctasm {
namespace cpu_internal {

#if defined(__APPLE__)
namespace {
// Missing sysctl (older OS) means "assume present": every arm64 Apple CPU
// implements the AES and PMULL instructions.
bool apple_feature(const char *name) {
  int v = 0;
  size_t len = sizeof(v);
  if (sysctlbyname(name, &v, &len, nullptr, 0) != 0) return true;
  return v != 0;
}
}  // namespace
#endif

uint32_t detect_hw_caps() {
#if defined(__linux__)
  // Bits of AT_HWCAP on arm64 (uapi asm/hwcap.h), spelled out for old headers.
  constexpr unsigned long kHwcapAsimd = 1ul << 1;
  constexpr unsigned long kHwcapAes = 1ul << 3;
  constexpr unsigned long kHwcapPmull = 1ul << 4;
  const unsigned long hw = getauxval(AT_HWCAP);
  uint32_t caps = 0;
  if (hw & kHwcapAsimd) caps |= kNEON;
  if (hw & kHwcapAes) caps |= kARMAES;
  if (hw & kHwcapPmull) caps |= kPMULL;
  return caps;
#elif defined(__APPLE__)
  uint32_t caps = kNEON;
  if (apple_feature("hw.optional.arm.FEAT_AES")) caps |= kARMAES;
  if (apple_feature("hw.optional.arm.FEAT_PMULL")) caps |= kPMULL;
  return caps;
#elif defined(_WIN32)
  uint32_t caps = kNEON;
  // PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE (30) covers AES and PMULL.
  if (IsProcessorFeaturePresent(30)) caps |= kARMAES | kPMULL;
  return caps;
#else
  return kNEON;
#endif
}

}  // namespace cpu_internal
}  // namespace ctasm
#endif
