// SPDX-License-Identifier: Apache-2.0
// Misuse of the raw AES API gets the answer ctasm.h promises ("Misuse and
// what it does"), on every tier: set_*_key returns 0, the void functions abort
// with a message naming the problem, length 0 touches nothing, and nothing is
// ever read or written out of bounds.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <string.h>

#include <string>
#include <vector>

#include "aes/internal.h"
#include "aes_tiers.h"
#include "ctasm/ctasm.h"
#include "test_util.h"

namespace {

using ctasm_test::AesTier;
using ctasm_test::TestRng;
using ctasm_test::to_hex;

class AesMisuseTest : public ::testing::TestWithParam<AesTier> {
 protected:
  void SetUp() override {
#if GTEST_HAS_DEATH_TEST
    // "fast" (fork, no re-exec) on POSIX: re-exec is impossible under
    // qemu-user. Windows always re-runs the test binary for a death test.
    ::testing::FLAGS_gtest_death_test_style = "fast";
#endif
    ctasm::testing::set_cpu_caps_for_testing(GetParam().caps);
    ASSERT_STREQ(GetParam().name.c_str(), ctasm_aes_impl());
  }
  void TearDown() override { ctasm::testing::reset_cpu_caps_for_testing(); }
};

// Key struct storage at a chosen offset from 16-byte alignment.
class KeyAt {
 public:
  explicit KeyAt(size_t misalign) {
    uint8_t *p = store_ + 16;
    p -= reinterpret_cast<uintptr_t>(p) & 15;
    key_ = reinterpret_cast<ctasm_aes_key *>(p + misalign);
  }
  ctasm_aes_key *get() { return key_; }

 private:
  alignas(16) uint8_t store_[sizeof(ctasm_aes_key) + 32];
  ctasm_aes_key *key_;
};

std::string EncryptHex(const ctasm_aes_key *k, const uint8_t pt[16]) {
  uint8_t out[16];
  ctasm_aes_encrypt_block(k, pt, out);
  return to_hex(out, 16);
}

// ---- set_*_key
// ------------------------------------------------------------------------------

TEST_P(AesMisuseTest, BadKeySizes) {
  ctasm_aes_key k;
  uint8_t raw[64] = {0};
  for (size_t len : {0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 64}) {
    EXPECT_EQ(0, ctasm_aes_set_encrypt_key(&k, raw, len)) << len;
    EXPECT_EQ(0, ctasm_aes_set_decrypt_key(&k, raw, len)) << len;
  }
  EXPECT_EQ(0, ctasm_aes_set_encrypt_key(&k, nullptr, 16));
  EXPECT_EQ(0, ctasm_aes_set_decrypt_key(&k, nullptr, 16));
  EXPECT_EQ(0, ctasm_aes_set_encrypt_key(nullptr, raw, 16));
  EXPECT_EQ(0, ctasm_aes_set_decrypt_key(nullptr, raw, 16));
  for (size_t len : {16, 24, 32}) {
    EXPECT_EQ(1, ctasm_aes_set_encrypt_key(&k, raw, len));
    EXPECT_EQ(1, ctasm_aes_set_decrypt_key(&k, raw, len));
  }
}

// raw may point into the key struct being set: it is read before the struct
// is touched (it used to be wiped first, giving the all-zero key).
TEST_P(AesMisuseTest, RawKeyInsideTheKeyStruct) {
  TestRng rng(10);
  const uint8_t pt[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  for (size_t key_len : {16, 24, 32}) {
    for (size_t off :
         {size_t{0}, size_t{100}, size_t{240}, size_t{1000}, sizeof(ctasm_aes_key) - 32}) {
      SCOPED_TRACE("AES-" + std::to_string(8 * key_len) + ", raw at byte " + std::to_string(off));
      ctasm_aes_key k, ref;
      rng.fill(reinterpret_cast<uint8_t *>(&k), sizeof(k));
      const uint8_t *raw = reinterpret_cast<const uint8_t *>(&k) + off;
      const std::vector<uint8_t> copy(raw, raw + key_len);
      ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&ref, copy.data(), key_len));
      ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&k, raw, key_len));
      EXPECT_EQ(EncryptHex(&ref, pt), EncryptHex(&k, pt));
      // Decryption keys likewise.
      rng.fill(reinterpret_cast<uint8_t *>(&k), sizeof(k));
      memcpy(reinterpret_cast<uint8_t *>(&k) + off, copy.data(), key_len);
      ASSERT_EQ(1, ctasm_aes_set_decrypt_key(&k, raw, key_len));
      uint8_t ct[16], back[16];
      ctasm_aes_encrypt_block(&ref, pt, ct);
      ctasm_aes_decrypt_block(&k, ct, back);
      EXPECT_EQ(to_hex(pt, 16), to_hex(back, 16));
    }
  }
}

