// SPDX-License-Identifier: Apache-2.0
// Small constant-time helpers shared by the glue and the portable tiers.
#ifndef CTASM_INTERNAL_CT_H
#define CTASM_INTERNAL_CT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

namespace ctasm {

// Zeroes n bytes in a way the compiler may not elide as a dead store: the
// asm barrier makes the zeroed memory "used" after the memset.
inline void secure_wipe(void *p, size_t n) {
  if (n == 0) return;
  memset(p, 0, n);
#if defined(__GNUC__) || defined(__clang__)
  __asm__ __volatile__("" : : "r"(p) : "memory");
#else
  volatile uint8_t *v = static_cast<volatile uint8_t *>(p);
  for (size_t i = 0; i < n; i++) v[i] = 0;
#endif
}

// All-ones when x == 0, else zero; no branch.
inline uint32_t ct_is_zero_mask32(uint32_t x) {
  return static_cast<uint32_t>(0) - ((~x & (x - 1)) >> 31);
}

// All-ones when a == b, else zero; no branch.
inline uint32_t ct_eq_mask32(uint32_t a, uint32_t b) { return ct_is_zero_mask32(a ^ b); }

// mask ? a : b for an all-ones/all-zero mask; no branch.
inline uint32_t ct_select32(uint32_t mask, uint32_t a, uint32_t b) { return (a & mask) | (b & ~mask); }

// Big-endian loads/stores through memcpy so unaligned pointers are fine.
inline uint32_t load_be32(const uint8_t *p) {
  return (static_cast<uint32_t>(p[0]) << 24) | (static_cast<uint32_t>(p[1]) << 16) |
         (static_cast<uint32_t>(p[2]) << 8) | static_cast<uint32_t>(p[3]);
}
inline void store_be32(uint8_t *p, uint32_t v) {
  p[0] = static_cast<uint8_t>(v >> 24);
  p[1] = static_cast<uint8_t>(v >> 16);
  p[2] = static_cast<uint8_t>(v >> 8);
  p[3] = static_cast<uint8_t>(v);
}
// Little-endian targets load and store words directly (memcpy compiles to one
// unaligned move); others assemble bytes.
#if (defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) || defined(_MSC_VER)
#define CTASM_LITTLE_ENDIAN 1
#endif

inline uint64_t load_le64(const uint8_t *p) {
#if defined(CTASM_LITTLE_ENDIAN)
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
#else
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
  return v;
#endif
}
inline void store_le64(uint8_t *p, uint64_t v) {
#if defined(CTASM_LITTLE_ENDIAN)
  memcpy(p, &v, 8);
#else
  for (int i = 0; i < 8; i++) p[i] = static_cast<uint8_t>(v >> (8 * i));
#endif
}
inline uint32_t load_le32(const uint8_t *p) {
  return static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8) |
         (static_cast<uint32_t>(p[2]) << 16) | (static_cast<uint32_t>(p[3]) << 24);
}
inline void store_le32(uint8_t *p, uint32_t v) {
  p[0] = static_cast<uint8_t>(v);
  p[1] = static_cast<uint8_t>(v >> 8);
  p[2] = static_cast<uint8_t>(v >> 16);
  p[3] = static_cast<uint8_t>(v >> 24);
}

}  // namespace ctasm

#endif  // CTASM_INTERNAL_CT_H
