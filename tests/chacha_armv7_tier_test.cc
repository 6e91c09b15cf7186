// SPDX-License-Identifier: Apache-2.0
// The ARMv7 NEON ChaCha20-Poly1305 tier (kChachaTierNeonArmv7) called directly,
// against independent answers: RFC 8439 (2.3.2, 2.4.2, 2.6.2 here; 2.8.2 and
// A.2 from the Debian cryptography vectors, which reformat them), Wycheproof
// chacha20_poly1305_test.json, and tests/vectors/chacha_armv7_vectors.json
// (python3 cryptography, tests/chacha_armv7_vectors.py): lengths n*64-1, n*64,
// n*64+1 up to 10 blocks (past the 3-block batch), AD 0..64, raw ChaCha20 from
// given counters. Every call also runs in place and from unaligned buffers,
// with guard bytes after out.
#include "internal/asm_config.h"

#if defined(CTASM_ARMV7_ASM)

#include <gtest/gtest.h>

#include <stdint.h>
#include <string.h>

#include <string>
#include <vector>

#include "chacha/internal.h"
#include "test_util.h"

namespace {

using Bytes = std::vector<uint8_t>;
const ctasm::ChachaTier &Tier() { return ctasm::kChachaTierNeonArmv7; }

uint32_t le32(const uint8_t *p) {
  return p[0] | (p[1] << 8) | (p[2] << 16) | (static_cast<uint32_t>(p[3]) << 24);
}

ctasm::ChachaState MakeState(const Bytes &key, uint32_t counter, const Bytes &nonce) {
  EXPECT_EQ(key.size(), 32u);
  EXPECT_EQ(nonce.size(), 12u);
  ctasm::ChachaState st;
  for (int i = 0; i < 8; i++) st.words[i] = le32(key.data() + 4 * i);
  st.words[8] = counter;
  for (int i = 0; i < 3; i++) st.words[9 + i] = le32(nonce.data() + 4 * i);
  return st;
}

constexpr size_t kGuard = 32;
constexpr uint8_t kGuardByte = 0xa5;

// ChaCha20 of in at every alignment of in and out (0..3), and in place;
// each result must equal want and leave the guard after out untouched.
void CheckStream(const ctasm::ChachaState &st, const Bytes &in, const Bytes &want,
                 const std::string &what) {
  const size_t n = in.size();
  const ctasm::ChachaState copy = st;
  for (size_t a = 0; a < 4; a++) {
    std::vector<uint8_t> ib(n + 4), ob(n + 4 + kGuard, kGuardByte);
    if (n) memcpy(ib.data() + a, in.data(), n);
    Tier().chacha20(ob.data() + (3 - a), ib.data() + a, n, &st);
    EXPECT_EQ(ctasm_test::to_hex(ob.data() + (3 - a), n), ctasm_test::to_hex(want))
        << what << " alignment " << a;
    for (size_t g = 3 - a + n; g < ob.size(); g++) ASSERT_EQ(ob[g], kGuardByte) << what << " guard";
    // in place
    Tier().chacha20(ib.data() + a, ib.data() + a, n, &st);
    EXPECT_EQ(ctasm_test::to_hex(ib.data() + a, n), ctasm_test::to_hex(want))
        << what << " in place, alignment " << a;
  }
  EXPECT_EQ(memcmp(&copy, &st, sizeof st), 0) << what << ": the state was modified";
}

// Seal and open at several alignments and in place: out, tag must match.
void CheckAead(const Bytes &key, const Bytes &nonce, const Bytes &ad, const Bytes &pt,
               const Bytes &ct, const Bytes &tag, const std::string &what) {
  ASSERT_EQ(pt.size(), ct.size()) << what;
  const size_t n = pt.size();
  const ctasm::ChachaState st = MakeState(key, 0, nonce);
  for (size_t a = 0; a < 4; a++) {
    for (int dir = 0; dir < 2; dir++) {
      const Bytes &in = dir == 0 ? pt : ct;
      const Bytes &want = dir == 0 ? ct : pt;
      auto fn = dir == 0 ? Tier().seal : Tier().open;
      const char *name = dir == 0 ? "seal" : "open";
      std::vector<uint8_t> ib(n + 4), ob(n + 4 + kGuard, kGuardByte), adb(ad.size() + 4);
      std::vector<uint8_t> tb(16 + 4 + kGuard, kGuardByte);
      if (n) memcpy(ib.data() + a, in.data(), n);
      if (!ad.empty()) memcpy(adb.data() + (a ^ 1), ad.data(), ad.size());
      uint8_t *out = ob.data() + (3 - a), *t = tb.data() + a;
      fn(out, t, ib.data() + a, n, adb.data() + (a ^ 1), ad.size(), &st);
      EXPECT_EQ(ctasm_test::to_hex(out, n), ctasm_test::to_hex(want)) << what << " " << name << " a" << a;
      EXPECT_EQ(ctasm_test::to_hex(t, 16), ctasm_test::to_hex(tag)) << what << " " << name << " tag a" << a;
      for (size_t g = 3 - a + n; g < ob.size(); g++) ASSERT_EQ(ob[g], kGuardByte) << what << " guard";
      for (size_t g = a + 16; g < tb.size(); g++) ASSERT_EQ(tb[g], kGuardByte) << what << " tag guard";
      // in place
      uint8_t t2[16];
      fn(ib.data() + a, t2, ib.data() + a, n, adb.data() + (a ^ 1), ad.size(), &st);
      EXPECT_EQ(ctasm_test::to_hex(ib.data() + a, n), ctasm_test::to_hex(want))
          << what << " " << name << " in place a" << a;
      EXPECT_EQ(ctasm_test::to_hex(t2, 16), ctasm_test::to_hex(tag)) << what << " " << name << " in place tag";
    }
  }
}

class ChachaArmv7 : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(Tier().capable()) << "no NEON: kChachaTierNeonArmv7 cannot run here";
  }
};

