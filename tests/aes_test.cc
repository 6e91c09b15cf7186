// SPDX-License-Identifier: Apache-2.0
// Raw AES API: every tier available on this machine, through the test hook.
// Known answers (FIPS-197, NIST CAVP, Wycheproof), differential tests against
// the portable tier (and OpenSSL on x86_64), CTR counter edge cases.
#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aes/internal.h"
#include "cpu/cpu.h"
#include "ctasm/ctasm.h"
#include "ctasm/ctasm.hpp"
#include "aes_tiers.h"
#include "test_util.h"

#if defined(CTASM_TEST_OPENSSL)
#include <openssl/evp.h>
#endif

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define CTASM_AES_TEST_MEMCHECK 1
#endif
#endif

using ctasm_test::from_hex;
using ctasm_test::hex_bytes;
using ctasm_test::to_hex;
using ctasm_test::TestRng;
using ctasm_test::AesTier;
using ctasm_test::AvailableAesTiers;
using ctasm_test::ScopedCaps;
using ctasm_test::TierTestName;

namespace {

// A portable-tier key, whatever tier is in force (keys keep their tier).
void PortableKey(ctasm_aes_key *key, const std::vector<uint8_t> &raw, bool decrypt) {
  ScopedCaps caps(0);
  if (decrypt) {
    ASSERT_EQ(1, ctasm_aes_set_decrypt_key(key, raw.data(), raw.size()));
  } else {
    ASSERT_EQ(1, ctasm_aes_set_encrypt_key(key, raw.data(), raw.size()));
  }
}

// Reference CTR: one block at a time through the 128-bit counter.
std::vector<uint8_t> ReferenceCtr(const ctasm_aes_key *key, const std::vector<uint8_t> &in,
                                  uint8_t iv[16]) {
  std::vector<uint8_t> out(in.size());
  uint8_t ks[16];
  for (size_t off = 0; off < in.size(); off += 16) {
    ctasm_aes_encrypt_block(key, iv, ks);
    for (size_t j = 0; j < 16 && off + j < in.size(); j++) out[off + j] = in[off + j] ^ ks[j];
    for (int b = 15; b >= 0; b--) {
      if (++iv[b] != 0) break;
    }
  }
  return out;
}

// One ctasm_aes_ctr128_encrypt call from `iv` equals ReferenceCtr, and leaves
// ivec at the next unused counter block.
void ExpectCtrMatchesReference(const ctasm_aes_key *key, const std::vector<uint8_t> &data,
                               const uint8_t iv[16]) {
  uint8_t ref_iv[16], iv_a[16], ec[16];
  unsigned num = 0;
  memcpy(ref_iv, iv, 16);
  memcpy(iv_a, iv, 16);
  const auto want = ReferenceCtr(key, data, ref_iv);
  std::vector<uint8_t> got(data.size());
  ctasm_aes_ctr128_encrypt(key, data.data(), got.data(), data.size(), iv_a, ec, &num);
  ASSERT_EQ(to_hex(want), to_hex(got));
  ASSERT_EQ(to_hex(ref_iv, 16), to_hex(iv_a, 16));
}

class AesTierTest : public ::testing::TestWithParam<AesTier> {
 protected:
  void SetUp() override {
    ctasm::testing::set_cpu_caps_for_testing(GetParam().caps);
    ASSERT_STREQ(GetParam().name.c_str(), ctasm_aes_impl());
  }
  void TearDown() override { ctasm::testing::reset_cpu_caps_for_testing(); }

