// SPDX-License-Identifier: Apache-2.0
// The x86_64 SSSE3 GHASH tier (kGhashTierSsse3): known answers from the GCM
// specification and differential tests against the bit-serial reference
// (tests/ghash_reference.h) for random keys, every length to 2 KiB, both
// block-count parities of the two-block aggregation, and unaligned buffers.
#include "internal/asm_config.h"

#if defined(CTASM_X86_64_ASM)
#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ghash/internal.h"
#include "ghash_reference.h"
#include "test_util.h"

namespace {

using ctasm::kGhashTierSsse3;
using ctasm_test::hex_bytes;
using ctasm_test::to_hex;

// Every check needs the tier to run: a CPU without SSSE3 fails, with the reason.
bool Runnable() {
  if (kGhashTierSsse3.capable()) return true;
  ADD_FAILURE() << "ghash-ssse3 cannot run: no SSSE3 on this CPU (or CTASM_CPU removed it)";
  return false;
}

void InitKey(ctasm::GhashKey *key, const uint8_t h[16]) {
  memset(key, 0, sizeof *key);
  kGhashTierSsse3.init(key, h);
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

struct Kat {
  const char *name, *h, *a, *c, *ghash;
};

// The GCM specification (McGrew and Viega), test cases 2, 3 and 4 (AES-128);
// the GHASH values are the specification's X_{m+n+1}.
const Kat kKats[] = {
    {"TC2", "66e94bd4ef8a2c3b884cfa59ca342b2e", "", "0388dace60b6a392f328c2b971b2fe78",
     "f38cbb1ad69223dcc3457ae5b6b0f885"},
    {"TC3", "b83b533708bf535d0aa6e52980d53b78", "",
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
     "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
     "7f1b32b81b820d02614f8895ac1d4eac"},
    {"TC4", "b83b533708bf535d0aa6e52980d53b78", "feedfacedeadbeeffeedfacedeadbeefabaddad2",
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
     "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
     "698e57f70e6ecc7fd9463b7260a9ae5f"},
};

TEST(GhashSsse3, KnownAnswers) {
  if (!Runnable()) return;
  for (const Kat &k : kKats) {
    SCOPED_TRACE(k.name);
    const std::vector<uint8_t> h = hex_bytes(k.h);
    const std::vector<uint8_t> in = GcmHashInput(hex_bytes(k.a), hex_bytes(k.c));
    ctasm::GhashKey key;
    InitKey(&key, h.data());
    uint8_t x[16] = {0};
    kGhashTierSsse3.ghash(x, &key, in.data(), in.size());
    EXPECT_EQ(to_hex(x, 16), k.ghash);
    // The same through gmult, block by block.
    uint8_t y[16] = {0};
    for (size_t off = 0; off < in.size(); off += 16) {
      for (int i = 0; i < 16; i++) y[i] ^= in[off + i];
      kGhashTierSsse3.gmult(y, &key);
    }
    EXPECT_EQ(to_hex(y, 16), k.ghash);
    // And the reference agrees, so a wrong vector here cannot pass both.
    uint8_t r[16] = {0};
    ctasm_test::ghash_reference(r, h.data(), in.data(), in.size());
    EXPECT_EQ(to_hex(r, 16), k.ghash);
  }
}

// H = 1 (the block 80 00..00) makes x * H = x; H = 0 makes it 0.
TEST(GhashSsse3, IdentityAndZeroKey) {
  if (!Runnable()) return;
  ctasm_test::TestRng rng(0x9a51);
  uint8_t one[16] = {0x80}, zero[16] = {0}, x[16], want[16];
  ctasm::GhashKey key;
  InitKey(&key, one);
  rng.fill(x, 16);
  memcpy(want, x, 16);
  kGhashTierSsse3.gmult(x, &key);
  EXPECT_EQ(to_hex(x, 16), to_hex(want, 16));
  InitKey(&key, zero);
  kGhashTierSsse3.gmult(x, &key);
  EXPECT_EQ(to_hex(x, 16), to_hex(zero, 16));
}

TEST(GhashSsse3, GmultMatchesReference) {
  if (!Runnable()) return;
  ctasm_test::TestRng rng(0x6a17);
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
    ctasm::GhashKey key;
    InitKey(&key, h);
    ctasm_test::ghash_reference_mul(want, x, h);
    // x unaligned inside a buffer, and the neighbouring bytes left alone.
    alignas(16) uint8_t buf[48];
    memset(buf, 0xa5, sizeof buf);
    uint8_t *xp = buf + 1 + trial % 16;
    memcpy(xp, x, 16);
    kGhashTierSsse3.gmult(xp, &key);
    ASSERT_EQ(to_hex(xp, 16), to_hex(want, 16)) << "H " << to_hex(h, 16) << " x " << to_hex(x, 16);
    for (uint8_t *p = buf; p < buf + sizeof buf; p++) {
      if (p < xp || p >= xp + 16) ASSERT_EQ(*p, 0xa5) << "byte " << (p - buf) << " written";
    }
  }
}

TEST(GhashSsse3, GhashMatchesReference) {
  if (!Runnable()) return;
  ctasm_test::TestRng rng(0x6a57);
  std::vector<uint8_t> data(2048 + 32 + 15);
  for (int trial = 0; trial < 400; trial++) {
    uint8_t h[16], x0[16];
    rng.fill(h, 16);
    rng.fill(x0, 16);
    ctasm::GhashKey key;
    InitKey(&key, h);
    // Every length 0..2048 in 16-byte steps over the trials (both parities of the
    // block count, so the two-block loop and the single tail block), then random ones.
    const size_t len = trial <= 128 ? 16 * trial : 16 * rng.below(129);
    const size_t in_off = rng.below(16);
    rng.fill(data.data(), data.size());
    const uint8_t *in = data.data() + in_off;
    uint8_t want[16];
    memcpy(want, x0, 16);
    ctasm_test::ghash_reference(want, h, in, len);
    alignas(16) uint8_t xbuf[32];
    uint8_t *x = xbuf + (trial % 2 ? 0 : 1 + trial % 15);
    memcpy(x, x0, 16);
    const std::vector<uint8_t> before(data);
    kGhashTierSsse3.ghash(x, &key, in, len);
    ASSERT_EQ(to_hex(x, 16), to_hex(want, 16)) << "len " << len << " in offset " << in_off;
    ASSERT_TRUE(before == data) << "ghash wrote to its input";
    // Split at a random block boundary: the same value (the state is only x).
    if (len >= 32) {
      const size_t cut = 16 * (1 + rng.below(static_cast<uint32_t>(len / 16 - 1)));
      memcpy(x, x0, 16);
      kGhashTierSsse3.ghash(x, &key, in, cut);
      kGhashTierSsse3.ghash(x, &key, in + cut, len - cut);
      ASSERT_EQ(to_hex(x, 16), to_hex(want, 16)) << "len " << len << " cut " << cut;
    }
  }
}

// The key holds H's tables and H^2's: the key written by init is a pure function of H.
TEST(GhashSsse3, InitIsDeterministicAndStaysInTheKey) {
  if (!Runnable()) return;
  uint8_t h[16];
  ctasm_test::TestRng rng(0x1417);
  rng.fill(h, 16);
  struct alignas(16) Guarded {
    ctasm::GhashKey key;
    uint8_t after[64];
  } a, b;
  memset(&a, 0x5c, sizeof a);
  memset(&b, 0, sizeof b);
  memset(&a.key, 0, sizeof a.key);
  kGhashTierSsse3.init(&a.key, h);
  kGhashTierSsse3.init(&b.key, h);
  EXPECT_EQ(memcmp(&a.key, &b.key, sizeof a.key), 0);
  for (uint8_t c : a.after) ASSERT_EQ(c, 0x5c);
  EXPECT_EQ(kGhashTierSsse3.impl, ctasm::kGhashImplSsse3);
  EXPECT_STREQ(kGhashTierSsse3.name, "ghash-ssse3");
}

// Length 0 touches nothing, not even x.
TEST(GhashSsse3, EmptyInput) {
  if (!Runnable()) return;
  uint8_t h[16] = {1, 2, 3}, x[16] = {9, 8, 7};
  ctasm::GhashKey key;
  InitKey(&key, h);
  const std::string before = to_hex(x, 16);
  kGhashTierSsse3.ghash(x, &key, nullptr, 0);
  EXPECT_EQ(to_hex(x, 16), before);
}

}  // namespace
#endif  // CTASM_X86_64_ASM