Bytes Key00() {
  Bytes k(32);
  for (int i = 0; i < 32; i++) k[i] = static_cast<uint8_t>(i);
  return k;
}

const char kSunscreen[] =
    "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
    "future, sunscreen would be it.";

TEST_F(ChachaArmv7, Rfc8439Section232Block) {
  CheckStream(MakeState(Key00(), 1, ctasm_test::hex_bytes("000000090000004a00000000")), Bytes(64),
              ctasm_test::hex_bytes("10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
                                    "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"),
              "RFC 8439 2.3.2");
}

TEST_F(ChachaArmv7, Rfc8439Section242Encryption) {
  Bytes pt(kSunscreen, kSunscreen + strlen(kSunscreen));
  CheckStream(MakeState(Key00(), 1, ctasm_test::hex_bytes("000000000000004a00000000")), pt,
              ctasm_test::hex_bytes(
                  "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab"
                  "8f593dabcd62b3571639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e"
                  "52bc514d16ccf806818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d"),
              "RFC 8439 2.4.2");
}

// 2.6.2: the Poly1305 key is the first 32 bytes of block 0.
TEST_F(ChachaArmv7, Rfc8439Section262KeyGeneration) {
  Bytes key(32);
  for (int i = 0; i < 32; i++) key[i] = static_cast<uint8_t>(0x80 + i);
  CheckStream(MakeState(key, 0, ctasm_test::hex_bytes("000000000001020304050607")), Bytes(32),
              ctasm_test::hex_bytes("8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646"),
              "RFC 8439 2.6.2");
}

Bytes FieldBytes(const std::string &v) {  // hex, or a "quoted" string as the files write text
  if (v.size() >= 2 && v.front() == '"' && v.back() == '"') return Bytes(v.begin() + 1, v.end() - 1);
  return ctasm_test::hex_bytes(v);
}

// RFC 8439 A.2 (the ChaCha20 encryptions), from cryptography_vectors.
TEST_F(ChachaArmv7, Rfc8439AppendixA2) {
  const std::string path = ctasm_test::nist_vectors_dir() + "/ciphers/ChaCha20/rfc7539.txt";
  std::vector<ctasm_test::KvRecord> recs;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_kv_file(path, &recs, &err)) << err << " (python3-cryptography-vectors)";
  size_t n = 0;
  for (const auto &r : recs) {
    if (!r.has("KEY")) continue;
    CheckStream(MakeState(FieldBytes(r.get("KEY")),
                          static_cast<uint32_t>(std::stoul(r.get("INITIAL_BLOCK_COUNTER"))),
                          FieldBytes(r.get("NONCE"))),
                FieldBytes(r.get("PLAINTEXT")), FieldBytes(r.get("CIPHERTEXT")),
                "A.2 line " + std::to_string(r.line));
    n++;
  }
  EXPECT_EQ(n, 3u);
}