// Every tier requires the alignment the type declares (so a program that runs
// on one target runs on all): set_*_key refuses a misaligned struct and leaves
// it unusable.
TEST_P(AesMisuseTest, MisalignedKeyRefused) {
  const uint8_t raw[32] = {7};
  for (size_t misalign : {1, 4, 8, 12}) {
    for (size_t key_len : {16, 24, 32}) {
      KeyAt k(misalign);
      memset(k.get(), 0x5a, sizeof(ctasm_aes_key));
      EXPECT_EQ(0, ctasm_aes_set_encrypt_key(k.get(), raw, key_len)) << misalign;
      EXPECT_EQ(0, ctasm_aes_set_decrypt_key(k.get(), raw, key_len)) << misalign;
      const std::vector<uint8_t> zero(sizeof(ctasm_aes_key), 0);
      EXPECT_EQ(0, memcmp(zero.data(), k.get(), zero.size())) << "refused key not wiped";
    }
  }
  KeyAt aligned(0);
  EXPECT_EQ(1, ctasm_aes_set_encrypt_key(aligned.get(), raw, 16));
}

// ---- length 0 and partial blocks
// ---------------------------------------------------------------

// Length 0 is a no-op that touches no pointer, not even the key.
TEST_P(AesMisuseTest, ZeroLengthTouchesNothing) {
  ctasm_aes_ecb_encrypt(nullptr, nullptr, nullptr, 0, 1);
  ctasm_aes_ecb_encrypt(nullptr, nullptr, nullptr, 0, 0);
  ctasm_aes_cbc_encrypt(nullptr, nullptr, nullptr, 0, nullptr, 1);
  ctasm_aes_cbc_encrypt(nullptr, nullptr, nullptr, 0, nullptr, 0);
  ctasm_aes_ctr128_encrypt(nullptr, nullptr, nullptr, 0, nullptr, nullptr, nullptr);
  // With real buffers, nothing changes either.
  ctasm_aes_key k;
  const uint8_t raw[16] = {3};
  ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&k, raw, 16));
  uint8_t iv[16], ec[16], buf[16];
  memset(iv, 0x11, 16);
  memset(ec, 0x22, 16);
  memset(buf, 0x33, 16);
  unsigned num = 5;
  ctasm_aes_ctr128_encrypt(&k, buf, buf, 0, iv, ec, &num);
  ctasm_aes_cbc_encrypt(&k, buf, buf, 0, iv, 1);
  ctasm_aes_ecb_encrypt(&k, buf, buf, 0, 1);
  for (int i = 0; i < 16; i++) {
    EXPECT_EQ(0x11, iv[i]);
    EXPECT_EQ(0x22, ec[i]);
    EXPECT_EQ(0x33, buf[i]);
  }
  EXPECT_EQ(5u, num);
}

