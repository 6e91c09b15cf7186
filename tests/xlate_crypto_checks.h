// SPDX-License-Identifier: Apache-2.0
// Checks of the .ctasm_arch_ext aes test functions (perlasm/test/xlate-armv8.pl
// and xlate-armv7.pl), shared by both ARM suites: one AES round and its
// inverse against FIPS-197 Appendix B, and the carry-less products against a
// bit-by-bit multiply. A CPU without the extension fails the check with the
// reason (qemu -cpu max, which the tests run under, has it).
#ifndef CTASM_TESTS_XLATE_CRYPTO_CHECKS_H
#define CTASM_TESTS_XLATE_CRYPTO_CHECKS_H

#include <stdint.h>
#include <string.h>

#include <gtest/gtest.h>

namespace ctasm_test {

using AesRoundFn = void (*)(uint8_t out[16], const uint8_t in[16], const uint8_t key[16]);
using AesInvRoundFn = void (*)(uint8_t out[16], const uint8_t in[16]);
using PmullFn = void (*)(uint64_t out[4], const uint64_t a[2], const uint64_t b[2]);

// Carry-less 64x64 -> 128-bit product, bit by bit.
inline void clmul_ref(uint64_t a, uint64_t b, uint64_t out[2]) {
  out[0] = out[1] = 0;
  for (int i = 0; i < 64; i++) {
    if ((b >> i) & 1) {
      out[0] ^= a << i;
      if (i) out[1] ^= a >> (64 - i);
    }
  }
}

inline void CheckAesRound(bool have_ext, AesRoundFn round, AesInvRoundFn inv_round) {
  ASSERT_TRUE(have_ext) << "this CPU lacks the AES/PMULL extension: run under qemu -cpu max";
  // FIPS-197 Appendix B, round 1: input, key, state at the start of round 1
  // (input ^ key) and after its MixColumns.
  static const uint8_t in[16] = {0x32, 0x43, 0xf6, 0xa8, 0x88, 0x5a, 0x30, 0x8d,
                                 0x31, 0x31, 0x98, 0xa2, 0xe0, 0x37, 0x07, 0x34};
  static const uint8_t key[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                  0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
  static const uint8_t start[16] = {0x19, 0x3d, 0xe3, 0xbe, 0xa0, 0xf4, 0xe2, 0x2b,
                                    0x9a, 0xc6, 0x8d, 0x2a, 0xe9, 0xf8, 0x48, 0x08};
  static const uint8_t mixed[16] = {0x04, 0x66, 0x81, 0xe5, 0xe0, 0xcb, 0x19, 0x9a,
                                    0x48, 0xf8, 0xd3, 0x7a, 0x28, 0x06, 0x26, 0x4c};
  uint8_t out[16];
  round(out, in, key);
  EXPECT_EQ(memcmp(out, mixed, 16), 0);
  inv_round(out, mixed);
  EXPECT_EQ(memcmp(out, start, 16), 0);
}

inline void CheckPmull(bool have_ext, PmullFn pmull) {
  ASSERT_TRUE(have_ext) << "this CPU lacks the AES/PMULL extension: run under qemu -cpu max";
  const uint64_t ones = 0xffffffffffffffffull;
  const uint64_t cases[][2] = {{ones, ones}, {0x87, 3}, {1, 0x8000000000000000ull},
                               {0x0123456789abcdefull, 0xfedcba9876543210ull}};
  for (const auto &c : cases) {
    const uint64_t a[2] = {c[0], c[1] ^ 0x5a5a5a5a5a5a5a5aull};
    const uint64_t b[2] = {c[1], c[0] * 0x9e3779b97f4a7c15ull};
    uint64_t out[4], want[4];
    pmull(out, a, b);
    clmul_ref(a[0], b[0], want);
    clmul_ref(a[1], b[1], want + 2);
    for (int i = 0; i < 4; i++) EXPECT_EQ(out[i], want[i]) << c[0] << " " << i;
  }
  // Fixed answers: (x^63 + ... + 1)^2 has every even power; 0x87 x 3 = 0x189.
  uint64_t out[4];
  const uint64_t a[2] = {ones, 0x87}, b[2] = {ones, 3};
  pmull(out, a, b);
  EXPECT_EQ(out[0], 0x5555555555555555ull);
  EXPECT_EQ(out[1], 0x5555555555555555ull);
  EXPECT_EQ(out[2], 0x189u);
  EXPECT_EQ(out[3], 0u);
}

}  // namespace ctasm_test

#endif  // CTASM_TESTS_XLATE_CRYPTO_CHECKS_H
