/* SPDX-License-Identifier: Apache-2.0
 * Stage 6 (issue 15 part 2): the AVX-512 ChaCha20-Poly1305 tier of
 * generated/x86_64-linux/chacha20_poly1305_x86_64.S, linked into the payload.
 * ctasm_chacha20_avx512 and ctasm_chacha20_poly1305_{seal,open}_avx512 are checked
 * against the answers run.py computed with its own RFC 8439 code (chacha_ref.py,
 * chacha_aead_cases.h) and byte for byte against the _avx2 and _ssse3 functions of
 * the same object (which the host tests check against the portable tier and
 * OpenSSL): lengths around every batch boundary up to 64 blocks, AD lengths 0..64
 * and 1000, unaligned and in-place buffers, a tampered ciphertext (open computes the
 * tag of what it was given and decrypts it: the tier contract leaves the compare and
 * the wipe to the caller), counters ending at 2^32 and wrapping, and RFC 8439 2.8.2. */
#include "payload.h"
#include "chacha_aead_cases.h"

typedef unsigned long size_t;
typedef void stream_fn(uint8_t *out, const uint8_t *in, size_t len, const void *state);
typedef void aead_fn(uint8_t *out, uint8_t tag[16], const uint8_t *in, size_t in_len,
                     const uint8_t *ad, size_t ad_len, const void *state);
stream_fn ctasm_chacha20_avx512, ctasm_chacha20_avx2, ctasm_chacha20_ssse3;
aead_fn ctasm_chacha20_poly1305_seal_avx512, ctasm_chacha20_poly1305_seal_avx2,
    ctasm_chacha20_poly1305_seal_ssse3, ctasm_chacha20_poly1305_open_avx512,
    ctasm_chacha20_poly1305_open_avx2, ctasm_chacha20_poly1305_open_ssse3;
/* chacha-avx512ifma: the AVX-512 AEADs with the IFMA Poly1305 (ChachaIfma.pm) */
aead_fn ctasm_chacha20_poly1305_seal_avx512ifma, ctasm_chacha20_poly1305_open_avx512ifma;

#define NT 3 /* avx512, avx2, ssse3 */
static stream_fn *const stream_t[NT] = {ctasm_chacha20_avx512, ctasm_chacha20_avx2,
                                        ctasm_chacha20_ssse3};
static aead_fn *const seal_t[NT] = {ctasm_chacha20_poly1305_seal_avx512,
                                    ctasm_chacha20_poly1305_seal_avx2,
                                    ctasm_chacha20_poly1305_seal_ssse3};
static aead_fn *const open_t[NT] = {ctasm_chacha20_poly1305_open_avx512,
                                    ctasm_chacha20_poly1305_open_avx2,
                                    ctasm_chacha20_poly1305_open_ssse3};

#define MAXLEN 4200
static uint8_t inbuf[MAXLEN + 128], outs[NT][MAXLEN + 128], work[MAXLEN + 128], adbuf[1100];
static uint32_t state[12] __attribute__((aligned(16)));
static char name[96];

static void cpy(uint8_t *d, const uint8_t *s, size_t n) {
  for (size_t i = 0; i < n; i++) d[i] = s[i];
}
static uint64_t diff(const uint8_t *a, const uint8_t *b, size_t n) {
  uint64_t d = 0;
  for (size_t i = 0; i < n; i++) d += a[i] != b[i];
  return d;
}
static uint64_t fnv(const uint8_t *b, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
  return h;
}
static void set_state(const uint8_t *key, uint32_t ctr, const uint8_t *nonce) {
  uint8_t *s = (uint8_t *)state;
  cpy(s, key, 32);
  state[8] = ctr;
  cpy(s + 36, nonce, 12);
}
/* name = "<what>[len=L ad=A] <check>" */
static char *put_s(char *p, const char *s) {
  while (*s) *p++ = *s++;
  return p;
}
static char *put_d(char *p, uint64_t v) {
  char t[24];
  int n = 0;
  do t[n++] = (char)('0' + v % 10); while (v /= 10);
  while (n) *p++ = t[--n];
  return p;
}
static const char *nm(const char *what, uint32_t len, int64_t ad, const char *check) {
  char *p = put_s(name, what);
  p = put_s(p, "[len=");
  p = put_d(p, len);
  if (ad >= 0) p = put_d(put_s(p, " ad="), (uint64_t)ad);
  p = put_s(put_s(p, "] "), check);
  *p = 0;
  return name;
}
static void check_tag(const char *what, uint32_t len, uint32_t ad, const char *c,
                      const uint8_t *got, const uint8_t *want) {
  bx_check(nm(what, len, ad, c), diff(got, want, 16), 0);
}

