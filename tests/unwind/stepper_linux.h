// SPDX-License-Identifier: Apache-2.0
// Linux half of tests/unwind/stepper.h: SIGTRAP handler; each instruction is unwound
// twice, by libunwind and by libgcc (the unwinder C++ exceptions use), two independent
// readers of the same CFI.
#ifndef CTASM_TESTS_UNWIND_STEPPER_LINUX_H
#define CTASM_TESTS_UNWIND_STEPPER_LINUX_H

#define UNW_LOCAL_ONLY
#include <libunwind.h>
#include <setjmp.h>
#include <signal.h>
#include <ucontext.h>
#include <unwind.h>

#include "elf_symbols.h"

namespace ctasm_unwind {

inline constexpr int kNumSaved = 6;
inline constexpr int kGreg[kNumSaved] = {REG_RBX, REG_RBP, REG_R12,
                                         REG_R13, REG_R14, REG_R15};
inline constexpr int kUnwReg[kNumSaved] = {UNW_X86_64_RBX, UNW_X86_64_RBP, UNW_X86_64_R12,
                                           UNW_X86_64_R13, UNW_X86_64_R14, UNW_X86_64_R15};
inline constexpr const char *kRegName[kNumSaved] = {"rbx", "rbp", "r12",
                                                     "r13", "r14", "r15"};
inline constexpr int kDwarfReg[kNumSaved] = {3, 6, 12, 13, 14, 15};

// Unwinds from the trap's context up through the function under test (first through
// any function it called) and compares the trampoline's frame with what it was at
// the call. True if anything was wrong at this instruction.
inline bool CheckUnwind(ucontext_t *uc, uint64_t rip) {
  StepState &s = State();
  const unsigned before = s.fails;
  unw_cursor_t c;
  if (unw_init_local2(&c, reinterpret_cast<unw_context_t *>(uc), UNW_INIT_SIGNAL_FRAME) < 0) {
    Fail(rip, kNoFrame, "libunwind: unw_init_local2 failed");
    return s.fails != before;
  }
  for (int depth = 0; depth < 16; depth++) {
    unw_word_t ip = 0;
    unw_get_reg(&c, UNW_REG_IP, &ip);
    // Above the trap frame ip is a return address: look up the call instruction.
    const uint64_t at = depth == 0 ? ip : ip - 1;
    const bool in_fn = at >= s.lo && at < s.hi;
    if (unw_step(&c) <= 0) {
      Fail(rip, kNoFrame, in_fn ? "libunwind: cannot step out of the function"
                                : "libunwind: stopped before reaching the function");
      return s.fails != before;
    }
    if (!in_fn) continue;
    unw_word_t v = 0;
    unw_get_reg(&c, UNW_REG_IP, &v);
    if (v != s.ret) Fail(rip, kReturnAddress, "libunwind: return address");
    unw_get_reg(&c, UNW_REG_SP, &v);
    if (v != s.cfa) Fail(rip, kStackPointer, "libunwind: stack pointer (CFA)");
    for (int i = 0; i < kNumSaved; i++) {
      unw_get_reg(&c, kUnwReg[i], &v);
      if (v != s.want_gpr[i]) Fail(rip, kRegister, "libunwind: callee-saved", kRegName[i]);
    }
    return s.fails != before;
  }
  Fail(rip, kNoFrame, "libunwind: function not found within 16 frames");
  return s.fails != before;
}

// The same with libgcc's _Unwind_Backtrace, which starts in the handler and crosses
// the kernel's signal frame on its own.
struct GccWalk {
  uint64_t rip;
  int state;  // 0 looking for the function, 1 in it, 2 checked its caller
  int frames;
};
inline _Unwind_Reason_Code GccFrame(struct _Unwind_Context *ctx, void *arg) {
  GccWalk *w = static_cast<GccWalk *>(arg);
  StepState &s = State();
  int before_insn = 0;
  const uint64_t ip = _Unwind_GetIPInfo(ctx, &before_insn);
  const uint64_t at = before_insn ? ip : ip - 1;
  if (++w->frames > 64) return _URC_END_OF_STACK;
  if (w->state == 0) {
    if (at >= s.lo && at < s.hi) w->state = 1;
    return _URC_NO_REASON;
  }
  w->state = 2;
  if (ip != s.ret) Fail(w->rip, kReturnAddress, "libgcc: return address");
  // In the caller's context libgcc reports the CFA of the frame just unwound.
  if (_Unwind_GetCFA(ctx) != s.cfa) Fail(w->rip, kStackPointer, "libgcc: CFA");
  for (int i = 0; i < kNumSaved; i++) {
    if (_Unwind_GetGR(ctx, kDwarfReg[i]) != s.want_gpr[i]) {
      Fail(w->rip, kRegister, "libgcc: callee-saved", kRegName[i]);
    }
  }
  return _URC_END_OF_STACK;
}

// libgcc has no guard against a bogus return address: with no FDE for it, its Linux
// fallback reads the code there, looking for a sigreturn. Wrong CFI (the negative
// fixtures) leads there, so a fault during the walk is caught and reported.
inline sigjmp_buf &GccJmp() {
  static sigjmp_buf j;
  return j;
}
inline volatile bool &InGccWalk() {
  static volatile bool in = false;
  return in;
}
inline void GccFault(int sig) {
  if (InGccWalk()) siglongjmp(GccJmp(), 1);
  signal(sig, SIG_DFL);  // a fault elsewhere (in the function under test) stays fatal
  raise(sig);
}

inline bool CheckUnwindLibgcc(uint64_t rip) {
  StepState &s = State();
  const unsigned before = s.fails;
  static GccWalk w;  // static: read after a siglongjmp
  w = GccWalk{rip, 0, 0};
  if (sigsetjmp(GccJmp(), 1) == 0) {
    InGccWalk() = true;
    _Unwind_Backtrace(GccFrame, &w);
    InGccWalk() = false;
  } else {
    InGccWalk() = false;
    Fail(rip, w.state ? kReturnAddress : kNoFrame,
         "libgcc: faulted on a bogus return address while unwinding");
    return true;
  }
  if (w.state != 2) {
    Fail(rip, kNoFrame, w.state ? "libgcc: cannot step out of the function"
                                : "libgcc: stopped before reaching the function");
  }
  return s.fails != before;
}

inline void TrapHandler(int, siginfo_t *, void *ucv) {
  ucontext_t *uc = static_cast<ucontext_t *>(ucv);
  greg_t *gr = uc->uc_mcontext.gregs;
  StepState &s = State();
  const uint64_t rip = (uint64_t)gr[REG_RIP], rsp = (uint64_t)gr[REG_RSP];
  if (!s.r.entered) {
    if (rip != s.lo) {
      if (++s.pre > kMaxPreSteps) gr[REG_EFL] &= ~0x100;  // never reached: give up
      return;
    }
    s.r.entered = true;
    s.ret = *reinterpret_cast<const uint64_t *>(rsp);
    s.cfa = rsp + 8;
    for (int i = 0; i < kNumSaved; i++) {
      s.want_gpr[i] = (uint64_t)gr[kGreg[i]];
      if (s.want_gpr[i] != s.known->gpr[i]) {
        Fail(rip, kSetup, "trampoline did not load", kRegName[i]);
      }
    }
  }
  if (rip == s.ret && rsp == s.cfa) {
    s.r.returned = true;
    for (int i = 0; i < kNumSaved; i++) {
      if ((uint64_t)gr[kGreg[i]] != s.want_gpr[i]) {
        Fail(rip, kNotPreserved, "not preserved:", kRegName[i]);
      }
    }
    gr[REG_EFL] &= ~0x100;  // the trampoline's remainder runs untraced
    return;
  }
  s.r.steps++;
  NoteAddress(rip);
  const bool bad_unw = CheckUnwind(uc, rip);
  const bool bad_gcc = CheckUnwindLibgcc(rip);
  s.r.nfail_by[0] += bad_unw;
  s.r.nfail_by[1] += bad_gcc;
  if (bad_unw || bad_gcc) s.r.nfail++;
  else s.r.checked++;
  if (s.r.steps > kMaxSteps) gr[REG_EFL] &= ~0x100;
}

// Calls fn(a[0..n)) through the trampoline with the trap flag set; see stepper.h.
inline Report StepCall(const void *fn, const uintptr_t *a, size_t n, uintptr_t *ret) {
  static unsigned calls = 0;
  StepState &s = State();
  s = StepState();
  ctasm_abi::Regs in, out;
  ctasm_abi::Args args;
  FillKnown(&in, ++calls);
  Marshal(&args, in, a, n);
  s.known = &in;
  if (!ctasm_abi::TrampolineLinked()) {
    s.r.failures |= kSetup;
    snprintf(s.r.first, sizeof s.r.first, "%s", ctasm_abi::kNoTrampoline);
    return s.r;
  }
  if (!ElfFunctionBounds(reinterpret_cast<uintptr_t>(fn), &s.lo, &s.hi)) {
    s.r.failures |= kSetup;
    snprintf(s.r.first, sizeof s.r.first, "no sized symbol at the function in /proc/self/exe");
    return s.r;
  }
  struct sigaction sa, old, fault, old_segv, old_bus;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = TrapHandler;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGTRAP, &sa, &old);
  memset(&fault, 0, sizeof fault);
  fault.sa_handler = GccFault;
  fault.sa_flags = SA_NODEFER;  // raised inside the SIGTRAP handler
  sigemptyset(&fault.sa_mask);
  sigaction(SIGSEGV, &fault, &old_segv);
  sigaction(SIGBUS, &fault, &old_bus);
  // Past the red zone: pushfq would overwrite it.
  __asm__ volatile("subq $128,%%rsp; pushfq; orq $0x100,(%%rsp); popfq; addq $128,%%rsp" ::
                       : "memory", "cc");
  uintptr_t r = ctasm_abi_call(&in, &out, fn, &args);
  __asm__ volatile("subq $128,%%rsp; pushfq; andq $~0x100,(%%rsp); popfq; addq $128,%%rsp" ::
                       : "memory", "cc");
  sigaction(SIGTRAP, &old, nullptr);
  sigaction(SIGSEGV, &old_segv, nullptr);
  sigaction(SIGBUS, &old_bus, nullptr);
  if (ret) *ret = r;
  if (!s.r.entered) Fail(s.lo, kNotEntered, "no trap at the function's entry");
  else if (!s.r.returned) Fail(s.lo, kNotReturned, "no trap at the return to the trampoline");
  s.known = nullptr;
  return s.r;
}

}  // namespace ctasm_unwind

#endif  // CTASM_TESTS_UNWIND_STEPPER_LINUX_H