// RFC 8439 2.8.2 (the file's first record, "Section 2.8.1" of RFC 7539) and
// BoringSSL's padding and length cases, from cryptography_vectors.
TEST_F(ChachaArmv7, Rfc8439Section282AndBoringSslVectors) {
  const std::string path =
      ctasm_test::nist_vectors_dir() + "/ciphers/ChaCha20Poly1305/boringssl.txt";
  std::vector<ctasm_test::KvRecord> recs;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_kv_file(path, &recs, &err)) << err << " (python3-cryptography-vectors)";
  size_t n = 0;
  bool saw_rfc = false;
  for (const auto &r : recs) {
    if (!r.has("KEY")) continue;
    Bytes nonce = FieldBytes(r.get("NONCE"));
    Bytes key = FieldBytes(r.get("KEY"));
    ASSERT_EQ(nonce.size(), 12u) << "line " << r.line;
    Bytes tag = FieldBytes(r.get("TAG"));
    if (r.get("TAG") == "1ae10b594f09e26a7e902ecbd0600691") saw_rfc = true;
    CheckAead(key, nonce, FieldBytes(r.get("AD")), FieldBytes(r.get("IN")), FieldBytes(r.get("CT")),
              tag, "boringssl.txt line " + std::to_string(r.line));
    n++;
  }
  EXPECT_TRUE(saw_rfc) << "RFC 8439 2.8.2 not in " << path;
  EXPECT_EQ(n, 66u);
}

TEST_F(ChachaArmv7, Wycheproof) {
  const std::string path = ctasm_test::test_vectors_dir() + "/wycheproof/chacha20_poly1305_test.json";
  ctasm_test::Json doc;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_json_file(path, &doc, &err)) << err;
  size_t valid = 0, invalid = 0, other_nonce = 0;
  const ctasm_test::Json &groups = doc["testGroups"];
  for (size_t g = 0; g < groups.size(); g++) {
    const ctasm_test::Json &grp = groups[g];
    const ctasm_test::Json &tests = grp["tests"];
    for (size_t i = 0; i < tests.size(); i++) {
      const ctasm_test::Json &t = tests[i];
      Bytes key = ctasm_test::hex_bytes(t["key"].as_string());
      Bytes iv = ctasm_test::hex_bytes(t["iv"].as_string());
      Bytes ad = ctasm_test::hex_bytes(t["aad"].as_string());
      Bytes msg = ctasm_test::hex_bytes(t["msg"].as_string());
      Bytes ct = ctasm_test::hex_bytes(t["ct"].as_string());
      Bytes tag = ctasm_test::hex_bytes(t["tag"].as_string());
      const std::string id = "tcId " + std::to_string(static_cast<int>(t["tcId"].as_number()));
      if (iv.size() != 12 || key.size() != 32) {
        // The tier takes a 12-byte nonce in its state: other sizes are the
        // API's to refuse (tested there), never the tier's.
        EXPECT_EQ(t["result"].as_string(), "invalid") << id;
        other_nonce++;
        continue;
      }
      if (t["result"].as_string() == "valid") {
        CheckAead(key, iv, ad, msg, ct, tag, "wycheproof " + id);
        valid++;
      } else {
        // A modified tag or ciphertext: open must compute a different tag (the
        // glue's comparison then refuses it).
        const ctasm::ChachaState st = MakeState(key, 0, iv);
        Bytes out(ct.size() + 1);
        uint8_t got[16];
        Tier().open(out.data(), got, ct.data(), ct.size(), ad.data(), ad.size(), &st);
        EXPECT_NE(ctasm_test::to_hex(got, 16), ctasm_test::to_hex(tag)) << "wycheproof " << id;
        invalid++;
      }
    }
  }
  EXPECT_GT(valid, 200u);
  EXPECT_GT(invalid, 50u);
  printf("wycheproof chacha20_poly1305: %zu valid, %zu invalid, %zu other nonce sizes (API)\n", valid,
         invalid, other_nonce);
}

