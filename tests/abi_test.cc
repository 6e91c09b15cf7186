// SPDX-License-Identifier: Apache-2.0
// Every exported assembly function, called through the ABI trampoline
// (perlasm/test/abi-<isa>.pl, tests/abi/abi_harness.h) with random values in
// every callee-saved register: a register not preserved, the direction flag left
// set (x86) or a missing "bti c" (aarch64 Linux: the code pages are guarded with
// PROT_BTI during each call) fails the test and names the function.
//
// Coverage by construction: AbiCoverage reads the exported symbols of the running
// target from generated/sources.json and fails for any that no ABI_TEST called.
// A new assembly function therefore fails this file until it is added below.
#include "internal/asm_config.h"

#if defined(CTASM_X86_64_ASM) || defined(CTASM_AARCH64_ASM) || defined(CTASM_ARMV7_ASM)

#include "abi/abi_harness.h"

#include <gtest/gtest.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <string>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include "aes/internal.h"
#include "test_util.h"

// ---- the test-only assembly: translator conformance functions and fixtures ----------
#if defined(CTASM_PREFIX)
#define CTASM_ABI_T(n) CTASM_ABI_CAT(CTASM_PREFIX, n)
#define ctasm_abi_test_clobber_gpr CTASM_ABI_T(ctasm_abi_test_clobber_gpr)
#define ctasm_abi_test_set_df CTASM_ABI_T(ctasm_abi_test_set_df)
#define ctasm_abi_test_args6 CTASM_ABI_T(ctasm_abi_test_args6)
#define ctasm_abi_test_args8 CTASM_ABI_T(ctasm_abi_test_args8)
#define ctasm_abi_test_wide CTASM_ABI_T(ctasm_abi_test_wide)
#define ctasm_abi_test_clobber CTASM_ABI_T(ctasm_abi_test_clobber)
#define ctasm_abi_test_no_landing_pad CTASM_ABI_T(ctasm_abi_test_no_landing_pad)
#define ctasm_xlate_test_sum0 CTASM_ABI_T(ctasm_xlate_test_sum0)
#define ctasm_xlate_test_sum1 CTASM_ABI_T(ctasm_xlate_test_sum1)
#define ctasm_xlate_test_sum2 CTASM_ABI_T(ctasm_xlate_test_sum2)
#define ctasm_xlate_test_sum3 CTASM_ABI_T(ctasm_xlate_test_sum3)
#define ctasm_xlate_test_sum4 CTASM_ABI_T(ctasm_xlate_test_sum4)
#define ctasm_xlate_test_sum5 CTASM_ABI_T(ctasm_xlate_test_sum5)
#define ctasm_xlate_test_sum6 CTASM_ABI_T(ctasm_xlate_test_sum6)
#define ctasm_xlate_test_saves CTASM_ABI_T(ctasm_xlate_test_saves)
#define ctasm_xlate_test_align0 CTASM_ABI_T(ctasm_xlate_test_align0)
#define ctasm_xlate_test_align1 CTASM_ABI_T(ctasm_xlate_test_align1)
#define ctasm_xlate_test_align2 CTASM_ABI_T(ctasm_xlate_test_align2)
#define ctasm_xlate_test_align3 CTASM_ABI_T(ctasm_xlate_test_align3)
#define ctasm_xlate_test_align4 CTASM_ABI_T(ctasm_xlate_test_align4)
#define ctasm_xlate_test_xmm_mix CTASM_ABI_T(ctasm_xlate_test_xmm_mix)
#define ctasm_xlate_test_local_xmm CTASM_ABI_T(ctasm_xlate_test_local_xmm)
#define ctasm_xlate_test_call_local CTASM_ABI_T(ctasm_xlate_test_call_local)
#define ctasm_xlate_test_keep CTASM_ABI_T(ctasm_xlate_test_keep)
#define ctasm_xlate_test_two_rets CTASM_ABI_T(ctasm_xlate_test_two_rets)
#define ctasm_xlate_test_tables CTASM_ABI_T(ctasm_xlate_test_tables)
#define ctasm_xlate_test_ssse3 CTASM_ABI_T(ctasm_xlate_test_ssse3)
#define ctasm_xlate_test_loop CTASM_ABI_T(ctasm_xlate_test_loop)
#define ctasm_xlate_test_gpr CTASM_ABI_T(ctasm_xlate_test_gpr)
#define ctasm_xlate_test_add3 CTASM_ABI_T(ctasm_xlate_test_add3)
#define ctasm_xlate_test_frame CTASM_ABI_T(ctasm_xlate_test_frame)
#define ctasm_xlate_test_args5 CTASM_ABI_T(ctasm_xlate_test_args5)
#define ctasm_xlate_test_args6 CTASM_ABI_T(ctasm_xlate_test_args6)
#define ctasm_xlate_test_check_callee_saved CTASM_ABI_T(ctasm_xlate_test_check_callee_saved)
#define ctasm_xlate_test_clobber CTASM_ABI_T(ctasm_xlate_test_clobber)
#define ctasm_xlate_test_sum_bytes CTASM_ABI_T(ctasm_xlate_test_sum_bytes)
#define ctasm_xlate_test_neon CTASM_ABI_T(ctasm_xlate_test_neon)
#define ctasm_xlate_test_signed_lr CTASM_ABI_T(ctasm_xlate_test_signed_lr)
#define ctasm_xlate_test_pac_corrupt CTASM_ABI_T(ctasm_xlate_test_pac_corrupt)
#define ctasm_xlate_test_no_landing_pad CTASM_ABI_T(ctasm_xlate_test_no_landing_pad)
#define ctasm_xlate_test_aes_round CTASM_ABI_T(ctasm_xlate_test_aes_round)
#define ctasm_xlate_test_aes_inv_round CTASM_ABI_T(ctasm_xlate_test_aes_inv_round)
#define ctasm_xlate_test_pmull CTASM_ABI_T(ctasm_xlate_test_pmull)
#endif

