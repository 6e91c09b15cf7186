/* SPDX-License-Identifier: Apache-2.0
 * Stage 4 (smoke for issue 15's AVX-512 path): sixteen ChaCha20 blocks at once,
 * word i of block j in lane j of zmm<i> (vprold for the rotations), compared with a
 * scalar block function, itself checked against RFC 8439 section 2.3.2. */
#include "payload.h"

#define QR(a, b, c, d)                                       \
  "vpaddd %%zmm" #b ", %%zmm" #a ", %%zmm" #a "\n\t"         \
  "vpxord %%zmm" #a ", %%zmm" #d ", %%zmm" #d "\n\t"         \
  "vprold $16, %%zmm" #d ", %%zmm" #d "\n\t"                 \
  "vpaddd %%zmm" #d ", %%zmm" #c ", %%zmm" #c "\n\t"         \
  "vpxord %%zmm" #c ", %%zmm" #b ", %%zmm" #b "\n\t"         \
  "vprold $12, %%zmm" #b ", %%zmm" #b "\n\t"                 \
  "vpaddd %%zmm" #b ", %%zmm" #a ", %%zmm" #a "\n\t"         \
  "vpxord %%zmm" #a ", %%zmm" #d ", %%zmm" #d "\n\t"         \
  "vprold $8, %%zmm" #d ", %%zmm" #d "\n\t"                  \
  "vpaddd %%zmm" #d ", %%zmm" #c ", %%zmm" #c "\n\t"         \
  "vpxord %%zmm" #c ", %%zmm" #b ", %%zmm" #b "\n\t"         \
  "vprold $7, %%zmm" #b ", %%zmm" #b "\n\t"

#define LOAD(i) "vpbroadcastd 4*" #i "(%1), %%zmm" #i "\n\t"
#define FINISH(i) "vpaddd 4*" #i "(%1)%{1to16%}, %%zmm" #i ", %%zmm" #i "\n\t" \
  "vmovdqu32 %%zmm" #i ", 64*" #i "(%0)\n\t"

/* out[i * 16 + j] = word i of the block with counter state[12] + j. */
static void chacha16_zmm(uint32_t out[256], const uint32_t state[16]) {
  static const uint32_t lanes[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  __asm__ volatile(
      LOAD(0) LOAD(1) LOAD(2) LOAD(3) LOAD(4) LOAD(5) LOAD(6) LOAD(7)
      LOAD(8) LOAD(9) LOAD(10) LOAD(11) LOAD(12) LOAD(13) LOAD(14) LOAD(15)
      "vmovdqu32 (%2), %%zmm16\n\t"
      "vpaddd %%zmm16, %%zmm12, %%zmm12\n\t"
      "vmovdqa32 %%zmm12, %%zmm17\n\t"
      "movl $10, %%ecx\n"
      "1:\n\t"
      QR(0, 4, 8, 12) QR(1, 5, 9, 13) QR(2, 6, 10, 14) QR(3, 7, 11, 15)
      QR(0, 5, 10, 15) QR(1, 6, 11, 12) QR(2, 7, 8, 13) QR(3, 4, 9, 14)
      "decl %%ecx\n\t"
      "jnz 1b\n\t"
      /* word 12's input is the per-lane counter, not the broadcast one */
      "vpaddd %%zmm17, %%zmm12, %%zmm12\n\t"
      "vmovdqu32 %%zmm12, 64*12(%0)\n\t"
      FINISH(0) FINISH(1) FINISH(2) FINISH(3) FINISH(4) FINISH(5) FINISH(6) FINISH(7)
      FINISH(8) FINISH(9) FINISH(10) FINISH(11) FINISH(13) FINISH(14) FINISH(15)
      "vzeroupper"
      : : "r"(out), "r"(state), "r"(lanes) : "rcx", "memory", "cc");
}

static uint32_t rotl32(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }
static void qr(uint32_t *x, int a, int b, int c, int d) {
  x[a] += x[b]; x[d] = rotl32(x[d] ^ x[a], 16);
  x[c] += x[d]; x[b] = rotl32(x[b] ^ x[c], 12);
  x[a] += x[b]; x[d] = rotl32(x[d] ^ x[a], 8);
  x[c] += x[d]; x[b] = rotl32(x[b] ^ x[c], 7);
}
static void chacha_block(uint32_t out[16], const uint32_t in[16]) {
  uint32_t x[16];
  for (int i = 0; i < 16; i++) x[i] = in[i];
  for (int r = 0; r < 10; r++) {
    qr(x, 0, 4, 8, 12); qr(x, 1, 5, 9, 13); qr(x, 2, 6, 10, 14); qr(x, 3, 7, 11, 15);
    qr(x, 0, 5, 10, 15); qr(x, 1, 6, 11, 12); qr(x, 2, 7, 8, 13); qr(x, 3, 4, 9, 14);
  }
  for (int i = 0; i < 16; i++) out[i] = x[i] + in[i];
}

int bx_stage4_chacha(void) {
  /* RFC 8439 2.3.2: key 00..1f, counter 1, nonce 00:00:00:09:00:00:00:4a:00:00:00:00. */
  uint32_t st[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
  for (int i = 0; i < 8; i++)
    st[4 + i] = (uint32_t)(4 * i) | (uint32_t)(4 * i + 1) << 8 | (uint32_t)(4 * i + 2) << 16 |
                (uint32_t)(4 * i + 3) << 24;
  st[12] = 1;
  st[13] = 0x09000000;
  st[14] = 0x4a000000;
  st[15] = 0;
  static const uint32_t rfc[16] = {0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3,
                                   0xc7f4d1c7, 0x0368c033, 0x9aaa2204, 0x4e6cd4c3,
                                   0x466482d2, 0x09aa9f07, 0x05d7c214, 0xa2028bd9,
                                   0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2};
  uint32_t blk[16];
  chacha_block(blk, st);
  uint64_t diff = 0;
  for (int i = 0; i < 16; i++) diff |= blk[i] ^ rfc[i];
  bx_check("chacha_scalar_rfc8439_2.3.2", diff, 0);

  static uint32_t z[256];
  /* Counter 0xfffffff8: lanes 8..15 wrap past 2^32 (no carry into word 13). */
  const uint32_t counters[2] = {1, 0xfffffff8u};
  for (int t = 0; t < 2; t++) {
    st[12] = counters[t];
    chacha16_zmm(z, st);
    diff = 0;
    for (int j = 0; j < 16; j++) {
      uint32_t s[16];
      for (int i = 0; i < 16; i++) s[i] = st[i];
      s[12] = counters[t] + (uint32_t)j;
      chacha_block(blk, s);
      for (int i = 0; i < 16; i++) diff |= blk[i] ^ z[i * 16 + j];
      if (t == 0 && j == 0)
        for (int i = 0; i < 16; i++) diff |= z[i * 16] ^ rfc[i];
    }
    bx_check(t ? "chacha20_16x_zmm_counter_wrap" : "chacha20_16x_zmm_vs_scalar_and_rfc", diff, 0);
  }
  return 0;
}
