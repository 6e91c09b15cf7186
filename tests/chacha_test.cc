// SPDX-License-Identifier: Apache-2.0
// ChaCha20, Poly1305, HChaCha20 and the two AEADs against published vectors,
// on every tier this build and CPU can run (tests/chacha_tiers.h): RFC 8439
// sections 2.3.2, 2.4.2, 2.5.2, 2.6.2, 2.8.2 and appendix A.1-A.5 (A.2, A.3
// and A.5 read from the CAVP-style files of python3-cryptography-vectors, the
// rest inline), BoringSSL's padding and length cases (the same package),
// draft-irtf-cfrg-xchacha 2.2.1 and A.3.1, and Wycheproof
// chacha20_poly1305_test.json / xchacha20_poly1305_test.json (every case,
// invalid ones included). Each tier is called directly and through the
// public API. Also the tier tables, that every built tier runs here, and the
// raw stream's counter limit.
#include <gtest/gtest.h>
#include <string.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "chacha/poly1305_portable.h"
#include "chacha/state.h"
#include "chacha_tiers.h"
#include "ctasm/ctasm.h"
#include "test_util.h"

namespace {

using ctasm::ChachaTier;
using ctasm_test::from_hex;
using ctasm_test::hex_bytes;
using ctasm_test::to_hex;

std::vector<uint8_t> Seq(uint8_t first, size_t n) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; i++) v[i] = static_cast<uint8_t>(first + i);
  return v;
}

std::vector<uint8_t> Bytes(const char *s) { return std::vector<uint8_t>(s, s + strlen(s)); }

const char kSunscreen[] =
    "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
    "sunscreen would be it.";

class ChachaVectorTest : public ::testing::TestWithParam<const ChachaTier *> {
 protected:
  void SetUp() override { scope_.reset(new ctasm_test::ScopedChachaTier(GetParam())); }
  void TearDown() override { scope_.reset(); }

  // Stream check through the tier and through ctasm_chacha20, on a copy of pt
  // and in place.
  void CheckStream(const std::vector<uint8_t> &key, const std::vector<uint8_t> &nonce,
                   uint32_t counter, const std::vector<uint8_t> &pt, const std::string &want_hex) {
    ASSERT_EQ(32u, key.size());
    ASSERT_EQ(12u, nonce.size());
    const ctasm::ChachaState st = ctasm_test::ChachaStateOf(key.data(), counter, nonce.data());
    std::vector<uint8_t> out(pt.size() + 1, 0xee);
    GetParam()->chacha20(out.data(), pt.data(), pt.size(), &st);
    EXPECT_EQ(want_hex, to_hex(out.data(), pt.size())) << "tier chacha20";
    EXPECT_EQ(0xee, out[pt.size()]) << "wrote past len";
    std::vector<uint8_t> inplace = pt;
    ASSERT_EQ(1, ctasm_chacha20(inplace.data(), inplace.data(), inplace.size(), key.data(),
                                nonce.data(), counter));
    EXPECT_EQ(want_hex, to_hex(inplace)) << "ctasm_chacha20 in place";
  }

  // The tier's seal and open with the RFC's inputs, then the public API.
  void CheckAead(const std::vector<uint8_t> &key, const std::vector<uint8_t> &nonce,
                 const std::vector<uint8_t> &ad, const std::vector<uint8_t> &pt,
                 const std::string &ct_hex, const std::string &tag_hex) {
    const ctasm::ChachaState st = ctasm_test::ChachaStateOf(key.data(), 0, nonce.data());
    std::vector<uint8_t> ct(pt.size()), back(pt.size());
    uint8_t tag[16], tag2[16];
    GetParam()->seal(ct.data(), tag, pt.data(), pt.size(), ad.data(), ad.size(), &st);
    EXPECT_EQ(ct_hex, to_hex(ct));
    EXPECT_EQ(tag_hex, to_hex(tag, 16));
    GetParam()->open(back.data(), tag2, ct.data(), ct.size(), ad.data(), ad.size(), &st);
    EXPECT_EQ(to_hex(pt), to_hex(back));
    EXPECT_EQ(tag_hex, to_hex(tag2, 16)) << "open computes the same tag";

    ctasm_aead_ctx ctx;
    ASSERT_EQ(1, ctasm_aead_ctx_init(&ctx, ctasm_aead_chacha20_poly1305(), key.data(), 32, 0));
    std::vector<uint8_t> sealed(pt.size() + 16);
    size_t n = 0;
    ASSERT_EQ(1, ctasm_aead_seal(&ctx, sealed.data(), &n, sealed.size(), nonce.data(), 12, pt.data(),
                                 pt.size(), ad.data(), ad.size()));
    EXPECT_EQ(ct_hex + tag_hex, to_hex(sealed));
    ASSERT_EQ(1, ctasm_aead_open(&ctx, sealed.data(), &n, sealed.size(), nonce.data(), 12,
                                 sealed.data(), sealed.size(), ad.data(), ad.size()));
    EXPECT_EQ(pt.size(), n);
    EXPECT_EQ(to_hex(pt), to_hex(sealed.data(), n)) << "open in place";
    ctasm_aead_ctx_cleanup(&ctx);
  }

