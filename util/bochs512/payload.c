/* SPDX-License-Identifier: Apache-2.0
 * util/bochs512 payload core: port 0xe9 output, the Bochs shutdown port, the
 * exception report, CPUID/XCR0 report and stage 1 (AVX-512 instructions on known
 * inputs, compared with scalar C). Built -ffreestanding -mgeneral-regs-only, so
 * the compiler never touches a vector register: every vector instruction is in the
 * inline assembly below or in the object under test. */
#include "payload.h"

int bx_failures;
static int bx_checks;

static inline void outb(uint16_t port, uint8_t v) {
  __asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}
void bx_putc(char c) { outb(0xe9, (uint8_t)c); }
void bx_puts(const char *s) {
  while (*s) bx_putc(*s++);
}
void bx_hex(uint64_t v) {
  bx_puts("0x");
  for (int i = 60; i >= 0; i -= 4) bx_putc("0123456789abcdef"[(v >> i) & 15]);
}
void bx_dec(uint64_t v) {
  char b[24];
  int n = 0;
  do {
    b[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (n) bx_putc(b[--n]);
}

/* Bochs's shutdown port: the string "Shutdown" written to 0x8900 ends the run.
 * The status travels in the BX-END line run.py parses. */
void bx_exit(int status) {
  bx_puts("BX-END status=");
  bx_dec((uint64_t)status);
  bx_putc('\n');
  for (const char *s = "Shutdown"; *s; s++) outb(0x8900, (uint8_t)*s);
  for (;;) __asm__ volatile("cli; hlt");
}

void bx_check(const char *name, uint64_t got, uint64_t want) {
  bx_checks++;
  if (got == want) {
    bx_puts("PASS ");
    bx_puts(name);
    bx_putc('\n');
  } else {
    bx_failures++;
    bx_puts("FAIL ");
    bx_puts(name);
    bx_puts(" got=");
    bx_hex(got);
    bx_puts(" want=");
    bx_hex(want);
    bx_putc('\n');
  }
}

/* The #DB single-step hook (wide.c); any other exception ends the run. */
int bx_step_trap(struct bx_frame *f);

void bx_exc_handler(struct bx_frame *f) {
  if (f->vector == 1 && bx_step_trap(f)) return;
  bx_puts("BX-EXCEPTION vector=");
  bx_dec(f->vector);
  bx_puts(" error=");
  bx_hex(f->error);
  bx_puts(" rip=");
  bx_hex(f->rip);
  bx_puts(" rsp=");
  bx_hex(f->rsp);
  bx_putc('\n');
  bx_exit(3);
}

static void cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4]) {
  __asm__ volatile("cpuid" : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3]) : "a"(leaf), "c"(sub));
}

static int bit(uint32_t v, int b) { return (v >> b) & 1; }

static uint64_t g_cpuid7_ebx, g_cpuid7_ecx;

static void report_cpu(void) {
  uint32_t r1[4], r7[4];
  cpuid(1, 0, r1);
  cpuid(7, 0, r7);
  g_cpuid7_ebx = r7[1];
  g_cpuid7_ecx = r7[2];
  struct {
    const char *name;
    uint32_t reg;
    int b;
  } f[] = {
      {"osxsave", r1[2], 27},       {"avx", r1[2], 28},           {"avx2", r7[1], 5},
      {"avx512f", r7[1], 16},       {"avx512dq", r7[1], 17},      {"avx512ifma", r7[1], 21},
      {"avx512cd", r7[1], 28},      {"avx512bw", r7[1], 30},      {"avx512vl", r7[1], 31},
      {"avx512vbmi", r7[2], 1},     {"avx512vbmi2", r7[2], 6},    {"gfni", r7[2], 8},
      {"vaes", r7[2], 9},           {"vpclmulqdq", r7[2], 10},    {"avx512vnni", r7[2], 11},
      {"avx512bitalg", r7[2], 12},  {"avx512vpopcntdq", r7[2], 14},
  };
  bx_puts("CPUID:");
  for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++) {
    bx_putc(' ');
    bx_puts(f[i].name);
    bx_putc('=');
    bx_putc((char)('0' + bit(f[i].reg, f[i].b)));
  }
  bx_putc('\n');
  if (bit(r1[2], 27)) {
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    bx_puts("XCR0: ");
    bx_hex(((uint64_t)hi << 32) | lo);
    bx_putc('\n');
  }
}