extern "C" {
#if defined(CTASM_ABI_X86_64)
CTASM_ABI_WEAK uint64_t ctasm_abi_test_clobber_gpr(void);
CTASM_ABI_WEAK uint64_t ctasm_abi_test_set_df(void);
CTASM_ABI_WEAK uint64_t ctasm_abi_test_args6(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                                             uint64_t);
CTASM_ABI_WEAK uint64_t ctasm_abi_test_wide(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                                            uint64_t, uint64_t, uint64_t);
uint64_t ctasm_xlate_test_sum0(void);
uint64_t ctasm_xlate_test_sum1(uint64_t);
uint64_t ctasm_xlate_test_sum2(uint64_t, uint64_t);
uint64_t ctasm_xlate_test_sum3(uint64_t, uint64_t, uint64_t);
uint64_t ctasm_xlate_test_sum4(uint64_t, uint64_t, uint64_t, uint64_t);
uint64_t ctasm_xlate_test_sum5(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t);
uint64_t ctasm_xlate_test_sum6(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t);
uint64_t ctasm_xlate_test_saves(uint64_t x);
uint64_t ctasm_xlate_test_align0(void);
uint64_t ctasm_xlate_test_align1(void);
uint64_t ctasm_xlate_test_align2(void);
uint64_t ctasm_xlate_test_align3(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t);
uint64_t ctasm_xlate_test_align4(uint64_t);
uint64_t ctasm_xlate_test_xmm_mix(void);
uint64_t ctasm_xlate_test_local_xmm(void);
uint64_t ctasm_xlate_test_call_local(uint64_t x);
uint32_t ctasm_xlate_test_keep(uint64_t (*fn)(void));
uint64_t ctasm_xlate_test_two_rets(uint64_t x);
uint64_t ctasm_xlate_test_tables(uint8_t out[16]);
void ctasm_xlate_test_ssse3(const uint8_t in[16], uint8_t out[16]);
uint64_t ctasm_xlate_test_loop(const uint8_t *p, size_t n);
uint64_t ctasm_xlate_test_gpr(uint64_t a, uint64_t b);
#elif defined(CTASM_ABI_AARCH64)
CTASM_ABI_WEAK uint64_t ctasm_abi_test_clobber(void);
CTASM_ABI_WEAK uintptr_t ctasm_abi_test_no_landing_pad(void);
CTASM_ABI_WEAK uint64_t ctasm_abi_test_args8(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                                             uint64_t, uint64_t, uint64_t);
uint64_t ctasm_xlate_test_add3(uint64_t a, uint64_t b, uint64_t c);
uint64_t ctasm_xlate_test_frame(uint64_t x);
uint64_t ctasm_xlate_test_check_callee_saved(uint64_t (*fn)(uint64_t), uint64_t arg,
                                             uint64_t *resp);
uint64_t ctasm_xlate_test_sum_bytes(const uint8_t *p, size_t n);
void ctasm_xlate_test_neon(uint8_t out[16], const uint8_t in[16]);
uint64_t ctasm_xlate_test_signed_lr(void);
uint64_t ctasm_xlate_test_clobber(uint64_t x);
void ctasm_xlate_test_pac_corrupt(void);
uintptr_t ctasm_xlate_test_no_landing_pad(void);
void ctasm_xlate_test_aes_round(uint8_t out[16], const uint8_t in[16], const uint8_t key[16]);
void ctasm_xlate_test_aes_inv_round(uint8_t out[16], const uint8_t in[16]);
void ctasm_xlate_test_pmull(uint64_t out[4], const uint64_t a[2], const uint64_t b[2]);
#elif defined(CTASM_ABI_ARMV7)
CTASM_ABI_WEAK uint32_t ctasm_abi_test_clobber(void);
CTASM_ABI_WEAK uint32_t ctasm_abi_test_args8(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t,
                                             uint32_t, uint32_t, uint32_t);
uint32_t ctasm_xlate_test_add3(uint32_t a, uint32_t b, uint32_t c);
uint32_t ctasm_xlate_test_frame(uint32_t x);
uint32_t ctasm_xlate_test_args5(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e);
uint32_t ctasm_xlate_test_args6(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e,
                                uint32_t f);
uint32_t ctasm_xlate_test_check_callee_saved(uint32_t (*fn)(uint32_t), uint32_t arg,
                                             uint32_t *resp);
uint32_t ctasm_xlate_test_clobber(uint32_t x);
uint32_t ctasm_xlate_test_sum_bytes(const uint8_t *p, size_t n);
void ctasm_xlate_test_neon(uint8_t out[16], const uint8_t in[16]);
void ctasm_xlate_test_aes_round(uint8_t out[16], const uint8_t in[16], const uint8_t key[16]);
void ctasm_xlate_test_aes_inv_round(uint8_t out[16], const uint8_t in[16]);
void ctasm_xlate_test_pmull(uint64_t out[4], const uint64_t a[2], const uint64_t b[2]);
#endif
}

