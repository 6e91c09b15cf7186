// SPDX-License-Identifier: Apache-2.0
// What only the ARMv7 NEON ChaCha20-Poly1305 tier has (the generic chacha_*
// tests run it with every other tier): Poly1305 final-reduction edges solved in
// this tier's own radix-2^32 arithmetic (tests/vectors/chacha_armv7_vectors.json,
// written by tests/chacha_armv7_vectors.py with python3 cryptography's tags),
// through the tier directly at every alignment of in, out, AD and tag, and in
// place, with guard bytes after out and the tag. Also that the tier runs here at
// all, so the generic tests cannot skip it.
#include "internal/asm_config.h"

#if defined(CTASM_ARMV7_ASM)

#include <gtest/gtest.h>

#include <stdint.h>
#include <string.h>

#include <string>
#include <vector>

#include "chacha/internal.h"
#include "chacha_tiers.h"
#include "test_util.h"

namespace {

using Bytes = std::vector<uint8_t>;
const ctasm::ChachaTier &Tier() { return ctasm::kChachaTierNeonArmv7; }

constexpr size_t kGuard = 32;
constexpr uint8_t kGuardByte = 0xa5;

// Seal and open at several alignments and in place: out, tag must match.
void CheckAead(const Bytes &key, const Bytes &nonce, const Bytes &ad, const Bytes &pt,
               const Bytes &ct, const Bytes &tag, const std::string &what) {
  ASSERT_EQ(pt.size(), ct.size()) << what;
  ASSERT_EQ(key.size(), 32u) << what;
  ASSERT_EQ(nonce.size(), 12u) << what;
  const size_t n = pt.size();
  const ctasm::ChachaState st = ctasm_test::ChachaStateOf(key.data(), 0, nonce.data());
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

}  // namespace

#endif  // CTASM_ARMV7_ASM
