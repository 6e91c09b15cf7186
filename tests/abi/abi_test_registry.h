// SPDX-License-Identifier: Apache-2.0
// ABI_TEST and the helpers every tests/<alg>_abi_test.cc shares (included by
// tests/abi/abi_harness.h). Each ABI_TEST body is registered, so that
// AbiCoverage (tests/abi_test.cc) can run all of them, whatever the test filter,
// before it checks that every exported function went through the trampoline.
#ifndef CTASM_TESTS_ABI_ABI_TEST_REGISTRY_H
#define CTASM_TESTS_ABI_ABI_TEST_REGISTRY_H

#include <gtest/gtest.h>

#include <stdio.h>

#include <string>
#include <vector>

#if defined(__linux__)
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#if defined(CTASM_ABI_HAVE_TRAMPOLINE)

namespace ctasm_abi {

struct Exerciser {
  const char *name;
  void (*body)();
};

// Every ABI_TEST body of the binary, in static-initialisation order.
inline std::vector<Exerciser> &Exercisers() {
  static std::vector<Exerciser> list;
  return list;
}

struct AddExerciser {
  AddExerciser(const char *name, void (*body)()) { Exercisers().push_back({name, body}); }
};

// A function this CPU (or CTASM_CPU) cannot run fails the test loudly: CI must
// check every exported function. Marked exercised so the coverage test names
// only the functions nobody tried.
inline void NotRunnable(const char *fn, const char *why) {
  Exercised().insert(fn);
  ADD_FAILURE() << fn << " not called through the trampoline: " << why;
}

// The register names a negative fixture broke ("rbx (was .., now ..)" -> "rbx").
inline std::vector<std::string> ClobberedNames(const Outcome &o) {
  std::vector<std::string> v;
  for (const std::string &s : o.clobbered) v.push_back(s.substr(0, s.find(' ')));
  return v;
}

// Whether a weak symbol was linked (the compiler must not assume it non-null).
template <typename F>
bool Linked(F *f) {
  F *volatile p = f;
  return p != nullptr;
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

}  // namespace ctasm_abi

// ABI_TEST(Name) { ... }: the gtest case Abi.Name, whose body AbiCoverage runs too.
// Names are global to the binary (gtest's rule): prefix them with the algorithm.
#define ABI_TEST(name)                                                            \
  static void AbiBody_##name();                                                   \
  static ::ctasm_abi::AddExerciser abi_exerciser_##name(#name, AbiBody_##name);   \
  TEST(Abi, name) {                                                               \
    if (!::ctasm_abi::TrampolineLinked()) GTEST_FAIL() << ::ctasm_abi::kNoTrampoline; \
    AbiBody_##name();                                                             \
  }                                                                               \
  static void AbiBody_##name()

#endif  // CTASM_ABI_HAVE_TRAMPOLINE
#endif  // CTASM_TESTS_ABI_ABI_TEST_REGISTRY_H