namespace {

using ctasm_abi::Outcome;

// ---- exercisers: each ABI_TEST body is also run by the coverage test -----------------
struct Exerciser {
  const char *name;
  void (*body)();
};
std::vector<Exerciser> &Exercisers() {
  static std::vector<Exerciser> list;
  return list;
}
struct AddExerciser {
  AddExerciser(const char *name, void (*body)()) { Exercisers().push_back({name, body}); }
};
#define ABI_TEST(name)                                               \
  void AbiBody_##name();                                             \
  AddExerciser abi_exerciser_##name(#name, AbiBody_##name);          \
  TEST(Abi, name) {                                                  \
    if (!ctasm_abi::TrampolineLinked()) GTEST_FAIL() << ctasm_abi::kNoTrampoline; \
    AbiBody_##name();                                                \
  }                                                                  \
  void AbiBody_##name()

// Functions the CPU cannot run here count as covered, with a note (never on the CI
// machines, which have SSSE3/SSE4.1 and NEON).
// A function this CPU (or CTASM_CPU) cannot run fails the test loudly: CI must
// check every exported function. Marked exercised so the coverage test names
// only the functions nobody tried.
void NotRunnable(const char *fn, const char *why) {
  ctasm_abi::Exercised().insert(fn);
  ADD_FAILURE() << fn << " not called through the trampoline: " << why;
}

// The register names a negative fixture broke ("rbx (was .., now ..)" -> "rbx").
std::vector<std::string> Names(const Outcome &o) {
  std::vector<std::string> v;
  for (const std::string &s : o.clobbered) v.push_back(s.substr(0, s.find(' ')));
  return v;
}

#if defined(__linux__)
// Runs body in a child; returns its wait status (a fault must not end the test run).
template <typename F>
int InChild(F body) {
  fflush(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    signal(SIGILL, SIG_DFL);
    signal(SIGSEGV, SIG_DFL);
    signal(SIGBUS, SIG_DFL);
    signal(SIGTRAP, SIG_DFL);
    _exit(body());
  }
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  return status;
}
#endif

// ---- the harness itself: negative fixtures and argument marshalling ------------------
#if defined(CTASM_ABI_X86_64)
ABI_TEST(HarnessCatchesClobberedRegisters) {
  Outcome o = PROBE_ABI(ctasm_abi_test_clobber_gpr);
  EXPECT_EQ(o.ret, 1u);
  EXPECT_EQ(Names(o), (std::vector<std::string>{"rbx", "r13"}));
  EXPECT_FALSE(o.direction_flag);
}

#if defined(_WIN32) && defined(__GNUC__)
// Win64-only registers: the translator always saves them, so this fixture is C++-side
// assembly (not exported, not in sources.json).
extern "C" uint64_t ctasm_abi_win64_clobber(void);
__asm__(
    ".text\n"
    ".p2align 4\n"
    "ctasm_abi_win64_clobber:\n"
    "  movq $7, %rdi\n"
    "  pxor %xmm6, %xmm6\n"
    "  pcmpeqd %xmm15, %xmm15\n"
    "  movl $4, %eax\n"
    "  ret\n");

ABI_TEST(HarnessCatchesWin64Registers) {
  Outcome o = ctasm_abi::Run(reinterpret_cast<const void *>(&ctasm_abi_win64_clobber), nullptr, 0);
  EXPECT_EQ(o.ret, 4u);
  EXPECT_EQ(Names(o), (std::vector<std::string>{"rdi", "xmm6", "xmm15"}));
}
#endif

ABI_TEST(HarnessCatchesDirectionFlag) {
  Outcome o = PROBE_ABI(ctasm_abi_test_set_df);
  EXPECT_EQ(o.ret, 2u);
  EXPECT_TRUE(o.direction_flag);
  EXPECT_TRUE(o.clobbered.empty());
}

ABI_TEST(HarnessPassesArguments) {
  const uint64_t a[6] = {0x1000000000000001, 0x20002, 0x300, 0x44, 0x5000000005, 0x600006};
  uint64_t want = 0;
  for (int i = 0; i < 6; i++) want += (uint64_t)(i + 1) * a[i];
  EXPECT_EQ(CHECK_ABI(ctasm_abi_test_args6, a[0], a[1], a[2], a[3], a[4], a[5]), want);
}

// perlasm/test/abi-x86_64.pl ctasm_abi_test_wide: eight arguments (two on the stack on
// SysV, four on Win64), a 64-byte-aligned frame, AVX2 and AVX-512 parts selected by
// the flags argument. The reference below is the C++ reading of its header comment.
uint64_t WideReference(const uint64_t a[7], uint64_t flags) {
  uint64_t w[8] = {a[0], a[1], a[2], a[3], a[4], a[5], a[6], flags};
  uint64_t r = 0;
  for (int i = 0; i < 7; i++) r += (uint64_t)(i + 1) * a[i];
  if (flags & 1) {
    for (int i = 0; i < 4; i++) r += w[i] ^ w[i + 4];
  }
  if (flags & 2) {
    for (int i = 0; i < 8; i++) {
      uint64_t p = ((w[i] << 13) | (w[i] >> 51)) ^ w[i] ^ 0x9e3779b97f4a7c15ull;
      if (i % 2 == 0) p += w[i];
      r += p;
    }
  }
  return r;
}

// The CPU features the wide function's vector parts need (the OS must enable the
// state too; __builtin_cpu_supports checks XCR0).
uint64_t WideFlags() {
  uint64_t f = 0;
  if (__builtin_cpu_supports("avx2")) f |= 1;
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl")) {
    f |= 2;
  }
  return f;
}

