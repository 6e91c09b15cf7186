// SPDX-License-Identifier: Apache-2.0
// Constant-time check of GHASH and AES-GCM on every AES x GHASH tier with
// valgrind's memcheck: the key, H, the plaintext, the ciphertext and the tag
// are marked undefined, so a branch or a memory address that depends on them
// is a memcheck error, and the test counts those errors. The one value made
// public on purpose, open's verdict, is declassified through the library's
// hook (src/internal/declassify.h). A negative fixture (a secret-indexed table
// read and a secret branch) must be caught, or the harness is blind; it runs
// on its own (ctest constant_time_negative_fixture). Outside
// valgrind the test fails (ctest runs it under valgrind as aes_gcm_constant_time):
//   valgrind ./ctasm_tests --gtest_filter='GcmConstantTime*'
#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#define CTASM_HAVE_MEMCHECK 1
#endif
#endif

#if defined(CTASM_HAVE_MEMCHECK)
#include <gtest/gtest.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include <vector>

#include "ctasm/ctasm.h"
#include "ghash_tiers.h"
#include "internal/declassify.h"

namespace {

void MakeDefined(const void *p, size_t n) { VALGRIND_MAKE_MEM_DEFINED(p, n); }

template <class T>
void Secret(T &v) {
  VALGRIND_MAKE_MEM_UNDEFINED(v.data(), v.size());
}
template <class T>
void Public(T &v) {
  VALGRIND_MAKE_MEM_DEFINED(v.data(), v.size());
}

// The GHASH tier alone: secret H and data.
void ExerciseGhash(const ctasm::GhashTier &g) {
  alignas(16) static ctasm::GhashKey key;
  memset(&key, 0, sizeof(key));
  std::vector<uint8_t> h(16, 0x3c), x(16, 0x11), data(16 * 37, 0x5d);
  Secret(h);
  Secret(x);
  Secret(data);
  g.init(key.bytes, h.data());
  g.gmult(x.data(), key.bytes);
  g.ghash(x.data(), key.bytes, data.data(), data.size());
  VALGRIND_MAKE_MEM_DEFINED(&key, sizeof(key));
  Public(x);
}

// Seal and open with a secret key, plaintext, ciphertext and tag; lengths
// reach the vpaes-only and bsaes paths, a partial block, a hashed nonce.
void ExerciseGcm(size_t key_len) {
  std::vector<uint8_t> key(key_len, 0x5a), ad(13, 0x21);
  Secret(key);
  ctasm_aead_ctx ctx;
  ctasm_aead_ctx_init(&ctx, key_len == 16 ? ctasm_aead_aes_128_gcm() : ctasm_aead_aes_256_gcm(),
                      key.data(), key_len, 0);
  for (size_t pt_len : {5, 16 * 11 + 5, 16 * 40 + 3}) {
    for (size_t nonce_len : {12, 13}) {
      const std::vector<uint8_t> nonce(nonce_len, 0x77);
      std::vector<uint8_t> pt(pt_len, 0x33), sealed(pt_len + 16), out(pt_len);
      Secret(pt);
      size_t n = 0;
      ctasm_aead_seal(&ctx, sealed.data(), &n, sealed.size(), nonce.data(), nonce_len, pt.data(),
                      pt_len, ad.data(), ad.size());
      Secret(sealed);  // ciphertext and tag
      ctasm_aead_open(&ctx, out.data(), &n, out.size(), nonce.data(), nonce_len, sealed.data(),
                      sealed.size(), ad.data(), ad.size());
      sealed.back() ^= 1;  // a wrong (secret) tag: refused in constant time too
      ctasm_aead_open(&ctx, out.data(), &n, out.size(), nonce.data(), nonce_len, sealed.data(),
                      sealed.size(), ad.data(), ad.size());
      Public(out);
      Public(sealed);
    }
  }
  ctasm_aead_ctx_cleanup(&ctx);
}

TEST(GcmConstantTime, EveryTierUnderMemcheck) {
  if (!RUNNING_ON_VALGRIND) GTEST_FAIL() << "this test must run under valgrind (ctest runs it as aes_gcm_constant_time)";
  ctasm::testing::set_declassify_hook(MakeDefined);
  const std::vector<ctasm_test::GcmTiers> tiers = ctasm_test::AvailableGcmTiers();
  ASSERT_FALSE(tiers.empty());
  for (const ctasm_test::GcmTiers &t : tiers) {
    ctasm_test::ScopedGcmTiers scope(t);
    unsigned before = VALGRIND_COUNT_ERRORS;
    ExerciseGhash(*t.ghash);
    EXPECT_EQ(before, VALGRIND_COUNT_ERRORS) << t.ghash->name << ": secret-dependent branch or address";
    for (size_t key_len : {16, 32}) {
      before = VALGRIND_COUNT_ERRORS;
      ExerciseGcm(key_len);
      EXPECT_EQ(before, VALGRIND_COUNT_ERRORS)
          << t.name() << " AES-" << 8 * key_len << "-GCM: secret-dependent branch or address "
          << "(see memcheck output)";
    }
  }
  ctasm::testing::set_declassify_hook(nullptr);
}

// What the check above would miss if memcheck were not watching: a table
// read at a secret index and a branch on a secret, each one error.
__attribute__((noinline)) uint8_t LeakyLookup(const uint8_t *secret) {
  static const uint8_t table[256] = {1, 2, 3};
  volatile uint8_t sink = table[secret[0]];
  if (secret[1] & 1) sink = static_cast<uint8_t>(sink + 1);
  return sink;
}

TEST(GcmConstantTimeNegative, FixtureIsCaught) {
  if (!RUNNING_ON_VALGRIND) GTEST_FAIL() << "this test must run under valgrind (ctest runs it as aes_gcm_constant_time)";
  std::vector<uint8_t> s(2, 7);
  Secret(s);
  const unsigned before = VALGRIND_COUNT_ERRORS;
  LeakyLookup(s.data());
  const unsigned after = VALGRIND_COUNT_ERRORS;
  Public(s);
  EXPECT_GE(after - before, 2u) << "memcheck did not see a secret index and a secret branch";
  // These errors are expected, so ctest runs this fixture under valgrind on
  // its own, without --error-exitcode (constant_time_negative_fixture).
}

}  // namespace
#endif  // CTASM_HAVE_MEMCHECK
