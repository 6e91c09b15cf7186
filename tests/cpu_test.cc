// SPDX-License-Identifier: Apache-2.0
// CPU capabilities: CTASM_CPU parsing (pure function), prerequisite closure,
// the caps string and the test hook.
#include <stdlib.h>
#include <string.h>

#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "cpu/cpu.h"
#include "ctasm/ctasm.h"
#include "ctasm/ctasm.hpp"

namespace {

using ctasm::cpu_internal::caps_to_string;
using ctasm::cpu_internal::CpuMaskSpec;
using ctasm::cpu_internal::normalize_caps;
using ctasm::cpu_internal::parse_cpu_mask;

constexpr uint32_t kX86All = ctasm::kSSSE3 | ctasm::kSSE41 | ctasm::kAVX | ctasm::kAVX2 |
                             ctasm::kAVX512 | ctasm::kAESNI | ctasm::kPCLMUL | ctasm::kVAES |
                             ctasm::kVPCLMUL | ctasm::kBMI2 | ctasm::kADX | ctasm::kAVX512IFMA;
constexpr uint32_t kArmAll = ctasm::kNEON | ctasm::kARMAES | ctasm::kPMULL;

TEST(CpuMaskParse, EmptyAndNull) {
  for (const char *s : {"", " ", ",", ",,", " , ,\t"}) {
    CpuMaskSpec m = parse_cpu_mask(s);
    EXPECT_EQ(0u, m.remove) << '"' << s << '"';
    EXPECT_TRUE(m.errors.empty()) << '"' << s << '"';
  }
  CpuMaskSpec m = parse_cpu_mask(nullptr);
  EXPECT_EQ(0u, m.remove);
  EXPECT_TRUE(m.errors.empty());
}

TEST(CpuMaskParse, EveryName) {
  const struct {
    const char *name;
    uint32_t cap;
  } kNames[] = {
      {"ssse3", ctasm::kSSSE3},   {"sse4.1", ctasm::kSSE41},  {"avx", ctasm::kAVX},
      {"avx2", ctasm::kAVX2},     {"avx512", ctasm::kAVX512}, {"aesni", ctasm::kAESNI},
      {"pclmul", ctasm::kPCLMUL}, {"vaes", ctasm::kVAES},     {"vpclmul", ctasm::kVPCLMUL},
      {"bmi2", ctasm::kBMI2},     {"adx", ctasm::kADX},       {"avx512ifma", ctasm::kAVX512IFMA},
      {"neon", ctasm::kNEON},     {"aes", ctasm::kARMAES},    {"pmull", ctasm::kPMULL},
  };
  for (const auto &n : kNames) {
    CpuMaskSpec m = parse_cpu_mask((std::string("-") + n.name).c_str());
    EXPECT_EQ(n.cap, m.remove) << n.name;
    EXPECT_TRUE(m.errors.empty()) << n.name;
  }
}

TEST(CpuMaskParse, ListsWhitespaceAndCase) {
  CpuMaskSpec m = parse_cpu_mask("-aesni,-pclmul");
  EXPECT_EQ(ctasm::kAESNI | ctasm::kPCLMUL, m.remove);
  EXPECT_TRUE(m.errors.empty());
  m = parse_cpu_mask("  -aesni ,\t-pclmul  ,");
  EXPECT_EQ(ctasm::kAESNI | ctasm::kPCLMUL, m.remove);
  EXPECT_TRUE(m.errors.empty());
  m = parse_cpu_mask("-AESNI,-Neon");
  EXPECT_EQ(ctasm::kAESNI | ctasm::kNEON, m.remove);
  EXPECT_TRUE(m.errors.empty());
  m = parse_cpu_mask("-aesni,-aesni");
  EXPECT_EQ(ctasm::kAESNI, m.remove);
  EXPECT_TRUE(m.errors.empty());
}

TEST(CpuMaskParse, None) {
  for (const char *s : {"none", " none ", "NONE", "none,-aesni", "-aesni,none"}) {
    CpuMaskSpec m = parse_cpu_mask(s);
    EXPECT_EQ(kX86All | kArmAll, m.remove) << s;
    EXPECT_TRUE(m.errors.empty()) << s;
  }
}

// Bad items are reported one by one; the good ones still apply.
TEST(CpuMaskParse, ErrorsKeepValidItems) {
  CpuMaskSpec m = parse_cpu_mask("-aesni,-foo,-pclmul");
  EXPECT_EQ(ctasm::kAESNI | ctasm::kPCLMUL, m.remove);
  ASSERT_EQ(1u, m.errors.size());
  EXPECT_NE(std::string::npos, m.errors[0].find("\"foo\"")) << m.errors[0];
  EXPECT_NE(std::string::npos, m.errors[0].find("unknown")) << m.errors[0];

  m = parse_cpu_mask("aesni");  // no '-': adding capabilities is not a thing
  EXPECT_EQ(0u, m.remove);
  ASSERT_EQ(1u, m.errors.size());
  EXPECT_NE(std::string::npos, m.errors[0].find("\"aesni\"")) << m.errors[0];

  m = parse_cpu_mask("-,+avx,-sse4,-sse4.2,-avx-512,nonesuch,-ssse3");
  EXPECT_EQ(ctasm::kSSSE3, m.remove);
  EXPECT_EQ(6u, m.errors.size());

  m = parse_cpu_mask("-aes ni");
  EXPECT_EQ(0u, m.remove);
  EXPECT_EQ(1u, m.errors.size());
}

TEST(CpuCaps, NormalizeDropsMissingPrerequisites) {
  EXPECT_EQ(kX86All, normalize_caps(kX86All));
  EXPECT_EQ(kArmAll, normalize_caps(kArmAll));
  EXPECT_EQ(0u, normalize_caps(0));
  // Without AVX nothing AVX-encoded survives.
  EXPECT_EQ(ctasm::kSSSE3 | ctasm::kSSE41 | ctasm::kAESNI | ctasm::kPCLMUL | ctasm::kBMI2 |
                ctasm::kADX,
            normalize_caps(kX86All & ~ctasm::kAVX));
  // Without SSSE3 the whole SSE4.1/AVX chain goes.
  EXPECT_EQ(ctasm::kAESNI | ctasm::kPCLMUL | ctasm::kBMI2 | ctasm::kADX,
            normalize_caps(kX86All & ~ctasm::kSSSE3));
  EXPECT_EQ(kX86All & ~(ctasm::kAESNI | ctasm::kVAES), normalize_caps(kX86All & ~ctasm::kAESNI));
  EXPECT_EQ(kX86All & ~(ctasm::kPCLMUL | ctasm::kVPCLMUL),
            normalize_caps(kX86All & ~ctasm::kPCLMUL));
  EXPECT_EQ(kX86All & ~(ctasm::kAVX2 | ctasm::kAVX512 | ctasm::kAVX512IFMA),
            normalize_caps(kX86All & ~ctasm::kAVX2));
  EXPECT_EQ(kX86All & ~(ctasm::kAVX512 | ctasm::kAVX512IFMA), normalize_caps(kX86All & ~ctasm::kAVX512));
  // bmi2 and adx need nothing else: they survive without any SIMD.
  EXPECT_EQ(ctasm::kBMI2 | ctasm::kADX, normalize_caps(kX86All & ~(ctasm::kSSSE3 | ctasm::kAESNI |
                                                                    ctasm::kPCLMUL)));
  EXPECT_EQ(0u, normalize_caps(kArmAll & ~ctasm::kNEON));
  EXPECT_EQ(ctasm::kNEON | ctasm::kPMULL, normalize_caps(kArmAll & ~ctasm::kARMAES));
  // Unknown bits are dropped.
  EXPECT_EQ(0u, normalize_caps(1u << 30));
}

TEST(CpuCaps, StringOrder) {
  EXPECT_EQ("", caps_to_string(0));
  EXPECT_EQ("ssse3,sse4.1,avx,avx2,avx512,aesni,pclmul,vaes,vpclmul,bmi2,adx,avx512ifma",
            caps_to_string(kX86All));
  EXPECT_EQ("neon,aes,pmull", caps_to_string(kArmAll));
  EXPECT_EQ("ssse3,aesni,pclmul",
            caps_to_string(ctasm::kPCLMUL | ctasm::kAESNI | ctasm::kSSSE3));
  EXPECT_EQ("neon,pmull", caps_to_string(ctasm::kPMULL | ctasm::kNEON));
}

TEST(CpuCaps, PublicStringMatchesCaps) {
  const uint32_t det = ctasm::testing::detected_cpu_caps();
  EXPECT_EQ(normalize_caps(det), det);
  EXPECT_EQ(det, ctasm::cpu_caps());
  EXPECT_EQ(caps_to_string(det), ctasm_cpu_caps());
  EXPECT_STREQ(ctasm_cpu_caps(), ctasm::cpu_caps_string());
  // The environment mask is honoured.
  const char *env = getenv("CTASM_CPU");
  if (env != nullptr) {
    const CpuMaskSpec m = parse_cpu_mask(env);
    EXPECT_EQ(0u, det & m.remove) << env;
  }
}

TEST(CpuCaps, TestOverride) {
  ctasm::testing::set_cpu_caps_for_testing(ctasm::kSSSE3 | ctasm::kAESNI);
  EXPECT_EQ(ctasm::kSSSE3 | ctasm::kAESNI, ctasm::cpu_caps());
  EXPECT_TRUE(ctasm::cpu_has(ctasm::kSSSE3));
  EXPECT_TRUE(ctasm::cpu_has(ctasm::kSSSE3 | ctasm::kAESNI));
  EXPECT_FALSE(ctasm::cpu_has(ctasm::kSSSE3 | ctasm::kAVX));
  EXPECT_STREQ("ssse3,aesni", ctasm_cpu_caps());
  ctasm::testing::set_cpu_caps_for_testing(0);
  EXPECT_STREQ("", ctasm_cpu_caps());
  ctasm::testing::reset_cpu_caps_for_testing();
  EXPECT_EQ(ctasm::testing::detected_cpu_caps(), ctasm::cpu_caps());
  EXPECT_EQ(caps_to_string(ctasm::cpu_caps()), ctasm_cpu_caps());
}

// Many threads asking at once all see the same, fully initialised answer.
TEST(CpuCaps, ConcurrentReaders) {
  const uint32_t want = ctasm::testing::detected_cpu_caps();
  const std::string want_string = caps_to_string(want);
  std::vector<std::thread> threads;
  std::vector<int> ok(8, 0);
  for (size_t t = 0; t < ok.size(); t++) {
    threads.emplace_back([&, t] {
      bool good = true;
      for (int i = 0; i < 1000; i++) {
        good = good && ctasm::cpu_caps() == want && want_string == ctasm_cpu_caps();
      }
      ok[t] = good ? 1 : 0;
    });
  }
  for (auto &th : threads) th.join();
  for (size_t t = 0; t < ok.size(); t++) EXPECT_EQ(1, ok[t]) << "thread " << t;
}

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
// Detection agrees with the compiler's own cpuid probe where the two overlap.
TEST(CpuDetect, X86MatchesCompilerBuiltins) {
  __builtin_cpu_init();
  const uint32_t hw = normalize_caps(ctasm::cpu_internal::detect_hw_caps());
  EXPECT_EQ(!!__builtin_cpu_supports("ssse3"), !!(hw & ctasm::kSSSE3));
  EXPECT_EQ(!!__builtin_cpu_supports("sse4.1"), !!(hw & ctasm::kSSE41));
  EXPECT_EQ(!!__builtin_cpu_supports("avx"), !!(hw & ctasm::kAVX));
  EXPECT_EQ(!!__builtin_cpu_supports("avx2"), !!(hw & ctasm::kAVX2));
  EXPECT_EQ(!!__builtin_cpu_supports("aes"), !!(hw & ctasm::kAESNI));
  EXPECT_EQ(!!__builtin_cpu_supports("pclmul"), !!(hw & ctasm::kPCLMUL));
  // AVX-512 needs F, BW and VL together.
  const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512vl");
  EXPECT_EQ(avx512, !!(hw & ctasm::kAVX512));
  EXPECT_EQ(0u, hw & kArmAll);
}
#endif

#if defined(__aarch64__) || defined(_M_ARM64)
TEST(CpuDetect, Aarch64HasNeon) {
  EXPECT_TRUE(ctasm::cpu_internal::detect_hw_caps() & ctasm::kNEON);
  EXPECT_EQ(0u, ctasm::cpu_internal::detect_hw_caps() & kX86All);
}
#endif

}  // namespace