  void EncKey(ctasm_aes_key *key, const std::vector<uint8_t> &raw) {
    ASSERT_EQ(1, ctasm_aes_set_encrypt_key(key, raw.data(), raw.size()));
  }
  void DecKey(ctasm_aes_key *key, const std::vector<uint8_t> &raw) {
    ASSERT_EQ(1, ctasm_aes_set_decrypt_key(key, raw.data(), raw.size()));
  }
};

// ---- Known answers -----------------------------------------------------------

TEST_P(AesTierTest, Fips197) {
  struct {
    const char *key, *pt, *ct;
  } const kVectors[] = {
      // Appendix B
      {"2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734",
       "3925841d02dc09fbdc118597196a0b32"},
      // Appendix C.1, C.2, C.3
      {"000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
       "69c4e0d86a7b0430d8cdb78070b4c55a"},
      {"000102030405060708090a0b0c0d0e0f1011121314151617", "00112233445566778899aabbccddeeff",
       "dda97ca4864cdfe06eaf70a0ec0d7191"},
      {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
       "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"},
  };
  for (const auto &v : kVectors) {
    SCOPED_TRACE(v.key);
    const auto key = hex_bytes(v.key), pt = hex_bytes(v.pt), ct = hex_bytes(v.ct);
    ctasm_aes_key ek, dk;
    EncKey(&ek, key);
    DecKey(&dk, key);
    uint8_t out[16];
    ctasm_aes_encrypt_block(&ek, pt.data(), out);
    EXPECT_EQ(to_hex(ct), to_hex(out, 16));
    ctasm_aes_decrypt_block(&dk, ct.data(), out);
    EXPECT_EQ(to_hex(pt), to_hex(out, 16));
    // In place.
    memcpy(out, pt.data(), 16);
    ctasm_aes_encrypt_block(&ek, out, out);
    EXPECT_EQ(to_hex(ct), to_hex(out, 16));
  }
}

// NIST CAVP ECB and CBC (.rsp: [ENCRYPT]/[DECRYPT], KEY, IV, PLAINTEXT, CIPHERTEXT).
void RunCavpFile(const std::string &mode, const std::string &file, size_t *count) {
  const std::string path = ctasm_test::nist_vectors_dir() + "/ciphers/AES/" + mode + "/" + file;
  std::vector<ctasm_test::KvRecord> records;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_kv_file(path, &records, &err)) << err;
  size_t n = 0;
  for (const auto &r : records) {
    if (!r.has("KEY")) continue;
    SCOPED_TRACE(path + ":" + std::to_string(r.line));
    std::vector<uint8_t> key, iv, pt, ct;
    ASSERT_TRUE(from_hex(r.get("KEY"), &key));
    ASSERT_TRUE(from_hex(r.get("PLAINTEXT"), &pt));
    ASSERT_TRUE(from_hex(r.get("CIPHERTEXT"), &ct));
    ASSERT_EQ(pt.size(), ct.size());
    const bool cbc = mode == "CBC";
    if (cbc) {
      ASSERT_TRUE(from_hex(r.get("IV"), &iv));
    }
    const bool encrypt = r.section == "ENCRYPT";
    ASSERT_TRUE(encrypt || r.section == "DECRYPT") << r.section;
    ctasm_aes_key k;
    if (encrypt) {
      ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&k, key.data(), key.size()));
    } else {
      ASSERT_EQ(1, ctasm_aes_set_decrypt_key(&k, key.data(), key.size()));
    }
    const std::vector<uint8_t> &in = encrypt ? pt : ct;
    const std::vector<uint8_t> &want = encrypt ? ct : pt;
    std::vector<uint8_t> out(in.size());
    if (cbc) {
      uint8_t ivec[16];
      memcpy(ivec, iv.data(), 16);
      ctasm_aes_cbc_encrypt(&k, in.data(), out.data(), in.size(), ivec, encrypt);
      EXPECT_EQ(to_hex(want), to_hex(out));
      // ivec chains: it ends as the last ciphertext block.
      EXPECT_EQ(to_hex(ct.data() + ct.size() - 16, 16), to_hex(ivec, 16));
    } else {
      ctasm_aes_ecb_encrypt(&k, in.data(), out.data(), in.size(), encrypt);
      EXPECT_EQ(to_hex(want), to_hex(out));
      if (in.size() == 16) {
        uint8_t blk[16];
        if (encrypt) {
          ctasm_aes_encrypt_block(&k, in.data(), blk);
        } else {
          ctasm_aes_decrypt_block(&k, in.data(), blk);
        }
        EXPECT_EQ(to_hex(want), to_hex(blk, 16));
      }
    }
    n++;
  }
  EXPECT_GT(n, 0u) << path;
  *count += n;
}

TEST_P(AesTierTest, NistCavpEcbCbc) {
  size_t count = 0;
  for (const char *mode : {"ECB", "CBC"}) {
    for (const char *kind : {"GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"}) {
      for (const char *bits : {"128", "192", "256"}) {
        RunCavpFile(mode, std::string(mode) + kind + bits + ".rsp", &count);
      }
    }
  }
  // 2 modes x 15 files; about 1,400 records per mode.
  EXPECT_GT(count, 2500u);
}

TEST_P(AesTierTest, NistCtr) {
  size_t count = 0;
  for (const char *bits : {"128", "192", "256"}) {
    const std::string path =
        ctasm_test::nist_vectors_dir() + "/ciphers/AES/CTR/aes-" + bits + "-ctr.txt";
    std::vector<ctasm_test::KvRecord> records;
    std::string err;
    ASSERT_TRUE(ctasm_test::parse_kv_file(path, &records, &err)) << err;
    for (const auto &r : records) {
      if (!r.has("KEY")) continue;
      SCOPED_TRACE(path + ":" + std::to_string(r.line));
      std::vector<uint8_t> key, iv, pt, ct;
      ASSERT_TRUE(from_hex(r.get("KEY"), &key));
      ASSERT_TRUE(from_hex(r.get("IV"), &iv));
      ASSERT_TRUE(from_hex(r.get("PLAINTEXT"), &pt));
      ASSERT_TRUE(from_hex(r.get("CIPHERTEXT"), &ct));
      ctasm_aes_key k;
      EncKey(&k, key);
      for (int dir = 0; dir < 2; dir++) {
        const std::vector<uint8_t> &in = dir == 0 ? pt : ct;
        const std::vector<uint8_t> &want = dir == 0 ? ct : pt;
        uint8_t ivec[16], ecount[16] = {0};
        unsigned num = 0;
        memcpy(ivec, iv.data(), 16);
        std::vector<uint8_t> out(in.size());
        ctasm_aes_ctr128_encrypt(&k, in.data(), out.data(), in.size(), ivec, ecount, &num);
        EXPECT_EQ(to_hex(want), to_hex(out));
        EXPECT_EQ(in.size() % 16, num);
      }
      count++;
    }
  }
  EXPECT_GE(count, 9u);
}

