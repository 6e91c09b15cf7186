// SPDX-License-Identifier: Apache-2.0
// x86_64 capability detection: cpuid for what the CPU has, xgetbv for what
// register state the OS saves (AVX needs xmm+ymm, AVX-512 also opmask+zmm).
#if defined(__x86_64__) || defined(_M_X64)
#include "cpu/cpu.h"

#if defined(_MSC_VER) && !defined(__clang__)
#include <immintrin.h>
#include <intrin.h>
#endif

namespace ctasm {
namespace cpu_internal {
namespace {

struct Regs {
  uint32_t eax, ebx, ecx, edx;
};

Regs cpuid(uint32_t leaf, uint32_t subleaf) {
  Regs r;
#if defined(_MSC_VER) && !defined(__clang__)
  int v[4];
  __cpuidex(v, static_cast<int>(leaf), static_cast<int>(subleaf));
  r.eax = static_cast<uint32_t>(v[0]);
  r.ebx = static_cast<uint32_t>(v[1]);
  r.ecx = static_cast<uint32_t>(v[2]);
  r.edx = static_cast<uint32_t>(v[3]);
#else
  __asm__ volatile("cpuid" : "=a"(r.eax), "=b"(r.ebx), "=c"(r.ecx), "=d"(r.edx) : "a"(leaf), "c"(subleaf));
#endif
  return r;
}

// Only called when cpuid reports OSXSAVE, so the instruction exists.
uint64_t xgetbv0() {
#if defined(_MSC_VER) && !defined(__clang__)
  return _xgetbv(0);
#else
  uint32_t lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (static_cast<uint64_t>(hi) << 32) | lo;
#endif
}

inline bool bit(uint32_t v, int n) { return ((v >> n) & 1) != 0; }

}  // namespace

uint32_t detect_hw_caps() {
  const uint32_t max_leaf = cpuid(0, 0).eax;
  if (max_leaf < 1) return 0;
  const Regs l1 = cpuid(1, 0);
  const Regs l7 = max_leaf >= 7 ? cpuid(7, 0) : Regs{0, 0, 0, 0};

  uint32_t caps = 0;
  if (bit(l1.ecx, 9)) caps |= kSSSE3;
  if (bit(l1.ecx, 19)) caps |= kSSE41;
  if (bit(l1.ecx, 25)) caps |= kAESNI;
  if (bit(l1.ecx, 1)) caps |= kPCLMUL;
  if (bit(l7.ebx, 8)) caps |= kBMI2;   // general registers only: no OS state
  if (bit(l7.ebx, 19)) caps |= kADX;

  uint64_t xcr0 = 0;
  if (bit(l1.ecx, 27)) xcr0 = xgetbv0();  // OSXSAVE
  const bool os_ymm = (xcr0 & 0x6) == 0x6;         // SSE + AVX state
  const bool os_zmm = (xcr0 & 0xe6) == 0xe6;       // + opmask, ZMM_Hi256, Hi16_ZMM
  if (bit(l1.ecx, 28) && os_ymm) {
    caps |= kAVX;
    if (bit(l7.ebx, 5)) caps |= kAVX2;
    // AVX512F (16), AVX512BW (30), AVX512VL (31).
    if (os_zmm && bit(l7.ebx, 16) && bit(l7.ebx, 30) && bit(l7.ebx, 31)) caps |= kAVX512;
    if (os_zmm && bit(l7.ebx, 21)) caps |= kAVX512IFMA;
    if (bit(l7.ecx, 9)) caps |= kVAES;
    if (bit(l7.ecx, 10)) caps |= kVPCLMUL;
  }
  return caps;  // prerequisites enforced by normalize_caps
}

}  // namespace cpu_internal
}  // namespace ctasm
#endif
