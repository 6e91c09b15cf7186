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
#endif
