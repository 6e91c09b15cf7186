/* SPDX-License-Identifier: Apache-2.0
 * Stage 7: the SysV (ELF) build of the AVX-512 ChaCha20-Poly1305 tier
 * single-stepped against its .eh_frame, as stage 3 steps ctasm_abi_test_wide,
 * so a CPU without AVX-512 (where the host suites cannot step these functions)
 * still checks their DWARF CFI at every instruction. run.py writes every FDE of
 * the object (readelf --debug-dump=frames-interp) into chacha_sysv_cfa.h. At
 * each instruction the handler unwinds frame by frame: the row of the function
 * rip is in (a caller's at its return address - 1) gives the CFA, the return
 * address at CFA-8 and the slots of the callee-saved registers it saved, until
 * the return address is the trampoline's; there the CFA must be the call's rsp
 * and rbx rbp r12-r15 the caller's canaries. The local callees (Poly1305
 * blocks, the xor loops) are unwound through too. */
#include "payload.h"
#include "chacha_sysv_cfa.h"

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
void ctasm_chacha20_poly1305_open_avx512ifma(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                             size_t in_len, const uint8_t *ad, size_t ad_len,
                                             const void *state);
extern const char bx_wide_ret[];
int bx_sysv_chacha_step_trap(struct bx_frame *f);

#define MAXLEN 1200
static uint8_t msg[MAXLEN], ad[64], out[MAXLEN], back[MAXLEN], tag[16], tag2[16];
static uint32_t state[12] __attribute__((aligned(16)));

/* .text offset 0 of the object: the offsets in chacha_sysv_cfa.h are from there */
static uint64_t text_base(void) { return (uint64_t)&ctasm_chacha20_poly1305_seal_avx512 - BX_CS_SEAL_OFF; }

static const struct bx_cs_fde *fde_at(uint64_t off) {
  for (unsigned i = 0; i < sizeof bx_cs_fdes / sizeof bx_cs_fdes[0]; i++)
    if (bx_cs_fdes[i].start <= off && off < bx_cs_fdes[i].end) return &bx_cs_fdes[i];
  return 0;
}
static const struct bx_cs_row *row_at(const struct bx_cs_fde *d, uint64_t off) {
  const struct bx_cs_row *r = 0;
  for (unsigned i = d->first; i < d->first + d->count; i++)
    if (bx_cs_rows[i].off <= off) r = &bx_cs_rows[i];
  return r;
}

static volatile int cs_active;
static const struct bx_regs *cs_regs;
static const struct bx_cs_fde *cs_fn;
static uint64_t cs_count, cs_bad, cs_outside, cs_in_callees;
static uint8_t cs_row_seen[sizeof bx_cs_rows / sizeof bx_cs_rows[0]];

/* 0 when the unwind from this state reaches the trampoline with everything right */
static int unwind_fails(const struct bx_frame *f) {
  const uint64_t base = text_base();
  uint64_t rip = f->rip, rsp = f->rsp;
  uint64_t reg[6] = {f->rbx, f->rbp, f->r12, f->r13, f->r14, f->r15};
  for (int depth = 0; depth < 8; depth++) {
    /* a caller's row is the one of its call instruction (the return address may
     * start a new row) */
    const uint64_t off = rip - base - (depth ? 1 : 0);
    const struct bx_cs_fde *d = rip > base ? fde_at(off) : 0;
    if (!d) return 1;
    const struct bx_cs_row *row = row_at(d, off);
    if (!row) return 2;
    if (!depth) cs_row_seen[row - bx_cs_rows] = 1;
    const uint64_t cfa = (row->cfa_reg == 7 ? rsp : reg[1]) + (uint64_t)(int64_t)row->cfa_off;
    if (cfa < 0x10000 || cfa > 0x9f000 || (cfa & 7)) return 3; /* off the payload's stack */
    for (int i = 0; i < 6; i++)
      if (row->saved_at[i]) reg[i] = *(const uint64_t *)(cfa - row->saved_at[i]);
    rip = *(const uint64_t *)(cfa - 8);
    rsp = cfa;
    if (rip == (uint64_t)bx_wide_ret) {
      if (rsp != cs_regs->rsp_call) return 4;
      for (int i = 0; i < 6; i++)
        if (reg[i] != cs_regs->in[i]) return 5 + i;
      return 0;
    }
  }
  return 11;
}

int bx_sysv_chacha_step_trap(struct bx_frame *f) {
  if (!cs_active) return 0;
  if (f->rip == (uint64_t)bx_wide_ret) { /* returned: stop stepping */
    f->rflags &= ~(uint64_t)0x100;
    cs_active = 0;
    return 1;
  }
  const uint64_t base = text_base();
  const struct bx_cs_fde *d = f->rip > base ? fde_at(f->rip - base) : 0;
  if (!d) { /* the functions call nothing outside their object */
    cs_outside++;
    return 1;
  }
  cs_count++;
  if (d != cs_fn) cs_in_callees++;
  const int why = unwind_fails(f);
  if (why) {
    if (!cs_bad) {
      bx_puts("NOTE first offset where the .eh_frame unwind failed: ");
      bx_hex(f->rip - base);
      bx_puts(" reason ");
      bx_dec((uint64_t)why);
      bx_putc('\n');
    }
    cs_bad++;
  }
  return 1;
}

static char name[96];
static const char *nm(const char *what, uint64_t len, const char *check) {
  char *p = name, t[24];
  int n = 0;
  for (const char *s = what; *s;) *p++ = *s++;
  for (const char *s = "[len="; *s;) *p++ = *s++;
  do t[n++] = (char)('0' + len % 10); while (len /= 10);
  while (n) *p++ = t[--n];
  *p++ = ']';
  *p++ = ' ';
  for (const char *s = check; *s;) *p++ = *s++;
  *p = 0;
  return name;
}