 private:
  std::unique_ptr<ctasm_test::ScopedChachaTier> scope_;
};

// The state the glue builds for the tiers (chacha/state.h: on x86_64 row 3
// packed into one 16-byte store) against RFC 8439 2.3 read from the bytes:
// words 0-7 the key, 8 the counter, 9-11 the nonce, little-endian.
TEST(ChachaStateTest, GlueStateIsTheRfcState) {
  uint8_t key[32], nonce[12];
  for (int i = 0; i < 32; i++) key[i] = static_cast<uint8_t>(0xf1 - 7 * i);
  for (int i = 0; i < 12; i++) nonce[i] = static_cast<uint8_t>(0x9d + 13 * i);  // high bits set
  const auto le32 = [](const uint8_t *p) {
    return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
           static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24;
  };
  for (uint32_t counter : {0u, 1u, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu}) {
    ctasm::ChachaState st;
    memset(&st, 0xa5, sizeof(st));
    ctasm::chacha_make_state(&st, key, counter, nonce);
    for (int i = 0; i < 8; i++) EXPECT_EQ(st.words[i], le32(key + 4 * i)) << "word " << i;
    EXPECT_EQ(st.words[8], counter);
    for (int i = 0; i < 3; i++) EXPECT_EQ(st.words[9 + i], le32(nonce + 4 * i)) << "word " << 9 + i;
    ctasm::chacha_wipe_state(&st);
    for (int i = 0; i < 12; i++) EXPECT_EQ(st.words[i], 0u) << "wiped word " << i;
  }
}

TEST_P(ChachaVectorTest, Rfc8439BlockFunction) {
  const std::vector<uint8_t> zero(64, 0), k0 = Seq(0, 32);
  // 2.3.2: the serialized block for counter 1 is the key stream itself.
  CheckStream(k0, hex_bytes("000000090000004a00000000"), 1, zero,
              "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
              "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e");
  // A.1, test vectors 1-5.
  std::vector<uint8_t> kz(32, 0), k1(32, 0), kff(32, 0);
  k1[31] = 1;
  kff[1] = 0xff;
  const std::vector<uint8_t> n0(12, 0), n2 = hex_bytes("000000000000000000000002");
  CheckStream(kz, n0, 0, zero,
              "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
              "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586");
  CheckStream(kz, n0, 1, zero,
              "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
              "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f");
  CheckStream(k1, n0, 1, zero,
              "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a"
              "8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0");
  CheckStream(kff, n0, 2, zero,
              "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca"
              "13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096");
  CheckStream(kz, n2, 0, zero,
              "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c7"
              "8a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d");
}