ABI_TEST(WideFrameAvx512) {
  const uint64_t a[7] = {0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x8000000000000001,
                         0x5005, 0x6000000000000006, 0x7777777777777777};
  const uint64_t have = WideFlags();
  // Integer part alone first, then every vector part this CPU can run.
  for (uint64_t flags : {0ull, 1ull, 2ull, 3ull}) {
    if ((flags & have) != flags) continue;
    EXPECT_EQ(CHECK_ABI(ctasm_abi_test_wide, a[0], a[1], a[2], a[3], a[4], a[5], a[6], flags),
              WideReference(a, flags))
        << "flags " << flags;
  }
  if (!(have & 2)) {
    // Never silent: this run did not execute the AVX-512 body. Its encodings are
    // checked by tests/xlate/run_golden_x86_64.py (gas and nasm disassembly compared).
    printf("note: no AVX-512F/BW/VL here: ctasm_abi_test_wide's AVX-512 body was "
           "encoding-checked only (7+ arguments, aligned frame%s ran)\n",
           (have & 1) ? " and the AVX2 body" : "");
    ::testing::Test::RecordProperty("avx512_body", "encoding-checked only");
  } else {
    ::testing::Test::RecordProperty("avx512_body", "run");
  }
}
#else
ABI_TEST(HarnessCatchesClobberedRegisters) {
  Outcome o = PROBE_ABI(ctasm_abi_test_clobber);
  EXPECT_EQ(o.ret, 1u);
#if defined(CTASM_ABI_AARCH64)
  EXPECT_EQ(Names(o), (std::vector<std::string>{"x20", "x28", "d15"}));
#else
  EXPECT_EQ(Names(o), (std::vector<std::string>{"r5", "r11", "d12"}));
#endif
}

ABI_TEST(HarnessPassesArguments) {
  using W = decltype(ctasm_abi_test_args8(0, 0, 0, 0, 0, 0, 0, 0));  // uint64_t / uint32_t
  const W a[8] = {0x10000001, 0x20002, 0x300, 0x44, 0x5005, 0x600006, 0x7007, 0x88};
  W want = 0;
  for (int i = 0; i < 8; i++) want += (W)(i + 1) * a[i];
  EXPECT_EQ(CHECK_ABI(ctasm_abi_test_args8, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]), want);
}
#endif

#if defined(CTASM_ABI_AARCH64) && defined(__linux__)
// The guard is live: an indirect call to code without "bti c" on guarded pages faults,
// and the same call runs with the guard off.
ABI_TEST(BtiGuardCatchesMissingLandingPad) {
  uintptr_t target = CHECK_ABI(ctasm_abi_test_no_landing_pad);
  if (!ctasm_abi::BtiGuardActive()) {
    printf("note: no BTI (HWCAP2_BTI clear): the PROT_BTI guard is off\n");
    return;
  }
  int control = InChild([target] {
    ctasm_abi::BtiGuardEnabled() = false;
    return ctasm_abi::Run(reinterpret_cast<const void *>(target), nullptr, 0).ret == 3 ? 0 : 1;
  });
  ASSERT_TRUE(WIFEXITED(control)) << "signal " << WTERMSIG(control);
  EXPECT_EQ(WEXITSTATUS(control), 0);
  int st = InChild([target] {
    ctasm_abi::Run(reinterpret_cast<const void *>(target), nullptr, 0);
    return 42;
  });
  ASSERT_TRUE(WIFSIGNALED(st)) << "no fault: BTI not enforced on the guarded pages";
  EXPECT_EQ(WTERMSIG(st), SIGILL);
}
#endif

#if defined(__linux__) && (defined(CTASM_ABI_X86_64) || defined(CTASM_ABI_AARCH64))
// Returns to the trampoline with the stack pointer 8 (x86) / 16 (aarch64) bytes low.
// C++-side assembly: a generated object with it would trip the CFI checks.
extern "C" void ctasm_abi_bad_sp(void);
#if defined(CTASM_ABI_X86_64)
__asm__(
    ".text\n"
    ".p2align 4\n"
    "ctasm_abi_bad_sp:\n"
    "  endbr64\n"
    "  popq %rcx\n"
    "  subq $16, %rsp\n"
    "  jmpq *%rcx\n");
#else
__asm__(
    ".text\n"
    ".p2align 2\n"
    "ctasm_abi_bad_sp:\n"
    "  hint #34\n"
    "  sub sp, sp, #16\n"
    "  ret\n");
#endif

// The stack pointer check is live: the trampoline traps and the fault names the function.
ABI_TEST(HarnessCatchesStackPointer) {
  int st = InChild([] {
    const uintptr_t none[1] = {0};
    ctasm_abi::CheckedCall("ctasm_abi_bad_sp", reinterpret_cast<const void *>(&ctasm_abi_bad_sp),
                           none, 0);
    return 42;
  });
  ASSERT_TRUE(WIFSIGNALED(st)) << "a wrong stack pointer went unnoticed";
#if defined(CTASM_ABI_X86_64)
  EXPECT_EQ(WTERMSIG(st), SIGILL);
#else
  EXPECT_EQ(WTERMSIG(st), SIGTRAP);
#endif
}
#endif