// ECB and CBC refuse lengths that are not a multiple of 16: nothing written.
TEST_P(AesMisuseTest, PartialBlockLengthsRefused) {
  TestRng rng(1);
  const auto raw = rng.bytes(16);
  ctasm_aes_key ek, dk;
  ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&ek, raw.data(), raw.size()));
  ASSERT_EQ(1, ctasm_aes_set_decrypt_key(&dk, raw.data(), raw.size()));
  const auto in = rng.bytes(64);
  for (size_t len : {1, 15, 17, 31, 33, 63}) {
    for (int enc = 0; enc < 2; enc++) {
      std::vector<uint8_t> out(64, 0xa5);
      uint8_t iv[16], iv0[16];
      rng.fill(iv, 16);
      memcpy(iv0, iv, 16);
      ctasm_aes_cbc_encrypt(enc ? &ek : &dk, in.data(), out.data(), len, iv, enc);
      EXPECT_EQ(std::vector<uint8_t>(64, 0xa5), out) << len;
      EXPECT_EQ(0, memcmp(iv, iv0, 16));
      ctasm_aes_ecb_encrypt(enc ? &ek : &dk, in.data(), out.data(), len, enc);
      EXPECT_EQ(std::vector<uint8_t>(64, 0xa5), out) << len;
    }
  }
}

#if GTEST_HAS_DEATH_TEST
// ---- the void functions abort on misuse
// ----------------------------------------------------------

// Every public call that uses a key, on a buffer big enough for each path
// (bsaes batches included).
struct UseCall {
  const char *name;
  bool decrypt;  // needs a decryption key
  void (*call)(const ctasm_aes_key *k);
};

uint8_t g_buf[16 * 40], g_iv[16], g_ec[16];
unsigned g_num;

const UseCall kUseCalls[] = {
    {"encrypt_block", false,
     [](const ctasm_aes_key *k) { ctasm_aes_encrypt_block(k, g_buf, g_buf); }},
    {"decrypt_block", true,
     [](const ctasm_aes_key *k) { ctasm_aes_decrypt_block(k, g_buf, g_buf); }},
    {"ecb_encrypt", false,
     [](const ctasm_aes_key *k) { ctasm_aes_ecb_encrypt(k, g_buf, g_buf, 64, 1); }},
    {"ecb_decrypt", true,
     [](const ctasm_aes_key *k) { ctasm_aes_ecb_encrypt(k, g_buf, g_buf, 64, 0); }},
    {"cbc_encrypt", false,
     [](const ctasm_aes_key *k) {
       ctasm_aes_cbc_encrypt(k, g_buf, g_buf, sizeof(g_buf), g_iv, 1);
     }},
    {"cbc_decrypt", true,
     [](const ctasm_aes_key *k) {
       ctasm_aes_cbc_encrypt(k, g_buf, g_buf, sizeof(g_buf), g_iv, 0);
     }},
    {"ctr128_encrypt", false,
     [](const ctasm_aes_key *k) {
       ctasm_aes_ctr128_encrypt(k, g_buf, g_buf, sizeof(g_buf), g_iv, g_ec, &g_num);
     }},
};

// A struct that was never set (zero or random bytes) or whose set_*_key
// failed is recognised as such, by every function.
TEST_P(AesMisuseTest, UnsetKeyAborts) {
  TestRng rng(4);
  ctasm_aes_key zero, random, failed;
  memset(&zero, 0, sizeof(zero));
  rng.fill(reinterpret_cast<uint8_t *>(&random), sizeof(random));
  ASSERT_EQ(0, ctasm_aes_set_encrypt_key(&failed, g_buf, 15));
  for (const UseCall &u : kUseCalls) {
    SCOPED_TRACE(u.name);
    EXPECT_DEATH(u.call(&zero), "AES key not set, or corrupted");
    EXPECT_DEATH(u.call(&random), "AES key not set, or corrupted");
    EXPECT_DEATH(u.call(&failed), "AES key not set, or corrupted");
    EXPECT_DEATH(u.call(nullptr), "AES key is NULL");
  }
}

