/* SPDX-License-Identifier: Apache-2.0
 * Stage 2: ctasm_abi_test_wide (perlasm/test/abi-x86_64.pl) called through
 * trampoline.S with canaries in rbx rbp r12-r15, every stack skew mod 64 and
 * flags 0..3, compared with a reference written from the function's header comment.
 * Stage 3: the same calls single-stepped (TF + the #DB handler below): at every
 * instruction of the function the CFA rule read from the object's .eh_frame
 * (run.py turns readelf's table into cfa_table.h) must locate the return address,
 * every register the rule calls saved must hold the caller's value at its slot, and
 * every register it calls unchanged must still hold it. */
#include "payload.h"
#include "cfa_table.h"

uint64_t ctasm_abi_test_wide(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                             uint64_t);

extern const char bx_wide_ret[];

/* The header comment of ctasm_abi_test_wide, read as C:
 *   w[0..7] = a1..a7, flags (stored in a 64-byte-aligned frame)
 *   r = a1 + 2*a2 + ... + 7*a7 + ((rsp & 63) << 56)
 *     + [flags & 1] sum_{i<4} (w[i] ^ w[i+4])
 *     + [flags & 2] sum_{i<8} (rotl64(w[i], 13) ^ w[i] ^ K) + sum_{even i} w[i]
 * The frame is aligned to 64 (frame=64, align=64), so the rsp term is 0 for
 * every caller alignment; the skews below would expose it if it were not. */
uint64_t bx_wide_model(const uint64_t a[7], uint64_t flags);
uint64_t bx_wide_model(const uint64_t a[7], uint64_t flags) {
  const uint64_t K = 0x9e3779b97f4a7c15ull;
  uint64_t w[8];
  for (int i = 0; i < 7; i++) w[i] = a[i];
  w[7] = flags;
  uint64_t r = 0;
  for (int i = 1; i <= 7; i++) r += (uint64_t)i * a[i - 1];
  if (flags & 1)
    for (int i = 0; i < 4; i++) r += w[i] ^ w[i + 4];
  if (flags & 2)
    for (int i = 0; i < 8; i++) {
      uint64_t rot = (w[i] << 13) | (w[i] >> 51);
      r += rot ^ w[i] ^ K;
      if ((i & 1) == 0) r += w[i];
    }
  return r;
}

static char namebuf[96];
const char *bx_wide_name(const char *what, uint64_t flags, uint64_t skew, int set, int step);
const char *bx_wide_name(const char *what, uint64_t flags, uint64_t skew, int set, int step) {
  char *p = namebuf;
  const char *parts[] = {step ? "step_" : "wide_", what, "_f", 0, "_s", 0, "_v", 0};
  uint64_t nums[] = {0, 0, 0, flags, 0, skew, 0, (uint64_t)set};
  for (int i = 0; i < 8; i++) {
    if (parts[i]) {
      for (const char *s = parts[i]; *s; s++) *p++ = *s;
    } else {
      char t[24];
      int n = 0;
      uint64_t v = nums[i];
      do {
        t[n++] = (char)('0' + v % 10);
        v /= 10;
      } while (v);
      while (n) *p++ = t[--n];
    }
  }
  *p = 0;
  return namebuf;
}

/* ---- stage 3: the #DB handler -------------------------------------------------- */
static volatile int step_active;
static const uint64_t *step_canary;
static uint64_t step_count, step_bad, step_first_bad_off, step_outside;
static uint8_t step_seen[BX_FN_SIZE];

static const struct bx_cfa_row *row_at(uint32_t off) {
  const struct bx_cfa_row *r = 0;
  for (unsigned i = 0; i < sizeof bx_cfa_rows / sizeof bx_cfa_rows[0]; i++)
    if (bx_cfa_rows[i].off <= off) r = &bx_cfa_rows[i];
  return r;
}

int bx_win_step_trap(struct bx_frame *f);
int bx_sysv_chacha_step_trap(struct bx_frame *f);

