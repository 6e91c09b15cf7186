// SPDX-License-Identifier: Apache-2.0
// AES-GCM known answers on every AES tier x every GHASH tier: every NIST
// CAVP GCM vector (gcmEncryptExtIV*, gcmDecrypt* with their FAIL cases) and
// Wycheproof aes_gcm_test.json and aes_gmac_test.json, plus the descriptors
// and ctasm_aead_impl.
#include <gtest/gtest.h>
#include <string.h>

#include <string>
#include <vector>

#include "ctasm/ctasm.h"
#include "gcm_util.h"
#include "ghash_tiers.h"
#include "test_util.h"

namespace {

using ctasm_test::from_hex;
using ctasm_test::GcmTestKey;
using ctasm_test::GcmTiers;
using ctasm_test::to_hex;

class GcmTierTest : public ::testing::TestWithParam<GcmTiers> {};

std::vector<uint8_t> Concat(const std::vector<uint8_t> &a, const std::vector<uint8_t> &b) {
  std::vector<uint8_t> r = a;
  r.insert(r.end(), b.begin(), b.end());
  return r;
}

// One CAVP file: encryption files check seal (and open back); decryption
// files check open, and that a FAIL record is refused and leaves out as it was.
void RunCavpGcmFile(const std::string &file, bool encrypt, size_t *count, size_t *fails) {
  const std::string path = ctasm_test::nist_vectors_dir() + "/ciphers/AES/GCM/" + file;
  std::vector<ctasm_test::KvRecord> records;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_kv_file(path, &records, &err)) << err;
  size_t n = 0;
  for (const auto &r : records) {
    if (!r.has("Key")) continue;
    SCOPED_TRACE(path + ":" + std::to_string(r.line));
    std::vector<uint8_t> key, iv, pt, ct, ad, tag;
    ASSERT_TRUE(from_hex(r.get("Key"), &key));
    ASSERT_TRUE(from_hex(r.get("IV"), &iv));
    ASSERT_TRUE(from_hex(r.get("CT"), &ct));
    ASSERT_TRUE(from_hex(r.get("AAD"), &ad));
    ASSERT_TRUE(from_hex(r.get("Tag"), &tag));
    const bool fail = !r.has("PT");  // "FAIL" records carry no plaintext
    ASSERT_FALSE(encrypt && fail);
    if (!fail) ASSERT_TRUE(from_hex(r.get("PT"), &pt));
    GcmTestKey k;
    ASSERT_TRUE(k.Init(key, tag.size())) << "tag " << tag.size();
    const std::vector<uint8_t> sealed = Concat(ct, tag);
    std::vector<uint8_t> out;
    if (encrypt) {
      ASSERT_TRUE(k.Seal(iv, pt, ad, &out));
      EXPECT_EQ(to_hex(sealed), to_hex(out));
    }
    if (fail) {
      std::vector<uint8_t> canary(ct.size(), 0xa5);
      out = canary;
      EXPECT_FALSE(k.Open(iv, sealed, ad, &out));
      EXPECT_EQ(to_hex(canary), to_hex(out)) << "a failed open wrote to out";
      ++*fails;
    } else {
      ASSERT_TRUE(k.Open(iv, sealed, ad, &out));
      EXPECT_EQ(to_hex(pt), to_hex(out));
    }
    n++;
  }
  EXPECT_GT(n, 7000u) << path;
  *count += n;
}

TEST_P(GcmTierTest, NistCavp) {
  ctasm_test::ScopedGcmTiers scope(GetParam());
  size_t count = 0, fails = 0;
  for (const char *bits : {"128", "192", "256"}) {
    RunCavpGcmFile(std::string("gcmEncryptExtIV") + bits + ".rsp", true, &count, &fails);
    RunCavpGcmFile(std::string("gcmDecrypt") + bits + ".rsp", false, &count, &fails);
  }
  EXPECT_EQ(47250u, count);  // 6 files x 7,875
  EXPECT_GT(fails, 3000u);
}