static void stream_cases(void) {
  for (unsigned i = 0; i < sizeof(bx_stream_cases) / sizeof(bx_stream_cases[0]); i++) {
    const struct bx_stream_case *c = &bx_stream_cases[i];
    set_state(bx_pat + c->key, c->ctr, bx_pat + c->nonce);
    uint8_t *o[NT];
    for (int t = 0; t < NT; t++) {
      uint8_t *in = inbuf + c->ia;
      cpy(in, bx_pat + c->msg, c->len);
      if (c->inplace) {
        o[t] = in;
      } else {
        o[t] = outs[t] + c->oa;
      }
      o[t][c->len] = 0xa5; /* the byte past the end stays */
      stream_t[t](o[t], in, c->len, state);
      if (c->inplace) {
        cpy(outs[t], in, c->len + 1);
        o[t] = outs[t];
      }
    }
    bx_check(nm("chacha20_avx512", c->len, -1, "vs_python"), fnv(o[0], c->len), c->fnv);
    bx_check(nm("chacha20_avx512", c->len, -1, "vs_avx2_ssse3"),
             diff(o[0], o[1], c->len) + diff(o[0], o[2], c->len) + (o[0][c->len] != 0xa5), 0);
    bx_check(nm("chacha20_avx512", c->len, -1, "state_kept"), state[8], c->ctr);
  }
}