TEST_P(ChachaVectorTest, Rfc8439Encryption) {
  // 2.4.2.
  CheckStream(Seq(0, 32), hex_bytes("000000000000004a00000000"), 1, Bytes(kSunscreen),
              "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
              "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
              "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
              "5af90bbf74a35be6b40b8eedf2785e42874d");
  // A.2, from the vector file.
  const std::string path = ctasm_test::nist_vectors_dir() + "/ciphers/ChaCha20/rfc7539.txt";
  std::vector<ctasm_test::KvRecord> records;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_kv_file(path, &records, &err)) << err;
  size_t n = 0;
  for (const auto &r : records) {
    if (!r.has("KEY")) continue;
    SCOPED_TRACE(path + ":" + std::to_string(r.line));
    std::vector<uint8_t> key, nonce, pt;
    ASSERT_TRUE(from_hex(r.get("KEY"), &key) && from_hex(r.get("NONCE"), &nonce) &&
                from_hex(r.get("PLAINTEXT"), &pt));
    CheckStream(key, nonce, static_cast<uint32_t>(std::stoul(r.get("INITIAL_BLOCK_COUNTER"))), pt,
                r.get("CIPHERTEXT"));
    n++;
  }
  EXPECT_EQ(3u, n) << "RFC 8439 A.2 has three vectors";
}

TEST_P(ChachaVectorTest, Rfc8439PolyKeyGeneration) {
  // 2.6.2 and A.4: the Poly1305 key is the first 32 bytes of block 0.
  const std::vector<uint8_t> zero(32, 0);
  std::vector<uint8_t> k1(32, 0);
  k1[31] = 1;
  CheckStream(Seq(0x80, 32), hex_bytes("000000000001020304050607"), 0, zero,
              "8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646");
  CheckStream(std::vector<uint8_t>(32, 0), std::vector<uint8_t>(12, 0), 0, zero,
              "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7");
  CheckStream(k1, hex_bytes("000000000000000000000002"), 0, zero,
              "ecfa254f845f647473d3cb140da9e87606cb33066c447b87bc2666dde3fbb739");
  CheckStream(hex_bytes("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0"),
              hex_bytes("000000000000000000000002"), 0, zero,
              "965e3bc6f9ec7ed9560808f4d229f94b137ff275ca9b3fcbdd59deaad23310ae");
}

TEST_P(ChachaVectorTest, Rfc8439Aead) {
  // 2.8.2.
  CheckAead(Seq(0x80, 32), hex_bytes("070000004041424344454647"),
            hex_bytes("50515253c0c1c2c3c4c5c6c7"), Bytes(kSunscreen),
            "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
            "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
            "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
            "3ff4def08e4b7a9de576d26586cec64b6116",
            "1ae10b594f09e26a7e902ecbd0600691");
  // A.5 and the OpenSSL vectors around it (one with a wrong tag).
  const std::string path = ctasm_test::nist_vectors_dir() + "/ciphers/ChaCha20Poly1305/openssl.txt";
  std::vector<ctasm_test::KvRecord> records;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_kv_file(path, &records, &err)) << err;
  size_t good = 0, bad = 0;
  for (const auto &r : records) {
    if (!r.has("Key")) continue;
    SCOPED_TRACE(path + ":" + std::to_string(r.line));
    std::vector<uint8_t> key, nonce, ad, pt, ct, tag;
    ASSERT_TRUE(from_hex(r.get("Key"), &key) && from_hex(r.get("IV"), &nonce) &&
                from_hex(r.get("AAD"), &ad) && from_hex(r.get("Plaintext"), &pt) &&
                from_hex(r.get("Ciphertext"), &ct) && from_hex(r.get("Tag"), &tag));
    if (r.has("Result")) {
      ctasm_aead_ctx ctx;
      ASSERT_EQ(1, ctasm_aead_ctx_init(&ctx, ctasm_aead_chacha20_poly1305(), key.data(), 32, 0));
      std::vector<uint8_t> sealed = ct, out(ct.size(), 0x5a);
      sealed.insert(sealed.end(), tag.begin(), tag.end());
      size_t n = 7;
      EXPECT_EQ(0, ctasm_aead_open(&ctx, out.data(), &n, out.size(), nonce.data(), 12, sealed.data(),
                                   sealed.size(), ad.data(), ad.size()));
      EXPECT_EQ(7u, n);
      EXPECT_EQ(std::vector<uint8_t>(ct.size(), 0), out) << "a failed open leaves zeros";
      bad++;
      continue;
    }
    CheckAead(key, nonce, ad, pt, to_hex(ct), to_hex(tag));
    good++;
  }
  EXPECT_EQ(4u, good);
  EXPECT_EQ(1u, bad);
}

