// SPDX-License-Identifier: Apache-2.0
// The NEON GHASH tiers (perlasm/ghash/ghash-neon-armv{8,7}.pl), reached
// directly: known answers from the GCM specification (McGrew and Viega, test
// cases 2-4) and differential tests against the bit-serial SP 800-38D
// reference (tests/ghash_reference.h) over random keys, every length 0..2 KiB
// in 16-byte steps (every remainder of the 4-block aggregation), unaligned
// input, chained calls and gmult.
//
// Every ARM build with assembly has its tier (the declaration below is only
// there and the test names it, so a missing tier is a link error); ARM builds
// without assembly and other ISAs have no NEON tier and compile nothing here.
#include "internal/asm_config.h"

#if defined(CTASM_AARCH64_ASM) || defined(CTASM_ARMV7_ASM)

#include <gtest/gtest.h>

#include <stdint.h>
#include <string.h>

#include <array>
#include <string>
#include <vector>

#include "ghash/internal.h"
#include "ghash_reference.h"
#include "test_util.h"

namespace {

using ctasm::GhashKey;
using ctasm::GhashTier;

#if defined(CTASM_AARCH64_ASM)
const GhashTier &Tier() { return ctasm::kGhashTierNeonArmv8; }
constexpr ctasm::GhashImpl kImpl = ctasm::kGhashImplNeonArmv8;
constexpr const char *kName = "ghash-neon-armv8";
#else
const GhashTier &Tier() { return ctasm::kGhashTierNeonArmv7; }
constexpr ctasm::GhashImpl kImpl = ctasm::kGhashImplNeonArmv7;
constexpr const char *kName = "ghash-neon-armv7";
#endif

std::vector<uint8_t> Hex(const char *s) {
  std::vector<uint8_t> v;
  for (size_t i = 0; s[i] && s[i + 1]; i += 2) {
    v.push_back(static_cast<uint8_t>(std::stoi(std::string(s + i, 2), nullptr, 16)));
  }
  return v;
}

std::string ToHex(const uint8_t *p, size_t n) {
  static const char d[] = "0123456789abcdef";
  std::string s;
  for (size_t i = 0; i < n; i++) {
    s += d[p[i] >> 4];
    s += d[p[i] & 15];
  }
  return s;
}

// A key made the way the contract says: zeroed, then init.
struct Key {
  GhashKey k;
  explicit Key(const uint8_t h[16]) {
    memset(&k, 0, sizeof k);
    Tier().init(&k, h);
  }
};

// The GHASH input of GCM: A, zero-padded, C, zero-padded, len(A) || len(C) in bits.
std::vector<uint8_t> GcmGhashInput(const std::vector<uint8_t> &a, const std::vector<uint8_t> &c) {
  std::vector<uint8_t> in(a);
  in.resize((in.size() + 15) / 16 * 16);
  in.insert(in.end(), c.begin(), c.end());
  in.resize((in.size() + 15) / 16 * 16);
  const uint64_t bits[2] = {8ull * a.size(), 8ull * c.size()};
  for (uint64_t b : bits) {
    for (int i = 7; i >= 0; i--) in.push_back(static_cast<uint8_t>(b >> (8 * i)));
  }
  return in;
}

TEST(GhashNeon, TierEntry) {
  EXPECT_EQ(Tier().impl, kImpl);
  EXPECT_STREQ(Tier().name, kName);
  // qemu -cpu max and every CI machine have NEON: not capable here is a failure.
  ASSERT_TRUE(Tier().capable()) << kName << ": this CPU (or CTASM_CPU) reports no NEON";
  EXPECT_TRUE(Tier().cxx_secrets & ctasm::kGhashCxxInit);  // init is C++ on H
}

// McGrew-Viega test cases 2, 3, 4 (AES-128): H = E_K(0), GHASH_H(A, C).
TEST(GhashNeon, KnownAnswers) {
  ASSERT_TRUE(Tier().capable());
  struct Case {
    const char *h, *a, *c, *ghash;
  };
  const Case cases[] = {
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
  for (const Case &c : cases) {
    SCOPED_TRACE(c.ghash);
    const std::vector<uint8_t> h = Hex(c.h), in = GcmGhashInput(Hex(c.a), Hex(c.c));
    Key key(h.data());
    uint8_t x[16] = {0};
    Tier().ghash(x, &key.k, in.data(), in.size());
    EXPECT_EQ(ToHex(x, 16), c.ghash);
    // The same one block at a time through gmult.
    uint8_t y[16] = {0};
    for (size_t off = 0; off < in.size(); off += 16) {
      for (int i = 0; i < 16; i++) y[i] ^= in[off + i];
      Tier().gmult(y, &key.k);
    }
    EXPECT_EQ(ToHex(y, 16), c.ghash);
    // And the reference agrees with the specification.
    uint8_t z[16] = {0};
    ctasm_test::ghash_reference(z, h.data(), in.data(), in.size());
    EXPECT_EQ(ToHex(z, 16), c.ghash);
  }
}

TEST(GhashNeon, GmultMatchesReference) {
  ASSERT_TRUE(Tier().capable());
  ctasm_test::TestRng rng(0x6a5a);
  uint8_t one[16] = {0x80};  // the field's 1 (x^0 is the first bit)
  for (int iter = 0; iter < 200; iter++) {
    uint8_t h[16], x[16], want[16];
    rng.fill(h, 16);
    rng.fill(x, 16);
    if (iter == 0) memcpy(h, one, 16);  // x * 1 = x
    if (iter == 1) memset(x, 0, 16);    // 0 * H = 0
    if (iter == 2) memset(h, 0xff, 16);
    if (iter == 3) memset(x, 0xff, 16);
    Key key(h);
    ctasm_test::ghash_reference_mul(want, x, h);
    Tier().gmult(x, &key.k);
    ASSERT_EQ(ToHex(x, 16), ToHex(want, 16)) << "iter " << iter << " H " << ToHex(h, 16);
  }
}

// Every length 0..2 KiB (16-byte steps), input at offsets 0..3 from a
// 16-aligned buffer, random H and starting hash, against the reference state
// after the same number of blocks.
TEST(GhashNeon, GhashMatchesReference) {
  ASSERT_TRUE(Tier().capable());
  ctasm_test::TestRng rng(0x6a5b);
  constexpr size_t kMax = 2048;
  alignas(16) uint8_t buf[kMax + 16];
  for (int trial = 0; trial < 6; trial++) {
    uint8_t h[16], x0[16];
    rng.fill(h, 16);
    rng.fill(x0, 16);
    if (trial == 0) memset(x0, 0, 16);
    Key key(h);
    const size_t offset = static_cast<size_t>(trial) % 4;
    uint8_t *in = buf + offset;
    rng.fill(in, kMax);
    // ref[n]: the hash after n blocks.
    std::vector<std::array<uint8_t, 16>> ref(kMax / 16 + 1);
    memcpy(ref[0].data(), x0, 16);
    for (size_t n = 1; n <= kMax / 16; n++) {
      memcpy(ref[n].data(), ref[n - 1].data(), 16);
      ctasm_test::ghash_reference(ref[n].data(), h, in + 16 * (n - 1), 16);
    }
    for (size_t len = 0; len <= kMax; len += 16) {
      uint8_t x[16];
      memcpy(x, x0, 16);
      Tier().ghash(x, &key.k, in, len);
      ASSERT_EQ(ToHex(x, 16), ToHex(ref[len / 16].data(), 16))
          << "trial " << trial << " len " << len << " offset " << offset;
    }
    // Chained calls of random lengths give the one-call answer.
    uint8_t x[16];
    memcpy(x, x0, 16);
    size_t done = 0;
    while (done < kMax) {
      size_t n = 16 * rng.below(12);
      if (n > kMax - done) n = kMax - done;
      Tier().ghash(x, &key.k, in + done, n);
      done += n;
    }
    EXPECT_EQ(ToHex(x, 16), ToHex(ref[kMax / 16].data(), 16)) << "chained, trial " << trial;
  }
}

// len is a multiple of 16 by contract; the assembly still reads whole blocks
// only (never past in + len) if a caller gets that wrong.
TEST(GhashNeon, PartialBlockIgnored) {
  ASSERT_TRUE(Tier().capable());
  ctasm_test::TestRng rng(0x6a5d);
  uint8_t h[16], in[80];
  rng.fill(h, 16);
  rng.fill(in, sizeof in);
  Key key(h);
  for (size_t len : {1u, 15u, 17u, 40u, 63u, 79u}) {
    uint8_t x[16] = {0}, y[16] = {0};
    Tier().ghash(x, &key.k, in, len);
    ctasm_test::ghash_reference(y, h, in, len / 16 * 16);
    EXPECT_EQ(ToHex(x, 16), ToHex(y, 16)) << len;
  }
}

// The key depends on H only; H = 0 hashes everything to 0.
TEST(GhashNeon, InitIsDeterministic) {
  ASSERT_TRUE(Tier().capable());
  ctasm_test::TestRng rng(0x6a5c);
  uint8_t h[16];
  rng.fill(h, 16);
  Key a(h), b(h);
  EXPECT_EQ(memcmp(&a.k, &b.k, sizeof a.k), 0);
  uint8_t zero[16] = {0}, x[16];
  rng.fill(x, 16);
  Key z(zero);
  Tier().gmult(x, &z.k);
  EXPECT_EQ(ToHex(x, 16), ToHex(zero, 16));  // H = 0: everything hashes to 0
}

}  // namespace

#endif  // CTASM_AARCH64_ASM || CTASM_ARMV7_ASM
