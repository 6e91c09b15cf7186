/* SPDX-License-Identifier: Apache-2.0
 * Stage 5 (smoke for issue 15's IFMA Poly1305): h * r mod 2^130 - 5 for eight lanes
 * in radix 2^44 (limbs 44/44/42 bits) with vpmadd52luq/vpmadd52huq and vector
 * carries, chained four times (the partly reduced output is the next input), against
 * exact scalar arithmetic on 64-bit limbs.
 *
 * With s1 = 20 r1, s2 = 20 r2 (2^132 = 4 * 2^130 = 20 mod p):
 *   d0 = h0 r0 + h1 s2 + h2 s1,  d1 = h0 r1 + h1 r0 + h2 s2,  d2 = h0 r2 + h1 r1 + h2 r0
 * each d_k = lo_k + hi_k 2^52 (IFMA's two halves), so hi_k moves up a limb shifted
 * left by 8 and hi_2 lands at 2^140 = 2^10 * 2^130 = 5 * 2^10. */
#include "payload.h"

static const uint64_t M44 = (1ull << 44) - 1, M42 = (1ull << 42) - 1;

/* h[3][8], r[3][8] in, out[3][8]. */
static void mul_ifma(uint64_t out[3][8], uint64_t h[3][8], uint64_t r[3][8]) {
  __asm__ volatile(
      "vmovdqu64 0(%1), %%zmm0\n\tvmovdqu64 64(%1), %%zmm1\n\tvmovdqu64 128(%1), %%zmm2\n\t"
      "vmovdqu64 0(%2), %%zmm3\n\tvmovdqu64 64(%2), %%zmm4\n\tvmovdqu64 128(%2), %%zmm5\n\t"
      "vpsllq $2, %%zmm4, %%zmm6\n\tvpsllq $4, %%zmm4, %%zmm8\n\tvpaddq %%zmm8, %%zmm6, %%zmm6\n\t"
      "vpsllq $2, %%zmm5, %%zmm7\n\tvpsllq $4, %%zmm5, %%zmm8\n\tvpaddq %%zmm8, %%zmm7, %%zmm7\n\t"
      "vpxorq %%zmm10, %%zmm10, %%zmm10\n\tvpxorq %%zmm11, %%zmm11, %%zmm11\n\t"
      "vpxorq %%zmm12, %%zmm12, %%zmm12\n\tvpxorq %%zmm13, %%zmm13, %%zmm13\n\t"
      "vpxorq %%zmm14, %%zmm14, %%zmm14\n\tvpxorq %%zmm15, %%zmm15, %%zmm15\n\t"
      /* d0 */
      "vpmadd52luq %%zmm3, %%zmm0, %%zmm10\n\tvpmadd52huq %%zmm3, %%zmm0, %%zmm11\n\t"
      "vpmadd52luq %%zmm7, %%zmm1, %%zmm10\n\tvpmadd52huq %%zmm7, %%zmm1, %%zmm11\n\t"
      "vpmadd52luq %%zmm6, %%zmm2, %%zmm10\n\tvpmadd52huq %%zmm6, %%zmm2, %%zmm11\n\t"
      /* d1 */
      "vpmadd52luq %%zmm4, %%zmm0, %%zmm12\n\tvpmadd52huq %%zmm4, %%zmm0, %%zmm13\n\t"
      "vpmadd52luq %%zmm3, %%zmm1, %%zmm12\n\tvpmadd52huq %%zmm3, %%zmm1, %%zmm13\n\t"
      "vpmadd52luq %%zmm7, %%zmm2, %%zmm12\n\tvpmadd52huq %%zmm7, %%zmm2, %%zmm13\n\t"
      /* d2 */
      "vpmadd52luq %%zmm5, %%zmm0, %%zmm14\n\tvpmadd52huq %%zmm5, %%zmm0, %%zmm15\n\t"
      "vpmadd52luq %%zmm4, %%zmm1, %%zmm14\n\tvpmadd52huq %%zmm4, %%zmm1, %%zmm15\n\t"
      "vpmadd52luq %%zmm3, %%zmm2, %%zmm14\n\tvpmadd52huq %%zmm3, %%zmm2, %%zmm15\n\t"
      /* carries: t0 = lo0; t1 = lo1 + hi0 << 8 + t0 >> 44; t2 = lo2 + hi1 << 8 + t1 >> 44 */
      "vpsrlq $44, %%zmm10, %%zmm16\n\tvpandq (%3)%{1to8%}, %%zmm10, %%zmm20\n\t"
      "vpsllq $8, %%zmm11, %%zmm11\n\tvpaddq %%zmm11, %%zmm12, %%zmm17\n\tvpaddq %%zmm16, %%zmm17, %%zmm17\n\t"
      "vpsrlq $44, %%zmm17, %%zmm16\n\tvpandq (%3)%{1to8%}, %%zmm17, %%zmm21\n\t"
      "vpsllq $8, %%zmm13, %%zmm13\n\tvpaddq %%zmm13, %%zmm14, %%zmm18\n\tvpaddq %%zmm16, %%zmm18, %%zmm18\n\t"
      "vpsrlq $42, %%zmm18, %%zmm16\n\tvpandq (%4)%{1to8%}, %%zmm18, %%zmm22\n\t"
      /* E = t2 >> 42 + hi2 << 10 (units of 2^130); h0 += 5 E; one more carry into h1 */
      "vpsllq $10, %%zmm15, %%zmm15\n\tvpaddq %%zmm15, %%zmm16, %%zmm16\n\t"
      "vpsllq $2, %%zmm16, %%zmm19\n\tvpaddq %%zmm19, %%zmm16, %%zmm16\n\tvpaddq %%zmm16, %%zmm20, %%zmm20\n\t"
      "vpsrlq $44, %%zmm20, %%zmm16\n\tvpandq (%3)%{1to8%}, %%zmm20, %%zmm20\n\tvpaddq %%zmm16, %%zmm21, %%zmm21\n\t"
      "vmovdqu64 %%zmm20, 0(%0)\n\tvmovdqu64 %%zmm21, 64(%0)\n\tvmovdqu64 %%zmm22, 128(%0)\n\t"
      "vzeroupper"
      : : "r"(out), "r"(h), "r"(r), "r"(&M44), "r"(&M42) : "memory");
}