/* ---- stage 1: AVX-512 instructions against scalar C ------------------------- */

static uint64_t rng_state = 0x243f6a8885a308d3ull;
static uint64_t rnd(void) { /* splitmix64 */
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static uint64_t rotl(uint64_t x, int n) { return (x << n) | (x >> (64 - n)); }

static void check_lanes(const char *name, const uint64_t *got, const uint64_t *want, int n) {
  uint64_t bad = 0, first = 0, firstwant = 0;
  for (int i = 0; i < n; i++) {
    if (got[i] != want[i] && !bad) {
      first = got[i];
      firstwant = want[i];
    }
    bad |= got[i] ^ want[i];
  }
  if (bad)
    bx_check(name, first, firstwant);
  else
    bx_check(name, 0, 0);
}

/* vpternlogq: bit j of the result is imm[(dst_j << 2) | (src2_j << 1) | src3_j]. */
static uint64_t ternlog_ref(uint8_t imm, uint64_t a, uint64_t b, uint64_t c) {
  uint64_t r = 0;
  for (int j = 0; j < 64; j++) {
    unsigned idx = (unsigned)((((a >> j) & 1) << 2) | (((b >> j) & 1) << 1) | ((c >> j) & 1));
    r |= (uint64_t)((imm >> idx) & 1) << j;
  }
  return r;
}

static int stage1(void) {
  uint64_t a[8], b[8], c[8], got[8], want[8];
  for (int i = 0; i < 8; i++) {
    a[i] = rnd();
    b[i] = rnd();
    c[i] = rnd();
  }

  /* vpternlogq, two truth tables (0x96 = a^b^c, 0xca = a ? b : c). */
  __asm__ volatile(
      "vmovdqu64 (%1), %%zmm0\n\tvmovdqu64 (%2), %%zmm1\n\tvmovdqu64 (%3), %%zmm2\n\t"
      "vpternlogq $0x96, %%zmm2, %%zmm1, %%zmm0\n\tvmovdqu64 %%zmm0, (%0)"
      : : "r"(got), "r"(a), "r"(b), "r"(c) : "memory");
  for (int i = 0; i < 8; i++) want[i] = ternlog_ref(0x96, a[i], b[i], c[i]);
  check_lanes("vpternlogq_0x96", got, want, 8);
  __asm__ volatile(
      "vmovdqu64 (%1), %%zmm0\n\tvmovdqu64 (%2), %%zmm1\n\tvmovdqu64 (%3), %%zmm2\n\t"
      "vpternlogq $0xca, %%zmm2, %%zmm1, %%zmm0\n\tvmovdqu64 %%zmm0, (%0)"
      : : "r"(got), "r"(a), "r"(b), "r"(c) : "memory");
  for (int i = 0; i < 8; i++) {
    want[i] = ternlog_ref(0xca, a[i], b[i], c[i]);
    if (want[i] != ((a[i] & b[i]) | (~a[i] & c[i]))) bx_check("ternlog_ref_selfcheck", 1, 0);
  }
  check_lanes("vpternlogq_0xca", got, want, 8);

  /* vprolq by an immediate, in zmm24 (an EVEX-only register). */
  __asm__ volatile("vmovdqu64 (%1), %%zmm24\n\tvprolq $13, %%zmm24, %%zmm25\n\tvmovdqu64 %%zmm25, (%0)"
                   : : "r"(got), "r"(a) : "memory");
  for (int i = 0; i < 8; i++) want[i] = rotl(a[i], 13);
  check_lanes("vprolq_13", got, want, 8);

  /* vpaddq with zeroing masking {k1}{z}, mask 0xa5, then merge masking {k2}. */
  __asm__ volatile(
      "movl $0xa5, %%eax\n\tkmovw %%eax, %%k1\n\t"
      "vmovdqu64 (%1), %%zmm3\n\tvmovdqu64 (%2), %%zmm4\n\t"
      "vpaddq %%zmm4, %%zmm3, %%zmm5%{%%k1%}%{z%}\n\tvmovdqu64 %%zmm5, (%0)"
      : : "r"(got), "r"(a), "r"(b) : "rax", "memory");
  for (int i = 0; i < 8; i++) want[i] = ((0xa5 >> i) & 1) ? a[i] + b[i] : 0;
  check_lanes("vpaddq_k1z", got, want, 8);
  __asm__ volatile(
      "movl $0x3c, %%eax\n\tkmovw %%eax, %%k2\n\t"
      "vmovdqu64 (%1), %%zmm3\n\tvmovdqu64 (%2), %%zmm4\n\tvmovdqu64 (%3), %%zmm5\n\t"
      "vpaddq %%zmm4, %%zmm3, %%zmm5%{%%k2%}\n\tvmovdqu64 %%zmm5, (%0)"
      : : "r"(got), "r"(a), "r"(b), "r"(c) : "rax", "memory");
  for (int i = 0; i < 8; i++) want[i] = ((0x3c >> i) & 1) ? a[i] + b[i] : c[i];
  check_lanes("vpaddq_k2_merge", got, want, 8);

  /* Embedded broadcast: vpxorq and vpaddq with a {1to8} memory operand. */
  uint64_t k = 0x9e3779b97f4a7c15ull;
  __asm__ volatile(
      "vmovdqu64 (%1), %%zmm6\n\tvpaddq (%2)%{1to8%}, %%zmm6, %%zmm7\n\t"
      "vpxorq (%2)%{1to8%}, %%zmm7, %%zmm7\n\tvmovdqu64 %%zmm7, (%0)"
      : : "r"(got), "r"(a), "r"(&k) : "memory");
  for (int i = 0; i < 8; i++) want[i] = (a[i] + k) ^ k;
  check_lanes("vpaddq_vpxorq_bcst_1to8", got, want, 8);

  /* AVX-512BW: byte adds under a 64-bit mask (kmovq), zeroing. */
  uint64_t m = rnd();
  __asm__ volatile(
      "kmovq (%3), %%k3\n\tvmovdqu8 (%1), %%zmm8\n\tvmovdqu8 (%2), %%zmm9\n\t"
      "vpaddb %%zmm9, %%zmm8, %%zmm10%{%%k3%}%{z%}\n\tvmovdqu8 %%zmm10, (%0)"
      : : "r"(got), "r"(a), "r"(b), "r"(&m) : "memory");
  for (int i = 0; i < 8; i++) {
    uint64_t r = 0;
    for (int j = 0; j < 8; j++) {
      uint64_t s = (((a[i] >> (8 * j)) & 0xff) + ((b[i] >> (8 * j)) & 0xff)) & 0xff;
      if ((m >> (8 * i + j)) & 1) r |= s << (8 * j);
    }
    want[i] = r;
  }
  check_lanes("vpaddb_k3z_bw", got, want, 8);

  /* AVX-512VL: vprolq on ymm17 (upper half of the zmm must be zeroed). */
  __asm__ volatile(
      "vmovdqu64 (%1), %%zmm17\n\tvprolq $41, %%ymm17, %%ymm17\n\tvmovdqu64 %%zmm17, (%0)"
      : : "r"(got), "r"(a) : "memory");
  for (int i = 0; i < 8; i++) want[i] = i < 4 ? rotl(a[i], 41) : 0;
  check_lanes("vprolq_ymm17_vl", got, want, 8);

  /* AVX-512IFMA: vpmadd52luq / vpmadd52huq: dst + low / high 52 bits of the
   * 104-bit product of the low 52 bits of each source. */
  if (bit((uint32_t)g_cpuid7_ebx, 21)) {
    uint64_t lo[8], hi[8];
    __asm__ volatile(
        "vmovdqu64 (%2), %%zmm11\n\tvmovdqu64 (%3), %%zmm12\n\tvmovdqu64 (%4), %%zmm13\n\t"
        "vmovdqa64 %%zmm13, %%zmm14\n\t"
        "vpmadd52luq %%zmm12, %%zmm11, %%zmm13\n\tvpmadd52huq %%zmm12, %%zmm11, %%zmm14\n\t"
        "vmovdqu64 %%zmm13, (%0)\n\tvmovdqu64 %%zmm14, (%1)"
        : : "r"(lo), "r"(hi), "r"(a), "r"(b), "r"(c) : "memory");
    uint64_t wl[8], wh[8];
    const uint64_t m52 = (1ull << 52) - 1;
    for (int i = 0; i < 8; i++) {
      unsigned __int128 p = (unsigned __int128)(a[i] & m52) * (b[i] & m52);
      wl[i] = c[i] + (uint64_t)(p & m52);
      wh[i] = c[i] + (uint64_t)(p >> 52);
    }
    check_lanes("vpmadd52luq", lo, wl, 8);
    check_lanes("vpmadd52huq", hi, wh, 8);
  } else {
    bx_puts("SKIP vpmadd52 (no avx512ifma in CPUID)\n");
  }

  /* VPCLMULQDQ on zmm: four 64x64 carry-less products (imm 0x01: src1 low x src2 high). */
  if (bit((uint32_t)g_cpuid7_ecx, 10)) {
    __asm__ volatile(
        "vmovdqu64 (%1), %%zmm18\n\tvmovdqu64 (%2), %%zmm19\n\t"
        "vpclmulqdq $0x10, %%zmm19, %%zmm18, %%zmm20\n\tvmovdqu64 %%zmm20, (%0)"
        : : "r"(got), "r"(a), "r"(b) : "memory");
    for (int l = 0; l < 4; l++) {
      /* imm bit 0 picks src1's qword, bit 4 src2's: 0x10 = src1 low, src2 high. */
      uint64_t x = a[2 * l], y = b[2 * l + 1], rl = 0, rh = 0;
      for (int j = 0; j < 64; j++) {
        if ((y >> j) & 1) {
          rl ^= x << j;
          if (j) rh ^= x >> (64 - j);
        }
      }
      want[2 * l] = rl;
      want[2 * l + 1] = rh;
    }
    check_lanes("vpclmulqdq_zmm", got, want, 8);
  } else {
    bx_puts("SKIP vpclmulqdq (not in CPUID)\n");
  }
  return 0;
}

int bx_main(void) {
  bx_puts("BX-START bochs512 payload\n");
  report_cpu();
  if (!bit((uint32_t)g_cpuid7_ebx, 16) || !bit((uint32_t)g_cpuid7_ebx, 30) ||
      !bit((uint32_t)g_cpuid7_ebx, 31)) {
    bx_puts("FAIL cpu_has_avx512_f_bw_vl\n");
    return 2;
  }
  stage1();
  bx_stage2_wide();
  bx_stage2_wide_win();
  bx_stage4_chacha();
  if (bit((uint32_t)g_cpuid7_ebx, 21))
    bx_stage5_poly_ifma();
  else
    bx_puts("SKIP poly1305_ifma (no avx512ifma in CPUID)\n");
  bx_stage6_chacha_aead();
  bx_stage6_chacha_win();
  bx_stage7_chacha_sysv_step();
  bx_puts("SUMMARY checks=");
  bx_dec((uint64_t)bx_checks);
  bx_puts(" failures=");
  bx_dec((uint64_t)bx_failures);
  bx_putc('\n');
  return bx_failures ? 1 : 0;
}
