// SPDX-License-Identifier: Apache-2.0
// Every GHASH tier of the build against the bit-serial SP 800-38D reference
// (tests/ghash_reference.h) and known answers: products of chosen and random
// elements (gmult), bulk hashing of every length up to 40 blocks with
// unaligned input, and bulk == block-by-block. Also checks the tier tables.
#include <gtest/gtest.h>
#include <string.h>

#include <vector>

#include "ghash/internal.h"
#include "ghash_reference.h"
#include "ghash_tiers.h"
#include "test_util.h"

namespace {

using ctasm::GhashKey;
using ctasm::GhashTier;
using ctasm_test::hex_bytes;
using ctasm_test::to_hex;

class GhashTierTest : public ::testing::TestWithParam<const GhashTier *> {};

std::string GhashName(const ::testing::TestParamInfo<const GhashTier *> &info) {
  std::string s;
  for (const char *c = info.param->name; *c; c++) s += isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
  return s;
}

void Init(const GhashTier &t, GhashKey *key, const uint8_t h[16]) {
  memset(key, 0, sizeof(*key));
  t.init(key->bytes, h);
}

// SP 800-38D's example (GCM specification, test case 2): H = E_K(0) for the
// zero AES-128 key, C = 0388dace60b6a392f328c2b971b2fe78, len block 0 || 128.
TEST_P(GhashTierTest, KnownAnswer) {
  const GhashTier &t = *GetParam();
  GhashKey key;
  const std::vector<uint8_t> h = hex_bytes("66e94bd4ef8a2c3b884cfa59ca342b2e");
  Init(t, &key, h.data());
  std::vector<uint8_t> data = hex_bytes(
      "0388dace60b6a392f328c2b971b2fe78"
      "00000000000000000000000000000080");
  uint8_t x[16] = {0};
  t.ghash(x, key.bytes, data.data(), data.size());
  EXPECT_EQ("f38cbb1ad69223dcc3457ae5b6b0f885", to_hex(x, 16));
}

TEST_P(GhashTierTest, GmultMatchesReference) {
  const GhashTier &t = *GetParam();
  ctasm_test::TestRng rng(1);
  // Edge elements: 1 (the MSB of byte 0), x^127 (the LSB of byte 15), all ones.
  std::vector<std::vector<uint8_t>> elems = {std::vector<uint8_t>(16, 0), std::vector<uint8_t>(16, 0xff)};
  elems.push_back(hex_bytes("80000000000000000000000000000000"));
  elems.push_back(hex_bytes("00000000000000000000000000000001"));
  elems.push_back(hex_bytes("00000000000000010000000000000000"));
  elems.push_back(hex_bytes("0000000180000000ffffffff00000000"));
  for (int i = 0; i < 200; i++) elems.push_back(rng.bytes(16));
  for (size_t i = 0; i < elems.size(); i++) {
    const std::vector<uint8_t> &h = elems[i];
    const std::vector<uint8_t> &x0 = elems[(i * 7 + 3) % elems.size()];
    GhashKey key;
    Init(t, &key, h.data());
    uint8_t x[16], want[16];
    memcpy(x, x0.data(), 16);
    t.gmult(x, key.bytes);
    ctasm_test::ghash_reference_mul(want, x0.data(), h.data());
    ASSERT_EQ(to_hex(want, 16), to_hex(x, 16)) << "H " << to_hex(h) << " X " << to_hex(x0);
  }
}

TEST_P(GhashTierTest, BulkMatchesReference) {
  const GhashTier &t = *GetParam();
  ctasm_test::TestRng rng(2);
  const std::vector<uint8_t> buf = rng.bytes(16 * 40 + 15);
  for (size_t blocks = 0; blocks <= 40; blocks++) {
    for (size_t misalign : {0u, 1u, 7u}) {
      const std::vector<uint8_t> h = rng.bytes(16), x0 = rng.bytes(16);
      GhashKey key;
      Init(t, &key, h.data());
      uint8_t x[16], want[16], step[16];
      memcpy(x, x0.data(), 16);
      memcpy(want, x0.data(), 16);
      memcpy(step, x0.data(), 16);
      t.ghash(x, key.bytes, buf.data() + misalign, 16 * blocks);
      ctasm_test::ghash_reference(want, h.data(), buf.data() + misalign, 16 * blocks);
      ASSERT_EQ(to_hex(want, 16), to_hex(x, 16)) << blocks << " blocks, +" << misalign;
      // Block by block through gmult gives the same.
      for (size_t b = 0; b < blocks; b++) {
        for (int i = 0; i < 16; i++) step[i] ^= buf[misalign + 16 * b + i];
        t.gmult(step, key.bytes);
      }
      ASSERT_EQ(to_hex(want, 16), to_hex(step, 16)) << blocks << " blocks via gmult";
    }
  }
  // A long input in one call (the bulk loops of the SIMD tiers).
  const std::vector<uint8_t> big = rng.bytes(16 * 1000), h = rng.bytes(16);
  GhashKey key;
  Init(t, &key, h.data());
  uint8_t x[16] = {0}, want[16] = {0};
  t.ghash(x, key.bytes, big.data(), big.size());
  ctasm_test::ghash_reference(want, h.data(), big.data(), big.size());
  EXPECT_EQ(to_hex(want, 16), to_hex(x, 16));
}

INSTANTIATE_TEST_SUITE_P(Tiers, GhashTierTest,
                         ::testing::ValuesIn(ctasm_test::AvailableGhashTiers()), GhashName);

TEST(GhashTiers, TablesAgree) {
  ASSERT_GE(ctasm::kGhashTierCount, 1u);
  EXPECT_EQ(&ctasm::kGhashTierPortable, ctasm::kGhashTiers[ctasm::kGhashTierCount - 1]);
  size_t listed = 0;
  for (size_t impl = 0; impl < ctasm::kGhashImplCount; impl++) {
    const GhashTier *t = ctasm::kGhashTierByImpl[impl];
    if (t == nullptr) continue;
    EXPECT_EQ(impl, t->impl) << t->name;
    bool in_table = false;
    for (size_t i = 0; i < ctasm::kGhashTierCount; i++) in_table |= ctasm::kGhashTiers[i] == t;
    EXPECT_TRUE(in_table) << t->name;
    listed++;
  }
  EXPECT_EQ(ctasm::kGhashTierCount, listed);
  EXPECT_EQ(nullptr, ctasm::kGhashTierByImpl[ctasm::kGhashImplNone]);
}

}  // namespace