static void aead_cases(void) {
  for (unsigned i = 0; i < sizeof(bx_aead_cases) / sizeof(bx_aead_cases[0]); i++) {
    const struct bx_aead_case *c = &bx_aead_cases[i];
    const uint8_t *ad = bx_pat + c->ad;
    uint8_t tag[NT][16], otag[16], btag[NT][16];
    set_state(bx_pat + c->key, 0, bx_pat + c->nonce);
    for (int t = 0; t < NT; t++) {
      uint8_t *in = inbuf + c->ia, *o = c->inplace ? in : outs[t] + c->oa;
      cpy(in, bx_pat + c->msg, c->len);
      o[c->len] = 0x5a;
      seal_t[t](o, tag[t], in, c->len, ad, c->adlen, state);
      if (o != outs[t]) cpy(outs[t], o, c->len + 1);
    }
    bx_check(nm("seal_avx512", c->len, c->adlen, "ct_vs_python"), fnv(outs[0], c->len), c->ct_fnv);
    check_tag("seal_avx512", c->len, c->adlen, "tag_vs_python", tag[0], c->tag);
    bx_check(nm("seal_avx512", c->len, c->adlen, "vs_avx2_ssse3"),
             diff(outs[0], outs[1], c->len) + diff(outs[0], outs[2], c->len) +
                 diff(tag[0], tag[1], 16) + diff(tag[0], tag[2], 16) + (outs[0][c->len] != 0x5a),
             0);
    /* chacha-avx512ifma against the same answers: seal, then open it back */
    {
      uint8_t itag[16], *in = inbuf + c->ia, *o = c->inplace ? in : outs[1] + c->oa;
      cpy(in, bx_pat + c->msg, c->len);
      o[c->len] = 0x5a;
      ctasm_chacha20_poly1305_seal_avx512ifma(o, itag, in, c->len, ad, c->adlen, state);
      bx_check(nm("seal_avx512ifma", c->len, c->adlen, "ct_vs_python"), fnv(o, c->len), c->ct_fnv);
      check_tag("seal_avx512ifma", c->len, c->adlen, "tag_vs_python", itag, c->tag);
      bx_check(nm("seal_avx512ifma", c->len, c->adlen, "byte_after_kept"), o[c->len] != 0x5a, 0);
      cpy(in, o, c->len);
      uint8_t *o2 = c->inplace ? in : outs[2] + c->oa;
      ctasm_chacha20_poly1305_open_avx512ifma(o2, itag, in, c->len, ad, c->adlen, state);
      bx_check(nm("open_avx512ifma", c->len, c->adlen, "roundtrip"),
               diff(o2, bx_pat + c->msg, c->len) + diff(itag, c->tag, 16), 0);
    }
    /* open the ciphertext back (in place when the case says), then a tampered one */
    uint8_t *ct = work + c->oa;
    cpy(ct, outs[0], c->len);
    {
      uint8_t *in = inbuf + c->ia, *o = c->inplace ? in : outs[1] + c->ia;
      cpy(in, ct, c->len);
      ctasm_chacha20_poly1305_open_avx512(o, otag, in, c->len, ad, c->adlen, state);
      bx_check(nm("open_avx512", c->len, c->adlen, "roundtrip"),
               diff(o, bx_pat + c->msg, c->len) + diff(otag, c->tag, 16), 0);
    }
    if (c->len == 0 && c->adlen == 0) continue; /* nothing to tamper with */
    const uint8_t *bad_ad = ad;
    if (c->len) {
      ct[c->len / 2] ^= (uint8_t)(1u << (i % 8));
    } else {
      cpy(adbuf, ad, c->adlen);
      adbuf[0] ^= 1;
      bad_ad = adbuf;
    }
    for (int t = 0; t < NT; t++) {
      uint8_t *in = inbuf + c->ia, *o = c->inplace ? in : outs[t] + c->oa;
      cpy(in, ct, c->len);
      open_t[t](o, btag[t], in, c->len, bad_ad, c->adlen, state);
      if (o != outs[t]) cpy(outs[t], o, c->len);
    }
    bx_check(nm("open_avx512_bad", c->len, c->adlen, "tag_differs"), diff(btag[0], c->tag, 16) != 0, 1);
    check_tag("open_avx512_bad", c->len, c->adlen, "tag_vs_python", btag[0], c->bad_tag);
    bx_check(nm("open_avx512_bad", c->len, c->adlen, "out_vs_python"), fnv(outs[0], c->len), c->bad_pt_fnv);
    bx_check(nm("open_avx512_bad", c->len, c->adlen, "vs_avx2_ssse3"),
             diff(outs[0], outs[1], c->len) + diff(outs[0], outs[2], c->len) +
                 diff(btag[0], btag[1], 16) + diff(btag[0], btag[2], 16),
             0);
    {
      uint8_t *in = inbuf + c->ia, *o = c->inplace ? in : outs[1] + c->oa;
      cpy(in, ct, c->len);
      ctasm_chacha20_poly1305_open_avx512ifma(o, btag[1], in, c->len, bad_ad, c->adlen, state);
      check_tag("open_avx512ifma_bad", c->len, c->adlen, "tag_vs_python", btag[1], c->bad_tag);
      bx_check(nm("open_avx512ifma_bad", c->len, c->adlen, "out_vs_python"), fnv(o, c->len), c->bad_pt_fnv);
    }
  }
}

static void rfc_vector(void) {
  uint8_t tag[16];
  set_state(bx_rfc_key, 0, bx_rfc_nonce);
  ctasm_chacha20_poly1305_seal_avx512(outs[0], tag, bx_rfc_pt, sizeof(bx_rfc_pt), bx_rfc_ad,
                                      sizeof(bx_rfc_ad), state);
  bx_check("rfc8439_2.8.2 seal_avx512", diff(outs[0], bx_rfc_ct, sizeof(bx_rfc_ct)) + diff(tag, bx_rfc_tag, 16), 0);
  ctasm_chacha20_poly1305_open_avx512(outs[1], tag, bx_rfc_ct, sizeof(bx_rfc_ct), bx_rfc_ad,
                                      sizeof(bx_rfc_ad), state);
  bx_check("rfc8439_2.8.2 open_avx512", diff(outs[1], bx_rfc_pt, sizeof(bx_rfc_pt)) + diff(tag, bx_rfc_tag, 16), 0);
}

/* The vector registers at return: the global functions end with vzeroall
 * (zmm0-15 in full) and zero zmm16-18 (the short paths' second temporaries,
 * qr_evex_ops), and the zmm batches zero zmm16-31, which held key words and
 * key stream. Each call is made with zmm0-31 full of a pattern first; a call that
 * ran zmm batches (long) must leave all 32 zero, a short one zmm0-18 (zmm19-31
 * keep the caller's pattern: never written). */
