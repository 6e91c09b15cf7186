// SPDX-License-Identifier: Apache-2.0
// The x86_64 ChaCha20-Poly1305 tiers (src/chacha/tier_x86_64.cc), called
// directly by tier object: RFC 8439 vectors (the AEAD example of 2.8.2 and the
// ChaCha20 vectors of appendix A.2, from python3-cryptography-vectors),
// Wycheproof chacha20_poly1305_test.json, and differential runs against
// OpenSSL's EVP ChaCha20 and ChaCha20-Poly1305 at every length up to past
// 2 KiB (every n*64-1, n*64, n*64+1 of the 64/256/512-byte batches), AD
// lengths 0..64 and large, unaligned buffers, in place, and messages over
// several of the assembly's 2 KiB chunks.
#include "internal/asm_config.h"

#if defined(CTASM_X86_64_ASM)
#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "chacha/internal.h"
#include "test_asm.h"
#include "test_util.h"

#if defined(CTASM_TEST_OPENSSL)
#include <openssl/evp.h>
#endif

namespace {

using ctasm::ChachaState;
using ctasm::ChachaTier;
using Bytes = std::vector<uint8_t>;

const ChachaTier *const kTiers[] = {&ctasm::kChachaTierSsse3, &ctasm::kChachaTierAvx2};

ChachaState make_state(const uint8_t key[32], uint32_t counter, const uint8_t nonce[12]) {
  ChachaState st;
  for (int i = 0; i < 8; i++) {
    st.words[i] = static_cast<uint32_t>(key[4 * i]) | static_cast<uint32_t>(key[4 * i + 1]) << 8 |
                  static_cast<uint32_t>(key[4 * i + 2]) << 16 |
                  static_cast<uint32_t>(key[4 * i + 3]) << 24;
  }
  st.words[8] = counter;
  for (int i = 0; i < 3; i++) {
    st.words[9 + i] = static_cast<uint32_t>(nonce[4 * i]) |
                      static_cast<uint32_t>(nonce[4 * i + 1]) << 8 |
                      static_cast<uint32_t>(nonce[4 * i + 2]) << 16 |
                      static_cast<uint32_t>(nonce[4 * i + 3]) << 24;
  }
  return st;
}

// A pointer that is valid even for empty vectors (the tiers may not be given
// NULL when the length is non-zero; with length 0 any pointer is fine).
const uint8_t *ptr(const Bytes &v) {
  static const uint8_t kNone[1] = {0};
  return v.empty() ? kNone : v.data();
}

class ChachaX86Tier : public ::testing::TestWithParam<const ChachaTier *> {
 protected:
  // The tier, or a failure naming why this CPU cannot run it.
  bool runnable() {
    if (GetParam()->capable()) return true;
    ADD_FAILURE() << GetParam()->name << " cannot run on this CPU (needs "
                  << (GetParam()->impl == ctasm::kChachaImplAvx2 ? "AVX2" : "SSSE3") << ")";
    return false;
  }
  // seal: ct || tag
  Bytes seal(const Bytes &key, const Bytes &nonce, const Bytes &ad, const Bytes &pt) {
    const ChachaState st = make_state(key.data(), 0, nonce.data());
    Bytes out(pt.size() + 16);
    GetParam()->seal(out.data(), out.data() + pt.size(), ptr(pt), pt.size(), ptr(ad), ad.size(),
                     &st);
    return out;
  }
  // open: pt, and the computed tag into *tag
  Bytes open(const Bytes &key, const Bytes &nonce, const Bytes &ad, const Bytes &ct,
             uint8_t tag[16]) {
    const ChachaState st = make_state(key.data(), 0, nonce.data());
    Bytes out(ct.size());
    GetParam()->open(out.empty() ? tag : out.data(), tag, ptr(ct), ct.size(), ptr(ad), ad.size(),
                     &st);
    return out;
  }
};

// RFC 8439 2.8.2 (also Wycheproof tcId 1).
TEST_P(ChachaX86Tier, Rfc8439AeadExample) {
  if (!runnable()) return;
  const Bytes key = ctasm_test::hex_bytes(
      "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
  const Bytes nonce = ctasm_test::hex_bytes("070000004041424344454647");
  const Bytes ad = ctasm_test::hex_bytes("50515253c0c1c2c3c4c5c6c7");
  const std::string text =
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
      "future, sunscreen would be it.";
  const Bytes pt(text.begin(), text.end());
  const Bytes want = ctasm_test::hex_bytes(
      "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69"
      "da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad67594"
      "5585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116"
      "1ae10b594f09e26a7e902ecbd0600691");
  EXPECT_EQ(ctasm_test::to_hex(seal(key, nonce, ad, pt)), ctasm_test::to_hex(want));
  uint8_t tag[16];
  const Bytes ct(want.begin(), want.end() - 16);
  EXPECT_EQ(open(key, nonce, ad, ct, tag), pt);
  EXPECT_EQ(memcmp(tag, want.data() + ct.size(), 16), 0);
}

// RFC 8439 appendix A.2 (key stream with the counter given), whole and in place.
TEST_P(ChachaX86Tier, Rfc8439Chacha20) {
  if (!runnable()) return;
  const std::string path = ctasm_test::nist_vectors_dir() + "/ciphers/ChaCha20/rfc7539.txt";
  std::vector<ctasm_test::KvRecord> records;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_kv_file(path, &records, &err)) << err;
  size_t n = 0;
  for (const auto &r : records) {
    if (!r.has("KEY")) continue;
    const Bytes key = ctasm_test::hex_bytes(r.get("KEY"));
    const Bytes nonce = ctasm_test::hex_bytes(r.get("NONCE"));
    const Bytes pt = ctasm_test::hex_bytes(r.get("PLAINTEXT"));
    const Bytes ct = ctasm_test::hex_bytes(r.get("CIPHERTEXT"));
    const uint32_t counter = static_cast<uint32_t>(std::stoul(r.get("INITIAL_BLOCK_COUNTER")));
    const ChachaState st = make_state(key.data(), counter, nonce.data());
    Bytes out(pt.size());
    GetParam()->chacha20(out.data(), pt.data(), pt.size(), &st);
    EXPECT_EQ(out, ct) << "COUNT " << r.get("COUNT");
    Bytes inplace = pt;
    GetParam()->chacha20(inplace.data(), inplace.data(), inplace.size(), &st);
    EXPECT_EQ(inplace, ct) << "COUNT " << r.get("COUNT");
    n++;
  }
  EXPECT_EQ(n, 3u);
}

TEST_P(ChachaX86Tier, Wycheproof) {
  if (!runnable()) return;
  const std::string path =
      ctasm_test::test_vectors_dir() + "/wycheproof/chacha20_poly1305_test.json";
  ctasm_test::Json doc;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_json_file(path, &doc, &err)) << err;
  size_t valid = 0, invalid = 0;
  const auto &groups = doc["testGroups"];
  for (size_t g = 0; g < groups.size(); g++) {
    if (groups[g]["ivSize"].as_number() != 96) continue;  // the AEAD takes 12-byte nonces only
    const auto &tests = groups[g]["tests"];
    for (size_t i = 0; i < tests.size(); i++) {
      const auto &t = tests[i];
      const int id = static_cast<int>(t["tcId"].as_number());
      const Bytes key = ctasm_test::hex_bytes(t["key"].as_string());
      const Bytes nonce = ctasm_test::hex_bytes(t["iv"].as_string());
      const Bytes ad = ctasm_test::hex_bytes(t["aad"].as_string());
      const Bytes msg = ctasm_test::hex_bytes(t["msg"].as_string());
      const Bytes ct = ctasm_test::hex_bytes(t["ct"].as_string());
      const Bytes tag = ctasm_test::hex_bytes(t["tag"].as_string());
      ASSERT_EQ(tag.size(), 16u) << id;
      uint8_t got[16];
      const Bytes pt = open(key, nonce, ad, ct, got);
      if (t["result"].as_string() == "valid") {
        Bytes want = ct;
        want.insert(want.end(), tag.begin(), tag.end());
        EXPECT_EQ(seal(key, nonce, ad, msg), want) << "tcId " << id;
        EXPECT_EQ(memcmp(got, tag.data(), 16), 0) << "tcId " << id;
        EXPECT_EQ(pt, msg) << "tcId " << id;
        valid++;
      } else {
        EXPECT_NE(memcmp(got, tag.data(), 16), 0) << "tcId " << id;
        invalid++;
      }
    }
  }
  EXPECT_GT(valid, 200u);
  EXPECT_GT(invalid, 50u);
}

