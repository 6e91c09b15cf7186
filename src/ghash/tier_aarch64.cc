// SPDX-License-Identifier: Apache-2.0
// The AArch64 NEON GHASH tier (perlasm/ghash/ghash-neon-armv8.pl): 8-bit
// polynomial multiplies only, so it runs on every AArch64 CPU, crypto
// extension or not. init is C++: it lays out H^1..H^4 in the form the
// assembly reads (the key layout is in the script's header).
#include "ghash/internal.h"

#include <string.h>

#include "internal/ct.h"

#if defined(CTASM_AARCH64_ASM)
// Needs NEON (AdvSIMD; every AArch64 CPU with it: cpu_has(kNEON)).
// key: a GhashKey written by the init below. x: the hash, GCM byte order.
extern "C" {
void ctasm_ghash_neon_gmult(uint8_t x[16], const void *key);
// len a multiple of 16; in may be unaligned.
void ctasm_ghash_neon_ghash(uint8_t x[16], const void *key, const uint8_t *in, size_t len);
}

namespace ctasm {
namespace {

constexpr size_t kRowBytes = 112;  // one row per byte rotation r = 0..7
constexpr int kPowers = 4;
// Row of rotation r: the order the assembly reads them (r = 8-s before s).
constexpr int kRowOf[8] = {0, 2, 4, 6, 7, 5, 3, 1};

// GCM numbers bits MSB-first within a byte; the assembly works with them LSB-first.
inline uint8_t reverse_bits(uint8_t b) {
  b = static_cast<uint8_t>((b >> 4) | (b << 4));
  b = static_cast<uint8_t>(((b & 0xcc) >> 2) | ((b & 0x33) << 2));
  return static_cast<uint8_t>(((b & 0xaa) >> 1) | ((b & 0x55) << 1));
}

// Writes H^p (GCM byte order) into every row: its halves and their sum, each
// rotated by r bytes within its 64 bits (lane k holds byte (k + r) mod 8).
void write_power(uint8_t *key, int p, const uint8_t hp[16]) {
  uint8_t n[16], mid[8];
  for (int i = 0; i < 16; i++) n[i] = reverse_bits(hp[i]);
  for (int i = 0; i < 8; i++) mid[i] = static_cast<uint8_t>(n[i] ^ n[8 + i]);
  for (int r = 0; r < 8; r++) {
    uint8_t *row = key + kRowBytes * kRowOf[r];
    uint8_t *lohi = row + 16 * (kPowers - p);
    uint8_t *m = row + 64 + 16 * ((p - 1) >> 1) + 8 * ((p - 1) & 1);
    for (int k = 0; k < 8; k++) {
      lohi[k] = n[(k + r) & 7];
      lohi[8 + k] = n[8 + ((k + r) & 7)];
      m[k] = mid[(k + r) & 7];
    }
  }
  secure_wipe(n, sizeof n);
  secure_wipe(mid, sizeof mid);
}

void init(void *key, const uint8_t h[16]) {
  uint8_t *k = static_cast<uint8_t *>(key);
  for (int r = 1; r <= 4; r++) {  // wrap_r: bytes that rotation by r carried around
    for (int j = 0; j < 16; j++) {
      k[kRowBytes * kRowOf[r] + 96 + j] = (j < r || j >= 16 - r) ? 0xff : 0;
    }
  }
  uint8_t hp[16];
  memcpy(hp, h, 16);
  write_power(k, 1, hp);
  for (int p = 2; p <= kPowers; p++) {  // gmult reads only H^1's entries
    ctasm_ghash_neon_gmult(hp, key);
    write_power(k, p, hp);
  }
  secure_wipe(hp, sizeof hp);
}

bool capable() { return cpu_has(kNEON); }

}  // namespace

const GhashTier kGhashTierNeonArmv8 = {
    kGhashImplNeonArmv8, "ghash-neon-armv8", capable, init, ctasm_ghash_neon_gmult,
    ctasm_ghash_neon_ghash,
    kGhashCxxInit,  // init handles H in C++: its caller wipes the stack after it
};

}  // namespace ctasm
#endif  // CTASM_AARCH64_ASM