// Wycheproof AES-CBC-PKCS5: padding is done here, on top of the raw CBC API.
TEST_P(AesTierTest, WycheproofCbcPkcs5) {
  const std::string path = ctasm_test::test_vectors_dir() + "/wycheproof/aes_cbc_pkcs5_test.json";
  ctasm_test::Json doc;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_json_file(path, &doc, &err)) << err;
  size_t valid = 0, invalid = 0;
  const ctasm_test::Json &groups = doc["testGroups"];
  for (size_t g = 0; g < groups.size(); g++) {
    const ctasm_test::Json &tests = groups[g]["tests"];
    for (size_t t = 0; t < tests.size(); t++) {
      const ctasm_test::Json &tc = tests[t];
      SCOPED_TRACE("tcId " + std::to_string(static_cast<int>(tc["tcId"].as_number())));
      std::vector<uint8_t> key, iv, msg, ct;
      ASSERT_TRUE(from_hex(tc["key"].as_string(), &key));
      ASSERT_TRUE(from_hex(tc["iv"].as_string(), &iv));
      ASSERT_TRUE(from_hex(tc["msg"].as_string(), &msg));
      ASSERT_TRUE(from_hex(tc["ct"].as_string(), &ct));
      ASSERT_EQ(16u, iv.size());
      const std::string &result = tc["result"].as_string();
      ctasm_aes_key ek, dk;
      EncKey(&ek, key);
      DecKey(&dk, key);

      // Decrypt, then check and strip the padding.
      bool ok = !ct.empty() && ct.size() % 16 == 0;
      std::vector<uint8_t> pt(ct.size());
      if (ok) {
        uint8_t ivec[16];
        memcpy(ivec, iv.data(), 16);
        ctasm_aes_cbc_encrypt(&dk, ct.data(), pt.data(), ct.size(), ivec, 0);
        const uint8_t pad = pt.back();
        ok = pad >= 1 && pad <= 16;
        for (size_t i = 0; ok && i < pad; i++) ok = pt[pt.size() - 1 - i] == pad;
        if (ok) pt.resize(pt.size() - pad);
      }
      if (result == "valid") {
        valid++;
        ASSERT_TRUE(ok);
        EXPECT_EQ(to_hex(msg), to_hex(pt));
        // Encrypt with padding: must give the vector's ciphertext.
        std::vector<uint8_t> padded(msg);
        const size_t pad = 16 - msg.size() % 16;
        padded.insert(padded.end(), pad, static_cast<uint8_t>(pad));
        std::vector<uint8_t> out(padded.size());
        uint8_t ivec[16];
        memcpy(ivec, iv.data(), 16);
        ctasm_aes_cbc_encrypt(&ek, padded.data(), out.data(), padded.size(), ivec, 1);
        EXPECT_EQ(to_hex(ct), to_hex(out));
      } else {
        invalid++;
        EXPECT_FALSE(ok) << "invalid padding accepted";
      }
    }
  }
  // The file has 72 valid and 144 invalid cases.
  EXPECT_GE(valid, 72u);
  EXPECT_GE(invalid, 144u);
}

// A key keeps the tier that formatted it even when the caps change.
TEST_P(AesTierTest, KeyKeepsItsTier) {
  const auto raw = hex_bytes("000102030405060708090a0b0c0d0e0f");
  const auto pt = hex_bytes("00112233445566778899aabbccddeeff");
  ctasm_aes_key k;
  EncKey(&k, raw);
  for (const AesTier &other : AvailableAesTiers()) {
    ScopedCaps caps(other.caps);
    uint8_t out[16];
    ctasm_aes_encrypt_block(&k, pt.data(), out);
    EXPECT_EQ("69c4e0d86a7b0430d8cdb78070b4c55a", to_hex(out, 16)) << other.name;
  }
}

// ---- Differential: this tier against the portable tier ---------------------------

struct Buffers {
  // Input and output at chosen misalignments inside larger allocations.
  std::vector<uint8_t> in_store, out_store;
  uint8_t *in, *out;
  Buffers(const std::vector<uint8_t> &data, size_t in_off, size_t out_off)
      : in_store(data.size() + 32), out_store(data.size() + 32) {
    in = in_store.data() + in_off;
    out = out_store.data() + out_off;
    if (!data.empty()) memcpy(in, data.data(), data.size());
  }
};

void CheckAgainstPortable(const std::vector<uint8_t> &raw, const std::vector<uint8_t> &data,
                          size_t in_off, size_t out_off, bool in_place, TestRng *rng) {
  SCOPED_TRACE("key " + std::to_string(raw.size()) + " len " + std::to_string(data.size()) +
               " offs " + std::to_string(in_off) + "/" + std::to_string(out_off) +
               (in_place ? " in-place" : ""));
  ctasm_aes_key ek, dk, pek, pdk;
  ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&ek, raw.data(), raw.size()));
  ASSERT_EQ(1, ctasm_aes_set_decrypt_key(&dk, raw.data(), raw.size()));
  PortableKey(&pek, raw, false);
  PortableKey(&pdk, raw, true);
  const size_t len = data.size();
  uint8_t iv0[16];
  rng->fill(iv0, 16);

  auto run = [&](auto &&op) {
    Buffers b(data, in_off, out_off);
    uint8_t *out = in_place ? b.in : b.out;
    op(b.in, out);
    return std::vector<uint8_t>(out, out + len);
  };

  // CTR
  {
    uint8_t iv_a[16], iv_b[16], ec_a[16] = {0}, ec_b[16] = {0};
    unsigned na = 0, nb = 0;
    memcpy(iv_a, iv0, 16);
    memcpy(iv_b, iv0, 16);
    auto a = run([&](uint8_t *in, uint8_t *out) {
      ctasm_aes_ctr128_encrypt(&ek, in, out, len, iv_a, ec_a, &na);
    });
    auto b = run([&](uint8_t *in, uint8_t *out) {
      ctasm_aes_ctr128_encrypt(&pek, in, out, len, iv_b, ec_b, &nb);
    });
    EXPECT_EQ(to_hex(b), to_hex(a)) << "CTR";
    EXPECT_EQ(0, memcmp(iv_a, iv_b, 16));
    EXPECT_EQ(na, nb);
    EXPECT_EQ(0, memcmp(ec_a, ec_b, 16));
  }
  if (len % 16 != 0) return;
  for (int enc = 0; enc < 2; enc++) {
    const ctasm_aes_key *k = enc ? &ek : &dk;
    const ctasm_aes_key *pk = enc ? &pek : &pdk;
    auto a = run([&](uint8_t *in, uint8_t *out) { ctasm_aes_ecb_encrypt(k, in, out, len, enc); });
    auto b = run([&](uint8_t *in, uint8_t *out) { ctasm_aes_ecb_encrypt(pk, in, out, len, enc); });
    EXPECT_EQ(to_hex(b), to_hex(a)) << "ECB enc=" << enc;
    uint8_t iv_a[16], iv_b[16];
    memcpy(iv_a, iv0, 16);
    memcpy(iv_b, iv0, 16);
    a = run([&](uint8_t *in, uint8_t *out) { ctasm_aes_cbc_encrypt(k, in, out, len, iv_a, enc); });
    b = run([&](uint8_t *in, uint8_t *out) { ctasm_aes_cbc_encrypt(pk, in, out, len, iv_b, enc); });
    EXPECT_EQ(to_hex(b), to_hex(a)) << "CBC enc=" << enc;
    EXPECT_EQ(0, memcmp(iv_a, iv_b, 16)) << "CBC ivec enc=" << enc;
  }
}

