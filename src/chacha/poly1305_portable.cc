// SPDX-License-Identifier: Apache-2.0
// Poly1305, portable C++ (poly1305_portable.h).
#include "chacha/poly1305_portable.h"

#include <string.h>

#include "internal/ct.h"

namespace ctasm {
namespace poly1305_portable {
namespace {

constexpr uint32_t kMask26 = (1u << 26) - 1;

// h = (h + m) * r mod p for each 16-byte block m of in, m carrying hibit at
// bit 128 (1 << 24 in limb 4) as RFC 8439 adds the 0x01 byte of a full block.
//
// Bounds: clamping leaves every r limb below 2^26, so 5 r_i < 2^29. On entry
// limbs h0, h2, h3, h4 < 2^26 and h1 < 2^26 + 2^12 (the invariant this loop
// keeps); adding a block keeps each limb below 2^27. Each column is five
// products below 2^27 * 2^29, under 2^59: no 64-bit overflow. The carry chain
// then leaves h0..h4 < 2^26 except h1 < 2^26 + 2^12 (the carry out of d4 is
// below 2^34; 5 times it plus h0 carries at most 2^12 into h1).
void blocks(State *st, const uint8_t *in, size_t len, uint32_t hibit) {
  const uint64_t r0 = st->r[0], r1 = st->r[1], r2 = st->r[2], r3 = st->r[3], r4 = st->r[4];
  const uint64_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
  uint64_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2], h3 = st->h[3], h4 = st->h[4];
  for (; len >= 16; in += 16, len -= 16) {
    h0 += load_le32(in) & kMask26;
    h1 += (load_le32(in + 3) >> 2) & kMask26;
    h2 += (load_le32(in + 6) >> 4) & kMask26;
    h3 += (load_le32(in + 9) >> 6) & kMask26;
    h4 += (load_le32(in + 12) >> 8) | hibit;
    // 2^130 = 5 mod p folds the products above limb 4 back down times 5.
    const uint64_t d0 = h0 * r0 + h1 * s4 + h2 * s3 + h3 * s2 + h4 * s1;
    uint64_t d1 = h0 * r1 + h1 * r0 + h2 * s4 + h3 * s3 + h4 * s2;
    uint64_t d2 = h0 * r2 + h1 * r1 + h2 * r0 + h3 * s4 + h4 * s3;
    uint64_t d3 = h0 * r3 + h1 * r2 + h2 * r1 + h3 * r0 + h4 * s4;
    uint64_t d4 = h0 * r4 + h1 * r3 + h2 * r2 + h3 * r1 + h4 * r0;
    d1 += d0 >> 26;
    h0 = d0 & kMask26;
    d2 += d1 >> 26;
    h1 = d1 & kMask26;
    d3 += d2 >> 26;
    h2 = d2 & kMask26;
    d4 += d3 >> 26;
    h3 = d3 & kMask26;
    h4 = d4 & kMask26;
    h0 += (d4 >> 26) * 5;
    h1 += h0 >> 26;
    h0 &= kMask26;
  }
  st->h[0] = static_cast<uint32_t>(h0);
  st->h[1] = static_cast<uint32_t>(h1);
  st->h[2] = static_cast<uint32_t>(h2);
  st->h[3] = static_cast<uint32_t>(h3);
  st->h[4] = static_cast<uint32_t>(h4);
}

}  // namespace

void init(State *st, const uint8_t key[32]) {
  // r clamped (RFC 8439 2.5.1) while split into 26-bit limbs.
  st->r[0] = load_le32(key) & 0x3ffffff;
  st->r[1] = (load_le32(key + 3) >> 2) & 0x3ffff03;
  st->r[2] = (load_le32(key + 6) >> 4) & 0x3ffc0ff;
  st->r[3] = (load_le32(key + 9) >> 6) & 0x3f03fff;
  st->r[4] = (load_le32(key + 12) >> 8) & 0x00fffff;
  for (int i = 0; i < 5; i++) st->h[i] = 0;
  for (int i = 0; i < 4; i++) st->pad[i] = load_le32(key + 16 + 4 * i);
  memset(st->buf, 0, sizeof(st->buf));
  st->buf_len = 0;
}

void update(State *st, const uint8_t *in, size_t len) {
  if (st->buf_len != 0) {
    const size_t n = len < 16 - st->buf_len ? len : 16 - st->buf_len;
    memcpy(st->buf + st->buf_len, in, n);
    st->buf_len += n;
    in += n;
    len -= n;
    if (st->buf_len < 16) return;
    blocks(st, st->buf, 16, 1u << 24);
    st->buf_len = 0;
  }
  const size_t whole = len & ~static_cast<size_t>(15);
  blocks(st, in, whole, 1u << 24);
  in += whole;
  len -= whole;
  if (len != 0) {
    memcpy(st->buf, in, len);
    st->buf_len = len;
  }
}

void pad16(State *st) {
  if (st->buf_len == 0) return;
  memset(st->buf + st->buf_len, 0, 16 - st->buf_len);
  blocks(st, st->buf, 16, 1u << 24);
  st->buf_len = 0;
}

void finish(State *st, uint8_t tag[16]) {
  if (st->buf_len != 0) {
    // A final partial block gets the 0x01 byte itself and no bit 128.
    st->buf[st->buf_len] = 1;
    memset(st->buf + st->buf_len + 1, 0, 15 - st->buf_len);
    blocks(st, st->buf, 16, 0);
  }
  final_reduce(st->h, st->pad, tag);
  secure_wipe(st, sizeof(*st));
}

// Why this is right for every accumulator value: the input is any h with
// limbs below 2^32 (value H < 2^136; blocks() leaves far less).
//  1. The first carry pass leaves h1..h4 < 2^26 and h0 < 2^26 + 5 * 2^7 (the
//     carry out of limb 4 is below 2^7 and comes back times 5, as
//     2^130 = 5 mod p): a value V1 = H mod p, V1 < 2^130 + 2^10.
//  2. The second pass carries again. If limb 4 carries out (c = 1), V1 was
//     in [2^130, 2^130 + 2^10), so its low 130 bits sit in h0 alone, below
//     2^10, and h0 + 5 stays below 2^26; if c = 0 nothing changed. Either way
//     every limb is below 2^26 and V2 = H mod p with 0 <= V2 < 2^130 = p + 5.
//  3. So H mod p is V2 - p when V2 >= p, else V2. g = V2 + 5 is computed
//     with full carries through all five limbs; V2 >= p exactly when
//     g >= 2^130, i.e. when the carry out of the top limb of g is 1, which is
//     the borrow-free case of the full subtraction V2 - p = g - 2^130. That
//     carry (never a comparison of one limb: V2 = p - 2^26 has the top limb
//     of p and is below p) selects g mod 2^130 or V2 through a mask.
void final_reduce(const uint32_t h_in[5], const uint32_t pad[4], uint8_t tag[16]) {
  uint64_t h[5];
  for (int i = 0; i < 5; i++) h[i] = h_in[i];
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < 4; i++) {
      h[i + 1] += h[i] >> 26;
      h[i] &= kMask26;
    }
    h[0] += (h[4] >> 26) * 5;
    h[4] &= kMask26;
  }
  uint64_t g[5];
  uint64_t carry = 5;
  for (int i = 0; i < 5; i++) {
    g[i] = h[i] + carry;
    carry = g[i] >> 26;
    g[i] &= kMask26;
  }
  // carry is 1 when V2 - p borrows nothing (V2 >= p), else 0.
  const uint64_t take_g = 0 - carry;
  for (int i = 0; i < 5; i++) h[i] = (g[i] & take_g) | (h[i] & ~take_g);
  // The low 128 bits of the reduced value, plus s, mod 2^128.
  const uint32_t w[4] = {
      static_cast<uint32_t>(h[0] | (h[1] << 26)),
      static_cast<uint32_t>((h[1] >> 6) | (h[2] << 20)),
      static_cast<uint32_t>((h[2] >> 12) | (h[3] << 14)),
      static_cast<uint32_t>((h[3] >> 18) | (h[4] << 8)),
  };
  uint64_t acc = 0;
  for (int i = 0; i < 4; i++) {
    acc += static_cast<uint64_t>(w[i]) + pad[i];
    store_le32(tag + 4 * i, static_cast<uint32_t>(acc));
    acc >>= 32;
  }
  secure_wipe(h, sizeof(h));
  secure_wipe(g, sizeof(g));
}

}  // namespace poly1305_portable
}  // namespace ctasm
