// SPDX-License-Identifier: Apache-2.0
// Capability masking (CTASM_CPU), caching and the public caps string.
#include "cpu/cpu.h"

#include <stdio.h>
#include <stdlib.h>

#include <atomic>

#include "ctasm/ctasm.h"

namespace ctasm {
namespace cpu_internal {
namespace {

struct CapName {
  const char *name;
  uint32_t cap;
  uint32_t requires_caps;
};

// The fixed order of docs/DESIGN.md, which is also the caps string order.
constexpr CapName kCapNames[] = {
    {"ssse3", kSSSE3, 0},
    {"sse4.1", kSSE41, kSSSE3},
    {"avx", kAVX, kSSE41},
    {"avx2", kAVX2, kAVX},
    {"avx512", kAVX512, kAVX2},
    {"aesni", kAESNI, 0},
    {"pclmul", kPCLMUL, 0},
    {"vaes", kVAES, kAVX | kAESNI},
    {"vpclmul", kVPCLMUL, kAVX | kPCLMUL},
    {"bmi2", kBMI2, 0},
    {"adx", kADX, 0},
    {"avx512ifma", kAVX512IFMA, kAVX512},
    {"neon", kNEON, 0},
    {"aes", kARMAES, kNEON},
    {"pmull", kPMULL, kNEON},
};

constexpr uint32_t kAllCaps = kSSSE3 | kSSE41 | kAVX | kAVX2 | kAVX512 | kAESNI | kPCLMUL |
                              kVAES | kVPCLMUL | kBMI2 | kADX | kAVX512IFMA | kNEON | kARMAES |
                              kPMULL;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool equals_ci(const std::string &a, const char *b) {
  size_t i = 0;
  for (; i < a.size() && b[i] != '\0'; i++) {
    if (lower(a[i]) != b[i]) return false;
  }
  return i == a.size() && b[i] == '\0';
}

std::string known_names() {
  std::string s;
  for (const CapName &c : kCapNames) {
    if (!s.empty()) s += ' ';
    s += c.name;
  }
  return s;
}

}  // namespace

uint32_t normalize_caps(uint32_t caps) {
  caps &= kAllCaps;
  for (;;) {
    uint32_t next = caps;
    for (const CapName &c : kCapNames) {
      if ((next & c.cap) && (next & c.requires_caps) != c.requires_caps) next &= ~c.cap;
    }
    if (next == caps) return caps;
    caps = next;
  }
}

CpuMaskSpec parse_cpu_mask(const char *spec) {
  CpuMaskSpec out;
  if (spec == nullptr) return out;
  const std::string s(spec);
  size_t pos = 0;
  while (pos <= s.size()) {
    size_t comma = s.find(',', pos);
    if (comma == std::string::npos) comma = s.size();
    size_t b = pos, e = comma;
    while (b < e && is_space(s[b])) b++;
    while (e > b && is_space(s[e - 1])) e--;
    const std::string item = s.substr(b, e - b);
    pos = comma + 1;
    if (item.empty()) continue;
    if (equals_ci(item, "none")) {
      out.remove |= kAllCaps;
      continue;
    }
    if (item[0] != '-') {
      out.errors.push_back("item \"" + item +
                           "\" is not \"-name\" or \"none\" (capabilities can only be removed)");
      continue;
    }
    std::string name = item.substr(1);
    size_t nb = 0;
    while (nb < name.size() && is_space(name[nb])) nb++;
    name = name.substr(nb);
    bool found = false;
    for (const CapName &c : kCapNames) {
      if (equals_ci(name, c.name)) {
        out.remove |= c.cap;
        found = true;
        break;
      }
    }
    if (!found) {
      out.errors.push_back("unknown capability \"" + name + "\" (known: " + known_names() +
                           ", or none)");
    }
  }
  return out;
}

std::string caps_to_string(uint32_t caps) {
  std::string s;
  for (const CapName &c : kCapNames) {
    if (caps & c.cap) {
      if (!s.empty()) s += ',';
      s += c.name;
    }
  }
  return s;
}

}  // namespace cpu_internal

namespace {

struct CpuState {
  uint32_t caps;
  std::string caps_string;
};

// Detection and the CTASM_CPU mask, done once (C++11 guarantees thread-safe
// initialisation of function-local statics). Errors go to stderr here, at the
// first use of any capability.
const CpuState &cpu_state() {
  static const CpuState state = [] {
    const uint32_t hw = cpu_internal::normalize_caps(cpu_internal::detect_hw_caps());
    const cpu_internal::CpuMaskSpec mask = cpu_internal::parse_cpu_mask(getenv("CTASM_CPU"));
    for (const std::string &err : mask.errors) {
      fprintf(stderr, "ctasm: CTASM_CPU: %s; ignored\n", err.c_str());
    }
    CpuState st;
    st.caps = cpu_internal::normalize_caps(hw & ~mask.remove);
    st.caps_string = cpu_internal::caps_to_string(st.caps);
    return st;
  }();
  return state;
}

std::atomic<bool> g_override_set{false};
std::atomic<uint32_t> g_override_caps{0};

}  // namespace

uint32_t cpu_caps() {
  if (g_override_set.load(std::memory_order_acquire)) {
    return g_override_caps.load(std::memory_order_relaxed);
  }
  return cpu_state().caps;
}

namespace testing {
void set_cpu_caps_for_testing(uint32_t caps) {
  g_override_caps.store(caps, std::memory_order_relaxed);
  g_override_set.store(true, std::memory_order_release);
}
void reset_cpu_caps_for_testing() { g_override_set.store(false, std::memory_order_release); }
uint32_t detected_cpu_caps() { return cpu_state().caps; }
}  // namespace testing

}  // namespace ctasm

extern "C" const char *ctasm_cpu_caps(void) {
  using namespace ctasm;
  if (g_override_set.load(std::memory_order_acquire)) {
    // Only tests get here; the string lives until this thread's next call.
    static thread_local std::string overridden;
    overridden = cpu_internal::caps_to_string(g_override_caps.load(std::memory_order_relaxed));
    return overridden.c_str();
  }
  return cpu_state().caps_string.c_str();
}
