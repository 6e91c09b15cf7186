// SPDX-License-Identifier: Apache-2.0
// The host's side of the AVX-512 coverage link. Where the CPU has no AVX-512,
// the host suites cannot call or single-step the AVX-512 assembly; util/bochs512/
// run.py does, under Bochs, and a passing run lists what it checked (default
// build/bochs512/covered.txt; util/run_tests.sh runs it before the builds):
//
//   <kind> <function> <generated source> <FNV-1a 64 of that source, hex>
//
// kind: abi-sysv / abi-win64 (called with callee-saved canaries; Win64 also
// xmm6-15) or unwind-sysv / unwind-win64 (single-stepped against its .eh_frame
// or .pdata/.xdata). A function counts as covered only when a line names it,
// the kind for this build's calling convention, and the generated file this
// build assembled, with that file's current hash: a stale or failed run, or a
// run on a scratch copy, covers nothing. CTASM_BOCHS512_COVERED (environment)
// names another file.
#ifndef CTASM_TESTS_BOCHS512_COVERAGE_H
#define CTASM_TESTS_BOCHS512_COVERAGE_H

#include <gtest/gtest.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <set>
#include <string>

namespace ctasm_test {

inline bool Fnv1a64File(const std::string &path, uint64_t *h) {
  FILE *f = fopen(path.c_str(), "rb");
  if (!f) return false;
  uint64_t v = 0xcbf29ce484222325ull;
  for (int c; (c = fgetc(f)) != EOF;) v = (v ^ static_cast<uint8_t>(c)) * 0x100000001b3ull;
  fclose(f);
  *h = v;
  return true;
}

inline std::string Bochs512CoveredFile() {
  const char *env = getenv("CTASM_BOCHS512_COVERED");
  return env && *env ? env : CTASM_BOCHS512_COVERED;
}

// "" when `covered` (the file's path) says util/bochs512 checked fn for `kind`
// ("abi" or "unwind", suffixed here with this build's convention) in
// generated/<target>/<stem> as it is now in `root`; otherwise why not.
inline std::string Bochs512Missing(const std::string &covered, const std::string &root,
                                   const char *fn, const char *kind, const char *stem) {
#if defined(_WIN32)
  const std::string k = std::string(kind) + "-win64",
                    rel = std::string("generated/x86_64-win/") + stem + ".asm";
#else
  const std::string k = std::string(kind) + "-sysv",
                    rel = std::string("generated/x86_64-linux/") + stem + ".S";
#endif
  FILE *f = fopen(covered.c_str(), "rb");
  if (!f) {
    return covered + " does not exist: run python3 util/bochs512/run.py (a failing run removes it)";
  }
  char line[512];
  bool listed = false;
  unsigned long long want = 0;
  while (fgets(line, sizeof line, f)) {
    char lk[64], lf[128], lr[256];
    unsigned long long h;
    if (line[0] == '#' || sscanf(line, "%63s %127s %255s %llx", lk, lf, lr, &h) != 4) continue;
    if (k == lk && rel == lr && std::string(fn) == lf) {
      listed = true;
      want = h;
    }
  }
  fclose(f);
  if (!listed) return covered + " has no line \"" + k + " " + fn + " " + rel + "\"";
  uint64_t have = 0;
  if (!Fnv1a64File(root + "/" + rel, &have)) return "cannot read " + root + "/" + rel;
  if (have != want) {
    return covered + " is for another version of " + rel +
           " (hash differs): rerun python3 util/bochs512/run.py";
  }
  return "";
}

// "<function> <kind>" for each check RequireBochs512 found covered (the unwind
// coverage test counts such a function as stepped).
inline std::set<std::string> &Bochs512Covered() {
  static std::set<std::string> s;
  return s;
}

// For a function this CPU cannot run: fails the test, naming the reason, unless
// util/bochs512 covered it; prints what vouches for it either way.
inline void RequireBochs512(const char *fn, const char *kind, const char *stem) {
  const std::string why = Bochs512Missing(Bochs512CoveredFile(), CTASM_SOURCE_ROOT, fn, kind, stem);
  if (!why.empty()) {
    ADD_FAILURE() << fn << ": this CPU has no AVX-512, so its " << kind
                  << " check runs only under Bochs, and util/bochs512 did not cover it: " << why;
    return;
  }
  Bochs512Covered().insert(std::string(fn) + " " + kind);
  printf("note: %s: %s check not run here (no AVX-512); covered by util/bochs512 (%s)\n", fn, kind,
         Bochs512CoveredFile().c_str());
  fflush(stdout);
}

}  // namespace ctasm_test

#endif  // CTASM_TESTS_BOCHS512_COVERAGE_H