// A set key whose metadata was overwritten is refused before anything reads
// past the key (a bad rounds word used to read out of bounds on x86_64 and
// armv7, and encrypt garbage on AArch64). Every rounds value near the real
// ones on one call per direction (CBC decryption reaches armv7's bsaes); one
// corruption of each field on every call.
TEST_P(AesMisuseTest, CorruptedKeyAborts) {
  const uint8_t raw[32] = {9};
  auto forge = [](ctasm_aes_key *k) {
    k->ctasm_private_check = ctasm::aes_key_check_word(
        k->ctasm_private_rounds, k->ctasm_private_impl, k->ctasm_private_direction);
  };
  for (const UseCall &u : kUseCalls) {
    SCOPED_TRACE(u.name);
    const bool all_rounds =
        strcmp(u.name, "encrypt_block") == 0 || strcmp(u.name, "cbc_decrypt") == 0;
    for (size_t key_len : {16, 32}) {
      ctasm_aes_key good;
      ASSERT_EQ(1, u.decrypt ? ctasm_aes_set_decrypt_key(&good, raw, key_len)
                             : ctasm_aes_set_encrypt_key(&good, raw, key_len));
      std::vector<uint32_t> rounds_values = {15};
      if (all_rounds) rounds_values = {0, 1, 9, 10, 11, 12, 13, 14, 15, 16, 60, 0x8000000au, ~0u};
      for (uint32_t rounds : rounds_values) {
        if (rounds == good.ctasm_private_rounds) continue;
        ctasm_aes_key k = good;
        k.ctasm_private_rounds = rounds;
        EXPECT_DEATH(u.call(&k), "AES key not set, or corrupted") << rounds;
        // Even with a check word forged to match, a bad rounds word is refused
        // (10/12/14 are not bad: they only change the key's size).
        forge(&k);
        if (rounds != 10 && rounds != 12 && rounds != 14) {
          EXPECT_DEATH(u.call(&k), "AES key corrupted") << rounds;
        }
      }
      if (key_len != 16) continue;
      ctasm_aes_key k = good;
      k.ctasm_private_impl = 99;
      EXPECT_DEATH(u.call(&k), "AES key not set, or corrupted");
      forge(&k);
      EXPECT_DEATH(u.call(&k), "AES key corrupted");
      k = good;
      k.ctasm_private_check ^= 1;
      EXPECT_DEATH(u.call(&k), "AES key not set, or corrupted");
      k = good;
      k.ctasm_private_direction = 3;
      EXPECT_DEATH(u.call(&k), "AES key not set, or corrupted");
    }
  }
}

// A valid key copied to storage that is not 16-byte aligned is refused at use
// (set_*_key refuses it already: MisalignedKeyRefused).
TEST_P(AesMisuseTest, MisalignedKeyAborts) {
  const uint8_t raw[16] = {5};
  ctasm_aes_key ek, dk;
  ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&ek, raw, 16));
  ASSERT_EQ(1, ctasm_aes_set_decrypt_key(&dk, raw, 16));
  for (size_t misalign : {4, 8}) {
    KeyAt e(misalign), d(misalign);
    memcpy(e.get(), &ek, sizeof(ek));
    memcpy(d.get(), &dk, sizeof(dk));
    for (const UseCall &u : kUseCalls) {
      SCOPED_TRACE(u.name);
      EXPECT_DEATH(u.call(u.decrypt ? d.get() : e.get()), "AES key is not 16-byte aligned");
    }
  }
}

// A key used against the direction it was set for is refused on every tier
// (vpaes/bsaes schedules differ per direction; on armv7 bsaes CBC decryption
// with an encryption key used to read past the key).
TEST_P(AesMisuseTest, KeyDirectionMismatchAborts) {
  const uint8_t raw[16] = {1};
  ctasm_aes_key ek, dk;
  ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&ek, raw, 16));
  ASSERT_EQ(1, ctasm_aes_set_decrypt_key(&dk, raw, 16));
  for (const UseCall &u : kUseCalls) {
    SCOPED_TRACE(u.name);
    if (u.decrypt) {
      EXPECT_DEATH(u.call(&ek), "encryption key used to decrypt");
    } else {
      EXPECT_DEATH(u.call(&dk), "decryption key used to encrypt");
    }
  }
}

