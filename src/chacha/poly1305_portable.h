// SPDX-License-Identifier: Apache-2.0
// Poly1305 (RFC 8439 section 2.5) in constant-time C++: the portable tier's
// MAC. The accumulator and r are five 26-bit limbs, so every product is a
// 32 x 32 -> 64-bit multiply, which every target (ARMv7 included) has in
// constant time; no branch or index depends on the key, the data or the tag.
#ifndef CTASM_SRC_CHACHA_POLY1305_PORTABLE_H
#define CTASM_SRC_CHACHA_POLY1305_PORTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "internal/prefix.h"

namespace ctasm {
namespace poly1305_portable {

struct State {
  uint32_t r[5];    // clamped r, 26-bit limbs
  uint32_t h[5];    // accumulator, partially reduced (see blocks() in the .cc)
  uint32_t pad[4];  // s, little-endian words
  uint8_t buf[16];  // a partial block waiting for more data
  size_t buf_len;
};

// key: r || s (32 bytes, the one-time key).
void init(State *st, const uint8_t key[32]);
// Absorbs len bytes (any split of a message gives the same tag).
void update(State *st, const uint8_t *in, size_t len);
// Zero-pads the data absorbed so far to a multiple of 16 bytes (RFC 8439
// 2.8's pad16): a partial block is completed with zeros and absorbed whole.
void pad16(State *st);
// The tag; wipes st.
void finish(State *st, uint8_t tag[16]);

// The final reduction and the addition of s: tag = ((h mod p) + s) mod
// 2^128, p = 2^130 - 5, for h = h[0] + h[1] 2^26 + ... + h[4] 2^104 with any
// limbs below 2^32 (so any partially reduced accumulator). finish() ends with
// it; the tests call it directly on edge representations.
void final_reduce(const uint32_t h[5], const uint32_t pad[4], uint8_t tag[16]);

}  // namespace poly1305_portable
}  // namespace ctasm

#endif  // CTASM_SRC_CHACHA_POLY1305_PORTABLE_H
