// SPDX-License-Identifier: Apache-2.0
// Windows half of tests/unwind/stepper.h: vectored exception handler +
// RtlLookupFunctionEntry/RtlVirtualUnwind on the .pdata/.xdata the translator wrote.
#ifndef CTASM_TESTS_UNWIND_STEPPER_WIN_H
#define CTASM_TESTS_UNWIND_STEPPER_WIN_H

#include <windows.h>

namespace ctasm_unwind {

inline constexpr int kNumSaved = 8;  // Regs::gpr order
inline constexpr const char *kRegName[kNumSaved] = {"rbx", "rbp", "r12", "r13",
                                                     "r14", "r15", "rdi", "rsi"};

inline DWORD64 *WinReg(CONTEXT *c, int i) {
  switch (i) {
    case 0: return &c->Rbx;
    case 1: return &c->Rbp;
    case 2: return &c->R12;
    case 3: return &c->R13;
    case 4: return &c->R14;
    case 5: return &c->R15;
    case 6: return &c->Rdi;
    default: return &c->Rsi;
  }
}

// Unwinds a copy of the trap's context up through the function under test and
// compares the trampoline's frame with what it was at the call.
// True if anything was wrong at this instruction.
inline bool CheckUnwind(const CONTEXT *trap, uint64_t rip) {
  StepState &s = State();
  const unsigned before = s.fails;
  CONTEXT u = *trap;
  for (int depth = 0; depth < 16; depth++) {
    const uint64_t at = depth == 0 ? u.Rip : u.Rip - 1;
    const bool in_fn = at >= s.lo && at < s.hi;
    DWORD64 base = 0, frame = 0;
    PVOID handler_data = nullptr;
    PRUNTIME_FUNCTION f = RtlLookupFunctionEntry(u.Rip, &base, nullptr);
    if (!f) {
      Fail(rip, kNoFrame, "no .pdata entry on the way to the function");
      return s.fails != before;
    }
    RtlVirtualUnwind(UNW_FLAG_NHANDLER, base, u.Rip, f, &u, &handler_data, &frame, nullptr);
    if (!in_fn) continue;
    if (u.Rip != s.ret) Fail(rip, kReturnAddress, "return address");
    if (u.Rsp != s.cfa) Fail(rip, kStackPointer, "stack pointer");
    for (int i = 0; i < kNumSaved; i++) {
      if (*WinReg(&u, i) != s.want_gpr[i]) Fail(rip, kRegister, "callee-saved", kRegName[i]);
    }
    const M128A *x = &u.Xmm6;
    for (int i = 0; i < 10; i++) {
      if (memcmp(&x[i], s.known->xmm[i], 16) != 0) {
        static const char *const kX[10] = {"xmm6",  "xmm7",  "xmm8",  "xmm9",  "xmm10",
                                           "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"};
        Fail(rip, kXmm, "callee-saved", kX[i]);
      }
    }
    return s.fails != before;
  }
  Fail(rip, kNoFrame, "function not found within 16 frames");
  return s.fails != before;
}

inline LONG CALLBACK TrapHandler(EXCEPTION_POINTERS *ep) {
  if (ep->ExceptionRecord->ExceptionCode != EXCEPTION_SINGLE_STEP) return EXCEPTION_CONTINUE_SEARCH;
  CONTEXT *c = ep->ContextRecord;
  StepState &s = State();
  const uint64_t rip = c->Rip, rsp = c->Rsp;
  bool keep = true;
  if (!s.r.entered && rip != s.lo) {
    keep = ++s.pre <= kMaxPreSteps;
  } else {
    if (!s.r.entered) {
      s.r.entered = true;
      s.ret = *reinterpret_cast<const uint64_t *>(rsp);
      s.cfa = rsp + 8;
      for (int i = 0; i < kNumSaved; i++) {
        s.want_gpr[i] = *WinReg(c, i);
        if (s.want_gpr[i] != s.known->gpr[i]) {
          Fail(rip, kSetup, "trampoline did not load", kRegName[i]);
        }
      }
      if (memcmp(&c->Xmm6, s.known->xmm, sizeof s.known->xmm) != 0) {
        Fail(rip, kSetup, "trampoline did not load xmm6-xmm15");
      }
    }
    if (rip == s.ret && rsp == s.cfa) {
      s.r.returned = true;
      for (int i = 0; i < kNumSaved; i++) {
        if (*WinReg(c, i) != s.want_gpr[i]) {
          Fail(rip, kNotPreserved, "not preserved:", kRegName[i]);
        }
      }
      if (memcmp(&c->Xmm6, s.known->xmm, sizeof s.known->xmm) != 0) {
        Fail(rip, kNotPreserved, "not preserved: xmm6-xmm15");
      }
      keep = false;
    } else {
      s.r.steps++;
      NoteAddress(rip);
      if (CheckUnwind(c, rip)) s.r.nfail++, s.r.nfail_by[0]++;
      else s.r.checked++;
      keep = s.r.steps <= kMaxSteps;
    }
  }
  if (keep) c->EFlags |= 0x100;  // the trap flag is clear on entry to the handler
  else c->EFlags &= ~0x100u;
  return EXCEPTION_CONTINUE_EXECUTION;
}

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
  DWORD64 base = 0;
  PRUNTIME_FUNCTION f = RtlLookupFunctionEntry(reinterpret_cast<DWORD64>(fn), &base, nullptr);
  if (!f || base + f->BeginAddress != reinterpret_cast<DWORD64>(fn)) {
    s.r.failures |= kSetup;
    snprintf(s.r.first, sizeof s.r.first, "no .pdata entry starting at the function");
    return s.r;
  }
  s.lo = base + f->BeginAddress;
  s.hi = base + f->EndAddress;
  PVOID h = AddVectoredExceptionHandler(1, TrapHandler);
  __asm__ volatile("pushfq; orq $0x100,(%%rsp); popfq" ::: "memory", "cc");
  uintptr_t r = ctasm_abi_call(&in, &out, fn, &args);
  __asm__ volatile("pushfq; andq $~0x100,(%%rsp); popfq" ::: "memory", "cc");
  RemoveVectoredExceptionHandler(h);
  if (ret) *ret = r;
  if (!s.r.entered) Fail(s.lo, kNotEntered, "no trap at the function's entry");
  else if (!s.r.returned) Fail(s.lo, kNotReturned, "no trap at the return to the trampoline");
  s.known = nullptr;
  return s.r;
}

}  // namespace ctasm_unwind

#endif  // CTASM_TESTS_UNWIND_STEPPER_WIN_H
