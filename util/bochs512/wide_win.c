/* SPDX-License-Identifier: Apache-2.0
 * Stage 2, Win64: the NASM (x86_64-win) build of ctasm_abi_test_wide, whose
 * AVX-512 body writes zmm6 and zmm15 (and ymm6/ymm7 in the AVX2 part) while
 * xmm6-xmm15 are callee-saved on Win64; wine cannot run that body here either.
 * Called through trampoline_win.S with canaries in rbx rbp rdi rsi r12-r15 and
 * xmm6-xmm15; the result is compared with the same header-comment model.
 * Stepped too: at every instruction a virtual unwind driven by the function's
 * .pdata/.xdata (run.py copies the UNWIND_INFO into win_unwind.h) must give back
 * the return address, the caller's rsp and every callee-saved GPR and xmm6-15. */
#include "payload.h"
#include "win_unwind.h"

uint64_t win64_ctasm_abi_test_wide(void);
extern const char bx_win_ret[];
uint64_t bx_wide_model(const uint64_t a[7], uint64_t flags);
const char *bx_wide_name(const char *what, uint64_t flags, uint64_t skew, int set, int step);

static uint64_t x = 0x6a09e667f3bcc908ull;
static uint64_t next(void) { /* xorshift64 */
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return x;
}

/* ---- the Win64 virtual unwinder (x64 UNWIND_INFO version 1, as documented) ---- */
/* GPR numbering of the unwind codes: rax rcx rdx rbx rsp rbp rsi rdi r8..r15. */
struct win_ctx {
  uint64_t gpr[16];
  uint64_t xmm[16][2];
  uint64_t rip;
};

static const struct bx_regs_win *wstep_regs;
static volatile int wstep_active;
static uint64_t wstep_count, wstep_bad, wstep_first_bad_off, wstep_outside, wstep_epilog;
/* The function being stepped and its UNWIND_INFO (chacha_win.c steps another). */
static uint64_t wstep_fn, wstep_size;
static const uint8_t *wstep_unwind;

static uint64_t rd(uint64_t a) { return *(const uint64_t *)a; }

/* An epilog the unwinder recognises: optional "lea rsp, [rbp + d]" (frame register
 * rbp) or "add rsp, imm", then pops, then ret. Emulates it from ip; 1 if it is one. */
static int unwind_epilog(struct win_ctx *c, const uint8_t *ip) {
  struct win_ctx t = *c;
  const uint8_t *p = ip;
  if (p[0] == 0x48 && p[1] == 0x8d && p[2] == 0x65) { /* lea rsp, [rbp + disp8] */
    t.gpr[4] = t.gpr[5] + (uint64_t)(int64_t)(int8_t)p[3];
    p += 4;
  } else if (p[0] == 0x48 && p[1] == 0x8d && p[2] == 0xa5) { /* lea rsp, [rbp + disp32] */
    t.gpr[4] = t.gpr[5] + (uint64_t)(int64_t)(int32_t)((uint32_t)p[3] | (uint32_t)p[4] << 8 |
                                                      (uint32_t)p[5] << 16 | (uint32_t)p[6] << 24);
    p += 7;
  } else if (p[0] == 0x48 && p[1] == 0x83 && p[2] == 0xc4) { /* add rsp, imm8 */
    t.gpr[4] += (uint64_t)(int64_t)(int8_t)p[3];
    p += 4;
  } else if (p[0] == 0x48 && p[1] == 0x81 && p[2] == 0xc4) { /* add rsp, imm32 */
    t.gpr[4] += (uint64_t)(int64_t)(int32_t)((uint32_t)p[3] | (uint32_t)p[4] << 8 |
                                            (uint32_t)p[5] << 16 | (uint32_t)p[6] << 24);
    p += 7;
  }
  for (;;) {
    if (p[0] >= 0x58 && p[0] <= 0x5f) { /* pop r64 */
      t.gpr[p[0] - 0x58] = rd(t.gpr[4]);
      t.gpr[4] += 8;
      p += 1;
    } else if (p[0] == 0x41 && p[1] >= 0x58 && p[1] <= 0x5f) { /* pop r8..r15 */
      t.gpr[8 + p[1] - 0x58] = rd(t.gpr[4]);
      t.gpr[4] += 8;
      p += 2;
    } else {
      break;
    }
  }
  if (p[0] != 0xc3) return 0;
  t.rip = rd(t.gpr[4]);
  t.gpr[4] += 8;
  *c = t;
  return 1;
}

