/* SPDX-License-Identifier: Apache-2.0
 * Stage 6, Win64: the NASM (x86_64-win) build of the AVX-512 ChaCha20-Poly1305
 * tier (generated/x86_64-win/chacha20_poly1305_x86_64.asm, converted to ELF as
 * win64_* by run.py), called through trampoline_win.S by the Win64 convention
 * (home area; seal/open's ad_len and state on the stack) with canaries in rbx rbp
 * rdi rsi r12-r15 and xmm6-xmm15, which the tier's ymm/zmm code writes. Results
 * are compared with the SysV build's (stage 6 checks those against Python). Some
 * calls are single-stepped: at every instruction of the global function itself
 * (its local callees are leaf functions without unwind data, counted apart) the
 * virtual unwinder of wide_win.c, driven by the function's .pdata/.xdata, must
 * give back the return address, the caller's rsp, the callee-saved GPRs and
 * xmm6-15. */
#include "payload.h"
#include "chacha_win_unwind.h"

typedef unsigned long size_t;
void ctasm_chacha20_avx512(uint8_t *out, const uint8_t *in, size_t len, const void *state);
void ctasm_chacha20_poly1305_seal_avx512(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                         size_t in_len, const uint8_t *ad, size_t ad_len,
                                         const void *state);
void ctasm_chacha20_poly1305_open_avx512(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                         size_t in_len, const uint8_t *ad, size_t ad_len,
                                         const void *state);
void ctasm_chacha20_poly1305_seal_avx512ifma(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                             size_t in_len, const uint8_t *ad, size_t ad_len,
                                             const void *state);
void win64_ctasm_chacha20_poly1305_seal_avx512ifma(void);
void win64_ctasm_chacha20_poly1305_open_avx512ifma(void);
void win64_ctasm_chacha20_avx512(void);
void win64_ctasm_chacha20_poly1305_seal_avx512(void);
void win64_ctasm_chacha20_poly1305_open_avx512(void);
extern const void *bx_win_target;

#define MAXLEN 3200
static uint8_t msg[MAXLEN + 64], ad[80], want[MAXLEN + 64], got[MAXLEN + 64], back[MAXLEN + 64];
static uint8_t want_tag[16], got_tag[16];
static uint32_t state[12] __attribute__((aligned(16)));
static char name[96];

static uint64_t x = 0x510e527fade682d1ull;
static uint64_t next(void) { /* xorshift64 */
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return x;
}
static uint64_t diff(const uint8_t *a, const uint8_t *b, size_t n) {
  uint64_t d = 0;
  for (size_t i = 0; i < n; i++) d += a[i] != b[i];
  return d;
}
static const char *nm(const char *what, uint64_t len, uint64_t skew, const char *check) {
  char *p = name;
  const char *s;
  char t[24];
  int n;
  for (s = what; *s;) *p++ = *s++;
  for (s = "[len="; *s;) *p++ = *s++;
  n = 0;
  do t[n++] = (char)('0' + len % 10); while (len /= 10);
  while (n) *p++ = t[--n];
  for (s = " skew="; *s;) *p++ = *s++;
  n = 0;
  do t[n++] = (char)('0' + skew % 10); while (skew /= 10);
  while (n) *p++ = t[--n];
  *p++ = ']';
  *p++ = ' ';
  for (s = check; *s;) *p++ = *s++;
  *p = 0;
  return name;
}

/* One Win64 call through the trampoline; checks the ABI; step: single-step it. */
static void win_call(const char *what, const void *fn, uint64_t size, const uint8_t *unwind,
                     const uint64_t arg[8], uint64_t len, uint64_t skew, int step) {
  struct bx_regs_win r;
  for (int i = 0; i < 8; i++) r.in[i] = next(), r.out[i] = 0;
  for (int i = 0; i < 20; i++) r.xin[i] = next(), r.xout[i] = 0;
  const void *saved = bx_win_target;
  bx_win_target = fn;
  if (step) bx_win_step_begin((uint64_t)fn, size, unwind, &r);
  bx_call_wide_win(arg, skew, &r, (uint64_t)step);
  bx_win_target = saved;
  if (step) {
    uint64_t s[5];
    bx_win_step_end(s);
    bx_puts("STEP win64 ");
    bx_puts(what);
    bx_puts(" len=");
    bx_dec(len);
    bx_puts(" instructions=");
    bx_dec(s[1]);
    bx_puts(" in_callees=");
    bx_dec(s[3]);
    bx_puts(" in_epilog=");
    bx_dec(s[4]);
    bx_putc('\n');
    bx_check(nm(what, len, skew, "win64_trap_reached_return"), s[0], 0);
    bx_check(nm(what, len, skew, "win64_unwind_holds"), s[2], 0);
    bx_check(nm(what, len, skew, "win64_stepped_prolog_body_epilog"), s[1] > 40 && s[4] >= 2, 1);
  }
  uint64_t d = 0;
  for (int i = 0; i < 8; i++) d |= r.in[i] ^ r.out[i];
  bx_check(nm(what, len, skew, "win64_callee_saved_gpr"), d, 0);
  d = 0;
  for (int i = 0; i < 20; i++) d |= r.xin[i] ^ r.xout[i];
  bx_check(nm(what, len, skew, "win64_xmm6_15"), d, 0);
  bx_check(nm(what, len, skew, "win64_rsp"), r.rsp_after, r.rsp_call);
  bx_check(nm(what, len, skew, "win64_df_clear"), r.rflags & 0x400, 0);
}