int bx_step_trap(struct bx_frame *f) {
  if (bx_win_step_trap(f) || bx_sysv_chacha_step_trap(f)) return 1;
  if (!step_active) return 0;
  const uint64_t fn = (uint64_t)&ctasm_abi_test_wide;
  if (f->rip == (uint64_t)bx_wide_ret) { /* returned: stop stepping */
    f->rflags &= ~(uint64_t)0x100;
    step_active = 0;
    return 1;
  }
  if (f->rip < fn || f->rip >= fn + BX_FN_SIZE) { /* must not happen: the body calls nothing */
    step_outside++;
    return 1;
  }
  const uint32_t off = (uint32_t)(f->rip - fn);
  const struct bx_cfa_row *row = row_at(off);
  step_count++;
  step_seen[off] = 1;
  int bad = !row;
  if (row) {
    const uint64_t base = row->cfa_reg == 7 ? f->rsp : f->rbp;
    const uint64_t cfa = base + (uint64_t)(int64_t)row->cfa_off;
    if (*(const uint64_t *)(cfa - 8) != (uint64_t)bx_wide_ret) bad = 1;
    const uint64_t live[6] = {f->rbx, f->rbp, f->r12, f->r13, f->r14, f->r15};
    for (int i = 0; i < 6; i++) {
      if (row->saved_at[i]) {
        if (*(const uint64_t *)(cfa - (uint64_t)row->saved_at[i]) != step_canary[i]) bad = 1;
      } else if (live[i] != step_canary[i]) {
        bad = 1;
      }
    }
  }
  if (bad) {
    if (!step_bad) step_first_bad_off = off;
    step_bad++;
  }
  return 1;
}

/* ---- the calls ------------------------------------------------------------------ */
static uint64_t lcg = 0x853c49e6748fea9bull;
static uint64_t next(void) {
  lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
  return lcg ^ (lcg >> 29);
}

static void one_call(const uint64_t a[7], uint64_t flags, uint64_t skew, int set, int step) {
  uint64_t arg[8] = {a[0], a[1], a[2], a[3], a[4], a[5], a[6], flags};
  struct bx_regs regs;
  for (int i = 0; i < 6; i++) {
    regs.in[i] = next() | 1; /* never 0, distinct per call */
    regs.out[i] = 0;
  }
  if (step) {
    step_canary = regs.in;
    step_count = step_bad = step_outside = 0;
    for (unsigned i = 0; i < BX_FN_SIZE; i++) step_seen[i] = 0;
    step_active = 1;
  }
  uint64_t r = bx_call_wide(arg, skew, &regs, (uint64_t)step);
  if (step && step_active) {
    step_active = 0;
    bx_check(bx_wide_name("trap_reached_return", flags, skew, set, step), 0, 1);
  }
  bx_check(bx_wide_name("result", flags, skew, set, step), r, bx_wide_model(a, flags));
  uint64_t saved_ok = 0;
  for (int i = 0; i < 6; i++) saved_ok |= regs.out[i] ^ regs.in[i];
  bx_check(bx_wide_name("callee_saved", flags, skew, set, step), saved_ok, 0);
  bx_check(bx_wide_name("rsp", flags, skew, set, step), regs.rsp_after, regs.rsp_call);
  bx_check(bx_wide_name("df_clear", flags, skew, set, step), regs.rflags & 0x400, 0);
  if (step) {
    bx_puts("STEP flags=");
    bx_dec(flags);
    bx_puts(" skew=");
    bx_dec(skew);
    bx_puts(" instructions=");
    bx_dec(step_count);
    bx_putc('\n');
    bx_check(bx_wide_name("cfa_rules_hold", flags, skew, set, step), step_bad, 0);
    if (step_bad) {
      bx_puts("NOTE first offset where the .eh_frame rule failed: ");
      bx_hex(step_first_bad_off);
      bx_putc('\n');
    }
    bx_check(bx_wide_name("stayed_in_function", flags, skew, set, step), step_outside, 0);
    /* Each row of the table starts at an instruction on the path every flags value
     * takes (prologue, epilogue): each must have been stepped on. */
    uint64_t missed = 0;
    for (unsigned i = 0; i < sizeof bx_cfa_rows / sizeof bx_cfa_rows[0]; i++)
      if (!step_seen[bx_cfa_rows[i].off]) missed++;
    bx_check(bx_wide_name("every_cfa_row_stepped", flags, skew, set, step), missed, 0);
    bx_check(bx_wide_name("stepped_some", flags, skew, set, step), step_count > 20, 1);
  }
}

int bx_stage2_wide(void) {
  /* Set 0: tests/xlate_abi_test.cc's arguments; sets 1, 2: pseudo-random. */
  uint64_t sets[3][7] = {{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x8000000000000001,
                          0x5005, 0x6000000000000006, 0x7777777777777777}};
  for (int s = 1; s < 3; s++)
    for (int i = 0; i < 7; i++) sets[s][i] = next();
  for (int step = 0; step < 2; step++)
    for (int set = 0; set < 3; set++)
      for (uint64_t flags = 0; flags < 4; flags++)
        for (uint64_t skew = 0; skew < 64; skew += 16) {
          if (step && set) continue; /* stepping: set 0 is enough */
          /* Set 2 carries other bits in the flags word too (w[7] reaches the sums). */
          one_call(sets[set], set == 2 ? (flags | 0x7774) : flags, skew, set, step);
        }
  return 0;
}