// ---- translator conformance functions (perlasm/test/xlate-*.pl) ----------------------
#if defined(CTASM_ABI_X86_64)
ABI_TEST(XlateConformance) {
  const uint64_t a[6] = {0x1111, 0x2222000000000001, 0x3333, 0x44440000, 0x5555, 0x6666};
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum0), ctasm_xlate_test_sum0());
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum1, a[0]), ctasm_xlate_test_sum1(a[0]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum2, a[0], a[1]), ctasm_xlate_test_sum2(a[0], a[1]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum3, a[0], a[1], a[2]),
            ctasm_xlate_test_sum3(a[0], a[1], a[2]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum4, a[0], a[1], a[2], a[3]),
            ctasm_xlate_test_sum4(a[0], a[1], a[2], a[3]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum5, a[0], a[1], a[2], a[3], a[4]),
            ctasm_xlate_test_sum5(a[0], a[1], a[2], a[3], a[4]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum6, a[0], a[1], a[2], a[3], a[4], a[5]),
            ctasm_xlate_test_sum6(a[0], a[1], a[2], a[3], a[4], a[5]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_saves, 100), 615u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_align0), 0x100u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_align1), 0x100u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_align2), 0x100u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_align3, 1, 2, 3, 4, 5, 6), 0x100u + 5 + 2 * 6);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_align4, 9), 0x100u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_xmm_mix), ctasm_xlate_test_xmm_mix());
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_local_xmm), ctasm_xlate_test_local_xmm());
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_call_local, 12345), 12345u * 12345u + 7);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_keep, ctasm_xlate_test_sum0),
            ctasm_xlate_test_keep(ctasm_xlate_test_sum0));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_keep, ctasm_xlate_test_xmm_mix),
            ctasm_xlate_test_keep(ctasm_xlate_test_xmm_mix));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_two_rets, 10), 5u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_two_rets, 7), 22u);
  uint8_t t1[16], t2[16];
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_tables, t1), ctasm_xlate_test_tables(t2));
  EXPECT_EQ(memcmp(t1, t2, 16), 0);
  uint8_t buf[100];
  for (int i = 0; i < 100; i++) buf[i] = (uint8_t)(i * 7 + 3);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_loop, buf, 0), ctasm_xlate_test_loop(buf, 0));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_loop, buf, 100), ctasm_xlate_test_loop(buf, 100));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_gpr, 0xfedcba9876543210, 0x0123456789abcdef),
            ctasm_xlate_test_gpr(0xfedcba9876543210, 0x0123456789abcdef));
  if (__builtin_cpu_supports("sse4.1")) {
    uint8_t out1[16], out2[16];
    CHECK_ABI(ctasm_xlate_test_ssse3, buf + 1, out1);
    ctasm_xlate_test_ssse3(buf + 1, out2);
    EXPECT_EQ(memcmp(out1, out2, 16), 0);
  } else {
    NotRunnable("ctasm_xlate_test_ssse3", "no SSE4.1");
  }
}
#elif defined(CTASM_ABI_AARCH64)
ABI_TEST(XlateConformance) {
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_add3, 1, 2, 3), 6u);
  for (uint64_t x : {0ull, 1ull, 0x123456789ull}) {
    EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_frame, x), ctasm_xlate_test_frame(x)) << x;
  }
  uint64_t r = 0;
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_check_callee_saved, ctasm_xlate_test_frame, 5, &r), 0u);
  EXPECT_EQ(r, ctasm_xlate_test_frame(5));
  uint8_t buf[300];
  for (size_t i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 37 + 11);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum_bytes, buf, sizeof buf),
            ctasm_xlate_test_sum_bytes(buf, sizeof buf));
  uint8_t o1[16], o2[16];
  CHECK_ABI(ctasm_xlate_test_neon, o1, buf + 3);
  ctasm_xlate_test_neon(o2, buf + 3);
  EXPECT_EQ(memcmp(o1, o2, 16), 0);
  EXPECT_NE(CHECK_ABI(ctasm_xlate_test_signed_lr) & 0x0000ffffffffffffull, 0u);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_no_landing_pad), ctasm_xlate_test_no_landing_pad());
  // .ctasm_arch_ext aes: the crypto-extension functions (qemu -cpu max has them).
  {
    uint8_t k1[16], k2[16];
    const uint64_t pa[2] = {0x0123456789abcdefull, 0x87}, pb[2] = {0xfedcba9876543210ull, 3};
    uint64_t p1[4], p2[4];
    CHECK_ABI(ctasm_xlate_test_aes_round, k1, buf, buf + 16);
    ctasm_xlate_test_aes_round(k2, buf, buf + 16);
    EXPECT_EQ(memcmp(k1, k2, 16), 0);
    CHECK_ABI(ctasm_xlate_test_aes_inv_round, k1, buf + 32);
    ctasm_xlate_test_aes_inv_round(k2, buf + 32);
    EXPECT_EQ(memcmp(k1, k2, 16), 0);
    CHECK_ABI(ctasm_xlate_test_pmull, p1, pa, pb);
    ctasm_xlate_test_pmull(p2, pa, pb);
    EXPECT_EQ(memcmp(p1, p2, sizeof p1), 0);
  }
  // The translator's own negative fixture breaks x21 and d9.
  Outcome o = PROBE_ABI(ctasm_xlate_test_clobber, 3);
  EXPECT_EQ(Names(o), (std::vector<std::string>{"x21", "d9"}));
#if defined(__linux__)
  // PAC negative fixture: a corrupted signed return address must fault, here too.
  ctasm_abi::Exercised().insert("ctasm_xlate_test_pac_corrupt");
  int st = InChild([] {
    ctasm_abi::Run(reinterpret_cast<const void *>(&ctasm_xlate_test_pac_corrupt), nullptr, 0);
    return 42;
  });
  EXPECT_TRUE(WIFSIGNALED(st)) << "ctasm_xlate_test_pac_corrupt returned";
