/* SPDX-License-Identifier: Apache-2.0
 * util/bochs512 poly_ifma.c's exact reference: arithmetic modulo 2^130 - 5 on six
 * 64-bit limbs, no vector code. run.py also builds it natively (poly_ref_host.c)
 * and checks it against Python's integers before each run. */
#ifndef BOCHS512_POLY_REF_H
#define BOCHS512_POLY_REF_H
#include <stdint.h>

/* ---- exact scalar arithmetic: numbers as six 64-bit limbs ---------------------- */
typedef unsigned __int128 u128;
#define NL 6

static void add_to(uint64_t v[NL], const uint64_t w[NL]) {
  u128 c = 0;
  for (int i = 0; i < NL; i++) {
    c += (u128)v[i] + w[i];
    v[i] = (uint64_t)c;
    c >>= 64;
  }
}

static void add_shifted(uint64_t v[NL], uint64_t x, int shift) { /* v += x << shift */
  uint64_t w[NL] = {0};
  const int q = shift / 64, s = shift % 64;
  w[q] = x << s;
  if (s && q + 1 < NL) w[q + 1] = x >> (64 - s);
  add_to(v, w);
}

/* v mod p, p = 2^130 - 5: v = lo + 2^130 hi = lo + 5 hi until hi is 0, then one
 * conditional subtraction (v >= p iff v + 5 >= 2^130). */
static void reduce(uint64_t v[NL]) {
  for (;;) {
    uint64_t hi[NL] = {0};
    int any = 0;
    for (int i = 0; i < NL; i++) {
      /* limb i of v >> 130 */
      const uint64_t x = (i + 2 < NL ? v[i + 2] >> 2 : 0) | (i + 3 < NL ? v[i + 3] << 62 : 0);
      hi[i] = x;
      any |= x != 0;
    }
    if (!any) break;
    v[2] &= 3;
    for (int i = 3; i < NL; i++) v[i] = 0;
    uint64_t four[NL];
    for (int i = 0; i < NL; i++) four[i] = hi[i];
    add_to(v, hi);
    /* + 4 hi */
    uint64_t c = 0;
    for (int i = 0; i < NL; i++) {
      uint64_t x = four[i];
      four[i] = (x << 2) | c;
      c = x >> 62;
    }
    add_to(v, four);
  }
  uint64_t t[NL];
  for (int i = 0; i < NL; i++) t[i] = v[i];
  add_shifted(t, 5, 0);
  if (t[2] >> 2) {
    for (int i = 0; i < NL; i++) v[i] = t[i];
    v[2] &= 3;
  }
}

/* out = (a * b) mod p for a, b < 2^192. */
static void mulmod(uint64_t out[NL], const uint64_t a[NL], const uint64_t b[NL]) {
  uint64_t p[NL] = {0};
  for (int i = 0; i < 3; i++) {
    u128 c = 0;
    for (int j = 0; j < 3; j++) {
      c += (u128)a[i] * b[j] + p[i + j];
      p[i + j] = (uint64_t)c;
      c >>= 64;
    }
    p[i + 3] += (uint64_t)c;
  }
  reduce(p);
  for (int i = 0; i < NL; i++) out[i] = p[i];
}

static void from44(uint64_t v[NL], uint64_t l0, uint64_t l1, uint64_t l2) {
  for (int i = 0; i < NL; i++) v[i] = 0;
  add_shifted(v, l0, 0);
  add_shifted(v, l1, 44);
  add_shifted(v, l2, 88);
}

#endif
