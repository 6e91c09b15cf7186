// SPDX-License-Identifier: Apache-2.0
// Implementation of tests/abi/abi_harness.h (inline, so any test file may use
// CHECK_ABI and all of them share one record of exercised functions).
#ifndef CTASM_TESTS_ABI_ABI_HARNESS_IMPL_H
#define CTASM_TESTS_ABI_ABI_HARNESS_IMPL_H

#include <gtest/gtest.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <utility>

#if defined(__linux__)
#include <signal.h>
#include <unistd.h>
#endif
#if defined(CTASM_ABI_AARCH64) && defined(__linux__)
#include <sys/auxv.h>
#include <sys/mman.h>
#endif

#if defined(CTASM_ABI_HAVE_TRAMPOLINE)

// Weak, so that a tree whose gen_asm.py manifest lacks perlasm/test/abi-*.pl still
// links: the tests then fail with that message instead of breaking every build.
extern "C" CTASM_ABI_WEAK uintptr_t ctasm_abi_call(const ctasm_abi::Regs *in,
                                                   ctasm_abi::Regs *out, const void *fn,
                                                   const ctasm_abi::Args *args);

namespace ctasm_abi {

inline bool TrampolineLinked() { return &ctasm_abi_call != nullptr; }
constexpr const char *kNoTrampoline =
    "the ABI trampoline is not linked: add perlasm/test/abi-<isa>.pl to gen_asm.py's "
    "manifest (kind \"test\") and regenerate";

// splitmix64 with a fixed seed: a failure reproduces run after run.
inline uint64_t Random() {
  static uint64_t state = 0x6a09e667f3bcc908ull;
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

inline std::set<std::string> &Exercised() {
  static std::set<std::string> names;
  return names;
}

// ---- BTI: aarch64 Linux guards the code pages while the callee runs ----------------
#if defined(CTASM_ABI_AARCH64) && defined(__linux__)
constexpr int kProtBti = 0x10;                    // PROT_BTI (asm/mman.h)
constexpr unsigned long kHwcap2Bti = 1ul << 17;   // HWCAP2_BTI

// Tests may switch the guard off (the control of the BTI negative test).
inline bool &BtiGuardEnabled() {
  static bool on = true;
  return on;
}
inline bool BtiGuardActive() {
  static const bool have = (getauxval(AT_HWCAP2) & kHwcap2Bti) != 0;
  return have && BtiGuardEnabled();
}

// PROT_BTI on the pages from the trampoline to the callee (both in ctasm_tests'
// text; the C++ in between is built with -mbranch-protection=standard and only
// entered by direct calls and returns while the guard is on). Far apart: the two
// entry pages alone. Debian's libc is never guarded (docs/TOOLCHAIN.md).
class BtiGuard {
 public:
  explicit BtiGuard(const void *fn) {
    if (!BtiGuardActive()) return;
    const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t a = (uintptr_t)fn & ~(page - 1);
    uintptr_t b = (uintptr_t)&ctasm_abi_call & ~(page - 1);
    if (a > b) std::swap(a, b);
    if (b - a <= 256 * page) {
      Protect(a, b + page - a);
    } else {
      Protect(a, page);
      Protect(b, page);
    }
  }
  ~BtiGuard() {
    for (int i = 0; i < n_; i++) mprotect((void *)lo_[i], len_[i], PROT_READ | PROT_EXEC);
  }
  BtiGuard(const BtiGuard &) = delete;
  BtiGuard &operator=(const BtiGuard &) = delete;

 private:
  void Protect(uintptr_t lo, size_t len) {
    if (mprotect((void *)lo, len, PROT_READ | PROT_EXEC | kProtBti) != 0) {
      fprintf(stderr, "abi harness: mprotect(PROT_BTI) failed: %s\n", strerror(errno));
      abort();
    }
    lo_[n_] = lo;
    len_[n_++] = len;
  }
  uintptr_t lo_[2] = {};
  size_t len_[2] = {};
  int n_ = 0;
};
#else
inline bool BtiGuardActive() { return false; }
class BtiGuard {
 public:
  explicit BtiGuard(const void *) {}
};
#endif

// The faults the trampoline cannot turn into a report (x86 ud2 after a wrong rsp,
// aarch64 brk after a wrong sp, SIGILL from BTI) still name the function.
#if defined(__linux__)
inline const char *&CurrentFunction() {
  static const char *name = nullptr;
  return name;
}
inline void NameFault(int sig) {
  if (const char *n = CurrentFunction()) {
    static const char a[] = "\nabi harness: fatal signal in ";
    static const char b[] =
        " (stack pointer not restored, or on aarch64 an indirect call without bti c)\n";
    ssize_t r = write(2, a, sizeof a - 1);
    r = write(2, n, strlen(n));
    r = write(2, b, sizeof b - 1);
    (void)r;
  }
  signal(sig, SIG_DFL);
  raise(sig);
}
class FaultNamer {
 public:
  explicit FaultNamer(const char *name) {
    CurrentFunction() = name;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = NameFault;
    sigaction(SIGILL, &sa, &old_ill_);
    sigaction(SIGTRAP, &sa, &old_trap_);
  }
  ~FaultNamer() {
    sigaction(SIGILL, &old_ill_, nullptr);
    sigaction(SIGTRAP, &old_trap_, nullptr);
    CurrentFunction() = nullptr;
  }
  FaultNamer(const FaultNamer &) = delete;
  FaultNamer &operator=(const FaultNamer &) = delete;

 private:
  struct sigaction old_ill_, old_trap_;
};
#else
class FaultNamer {
 public:
  explicit FaultNamer(const char *) {}
};
#endif

inline std::string Hex(const void *p, size_t n) {
  static const char kDigits[] = "0123456789abcdef";
  std::string s = "0x";
  for (size_t i = n; i-- > 0;) {  // little-endian: most significant byte last
    uint8_t b = static_cast<const uint8_t *>(p)[i];
    s += kDigits[b >> 4];
    s += kDigits[b & 15];
  }
  return s;
}

inline void Compare(Outcome *o, const char *reg, const void *want, const void *got, size_t n) {
  if (memcmp(want, got, n) != 0) {
    o->clobbered.push_back(std::string(reg) + " (was " + Hex(want, n) + ", now " + Hex(got, n) +
                           ")");
  }
}

inline Outcome Run(const void *fn, const uintptr_t *a, size_t n) {
  if (!TrampolineLinked()) {
    fprintf(stderr, "%s\n", kNoTrampoline);
    abort();
  }
  Regs in, out;
  Args args;
  for (size_t i = 0; i < sizeof in; i++) reinterpret_cast<uint8_t *>(&in)[i] = (uint8_t)Random();
  for (size_t i = 0; i < sizeof args; i++) {
    reinterpret_cast<uint8_t *>(&args)[i] = (uint8_t)Random();
  }
  memset(&out, 0, sizeof out);
  Outcome o;
  char name[16];
#if defined(CTASM_ABI_X86_64)
#if defined(_WIN32)
  // rcx rdx r8 r9, then the stack after the 32-byte home area; rdi and rsi keep
  // their random values and are checked as callee-saved.
  static const int kWinArgReg[4] = {3, 2, 4, 5};
  for (size_t i = 0; i < n; i++) {
    if (i < 4) args.reg[kWinArgReg[i]] = a[i];
    else args.stack[i] = a[i];
  }
#else
  for (size_t i = 0; i < n; i++) {
    if (i < 6) args.reg[i] = a[i];
    else args.stack[i - 6] = a[i];
  }
#endif
  {
    BtiGuard guard(fn);
    o.ret = ctasm_abi_call(&in, &out, fn, &args);
  }
  static const char *const kGpr[6] = {"rbx", "rbp", "r12", "r13", "r14", "r15"};
  for (int i = 0; i < 6; i++) Compare(&o, kGpr[i], &in.gpr[i], &out.gpr[i], 8);
#if defined(_WIN32)
  Compare(&o, "rdi", &args.reg[0], &out.gpr[6], 8);
  Compare(&o, "rsi", &args.reg[1], &out.gpr[7], 8);
  for (int i = 0; i < 10; i++) {
    snprintf(name, sizeof name, "xmm%d", i + 6);
    Compare(&o, name, in.xmm[i], out.xmm[i], 16);
  }
#endif
  o.direction_flag = (out.rflags & 0x400) != 0;
  (void)name;
#elif defined(CTASM_ABI_AARCH64)
  for (size_t i = 0; i < n; i++) args.reg[i] = a[i];
  {
    BtiGuard guard(fn);
    o.ret = ctasm_abi_call(&in, &out, fn, &args);
  }
  for (int i = 0; i < 11; i++) {
    snprintf(name, sizeof name, "x%d", i + 19);
    Compare(&o, name, &in.x[i], &out.x[i], 8);
  }
  for (int i = 0; i < 8; i++) {
    snprintf(name, sizeof name, "d%d", i + 8);
    Compare(&o, name, &in.d[i], &out.d[i], 8);
  }
#elif defined(CTASM_ABI_ARMV7)
  for (size_t i = 0; i < n; i++) args.reg[i] = (uint32_t)a[i];
  o.ret = ctasm_abi_call(&in, &out, fn, &args);
  for (int i = 0; i < 8; i++) {
    snprintf(name, sizeof name, "r%d", i + 4);
    Compare(&o, name, &in.r[i], &out.r[i], 4);
  }
  for (int i = 0; i < 8; i++) {
    snprintf(name, sizeof name, "d%d", i + 8);
    Compare(&o, name, &in.d[i], &out.d[i], 8);
  }
#endif
  return o;
}

inline uintptr_t CheckedCall(const char *fname, const void *fn, const uintptr_t *args, size_t n) {
  Exercised().insert(fname);
  if (!TrampolineLinked()) {
    ADD_FAILURE() << fname << ": " << kNoTrampoline;
    return 0;
  }
  Outcome o;
  {
    FaultNamer namer(fname);
    o = Run(fn, args, n);
  }
  for (const std::string &r : o.clobbered) {
    ADD_FAILURE() << fname << ": callee-saved register " << r << " not preserved";
  }
  if (o.direction_flag) ADD_FAILURE() << fname << ": returned with the direction flag set";
  return o.ret;
}

}  // namespace ctasm_abi

#endif  // CTASM_ABI_HAVE_TRAMPOLINE
#endif  // CTASM_TESTS_ABI_ABI_HARNESS_IMPL_H