TEST_P(AesTierTest, DifferentialVsPortable) {
  // For the portable tier this still checks that alignment and in-place
  // operation do not change results (the reference runs aligned, out of place).
  TestRng rng(0xc0ffee);
  for (size_t key_len : {16, 24, 32}) {
    // Every length up to 20 blocks (all tails), then a spread up to 4 KiB.
    std::vector<size_t> lens;
    for (size_t l = 0; l <= 320; l++) lens.push_back(l);
    for (size_t l : {511, 512, 1024, 1360, 2047, 4096}) lens.push_back(l);
    for (size_t len : lens) {
      const auto raw = rng.bytes(key_len);
      const auto data = rng.bytes(len);
      const size_t in_off = rng.below(16), out_off = rng.below(16);
      CheckAgainstPortable(raw, data, in_off, out_off, len % 3 == 0, &rng);
      if (HasFatalFailure() || HasFailure()) return;
    }
  }
}

// The portable tier against a block-at-a-time model of itself, so its
// four-block batches and in-place handling are checked too.
TEST_P(AesTierTest, BatchesMatchSingleBlocks) {
  TestRng rng(7);
  for (size_t key_len : {16, 24, 32}) {
    const auto raw = rng.bytes(key_len);
    ctasm_aes_key ek, dk;
    EncKey(&ek, raw);
    DecKey(&dk, raw);
    for (size_t blocks = 0; blocks <= 19; blocks++) {
      const auto data = rng.bytes(16 * blocks);
      std::vector<uint8_t> want_e(data.size()), want_d(data.size()), got(data.size());
      for (size_t i = 0; i < blocks; i++) {
        ctasm_aes_encrypt_block(&ek, &data[16 * i], &want_e[16 * i]);
        ctasm_aes_decrypt_block(&dk, &data[16 * i], &want_d[16 * i]);
      }
      ctasm_aes_ecb_encrypt(&ek, data.data(), got.data(), got.size(), 1);
      EXPECT_EQ(to_hex(want_e), to_hex(got));
      ctasm_aes_ecb_encrypt(&dk, data.data(), got.data(), got.size(), 0);
      EXPECT_EQ(to_hex(want_d), to_hex(got));
      // CBC from the block function.
      uint8_t iv[16], iv2[16];
      rng.fill(iv, 16);
      memcpy(iv2, iv, 16);
      std::vector<uint8_t> want_cbc(data.size());
      uint8_t chain[16];
      memcpy(chain, iv, 16);
      for (size_t i = 0; i < blocks; i++) {
        uint8_t x[16];
        for (int j = 0; j < 16; j++) x[j] = data[16 * i + j] ^ chain[j];
        ctasm_aes_encrypt_block(&ek, x, chain);
        memcpy(&want_cbc[16 * i], chain, 16);
      }
      got = data;
      ctasm_aes_cbc_encrypt(&ek, got.data(), got.data(), got.size(), iv, 1);  // in place
      EXPECT_EQ(to_hex(want_cbc), to_hex(got));
      ctasm_aes_cbc_encrypt(&dk, got.data(), got.data(), got.size(), iv2, 0);  // in place
      EXPECT_EQ(to_hex(data), to_hex(got));
      EXPECT_EQ(0, memcmp(iv, iv2, 16));
    }
  }
}

// ---- CTR counter arithmetic ---------------------------------------------------------