#if defined(CTASM_ARMV7_ASM)
// ARMv7 keys of both directions carry bsaes's expanded key, whose first word
// repeats the round count and sets how many rounds (and key planes) bsaes
// runs: a key whose copy disagrees is refused, here on the bulk CTR and CBC
// decryption calls that reach bsaes. Unchecked, 14 rounds on this AES-128 key
// would read 1,712 bytes (16 * 3 + 128 * 13), still inside the key's
// 1,792-byte extra area but past its 1,200-byte expansion, into the zeroes
// set_*_key leaves: the last rounds would run on zero planes (and a zero last
// key) and give wrong output, with no fault to show it.
TEST(AesMisuseArmv7, BsaesRoundCountMismatchAborts) {
  ::testing::FLAGS_gtest_death_test_style = "fast";  // as in AesMisuseTest
  ASSERT_STREQ("bsaes+vpaes-armv7", ctasm_aes_impl()) << "the hybrid needs NEON (is CTASM_CPU masking it?)";
  const uint8_t raw[16] = {3};
  std::vector<uint8_t> buf(16 * 16);
  uint8_t iv[16] = {0}, ec[16];
  unsigned num = 0;
  for (int dec : {0, 1}) {
    SCOPED_TRACE(dec);
    ctasm_aes_key k;
    ASSERT_EQ(1, dec ? ctasm_aes_set_decrypt_key(&k, raw, 16) : ctasm_aes_set_encrypt_key(&k, raw, 16));
    ASSERT_EQ(10u, k.ctasm_private_extra[0]);
    k.ctasm_private_extra[0] = 14;
    if (dec) {
      EXPECT_DEATH(ctasm_aes_cbc_encrypt(&k, buf.data(), buf.data(), buf.size(), iv, 0),
                   "AES key corrupted");
    } else {
      EXPECT_DEATH(ctasm_aes_ctr128_encrypt(&k, buf.data(), buf.data(), buf.size(), iv, ec, &num),
                   "AES key corrupted");
    }
  }
}
#endif

// Buffers that overlap without being equal give wrong output that differs by
// tier, so they are refused; so is a NULL buffer with a length.
TEST_P(AesMisuseTest, OverlappingBuffersAbort) {
  const uint8_t raw[16] = {2};
  ctasm_aes_key ek, dk;
  ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&ek, raw, 16));
  ASSERT_EQ(1, ctasm_aes_set_decrypt_key(&dk, raw, 16));
  static uint8_t buf[16 * 72];
  uint8_t *const b = buf + 16 * 24;
  const size_t len = 16 * 20;  // bsaes batches on the hybrids
  for (ptrdiff_t d : {1, -1, 15, -15, 16, -16, 16 * 8 + 3, 16 * 19, -(16 * 19)}) {
    SCOPED_TRACE("out = in + " + std::to_string(d));
    uint8_t *in = b, *out = b + d;
    EXPECT_DEATH(ctasm_aes_ecb_encrypt(&ek, in, out, len, 1),
                 "in and out overlap without being equal");
    EXPECT_DEATH(ctasm_aes_ecb_encrypt(&dk, in, out, len, 0),
                 "in and out overlap without being equal");
    EXPECT_DEATH(ctasm_aes_cbc_encrypt(&ek, in, out, len, g_iv, 1),
                 "in and out overlap without being equal");
    EXPECT_DEATH(ctasm_aes_cbc_encrypt(&dk, in, out, len, g_iv, 0),
                 "in and out overlap without being equal");
    EXPECT_DEATH(ctasm_aes_ctr128_encrypt(&ek, in, out, len + 5, g_iv, g_ec, &g_num),
                 "in and out overlap without being equal");
    if (d > -16 && d < 16) {
      EXPECT_DEATH(ctasm_aes_encrypt_block(&ek, in, out), "in and out overlap without being equal");
      EXPECT_DEATH(ctasm_aes_decrypt_block(&dk, in, out), "in and out overlap without being equal");
    }
  }
  // ivec, ecount_buf, num and the key may not overlap what is written.
  EXPECT_DEATH(ctasm_aes_cbc_encrypt(&ek, b, b, len, b + 32, 1), "and ivec overlap");
  EXPECT_DEATH(ctasm_aes_cbc_encrypt(&dk, b, buf, len, b + 32, 0), "in and ivec overlap");
  EXPECT_DEATH(ctasm_aes_ctr128_encrypt(&ek, b, b, len, g_ec, g_ec, &g_num),
               "ivec and ecount_buf overlap");
  EXPECT_DEATH(ctasm_aes_ctr128_encrypt(&ek, b, b, len, g_iv, b + 5, &g_num),
               "and ecount_buf overlap");
  EXPECT_DEATH(
      ctasm_aes_ctr128_encrypt(&ek, b, b, len, g_iv, g_ec, reinterpret_cast<unsigned *>(b)),
      "and num overlap");
  EXPECT_DEATH(ctasm_aes_ecb_encrypt(&ek, b, reinterpret_cast<uint8_t *>(&ek), 64, 1),
               "out and key overlap");
  EXPECT_DEATH(ctasm_aes_cbc_encrypt(&ek, b, b, 64, reinterpret_cast<uint8_t *>(&ek) + 240, 1),
               "key and ivec overlap");
  // A buffer that runs past the end of the address space.
  EXPECT_DEATH(
      ctasm_aes_ecb_encrypt(&ek, reinterpret_cast<const uint8_t *>(~uintptr_t{0} - 15), b, 32, 1),
      "in wraps around the end of the address space");
  // A length past half the address space cannot be real (and would make the
  // overlap arithmetic overflow).
  EXPECT_DEATH(ctasm_aes_ctr128_encrypt(&ek, b, b, SIZE_MAX / 2 + 1, g_iv, g_ec, &g_num),
               "in is longer than half the address space");
}