static uint64_t zdump[32 * 8] __attribute__((aligned(64)));
static void zfill(void) {
  __asm__ volatile("vpternlogd $0xff, %%zmm0, %%zmm0, %%zmm0\n\t"
#define ZF(i) "vmovdqa64 %%zmm0, %%zmm" #i "\n\t"
                   ZF(1) ZF(2) ZF(3) ZF(4) ZF(5) ZF(6) ZF(7) ZF(8) ZF(9) ZF(10) ZF(11) ZF(12) ZF(13)
                   ZF(14) ZF(15) ZF(16) ZF(17) ZF(18) ZF(19) ZF(20) ZF(21) ZF(22) ZF(23) ZF(24)
                   ZF(25) ZF(26) ZF(27) ZF(28) ZF(29) ZF(30) ZF(31) ::: "memory");
}
static void zsave(void) {
  __asm__ volatile(
#define ZS(i) "vmovdqa64 %%zmm" #i ", 64*" #i "(%0)\n\t"
      ZS(0) ZS(1) ZS(2) ZS(3) ZS(4) ZS(5) ZS(6) ZS(7) ZS(8) ZS(9) ZS(10) ZS(11) ZS(12) ZS(13) ZS(14)
      ZS(15) ZS(16) ZS(17) ZS(18) ZS(19) ZS(20) ZS(21) ZS(22) ZS(23) ZS(24) ZS(25) ZS(26) ZS(27)
      ZS(28) ZS(29) ZS(30) ZS(31) "vzeroupper" : : "r"(zdump) : "memory");
}
/* nonzero qwords among zmm0-15 (*lo), zmm16-18 (*mid) and zmm19-31 (*hi) */
static void zcount(uint64_t *lo, uint64_t *mid, uint64_t *hi) {
  *lo = *mid = *hi = 0;
  for (int i = 0; i < 32 * 8; i++) {
    if (zdump[i]) (*(i < 16 * 8 ? lo : i < 19 * 8 ? mid : hi))++;
  }
}
static void vector_residue(void) {
  /* 400: the four-row-set pairs path (321-448 bytes) */
  static const uint32_t lens[] = {16, 300, 400, 1100, 4097};
  uint64_t lo, mid, hi;
  set_state(bx_pat, 0, bx_pat + 40);
  for (unsigned k = 0; k < sizeof lens / sizeof lens[0]; k++) {
    const uint32_t n = lens[k];
    const int zmm = n >= 1024;
    uint8_t tag[16];
    zfill();
    ctasm_chacha20_avx512(outs[0], bx_pat, n, state);
    zsave();
    zcount(&lo, &mid, &hi);
    bx_check(nm("chacha20_avx512", n, -1, "zmm0_15_zero"), lo, 0);
    bx_check(nm("chacha20_avx512", n, -1, "zmm16_18_zero"), mid, 0);
    bx_check(nm("chacha20_avx512", n, -1, zmm ? "zmm19_31_zero" : "zmm19_31_untouched"), hi, zmm ? 0 : 13 * 8);
    zfill();
    ctasm_chacha20_poly1305_seal_avx512(outs[0], tag, bx_pat, n, bx_pat + 9000 % BX_PATTERN, 13, state);
    zsave();
    zcount(&lo, &mid, &hi);
    bx_check(nm("seal_avx512", n, 13, "zmm0_15_zero"), lo, 0);
    bx_check(nm("seal_avx512", n, 13, "zmm16_18_zero"), mid, 0);
    bx_check(nm("seal_avx512", n, 13, zmm ? "zmm19_31_zero" : "zmm19_31_untouched"), hi, zmm ? 0 : 13 * 8);
    zfill();
    ctasm_chacha20_poly1305_open_avx512(outs[1], tag, outs[0], n, bx_pat + 9000 % BX_PATTERN, 13, state);
    zsave();
    zcount(&lo, &mid, &hi);
    bx_check(nm("open_avx512", n, 13, "zmm0_15_zero"), lo, 0);
    bx_check(nm("open_avx512", n, 13, "zmm16_18_zero"), mid, 0);
    bx_check(nm("open_avx512", n, 13, zmm ? "zmm19_31_zero" : "zmm19_31_untouched"), hi, zmm ? 0 : 13 * 8);
    /* the IFMA tier: the same short paths and zmm batches; its Poly1305 uses zmm0-15 only */
    zfill();
    ctasm_chacha20_poly1305_seal_avx512ifma(outs[0], tag, bx_pat, n, bx_pat + 9000 % BX_PATTERN, 13, state);
    zsave();
    zcount(&lo, &mid, &hi);
    bx_check(nm("seal_avx512ifma", n, 13, "zmm0_15_zero"), lo, 0);
    bx_check(nm("seal_avx512ifma", n, 13, "zmm16_18_zero"), mid, 0);
    bx_check(nm("seal_avx512ifma", n, 13, zmm ? "zmm19_31_zero" : "zmm19_31_untouched"), hi, zmm ? 0 : 13 * 8);
    zfill();
    ctasm_chacha20_poly1305_open_avx512ifma(outs[1], tag, outs[0], n, bx_pat + 9000 % BX_PATTERN, 13, state);
    zsave();
    zcount(&lo, &mid, &hi);
    bx_check(nm("open_avx512ifma", n, 13, "zmm0_15_zero"), lo, 0);
    bx_check(nm("open_avx512ifma", n, 13, "zmm16_18_zero"), mid, 0);
    bx_check(nm("open_avx512ifma", n, 13, zmm ? "zmm19_31_zero" : "zmm19_31_untouched"), hi, zmm ? 0 : 13 * 8);
  }
}