/* Returns 0 on an unwind code it does not know. */
static int unwind(struct win_ctx *c, uint32_t off) {
  const uint8_t *u = wstep_unwind;
  const uint32_t prolog = u[1], count = u[2], freg = u[3] & 15, foff = u[3] >> 4;
  const uint8_t *ip = (const uint8_t *)c->rip;
  if (off >= prolog && unwind_epilog(c, ip)) {
    wstep_epilog++;
    return 1;
  }
  /* In the prolog only the codes of instructions already executed apply; the frame
   * base is the frame register once SET_FPREG's instruction has run. */
  int fp_set = 0;
  for (uint32_t i = 0; i < count; i++)
    if ((u[4 + 2 * i + 1] & 15) == 3 && (off >= prolog || u[4 + 2 * i] <= off)) fp_set = 1;
  const uint64_t base = (freg && fp_set) ? c->gpr[freg] - 16 * (uint64_t)foff : c->gpr[4];
  for (uint32_t i = 0; i < count;) {
    const uint32_t at = u[4 + 2 * i], op = u[4 + 2 * i + 1] & 15, info = u[4 + 2 * i + 1] >> 4;
    const uint32_t s1 = i + 1 < count ? (uint32_t)(u[6 + 2 * i] | u[7 + 2 * i] << 8) : 0;
    const uint32_t s2 = i + 2 < count ? (uint32_t)(u[8 + 2 * i] | u[9 + 2 * i] << 8) : 0;
    const uint32_t slots = op == 1 ? (info ? 3 : 2) : (op == 4 || op == 8) ? 2 : (op == 5 || op == 9) ? 3 : 1;
    const int applies = off >= prolog || at <= off;
    if (applies) {
      switch (op) {
        case 0: /* UWOP_PUSH_NONVOL */
          c->gpr[info] = rd(c->gpr[4]);
          c->gpr[4] += 8;
          break;
        case 1: /* UWOP_ALLOC_LARGE */
          c->gpr[4] += info ? (s1 | (uint64_t)s2 << 16) : 8 * (uint64_t)s1;
          break;
        case 2: /* UWOP_ALLOC_SMALL */
          c->gpr[4] += 8 * (uint64_t)info + 8;
          break;
        case 3: /* UWOP_SET_FPREG */
          c->gpr[4] = c->gpr[freg] - 16 * (uint64_t)foff;
          break;
        case 4: /* UWOP_SAVE_NONVOL */
          c->gpr[info] = rd(base + 8 * (uint64_t)s1);
          break;
        case 5: /* UWOP_SAVE_NONVOL_FAR */
          c->gpr[info] = rd(base + (s1 | (uint64_t)s2 << 16));
          break;
        case 8: /* UWOP_SAVE_XMM128 */
          c->xmm[info][0] = rd(base + 16 * (uint64_t)s1);
          c->xmm[info][1] = rd(base + 16 * (uint64_t)s1 + 8);
          break;
        case 9: /* UWOP_SAVE_XMM128_FAR */
          c->xmm[info][0] = rd(base + (s1 | (uint64_t)s2 << 16));
          c->xmm[info][1] = rd(base + (s1 | (uint64_t)s2 << 16) + 8);
          break;
        default:
          return 0;
      }
    }
    i += slots;
  }
  c->rip = rd(c->gpr[4]);
  c->gpr[4] += 8;
  return 1;
}

int bx_win_step_trap(struct bx_frame *f);
int bx_win_step_trap(struct bx_frame *f) {
  if (!wstep_active) return 0;
  struct win_ctx c;
  /* The interrupted xmm registers first: nothing on this path (general-regs-only C)
   * has touched them. */
  __asm__ volatile(
      "movdqu %%xmm6, 0(%0)\n\tmovdqu %%xmm7, 16(%0)\n\tmovdqu %%xmm8, 32(%0)\n\t"
      "movdqu %%xmm9, 48(%0)\n\tmovdqu %%xmm10, 64(%0)\n\tmovdqu %%xmm11, 80(%0)\n\t"
      "movdqu %%xmm12, 96(%0)\n\tmovdqu %%xmm13, 112(%0)\n\tmovdqu %%xmm14, 128(%0)\n\t"
      "movdqu %%xmm15, 144(%0)"
      : : "r"(&c.xmm[6][0]) : "memory");
  const uint64_t fn = wstep_fn;
  if (f->rip == (uint64_t)bx_win_ret) {
    f->rflags &= ~(uint64_t)0x100;
    wstep_active = 0;
    return 1;
  }
  if (f->rip < fn || f->rip >= fn + wstep_size) {
    wstep_outside++;
    return 1;
  }
  const uint32_t off = (uint32_t)(f->rip - fn);
  const uint64_t g[16] = {f->rax, f->rcx, f->rdx, f->rbx, f->rsp, f->rbp, f->rsi, f->rdi,
                          f->r8,  f->r9,  f->r10, f->r11, f->r12, f->r13, f->r14, f->r15};
  for (int i = 0; i < 16; i++) c.gpr[i] = g[i];
  c.rip = f->rip;
  wstep_count++;
  int bad = !unwind(&c, off);
  const struct bx_regs_win *r = wstep_regs;
  static const int saved[8] = {3, 5, 7, 6, 12, 13, 14, 15}; /* rbx rbp rdi rsi r12..r15 */
  if (c.rip != (uint64_t)bx_win_ret || c.gpr[4] != r->rsp_call) bad = 1;
  for (int i = 0; i < 8; i++)
    if (c.gpr[saved[i]] != r->in[i]) bad = 1;
  for (int i = 0; i < 10; i++)
    if (c.xmm[6 + i][0] != r->xin[2 * i] || c.xmm[6 + i][1] != r->xin[2 * i + 1]) bad = 1;
  if (bad) {
    if (!wstep_bad) wstep_first_bad_off = off;
    wstep_bad++;
  }
  return 1;
}