TEST_P(AesMisuseTest, NullBuffersAbort) {
  const uint8_t raw[16] = {2};
  ctasm_aes_key ek, dk;
  ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&ek, raw, 16));
  ASSERT_EQ(1, ctasm_aes_set_decrypt_key(&dk, raw, 16));
  uint8_t *b = g_buf;
  EXPECT_DEATH(ctasm_aes_encrypt_block(&ek, nullptr, b), "in is NULL");
  EXPECT_DEATH(ctasm_aes_encrypt_block(&ek, b, nullptr), "out is NULL");
  EXPECT_DEATH(ctasm_aes_decrypt_block(&dk, nullptr, b), "in is NULL");
  EXPECT_DEATH(ctasm_aes_decrypt_block(&dk, b, nullptr), "out is NULL");
  for (int enc = 0; enc < 2; enc++) {
    const ctasm_aes_key *k = enc ? &ek : &dk;
    EXPECT_DEATH(ctasm_aes_ecb_encrypt(k, nullptr, b, 32, enc), "in is NULL");
    EXPECT_DEATH(ctasm_aes_ecb_encrypt(k, b, nullptr, 32, enc), "out is NULL");
    EXPECT_DEATH(ctasm_aes_cbc_encrypt(k, nullptr, b, 16 * 20, g_iv, enc), "in is NULL");
    EXPECT_DEATH(ctasm_aes_cbc_encrypt(k, b, nullptr, 16 * 20, g_iv, enc), "out is NULL");
    EXPECT_DEATH(ctasm_aes_cbc_encrypt(k, b, b, 16 * 20, nullptr, enc), "ivec is NULL");
  }
  EXPECT_DEATH(ctasm_aes_ctr128_encrypt(&ek, nullptr, b, 100, g_iv, g_ec, &g_num), "in is NULL");
  EXPECT_DEATH(ctasm_aes_ctr128_encrypt(&ek, b, nullptr, 100, g_iv, g_ec, &g_num), "out is NULL");
  EXPECT_DEATH(ctasm_aes_ctr128_encrypt(&ek, b, b, 100, nullptr, g_ec, &g_num), "ivec is NULL");
  EXPECT_DEATH(ctasm_aes_ctr128_encrypt(&ek, b, b, 100, g_iv, nullptr, &g_num),
               "ecount_buf is NULL");
  EXPECT_DEATH(ctasm_aes_ctr128_encrypt(&ek, b, b, 100, g_iv, g_ec, nullptr), "num is NULL");
}
#endif  // GTEST_HAS_DEATH_TEST

INSTANTIATE_TEST_SUITE_P(Tiers, AesMisuseTest, ::testing::ValuesIn(ctasm_test::AvailableAesTiers()),
                         ctasm_test::TierTestName);

}  // namespace
