// SPDX-License-Identifier: Apache-2.0
// An independent GHASH for tests: SP 800-38D Algorithm 1 bit by bit, as the
// specification writes it (slow, branchy, obviously right). Tiers are checked
// against it; never use it on secrets outside tests.
#ifndef CTASM_TESTS_GHASH_REFERENCE_H
#define CTASM_TESTS_GHASH_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

namespace ctasm_test {

// out = x * y in GF(2^128), GCM's bit order (bit 0 = MSB of byte 0).
inline void ghash_reference_mul(uint8_t out[16], const uint8_t x[16], const uint8_t y[16]) {
  uint8_t z[16] = {0}, v[16];
  for (int i = 0; i < 16; i++) v[i] = y[i];
  for (int bit = 0; bit < 128; bit++) {
    if ((x[bit / 8] >> (7 - bit % 8)) & 1) {
      for (int i = 0; i < 16; i++) z[i] ^= v[i];
    }
    const bool lsb = v[15] & 1;  // V_127
    for (int i = 15; i > 0; i--) v[i] = static_cast<uint8_t>((v[i] >> 1) | (v[i - 1] << 7));
    v[0] >>= 1;
    if (lsb) v[0] ^= 0xe1;  // R = 11100001 || 0^120
  }
  for (int i = 0; i < 16; i++) out[i] = z[i];
}

// x = GHASH_H continued over len bytes of in (len a multiple of 16):
// for each block B, x = (x xor B) * H.
inline void ghash_reference(uint8_t x[16], const uint8_t h[16], const uint8_t *in, size_t len) {
  for (size_t off = 0; off + 16 <= len; off += 16) {
    uint8_t t[16];
    for (int i = 0; i < 16; i++) t[i] = static_cast<uint8_t>(x[i] ^ in[off + i]);
    ghash_reference_mul(x, t, h);
  }
}

}  // namespace ctasm_test

#endif  // CTASM_TESTS_GHASH_REFERENCE_H
