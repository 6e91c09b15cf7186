/* SPDX-License-Identifier: Apache-2.0 */
#ifndef BOCHS512_PAYLOAD_H
#define BOCHS512_PAYLOAD_H
#include <stdint.h>

/* What exc_common (boot.S) pushes, lowest address first. */
struct bx_frame {
  uint64_t r15, r14, r13, r12, r11, r10, r9, r8, rbp, rdi, rsi, rdx, rcx, rbx, rax;
  uint64_t vector, error;
  uint64_t rip, cs, rflags, rsp, ss; /* pushed by the CPU */
};

void bx_putc(char c);
void bx_puts(const char *s);
void bx_hex(uint64_t v);
void bx_dec(uint64_t v);
void bx_exit(int status) __attribute__((noreturn));
/* Records one check: prints "PASS name" or "FAIL name got=.. want=..". */
void bx_check(const char *name, uint64_t got, uint64_t want);
extern int bx_failures;

int bx_stage1_avx512(void);
int bx_stage2_wide(void);
int bx_stage4_chacha(void);
int bx_stage5_poly_ifma(void);
int bx_stage2_wide_win(void);
int bx_stage6_chacha_aead(void);
int bx_stage6_chacha_win(void);
int bx_stage7_chacha_sysv_step(void);

/* trampoline.S: a SysV call of the function at bx_sysv_target with canaries */
struct bx_regs {
  uint64_t in[6];  /* rbx rbp r12 r13 r14 r15 */
  uint64_t out[6];
  uint64_t rsp_call, rsp_after, rflags, rax;
};
uint64_t bx_call_wide(const uint64_t arg[8], uint64_t skew, struct bx_regs *regs, uint64_t step);
extern const void *bx_sysv_target;

/* trampoline_win.S: a Win64 call of the function at bx_win_target with canaries */
struct bx_regs_win {
  uint64_t in[8], out[8]; /* rbx rbp rdi rsi r12 r13 r14 r15 */
  uint64_t xin[20], xout[20]; /* xmm6..xmm15, two words each */
  uint64_t rsp_call, rsp_after, rflags, rax;
};
_Static_assert(__builtin_offsetof(struct bx_regs_win, rsp_call) == 448, "layout of trampoline_win.S");
uint64_t bx_call_wide_win(const uint64_t arg[8], uint64_t skew, struct bx_regs_win *regs,
                          uint64_t step);
extern const void *bx_win_target;
/* wide_win.c's single-step unwinder for another function; out: trap still armed,
 * steps inside the function, failed unwinds, steps outside it, steps in an epilog */
void bx_win_step_begin(uint64_t fn, uint64_t size, const uint8_t *unwind, const struct bx_regs_win *r);
void bx_win_step_end(uint64_t out[5]);
#endif