/* The dead stack after a call: no qword of the key, the key stream (block 0
 * included: the Poly1305 key) or the plaintext may be left below the caller's
 * rsp (the functions wipe their frame; the ciphertext, which seal and open copy
 * to the frame for Poly1305, is public). A key only this check uses. */
static uint64_t __attribute__((noinline)) rsp_now(void) {
  uint64_t r;
  __asm__ volatile("movq %%rsp, %0" : "=r"(r));
  return r;
}
static uint64_t secret[2 * (MAXLEN + 64) / 8 + 8];
static uint64_t residue_hits(uint64_t sp, size_t nsecret) {
  uint64_t hits = 0;
  for (const uint64_t *p = (const uint64_t *)(sp - 8192); p < (const uint64_t *)(sp - 16); p++) {
    for (size_t i = 0; i < nsecret; i++) {
      if (*p != secret[i]) continue;
      if (!hits++) {
        bx_puts("NOTE residue at sp-");
        bx_hex(sp - (uint64_t)p);
        bx_puts(" secret qword ");
        bx_dec(i);
        bx_putc('\n');
      }
    }
  }
  return hits;
}
static void stack_residue(void) {
  static const uint32_t lens[] = {16, 300, 400, 449, 1100, 4097};
  uint8_t key[32], tag[16];
  for (int i = 0; i < 32; i++) key[i] = (uint8_t)(0x5b ^ (i * 29));
  for (unsigned k = 0; k < sizeof lens / sizeof lens[0]; k++) {
    const uint32_t n = lens[k];
    const uint8_t *pt = bx_pat + 7 * k;
    /* the secrets: the key, key stream blocks 0.. and the plaintext */
    for (uint32_t i = 0; i < n + 64; i++) work[i] = 0;
    set_state(key, 0, bx_pat + 100);
    ctasm_chacha20_avx2((uint8_t *)secret + 32, work, n + 64, state);
    cpy((uint8_t *)secret, key, 32);
    cpy((uint8_t *)secret + 32 + n + 64, pt, n);
    const size_t nsecret = (32 + n + 64 + n) / 8;
    uint64_t sp = rsp_now();
    ctasm_chacha20_avx512(outs[0], pt, n, state);
    bx_check(nm("chacha20_avx512", n, -1, "dead_stack_clean"), residue_hits(sp, nsecret), 0);
    sp = rsp_now();
    ctasm_chacha20_poly1305_seal_avx512(outs[0], tag, pt, n, bx_pat + 4000, 13, state);
    bx_check(nm("seal_avx512", n, 13, "dead_stack_clean"), residue_hits(sp, nsecret), 0);
    sp = rsp_now();
    ctasm_chacha20_poly1305_open_avx512(outs[1], tag, outs[0], n, bx_pat + 4000, 13, state);
    bx_check(nm("open_avx512", n, 13, "dead_stack_clean"), residue_hits(sp, nsecret), 0);
    sp = rsp_now();
    ctasm_chacha20_poly1305_seal_avx512ifma(outs[0], tag, pt, n, bx_pat + 4000, 13, state);
    bx_check(nm("seal_avx512ifma", n, 13, "dead_stack_clean"), residue_hits(sp, nsecret), 0);
    sp = rsp_now();
    ctasm_chacha20_poly1305_open_avx512ifma(outs[1], tag, outs[0], n, bx_pat + 4000, 13, state);
    bx_check(nm("open_avx512ifma", n, 13, "dead_stack_clean"), residue_hits(sp, nsecret), 0);
  }
}

