// SPDX-License-Identifier: Apache-2.0
// Branch Target Identification and pointer authentication in the code the ARM
// translator emits (aarch64 Linux).  Debian's libc carries no BTI note, so the
// test guards only the pages of ctasm's own conformance functions
// (perlasm/test/xlate-armv8.pl) with PROT_BTI at run time, in a forked child
// so that a fault, or the guard itself, cannot disturb the test process.
#include "internal/asm_config.h"
#if defined(CTASM_AARCH64_ASM) && defined(__linux__)

#include <gtest/gtest.h>

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_asm.h"

namespace {

constexpr int kProtBti = 0x10;            // PROT_BTI (asm/mman.h)
constexpr unsigned long kHwcapPaca = 1ul << 30;  // HWCAP_PACA
constexpr unsigned long kHwcap2Bti = 1ul << 17;  // HWCAP2_BTI

bool have_bti() { return (getauxval(AT_HWCAP2) & kHwcap2Bti) != 0; }
bool have_pac() { return (getauxval(AT_HWCAP) & kHwcapPaca) != 0; }

// The pages spanned by the conformance functions (one object, one .text).
void code_range(uintptr_t *lo, size_t *len) {
  const uintptr_t addrs[] = {
      (uintptr_t)&ctasm_xlate_test_add3,      (uintptr_t)&ctasm_xlate_test_frame,
      (uintptr_t)&ctasm_xlate_test_check_callee_saved,
      (uintptr_t)&ctasm_xlate_test_sum_bytes, (uintptr_t)&ctasm_xlate_test_neon,
      (uintptr_t)&ctasm_xlate_test_signed_lr, (uintptr_t)&ctasm_xlate_test_pac_corrupt,
      (uintptr_t)&ctasm_xlate_test_no_landing_pad, ctasm_xlate_test_no_landing_pad(),
  };
  uintptr_t mn = addrs[0], mx = addrs[0];
  for (uintptr_t a : addrs) {
    mn = a < mn ? a : mn;
    mx = a > mx ? a : mx;
  }
  const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  *lo = mn & ~(page - 1);
  *len = ((mx + 64 + page - 1) & ~(page - 1)) - *lo;
}

// Runs body() in a child; returns the raw wait status.  Exit codes below 100
// are the body's own verdict.
template <typename F>
int in_child(F body) {
  fflush(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    signal(SIGILL, SIG_DFL);
    signal(SIGSEGV, SIG_DFL);
    _exit(body());
  }
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  return status;
}

int guard_pages() {
  uintptr_t lo;
  size_t len;
  code_range(&lo, &len);
  return mprotect((void *)lo, len, PROT_READ | PROT_EXEC | kProtBti) == 0 ? 0 : 100 + errno;
}

TEST(AArch64Bti, GuardedExportedFunctionsRunIndirectly) {
  if (!have_bti()) GTEST_FAIL() << "CPU without BTI (HWCAP2_BTI clear): run under qemu-aarch64 -cpu max";
  int st = in_child([] {
    int g = guard_pages();
    if (g) return g;
    uint64_t (*volatile add3)(uint64_t, uint64_t, uint64_t) = ctasm_xlate_test_add3;
    uint64_t (*volatile frame)(uint64_t) = ctasm_xlate_test_frame;
    uint64_t (*volatile check)(uint64_t (*)(uint64_t), uint64_t, uint64_t *) =
        ctasm_xlate_test_check_callee_saved;
    if (add3(1, 2, 3) != 6) return 1;
    if (frame(0) != 7) return 2;
    uint64_t r = 0;
    // check calls frame through blr from inside the guarded pages.
    if (check(ctasm_xlate_test_frame, 2, &r) != 0 || r != 3 * (12 * 2 + 46) + 1) return 3;
    return 0;
  });
  ASSERT_TRUE(WIFEXITED(st)) << "child died with signal " << (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
  EXPECT_EQ(WEXITSTATUS(st), 0) << "(>= 100: mprotect errno + 100)";
}

TEST(AArch64Bti, IndirectBranchToNonLandingPadFaults) {
  if (!have_bti()) GTEST_FAIL() << "CPU without BTI (HWCAP2_BTI clear): run under qemu-aarch64 -cpu max";
  // Control: without the guard the same indirect call runs (returns 1), so
  // the fault below comes from BTI and not from a bad target.
  int st0 = in_child([] {
    uint64_t (*volatile fn)(void) = (uint64_t(*)(void))ctasm_xlate_test_no_landing_pad();
    return fn() == 1 ? 0 : 1;
  });
  ASSERT_TRUE(WIFEXITED(st0));
  EXPECT_EQ(WEXITSTATUS(st0), 0);

  int st = in_child([] {
    int g = guard_pages();
    if (g) return g;
    uint64_t (*volatile fn)(void) = (uint64_t(*)(void))ctasm_xlate_test_no_landing_pad();
    fn();  // blr to an instruction that is not "bti c": must raise SIGILL
    return 42;
  });
  ASSERT_TRUE(WIFSIGNALED(st)) << "no fault: BTI not enforced (exit " << WEXITSTATUS(st) << ")";
  EXPECT_EQ(WTERMSIG(st), SIGILL);
}

TEST(AArch64Pac, SavedLinkRegisterIsSigned) {
  if (!have_pac()) GTEST_FAIL() << "CPU without PAC (HWCAP_PACA clear): run under qemu-aarch64 -cpu max";
  // A PAC can be all zero by chance (2^-15 or so); three different return
  // addresses make a false failure negligible.
  uint64_t top = 0;
  top |= ctasm_xlate_test_signed_lr() >> 48;
  top |= [] { return ctasm_xlate_test_signed_lr(); }() >> 48;
  volatile uint8_t pad[64];
  pad[0] = 1;
  top |= (ctasm_xlate_test_signed_lr() + pad[0] - 1) >> 48;
  EXPECT_NE(top, 0u) << "x30 was stored unsigned: paciasp not live";
}

TEST(AArch64Pac, CorruptedReturnAddressFaults) {
  if (!have_pac()) GTEST_FAIL() << "CPU without PAC (HWCAP_PACA clear): run under qemu-aarch64 -cpu max";
  int st = in_child([] {
    ctasm_xlate_test_pac_corrupt();
    return 42;
  });
  ASSERT_TRUE(WIFSIGNALED(st)) << "corrupted signed x30 was accepted (exit " << WEXITSTATUS(st)
                               << ")";
  // SIGILL with FEAT_FPAC (autiasp faults), SIGSEGV otherwise (ret to a
  // poisoned address).
  EXPECT_TRUE(WTERMSIG(st) == SIGILL || WTERMSIG(st) == SIGSEGV) << WTERMSIG(st);
}

}  // namespace

#endif  // __aarch64__ && __linux__