#include "poly_ref.h"

static uint64_t st = 0x3c6ef372fe94f82bull;
static uint64_t rnd(void) {
  st ^= st << 7;
  st ^= st >> 9;
  return st;
}

int bx_stage5_poly_ifma(void) {
  static uint64_t h[3][8], r[3][8], o[3][8];
  uint64_t exact[8][NL], rr[8][NL];
  for (int l = 0; l < 8; l++) {
    /* r: a clamped Poly1305 key half (RFC 8439 2.5), split into 44/44/40-bit limbs. */
    uint64_t k0 = rnd() & 0x0ffffffc0fffffffull, k1 = rnd() & 0x0ffffffc0ffffffcull;
    if (l == 7) k0 = 0x0ffffffc0fffffffull, k1 = 0x0ffffffc0ffffffcull; /* largest r */
    r[0][l] = k0 & M44;
    r[1][l] = ((k0 >> 44) | (k1 << 20)) & M44;
    r[2][l] = k1 >> 24;
    for (int i = 0; i < NL; i++) rr[l][i] = 0;
    rr[l][0] = k0;
    rr[l][1] = k1;
    /* h: any value below 2^130 (lane 6: all limbs at their maximum). */
    h[0][l] = l == 6 ? M44 : rnd() & M44;
    h[1][l] = l == 6 ? M44 : rnd() & M44;
    h[2][l] = l == 6 ? M42 : rnd() & M42;
    from44(exact[l], h[0][l], h[1][l], h[2][l]);
  }
  uint64_t bad = 0, bound = 0;
  for (int it = 0; it < 4; it++) {
    mul_ifma(o, h, r);
    for (int l = 0; l < 8; l++) {
      mulmod(exact[l], exact[l], rr[l]);
      uint64_t v[NL];
      from44(v, o[0][l], o[1][l], o[2][l]);
      reduce(v);
      for (int i = 0; i < NL; i++) bad |= v[i] ^ exact[l][i];
      /* the limbs must stay IFMA inputs (< 2^52) and h0, h2 fully carried */
      if (o[0][l] > M44 || o[1][l] >> 45 || o[2][l] > M42) bound = 1;
      for (int i = 0; i < 3; i++) h[i][l] = o[i][l];
    }
  }
  bx_check("poly1305_ifma_radix44_8lanes_x4", bad, 0);
  bx_check("poly1305_ifma_limb_bounds", bound, 0);
  return 0;
}
