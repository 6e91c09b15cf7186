// SPDX-License-Identifier: Apache-2.0
// The ARMv7 NEON GHASH tier (perlasm/ghash/ghash-neon-armv7.pl): vmull.p8
// (8-bit polynomial multiplies), so it needs NEON and nothing else. init is
// C++: it lays out H^1..H^4 in the form the assembly reads (the key layout is
// in the script's header).
#include "ghash/internal.h"

#include <string.h>

#include "internal/ct.h"

#if defined(CTASM_ARMV7_ASM)
// Needs NEON (cpu_has(kNEON)).
// key: a GhashKey written by the init below. x: the hash, GCM byte order.
extern "C" {
void ctasm_ghash_neon_gmult(uint8_t x[16], const void *key);
// len a multiple of 16; in may be unaligned.
void ctasm_ghash_neon_ghash(uint8_t x[16], const void *key, const uint8_t *in, size_t len);
}

namespace ctasm {
namespace {

constexpr int kPowers = 4;
// Row of rotation r: the order the assembly reads them (r = 8-s before s).
constexpr int kRowOf[8] = {0, 2, 4, 6, 7, 5, 3, 1};
constexpr size_t kMaskOffset = 768;     // wrap_r, r = 1..4
constexpr size_t kNibbleOffset = 880;   // reversed nibbles, for vtbl.8

// GCM numbers bits MSB-first within a byte; the assembly works with them LSB-first.
inline uint8_t reverse_bits(uint8_t b) {
  b = static_cast<uint8_t>((b >> 4) | (b << 4));
  b = static_cast<uint8_t>(((b & 0xcc) >> 2) | ((b & 0x33) << 2));
  return static_cast<uint8_t>(((b & 0xaa) >> 1) | ((b & 0x55) << 1));
}

// Writes H^e (GCM byte order): for each part (lo, hi, lo ^ hi) and byte
// rotation r, 8 bytes whose lane k holds byte (k + r) mod 8 of the part.
void write_power(uint8_t *key, int e, const uint8_t he[16]) {
  uint8_t part[3][8];
  for (int i = 0; i < 8; i++) {
    part[0][i] = reverse_bits(he[i]);
    part[1][i] = reverse_bits(he[8 + i]);
    part[2][i] = static_cast<uint8_t>(part[0][i] ^ part[1][i]);
  }
  for (int p = 0; p < 3; p++) {
    for (int r = 0; r < 8; r++) {
      uint8_t *d = key + 256 * p + 32 * kRowOf[r] + 8 * (kPowers - e);
      for (int k = 0; k < 8; k++) d[k] = part[p][(k + r) & 7];
    }
  }
  secure_wipe(part, sizeof part);
}

void init(void *key, const uint8_t h[16]) {
  uint8_t *k = static_cast<uint8_t *>(key);
  for (int r = 1; r <= 4; r++) {  // wrap_r: bytes that rotation by r carried around
    for (int j = 0; j < 16; j++) {
      k[kMaskOffset + 16 * (r - 1) + j] = (j < r || j >= 16 - r) ? 0xff : 0;
    }
  }
  for (int n = 0; n < 16; n++) {
    k[kNibbleOffset + n] = static_cast<uint8_t>(reverse_bits(static_cast<uint8_t>(n)) >> 4);
  }
  uint8_t hp[16];
  memcpy(hp, h, 16);
  write_power(k, 1, hp);
  for (int e = 2; e <= kPowers; e++) {  // gmult reads only H^1's entries
    ctasm_ghash_neon_gmult(hp, key);
    write_power(k, e, hp);
  }
  secure_wipe(hp, sizeof hp);
}

bool capable() { return cpu_has(kNEON); }

}  // namespace

const GhashTier kGhashTierNeonArmv7 = {
    kGhashImplNeonArmv7, "ghash-neon-armv7", capable, init, ctasm_ghash_neon_gmult,
    ctasm_ghash_neon_ghash,
    kGhashCxxInit,  // init handles H in C++: its caller wipes the stack after it
};

}  // namespace ctasm
#endif  // CTASM_ARMV7_ASM
