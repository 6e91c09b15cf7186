// SPDX-License-Identifier: Apache-2.0
// Every GHASH tier of the build (kGhashTiers: portable, SSSE3 on x86_64, NEON
// on AArch64 and ARMv7), each against the bit-serial SP 800-38D reference
// (tests/ghash_reference.h) and the GCM specification's known answers:
// products of chosen, sparse and random elements (gmult), bulk hashing of
// every length to 2 KiB at every input offset 0..15 (every remainder of the
// SIMD tiers' aggregation), chained and split calls, unaligned x, and what a
// tier must leave alone (its input, the bytes around x and after its key).
#include <gtest/gtest.h>
#include <string.h>

#include <array>
#include <string>
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

// What each tier must be called and which of its functions compute on
// secrets in C++ (the callers wipe the stack after those): the portable tier
// everything, the NEON tiers their init, the SSSE3 tier nothing.
struct TierFacts {
  ctasm::GhashImpl impl;
  const char *name;
  uint8_t cxx_secrets;
};
const TierFacts kFacts[] = {
    {ctasm::kGhashImplPortable, "ghash-portable", ctasm::kGhashCxxInit | ctasm::kGhashCxxData},
    {ctasm::kGhashImplSsse3, "ghash-ssse3", 0},
    {ctasm::kGhashImplNeonArmv8, "ghash-neon-armv8", ctasm::kGhashCxxInit},
    {ctasm::kGhashImplNeonArmv7, "ghash-neon-armv7", ctasm::kGhashCxxInit},
};

class GhashTierTest : public ::testing::TestWithParam<const GhashTier *> {};

std::string GhashName(const ::testing::TestParamInfo<const GhashTier *> &info) {
  std::string s;
  for (const char *c = info.param->name; *c; c++) s += isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
  return s;
}

// A key made the way the contract says: zeroed, then init.
void Init(const GhashTier &t, GhashKey *key, const uint8_t h[16]) {
  memset(key, 0, sizeof(*key));
  t.init(key->bytes, h);
}

// GHASH_H(A, C) as SP 800-38D defines it (zero-padded A and C, then the length block).
std::vector<uint8_t> GcmHashInput(const std::vector<uint8_t> &a, const std::vector<uint8_t> &c) {
  std::vector<uint8_t> s(a);
  s.resize((s.size() + 15) / 16 * 16);
  s.insert(s.end(), c.begin(), c.end());
  s.resize((s.size() + 15) / 16 * 16);
  const uint64_t bits[2] = {8 * static_cast<uint64_t>(a.size()), 8 * static_cast<uint64_t>(c.size())};
  for (uint64_t b : bits) {
    for (int i = 7; i >= 0; i--) s.push_back(static_cast<uint8_t>(b >> (8 * i)));
  }
  return s;
}

TEST_P(GhashTierTest, Entry) {
  const GhashTier &t = *GetParam();
  bool known = false;
  for (const TierFacts &f : kFacts) {
    if (f.impl != t.impl) continue;
    known = true;
    EXPECT_STREQ(f.name, t.name);
    EXPECT_EQ(f.cxx_secrets, t.cxx_secrets) << t.name;
  }
  EXPECT_TRUE(known) << t.name << ": a tier this test does not know (add it to kFacts)";
}