// BoringSSL's padding and length cases (the file's first record is RFC 8439
// 2.8.2), as python3-cryptography-vectors carries them: hex, or text in quotes.
TEST_P(ChachaVectorTest, BoringSslVectors) {
  const std::string path = ctasm_test::nist_vectors_dir() + "/ciphers/ChaCha20Poly1305/boringssl.txt";
  std::vector<ctasm_test::KvRecord> records;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_kv_file(path, &records, &err)) << err;
  auto field = [](const std::string &v, std::vector<uint8_t> *out) {
    if (v.size() >= 2 && v.front() == '"' && v.back() == '"') {
      out->assign(v.begin() + 1, v.end() - 1);
      return true;
    }
    return from_hex(v, out);
  };
  size_t n = 0;
  for (const auto &r : records) {
    if (!r.has("KEY")) continue;
    SCOPED_TRACE(path + ":" + std::to_string(r.line));
    std::vector<uint8_t> key, nonce, ad, pt, ct, tag;
    ASSERT_TRUE(field(r.get("KEY"), &key) && field(r.get("NONCE"), &nonce) && field(r.get("AD"), &ad) &&
                field(r.get("IN"), &pt) && field(r.get("CT"), &ct) && field(r.get("TAG"), &tag));
    ASSERT_EQ(12u, nonce.size());
    CheckAead(key, nonce, ad, pt, to_hex(ct), to_hex(tag));
    n++;
  }
  EXPECT_EQ(66u, n);
}

TEST_P(ChachaVectorTest, XChachaDraftA31) {
  const std::vector<uint8_t> key = Seq(0x80, 32), pt = Bytes(kSunscreen),
                             ad = hex_bytes("50515253c0c1c2c3c4c5c6c7"),
                             nonce = hex_bytes("404142434445464748494a4b4c4d4e4f5051525354555657");
  ctasm_aead_ctx ctx;
  ASSERT_EQ(1, ctasm_aead_ctx_init(&ctx, ctasm_aead_xchacha20_poly1305(), key.data(), 32, 16));
  std::vector<uint8_t> sealed(pt.size() + 16);
  size_t n = 0;
  ASSERT_EQ(1, ctasm_aead_seal(&ctx, sealed.data(), &n, sealed.size(), nonce.data(), 24, pt.data(),
                               pt.size(), ad.data(), ad.size()));
  EXPECT_EQ(
      "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb"
      "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452"
      "2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"
      "21f9664c97637da9768812f615c68b13b52e"
      "c0875924c1c7987947deafd8780acf49",
      to_hex(sealed));
  std::vector<uint8_t> out(pt.size());
  ASSERT_EQ(1, ctasm_aead_open(&ctx, out.data(), &n, out.size(), nonce.data(), 24, sealed.data(),
                               sealed.size(), ad.data(), ad.size()));
  EXPECT_EQ(pt, out);
}

