/* SPDX-License-Identifier: Apache-2.0
 * Stage 2, Win64: the NASM (x86_64-win) build of ctasm_abi_test_wide, whose
 * AVX-512 body writes zmm6 and zmm15 (and ymm6/ymm7 in the AVX2 part) while
 * xmm6-xmm15 are callee-saved on Win64; wine cannot run that body here either.
 * Called through trampoline_win.S with canaries in rbx rbp rdi rsi r12-r15 and
 * xmm6-xmm15; the result is compared with the same header-comment model. */
#include "payload.h"

struct bx_regs_win {
  uint64_t in[8], out[8]; /* rbx rbp rdi rsi r12 r13 r14 r15 */
  uint64_t xin[20], xout[20]; /* xmm6..xmm15, two words each */
  uint64_t rsp_call, rsp_after, rflags, rax;
};
_Static_assert(__builtin_offsetof(struct bx_regs_win, rsp_call) == 448, "layout of trampoline_win.S");
uint64_t bx_call_wide_win(const uint64_t arg[8], uint64_t skew, struct bx_regs_win *regs);
uint64_t bx_wide_model(const uint64_t a[7], uint64_t flags);
const char *bx_wide_name(const char *what, uint64_t flags, uint64_t skew, int set, int step);

static uint64_t x = 0x6a09e667f3bcc908ull;
static uint64_t next(void) { /* xorshift64 */
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return x;
}

int bx_stage2_wide_win(void) {
  uint64_t sets[2][7] = {{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x8000000000000001,
                          0x5005, 0x6000000000000006, 0x7777777777777777}};
  for (int i = 0; i < 7; i++) sets[1][i] = next();
  for (int set = 0; set < 2; set++)
    for (uint64_t f = 0; f < 4; f++)
      for (uint64_t skew = 0; skew < 64; skew += 16) {
        const uint64_t flags = set ? (f | 0x7774) : f;
        const uint64_t *a = sets[set];
        uint64_t arg[8] = {a[0], a[1], a[2], a[3], a[4], a[5], a[6], flags};
        struct bx_regs_win r;
        for (int i = 0; i < 8; i++) r.in[i] = next(), r.out[i] = 0;
        for (int i = 0; i < 20; i++) r.xin[i] = next(), r.xout[i] = 0;
        uint64_t got = bx_call_wide_win(arg, skew, &r);
        bx_check(bx_wide_name("win64_result", flags, skew, set, 0), got, bx_wide_model(a, flags));
        uint64_t d = 0;
        for (int i = 0; i < 8; i++) d |= r.in[i] ^ r.out[i];
        bx_check(bx_wide_name("win64_callee_saved_gpr", flags, skew, set, 0), d, 0);
        d = 0;
        for (int i = 0; i < 20; i++) d |= r.xin[i] ^ r.xout[i];
        bx_check(bx_wide_name("win64_xmm6_15", flags, skew, set, 0), d, 0);
        bx_check(bx_wide_name("win64_rsp", flags, skew, set, 0), r.rsp_after, r.rsp_call);
        bx_check(bx_wide_name("win64_df_clear", flags, skew, set, 0), r.rflags & 0x400, 0);
      }
  return 0;
}
