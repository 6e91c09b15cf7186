// SPDX-License-Identifier: Apache-2.0
// Portable constant-time GHASH: GF(2^128) multiplication from integer
// multiplications whose operands have holes (ghash_portable.cc), so no table
// is indexed and no branch taken on H or the data. The tier every target has,
// and the one the other GHASH tiers are tested against besides the bit-serial
// reference in tests/.
#ifndef CTASM_SRC_GHASH_GHASH_PORTABLE_H
#define CTASM_SRC_GHASH_GHASH_PORTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "internal/compiler.h"
#include "internal/prefix.h"

namespace ctasm {
namespace ghash_portable {

// Key form kept in the first bytes of a GhashKey: H as two 64-bit halves in
// the specification's bit order (hi = bytes 0..7 big-endian), and their XOR,
// the middle operand Karatsuba uses for every block.
struct Key {
  uint64_t hi, lo, hi_xor_lo;
};

// Each function computes on secrets in C++ and is never inlined, so its
// caller can wipe the stack it used (internal/stack_wipe.h).
CTASM_NOINLINE void init(void *key, const uint8_t h[16]);
CTASM_NOINLINE void gmult(uint8_t x[16], const void *key);
CTASM_NOINLINE void ghash(uint8_t x[16], const void *key, const uint8_t *in, size_t len);

}  // namespace ghash_portable
}  // namespace ctasm

#endif  // CTASM_SRC_GHASH_GHASH_PORTABLE_H
