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

#include <algorithm>
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

// The independent answer of the differential tests: OpenSSL's EVP where this
// build links it (native Linux), else the plain reference below (Win64 under
// wine): RFC 8439 read literally, Poly1305 in 26-bit limbs (not the assembly's
// 64-bit ones).
uint32_t rotl32(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

Bytes ref_chacha20(const Bytes &key, uint32_t counter, const Bytes &nonce, const Bytes &in) {
  const ChachaState st = make_state(key.data(), counter, nonce.data());
  Bytes out(in.size());
  for (size_t off = 0; off < in.size(); off += 64) {
    uint32_t x[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
    for (int i = 0; i < 12; i++) x[4 + i] = st.words[i];
    x[12] = counter + static_cast<uint32_t>(off / 64);
    uint32_t w[16];
    memcpy(w, x, sizeof w);
    auto qr = [&](int a, int b, int c, int d) {
      w[a] += w[b]; w[d] = rotl32(w[d] ^ w[a], 16);
      w[c] += w[d]; w[b] = rotl32(w[b] ^ w[c], 12);
      w[a] += w[b]; w[d] = rotl32(w[d] ^ w[a], 8);
      w[c] += w[d]; w[b] = rotl32(w[b] ^ w[c], 7);
    };
    for (int r = 0; r < 10; r++) {
      qr(0, 4, 8, 12); qr(1, 5, 9, 13); qr(2, 6, 10, 14); qr(3, 7, 11, 15);
      qr(0, 5, 10, 15); qr(1, 6, 11, 12); qr(2, 7, 8, 13); qr(3, 4, 9, 14);
    }
    for (size_t i = 0; i < 64 && off + i < in.size(); i++) {
      const uint32_t k = w[i / 4] + x[i / 4];
      out[off + i] = in[off + i] ^ static_cast<uint8_t>(k >> (8 * (i % 4)));
    }
  }
  return out;
}

// Poly1305 (RFC 8439 2.5) of msg under key (r || s), 26-bit limbs.
void ref_poly1305(const uint8_t key[32], const Bytes &msg, uint8_t tag[16]) {
  auto le = [](const uint8_t *p) {
    return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
           static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24;
  };
  const uint32_t r0 = le(key) & 0x3ffffff, r1 = (le(key + 3) >> 2) & 0x3ffff03,
                 r2 = (le(key + 6) >> 4) & 0x3ffc0ff, r3 = (le(key + 9) >> 6) & 0x3f03fff,
                 r4 = (le(key + 12) >> 8) & 0x00fffff;
  uint64_t h[5] = {0, 0, 0, 0, 0};
  for (size_t off = 0; off < msg.size(); off += 16) {
    uint8_t b[17] = {0};
    const size_t n = std::min<size_t>(16, msg.size() - off);
    memcpy(b, msg.data() + off, n);
    b[n] = 1;
    h[0] += le(b) & 0x3ffffff;
    h[1] += (le(b + 3) >> 2) & 0x3ffffff;
    h[2] += (le(b + 6) >> 4) & 0x3ffffff;
    h[3] += (le(b + 9) >> 6) & 0x3ffffff;
    h[4] += (le(b + 12) >> 8) | (static_cast<uint32_t>(b[16]) << 24);
    const uint64_t s1 = r1 * 5ull, s2 = r2 * 5ull, s3 = r3 * 5ull, s4 = r4 * 5ull;
    uint64_t d[5];
    d[0] = h[0] * r0 + h[1] * s4 + h[2] * s3 + h[3] * s2 + h[4] * s1;
    d[1] = h[0] * r1 + h[1] * r0 + h[2] * s4 + h[3] * s3 + h[4] * s2;
    d[2] = h[0] * r2 + h[1] * r1 + h[2] * r0 + h[3] * s4 + h[4] * s3;
    d[3] = h[0] * r3 + h[1] * r2 + h[2] * r1 + h[3] * r0 + h[4] * s4;
    d[4] = h[0] * r4 + h[1] * r3 + h[2] * r2 + h[3] * r1 + h[4] * r0;
    uint64_t c = 0;
    for (int i = 0; i < 5; i++) {
      d[i] += c;
      c = d[i] >> 26;
      h[i] = d[i] & 0x3ffffff;
    }
    h[0] += c * 5;
    h[1] += h[0] >> 26;
    h[0] &= 0x3ffffff;
  }
  // full carry, then h mod p by comparing h + 5 with 2^130 (a test oracle: no
  // need for constant time here)
  uint64_t c = 0;
  for (int k = 0; k < 2; k++) {
    for (int i = 0; i < 5; i++) {
      h[i] += c;
      c = h[i] >> 26;
      h[i] &= 0x3ffffff;
    }
    h[0] += c * 5;
    c = 0;
  }
  uint64_t g[5];
  c = 5;
  for (int i = 0; i < 5; i++) {
    g[i] = h[i] + c;
    c = g[i] >> 26;
    g[i] &= 0x3ffffff;
  }
  if (c) memcpy(h, g, sizeof h);  // h + 5 >= 2^130: h >= p
  const uint64_t lo = h[0] | h[1] << 26 | h[2] << 52, hi = (h[2] >> 12) | h[3] << 14 | h[4] << 40;
  uint64_t s_lo = 0, s_hi = 0;
  for (int i = 7; i >= 0; i--) {
    s_lo = s_lo << 8 | key[16 + i];
    s_hi = s_hi << 8 | key[24 + i];
  }
  const uint64_t t_lo = lo + s_lo;
  const uint64_t t_hi = hi + s_hi + (t_lo < lo);
  for (int i = 0; i < 8; i++) {
    tag[i] = static_cast<uint8_t>(t_lo >> (8 * i));
    tag[8 + i] = static_cast<uint8_t>(t_hi >> (8 * i));
  }
}

Bytes ref_seal(const Bytes &key, const Bytes &nonce, const Bytes &ad, const Bytes &pt) {
  const Bytes block0 = ref_chacha20(key, 0, nonce, Bytes(64, 0));
  Bytes out = ref_chacha20(key, 1, nonce, pt);
  Bytes mac = ad;
  mac.resize((ad.size() + 15) / 16 * 16, 0);
  mac.insert(mac.end(), out.begin(), out.end());
  mac.resize((mac.size() + 15) / 16 * 16, 0);
  for (uint64_t v : {uint64_t{ad.size()}, uint64_t{pt.size()}})
    for (int i = 0; i < 8; i++) mac.push_back(static_cast<uint8_t>(v >> (8 * i)));
  uint8_t tag[16];
  ref_poly1305(block0.data(), mac, tag);
  out.insert(out.end(), tag, tag + 16);
  return out;
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
Bytes oracle_seal(const Bytes &k, const Bytes &n, const Bytes &ad, const Bytes &pt) {
  return openssl_seal(k, n, ad, pt);
}
Bytes oracle_chacha20(const Bytes &k, uint32_t c, const Bytes &n, const Bytes &in) {
  return openssl_chacha20(k, c, n, in);
}
#else
Bytes oracle_seal(const Bytes &k, const Bytes &n, const Bytes &ad, const Bytes &pt) {
  return ref_seal(k, n, ad, pt);
}
Bytes oracle_chacha20(const Bytes &k, uint32_t c, const Bytes &n, const Bytes &in) {
  return ref_chacha20(k, c, n, in);
}
#endif  // CTASM_TEST_OPENSSL

// The reference itself, against OpenSSL where both exist and the RFC 8439
// 2.8.2 example everywhere.
TEST(ChachaX86Reference, MatchesRfcAndOracle) {
  const Bytes key = ctasm_test::hex_bytes(
      "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
  const Bytes nonce = ctasm_test::hex_bytes("070000004041424344454647");
  const Bytes ad = ctasm_test::hex_bytes("50515253c0c1c2c3c4c5c6c7");
  const std::string text =
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
      "future, sunscreen would be it.";
  EXPECT_EQ(ctasm_test::to_hex(ref_seal(key, nonce, ad, Bytes(text.begin(), text.end()))).substr(228),
            "1ae10b594f09e26a7e902ecbd0600691");
  ctasm_test::TestRng rng(0x5eed);
  for (size_t len : {0u, 1u, 15u, 16u, 17u, 63u, 64u, 65u, 300u, 1000u}) {
    const Bytes k = rng.bytes(32), n = rng.bytes(12), a = rng.bytes(len % 40), m = rng.bytes(len);
    EXPECT_EQ(ref_seal(k, n, a, m), oracle_seal(k, n, a, m)) << len;
    EXPECT_EQ(ref_chacha20(k, 5, n, m), oracle_chacha20(k, 5, n, m)) << len;
  }
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

TEST_P(ChachaX86Tier, AeadDifferential) {
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
    const Bytes want = oracle_seal(key, nonce, ad, pt);
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

TEST_P(ChachaX86Tier, Chacha20Differential) {
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
    const Bytes want = oracle_chacha20(key, counter, nonce, in);
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

INSTANTIATE_TEST_SUITE_P(Tiers, ChachaX86Tier, ::testing::ValuesIn(kTiers),
                         [](const ::testing::TestParamInfo<const ChachaTier *> &i) {
                           return std::string(i.param->impl == ctasm::kChachaImplAvx2 ? "Avx2"
                                                                                     : "Ssse3");
                         });

}  // namespace
#endif  // CTASM_X86_64_ASM