#if defined(CTASM_TEST_OPENSSL)
// OpenSSL's EVP ChaCha20-Poly1305 (an independent implementation): ct || tag.
Bytes openssl_seal(const Bytes &key, const Bytes &nonce, const Bytes &ad, const Bytes &pt) {
  EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
  Bytes out(pt.size() + 16);
  int n = 0, total = 0;
  bool ok = c && EVP_EncryptInit_ex(c, EVP_chacha20_poly1305(), nullptr, key.data(), nonce.data());
  if (ok && !ad.empty()) ok = EVP_EncryptUpdate(c, nullptr, &n, ad.data(), static_cast<int>(ad.size()));
  if (ok && !pt.empty()) {
    ok = EVP_EncryptUpdate(c, out.data(), &n, pt.data(), static_cast<int>(pt.size()));
    total = n;
  }
  if (ok) ok = EVP_EncryptFinal_ex(c, out.data() + total, &n);
  if (ok) ok = EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, out.data() + pt.size());
  EVP_CIPHER_CTX_free(c);
  EXPECT_TRUE(ok) << "OpenSSL seal failed";
  return out;
}

Bytes openssl_chacha20(const Bytes &key, uint32_t counter, const Bytes &nonce, const Bytes &in) {
  uint8_t iv[16];
  for (int i = 0; i < 4; i++) iv[i] = static_cast<uint8_t>(counter >> (8 * i));
  memcpy(iv + 4, nonce.data(), 12);
  EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
  Bytes out(in.size());
  int n = 0;
  bool ok = c && EVP_EncryptInit_ex(c, EVP_chacha20(), nullptr, key.data(), iv);
  if (ok && !in.empty()) ok = EVP_EncryptUpdate(c, out.data(), &n, in.data(), static_cast<int>(in.size()));
  EVP_CIPHER_CTX_free(c);
  EXPECT_TRUE(ok) << "OpenSSL ChaCha20 failed";
  return out;
}

