// SPDX-License-Identifier: Apache-2.0
// tests/bochs512_coverage.h on every x86_64 CPU: the answer that only a CPU
// without AVX-512 acts on, checked with coverage files written here. It must
// accept exactly a line of the right kind, function and generated file with
// that file's current hash, and say why otherwise.
#include "internal/asm_config.h"

#if defined(CTASM_X86_64_ASM)

#include <gtest/gtest.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <string>

#include "bochs512_coverage.h"

namespace {

#if defined(_WIN32)
const char kAbi[] = "abi-win64", kUnwind[] = "unwind-win64",
           kRel[] = "generated/x86_64-win/abi-x86_64.asm";
#else
const char kAbi[] = "abi-sysv", kUnwind[] = "unwind-sysv", kRel[] = "generated/x86_64-linux/abi-x86_64.S";
#endif

std::string Write(const char *name, const std::string &text) {
  FILE *f = fopen(name, "wb");
  EXPECT_NE(f, nullptr) << name;
  if (f) {
    fputs(text.c_str(), f);
    fclose(f);
  }
  return name;
}

TEST(Bochs512Coverage, AcceptsOnlyTheCurrentGeneratedFile) {
  const std::string root = CTASM_SOURCE_ROOT;
  uint64_t h = 0;
  ASSERT_TRUE(ctasm_test::Fnv1a64File(root + "/" + kRel, &h)) << kRel;
  char hex[24];
  snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  const std::string good = std::string("# comment\n") + kAbi + " ctasm_abi_test_wide " + kRel + " " + hex + "\n";
  const std::string f = Write("bochs512_covered_selftest.txt", good);
  auto missing = [&](const char *fn, const char *kind) {
    return ctasm_test::Bochs512Missing(f, root, fn, kind, "abi-x86_64");
  };
  EXPECT_EQ("", missing("ctasm_abi_test_wide", "abi"));
  EXPECT_NE(std::string::npos, missing("ctasm_abi_test_wide", "unwind").find("has no line"))
      << "only the abi check is listed, not " << kUnwind;
  EXPECT_NE(std::string::npos, missing("ctasm_abi_test_other", "abi").find("has no line"));
  EXPECT_NE(std::string::npos,
            ctasm_test::Bochs512Missing(f, root, "ctasm_abi_test_wide", "abi", "chacha20_poly1305_x86_64")
                .find("has no line"))
      << "another generated file";
  // The same line with another hash: a run on another version of the file.
  hex[15] = hex[15] == '0' ? '1' : '0';
  Write("bochs512_covered_selftest.txt",
        std::string(kAbi) + " ctasm_abi_test_wide " + kRel + " " + hex + "\n");
  EXPECT_NE(std::string::npos, missing("ctasm_abi_test_wide", "abi").find("another version"));
  // The other convention's kind does not count.
  const char *other = kAbi[4] == 's' ? "abi-win64" : "abi-sysv";
  Write("bochs512_covered_selftest.txt", good.substr(0, 10) + other + good.substr(10 + strlen(kAbi)));
  EXPECT_NE(std::string::npos, missing("ctasm_abi_test_wide", "abi").find("has no line"));
  remove("bochs512_covered_selftest.txt");
  EXPECT_NE(std::string::npos, missing("ctasm_abi_test_wide", "abi").find("does not exist"));
}

}  // namespace

#endif  // CTASM_X86_64_ASM