// The GCM specification (McGrew and Viega), test cases 2, 3 and 4 (AES-128):
// H = E_K(0), the GHASH values are the specification's X_{m+n+1}.
TEST_P(GhashTierTest, KnownAnswers) {
  const GhashTier &t = *GetParam();
  struct Kat {
    const char *h, *a, *c, *ghash;
  };
  const Kat kats[] = {
      {"66e94bd4ef8a2c3b884cfa59ca342b2e", "", "0388dace60b6a392f328c2b971b2fe78",
       "f38cbb1ad69223dcc3457ae5b6b0f885"},
      {"b83b533708bf535d0aa6e52980d53b78", "",
       "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
       "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
       "7f1b32b81b820d02614f8895ac1d4eac"},
      {"b83b533708bf535d0aa6e52980d53b78", "feedfacedeadbeeffeedfacedeadbeefabaddad2",
       "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
       "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
       "698e57f70e6ecc7fd9463b7260a9ae5f"},
  };
  for (const Kat &k : kats) {
    SCOPED_TRACE(k.ghash);
    const std::vector<uint8_t> h = hex_bytes(k.h), in = GcmHashInput(hex_bytes(k.a), hex_bytes(k.c));
    GhashKey key;
    Init(t, &key, h.data());
    uint8_t x[16] = {0};
    t.ghash(x, key.bytes, in.data(), in.size());
    EXPECT_EQ(k.ghash, to_hex(x, 16));
    // The same one block at a time through gmult.
    uint8_t y[16] = {0};
    for (size_t off = 0; off < in.size(); off += 16) {
      for (int i = 0; i < 16; i++) y[i] ^= in[off + i];
      t.gmult(y, key.bytes);
    }
    EXPECT_EQ(k.ghash, to_hex(y, 16));
    // And the reference agrees, so a wrong vector here cannot pass both.
    uint8_t r[16] = {0};
    ctasm_test::ghash_reference(r, h.data(), in.data(), in.size());
    EXPECT_EQ(k.ghash, to_hex(r, 16));
  }
}

// H = 1 (the block 80 00..00) makes x * H = x; H = 0 makes it 0.
TEST_P(GhashTierTest, IdentityAndZeroKey) {
  const GhashTier &t = *GetParam();
  ctasm_test::TestRng rng(0x9a51);
  uint8_t one[16] = {0x80}, zero[16] = {0}, x[16], want[16];
  GhashKey key;
  Init(t, &key, one);
  rng.fill(x, 16);
  memcpy(want, x, 16);
  t.gmult(x, key.bytes);
  EXPECT_EQ(to_hex(want, 16), to_hex(x, 16));
  Init(t, &key, zero);
  t.gmult(x, key.bytes);
  EXPECT_EQ(to_hex(zero, 16), to_hex(x, 16));
  uint8_t in[48];
  rng.fill(in, sizeof in);
  t.ghash(x, key.bytes, in, sizeof in);
  EXPECT_EQ(to_hex(zero, 16), to_hex(x, 16)) << "H = 0 hashes everything to 0";
}

// Chosen elements (0, all ones, 1, x^127, bits at the qword and dword
// boundaries), one-bit keys and values at every byte, then random ones; x
// unaligned, and the bytes around it left alone.
TEST_P(GhashTierTest, GmultMatchesReference) {
  const GhashTier &t = *GetParam();
  ctasm_test::TestRng rng(0x6a17);
  std::vector<std::vector<uint8_t>> elems = {std::vector<uint8_t>(16, 0), std::vector<uint8_t>(16, 0xff)};
  elems.push_back(hex_bytes("80000000000000000000000000000000"));
  elems.push_back(hex_bytes("00000000000000000000000000000001"));
  elems.push_back(hex_bytes("00000000000000010000000000000000"));
  elems.push_back(hex_bytes("0000000180000000ffffffff00000000"));
  for (const auto &h : elems) {
    for (const auto &x0 : elems) {
      GhashKey key;
      Init(t, &key, h.data());
      uint8_t x[16], want[16];
      memcpy(x, x0.data(), 16);
      t.gmult(x, key.bytes);
      ctasm_test::ghash_reference_mul(want, x0.data(), h.data());
      ASSERT_EQ(to_hex(want, 16), to_hex(x, 16)) << "H " << to_hex(h) << " X " << to_hex(x0);
    }
  }
  for (int trial = 0; trial < 2000; trial++) {
    uint8_t h[16], x[16], want[16];
    rng.fill(h, 16);
    rng.fill(x, 16);
    if (trial < 16) {  // sparse keys and values: one bit set
      memset(h, 0, 16);
      memset(x, 0, 16);
      h[trial] = static_cast<uint8_t>(1u << (trial % 8));
      x[15 - trial] = static_cast<uint8_t>(0x80u >> (trial % 8));
    }
    GhashKey key;
    Init(t, &key, h);
    ctasm_test::ghash_reference_mul(want, x, h);
    alignas(16) uint8_t buf[48];
    memset(buf, 0xa5, sizeof buf);
    uint8_t *xp = buf + 1 + trial % 16;
    memcpy(xp, x, 16);
    t.gmult(xp, key.bytes);
    ASSERT_EQ(to_hex(want, 16), to_hex(xp, 16)) << "H " << to_hex(h, 16) << " x " << to_hex(x, 16);
    for (uint8_t *p = buf; p < buf + sizeof buf; p++) {
      if (p < xp || p >= xp + 16) ASSERT_EQ(0xa5, *p) << "byte " << (p - buf) << " written";
    }
  }
}