TEST_F(ChachaArmv7, IndependentVectors) {
  const std::string path = ctasm_test::test_vectors_dir() + "/chacha_armv7_vectors.json";
  ctasm_test::Json doc;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_json_file(path, &doc, &err)) << err;
  const ctasm_test::Json &aead = doc["aead"];
  ASSERT_GT(aead.size(), 100u);
  for (size_t i = 0; i < aead.size(); i++) {
    const ctasm_test::Json &v = aead[i];
    Bytes pt = ctasm_test::hex_bytes(v["pt"].as_string());
    Bytes ad = ctasm_test::hex_bytes(v["ad"].as_string());
    CheckAead(ctasm_test::hex_bytes(v["key"].as_string()), ctasm_test::hex_bytes(v["nonce"].as_string()),
              ad, pt, ctasm_test::hex_bytes(v["ct"].as_string()),
              ctasm_test::hex_bytes(v["tag"].as_string()),
              "aead " + std::to_string(i) + " (" + std::to_string(pt.size()) + " bytes, AD " +
                  std::to_string(ad.size()) + ")");
  }
  const ctasm_test::Json &cc = doc["chacha20"];
  ASSERT_GT(cc.size(), 30u);
  for (size_t i = 0; i < cc.size(); i++) {
    const ctasm_test::Json &v = cc[i];
    Bytes in = ctasm_test::hex_bytes(v["in"].as_string());
    uint32_t counter = static_cast<uint32_t>(v["counter"].as_number());
    CheckStream(MakeState(ctasm_test::hex_bytes(v["key"].as_string()), counter,
                          ctasm_test::hex_bytes(v["nonce"].as_string())),
                in, ctasm_test::hex_bytes(v["out"].as_string()),
                "chacha20 " + std::to_string(i) + " (" + std::to_string(in.size()) +
                    " bytes, counter " + std::to_string(counter) + ")");
  }
}

// Poly1305's final reduction at its edges (issue 15 part 6): the generator
// solved each message's last ciphertext block so that the accumulator lands on
// p - 1, p - 2, 2^130 - 2^26 (top limbs all ones, below p), ... and, in this
// tier's arithmetic, on p + v for v = 0..6 and 2^26 - 1: at and just above p
// and at 2^130 (armv7_acc, from the generator's emulation); the tags
// are the cryptography package's. An equality test of one limb instead of the
// borrow of the full subtraction of p fails these.
TEST_F(ChachaArmv7, Poly1305ReductionEdges) {
  const std::string path = ctasm_test::test_vectors_dir() + "/chacha_armv7_vectors.json";
  ctasm_test::Json doc;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_json_file(path, &doc, &err)) << err;
  const ctasm_test::Json &edges = doc["edges"];
  ASSERT_GE(edges.size(), 48u);
  size_t at_or_above_p = 0;
  for (size_t i = 0; i < edges.size(); i++) {
    const ctasm_test::Json &v = edges[i];
    const std::string acc = v["armv7_acc"].as_string();
    const std::string p_hex = "0x3" + std::string(31, 'f') + "b";  // 2^130 - 5
    if (acc.size() == p_hex.size() && acc >= p_hex) at_or_above_p++;
    CheckAead(ctasm_test::hex_bytes(v["key"].as_string()), ctasm_test::hex_bytes(v["nonce"].as_string()),
              ctasm_test::hex_bytes(v["ad"].as_string()), ctasm_test::hex_bytes(v["pt"].as_string()),
              ctasm_test::hex_bytes(v["ct"].as_string()), ctasm_test::hex_bytes(v["tag"].as_string()),
              "edge " + std::to_string(i) + " (value " + v["target"].as_string() + ", accumulator " +
                  acc + ")");
  }
  EXPECT_GE(at_or_above_p, 15u) << "no case reaches the reduction with an accumulator >= p";
}

// Every length 0..704 (past three 3-block batches), AD of changing length:
// the seal's ciphertext is the raw key stream from block 1 (checked against
// the vectors above), open inverts it and computes the same tag.
TEST_F(ChachaArmv7, SealOpenConsistentAtEveryLength) {
  ctasm_test::TestRng rng(0xc4a7);
  Bytes key = rng.bytes(32), nonce = rng.bytes(12);
  const ctasm::ChachaState st = MakeState(key, 0, nonce), st1 = MakeState(key, 1, nonce);
  for (size_t n = 0; n <= 704; n++) {
    Bytes pt = rng.bytes(n), ad = rng.bytes(n % 67);
    Bytes ct(n + 1), back(n + 1), stream(n + 1);
    uint8_t t1[16], t2[16];
    Tier().seal(ct.data(), t1, pt.data(), n, ad.data(), ad.size(), &st);
    Tier().chacha20(stream.data(), pt.data(), n, &st1);
    ASSERT_EQ(memcmp(ct.data(), stream.data(), n), 0) << n;
    Tier().open(back.data(), t2, ct.data(), n, ad.data(), ad.size(), &st);
    ASSERT_EQ(memcmp(back.data(), pt.data(), n), 0) << n;
    ASSERT_EQ(memcmp(t1, t2, 16), 0) << n;
  }
}

}  // namespace

#endif  // CTASM_ARMV7_ASM