int bx_stage6_chacha_win(void) {
  static const uint32_t lens[] = {0, 16, 300, 400, 449, 1100, 2100, 3100};
  for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)next();
  for (size_t i = 0; i < sizeof ad; i++) ad[i] = (uint8_t)next();
  for (int w = 0; w < 12; w++) state[w] = (uint32_t)next();
  for (unsigned k = 0; k < sizeof lens / sizeof lens[0]; k++) {
    const uint64_t len = lens[k], skew = 16 * (k % 4), adl = (7 * k) % 70;
    /* step the short path once and a zmm chunk once (seal), one open and one stream */
    const int step = len == 16 || len == 1100;
    state[8] = 0;
    ctasm_chacha20_poly1305_seal_avx512(want, want_tag, msg + 1, len, ad + 3, adl, state);
    uint64_t a[8] = {(uint64_t)got, (uint64_t)got_tag, (uint64_t)(msg + 1), len, (uint64_t)(ad + 3),
                     adl, (uint64_t)state, 0x4141414141414141ull};
    win_call("seal_avx512", (const void *)win64_ctasm_chacha20_poly1305_seal_avx512, BX_CW_SEAL_SIZE,
             bx_cw_seal_unwind, a, len, skew, step);
    bx_check(nm("seal_avx512", len, skew, "win64_vs_sysv"), diff(got, want, len) + diff(got_tag, want_tag, 16), 0);
    uint64_t b[8] = {(uint64_t)back, (uint64_t)got_tag, (uint64_t)got, len, (uint64_t)(ad + 3),
                     adl, (uint64_t)state, 0x4242424242424242ull};
    win_call("open_avx512", (const void *)win64_ctasm_chacha20_poly1305_open_avx512, BX_CW_OPEN_SIZE,
             bx_cw_open_unwind, b, len, skew, len == 1100);
    bx_check(nm("open_avx512", len, skew, "win64_roundtrip"), diff(back, msg + 1, len) + diff(got_tag, want_tag, 16), 0);
    /* chacha-avx512ifma: the same, its Win64 build against its SysV build */
    ctasm_chacha20_poly1305_seal_avx512ifma(want, want_tag, msg + 1, len, ad + 3, adl, state);
    a[7] = 0x4848484848484848ull;
    win_call("seal_avx512ifma", (const void *)win64_ctasm_chacha20_poly1305_seal_avx512ifma,
             BX_CW_SEALI_SIZE, bx_cw_seali_unwind, a, len, skew, step);
    bx_check(nm("seal_avx512ifma", len, skew, "win64_vs_sysv"),
             diff(got, want, len) + diff(got_tag, want_tag, 16), 0);
    b[7] = 0x4949494949494949ull;
    win_call("open_avx512ifma", (const void *)win64_ctasm_chacha20_poly1305_open_avx512ifma,
             BX_CW_OPENI_SIZE, bx_cw_openi_unwind, b, len, skew, len == 1100);
    bx_check(nm("open_avx512ifma", len, skew, "win64_roundtrip"),
             diff(back, msg + 1, len) + diff(got_tag, want_tag, 16), 0);
    state[8] = 5;
    ctasm_chacha20_avx512(want, msg + 2, len, state);
    uint64_t c[8] = {(uint64_t)got, (uint64_t)(msg + 2), len, (uint64_t)state, 0, 0, 0, 0};
    win_call("chacha20_avx512", (const void *)win64_ctasm_chacha20_avx512, BX_CW_STREAM_SIZE,
             bx_cw_stream_unwind, c, len, skew, len == 1100);
    bx_check(nm("chacha20_avx512", len, skew, "win64_vs_sysv"), diff(got, want, len), 0);
  }
  return 0;
}
