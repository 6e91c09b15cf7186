// SPDX-License-Identifier: Apache-2.0
// The x86_64 SSSE3 GHASH tier (perlasm/ghash/ghash-ssse3-x86_64.pl): nibble
// tables of H and H^2 read whole and selected with pshufb. The tables are made
// here, in C++, from H; the multiplications run in the assembly.
#include <string.h>

#include "ghash/internal.h"

#if defined(CTASM_X86_64_ASM)
// Assembly entry points. Both need SSSE3 (pshufb, palignr). key: a GhashKey
// written by ssse3_init below (its layout: the script's "Key layout").
extern "C" {
// x = x * H.
void ctasm_gcm_gmult_ssse3(uint8_t x[16], const void *key);
// For each 16-byte block B of in: x = (x xor B) * H; len a multiple of 16,
// in may be unaligned.
void ctasm_gcm_ghash_ssse3(uint8_t x[16], const void *key, const uint8_t *in, size_t len);
}

namespace ctasm {
namespace {

constexpr size_t kPowerBytes = 512;  // the tables of one power of H
static_assert(2 * kPowerBytes <= kGhashKeyBytes, "H and H^2 tables must fit the key");

// v = v * x in GCM's bit order (a right shift of the 128-bit string, with
// R = 0xe1 || 0^120 folded in by mask: no branch on v).
void mul_x(uint8_t out[16], const uint8_t v[16]) {
  const uint8_t carry = static_cast<uint8_t>(0u - (v[15] & 1u));
  for (int i = 15; i > 0; i--) out[i] = static_cast<uint8_t>((v[i] >> 1) | (v[i - 1] << 7));
  out[0] = static_cast<uint8_t>((v[0] >> 1) ^ (carry & 0xe1));
}

// The transposed tables of y (one power of H) at out: byte v of row j is byte
// j of (v as the high nibble of byte 0) * y at 32 j, of (v as the low nibble)
// * y at 32 j + 16. The nibble value v is public; y is read only through
// XORs selected by v.
void write_power_tables(uint8_t *out, const uint8_t y[16]) {
  uint8_t yx[8][16];  // y * x^t: the high nibble's bit 3-t is x^t, the low's x^(4+t)
  memcpy(yx[0], y, 16);
  for (int t = 1; t < 8; t++) mul_x(yx[t], yx[t - 1]);
  for (unsigned v = 0; v < 16; v++) {
    uint8_t hi[16] = {0}, lo[16] = {0};
    for (unsigned t = 0; t < 4; t++) {
      if (!((v >> (3 - t)) & 1)) continue;  // v is public
      for (int i = 0; i < 16; i++) {
        hi[i] ^= yx[t][i];
        lo[i] ^= yx[4 + t][i];
      }
    }
    for (unsigned j = 0; j < 16; j++) {
      out[32 * j + v] = hi[j];
      out[32 * j + 16 + v] = lo[j];
    }
  }
}

// The caller wipes the stack afterwards (cxx_secrets = kGhashCxxInit).
void ssse3_init(void *key, const uint8_t h[16]) {
  uint8_t *k = static_cast<uint8_t *>(key);
  write_power_tables(k, h);
  uint8_t h2[16];
  memcpy(h2, h, 16);
  ctasm_gcm_gmult_ssse3(h2, key);  // H^2, with the tables of H just written
  write_power_tables(k + kPowerBytes, h2);
}

bool ssse3_capable() { return cpu_has(kSSSE3); }

}  // namespace

const GhashTier kGhashTierSsse3 = {
    kGhashImplSsse3,
    "ghash-ssse3",
    ssse3_capable,
    ssse3_init,
    ctasm_gcm_gmult_ssse3,
    ctasm_gcm_ghash_ssse3,
    kGhashCxxInit,
};

}  // namespace ctasm
#endif  // CTASM_X86_64_ASM
