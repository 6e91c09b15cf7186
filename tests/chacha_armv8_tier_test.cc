// SPDX-License-Identifier: Apache-2.0
// The AArch64 NEON ChaCha20-Poly1305 tier (perlasm/chacha/chacha20_poly1305_armv8.pl),
// reached directly through kChachaTierNeonArmv8: RFC 8439 known answers, the
// Wycheproof chacha20_poly1305_test.json vectors (seal and open through the
// tier, tags compared here), and the independent answers of
// tests/vectors/chacha_armv8_lengths.txt (python3 cryptography, written by
// tests/chacha_armv8_vectors.py): every length n*64-1, n*64, n*64+1 up to 12
// blocks (beyond the five-block first batch and the 256-byte weave), every AD
// length 0..64, raw ChaCha20 from given counters, Poly1305 alone including the
// final reduction's edges; each in place, out of place and unaligned. Also
// what the calls leave on the stack.
#include "internal/asm_config.h"

#if defined(CTASM_AARCH64_ASM)

#include <gtest/gtest.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <functional>
#include <string>
#include <vector>

#include "chacha/internal.h"
#include "stack_residue.h"
#include "test_asm.h"
#include "test_util.h"

namespace {

using ctasm::ChachaState;
using ctasm::ChachaTier;
using ctasm_test::hex_bytes;
using ctasm_test::to_hex;
using Bytes = std::vector<uint8_t>;

const ChachaTier &Tier() { return ctasm::kChachaTierNeonArmv8; }

ChachaState MakeState(const Bytes &key, uint32_t counter, const Bytes &nonce) {
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

// How a call's buffers are laid out: separate (aligned), separate at odd
// offsets, or in place (at an odd offset).
enum Layout { kSeparate, kUnaligned, kInPlace };
constexpr Layout kLayouts[] = {kSeparate, kUnaligned, kInPlace};

struct Sealed {
  Bytes out;
  uint8_t tag[16];
};

// Runs seal (or open) of `in` through the tier with the given layout; the
// bytes around out are checked to be untouched.
Sealed RunAead(bool seal, const Bytes &key, const Bytes &nonce, const Bytes &ad, const Bytes &in,
               Layout layout) {
  const ChachaState st = MakeState(key, 0, nonce);
  const size_t off_in = layout == kSeparate ? 0 : 3, off_out = layout == kSeparate ? 0 : 5;
  const size_t off_ad = layout == kSeparate ? 0 : 1;
  Bytes inbuf(in.size() + 64, 0xa5), outbuf(in.size() + 64, 0x5a), adbuf(ad.size() + 8, 0x33);
  memcpy(inbuf.data() + off_in, in.data(), in.size());
  memcpy(adbuf.data() + off_ad, ad.data(), ad.size());
  uint8_t *out = layout == kInPlace ? inbuf.data() + off_in : outbuf.data() + off_out;
  Bytes &obuf = layout == kInPlace ? inbuf : outbuf;
  const uint8_t guard = layout == kInPlace ? 0xa5 : 0x5a;
  Sealed r;
  memset(r.tag, 0, 16);
  (seal ? Tier().seal : Tier().open)(out, r.tag, inbuf.data() + off_in, in.size(),
                                     adbuf.data() + off_ad, ad.size(), &st);
  r.out.assign(out, out + in.size());
  const size_t start = static_cast<size_t>(out - obuf.data());
  for (size_t i = 0; i < obuf.size(); i++) {
    if (i >= start && i < start + in.size()) continue;
    if (obuf[i] != guard) {
      ADD_FAILURE() << "wrote outside out at " << i << " (len " << in.size() << ")";
      break;
    }
  }
  return r;
}

Bytes RunChacha(const Bytes &key, uint32_t counter, const Bytes &nonce, const Bytes &in,
                Layout layout) {
  const ChachaState st = MakeState(key, counter, nonce);
  const size_t off_in = layout == kSeparate ? 0 : 7, off_out = layout == kSeparate ? 0 : 2;
  Bytes inbuf(in.size() + 32, 0xa5), outbuf(in.size() + 32, 0x5a);
  memcpy(inbuf.data() + off_in, in.data(), in.size());
  uint8_t *out = layout == kInPlace ? inbuf.data() + off_in : outbuf.data() + off_out;
  Tier().chacha20(out, inbuf.data() + off_in, in.size(), &st);
  if (layout != kInPlace) {
    for (size_t i = 0; i < outbuf.size(); i++) {
      if ((i < off_out || i >= off_out + in.size()) && outbuf[i] != 0x5a) {
        ADD_FAILURE() << "chacha20 wrote outside out at " << i << " (len " << in.size() << ")";
        break;
      }
    }
  }
  return Bytes(out, out + in.size());
}

// Seal gives ct and tag; open of ct gives pt and the same tag; every layout.
void CheckAead(const Bytes &key, const Bytes &nonce, const Bytes &ad, const Bytes &pt,
               const Bytes &ct, const Bytes &tag, const std::string &what) {
  for (Layout layout : kLayouts) {
    Sealed s = RunAead(true, key, nonce, ad, pt, layout);
    EXPECT_EQ(to_hex(s.out), to_hex(ct)) << what << " seal, layout " << layout;
    EXPECT_EQ(to_hex(s.tag, 16), to_hex(tag)) << what << " seal tag, layout " << layout;
    Sealed o = RunAead(false, key, nonce, ad, ct, layout);
    EXPECT_EQ(to_hex(o.out), to_hex(pt)) << what << " open, layout " << layout;
    EXPECT_EQ(to_hex(o.tag, 16), to_hex(tag)) << what << " open tag, layout " << layout;
  }
}

TEST(ChachaArmv8Tier, Identity) {
  EXPECT_EQ(Tier().impl, ctasm::kChachaImplNeonArmv8);
  EXPECT_STREQ(Tier().name, "chacha-neon-armv8");
  EXPECT_EQ(Tier().cxx_secrets, 0);
  ASSERT_TRUE(Tier().capable()) << "every AArch64 target here has NEON";
}

// RFC 8439 2.8.2 (AEAD) and 2.4.2 (ChaCha20, counter 1).
const char kSunscreen[] =
    "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
    "future, sunscreen would be it.";

TEST(ChachaArmv8Tier, Rfc8439Aead) {
  Bytes key(32);
  for (int i = 0; i < 32; i++) key[i] = static_cast<uint8_t>(0x80 + i);
  const Bytes pt(kSunscreen, kSunscreen + strlen(kSunscreen));
  CheckAead(key, hex_bytes("070000004041424344454647"), hex_bytes("50515253c0c1c2c3c4c5c6c7"),
            pt,
            hex_bytes("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8c"
                      "a9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c98"
                      "03aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586"
                      "cec64b6116"),
            hex_bytes("1ae10b594f09e26a7e902ecbd0600691"), "RFC 8439 2.8.2");
}

TEST(ChachaArmv8Tier, Rfc8439Chacha20) {
  Bytes key(32);
  for (int i = 0; i < 32; i++) key[i] = static_cast<uint8_t>(i);
  const Bytes pt(kSunscreen, kSunscreen + strlen(kSunscreen));
  const Bytes want = hex_bytes(
      "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dab"
      "cd62b3571639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806"
      "818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d");
  for (Layout layout : kLayouts) {
    EXPECT_EQ(to_hex(RunChacha(key, 1, hex_bytes("000000000000004a00000000"), pt, layout)),
              to_hex(want))
        << "layout " << layout;
  }
}

// RFC 8439 A.2 (as the cryptography project's vector file carries them).
TEST(ChachaArmv8Tier, Rfc8439AppendixA2) {
  const std::string path = ctasm_test::nist_vectors_dir() + "/ciphers/ChaCha20/rfc7539.txt";
  std::vector<ctasm_test::KvRecord> recs;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_kv_file(path, &recs, &err)) << err;
  int n = 0;
  for (const auto &r : recs) {
    if (!r.has("KEY")) continue;
    const uint32_t counter = static_cast<uint32_t>(std::stoul(r.get("INITIAL_BLOCK_COUNTER")));
    for (Layout layout : kLayouts) {
      EXPECT_EQ(to_hex(RunChacha(hex_bytes(r.get("KEY")), counter, hex_bytes(r.get("NONCE")),
                                 hex_bytes(r.get("PLAINTEXT")), layout)),
                r.get("CIPHERTEXT"))
          << path << ":" << r.line;
    }
    n++;
  }
  EXPECT_EQ(n, 3) << "RFC 8439 A.2 has three vectors";
}

TEST(ChachaArmv8Tier, Wycheproof) {
  const std::string path =
      ctasm_test::test_vectors_dir() + "/wycheproof/chacha20_poly1305_test.json";
  ctasm_test::Json doc;
  std::string err;
  ASSERT_TRUE(ctasm_test::parse_json_file(path, &doc, &err)) << err;
  int run = 0, refused = 0;
  const auto &groups = doc["testGroups"];
  for (size_t g = 0; g < groups.size(); g++) {
    const auto &grp = groups[g];
    const auto &tests = grp["tests"];
    for (size_t t = 0; t < tests.size(); t++) {
      const auto &tc = tests[t];
      const std::string id = "tcId " + std::to_string(static_cast<int>(tc["tcId"].as_number()));
      const Bytes key = hex_bytes(tc["key"].as_string()), iv = hex_bytes(tc["iv"].as_string());
      const Bytes ad = hex_bytes(tc["aad"].as_string()), msg = hex_bytes(tc["msg"].as_string());
      const Bytes ct = hex_bytes(tc["ct"].as_string()), tag = hex_bytes(tc["tag"].as_string());
      const bool valid = tc["result"].as_string() == "valid";
      if (key.size() != 32 || iv.size() != 12 || tag.size() != 16) {
        // The AEAD refuses these before any tier runs; the file must call them invalid.
        EXPECT_FALSE(valid) << id << ": a valid vector the 48-byte state cannot express";
        refused++;
        continue;
      }
      for (Layout layout : kLayouts) {
        Sealed o = RunAead(false, key, iv, ad, ct, layout);
        if (valid) {
          EXPECT_EQ(to_hex(o.out), to_hex(msg)) << id << " open";
          EXPECT_EQ(to_hex(o.tag, 16), to_hex(tag)) << id << " open tag";
          Sealed s = RunAead(true, key, iv, ad, msg, layout);
          EXPECT_EQ(to_hex(s.out), to_hex(ct)) << id << " seal";
          EXPECT_EQ(to_hex(s.tag, 16), to_hex(tag)) << id << " seal tag";
        } else {
          EXPECT_NE(to_hex(o.tag, 16), to_hex(tag)) << id << ": an invalid tag verified";
        }
      }
      run++;
    }
  }
  EXPECT_GT(run, 300) << "Wycheproof chacha20_poly1305_test.json: too few vectors ran";
  RecordProperty("refused", refused);
}

std::vector<ctasm_test::KvRecord> LengthVectors() {
  const std::string path = ctasm_test::test_vectors_dir() + "/chacha_armv8_lengths.txt";
  std::vector<ctasm_test::KvRecord> recs;
  std::string err;
  EXPECT_TRUE(ctasm_test::parse_kv_file(path, &recs, &err)) << err;
  return recs;
}

TEST(ChachaArmv8Tier, AeadEveryBatchBoundaryAndAdLength) {
  int n = 0;
  bool ad_len[65] = {};
  for (const auto &r : LengthVectors()) {
    if (r.section != "AEAD" || !r.has("KEY")) continue;
    const Bytes ad = hex_bytes(r.get("AD"));
    if (ad.size() <= 64) ad_len[ad.size()] = true;
    CheckAead(hex_bytes(r.get("KEY")), hex_bytes(r.get("NONCE")), ad, hex_bytes(r.get("PT")),
              hex_bytes(r.get("CT")), hex_bytes(r.get("TAG")),
              "lengths.txt:" + std::to_string(r.line));
    n++;
  }
  EXPECT_GE(n, 100);
  for (int i = 0; i <= 64; i++) EXPECT_TRUE(ad_len[i]) << "no vector with AD length " << i;
}

TEST(ChachaArmv8Tier, Chacha20FromCounter) {
  int n = 0;
  for (const auto &r : LengthVectors()) {
    if (r.section != "CHACHA20" || !r.has("KEY")) continue;
    const uint32_t counter = static_cast<uint32_t>(std::stoul(r.get("COUNTER")));
    for (Layout layout : kLayouts) {
      EXPECT_EQ(to_hex(RunChacha(hex_bytes(r.get("KEY")), counter, hex_bytes(r.get("NONCE")),
                                 hex_bytes(r.get("PT")), layout)),
                r.get("CT"))
          << "lengths.txt:" << r.line;
    }
    n++;
  }
  EXPECT_GE(n, 20);
}

// Poly1305 alone, including accumulators at p - 1, p, p + 1, p + 2, p + 3.
TEST(ChachaArmv8Tier, Poly1305AndFinalReduction) {
  int n = 0;
  for (const auto &r : LengthVectors()) {
    if (r.section != "POLY1305" || !r.has("KEY")) continue;
    const Bytes key = hex_bytes(r.get("KEY")), msg = hex_bytes(r.get("MSG"));
    Bytes buf(msg.size() + 1);
    memcpy(buf.data() + 1, msg.data(), msg.size());  // unaligned
    uint8_t tag[16];
    ctasm_poly1305_pad16_armv8(tag, key.data(), buf.data() + 1, msg.size());
    EXPECT_EQ(to_hex(tag, 16), r.get("TAG")) << "lengths.txt:" << r.line;
    n++;
  }
  EXPECT_EQ(n, 15);
}

// seal and open of one message long enough for the woven loop leave no
// plaintext, key stream or key on the stack (the partial block's scratch is
// zeroed); chacha20 likewise.
TEST(ChachaArmv8Tier, NoStackResidue) {
  ctasm_test::TestRng rng(0xc8a8);
  const Bytes key = rng.bytes(32), nonce = rng.bytes(12), ad = rng.bytes(21);
  for (size_t len : {size_t{17}, size_t{255}, size_t{1000}}) {
    const Bytes pt = rng.bytes(len);
    const ChachaState st = MakeState(key, 0, nonce);
    Bytes ct(len), back(len), stream(len, 0);
    uint8_t tag[16];
    // The key stream of blocks 1.. and the Poly1305 key (block 0).
    Bytes ks(len + 64);
    Tier().chacha20(ks.data(), Bytes(len + 64, 0).data(), len + 64, &st);
    const std::vector<ctasm_test::Secret> secrets = {
        {"key", key}, {"plaintext", pt}, {"poly key", Bytes(ks.begin(), ks.begin() + 32)},
        {"key stream", Bytes(ks.begin() + 64, ks.end())}};
    auto check = [&](const char *what, const std::function<void()> &call) {
      const auto found = ctasm_test::FindSecrets(ctasm_test::RunOnCanaryStack(call), secrets);
      EXPECT_TRUE(found.hits.empty()) << what << " len " << len << ": " << found.report();
      EXPECT_FALSE(found.overflowed) << what;
    };
    check("seal", [&] {
      Tier().seal(ct.data(), tag, pt.data(), len, ad.data(), ad.size(), &st);
    });
    check("open", [&] {
      Tier().open(back.data(), tag, ct.data(), len, ad.data(), ad.size(), &st);
    });
    EXPECT_EQ(back, pt);
    const ChachaState st1 = MakeState(key, 1, nonce);
    check("chacha20", [&] { Tier().chacha20(stream.data(), pt.data(), len, &st1); });
  }
}

// The workload util/count_insns.py --chacha-armv8 counts under qemu:
// CTASM_CHACHA_COUNT="OP LEN CALLS" (OP seal, open, chacha20 or poly1305)
// makes CALLS calls of OP on a LEN-byte message with 13 bytes of AD; the
// counter subtracts a CALLS = 0 run (both make one more call and check it). poly1305 hashes exactly what seal's
// Poly1305 hashes (AD, ciphertext, each zero-padded, and the length block)
// with the key of block 0; chacha20 runs from block 1, as seal's key stream.
// Without the variable, one 300-byte call of each. The loop only calls (so
// the count is the operation's); the results are checked after it.
TEST(ChachaArmv8Count, Workload) {
  const char *env = getenv("CTASM_CHACHA_COUNT");
  char op[16] = "all";
  unsigned long len = 300, calls = 1;
  if (env != nullptr) {
    ASSERT_EQ(sscanf(env, "%15s %lu %lu", op, &len, &calls), 3) << "CTASM_CHACHA_COUNT=" << env;
  }
  const std::string which = op;
  const bool all = which == "all";
  ASSERT_TRUE(all || which == "seal" || which == "open" || which == "chacha20" ||
              which == "poly1305")
      << "unknown operation " << which;
  ctasm_test::TestRng rng(0xc0c0);
  const Bytes key = rng.bytes(32), nonce = rng.bytes(12), ad = rng.bytes(13), pt = rng.bytes(len);
  const ChachaState st = MakeState(key, 0, nonce), st1 = MakeState(key, 1, nonce);
  Bytes ct(len), opened(len), stream(len);
  uint8_t tag[16] = {}, open_tag[16] = {}, poly_tag[16] = {}, poly_key[64];
  // Poly1305 input of the AEAD and its key (block 0's first 32 bytes).
  Bytes mac(ad);
  mac.resize((mac.size() + 15) / 16 * 16);
  const size_t ct_at = mac.size();
  mac.resize(ct_at + (len + 15) / 16 * 16 + 16);
  for (int i = 0; i < 8; i++) {
    mac[mac.size() - 16 + i] = static_cast<uint8_t>(static_cast<uint64_t>(ad.size()) >> (8 * i));
    mac[mac.size() - 8 + i] = static_cast<uint8_t>(static_cast<uint64_t>(len) >> (8 * i));
  }
  Tier().chacha20(poly_key, Bytes(64, 0).data(), 64, &st);
  Tier().seal(ct.data(), tag, pt.data(), len, ad.data(), ad.size(), &st);
  memcpy(mac.data() + ct_at, ct.data(), len);

  auto run_ops = [&] {
    if (all || which == "seal") Tier().seal(ct.data(), tag, pt.data(), len, ad.data(), ad.size(), &st);
    if (all || which == "open") {
      Tier().open(opened.data(), open_tag, ct.data(), len, ad.data(), ad.size(), &st);
    }
    if (all || which == "chacha20") Tier().chacha20(stream.data(), pt.data(), len, &st1);
    if (all || which == "poly1305") ctasm_poly1305_pad16_armv8(poly_tag, poly_key, mac.data(), mac.size());
  };
  for (unsigned long i = 0; i < calls; i++) run_ops();
  // One more call and the checks, the same in every run (so they cancel in
  // the count): seal by open's round trip, open, ChaCha20 and Poly1305 against
  // seal's ciphertext and tag.
  run_ops();
  if (!(all || which == "open")) {
    Tier().open(opened.data(), open_tag, ct.data(), len, ad.data(), ad.size(), &st);
  }
  EXPECT_EQ(opened, pt);
  EXPECT_EQ(to_hex(open_tag, 16), to_hex(tag, 16));
  if (all || which == "chacha20") EXPECT_EQ(to_hex(stream), to_hex(ct));
  if (all || which == "poly1305") EXPECT_EQ(to_hex(poly_tag, 16), to_hex(tag, 16));
}

}  // namespace

#endif  // CTASM_AARCH64_ASM