/* chacha_win.c: step the function at fn (size bytes, UNWIND_INFO unwind) called
 * with regs; bx_win_step_end reports the counts as the stage below does. */
void bx_win_step_begin(uint64_t fn, uint64_t size, const uint8_t *unwind, const struct bx_regs_win *r) {
  wstep_fn = fn;
  wstep_size = size;
  wstep_unwind = unwind;
  wstep_regs = r;
  wstep_count = wstep_bad = wstep_outside = wstep_epilog = 0;
  wstep_active = 1;
}
void bx_win_step_end(uint64_t out[5]) {
  out[0] = wstep_active;
  wstep_active = 0;
  out[1] = wstep_count;
  out[2] = wstep_bad;
  out[3] = wstep_outside;
  out[4] = wstep_epilog;
  if (wstep_bad) {
    bx_puts("NOTE first offset where the .xdata unwind failed: ");
    bx_hex(wstep_first_bad_off);
    bx_putc('\n');
  }
}

int bx_stage2_wide_win(void) {
  uint64_t sets[2][7] = {{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x8000000000000001,
                          0x5005, 0x6000000000000006, 0x7777777777777777}};
  for (int i = 0; i < 7; i++) sets[1][i] = next();
  for (int step = 0; step < 2; step++)
  for (int set = 0; set < 2; set++)
    for (uint64_t f = 0; f < 4; f++)
      for (uint64_t skew = 0; skew < 64; skew += 16) {
        if (step && set) continue;
        const uint64_t flags = set ? (f | 0x7774) : f;
        const uint64_t *a = sets[set];
        uint64_t arg[8] = {a[0], a[1], a[2], a[3], a[4], a[5], a[6], flags};
        struct bx_regs_win r;
        for (int i = 0; i < 8; i++) r.in[i] = next(), r.out[i] = 0;
        for (int i = 0; i < 20; i++) r.xin[i] = next(), r.xout[i] = 0;
        if (step)
          bx_win_step_begin((uint64_t)&win64_ctasm_abi_test_wide, BX_WIN_FN_SIZE, bx_win_unwind, &r);
        uint64_t got = bx_call_wide_win(arg, skew, &r, (uint64_t)step);
        if (step) {
          bx_check(bx_wide_name("win64_trap_reached_return", flags, skew, set, step), wstep_active, 0);
          wstep_active = 0;
          bx_puts("STEP win64 flags=");
          bx_dec(flags);
          bx_puts(" skew=");
          bx_dec(skew);
          bx_puts(" instructions=");
          bx_dec(wstep_count);
          bx_puts(" in_epilog=");
          bx_dec(wstep_epilog);
          bx_putc('\n');
          bx_check(bx_wide_name("win64_unwind_holds", flags, skew, set, step), wstep_bad, 0);
          if (wstep_bad) {
            bx_puts("NOTE first offset where the .xdata unwind failed: ");
            bx_hex(wstep_first_bad_off);
            bx_putc('\n');
          }
          bx_check(bx_wide_name("win64_stayed_in_function", flags, skew, set, step), wstep_outside, 0);
          bx_check(bx_wide_name("win64_epilog_stepped", flags, skew, set, step), wstep_epilog >= 5, 1);
        }
        bx_check(bx_wide_name("win64_result", flags, skew, set, step), got, bx_wide_model(a, flags));
        uint64_t d = 0;
        for (int i = 0; i < 8; i++) d |= r.in[i] ^ r.out[i];
        bx_check(bx_wide_name("win64_callee_saved_gpr", flags, skew, set, step), d, 0);
        d = 0;
        for (int i = 0; i < 20; i++) d |= r.xin[i] ^ r.xout[i];
        bx_check(bx_wide_name("win64_xmm6_15", flags, skew, set, step), d, 0);
        bx_check(bx_wide_name("win64_rsp", flags, skew, set, step), r.rsp_after, r.rsp_call);
        bx_check(bx_wide_name("win64_df_clear", flags, skew, set, step), r.rflags & 0x400, 0);
      }
  return 0;
}