// Wycheproof: valid cases seal to ct || tag and open back; invalid ones are
// refused: a wrong nonce size by seal and open, a bad tag by open, with zeros
// left in out.
void RunWycheproof(const char *file, const ctasm_aead *aead, size_t nonce_len, size_t *valid,
                   size_t *invalid) {
  const std::string path = ctasm_test::test_vectors_dir() + "/wycheproof/" + file;
  ctasm_test::Json doc;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_json_file(path, &doc, &err)) << err;
  const ctasm_test::Json &groups = doc["testGroups"];
  for (size_t g = 0; g < groups.size(); g++) {
    const ctasm_test::Json &tests = groups[g]["tests"];
    for (size_t i = 0; i < tests.size(); i++) {
      const ctasm_test::Json &tc = tests[i];
      SCOPED_TRACE(std::string(file) + " tcId " + std::to_string(static_cast<int>(tc["tcId"].as_number())));
      std::vector<uint8_t> key, iv, ad, msg, ct, tag;
      ASSERT_TRUE(from_hex(tc["key"].as_string(), &key) && from_hex(tc["iv"].as_string(), &iv) &&
                  from_hex(tc["aad"].as_string(), &ad) && from_hex(tc["msg"].as_string(), &msg) &&
                  from_hex(tc["ct"].as_string(), &ct) && from_hex(tc["tag"].as_string(), &tag));
      ctasm_aead_ctx ctx;
      ASSERT_EQ(1, ctasm_aead_ctx_init(&ctx, aead, key.data(), key.size(), tag.size()));
      std::vector<uint8_t> sealed = ct;
      sealed.insert(sealed.end(), tag.begin(), tag.end());
      std::vector<uint8_t> out(sealed.size() + 1, 0x5a);
      size_t n = 12345;
      const std::string &result = tc["result"].as_string();
      if (result == "valid") {
        ASSERT_EQ(nonce_len, iv.size());
        ASSERT_EQ(1, ctasm_aead_seal(&ctx, out.data(), &n, sealed.size(), iv.data(), iv.size(),
                                     msg.data(), msg.size(), ad.data(), ad.size()));
        EXPECT_EQ(to_hex(sealed), to_hex(out.data(), n));
        EXPECT_EQ(0x5a, out[sealed.size()]);
        std::vector<uint8_t> pt(msg.size() + 1, 0x5a);
        ASSERT_EQ(1, ctasm_aead_open(&ctx, pt.data(), &n, msg.size(), iv.data(), iv.size(),
                                     sealed.data(), sealed.size(), ad.data(), ad.size()));
        EXPECT_EQ(msg.size(), n);
        EXPECT_EQ(to_hex(msg), to_hex(pt.data(), n));
        (*valid)++;
      } else {
        ASSERT_EQ("invalid", result);
        if (iv.size() != nonce_len) {
          EXPECT_EQ(0, ctasm_aead_seal(&ctx, out.data(), &n, out.size(), iv.data(), iv.size(),
                                       msg.data(), msg.size(), ad.data(), ad.size()));
        }
        std::vector<uint8_t> pt(msg.size() + 1, 0x5a);
        EXPECT_EQ(0, ctasm_aead_open(&ctx, pt.data(), &n, msg.size(), iv.data(), iv.size(),
                                     sealed.data(), sealed.size(), ad.data(), ad.size()));
        EXPECT_EQ(12345u, n);
        std::vector<uint8_t> want(msg.size() + 1, iv.size() == nonce_len ? 0 : 0x5a);
        want[msg.size()] = 0x5a;
        EXPECT_EQ(to_hex(want), to_hex(pt))
            << "refused before anything (nonce size) or zeroed (tag)";
        (*invalid)++;
      }
      ctasm_aead_ctx_cleanup(&ctx);
    }
  }
}

TEST_P(ChachaVectorTest, Wycheproof) {
  size_t valid = 0, invalid = 0;
  RunWycheproof("chacha20_poly1305_test.json", ctasm_aead_chacha20_poly1305(), 12, &valid, &invalid);
  EXPECT_EQ(325u, valid + invalid);
  EXPECT_GT(valid, 0u);
  EXPECT_GT(invalid, 0u);
  valid = invalid = 0;
  RunWycheproof("xchacha20_poly1305_test.json", ctasm_aead_xchacha20_poly1305(), 24, &valid,
                &invalid);
  EXPECT_EQ(315u, valid + invalid);
  EXPECT_GT(valid, 0u);
  EXPECT_GT(invalid, 0u);
}

TEST_P(ChachaVectorTest, ImplNamesTheTier) {
  EXPECT_STREQ(GetParam()->name, ctasm_aead_impl(ctasm_aead_chacha20_poly1305()));
  EXPECT_STREQ(GetParam()->name, ctasm_aead_impl(ctasm_aead_xchacha20_poly1305()));
  ctasm_aead_ctx ctx;
  const uint8_t key[32] = {1};
  ASSERT_EQ(1, ctasm_aead_ctx_init(&ctx, ctasm_aead_chacha20_poly1305(), key, 32, 0));
  EXPECT_EQ(static_cast<uint32_t>(GetParam()->impl), ctx.ctasm_private_impl);
}