#endif
}
#elif defined(CTASM_ABI_ARMV7)
ABI_TEST(XlateConformance) {
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_add3, 1, 2, 3), 6u);
  for (uint32_t x : {0u, 1u, 0x12345678u}) {
    EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_frame, x), ctasm_xlate_test_frame(x)) << x;
  }
  const uint32_t a[6] = {0x11, 0x2200, 0x330000, 0x44000000, 0x55555, 0x66};
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_args5, a[0], a[1], a[2], a[3], a[4]),
            ctasm_xlate_test_args5(a[0], a[1], a[2], a[3], a[4]));
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_args6, a[0], a[1], a[2], a[3], a[4], a[5]),
            ctasm_xlate_test_args6(a[0], a[1], a[2], a[3], a[4], a[5]));
  uint32_t r = 0;
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_check_callee_saved, ctasm_xlate_test_frame, 5u, &r), 0u);
  EXPECT_EQ(r, ctasm_xlate_test_frame(5));
  uint8_t buf[300];
  for (size_t i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 37 + 11);
  EXPECT_EQ(CHECK_ABI(ctasm_xlate_test_sum_bytes, buf, sizeof buf),
            ctasm_xlate_test_sum_bytes(buf, sizeof buf));
  uint8_t o1[16], o2[16];
  CHECK_ABI(ctasm_xlate_test_neon, o1, buf + 3);
  ctasm_xlate_test_neon(o2, buf + 3);
  EXPECT_EQ(memcmp(o1, o2, 16), 0);
  // .ctasm_arch_ext aes: the crypto-extension functions (qemu -cpu max has them).
  {
    uint8_t k1[16], k2[16];
    const uint64_t pa[2] = {0x0123456789abcdefull, 0x87}, pb[2] = {0xfedcba9876543210ull, 3};
    uint64_t p1[4], p2[4];
    CHECK_ABI(ctasm_xlate_test_aes_round, k1, buf, buf + 16);
    ctasm_xlate_test_aes_round(k2, buf, buf + 16);
    EXPECT_EQ(memcmp(k1, k2, 16), 0);
    CHECK_ABI(ctasm_xlate_test_aes_inv_round, k1, buf + 32);
    ctasm_xlate_test_aes_inv_round(k2, buf + 32);
    EXPECT_EQ(memcmp(k1, k2, 16), 0);
    CHECK_ABI(ctasm_xlate_test_pmull, p1, pa, pb);
    ctasm_xlate_test_pmull(p2, pa, pb);
    EXPECT_EQ(memcmp(p1, p2, sizeof p1), 0);
  }
  // The translator's own negative fixture breaks r6 and d9.
  Outcome o = PROBE_ABI(ctasm_xlate_test_clobber, 3u);
  EXPECT_EQ(Names(o), (std::vector<std::string>{"r6", "d9"}));
}
#endif

// ---- unwind negative fixtures (perlasm/test/unwind-neg-x86_64.pl) ----------------------
// Their unwind data is wrong on purpose (tests/unwind_test.cc must catch it), but they
// are ABI-clean: every callee-saved register comes back intact.
}  // namespace
#if defined(CTASM_ABI_X86_64)
#if defined(CTASM_PREFIX)
#define ctasm_unwind_neg_cfa CTASM_ABI_T(ctasm_unwind_neg_cfa)
#define ctasm_unwind_neg_saved CTASM_ABI_T(ctasm_unwind_neg_saved)
#define ctasm_unwind_neg_epilogue CTASM_ABI_T(ctasm_unwind_neg_epilogue)
#define ctasm_unwind_neg_cfi_offset CTASM_ABI_T(ctasm_unwind_neg_cfi_offset)
#define ctasm_unwind_neg_cfi_cfa CTASM_ABI_T(ctasm_unwind_neg_cfi_cfa)
#endif
extern "C" {
uint64_t ctasm_unwind_neg_cfa(void);
uint64_t ctasm_unwind_neg_saved(void);
uint64_t ctasm_unwind_neg_epilogue(void);
uint64_t ctasm_unwind_neg_cfi_offset(void);
uint64_t ctasm_unwind_neg_cfi_cfa(void);
}
#endif
namespace {
#if defined(CTASM_ABI_X86_64)
ABI_TEST(UnwindNegativeFixtures) {
  EXPECT_EQ(CHECK_ABI(ctasm_unwind_neg_cfa), 1u);
  EXPECT_EQ(CHECK_ABI(ctasm_unwind_neg_saved), 2u);
  EXPECT_EQ(CHECK_ABI(ctasm_unwind_neg_epilogue), 3u);
  EXPECT_EQ(CHECK_ABI(ctasm_unwind_neg_cfi_offset), 4u);
  EXPECT_EQ(CHECK_ABI(ctasm_unwind_neg_cfi_cfa), 5u);
}
#endif

// ---- AES: every vpaes/bsaes entry point, results compared with a direct call -------
}  // namespace

#if defined(CTASM_X86_64_ASM)
// x86_64 bsaes (perlasm/aes/bsaes-x86_64.pl): the ARMv7 prototypes, except that
// ctasm_bsaes_ctr32_encrypt_blocks and ctasm_bsaes_cbc_decrypt take the whole key (vpaes
// form plus its bsaes form at byte 256; docs/INTERNALS.md). Weak: linked where built.
extern "C" {
CTASM_ABI_WEAK void ctasm_vpaes_encrypt_key_to_bsaes(void *bsaes_key, const void *vpaes_key);
CTASM_ABI_WEAK void ctasm_vpaes_decrypt_key_to_bsaes(void *bsaes_key, const void *vpaes_key);
CTASM_ABI_WEAK void ctasm_bsaes_ctr32_encrypt_blocks(const uint8_t *in, uint8_t *out, size_t blocks,
                                                     const void *bsaes_key, const uint8_t ivec[16]);
CTASM_ABI_WEAK void ctasm_bsaes_cbc_decrypt(const uint8_t *in, uint8_t *out, size_t len,
                                            const void *bsaes_key, uint8_t ivec[16]);
}
#endif