// Counters that cross the 2^32 boundary (the asm's ctr32 wrap), 2^64 and the
// 2^128 wrap, starting at several offsets before the boundary.
TEST_P(AesTierTest, CtrCounterCarries) {
  TestRng rng(99);
  const auto raw = rng.bytes(16);
  ctasm_aes_key k;
  EncKey(&k, raw);
  struct Start {
    const char *iv;  // the counter just before a boundary
  } const kStarts[] = {
      {"0123456789abcdef01234567ffffffff"},  // 2^32 carry into byte 11
      {"0123456789abcdef00ffffffffffffff"},  // carry through 2^32 and 2^40
      {"01234567ffffffffffffffffffffffff"},  // 2^64 crossing (upper 64 bits move)
      {"0123456700000000ffffffffffffffff"},  // 2^64 carry into byte 7
      {"ffffffffffffffffffffffffffffffff"},  // 2^128 wrap to zero
      {"fffffffffffffffffffffffffffffff0"},
  };
  for (const auto &s : kStarts) {
    for (unsigned back : {0u, 1u, 3u, 7u, 8u, 9u, 17u}) {
      for (size_t len : {16 * 1, 16 * 2 + 5, 16 * 9, 16 * 20 + 15, 16 * 40}) {
        std::vector<uint8_t> iv = hex_bytes(s.iv);
        // Move the start `back` blocks before the listed counter.
        for (unsigned i = 0; i < back; i++) {
          for (int b = 15; b >= 0; b--) {
            if (iv[b]-- != 0) break;
          }
        }
        SCOPED_TRACE(std::string("iv ") + to_hex(iv) + " len " + std::to_string(len));
        ExpectCtrMatchesReference(&k, rng.bytes(len), iv.data());
        if (HasFatalFailure()) return;
      }
    }
  }
}

// Long runs from every kind of start within a 256-counter group: bulk CTR
// (bsaes-x86_64) caches round 1 per group of 256 counters and the S-box of the
// low counter byte per call, so starts at, just after and just before a group
// boundary, lengths around where the cache switches on, and runs over several
// groups (and the 2^32 carry) must all equal the single-block reference.
TEST_P(AesTierTest, CtrLongRunsAcrossCounterGroups) {
  TestRng rng(2026);
  for (size_t key_len : {16, 24, 32}) {
    const auto raw = rng.bytes(key_len);
    ctasm_aes_key k;
    EncKey(&k, raw);
    for (unsigned low : {0x00u, 0x08u, 0x03u, 0x78u, 0x80u, 0xf0u, 0xf8u, 0xffu}) {
      for (size_t blocks : {31u, 32u, 33u, 40u, 64u, 129u, 263u, 520u}) {
        for (unsigned upper : {0x00u, 0xffu}) {  // 0xff: bytes 12..14 all ones, so the run carries 2^32
          uint8_t iv[16];
          rng.fill(iv, 12);
          iv[12] = iv[13] = iv[14] = static_cast<uint8_t>(upper);
          iv[15] = static_cast<uint8_t>(low);
          const size_t len = 16 * blocks + (blocks & 7);
          SCOPED_TRACE(std::string("iv ") + to_hex(iv, 16) + " len " + std::to_string(len));
          ExpectCtrMatchesReference(&k, rng.bytes(len), iv);
          if (HasFatalFailure()) return;
        }
      }
    }
  }
}

// A stream split into calls at arbitrary bytes equals the one-shot result.
TEST_P(AesTierTest, CtrContinuation) {
  TestRng rng(1234);
  for (size_t key_len : {16, 24, 32}) {
    const auto raw = rng.bytes(key_len);
    ctasm_aes_key k;
    EncKey(&k, raw);
    for (int trial = 0; trial < 40; trial++) {
      const size_t len = rng.below(700);
      const auto data = rng.bytes(len);
      uint8_t iv[16];
      rng.fill(iv, 16);
      if (trial % 4 == 0) memset(iv + 12, 0xff, 4);  // cross 2^32 mid-stream
      uint8_t iv1[16], iv2[16], ec1[16], ec2[16];
      unsigned n1 = 0, n2 = 0;
      memcpy(iv1, iv, 16);
      memcpy(iv2, iv, 16);
      std::vector<uint8_t> once(len), pieces(len);
      ctasm_aes_ctr128_encrypt(&k, data.data(), once.data(), len, iv1, ec1, &n1);
      size_t off = 0;
      while (off < len) {
        size_t step = rng.below(5) == 0 ? rng.below(200) : rng.below(20);
        if (step > len - off) step = len - off;
        ctasm_aes_ctr128_encrypt(&k, data.data() + off, pieces.data() + off, step, iv2, ec2, &n2);
        off += step;
      }
      ASSERT_EQ(to_hex(once), to_hex(pieces)) << "trial " << trial;
      ASSERT_EQ(n1, n2);
      ASSERT_EQ(0, memcmp(iv1, iv2, 16));
    }
  }
}

// ---- C++ wrapper -------------------------------------------------------------------------

TEST_P(AesTierTest, CxxWrapper) {
  ctasm::AesKey ek, dk;
  const auto raw = hex_bytes("000102030405060708090a0b0c0d0e0f");
  EXPECT_FALSE(ek.set_encrypt_key(raw.data(), 5));
  ASSERT_TRUE(ek.set_encrypt_key(ctasm::span<const uint8_t>(raw)));
  ASSERT_TRUE(dk.set_decrypt_key(raw));
  std::vector<uint8_t> pt = hex_bytes("00112233445566778899aabbccddeeff"), ct(16), back(16);
  EXPECT_TRUE(ek.ecb(pt, ct, true));
  EXPECT_EQ("69c4e0d86a7b0430d8cdb78070b4c55a", to_hex(ct));
  EXPECT_TRUE(dk.ecb(ct, back, false));
  EXPECT_EQ(to_hex(pt), to_hex(back));
  std::vector<uint8_t> short_out(15);
  EXPECT_FALSE(ek.ecb(pt, short_out, true));
  uint8_t iv[16] = {0}, ec[16];
  unsigned num = 0;
  std::vector<uint8_t> c2(16);
  EXPECT_TRUE(ek.ctr128(pt, c2, iv, ec, num));
  EXPECT_EQ(0u, num);
  EXPECT_STREQ(ctasm_aes_impl(), ctasm::aes_impl_string());
}