// Every length 0..2 KiB in 16-byte steps at every input offset 0..15 (over the
// trials), against the reference state after the same number of blocks; the
// bulk result equals gmult block by block; the input is not written.
TEST_P(GhashTierTest, GhashMatchesReference) {
  const GhashTier &t = *GetParam();
  ctasm_test::TestRng rng(0x6a5b);
  constexpr size_t kMax = 2048;
  alignas(16) uint8_t buf[kMax + 16];
  for (int trial = 0; trial < 16; trial++) {
    uint8_t h[16], x0[16];
    rng.fill(h, 16);
    rng.fill(x0, 16);
    if (trial == 0) memset(x0, 0, 16);
    GhashKey key;
    Init(t, &key, h);
    const size_t offset = static_cast<size_t>(trial);
    uint8_t *in = buf + offset;
    rng.fill(in, kMax);
    // ref[n]: the hash after n blocks.
    std::vector<std::array<uint8_t, 16>> ref(kMax / 16 + 1);
    memcpy(ref[0].data(), x0, 16);
    for (size_t n = 1; n <= kMax / 16; n++) {
      memcpy(ref[n].data(), ref[n - 1].data(), 16);
      ctasm_test::ghash_reference(ref[n].data(), h, in + 16 * (n - 1), 16);
    }
    const std::vector<uint8_t> before(in, in + kMax);
    for (size_t len = 0; len <= kMax; len += 16) {
      alignas(16) uint8_t xbuf[32];
      uint8_t *x = xbuf + (len / 16) % 17;  // x at every alignment too
      memcpy(x, x0, 16);
      t.ghash(x, key.bytes, in, len);
      ASSERT_EQ(to_hex(ref[len / 16].data(), 16), to_hex(x, 16))
          << "trial " << trial << " len " << len << " offset " << offset;
    }
    ASSERT_TRUE(before == std::vector<uint8_t>(in, in + kMax)) << "ghash wrote to its input";
    // Block by block through gmult gives the same (the first 40 blocks).
    uint8_t step[16];
    memcpy(step, x0, 16);
    for (size_t b = 0; b < 40; b++) {
      for (int i = 0; i < 16; i++) step[i] ^= in[16 * b + i];
      t.gmult(step, key.bytes);
    }
    ASSERT_EQ(to_hex(ref[40].data(), 16), to_hex(step, 16)) << "40 blocks via gmult";
    // Chained calls of random lengths, and one split at a random block, give
    // the one-call answer: the state is only x.
    uint8_t x[16];
    memcpy(x, x0, 16);
    for (size_t done = 0; done < kMax;) {
      size_t n = 16 * rng.below(12);
      if (n > kMax - done) n = kMax - done;
      t.ghash(x, key.bytes, in + done, n);
      done += n;
    }
    EXPECT_EQ(to_hex(ref[kMax / 16].data(), 16), to_hex(x, 16)) << "chained, trial " << trial;
    const size_t cut = 16 * (1 + rng.below(kMax / 16 - 1));
    memcpy(x, x0, 16);
    t.ghash(x, key.bytes, in, cut);
    t.ghash(x, key.bytes, in + cut, kMax - cut);
    EXPECT_EQ(to_hex(ref[kMax / 16].data(), 16), to_hex(x, 16)) << "cut " << cut;
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

// len is a multiple of 16 by contract; a tier still reads whole blocks only
// (never past in + len) if a caller gets that wrong; length 0 reads nothing
// (not even x or in: nullptr).
TEST_P(GhashTierTest, PartialBlockIgnoredAndEmptyInput) {
  const GhashTier &t = *GetParam();
  ctasm_test::TestRng rng(0x6a5d);
  uint8_t h[16], in[80];
  rng.fill(h, 16);
  rng.fill(in, sizeof in);
  GhashKey key;
  Init(t, &key, h);
  for (size_t len : {1u, 15u, 17u, 40u, 63u, 79u}) {
    uint8_t x[16] = {0}, y[16] = {0};
    t.ghash(x, key.bytes, in, len);
    ctasm_test::ghash_reference(y, h, in, len / 16 * 16);
    EXPECT_EQ(to_hex(y, 16), to_hex(x, 16)) << len;
  }
  uint8_t x[16] = {9, 8, 7};
  const std::string before = to_hex(x, 16);
  t.ghash(x, key.bytes, nullptr, 0);
  EXPECT_EQ(before, to_hex(x, 16));
}

// The key is a pure function of H and init writes nothing past it.
TEST_P(GhashTierTest, InitIsDeterministicAndStaysInTheKey) {
  const GhashTier &t = *GetParam();
  uint8_t h[16];
  ctasm_test::TestRng rng(0x1417);
  rng.fill(h, 16);
  struct alignas(16) Guarded {
    GhashKey key;
    uint8_t after[64];
  } a, b;
  memset(&a, 0x5c, sizeof a);
  memset(&b, 0, sizeof b);
  memset(&a.key, 0, sizeof a.key);
  t.init(a.key.bytes, h);
  t.init(b.key.bytes, h);
  EXPECT_EQ(0, memcmp(&a.key, &b.key, sizeof a.key));
  for (uint8_t c : a.after) ASSERT_EQ(0x5c, c);
  if (t.init_defines_all) {  // its callers skip the zeroing: garbage must not matter
    memset(&b.key, 0xa7, sizeof b.key);
    t.init(b.key.bytes, h);
    EXPECT_EQ(0, memcmp(&a.key, &b.key, sizeof a.key)) << t.name << ": init over garbage differs";
  }
}

INSTANTIATE_TEST_SUITE_P(Tiers, GhashTierTest,
                         ::testing::ValuesIn(ctasm_test::AvailableGhashTiers()), GhashName);

// Every tier of the build runs on the machines the tests run on (x86_64 CPUs
// with SSSE3, qemu -cpu max with NEON): one that cannot is a failure with the
// reason, not a silently smaller suite.
TEST(GhashTiers, EveryTierRunsHere) {
  const std::vector<const GhashTier *> avail = ctasm_test::AvailableGhashTiers();
  for (size_t i = 0; i < ctasm::kGhashTierCount; i++) {
    bool found = false;
    for (const GhashTier *t : avail) found |= t == ctasm::kGhashTiers[i];
    EXPECT_TRUE(found) << ctasm::kGhashTiers[i]->name
                       << " cannot run: this CPU lacks its features (SSSE3 / NEON), so it is untested";
  }
#if defined(CTASM_X86_64_ASM) || defined(CTASM_AARCH64_ASM) || defined(CTASM_ARMV7_ASM)
  EXPECT_GE(ctasm::kGhashTierCount, 2u) << "an assembly build without its SIMD GHASH tier";
#endif
}

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