// Lengths: every one up to 2200 (every n*64-1/n*64/n*64+1 of the 64-, 256- and
// 512-byte batches, the 2 KiB chunk and just past it), then multi-chunk ones.
std::vector<size_t> message_lengths() {
  std::vector<size_t> l;
  for (size_t n = 0; n <= 2200; n++) l.push_back(n);
  for (size_t n : {4095u, 4096u, 4097u, 6143u, 6144u, 6161u, 8191u, 8192u, 8193u, 16383u,
                   16384u, 16400u, 65537u})
    l.push_back(n);
  return l;
}

TEST_P(ChachaX86Tier, AeadDifferentialOpenSsl) {
  if (!runnable()) return;
  ctasm_test::TestRng rng(0xc4a86 + GetParam()->impl);
  const std::vector<size_t> lens = message_lengths();
  for (size_t i = 0; i < lens.size(); i++) {
    const size_t len = lens[i];
    // AD 0..64 in turn, and now and then a large one
    size_t ad_len = i % 65;
    if (i % 97 == 5) ad_len = 1000 + rng.below(3000);
    const Bytes key = rng.bytes(32), nonce = rng.bytes(12), ad = rng.bytes(ad_len);
    const Bytes pt = rng.bytes(len);
    const Bytes want = openssl_seal(key, nonce, ad, pt);
    // unaligned copies (offset 1..15), in place every other length
    const size_t off = 1 + (i % 15);
    const bool inplace = i & 1;
    Bytes in_buf(off + len + 16), out_buf(off + len + 16), ad_buf(off + ad_len);
    memcpy(in_buf.data() + off, ptr(pt), len);
    memcpy(ad_buf.data() + off, ptr(ad), ad_len);
    uint8_t *o = (inplace ? in_buf.data() : out_buf.data()) + off;
    uint8_t tag[16];
    const ChachaState st = make_state(key.data(), 0, nonce.data());
    GetParam()->seal(o, tag, in_buf.data() + off, len, ad_buf.data() + off, ad_len, &st);
    ASSERT_EQ(memcmp(o, ptr(want), len), 0) << "seal ct, len " << len << " ad " << ad_len;
    ASSERT_EQ(memcmp(tag, want.data() + len, 16), 0) << "seal tag, len " << len << " ad " << ad_len;
    // open: ciphertext at o, decrypt in place or to the other buffer
    uint8_t *p = inplace ? o : (in_buf.data() + off);
    uint8_t tag2[16];
    GetParam()->open(p, tag2, o, len, ad_buf.data() + off, ad_len, &st);
    ASSERT_EQ(memcmp(p, ptr(pt), len), 0) << "open pt, len " << len;
    ASSERT_EQ(memcmp(tag2, tag, 16), 0) << "open tag, len " << len;
  }
}