/* The SysV builds through trampoline.S: rbx rbp r12-r15 canaries, the seventh
 * argument on the stack at each 16-aligned skew, rsp and DF after; results as a
 * direct call's. */
static void tramp(const char *what, uint32_t n, const uint64_t a[8], uint64_t skew, struct bx_regs *r) {
  extern uint64_t ctasm_abi_test_wide(void);
  bx_call_wide(a, skew, r, 0);
  bx_sysv_target = (const void *)ctasm_abi_test_wide;
  uint64_t d = 0;
  for (int i = 0; i < 6; i++) d |= r->in[i] ^ r->out[i];
  bx_check(nm(what, n, -1, "sysv_callee_saved_gpr"), d, 0);
  bx_check(nm(what, n, -1, "sysv_rsp"), r->rsp_after, r->rsp_call);
  bx_check(nm(what, n, -1, "sysv_df_clear"), r->rflags & 0x400, 0);
}
static void sysv_abi(void) {
  static const uint32_t lens[] = {0, 16, 300, 400, 449, 1100, 2100};
  uint8_t t1[16], t2[16];
  uint64_t seed = 0x243f6a8885a308d3ull;
  set_state(bx_pat + 11, 0, bx_pat + 77);
  for (unsigned k = 0; k < sizeof lens / sizeof lens[0]; k++) {
    const uint32_t n = lens[k];
    const uint64_t skew = 16 * (k % 4);
    /* f: 0 seal, 1 open, 2 stream (chacha-avx512), 3 seal, 4 open (chacha-avx512ifma) */
    for (int f = 0; f < 5; f++) {
      struct bx_regs r;
      for (int i = 0; i < 6; i++) {
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        r.in[i] = seed, r.out[i] = 0;
      }
      uint64_t a[8];
      const char *what;
      if (f == 2) {
        what = "chacha20_avx512";
        state[8] = 3;
        uint64_t c[8] = {(uint64_t)outs[0], (uint64_t)bx_pat, n, (uint64_t)state, 0, 0, 0, 0};
        for (int i = 0; i < 8; i++) a[i] = c[i];
        bx_sysv_target = (const void *)ctasm_chacha20_avx512;
        tramp(what, n, a, skew, &r);
        ctasm_chacha20_avx512(outs[1], bx_pat, n, state);
      } else {
        static const char *const names[] = {"seal_avx512", "open_avx512", 0, "seal_avx512ifma",
                                            "open_avx512ifma"};
        aead_fn *const fns[] = {ctasm_chacha20_poly1305_seal_avx512, ctasm_chacha20_poly1305_open_avx512, 0,
                                ctasm_chacha20_poly1305_seal_avx512ifma,
                                ctasm_chacha20_poly1305_open_avx512ifma};
        what = names[f];
        state[8] = 0;
        uint64_t c[8] = {(uint64_t)outs[0], (uint64_t)t1, (uint64_t)bx_pat, n, (uint64_t)(bx_pat + 5000),
                         21, (uint64_t)state, 0x4343434343434343ull};
        for (int i = 0; i < 8; i++) a[i] = c[i];
        bx_sysv_target = (const void *)fns[f];
        tramp(what, n, a, skew, &r);
        fns[f](outs[1], t2, bx_pat, n, bx_pat + 5000, 21, state);
      }
      bx_check(nm(what, n, -1, "sysv_vs_direct"),
               diff(outs[0], outs[1], n) + (f == 2 ? 0 : diff(t1, t2, 16)), 0);
    }
  }
}

int bx_stage6_chacha_aead(void) {
  sysv_abi();
  stack_residue();
  rfc_vector();
  vector_residue();
  stream_cases();
  aead_cases();
  return 0;
}
