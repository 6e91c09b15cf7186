// SPDX-License-Identifier: Apache-2.0
// Capability detection for architectures without ctasm assembly: nothing.
#if !defined(__x86_64__) && !defined(_M_X64) && !defined(__aarch64__) && !defined(_M_ARM64) && \
    !defined(__arm__) && !defined(_M_ARM)
#include "cpu/cpu.h"

namespace ctasm {
namespace cpu_internal {
uint32_t detect_hw_caps() { return 0; }
}  // namespace cpu_internal
}  // namespace ctasm
#endif
