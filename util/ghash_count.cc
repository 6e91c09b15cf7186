// SPDX-License-Identifier: Apache-2.0
// GHASH-only driver for instruction counts under qemu (ARM cannot be timed
// here): runs the NEON tier's ghash COUNT times over LEN bytes, so the
// difference of two qemu traces (COUNT = N and COUNT = 0) is N calls.
//
//   aarch64-linux-gnu-g++ -O2 -Iinclude -Isrc util/ghash_count.cc build/a64/libctasm.a -o ghash_count
//   qemu-aarch64 -cpu max -L /usr/aarch64-linux-gnu -singlestep -d exec,nochain -D log \
//       ./ghash_count N LEN; grep -c '^Trace ' log     (again with N = 0, subtract)
//
// (-march=armv7-a -mfpu=neon -mfloat-abi=hard and qemu-arm on ARMv7.)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ghash/internal.h"

#if defined(CTASM_AARCH64_ASM)
#define TIER ctasm::kGhashTierNeonArmv8
#elif defined(CTASM_ARMV7_ASM)
#define TIER ctasm::kGhashTierNeonArmv7
#else
#error "ghash_count: no NEON GHASH tier on this target"
#endif

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s COUNT LEN\n", argv[0]);
    return 2;
  }
  const long count = atol(argv[1]);
  const size_t len = static_cast<size_t>(atol(argv[2])) / 16 * 16;
  static ctasm::GhashKey key;
  static uint8_t in[1 << 16];
  if (len > sizeof in) return 2;
  uint8_t h[16], x[16] = {0};
  for (int i = 0; i < 16; i++) h[i] = static_cast<uint8_t>(i * 29 + 7);
  for (size_t i = 0; i < len; i++) in[i] = static_cast<uint8_t>(i * 13 + 1);
  TIER.init(&key, h);
  for (long i = 0; i < count; i++) TIER.ghash(x, &key, in, len);
  for (int i = 0; i < 16; i++) printf("%02x", x[i]);
  printf("\n");
  return 0;
}