#if defined(CTASM_TEST_OPENSSL)
// ---- Differential against OpenSSL's libcrypto ----------------------------------------------

const EVP_CIPHER *EvpCipher(const char *mode, size_t key_len) {
  if (strcmp(mode, "ecb") == 0)
    return key_len == 16 ? EVP_aes_128_ecb() : key_len == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
  if (strcmp(mode, "cbc") == 0)
    return key_len == 16 ? EVP_aes_128_cbc() : key_len == 24 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
  return key_len == 16 ? EVP_aes_128_ctr() : key_len == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
}

std::vector<uint8_t> OpenSsl(const char *mode, const std::vector<uint8_t> &key, const uint8_t *iv,
                             const std::vector<uint8_t> &in, bool enc) {
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
  std::vector<uint8_t> out(in.size() + 16);
  int n = 0, m = 0;
  EXPECT_EQ(1, EVP_CipherInit_ex(ctx, EvpCipher(mode, key.size()), nullptr, key.data(), iv, enc));
  EVP_CIPHER_CTX_set_padding(ctx, 0);
  EXPECT_EQ(1, EVP_CipherUpdate(ctx, out.data(), &n, in.data(), static_cast<int>(in.size())));
  EXPECT_EQ(1, EVP_CipherFinal_ex(ctx, out.data() + n, &m));
  EVP_CIPHER_CTX_free(ctx);
  out.resize(static_cast<size_t>(n + m));
  return out;
}

TEST_P(AesTierTest, DifferentialVsOpenSsl) {
  TestRng rng(0x5eed);
  for (size_t key_len : {16, 24, 32}) {
    for (int trial = 0; trial < 60; trial++) {
      const size_t len = trial < 40 ? static_cast<size_t>(trial) * 7 : rng.below(4097);
      const auto raw = rng.bytes(key_len);
      const auto data = rng.bytes(len);
      uint8_t iv[16];
      rng.fill(iv, 16);
      if (trial % 5 == 0) memset(iv + 8, 0xff, 8);  // carries across 2^32 and 2^64
      SCOPED_TRACE("key " + std::to_string(key_len) + " len " + std::to_string(len));
      ctasm_aes_key ek, dk;
      EncKey(&ek, raw);
      DecKey(&dk, raw);
      uint8_t ivec[16], ec[16];
      unsigned num = 0;
      memcpy(ivec, iv, 16);
      std::vector<uint8_t> out(len);
      ctasm_aes_ctr128_encrypt(&ek, data.data(), out.data(), len, ivec, ec, &num);
      EXPECT_EQ(to_hex(OpenSsl("ctr", raw, iv, data, true)), to_hex(out)) << "CTR";
      if (len % 16 != 0) continue;
      for (int enc = 0; enc < 2; enc++) {
        ctasm_aes_ecb_encrypt(enc ? &ek : &dk, data.data(), out.data(), len, enc);
        EXPECT_EQ(to_hex(OpenSsl("ecb", raw, nullptr, data, enc)), to_hex(out)) << "ECB " << enc;
        memcpy(ivec, iv, 16);
        ctasm_aes_cbc_encrypt(enc ? &ek : &dk, data.data(), out.data(), len, ivec, enc);
        EXPECT_EQ(to_hex(OpenSsl("cbc", raw, iv, data, enc)), to_hex(out)) << "CBC " << enc;
      }
    }
  }
}
#endif  // CTASM_TEST_OPENSSL

INSTANTIATE_TEST_SUITE_P(Tiers, AesTierTest, ::testing::ValuesIn(AvailableAesTiers()), TierTestName);

// ---- Tier selection -----------------------------------------------------------------------

// The tier table: best first, the portable tier last, each findable by the impl
// id its keys record, names unique, and the test's tier list (AvailableAesTiers)
// the capable subset of it.
TEST(AesImpl, TierTableConsistent) {
  ASSERT_GE(ctasm::kAesTierCount, 1u);
  EXPECT_EQ(&ctasm::kAesTierPortable, ctasm::kAesTiers[ctasm::kAesTierCount - 1]);
  std::vector<std::string> names;
  for (size_t i = 0; i < ctasm::kAesTierCount; i++) {
    const ctasm::AesTier *t = ctasm::kAesTiers[i];
    ASSERT_LT(t->impl, ctasm::kAesImplCount);
    EXPECT_NE(ctasm::kAesImplNone, t->impl);
    EXPECT_EQ(t, ctasm::kAesTierByImpl[t->impl]) << t->name;
    for (const std::string &n : names) EXPECT_NE(n, t->name);
    names.push_back(t->name);
  }
  size_t listed = 0;
  for (size_t id = 0; id < ctasm::kAesImplCount; id++) listed += ctasm::kAesTierByImpl[id] != nullptr;
  EXPECT_EQ(ctasm::kAesTierCount, listed) << "kAesTierByImpl lists a tier kAesTiers does not";
  // Every tier the tests run is in the table.
  for (const AesTier &t : AvailableAesTiers()) {
    EXPECT_NE(names.end(), std::find(names.begin(), names.end(), t.name)) << t.name;
  }
}

