// SPDX-License-Identifier: Apache-2.0
#include "speed_tiers.h"

#include "ctasm/ctasm.h"

namespace ctasm_bench {

const std::vector<Tier> &tiers_for_arch() {
#if defined(__x86_64__) || defined(_M_X64)
  static const std::vector<Tier> t = {
      {"default", nullptr, "", "OPENSSL_ia32cap", nullptr,
       "OpenSSL default: every capability of this CPU"},
      // AVX2 without AVX-512, for a CPU that has it: the second word is CPUID
      // leaf 7's EBX (low half) and ECX (high half); '~' clears the bits it
      // names: AVX512F (16), DQ (17), IFMA (21), CD (28), BW (30), VL (31).
      // OpenSSL's AVX-512 ChaCha20, IFMA Poly1305 and VAES-AVX512 GCM all need
      // AVX512F, so it runs its AVX2 code; ctasm's -avx512 drops avx512ifma too.
      {"avx2", "-avx512", "avx2", "OPENSSL_ia32cap", "~0:~0xd0230000",
       "no AVX-512 (F, DQ, IFMA, CD, BW, VL cleared from the second word): OpenSSL's AVX2 "
       "ChaCha20 and Poly1305 and its AES-NI/AVX GCM, as on an AVX2 CPU"},
      // In OpenSSL 3.0 the word after ':' replaces the second capability
      // word; 0 turns off AVX2, AVX-512, VAES, VPCLMULQDQ and the rest of it.
      // 0x1200000200000000 = AVX (bit 60), AES-NI (57), PCLMULQDQ (33). BMI2
      // and ADX live in that second word, so ctasm drops them here too.
      {"vpaes", "-avx,-avx2,-avx512,-aesni,-pclmul,-vaes,-vpclmul,-bmi2,-adx", "ssse3",
       "OPENSSL_ia32cap",
       "~0x1200000200000000:0",
       "SSSE3/SSE4.1 only: no AVX, AES-NI, PCLMULQDQ nor anything of the second word "
       "(OpenSSL runs vpaes, bsaes for CTR, 4-bit table GHASH, SSSE3 ChaCha20 with scalar Poly1305)"},
      // Capability-matched: also SSSE3 (bit 41) and SSE4.1 (bit 51) off, the
      // CPU our portable tier assumes. OpenSSL's code there is table-based
      // AES, not constant-time, so the ratio is the price of constant time.
      {"portable", "none", "", "OPENSSL_ia32cap", "~0x1208020200000000:0",
       "no SIMD beyond SSE2: no SSSE3, SSE4.1, AVX, AES-NI, PCLMULQDQ nor the second word "
       "(OpenSSL runs table-based AES, not constant-time)"},
  };
#elif defined(__aarch64__) || defined(_M_ARM64)
  // OPENSSL_armcap bit 0 is NEON; AES (bit 2) and PMULL (bit 5) stay off.
  static const std::vector<Tier> t = {
      {"default", nullptr, "", "OPENSSL_armcap", nullptr, "OpenSSL default"},
      {"neon", "-aes,-pmull", "neon", "OPENSSL_armcap", "0x1", "NEON only"},
      {"portable", "none", "", "OPENSSL_armcap", "0", "no NEON"},
  };
#elif defined(__arm__) || defined(_M_ARM)
  static const std::vector<Tier> t = {
      {"neon", nullptr, "neon", "OPENSSL_armcap", "0x1", "NEON only"},
      {"portable", "none", "", "OPENSSL_armcap", "0", "no NEON"},
  };
#else
  static const std::vector<Tier> t = {
      {"default", nullptr, "", "", nullptr, "OpenSSL default"},
      {"portable", "none", "", "", nullptr, "OpenSSL default"},
  };
#endif
  return t;
}

const Tier *tier_by_name(const std::string &name) {
  for (const Tier &t : tiers_for_arch()) {
    if (name == t.name) return &t;
  }
  return nullptr;
}

bool cpu_offers(const char *cap) {
  if (cap[0] == '\0') return true;
  std::string caps = std::string(",") + ctasm_cpu_caps() + ",";
  return caps.find(std::string(",") + cap + ",") != std::string::npos;
}

}  // namespace ctasm_bench