// The raw stream runs to the last block, 2^32 - 1, and refuses one byte more.
TEST_P(ChachaVectorTest, StreamCounterLimit) {
  const std::vector<uint8_t> key = Seq(7, 32), nonce = Seq(50, 12);
  for (uint32_t counter : {0xffffffffu, 0xfffffffeu, 0xfffffff0u}) {
    SCOPED_TRACE(counter);
    const size_t fits = 64 * static_cast<size_t>(0x100000000ull - counter);
    std::vector<uint8_t> in(fits + 1, 0), out(fits + 1, 0xab);
    // The last block, counter 2^32 - 1, against the portable block function.
    ASSERT_EQ(1, ctasm_chacha20(out.data(), in.data(), fits, key.data(), nonce.data(), counter));
    const ctasm::ChachaState last = ctasm_test::ChachaStateOf(key.data(), 0xffffffffu, nonce.data());
    uint8_t want[64];
    ctasm::chacha_portable::block(want, &last);
    EXPECT_EQ(to_hex(want, 64), to_hex(out.data() + fits - 64, 64));
    EXPECT_EQ(0xab, out[fits]);
    ASSERT_EQ(1, ctasm_chacha20(out.data(), in.data(), fits - 63, key.data(), nonce.data(), counter));
    std::vector<uint8_t> before = out;
    EXPECT_EQ(0, ctasm_chacha20(out.data(), in.data(), fits + 1, key.data(), nonce.data(), counter));
    EXPECT_EQ(before, out) << "a refused call writes nothing";
  }
  std::vector<uint8_t> buf(1);
  EXPECT_EQ(1, ctasm_chacha20(buf.data(), buf.data(), 1, key.data(), nonce.data(), 0));
  EXPECT_EQ(1, ctasm_chacha20(nullptr, nullptr, 0, key.data(), nonce.data(), 0xffffffffu));
}

INSTANTIATE_TEST_SUITE_P(Tiers, ChachaVectorTest,
                         ::testing::ValuesIn(ctasm_test::AvailableChachaTiers()),
                         ctasm_test::ChachaTierTestName);

// Poly1305 alone (the portable tier's MAC): RFC 8439 2.5.2 and A.3.
TEST(Poly1305Portable, Rfc8439) {
  auto mac = [](const std::vector<uint8_t> &key, const std::vector<uint8_t> &msg, size_t split) {
    ctasm::poly1305_portable::State st;
    ctasm::poly1305_portable::init(&st, key.data());
    ctasm::poly1305_portable::update(&st, msg.data(), split);
    ctasm::poly1305_portable::update(&st, msg.data() + split, msg.size() - split);
    uint8_t tag[16];
    ctasm::poly1305_portable::finish(&st, tag);
    return to_hex(tag, 16);
  };
  const std::vector<uint8_t> k252 =
      hex_bytes("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
  const std::vector<uint8_t> m252 = Bytes("Cryptographic Forum Research Group");
  for (size_t split = 0; split <= m252.size(); split++) {
    EXPECT_EQ("a8061dc1305136c6c22b8baf0c0127a9", mac(k252, m252, split)) << split;
  }
  const std::string path = ctasm_test::nist_vectors_dir() + "/poly1305/rfc7539.txt";
  std::vector<ctasm_test::KvRecord> records;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_kv_file(path, &records, &err)) << err;
  size_t n = 0;
  for (const auto &r : records) {
    if (!r.has("KEY")) continue;
    SCOPED_TRACE(path + ":" + std::to_string(r.line));
    std::vector<uint8_t> key, msg, tag;
    ASSERT_TRUE(from_hex(r.get("KEY"), &key) && from_hex(r.get("MSG"), &msg) &&
                from_hex(r.get("TAG"), &tag));
    for (size_t split : {static_cast<size_t>(0), msg.size() / 2, msg.size()}) {
      EXPECT_EQ(to_hex(tag), mac(key, msg, split));
    }
    n++;
  }
  EXPECT_EQ(11u, n) << "RFC 8439 A.3 has eleven vectors";
}

// draft-irtf-cfrg-xchacha 2.2.1.
TEST(HChacha20, Draft221) {
  const std::vector<uint8_t> key = Seq(0, 32),
                             nonce = hex_bytes("000000090000004a0000000031415927");
  uint8_t out[32];
  ctasm::chacha_portable::hchacha20(out, key.data(), nonce.data());
  EXPECT_EQ("82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc", to_hex(out, 32));
}