TEST(AesImpl, NamesFollowCaps) {
  {
    ScopedCaps caps(0);
    EXPECT_STREQ("portable", ctasm_aes_impl());
  }
  for (const AesTier &t : AvailableAesTiers()) {
    ScopedCaps caps(t.caps);
    EXPECT_STREQ(t.name.c_str(), ctasm_aes_impl());
  }
#if !defined(CTASM_X86_64_ASM) && !defined(CTASM_AARCH64_ASM) && !defined(CTASM_ARMV7_ASM)
  EXPECT_EQ(1u, AvailableAesTiers().size());
#else
  // The assembly tier must really be under test: a detection bug or a
  // CTASM_CPU mask would otherwise leave only the portable tier, and pass.
  EXPECT_EQ(2u, AvailableAesTiers().size()) << "assembly AES tier not selectable (CTASM_CPU set?)";
#endif
}

#if defined(CTASM_ARMV7_ASM) || defined(CTASM_X86_64_ASM)
// ---- hybrids (ARMv7, x86_64): bsaes for bulk, vpaes below the thresholds --------------------
#if defined(CTASM_ARMV7_ASM)
constexpr uint32_t kHybridCap = ctasm::kNEON;
constexpr const char *kHybridName = "bsaes+vpaes-armv7";
constexpr size_t kThresholdSpan = 1;
#else
constexpr uint32_t kHybridCap = ctasm::kSSSE3;
constexpr const char *kHybridName = "bsaes+vpaes-x86_64";
constexpr size_t kThresholdSpan = 8;
#endif

class BsaesHybrid : public ::testing::Test {
 protected:
  void SetUp() override {
    const uint32_t det = ctasm::testing::detected_cpu_caps();
    if (!(det & kHybridCap)) GTEST_FAIL() << "the hybrid tests need NEON/SSSE3 (is CTASM_CPU masking it?)";
    // Hardware AES (later) would win over the hybrid: keep it out.
    ctasm::testing::set_cpu_caps_for_testing(det & ~(ctasm::kAESNI | ctasm::kVAES | ctasm::kARMAES));
    ASSERT_STREQ(kHybridName, ctasm_aes_impl());
  }
  void TearDown() override {
    ctasm::testing::reset_cpu_caps_for_testing();
  }
};

// Threshold +-1 block (and the partial final block) for CTR and CBC decryption.
TEST_F(BsaesHybrid, ThresholdsMatchPortable) {
  TestRng rng(77);
  for (size_t key_len : {16, 24, 32}) {
    const auto raw = rng.bytes(key_len);
    for (size_t thr : {ctasm::kBsaesCtrMinBlocks, ctasm::kBsaesCbcDecryptMinBlocks}) {
      // x86_64 also aligns bulk CTR to counters 8m with vpaes: cover that too.
      for (size_t blocks = thr - 1; blocks <= thr + kThresholdSpan; blocks++) {
        for (size_t tail : {0, 5}) {
          const auto data = rng.bytes(16 * blocks + tail);
          CheckAgainstPortable(raw, data, 1, 3, false, &rng);
          CheckAgainstPortable(raw, data, 0, 0, true, &rng);
        }
      }
    }
  }
}

#if defined(CTASM_ARMV7_ASM)
// ARMv7 splits a call into bsaes batches and a tail: below the tail threshold
// (kBsaesArmv7CtrTailMinBlocks for CTR, kBsaesArmv7CbcTailMinBlocks for CBC
// decryption) the tail goes to vpaes (with the counter advanced past the
// batches, and the chaining value of the last batch), from it one more (short)
// bsaes batch computes it. Both sides of each boundary, after one and two
// batches, with a partial last block, against the portable code.
TEST_F(BsaesHybrid, Armv7TailThresholdsMatchPortable) {
  TestRng rng(78);
  for (size_t t : {ctasm::kBsaesArmv7CtrTailMinBlocks, ctasm::kBsaesArmv7CbcTailMinBlocks}) {
    ASSERT_GE(t, 1u);
    ASSERT_LE(t, 8u);
    for (size_t key_len : {16, 24, 32}) {
      const auto raw = rng.bytes(key_len);
      for (size_t blocks : {8 + t - 1, 8 + t, 16 + t - 1, 16 + t, size_t{8 + 7}, size_t{8 + 1}}) {
        for (size_t tail : {0, 9}) {
          const auto data = rng.bytes(16 * blocks + tail);
          CheckAgainstPortable(raw, data, 0, 0, false, &rng);
          CheckAgainstPortable(raw, data, 3, 1, true, &rng);
        }
      }
    }
  }
}
#endif

