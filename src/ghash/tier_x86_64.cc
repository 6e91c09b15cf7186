// SPDX-License-Identifier: Apache-2.0
// The x86_64 SSSE3 GHASH tier (perlasm/ghash/ghash-ssse3-x86_64.pl): nibble
// tables of H and H^2 read whole and selected with pshufb. The tables are made
// here, in C++, from H; the multiplications run in the assembly.
#include <string.h>

#include "ghash/internal.h"
#include "internal/ct.h"

#if defined(CTASM_X86_64_ASM)
#include <emmintrin.h>
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

inline uint64_t load_be64(const uint8_t *p) {
  return (static_cast<uint64_t>(load_be32(p)) << 32) | load_be32(p + 4);
}

// A field element in memory byte order, from its big-endian halves.
inline __m128i from_be(uint64_t hi, uint64_t lo) {
  alignas(16) uint8_t b[16];
  for (int i = 0; i < 8; i++) {
    b[i] = static_cast<uint8_t>(hi >> (56 - 8 * i));
    b[8 + i] = static_cast<uint8_t>(lo >> (56 - 8 * i));
  }
  return _mm_load_si128(reinterpret_cast<const __m128i *>(b));
}

// 16x16 byte transpose (row v lane j -> row j lane v). One pass interleaves row i
// with row i+8, which rotates the 8-bit (row:lane) index left by one; four passes
// swap its halves.
void transpose16(__m128i r[16]) {
  for (int pass = 0; pass < 4; pass++) {
    __m128i t[16];
    for (int i = 0; i < 8; i++) {
      t[2 * i] = _mm_unpacklo_epi8(r[i], r[i + 8]);
      t[2 * i + 1] = _mm_unpackhi_epi8(r[i], r[i + 8]);
    }
    for (int i = 0; i < 16; i++) r[i] = t[i];
  }
}

// The transposed tables of y (one power of H) at out: byte v of row j is byte
// j of (v as the high nibble of byte 0) * y at 32 j, of (v as the low nibble)
// * y at 32 j + 16. The nibble value v is public; y only meets shifts and XORs
// (the reduction of y x by mask, no branch).
void write_power_tables(uint8_t *out, const uint8_t y[16]) {
  // y x^t: the high nibble's bit 3-t stands for x^t, the low nibble's for x^(4+t).
  __m128i yx[8];
  uint64_t hi = load_be64(y), lo = load_be64(y + 8);
  for (int t = 0; t < 8; t++) {
    yx[t] = from_be(hi, lo);
    // times x: a right shift of the 128-bit string, R = 0xe1 || 0^120 folded in
    const uint64_t carry = 0 - (lo & 1);
    lo = (lo >> 1) | (hi << 63);
    hi = (hi >> 1) ^ (carry & 0xe100000000000000ull);
  }
  __m128i u[16], l[16];
  u[0] = l[0] = _mm_setzero_si128();
  for (unsigned v = 1; v < 16; v++) {
    unsigned low = 0;  // v's lowest set bit (v is public)
    while (!((v >> low) & 1)) low++;
    const unsigned t = 3 - low;
    u[v] = _mm_xor_si128(u[v & (v - 1)], yx[t]);
    l[v] = _mm_xor_si128(l[v & (v - 1)], yx[4 + t]);
  }
  transpose16(u);
  transpose16(l);
  for (unsigned j = 0; j < 16; j++) {
    _mm_store_si128(reinterpret_cast<__m128i *>(out + 32 * j), u[j]);
    _mm_store_si128(reinterpret_cast<__m128i *>(out + 32 * j + 16), l[j]);
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
