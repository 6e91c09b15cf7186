// SPDX-License-Identifier: Apache-2.0
// The ABI harness (tests/abi/abi_harness.h) tested on its own fixtures
// (perlasm/test/abi-<isa>.pl and C++-side assembly): a clobbered callee-saved
// register, the direction flag left set (x86), a wrong stack pointer and a missing
// "bti c" (aarch64 Linux) must each be caught, and arguments must arrive.
//
// Coverage by construction: AbiCoverage runs every ABI_TEST of the binary
// (tests/<alg>_abi_test.cc, tests/xlate_abi_test.cc), then reads the exported
// symbols of the running target from generated/sources.json and fails for any that
// no ABI_TEST called. A new assembly function therefore fails here until its
// algorithm's ABI test calls it.
#include "internal/asm_config.h"

#if defined(CTASM_X86_64_ASM) || defined(CTASM_AARCH64_ASM) || defined(CTASM_ARMV7_ASM)

#include "abi/abi_harness.h"

#include <gtest/gtest.h>

#include <stdint.h>
#include <stdio.h>

#include <string>
#include <utility>
#include <vector>

#include "exported_functions.h"
#include "test_asm.h"

namespace {

using ctasm_abi::Outcome;
using Names = std::vector<std::string>;

// ---- the harness itself: negative fixtures and argument marshalling ------------------
#if defined(CTASM_ABI_X86_64)
ABI_TEST(HarnessCatchesClobberedRegisters) {
  Outcome o = PROBE_ABI(ctasm_abi_test_clobber_gpr);
  EXPECT_EQ(o.ret, 1u);
  EXPECT_EQ(ctasm_abi::ClobberedNames(o), (Names{"rbx", "r13"}));
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
  EXPECT_EQ(ctasm_abi::ClobberedNames(o), (Names{"rdi", "xmm6", "xmm15"}));
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
#else
ABI_TEST(HarnessCatchesClobberedRegisters) {
  Outcome o = PROBE_ABI(ctasm_abi_test_clobber);
  EXPECT_EQ(o.ret, 1u);
#if defined(CTASM_ABI_AARCH64)
  EXPECT_EQ(ctasm_abi::ClobberedNames(o), (Names{"x20", "x28", "d15"}));
#else
  EXPECT_EQ(ctasm_abi::ClobberedNames(o), (Names{"r5", "r11", "d12"}));
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
  int control = ctasm_abi::InChild([target] {
    ctasm_abi::BtiGuardEnabled() = false;
    return ctasm_abi::Run(reinterpret_cast<const void *>(target), nullptr, 0).ret == 3 ? 0 : 1;
  });
  ASSERT_TRUE(WIFEXITED(control)) << "signal " << WTERMSIG(control);
  EXPECT_EQ(WEXITSTATUS(control), 0);
  int st = ctasm_abi::InChild([target] {
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
  int st = ctasm_abi::InChild([] {
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

// ---- coverage by construction ---------------------------------------------------------
// Exported functions that are not themselves checked: the trampoline.
bool IsHarness(const std::string &name) { return name == "ctasm_abi_call"; }

TEST(AbiCoverage, EveryExportedFunctionWentThroughTheTrampoline) {
  ASSERT_TRUE(ctasm_abi::TrampolineLinked()) << ctasm_abi::kNoTrampoline;
  // Run every exerciser here too, so the check holds whatever the test filter or order.
  for (const ctasm_abi::Exerciser &e : ctasm_abi::Exercisers()) {
    SCOPED_TRACE(e.name);
    e.body();
  }
  std::vector<std::pair<std::string, std::string>> functions;
  std::string err;
  ASSERT_TRUE(ctasm_test::exported_functions(&functions, &err)) << err;
  size_t n = 0;
  for (const auto &f : functions) {
    if (IsHarness(f.first)) continue;
    n++;
    EXPECT_TRUE(ctasm_abi::Exercised().count(f.first))
        << f.first << " (" << ctasm_test::running_target() << ", " << f.second
        << ") was never called through CHECK_ABI: add it to its algorithm's ABI_TEST "
           "(tests/<alg>_abi_test.cc; test-only assembly: tests/xlate_abi_test.cc)";
  }
  EXPECT_GT(n, 0u);
  printf("abi: %zu exported functions of %s checked through the trampoline by %zu ABI tests%s\n",
         n, ctasm_test::running_target(), ctasm_abi::Exercisers().size(),
         ctasm_abi::BtiGuardActive() ? " (PROT_BTI guard on)" : "");
}

}  // namespace

#endif  // some assembly