TEST_P(GcmTierTest, Wycheproof) {
  ctasm_test::ScopedGcmTiers scope(GetParam());
  const std::string path = ctasm_test::test_vectors_dir() + "/wycheproof/aes_gcm_test.json";
  ctasm_test::Json doc;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_json_file(path, &doc, &err)) << err;
  size_t valid = 0, invalid = 0;
  const ctasm_test::Json &groups = doc["testGroups"];
  for (size_t g = 0; g < groups.size(); g++) {
    const ctasm_test::Json &tests = groups[g]["tests"];
    const size_t tag_len = static_cast<size_t>(groups[g]["tagSize"].as_number()) / 8;
    for (size_t i = 0; i < tests.size(); i++) {
      const ctasm_test::Json &tc = tests[i];
      SCOPED_TRACE("tcId " + std::to_string(static_cast<int>(tc["tcId"].as_number())));
      std::vector<uint8_t> key, iv, ad, msg, ct, tag;
      ASSERT_TRUE(from_hex(tc["key"].as_string(), &key));
      ASSERT_TRUE(from_hex(tc["iv"].as_string(), &iv));
      ASSERT_TRUE(from_hex(tc["aad"].as_string(), &ad));
      ASSERT_TRUE(from_hex(tc["msg"].as_string(), &msg));
      ASSERT_TRUE(from_hex(tc["ct"].as_string(), &ct));
      ASSERT_TRUE(from_hex(tc["tag"].as_string(), &tag));
      ASSERT_EQ(tag_len, tag.size());
      const std::string &result = tc["result"].as_string();
      GcmTestKey k;
      ASSERT_TRUE(k.Init(key, tag_len));
      const std::vector<uint8_t> sealed = Concat(ct, tag);
      std::vector<uint8_t> out;
      if (result == "valid") {
        ASSERT_TRUE(k.Seal(iv, msg, ad, &out));
        EXPECT_EQ(to_hex(sealed), to_hex(out));
        ASSERT_TRUE(k.Open(iv, sealed, ad, &out));
        EXPECT_EQ(to_hex(msg), to_hex(out));
        valid++;
      } else {
        // Modified tags and ciphertexts, and the empty nonce SP 800-38D
        // forbids: seal refuses the latter, open refuses them all.
        ASSERT_EQ("invalid", result);
        std::vector<uint8_t> canary(ct.size(), 0x5a);
        out = canary;
        EXPECT_FALSE(k.Open(iv, sealed, ad, &out));
        EXPECT_EQ(to_hex(canary), to_hex(out));
        if (iv.empty()) EXPECT_FALSE(k.Seal(iv, msg, ad, &out));
        invalid++;
      }
    }
  }
  EXPECT_EQ(static_cast<size_t>(doc["numberOfTests"].as_number()), valid + invalid);
  EXPECT_GT(valid, 200u);
  EXPECT_GT(invalid, 50u);
}

// Wycheproof aes_gmac_test.json: GMAC as ctasm.h documents it, AES-GCM with
// an empty plaintext and the message as AD; the output is the tag alone.
TEST_P(GcmTierTest, WycheproofGmac) {
  ctasm_test::ScopedGcmTiers scope(GetParam());
  const std::string path = ctasm_test::test_vectors_dir() + "/wycheproof/aes_gmac_test.json";
  ctasm_test::Json doc;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_json_file(path, &doc, &err)) << err;
  size_t valid = 0, invalid = 0;
  const ctasm_test::Json &groups = doc["testGroups"];
  for (size_t g = 0; g < groups.size(); g++) {
    const ctasm_test::Json &tests = groups[g]["tests"];
    const size_t tag_len = static_cast<size_t>(groups[g]["tagSize"].as_number()) / 8;
    for (size_t i = 0; i < tests.size(); i++) {
      const ctasm_test::Json &tc = tests[i];
      SCOPED_TRACE("tcId " + std::to_string(static_cast<int>(tc["tcId"].as_number())));
      std::vector<uint8_t> key, iv, msg, tag;
      ASSERT_TRUE(from_hex(tc["key"].as_string(), &key));
      ASSERT_TRUE(from_hex(tc["iv"].as_string(), &iv));
      ASSERT_TRUE(from_hex(tc["msg"].as_string(), &msg));
      ASSERT_TRUE(from_hex(tc["tag"].as_string(), &tag));
      GcmTestKey k;
      ASSERT_TRUE(k.Init(key, tag_len));
      std::vector<uint8_t> out;
      const std::vector<uint8_t> empty;
      ASSERT_TRUE(k.Seal(iv, empty, msg, &out));
      if (tc["result"].as_string() == "valid") {
        EXPECT_EQ(to_hex(tag), to_hex(out));
        EXPECT_TRUE(k.Open(iv, tag, msg, &out));
        valid++;
      } else {
        ASSERT_EQ("invalid", tc["result"].as_string());
        EXPECT_NE(to_hex(tag), to_hex(out));
        EXPECT_FALSE(k.Open(iv, tag, msg, &out));
        invalid++;
      }
    }
  }
  EXPECT_EQ(static_cast<size_t>(doc["numberOfTests"].as_number()), valid + invalid);
  EXPECT_GT(valid, 50u);
  EXPECT_GT(invalid, 50u);
}

