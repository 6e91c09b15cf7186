// SPDX-License-Identifier: Apache-2.0
// Single-step unwind checker for x86_64 (tests/unwind_test.cc).
//
// StepCall() calls an assembly function through the ABI trampoline
// (perlasm/test/abi-x86_64.pl), which loads distinct known values into every
// callee-saved register before an indirect call. The trap flag is set just before
// the trampoline, so every instruction traps: on Linux into a SIGTRAP handler that
// unwinds from the signal context with libunwind and again with libgcc's unwinder
// (two independent readers of the CFI; libgcc is the one C++ exceptions use), on
// Windows into a vectored
// exception handler that unwinds with RtlLookupFunctionEntry/RtlVirtualUnwind. At each
// instruction from the function's entry to its return (including the functions it
// calls) the unwinder must walk up through the function to the trampoline and recover
// the trampoline's return address, stack pointer and callee-saved registers:
//   SysV:  rbx rbp r12-r15
//   Win64: rbx rbp rdi rsi r12-r15 xmm6-xmm15
#ifndef CTASM_TESTS_UNWIND_STEPPER_H
#define CTASM_TESTS_UNWIND_STEPPER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../abi/abi_harness.h"

namespace ctasm_unwind {

// What went wrong, as bits, so a negative test can say which check caught it.
enum Failure : uint32_t {
  kNotEntered = 1u << 0,      // the function's first instruction never trapped
  kNotReturned = 1u << 1,     // never came back to the trampoline
  kNoFrame = 1u << 2,         // the unwinder failed or never reached the function
  kReturnAddress = 1u << 3,   // unwound return address is not the trampoline's
  kStackPointer = 1u << 4,    // unwound rsp (CFA) wrong
  kRegister = 1u << 5,        // an unwound callee-saved GPR is wrong
  kXmm = 1u << 6,             // an unwound xmm6-xmm15 is wrong (Win64)
  kNotPreserved = 1u << 7,    // a callee-saved register differs at the return
  kSetup = 1u << 8,           // harness problem: bounds, trampoline values
};

struct Report {
  bool entered = false, returned = false;
  uint64_t steps = 0;      // instructions single-stepped from entry to return
  uint64_t checked = 0;    // of which unwound successfully to the trampoline
  uint32_t failures = 0;   // OR of Failure
  unsigned nfail = 0;      // instructions with at least one failure
  // ... by unwinder: [0] libunwind / RtlVirtualUnwind, [1] libgcc (Linux only)
  unsigned nfail_by[2] = {0, 0};
  char first[200] = "";    // first failure, with the offset in the function
};

// Every instruction address stepped (all calls), for the coverage count.
inline uint64_t &DistinctAddresses() {
  static uint64_t n = 0;
  return n;
}

inline constexpr size_t kAddressTableSize = 1 << 17;
inline uint64_t *AddressTable() {
  static uint64_t table[kAddressTableSize];
  return table;
}
inline void ResetAddresses() {
  memset(AddressTable(), 0, kAddressTableSize * sizeof(uint64_t));
  DistinctAddresses() = 0;
}

// Records rip; open addressing, no allocation (runs in the trap handler).
inline void NoteAddress(uint64_t rip) {
  constexpr size_t kSize = kAddressTableSize;
  uint64_t *table = AddressTable();
  size_t i = (size_t)((rip * 0x9e3779b97f4a7c15ull) >> 47) & (kSize - 1);
  for (size_t probe = 0; probe < kSize; probe++, i = (i + 1) & (kSize - 1)) {
    if (table[i] == rip) return;
    if (table[i] == 0) {
      table[i] = rip;
      DistinctAddresses()++;
      return;
    }
  }
}

// Known register values loaded by the trampoline: distinct per register and per call.
inline void FillKnown(ctasm_abi::Regs *in, unsigned call) {
  memset(in, 0, sizeof *in);
  for (int i = 0; i < 8; i++) {
    in->gpr[i] = 0x0101010101010101ull * (uint64_t)(0x10 + i) ^ ((uint64_t)call << 32);
  }
  for (int i = 0; i < 160; i++) in->xmm[i / 16][i % 16] = (uint8_t)(i * 7 + 1 + call);
}

// Lays the arguments out as ctasm_abi::Run does for the native convention; on Win64
// the rdi/rsi slots (reg[0], reg[1]) carry known callee-saved values instead.
inline void Marshal(ctasm_abi::Args *args, const ctasm_abi::Regs &in, const uintptr_t *a,
                    size_t n) {
  memset(args, 0, sizeof *args);
#if defined(_WIN32)
  static const int kWinArgReg[4] = {3, 2, 4, 5};  // rcx rdx r8 r9 in the SysV-order array
  args->reg[0] = in.gpr[6];
  args->reg[1] = in.gpr[7];
  for (size_t i = 0; i < n; i++) {
    if (i < 4) args->reg[kWinArgReg[i]] = a[i];
    else args->stack[i] = a[i];  // after the 32-byte home area
  }
#else
  for (size_t i = 0; i < n; i++) {
    if (i < 6) args->reg[i] = a[i];
    else args->stack[i - 6] = a[i];
  }
#endif
}

// State shared by the trap handler and StepCall (one stepped call at a time).
struct StepState {
  uintptr_t lo = 0, hi = 0;       // the function under test
  uint64_t ret = 0, cfa = 0;      // return address, rsp after the return
  const ctasm_abi::Regs *known = nullptr;
  uint64_t want_gpr[8] = {};      // at entry: rbx rbp r12 r13 r14 r15 [rdi rsi]
  uint64_t pre = 0;               // traps before the entry (caller + trampoline)
  unsigned fails = 0;             // Fail() calls so far
  Report r;
};
inline StepState &State() {
  static StepState s;
  return s;
}

inline void Fail(uint64_t rip, uint32_t kind, const char *what, const char *reg = "") {
  StepState &s = State();
  s.fails++;
  s.r.failures |= kind;
  if (s.r.first[0] == 0) {
    snprintf(s.r.first, sizeof s.r.first, "at %s+0x%llx: %s%s%s",
             rip >= s.lo && rip < s.hi ? "fn" : "(callee) fn",
             (unsigned long long)(rip - s.lo), what, reg[0] ? " " : "", reg);
  }
}

inline constexpr uint64_t kMaxPreSteps = 10000;       // C++ and trampoline before the entry
inline constexpr uint64_t kMaxSteps = 20000000;       // runaway guard

}  // namespace ctasm_unwind

#if defined(_WIN32)
#include "stepper_win.h"
#elif defined(__linux__)
#include "stepper_linux.h"
#endif

#if defined(_WIN32) || defined(__linux__)
#include <array>

namespace ctasm_unwind {

// StepCall with C arguments (pointers and integers, as CHECK_ABI takes them).
template <typename R, typename... P, typename... A>
Report StepFunction(R (*fn)(P...), uintptr_t *ret, A... a) {
  static_assert(sizeof...(P) == sizeof...(A), "wrong number of arguments");
  std::array<uintptr_t, sizeof...(P) + 1> w = {ctasm_abi::ToWord<P>(static_cast<P>(a))..., 0};
  return StepCall(reinterpret_cast<const void *>(fn), w.data(), sizeof...(P), ret);
}

}  // namespace ctasm_unwind
#endif

#endif  // CTASM_TESTS_UNWIND_STEPPER_H