// Every tier this build has runs on this CPU, or the tests above, which run
// the capable ones, would pass without it: fail, naming it.
TEST(ChachaTiers, EveryBuiltTierRunsHere) {
  const std::vector<const ChachaTier *> runnable = ctasm_test::AvailableChachaTiers();
  for (size_t i = 0; i < ctasm::kChachaTierCount; i++) {
    const ChachaTier *t = ctasm::kChachaTiers[i];
    if (std::find(runnable.begin(), runnable.end(), t) != runnable.end()) continue;
    if (ctasm_test::Avx512TierRunsOnlyInBochs(t)) {  // loud, and run elsewhere
      ctasm_test::NoteAvx512NotRunHere("ChachaTiers.EveryBuiltTierRunsHere");
      ::testing::Test::RecordProperty("chacha_avx512", "not run here: util/bochs512");
      continue;
    }
    ADD_FAILURE() << t->name << " is built but this CPU cannot run it (" << ctasm_cpu_caps() << "): untested";
  }
}

#if defined(CTASM_X86_64_ASM)
// chacha-avx512ifma comes first where the CPU has AVX-512 F/BW/VL and IFMA,
// then chacha-avx512; CTASM_CPU=-avx512ifma takes the first away, -avx512
// (or -avx, which takes avx512 with it) both: the tiers' capable() reads the
// masked capabilities. Judged with capability sets made up here and nothing
// called, so it runs on any CPU.
TEST(ChachaTiers, Avx512FirstAndMaskedByCtasmCpu) {
  using namespace ctasm::cpu_internal;
  EXPECT_EQ(&ctasm::kChachaTierAvx512Ifma, ctasm::kChachaTiers[0]);
  EXPECT_EQ(&ctasm::kChachaTierAvx512, ctasm::kChachaTiers[1]);
  const uint32_t all = ctasm::kSSSE3 | ctasm::kSSE41 | ctasm::kAVX | ctasm::kAVX2 | ctasm::kAVX512 |
                       ctasm::kAVX512IFMA;
  ctasm::testing::set_cpu_caps_for_testing(all);
  EXPECT_STREQ("chacha-avx512ifma", ctasm::chacha_select_tier().name);
  ctasm::testing::set_cpu_caps_for_testing(normalize_caps(all & ~parse_cpu_mask("-avx512ifma").remove));
  EXPECT_STREQ("chacha-avx512", ctasm::chacha_select_tier().name);
  ctasm::testing::set_cpu_caps_for_testing(all & ~ctasm::kAVX512IFMA);
  EXPECT_STREQ("chacha-avx512", ctasm::chacha_select_tier().name);
  ctasm::testing::set_cpu_caps_for_testing(normalize_caps(all & ~parse_cpu_mask("-avx512").remove));
  EXPECT_STREQ("chacha-avx2", ctasm::chacha_select_tier().name);
  ctasm::testing::set_cpu_caps_for_testing(normalize_caps(all & ~parse_cpu_mask("-avx").remove));
  EXPECT_STREQ("chacha-ssse3", ctasm::chacha_select_tier().name);
  ctasm::testing::reset_cpu_caps_for_testing();
}
#endif

// The two tables say the same, best first, the portable tier last.
TEST(ChachaTiers, TablesAgree) {
  ASSERT_GE(ctasm::kChachaTierCount, 1u);
  EXPECT_EQ(&ctasm::kChachaTierPortable, ctasm::kChachaTiers[ctasm::kChachaTierCount - 1]);
  std::set<std::string> names;
  size_t listed = 0;
  for (size_t i = 0; i < ctasm::kChachaTierCount; i++) {
    const ChachaTier *t = ctasm::kChachaTiers[i];
    ASSERT_LT(static_cast<size_t>(t->impl), static_cast<size_t>(ctasm::kChachaImplCount));
    EXPECT_EQ(t, ctasm::kChachaTierByImpl[t->impl]) << t->name;
    EXPECT_TRUE(names.insert(t->name).second) << t->name;
    EXPECT_EQ(0, strncmp(t->name, "chacha-", 7)) << t->name;
  }
  for (size_t i = 0; i < ctasm::kChachaImplCount; i++) listed += ctasm::kChachaTierByImpl[i] != nullptr;
  EXPECT_EQ(ctasm::kChachaTierCount, listed);
  EXPECT_EQ(nullptr, ctasm::kChachaTierByImpl[ctasm::kChachaImplNone]);
  EXPECT_TRUE(ctasm::kChachaTierPortable.capable());
}

}  // namespace