// Both halves named, and the tiers in force are the ones a context gets.
TEST_P(GcmTierTest, ImplNamesBothHalves) {
  ctasm_test::ScopedGcmTiers scope(GetParam());
  for (const ctasm_aead *aead : {ctasm_aead_aes_128_gcm(), ctasm_aead_aes_256_gcm()}) {
    const char *impl = ctasm_aead_impl(aead);
    ASSERT_NE(nullptr, impl);
    EXPECT_EQ(GetParam().name(), impl);
    EXPECT_EQ(std::string(ctasm_aes_impl()) + "+" + GetParam().ghash->name, impl);
  }
}

// ctx_init writes every byte of the context itself instead of wiping it
// first (src/aead/aead.cc): a context re-keyed from AES-256 to AES-128, or
// made over garbage, must hold exactly what a zeroed one does -- nothing of
// the earlier key's longer schedule, bsaes form or GHASH tables. Likewise an
// AES encryption key set over garbage, the path this builds on.
TEST_P(GcmTierTest, InitOverwritesEverything) {
  ctasm_test::ScopedGcmTiers scope(GetParam());
  ctasm_test::TestRng rng(0x1e7);
  const std::vector<uint8_t> k256 = rng.bytes(32), k128 = rng.bytes(16);
  for (int garbage : {0x00, 0xa5, 0xff}) {
    SCOPED_TRACE(garbage);
    ctasm_aead_ctx clean, reused;
    memset(&clean, 0, sizeof clean);
    memset(&reused, garbage, sizeof reused);
    ASSERT_EQ(1, ctasm_aead_ctx_init(&reused, ctasm_aead_aes_256_gcm(), k256.data(), 32, 0));
    ASSERT_EQ(1, ctasm_aead_ctx_init(&reused, ctasm_aead_aes_128_gcm(), k128.data(), 16, 0));
    ASSERT_EQ(1, ctasm_aead_ctx_init(&clean, ctasm_aead_aes_128_gcm(), k128.data(), 16, 0));
    EXPECT_EQ(0, memcmp(&clean, &reused, sizeof clean)) << "AES-256 -> AES-128 re-key left bytes behind";
    memset(&reused, garbage, sizeof reused);
    ASSERT_EQ(1, ctasm_aead_ctx_init(&reused, ctasm_aead_aes_128_gcm(), k128.data(), 16, 0));
    EXPECT_EQ(0, memcmp(&clean, &reused, sizeof clean)) << "init over garbage differs";
    // A failed init leaves no key at all.
    ASSERT_EQ(0, ctasm_aead_ctx_init(&reused, ctasm_aead_aes_128_gcm(), k128.data(), 15, 0));
    const std::vector<uint8_t> zero(sizeof reused, 0);
    EXPECT_EQ(0, memcmp(zero.data(), &reused, sizeof reused)) << "failed init left state";
    ctasm_aes_key kc, kr;
    memset(&kc, 0, sizeof kc);
    memset(&kr, garbage, sizeof kr);
    ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&kr, k256.data(), 32));
    ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&kr, k128.data(), 16));
    ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&kc, k128.data(), 16));
    EXPECT_EQ(0, memcmp(&kc, &kr, sizeof kc)) << "AES key: 256 -> 128 re-key left bytes behind";
  }
}

INSTANTIATE_TEST_SUITE_P(Tiers, GcmTierTest, ::testing::ValuesIn(ctasm_test::AvailableGcmTiers()),
                         ctasm_test::GcmTierTestName);

TEST(GcmDescriptors, Lengths) {
  EXPECT_EQ(16u, ctasm_aead_key_length(ctasm_aead_aes_128_gcm()));
  EXPECT_EQ(32u, ctasm_aead_key_length(ctasm_aead_aes_256_gcm()));
  for (const ctasm_aead *aead : {ctasm_aead_aes_128_gcm(), ctasm_aead_aes_256_gcm()}) {
    EXPECT_EQ(12u, ctasm_aead_nonce_length(aead));
    EXPECT_EQ(16u, ctasm_aead_max_overhead(aead));
  }
  EXPECT_NE(ctasm_aead_aes_128_gcm(), ctasm_aead_aes_256_gcm());
  EXPECT_EQ(0u, ctasm_aead_key_length(nullptr));
  EXPECT_EQ(0u, ctasm_aead_nonce_length(nullptr));
  EXPECT_EQ(0u, ctasm_aead_max_overhead(nullptr));
  EXPECT_EQ(nullptr, ctasm_aead_impl(nullptr));
  // A pointer that is not a ctasm descriptor is not read.
  const uint8_t fake[64] = {1, 0, 0, 0, 16};
  const ctasm_aead *bogus = reinterpret_cast<const ctasm_aead *>(fake);
  EXPECT_EQ(0u, ctasm_aead_key_length(bogus));
  EXPECT_EQ(nullptr, ctasm_aead_impl(bogus));
  EXPECT_EQ(3088u, sizeof(ctasm_aead_ctx));
  EXPECT_EQ(16u, alignof(ctasm_aead_ctx));
}

}  // namespace
