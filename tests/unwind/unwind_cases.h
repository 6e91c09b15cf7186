// SPDX-License-Identifier: Apache-2.0
// Single-step unwind cases, registered per algorithm. A file that owns assembly
// (tests/<alg>_unwind_test.cc) registers the calls that reach every instruction
// path of its functions:
//
//   #include "unwind/unwind_cases.h"
//   #if defined(CTASM_UNWIND_STEPPING)
//   UNWIND_CASES(Ghash) {
//     STEP_OK(ctasm_ghash_x, args...);   // unwind data right at every instruction
//   }
//   #endif
//
// tests/unwind_test.cc (UnwindX86_64.EveryExportedFunctionSingleStepped) runs every
// registered set, then fails for any exported function of the target no set stepped.
// Safe to include on any target: CTASM_UNWIND_STEPPING says whether stepping exists.
#ifndef CTASM_TESTS_UNWIND_UNWIND_CASES_H
#define CTASM_TESTS_UNWIND_UNWIND_CASES_H

#include "internal/asm_config.h"

// x86_64 on Windows (vectored exception handler) or Linux with libunwind.
#if defined(CTASM_X86_64_ASM) && \
    (defined(_WIN32) || (defined(__linux__) && defined(CTASM_TEST_LIBUNWIND)))
#define CTASM_UNWIND_STEPPING 1
#endif

#if defined(CTASM_UNWIND_STEPPING)

#include <gtest/gtest.h>

#include <stdint.h>
#include <stdio.h>

#include <map>
#include <string>
#include <vector>

#include "stepper.h"

namespace ctasm_unwind {

// name -> instructions stepped (summed over its calls)
inline std::map<std::string, uint64_t> &Stepped() {
  static std::map<std::string, uint64_t> m;
  return m;
}

template <typename R, typename... P, typename... A>
Report Step(const char *name, R (*fn)(P...), uintptr_t *ret, A... a) {
  R (*volatile linked)(P...) = fn;  // weak symbols: the compiler must not assume non-null
  if (linked == nullptr) {
    Report r;
    r.failures = kSetup;
    snprintf(r.first, sizeof r.first, "not linked (missing from gen_asm.py's manifest?)");
    return r;
  }
  Report r = StepFunction(fn, ret, a...);
  if (r.entered) Stepped()[name] += r.steps;
  return r;
}

// A function this CPU cannot run: counted as stepped (so coverage names only the
// functions nobody registered) but failing loudly.
inline void NotSteppable(const char *fn, const char *why) {
  Stepped()[fn];
  ADD_FAILURE() << fn << " not stepped: " << why;
}

struct CaseSet {
  const char *name;
  void (*run)();
};

inline std::vector<CaseSet> &CaseSets() {
  static std::vector<CaseSet> sets;
  return sets;
}

struct AddCaseSet {
  AddCaseSet(const char *name, void (*run)()) { CaseSets().push_back({name, run}); }
};

}  // namespace ctasm_unwind

// A function whose unwind data must be right at every instruction. The name is the
// unprefixed C symbol, as generated/sources.json lists it.
#define STEP_OK(fn, ...)                                                          \
  do {                                                                            \
    uintptr_t ret_ = 0;                                                           \
    ::ctasm_unwind::Report r_ = ::ctasm_unwind::Step(#fn, fn, &ret_, ##__VA_ARGS__); \
    EXPECT_TRUE(r_.failures == 0 && r_.steps > 0)                                 \
        << #fn << ": " << r_.nfail << " of " << r_.steps                          \
        << " instructions failed; first " << r_.first;                           \
  } while (0)

// UNWIND_CASES(Name) { STEP_OK(...); ... }: one registered set of cases.
#define UNWIND_CASES(name)                                                           \
  static void UnwindCases_##name();                                                  \
  static ::ctasm_unwind::AddCaseSet unwind_cases_##name(#name, UnwindCases_##name);  \
  static void UnwindCases_##name()

#endif  // CTASM_UNWIND_STEPPING
#endif  // CTASM_TESTS_UNWIND_UNWIND_CASES_H
