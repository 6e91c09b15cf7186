// SPDX-License-Identifier: Apache-2.0
// CPU capability detection and dispatch (docs/INTERNALS.md).
#ifndef CTASM_SRC_CPU_CPU_H
#define CTASM_SRC_CPU_CPU_H

#include <stdint.h>

#include <string>
#include <vector>

#include "internal/prefix.h"  // CTASM_PREFIX renames namespace ctasm too

namespace ctasm {

enum CpuCap : uint32_t {
  kSSSE3 = 1u << 0,
  kSSE41 = 1u << 1,
  kAVX = 1u << 2,
  kAVX2 = 1u << 3,
  kAVX512 = 1u << 4,  // F + BW + VL, with the OS saving opmask and zmm state
  kAESNI = 1u << 5,
  kPCLMUL = 1u << 6,
  kVAES = 1u << 7,
  kVPCLMUL = 1u << 8,
  kBMI2 = 1u << 9,         // mulx, rorx, shlx (scalar Poly1305, field arithmetic)
  kADX = 1u << 10,         // adcx, adox
  kAVX512IFMA = 1u << 11,  // vpmadd52luq/huq (needs avx512)
  kNEON = 1u << 16,
  kARMAES = 1u << 17,
  kPMULL = 1u << 18,
};

// Detected capabilities masked by CTASM_CPU; computed once, thread-safe. A
// test override (below) takes precedence while set.
uint32_t cpu_caps();
inline bool cpu_has(uint32_t c) { return (cpu_caps() & c) == c; }

namespace testing {
// Test-only (not exported). The caps set here are used as given by every
// later cpu_caps() call, in every thread, until reset.
void set_cpu_caps_for_testing(uint32_t caps);
void reset_cpu_caps_for_testing();
// What cpu_caps() returns without an override: detected, then masked by
// CTASM_CPU. Tests iterate over subsets of this.
uint32_t detected_cpu_caps();
}  // namespace testing

namespace cpu_internal {

// Raw hardware/OS detection, one definition per architecture file.
uint32_t detect_hw_caps();

// Drops every capability whose prerequisites are missing, to a fixed point:
// sse4.1 needs ssse3, avx needs sse4.1, avx2 needs avx, avx512 needs avx2,
// vaes needs avx and aesni, vpclmul needs avx and pclmul, avx512ifma needs
// avx512, aes and pmull need neon (bmi2 and adx stand alone). So CTASM_CPU=-avx also removes avx2, avx512, vaes and vpclmul.
uint32_t normalize_caps(uint32_t caps);

struct CpuMaskSpec {
  uint32_t remove = 0;              // capabilities named for removal
  std::vector<std::string> errors;  // one message per rejected item
};

// Pure parser for CTASM_CPU: a comma list of "-name" items or "none".
// Whitespace around items is ignored, as are empty items (",," or a trailing
// comma). Names are matched case-insensitively against both the x86_64 and
// the ARM lists of docs/DESIGN.md (so one setting can serve every target); "none"
// removes everything. Anything else is reported in `errors` and ignored while
// the valid items are still honoured.
CpuMaskSpec parse_cpu_mask(const char *spec);

// "ssse3,sse4.1,..." in the fixed docs/DESIGN.md order; "" for no capabilities.
std::string caps_to_string(uint32_t caps);

}  // namespace cpu_internal
}  // namespace ctasm

#endif  // CTASM_SRC_CPU_CPU_H