// The hybrids keep the bsaes form in the key itself (set once by
// set_encrypt_key; x86_64 rounds 0..Nr-1 from byte 0 of the extra area, ARMv7
// the expanded key with round key 0 at byte 16): the key stays a plain value
// that can be copied, and bulk CTR really runs on that stored form (not on a
// per-call conversion).
#if defined(CTASM_X86_64_ASM)
constexpr size_t kStoredRoundKey0 = 0;
#else
constexpr size_t kStoredRoundKey0 = 16;
#endif
TEST_F(BsaesHybrid, CtrKeyFormLivesInTheKey) {
  TestRng rng(5);
  for (size_t key_len : {16, 24, 32}) {
    const auto raw = rng.bytes(key_len);
    ctasm_aes_key k;
    ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&k, raw.data(), raw.size()));
    const auto data = rng.bytes(16 * 100);
    std::vector<uint8_t> want(data.size()), got(data.size());
    uint8_t iv0[16], iv[16], ec[16];
    rng.fill(iv0, 16);
    iv0[15] = 0xe0;  // x86_64: bulk CTR from 32 blocks (its round-1 cache) across a 256-counter group
    unsigned num = 0;
    memcpy(iv, iv0, 16);
    ctasm_aes_ctr128_encrypt(&k, data.data(), want.data(), data.size(), iv, ec, &num);
    uint8_t ref_iv[16];
    memcpy(ref_iv, iv0, 16);
    ASSERT_EQ(to_hex(ReferenceCtr(&k, data, ref_iv)), to_hex(want));
    // A copy works after the original is gone.
    ctasm_aes_key copy;
    memcpy(&copy, &k, sizeof(k));
    memset(&k, 0, sizeof(k));
    memcpy(iv, iv0, 16);
    num = 0;
    ctasm_aes_ctr128_encrypt(&copy, data.data(), got.data(), data.size(), iv, ec, &num);
    ASSERT_EQ(to_hex(want), to_hex(got));
    // One bit of the stored bsaes round key 0 changes every bulk keystream block.
    copy.ctasm_private_extra[kStoredRoundKey0] ^= 0xff;
    memcpy(iv, iv0, 16);
    num = 0;
    ctasm_aes_ctr128_encrypt(&copy, data.data(), got.data(), data.size(), iv, ec, &num);
    EXPECT_NE(0, memcmp(want.data() + 16 * 50, got.data() + 16 * 50, 16 * 40));
  }
}
#if defined(CTASM_AES_TEST_MEMCHECK)
// Run with tests/aes_ct_test.cc by the valgrind job (--gtest_filter=AesConstantTime.*):
// the hybrid's bulk CTR (vpaes head, bsaes batches, vpaes tail) and bulk CBC
// decryption, which the short calls there do not all reach. Key and data
// secret (undefined), counter, IV and lengths public.
TEST(AesConstantTime, HybridBulkUnderMemcheck) {
  if (!RUNNING_ON_VALGRIND) GTEST_FAIL() << "this test must run under valgrind (ctest runs it as aes_gcm_constant_time)";
  const uint32_t det = ctasm::testing::detected_cpu_caps();
  if (!(det & kHybridCap)) GTEST_FAIL() << "the hybrid needs NEON/SSSE3, which this CPU (or CTASM_CPU) lacks";
  ctasm::testing::set_cpu_caps_for_testing(det & ~(ctasm::kAESNI | ctasm::kVAES | ctasm::kARMAES));
  ASSERT_STREQ(kHybridName, ctasm_aes_impl());
  for (size_t key_len : {16, 24, 32}) {
    uint8_t raw[32];
    memset(raw, 0xa5, sizeof(raw));
    // 27 blocks: head 2, three bsaes batches, tail 1; 300 blocks: the same
    // head, then bulk CTR long enough for its round-1 cache, across a
    // 256-counter group boundary.
    for (size_t blocks : {ctasm::kBsaesCtrMinBlocks + 11, size_t{300}}) {
      std::vector<uint8_t> data(16 * blocks + 3, 0x3c), out(data.size());
      VALGRIND_MAKE_MEM_UNDEFINED(raw, sizeof(raw));
      VALGRIND_MAKE_MEM_UNDEFINED(data.data(), data.size());
      ctasm_aes_key k;
      ctasm_aes_set_encrypt_key(&k, raw, key_len);
      uint8_t iv[16] = {0}, ec[16];
      iv[15] = 6;
      unsigned num = 0;
      const unsigned before = VALGRIND_COUNT_ERRORS;
      ctasm_aes_ctr128_encrypt(&k, data.data(), out.data(), data.size(), iv, ec, &num);
      EXPECT_EQ(before, VALGRIND_COUNT_ERRORS) << "AES-" << 8 * key_len
                                               << ": secret-dependent branch or address";
      VALGRIND_MAKE_MEM_DEFINED(&k, sizeof(k));
      VALGRIND_MAKE_MEM_DEFINED(out.data(), out.size());
      VALGRIND_MAKE_MEM_DEFINED(ec, sizeof(ec));
    }
    // Bulk CBC decryption (bsaes batches, a partial last batch, in place too).
    for (size_t blocks : {ctasm::kBsaesCbcDecryptMinBlocks, ctasm::kBsaesCbcDecryptMinBlocks + 13}) {
      std::vector<uint8_t> data(16 * blocks, 0x3c), out(data.size());
      VALGRIND_MAKE_MEM_UNDEFINED(raw, sizeof(raw));
      VALGRIND_MAKE_MEM_UNDEFINED(data.data(), data.size());
      ctasm_aes_key k;
      ctasm_aes_set_decrypt_key(&k, raw, key_len);
      uint8_t iv[16] = {0};
      const unsigned before = VALGRIND_COUNT_ERRORS;
      ctasm_aes_cbc_encrypt(&k, data.data(), out.data(), data.size(), iv, 0);
      ctasm_aes_cbc_encrypt(&k, data.data(), data.data(), data.size(), iv, 0);
      EXPECT_EQ(before, VALGRIND_COUNT_ERRORS) << "CBC decryption AES-" << 8 * key_len
                                               << ": secret-dependent branch or address";
      VALGRIND_MAKE_MEM_DEFINED(&k, sizeof(k));
      VALGRIND_MAKE_MEM_DEFINED(out.data(), out.size());
      VALGRIND_MAKE_MEM_DEFINED(data.data(), data.size());
      VALGRIND_MAKE_MEM_DEFINED(iv, sizeof(iv));
    }
  }
  ctasm::testing::reset_cpu_caps_for_testing();
}
#endif  // CTASM_AES_TEST_MEMCHECK
#endif  // CTASM_ARMV7_ASM || CTASM_X86_64_ASM

}  // namespace
