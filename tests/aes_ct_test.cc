// SPDX-License-Identifier: Apache-2.0
// Constant-time check of every AES tier with valgrind's memcheck: the key and
// the data are marked undefined, so a branch or a memory address that depends
// on them is reported as a memcheck error, and the test counts those errors.
// Outside valgrind the test fails (ctest runs it under valgrind as aes_gcm_constant_time):
//   valgrind ./ctasm_tests --gtest_filter='AesConstantTime*'
// (valgrind hides AVX-512/VAES, not SSSE3, so the vpaes tier runs under it).
#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#define CTASM_HAVE_MEMCHECK 1
#endif
#endif

#if defined(CTASM_HAVE_MEMCHECK)
#include <string.h>

#include <vector>

#include <gtest/gtest.h>
#include <valgrind/memcheck.h>

#include "aes/internal.h"
#include "cpu/cpu.h"
#include "ctasm/ctasm.h"

namespace {

// Runs every raw AES operation with secret (undefined) key and data.
void ExerciseAllOperations(size_t key_len) {
  uint8_t raw[32];
  memset(raw, 0x5a, sizeof(raw));
  std::vector<uint8_t> data(16 * 11 + 5, 0x33), out(data.size());
  VALGRIND_MAKE_MEM_UNDEFINED(raw, sizeof(raw));
  VALGRIND_MAKE_MEM_UNDEFINED(data.data(), data.size());
  ctasm_aes_key ek, dk;
  ctasm_aes_set_encrypt_key(&ek, raw, key_len);
  ctasm_aes_set_decrypt_key(&dk, raw, key_len);
  // The IV and counter are public; the counter crosses 2^32 on purpose.
  uint8_t iv[16] = {0}, ec[16];
  unsigned num = 0;
  ctasm_aes_encrypt_block(&ek, data.data(), out.data());
  ctasm_aes_decrypt_block(&dk, data.data(), out.data());
  ctasm_aes_ecb_encrypt(&ek, data.data(), out.data(), 16 * 11, 1);
  ctasm_aes_ecb_encrypt(&dk, data.data(), out.data(), 16 * 11, 0);
  ctasm_aes_cbc_encrypt(&ek, data.data(), out.data(), 16 * 11, iv, 1);
  memset(iv, 0, sizeof(iv));
  ctasm_aes_cbc_encrypt(&dk, data.data(), out.data(), 16 * 11, iv, 0);
  memset(iv, 0, sizeof(iv));
  memset(iv + 12, 0xff, 4);
  ctasm_aes_ctr128_encrypt(&ek, data.data(), out.data(), data.size(), iv, ec, &num);
  ctasm_aes_ctr128_encrypt(&ek, data.data(), out.data(), 7, iv, ec, &num);
  // Nothing secret may leak into later checks either.
  VALGRIND_MAKE_MEM_DEFINED(&ek, sizeof(ek));
  VALGRIND_MAKE_MEM_DEFINED(&dk, sizeof(dk));
  VALGRIND_MAKE_MEM_DEFINED(out.data(), out.size());
  VALGRIND_MAKE_MEM_DEFINED(iv, sizeof(iv));
  VALGRIND_MAKE_MEM_DEFINED(ec, sizeof(ec));
}

TEST(AesConstantTime, EveryTierUnderMemcheck) {
  if (!RUNNING_ON_VALGRIND) GTEST_FAIL() << "this test must run under valgrind (ctest runs it as aes_gcm_constant_time)";
  std::vector<uint32_t> caps_list = {0};
  const uint32_t det = ctasm::testing::detected_cpu_caps();
  if (det != 0) caps_list.push_back(det & ~(ctasm::kAESNI | ctasm::kVAES | ctasm::kARMAES));
  for (uint32_t caps : caps_list) {
    ctasm::testing::set_cpu_caps_for_testing(caps);
    const std::string impl = ctasm_aes_impl();
    for (size_t key_len : {16, 24, 32}) {
      const unsigned before = VALGRIND_COUNT_ERRORS;
      ExerciseAllOperations(key_len);
      const unsigned after = VALGRIND_COUNT_ERRORS;
      EXPECT_EQ(before, after) << impl << " AES-" << 8 * key_len
                               << ": secret-dependent branch or address (see memcheck output)";
    }
  }
  ctasm::testing::reset_cpu_caps_for_testing();
}

}  // namespace
#endif  // CTASM_HAVE_MEMCHECK