TEST_P(ChachaX86Tier, Chacha20DifferentialOpenSsl) {
  if (!runnable()) return;
  ctasm_test::TestRng rng(0xc4a20 + GetParam()->impl);
  const std::vector<size_t> lens = message_lengths();
  for (size_t i = 0; i < lens.size(); i++) {
    const size_t len = lens[i];
    const Bytes key = rng.bytes(32), nonce = rng.bytes(12), in = rng.bytes(len);
    // the counter word given: random, with room for the blocks (no 32-bit wrap)
    uint32_t counter = static_cast<uint32_t>(rng.next());
    if (counter > 0xffffffffu - 2048) counter -= 4096;
    if (i % 7 == 0) counter = 0;
    const Bytes want = openssl_chacha20(key, counter, nonce, in);
    const size_t off = i % 16;
    Bytes buf(off + len + 1);
    memcpy(buf.data() + off, ptr(in), len);
    const ChachaState st = make_state(key.data(), counter, nonce.data());
    GetParam()->chacha20(buf.data() + off, buf.data() + off, len, &st);  // in place
    ASSERT_EQ(memcmp(buf.data() + off, ptr(want), len), 0) << "len " << len;
    Bytes out(len + 1, 0xa5);
    GetParam()->chacha20(out.data(), ptr(in), len, &st);
    ASSERT_EQ(memcmp(out.data(), ptr(want), len), 0) << "len " << len;
    ASSERT_EQ(out[len], 0xa5) << "wrote past the end, len " << len;
  }
}
#else
TEST_P(ChachaX86Tier, DifferentialOpenSslUnavailable) {
  FAIL() << "this build has no OpenSSL (CTASM_TEST_OPENSSL): the differential tests cannot run";
}
#endif  // CTASM_TEST_OPENSSL

INSTANTIATE_TEST_SUITE_P(Tiers, ChachaX86Tier, ::testing::ValuesIn(kTiers),
                         [](const ::testing::TestParamInfo<const ChachaTier *> &i) {
                           return std::string(i.param->impl == ctasm::kChachaImplAvx2 ? "Avx2"
                                                                                     : "Ssse3");
                         });

}  // namespace
#endif  // CTASM_X86_64_ASM