namespace {

template <typename F>
bool Linked(F *f) {
  F *volatile p = f;  // weak symbols: the compiler must not assume non-null
  return p != nullptr;
}

struct alignas(16) KeyBuf {
  uint8_t b[sizeof(ctasm_aes_key)];
};

ABI_TEST(Aes) {
  if (!ctasm::vpaes_capable()) {
    for (const char *f :
         {"ctasm_vpaes_set_encrypt_key", "ctasm_vpaes_set_decrypt_key", "ctasm_vpaes_encrypt",
          "ctasm_vpaes_decrypt", "ctasm_vpaes_ctr32_encrypt_blocks", "ctasm_vpaes_cbc_encrypt",
          "ctasm_vpaes_encrypt_key_to_bsaes", "ctasm_vpaes_decrypt_key_to_bsaes",
          "ctasm_bsaes_ctr32_encrypt_blocks", "ctasm_bsaes_cbc_decrypt"}) {
      NotRunnable(f, "no SSSE3/NEON");
    }
    return;
  }
  ctasm_test::TestRng rng(0xab1);
  uint8_t user[32], in[16 * 70 + 1], out1[16 * 70 + 1], out2[16 * 70 + 1];
  uint8_t iv1[16], iv2[16];
  rng.fill(user, sizeof user);
  rng.fill(in, sizeof in);
  rng.fill(iv1, sizeof iv1);
  for (unsigned bits : {128u, 192u, 256u}) {
    SCOPED_TRACE(bits);
    static KeyBuf ek, dk, ek2, dk2;
    memset(&ek, 0, sizeof ek);
    memset(&dk, 0, sizeof dk);
    memset(&ek2, 0, sizeof ek2);
    memset(&dk2, 0, sizeof dk2);
    EXPECT_EQ(CHECK_ABI(ctasm_vpaes_set_encrypt_key, user, bits, ek.b), 0);
    EXPECT_EQ(CHECK_ABI(ctasm_vpaes_set_decrypt_key, user, bits, dk.b), 0);
    ctasm_vpaes_set_encrypt_key(user, bits, ek2.b);
    ctasm_vpaes_set_decrypt_key(user, bits, dk2.b);
    EXPECT_EQ(memcmp(&ek, &ek2, sizeof ek), 0);
    EXPECT_EQ(memcmp(&dk, &dk2, sizeof dk), 0);

    CHECK_ABI(ctasm_vpaes_encrypt, in + 1, out1 + 1, ek.b);
    ctasm_vpaes_encrypt(in + 1, out2 + 1, ek.b);
    EXPECT_EQ(memcmp(out1 + 1, out2 + 1, 16), 0);
    CHECK_ABI(ctasm_vpaes_decrypt, in, out1, dk.b);
    ctasm_vpaes_decrypt(in, out2, dk.b);
    EXPECT_EQ(memcmp(out1, out2, 16), 0);

    for (size_t blocks : {0u, 1u, 3u, 9u}) {
      memset(out1, 0, sizeof out1);
      memset(out2, 0, sizeof out2);
      CHECK_ABI(ctasm_vpaes_ctr32_encrypt_blocks, in + 1, out1, blocks, ek.b, iv1);
      ctasm_vpaes_ctr32_encrypt_blocks(in + 1, out2, blocks, ek.b, iv1);
      EXPECT_EQ(memcmp(out1, out2, sizeof out1), 0) << blocks;
    }
#if defined(CTASM_X86_64_ASM) || defined(CTASM_AARCH64_ASM)
    for (int enc : {1, 0}) {
      memcpy(iv2, iv1, 16);
      uint8_t iv3[16];
      memcpy(iv3, iv1, 16);
      const void *k = enc ? ek.b : dk.b;
      CHECK_ABI(ctasm_vpaes_cbc_encrypt, in, out1, 16 * 5, k, iv2, enc);
      ctasm_vpaes_cbc_encrypt(in, out2, 16 * 5, k, iv3, enc);
      EXPECT_EQ(memcmp(out1, out2, 16 * 5), 0) << enc;
      EXPECT_EQ(memcmp(iv2, iv3, 16), 0) << enc;
    }
#endif
#if defined(CTASM_ARMV7_ASM) || defined(CTASM_X86_64_ASM)
    // Each only where linked: x86_64 has a subset (bsaes-x86_64.pl: CTR and CBC decryption).
    static KeyBuf bek, bdk, bek2, bdk2;
    memset(&bek, 0, sizeof bek);
    memset(&bdk, 0, sizeof bdk);
    memset(&bek2, 0, sizeof bek2);
    memset(&bdk2, 0, sizeof bdk2);
    const bool have_ek = Linked(&ctasm_vpaes_encrypt_key_to_bsaes);
    const bool have_dk = Linked(&ctasm_vpaes_decrypt_key_to_bsaes);
    if (have_ek) {
      CHECK_ABI(ctasm_vpaes_encrypt_key_to_bsaes, bek.b, ek.b);
      ctasm_vpaes_encrypt_key_to_bsaes(bek2.b, ek.b);
      EXPECT_EQ(memcmp(&bek, &bek2, sizeof bek), 0);
    }
    if (have_dk) {
      CHECK_ABI(ctasm_vpaes_decrypt_key_to_bsaes, bdk.b, dk.b);
      ctasm_vpaes_decrypt_key_to_bsaes(bdk2.b, dk.b);
      EXPECT_EQ(memcmp(&bdk, &bdk2, sizeof bdk), 0);
    }
#if defined(CTASM_X86_64_ASM)
    memcpy(ek.b + 256, bek.b, ctasm::kBsaesKeyBytes);
    const void *ctr_key = ek.b;
#else
    const void *ctr_key = bek.b;
#endif
    for (size_t blocks : {8u, 9u, 17u, 70u}) {  // 70 from a counter 8m: x86_64's round-1 cache
      if (!have_ek || !Linked(&ctasm_bsaes_ctr32_encrypt_blocks)) break;
      memset(out1, 0, sizeof out1);
      memset(out2, 0, sizeof out2);
      uint8_t civ[16];
      memcpy(civ, iv1, 16);
      if (blocks == 70) civ[15] &= 0xf8;
      CHECK_ABI(ctasm_bsaes_ctr32_encrypt_blocks, in + 1, out1, blocks, ctr_key, civ);
      ctasm_bsaes_ctr32_encrypt_blocks(in + 1, out2, blocks, ctr_key, civ);
      EXPECT_EQ(memcmp(out1, out2, sizeof out1), 0) << blocks;
    }
#if defined(CTASM_X86_64_ASM)
    // x86_64 CBC decryption takes the whole decryption key (vpaes form plus its
    // bsaes round keys at byte 256, both written by set_decrypt_key).
    static KeyBuf fdk;
    ASSERT_EQ(1, ctasm_aes_set_decrypt_key(reinterpret_cast<ctasm_aes_key *>(fdk.b), user, bits / 8));
    const void *cbc_key = fdk.b;
    const bool have_cbc_key = true;
#else
    const void *cbc_key = bdk.b;
    const bool have_cbc_key = have_dk;
#endif
    for (size_t blocks : {8u, 9u, 17u}) {
      if (!have_cbc_key || !Linked(&ctasm_bsaes_cbc_decrypt)) break;
      memcpy(iv2, iv1, 16);
      uint8_t iv3[16];
      memcpy(iv3, iv1, 16);
      CHECK_ABI(ctasm_bsaes_cbc_decrypt, in, out1 + 1, 16 * blocks, cbc_key, iv2);
      ctasm_bsaes_cbc_decrypt(in, out2 + 1, 16 * blocks, cbc_key, iv3);
      EXPECT_EQ(memcmp(out1 + 1, out2 + 1, 16 * blocks), 0) << blocks;
      EXPECT_EQ(memcmp(iv2, iv3, 16), 0) << blocks;
    }
#endif
  }
}

// ---- coverage by construction ---------------------------------------------------------
const char *RunningTarget() {
#if defined(CTASM_ABI_X86_64) && defined(_WIN32)
  return "x86_64-win";
#elif defined(CTASM_ABI_X86_64) && defined(__APPLE__)
  return "x86_64-apple";
#elif defined(CTASM_ABI_X86_64)
  return "x86_64-linux";
#elif defined(CTASM_ABI_AARCH64) && defined(_WIN32)
  return "aarch64-win";
#elif defined(CTASM_ABI_AARCH64) && defined(__APPLE__)
  return "aarch64-apple";
#elif defined(CTASM_ABI_AARCH64)
  return "aarch64-linux";
#elif defined(__APPLE__)
  return "armv7-ios";
#else
  return "armv7-linux";
#endif
}

std::string SourcesJsonPath() {
  if (const char *e = getenv("CTASM_SOURCES_JSON")) return e;
#if defined(CTASM_SOURCES_JSON)
  return CTASM_SOURCES_JSON;
#else
  // tests/vectors -> the source root.
  return ctasm_test::test_vectors_dir() + "/../../generated/sources.json";
#endif
}

// Exported functions that are not themselves checked: the trampoline.
bool IsHarness(const std::string &name) { return name == "ctasm_abi_call"; }

TEST(AbiCoverage, EveryExportedFunctionWentThroughTheTrampoline) {
  ASSERT_TRUE(ctasm_abi::TrampolineLinked()) << ctasm_abi::kNoTrampoline;
  // Run every exerciser here too, so the check holds whatever the test filter or order.
  for (const Exerciser &e : Exercisers()) {
    SCOPED_TRACE(e.name);
    e.body();
  }
  const std::string path = SourcesJsonPath();
  ctasm_test::Json doc;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_json_file(path, &doc, &err))
      << path << ": " << err << " (set CTASM_SOURCES_JSON to generated/sources.json)";
  const ctasm_test::Json &t = doc["targets"][RunningTarget()];
  ASSERT_FALSE(t.is_null()) << "no target " << RunningTarget() << " in " << path;
  size_t n = 0;
  for (const char *list : {"symbols", "test_symbols"}) {
    const ctasm_test::Json &syms = t[list];
    for (size_t i = 0; i < syms.size(); i++) {
      const std::string &name = syms[i].as_string();
      if (IsHarness(name)) continue;
      n++;
      EXPECT_TRUE(ctasm_abi::Exercised().count(name))
          << name << " (" << RunningTarget() << ", " << list
          << ") was never called through CHECK_ABI: add it to tests/abi_test.cc";
    }
  }
  EXPECT_GT(n, 0u);
  printf("abi: %zu exported functions of %s checked through the trampoline%s\n", n,
         RunningTarget(), ctasm_abi::BtiGuardActive() ? " (PROT_BTI guard on)" : "");
}

}  // namespace

#endif  // some assembly