static uint64_t seed = 0x9b05688c2b3e6c1full;
static uint64_t next(void) {
  seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
  return seed;
}

/* One stepped SysV call through trampoline.S of fn (at .text offset fn_off) */
static void stepped(const char *what, const void *fn, uint64_t fn_off, const uint64_t a[8], uint64_t len,
                    uint64_t skew) {
  struct bx_regs r;
  for (int i = 0; i < 6; i++) r.in[i] = next() | 1, r.out[i] = 0;
  cs_regs = &r;
  cs_fn = fde_at(fn_off);
  cs_count = cs_bad = cs_outside = cs_in_callees = 0;
  for (unsigned i = 0; i < sizeof cs_row_seen; i++) cs_row_seen[i] = 0;
  const void *saved = bx_sysv_target;
  bx_sysv_target = fn;
  cs_active = 1;
  bx_call_wide(a, skew, &r, 1);
  bx_sysv_target = saved;
  const int still = cs_active;
  cs_active = 0;
  uint64_t missed = 0;
  if (cs_fn)
    for (unsigned i = cs_fn->first; i < cs_fn->first + cs_fn->count; i++) missed += !cs_row_seen[i];
  bx_puts("STEP sysv ");
  bx_puts(what);
  bx_puts(" len=");
  bx_dec(len);
  bx_puts(" instructions=");
  bx_dec(cs_count);
  bx_puts(" in_callees=");
  bx_dec(cs_in_callees);
  bx_putc('\n');
  bx_check(nm(what, len, "sysv_fde_found"), cs_fn != 0, 1);
  bx_check(nm(what, len, "sysv_trap_reached_return"), still, 0);
  bx_check(nm(what, len, "sysv_eh_frame_unwind_holds"), cs_bad, 0);
  bx_check(nm(what, len, "sysv_stayed_in_object"), cs_outside, 0);
  /* the global function's rows are its prologue and epilogue: every path runs them */
  bx_check(nm(what, len, "sysv_every_row_of_the_function_stepped"), missed, 0);
  bx_check(nm(what, len, "sysv_stepped_some"), cs_count > 40, 1);
  uint64_t d = 0;
  for (int i = 0; i < 6; i++) d |= r.in[i] ^ r.out[i];
  bx_check(nm(what, len, "sysv_stepped_callee_saved_gpr"), d, 0);
}

int bx_stage7_chacha_sysv_step(void) {
  for (unsigned i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)next();
  for (unsigned i = 0; i < sizeof ad; i++) ad[i] = (uint8_t)next();
  for (int w = 0; w < 12; w++) state[w] = (uint32_t)next();
  /* 16 bytes: the short path; 300 and 400: the three- and four-row-set pairs
     paths, where the IFMA tier's 4-lane MAC runs inline; 1100: a zmm chunk
     with the AVX2 tail and callees */
  static const uint64_t lens[] = {16, 300, 400, 1100};
  for (unsigned k = 0; k < sizeof lens / sizeof lens[0]; k++) {
    const uint64_t len = lens[k], skew = 16 * ((k + 1) % 4);  /* 16, 32, 48, 0 */
    state[8] = 0;
    uint64_t s[8] = {(uint64_t)out, (uint64_t)tag, (uint64_t)msg, len, (uint64_t)(ad + 1), 19,
                     (uint64_t)state, 0x4444444444444444ull};
    stepped("seal_avx512", (const void *)ctasm_chacha20_poly1305_seal_avx512, BX_CS_SEAL_OFF, s, len, skew);
    uint64_t o[8] = {(uint64_t)back, (uint64_t)tag2, (uint64_t)out, len, (uint64_t)(ad + 1), 19,
                     (uint64_t)state, 0x4545454545454545ull};
    stepped("open_avx512", (const void *)ctasm_chacha20_poly1305_open_avx512, BX_CS_OPEN_OFF, o, len, skew);
    uint64_t dif = 0;
    for (uint64_t i = 0; i < len; i++) dif += back[i] != msg[i];
    for (int i = 0; i < 16; i++) dif += tag[i] != tag2[i];
    bx_check(nm("seal_open_avx512_stepped", len, "roundtrip"), dif, 0);
    /* chacha-avx512ifma: the same AEADs with the IFMA Poly1305 over the chunks */
    s[7] = 0x4646464646464646ull;
    stepped("seal_avx512ifma", (const void *)ctasm_chacha20_poly1305_seal_avx512ifma, BX_CS_SEALI_OFF, s,
            len, skew);
    o[7] = 0x4747474747474747ull;
    stepped("open_avx512ifma", (const void *)ctasm_chacha20_poly1305_open_avx512ifma, BX_CS_OPENI_OFF, o,
            len, skew);
    dif = 0;
    for (uint64_t i = 0; i < len; i++) dif += back[i] != msg[i];
    for (int i = 0; i < 16; i++) dif += tag[i] != tag2[i];
    bx_check(nm("seal_open_avx512ifma_stepped", len, "roundtrip"), dif, 0);
    state[8] = 7;
    uint64_t c[8] = {(uint64_t)out, (uint64_t)msg, len, (uint64_t)state, 0, 0, 0, 0};
    stepped("chacha20_avx512", (const void *)ctasm_chacha20_avx512, BX_CS_STREAM_OFF, c, len, skew);
  }
  return 0;
}
