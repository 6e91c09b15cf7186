// SPDX-License-Identifier: Apache-2.0
// Portable constant-time GHASH (see ghash_portable.h).
//
// Carry-less multiplication with ordinary multiplies: split each 32-bit
// operand into four parts that keep every fourth bit (masks 0x11111111 << i).
// A product of two such parts has, at each bit position, a sum of at most 8
// one-bit terms; that sum fits in the 4 bits up to the next position of the
// same residue class, so after masking that class out of the product its bit
// is the parity of the terms: the carry-less product. The four classes of
// the 64-bit result collect the 16 part products. Multiplies are constant
// time on every CPU this library targets (32 x 32 -> 64 is umull on ARM).
//
// 64 x 64 and 128 x 128 are Karatsuba over that (3 + 3 x 3 = 9 products of 32
// bits per block), then one reduction mod x^128 + x^7 + x^2 + x + 1 in GCM's
// reflected bit order. Everything is straight-line: no secret branch, no
// table.
#include "ghash/ghash_portable.h"

#include <string.h>

#include "internal/ct.h"

namespace ctasm {
namespace ghash_portable {
namespace {

inline uint64_t load_be64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v = (v << 8) | p[i];
  return v;
}
inline void store_be64(uint8_t *p, uint64_t v) {
  for (int i = 7; i >= 0; i--) {
    p[i] = static_cast<uint8_t>(v);
    v >>= 8;
  }
}

// Carry-less 32 x 32 -> 64 (see the file comment).
inline uint64_t clmul32(uint32_t a, uint32_t b) {
  const uint32_t m0 = 0x11111111u, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
  const uint64_t a0 = a & m0, a1 = a & m1, a2 = a & m2, a3 = a & m3;
  const uint64_t b0 = b & m0, b1 = b & m1, b2 = b & m2, b3 = b & m3;
  // Class k gathers the part products (i, j) with i + j = k mod 4.
  const uint64_t z0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
  const uint64_t z1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
  const uint64_t z2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
  const uint64_t z3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
  const uint64_t n0 = 0x1111111111111111ull;
  return (z0 & n0) | (z1 & (n0 << 1)) | (z2 & (n0 << 2)) | (z3 & (n0 << 3));
}

// Carry-less 64 x 64 -> 128 as (hi, lo), Karatsuba over 32-bit halves.
inline void clmul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo) {
  const uint32_t a0 = static_cast<uint32_t>(a), a1 = static_cast<uint32_t>(a >> 32);
  const uint32_t b0 = static_cast<uint32_t>(b), b1 = static_cast<uint32_t>(b >> 32);
  const uint64_t l = clmul32(a0, b0), h = clmul32(a1, b1);
  const uint64_t m = clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ h;
  *lo = l ^ (m << 32);
  *hi = h ^ (m >> 32);
}

// x = x * H: x as (xh, xl), bytes 0..7 and 8..15 big-endian, so bit 127 - i
// of the 128-bit value is the coefficient of x^i.
inline void mul_h(uint64_t *xh, uint64_t *xl, const Key &k) {
  // 256-bit carry-less product p3:p2:p1:p0 (Karatsuba over the halves).
  uint64_t p3, p2, p1, p0, m1, m0;
  clmul64(*xh, k.hi, &p3, &p2);
  clmul64(*xl, k.lo, &p1, &p0);
  clmul64(*xh ^ *xl, k.hi_xor_lo, &m1, &m0);
  m1 ^= p3 ^ p1;
  m0 ^= p2 ^ p0;
  p2 ^= m1;
  p1 ^= m0;
  // Operands are bit-reflected, so the product holds coefficient j at bit
  // 254 - j: shift left once to align it with the 128-bit halves.
  p3 = (p3 << 1) | (p2 >> 63);
  p2 = (p2 << 1) | (p1 >> 63);
  p1 = (p1 << 1) | (p0 >> 63);
  p0 <<= 1;
  // p3:p2 holds coefficients 0..127 and D = p1:p0 coefficients 128..255.
  // x^128 = x^7 + x^2 + x + 1, and multiplying by x^s is a right shift by s
  // here: D (1 + x + x^2 + x^7) overflows in the bits shifted out, which
  // (E = D << 127, 126, 121) fold back the same way, once (degree < 14).
  const uint64_t e1 = (p0 << 63) ^ (p0 << 62) ^ (p0 << 57);  // E's high half; its low half is 0
  const uint64_t d1 = p1, d0 = p0;
  uint64_t r1 = d1 ^ (d1 >> 1) ^ (d1 >> 2) ^ (d1 >> 7);
  uint64_t r0 = d0 ^ (d0 >> 1) ^ (d0 >> 2) ^ (d0 >> 7) ^ (d1 << 63) ^ (d1 << 62) ^ (d1 << 57);
  r1 ^= e1 ^ (e1 >> 1) ^ (e1 >> 2) ^ (e1 >> 7);
  r0 ^= (e1 << 63) ^ (e1 << 62) ^ (e1 << 57);
  *xh = p3 ^ r1;
  *xl = p2 ^ r0;
}

}  // namespace

static_assert(sizeof(Key) <= 1024, "portable GHASH key must fit GhashKey");

void init(void *key, const uint8_t h[16]) {
  Key k;
  k.hi = load_be64(h);
  k.lo = load_be64(h + 8);
  k.hi_xor_lo = k.hi ^ k.lo;
  memcpy(key, &k, sizeof(k));
  secure_wipe(&k, sizeof(k));
}

void gmult(uint8_t x[16], const void *key) {
  Key k;
  memcpy(&k, key, sizeof(k));
  uint64_t xh = load_be64(x), xl = load_be64(x + 8);
  mul_h(&xh, &xl, k);
  store_be64(x, xh);
  store_be64(x + 8, xl);
  secure_wipe(&k, sizeof(k));
}

void ghash(uint8_t x[16], const void *key, const uint8_t *in, size_t len) {
  Key k;
  memcpy(&k, key, sizeof(k));
  uint64_t xh = load_be64(x), xl = load_be64(x + 8);
  for (; len >= 16; len -= 16, in += 16) {
    xh ^= load_be64(in);
    xl ^= load_be64(in + 8);
    mul_h(&xh, &xl, k);
  }
  store_be64(x, xh);
  store_be64(x + 8, xl);
  secure_wipe(&k, sizeof(k));
}

}  // namespace ghash_portable
}  // namespace ctasm
