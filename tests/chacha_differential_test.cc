// SPDX-License-Identifier: Apache-2.0
// Randomized differential tests of ChaCha20-Poly1305: every tier this build
// and CPU can run against the portable tier (tier functions called directly,
// then the public API), and on x86_64 Linux the public API against OpenSSL's
// EVP_chacha20_poly1305 and EVP_chacha20. Lengths cover every byte count to
// 300, n*64 - 1, n*64, n*64 + 1 for n up to 40 (past every batch an
// assembly tier uses, the widest being 8 or 16 blocks), n*64 + 16k +- 1
// for n up to 16, 512 + r and 1024 + r for every r < 64 (each tail after the
// wide loops), messages over several 2 KiB chunks up to 64 KiB + 1, AD of
// every length to 64 and some large ones, unaligned and in-place buffers,
// several counters for the raw stream, and all-0xff ciphertext and AD (the
// largest limbs the vector Poly1305s sum) at 1 KiB and 2048 + 16*16 bytes.
#include <gtest/gtest.h>
#include <string.h>

#include <algorithm>
#include <string>
#include <vector>

#include "chacha_tiers.h"
#include "ctasm/ctasm.h"
#include "test_util.h"

#if defined(CTASM_TEST_OPENSSL)
#include <openssl/evp.h>
#endif

namespace {

using ctasm::ChachaTier;
using ctasm_test::to_hex;

std::vector<size_t> Lengths() {
  std::vector<size_t> v;
  for (size_t n = 0; n <= 300; n++) v.push_back(n);
  for (size_t n = 5; n <= 40; n++) {
    v.push_back(64 * n - 1);
    v.push_back(64 * n);
    v.push_back(64 * n + 1);
  }
  // What 64-byte steps leave to a scalar tail (ARMv7's NEON Poly1305): 1..3
  // whole blocks, with and without a partial one.
  for (size_t n = 5; n <= 16; n++) {
    for (size_t r : {15, 16, 17, 31, 32, 33, 47, 48, 49}) v.push_back(64 * n + r);
  }
  for (size_t n : {2048 + 15, 3000, 4096 + 17}) v.push_back(n);
  // Several of x86_64's 2 KiB Poly1305 chunks and their ends.
  for (size_t n : {4095, 4096, 4097, 6143, 6144, 6161, 8191, 8192, 8193, 16383, 16384, 16400, 65537}) v.push_back(n);
  // Every tail (0..63 bytes) after the wide loops: x86_64's 2 KiB chunk
  // tail and what follows AVX2's 448- and SSSE3's 192-byte short paths,
  // ARMv7's NEON Poly1305 from 192 bytes, AArch64's 256-byte loop.
  for (size_t base : {512, 1024}) {
    for (size_t r = 0; r < 64; r++) v.push_back(base + r);
  }
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

size_t AdLength(size_t i) {
  static const size_t kLarge[] = {100, 255, 256, 1000, 4097};
  return i % 8 == 7 ? kLarge[(i / 8) % 5] : i % 65;
}

// All-0xff ciphertext and AD: each 16-byte block adds the largest limbs
// (2^26 - 1, and 2^24 - 1 + 2^24 on top) a vector Poly1305 sums before it
// reduces. pt is the key stream xor 0xff, so seal gives all-0xff ciphertext.
struct AllOnesCase {
  size_t len, ad_len;
};
// The first five: the long paths (vector Poly1305 at 2048 + 256); then
// x86_64 AVX2's pairs path (up to 320 bytes, Poly1305 inline on the scalar
// chain), even and odd block counts, with and without a partial block.
const AllOnesCase kAllOnes[] = {
    {1024, 13}, {1024, 1024}, {1000, 999}, {2048 + 16 * 16, 16}, {2048 + 16 * 16, 2048 + 16 * 16},
    {64, 13}, {80, 16}, {255, 64}, {256, 13}, {320, 47}};

struct AllOnesInput {
  std::vector<uint8_t> key, nonce, ad, pt, ct;
};
AllOnesInput AllOnesInputOf(const AllOnesCase &c, ctasm_test::TestRng &rng) {
  AllOnesInput in;
  in.key = rng.bytes(32);
  in.nonce = rng.bytes(12);
  in.ad.assign(c.ad_len, 0xff);
  in.ct.assign(c.len, 0xff);
  const ctasm::ChachaState st1 = ctasm_test::ChachaStateOf(in.key.data(), 1, in.nonce.data());
  in.pt.assign(c.len, 0xff);
  ctasm::kChachaTierPortable.chacha20(in.pt.data(), in.ct.data(), c.len, &st1);
  return in;
}

class ChachaDifferentialTest : public ::testing::TestWithParam<const ChachaTier *> {};

TEST_P(ChachaDifferentialTest, TierAgainstPortable) {
  const ChachaTier &t = *GetParam(), &ref = ctasm::kChachaTierPortable;
  ctasm_test::TestRng rng(0xc4ac4a);
  size_t i = 0;
  for (size_t len : Lengths()) {
    const size_t ad_len = AdLength(i++);
    SCOPED_TRACE("len " + std::to_string(len) + ", ad " + std::to_string(ad_len));
    const std::vector<uint8_t> key = rng.bytes(32), nonce = rng.bytes(12), ad = rng.bytes(ad_len),
                               pt = rng.bytes(len);
    const ctasm::ChachaState st = ctasm_test::ChachaStateOf(key.data(), 0, nonce.data());
    // Reference.
    std::vector<uint8_t> want_ct(len + 1);
    uint8_t want_tag[16];
    ref.seal(want_ct.data(), want_tag, pt.data(), len, ad.data(), ad_len, &st);
    // Unaligned buffers: out, in and ad each at its own odd offset.
    const size_t oo = 1 + i % 15, io = 1 + (i * 7) % 15, ao = 1 + (i * 3) % 15;
    std::vector<uint8_t> obuf(len + 32, 0xee), ibuf(len + 32), abuf(ad_len + 32);
    memcpy(ibuf.data() + io, pt.data(), len);
    if (ad_len) memcpy(abuf.data() + ao, ad.data(), ad_len);
    uint8_t tag[16];
    t.seal(obuf.data() + oo, tag, ibuf.data() + io, len, abuf.data() + ao, ad_len, &st);
    ASSERT_EQ(to_hex(want_ct.data(), len), to_hex(obuf.data() + oo, len)) << t.name << " seal";
    ASSERT_EQ(to_hex(want_tag, 16), to_hex(tag, 16)) << t.name << " seal tag";
    EXPECT_EQ(0xee, obuf[oo + len]) << "wrote past the end";
    EXPECT_EQ(0xee, obuf[oo - 1]) << "wrote before the start";
    // Open, unaligned, then in place.
    std::vector<uint8_t> back(len + 32, 0xee);
    memcpy(ibuf.data() + io, want_ct.data(), len);
    t.open(back.data() + oo, tag, ibuf.data() + io, len, abuf.data() + ao, ad_len, &st);
    ASSERT_EQ(to_hex(pt), to_hex(back.data() + oo, len)) << t.name << " open";
    ASSERT_EQ(to_hex(want_tag, 16), to_hex(tag, 16)) << t.name << " open tag";
    EXPECT_EQ(0xee, back[oo + len]);
    t.open(ibuf.data() + io, tag, ibuf.data() + io, len, abuf.data() + ao, ad_len, &st);
    ASSERT_EQ(to_hex(pt), to_hex(ibuf.data() + io, len)) << t.name << " open in place";
    ASSERT_EQ(to_hex(want_tag, 16), to_hex(tag, 16));
    t.seal(ibuf.data() + io, tag, ibuf.data() + io, len, abuf.data() + ao, ad_len, &st);
    ASSERT_EQ(to_hex(want_ct.data(), len), to_hex(ibuf.data() + io, len)) << t.name << " seal in place";
    ASSERT_EQ(to_hex(want_tag, 16), to_hex(tag, 16));
  }
}

// Whole-block counts 1..28 of the message (16 b bytes, and 16 b + 7 with a
// partial block) with an AD of every length class (none, a partial block,
// whole blocks, whole plus partial): the block counts of a Poly1305 that
// steps one block or two at a time (odd counts end with a single step), or
// four (the x86_64 IFMA tier's short paths from 12 blocks: every count mod 4
// up to 448 bytes, its whole short range), the AD's blocks before them.
TEST_P(ChachaDifferentialTest, InlineMacBlockCounts) {
  const ChachaTier &t = *GetParam(), &ref = ctasm::kChachaTierPortable;
  ctasm_test::TestRng rng(0xb10c);
  for (size_t b = 1; b <= 28; b++) {
    for (size_t len : {16 * b, 16 * b + 7}) {
      for (size_t ad_len : {0, 13, 16, 17, 32, 64}) {
        SCOPED_TRACE("len " + std::to_string(len) + ", ad " + std::to_string(ad_len));
        const std::vector<uint8_t> key = rng.bytes(32), nonce = rng.bytes(12), ad = rng.bytes(ad_len),
                                   pt = rng.bytes(len);
        const ctasm::ChachaState st = ctasm_test::ChachaStateOf(key.data(), 0, nonce.data());
        std::vector<uint8_t> want_ct(len), ct(len), back(len);
        uint8_t want_tag[16], tag[16];
        ref.seal(want_ct.data(), want_tag, pt.data(), len, ad.data(), ad_len, &st);
        t.seal(ct.data(), tag, pt.data(), len, ad.data(), ad_len, &st);
        ASSERT_EQ(to_hex(want_ct), to_hex(ct)) << t.name << " seal";
        ASSERT_EQ(to_hex(want_tag, 16), to_hex(tag, 16)) << t.name << " seal tag";
        t.open(back.data(), tag, want_ct.data(), len, ad.data(), ad_len, &st);
        ASSERT_EQ(to_hex(pt), to_hex(back)) << t.name << " open";
        ASSERT_EQ(to_hex(want_tag, 16), to_hex(tag, 16)) << t.name << " open tag";
      }
    }
  }
}

// The raw stream from several counters, including the last blocks before
// the 32-bit counter would wrap.
TEST_P(ChachaDifferentialTest, StreamAgainstPortable) {
  const ChachaTier &t = *GetParam();
  ctasm_test::ScopedChachaTier scope(GetParam());
  ctasm_test::TestRng rng(0x57e4);
  size_t i = 0;
  for (size_t len : Lengths()) {
    for (uint32_t counter : {0u, 1u, 0x12345678u, 0xffffffffu - static_cast<uint32_t>(len / 64)}) {
      SCOPED_TRACE("len " + std::to_string(len) + ", counter " + std::to_string(counter));
      const std::vector<uint8_t> key = rng.bytes(32), nonce = rng.bytes(12), in = rng.bytes(len);
      const ctasm::ChachaState st = ctasm_test::ChachaStateOf(key.data(), counter, nonce.data());
      std::vector<uint8_t> want(len);
      ctasm::kChachaTierPortable.chacha20(want.data(), in.data(), len, &st);
      const size_t off = 1 + i++ % 15;
      std::vector<uint8_t> out(len + 32, 0xee);
      t.chacha20(out.data() + off, in.data(), len, &st);
      ASSERT_EQ(to_hex(want), to_hex(out.data() + off, len)) << t.name;
      EXPECT_EQ(0xee, out[off + len]);
      std::vector<uint8_t> io = in;
      ASSERT_EQ(1, ctasm_chacha20(io.data(), io.data(), len, key.data(), nonce.data(), counter));
      ASSERT_EQ(to_hex(want), to_hex(io)) << "ctasm_chacha20 in place";
    }
  }
}

// The public API with this tier in force against the portable tier's seal,
// both AEADs, and open's tag check.
TEST_P(ChachaDifferentialTest, PublicApi) {
  ctasm_test::ScopedChachaTier scope(GetParam());
  ctasm_test::TestRng rng(0xa91);
  size_t i = 0;
  for (size_t len : Lengths()) {
    const size_t ad_len = AdLength(i++);
    SCOPED_TRACE("len " + std::to_string(len) + ", ad " + std::to_string(ad_len));
    const bool x = i % 2 == 0;
    const std::vector<uint8_t> key = rng.bytes(32), nonce = rng.bytes(x ? 24 : 12),
                               ad = rng.bytes(ad_len), pt = rng.bytes(len);
    // The reference through the portable tier; XChaCha through its subkey.
    ctasm::ChachaState st;
    if (x) {
      uint8_t sub[32], n12[12] = {0};
      ctasm::chacha_portable::hchacha20(sub, key.data(), nonce.data());
      memcpy(n12 + 4, nonce.data() + 16, 8);
      st = ctasm_test::ChachaStateOf(sub, 0, n12);
    } else {
      st = ctasm_test::ChachaStateOf(key.data(), 0, nonce.data());
    }
    std::vector<uint8_t> want(len + 16);
    ctasm::kChachaTierPortable.seal(want.data(), want.data() + len, pt.data(), len, ad.data(), ad_len, &st);
    ctasm_aead_ctx ctx;
    const ctasm_aead *aead = x ? ctasm_aead_xchacha20_poly1305() : ctasm_aead_chacha20_poly1305();
    ASSERT_EQ(1, ctasm_aead_ctx_init(&ctx, aead, key.data(), 32, 0));
    std::vector<uint8_t> buf(len + 16);
    memcpy(buf.data(), pt.data(), len);
    size_t n = 0;
    ASSERT_EQ(1, ctasm_aead_seal(&ctx, buf.data(), &n, buf.size(), nonce.data(), nonce.size(),
                                 buf.data(), len, ad.data(), ad_len));
    ASSERT_EQ(to_hex(want), to_hex(buf)) << "seal in place";
    ASSERT_EQ(1, ctasm_aead_open(&ctx, buf.data(), &n, len, nonce.data(), nonce.size(), buf.data(),
                                 buf.size(), ad.data(), ad_len));
    ASSERT_EQ(to_hex(pt), to_hex(buf.data(), len)) << "open in place";
    // A flipped bit anywhere (ciphertext, tag) is refused and leaves zeros.
    std::vector<uint8_t> bad = want, out(len, 0x77);
    bad[(i * 131) % bad.size()] ^= static_cast<uint8_t>(1u << (i % 8));
    ASSERT_EQ(0, ctasm_aead_open(&ctx, out.data(), &n, len, nonce.data(), nonce.size(), bad.data(),
                                 bad.size(), ad.data(), ad_len));
    ASSERT_EQ(std::vector<uint8_t>(len, 0), out);
    ctasm_aead_ctx_cleanup(&ctx);
  }
}

// All-0xff ciphertext and AD through the tier (seal and open) and the public
// API, against the portable tier.
TEST_P(ChachaDifferentialTest, AllOnesCiphertextAndAd) {
  const ChachaTier &t = *GetParam(), &ref = ctasm::kChachaTierPortable;
  ctasm_test::ScopedChachaTier scope(GetParam());
  ctasm_test::TestRng rng(0xff1);
  for (const AllOnesCase &c : kAllOnes) {
    SCOPED_TRACE("len " + std::to_string(c.len) + ", ad " + std::to_string(c.ad_len));
    const AllOnesInput in = AllOnesInputOf(c, rng);
    const ctasm::ChachaState st = ctasm_test::ChachaStateOf(in.key.data(), 0, in.nonce.data());
    std::vector<uint8_t> want_ct(c.len);
    uint8_t want_tag[16], tag[16];
    ref.seal(want_ct.data(), want_tag, in.pt.data(), c.len, in.ad.data(), c.ad_len, &st);
    ASSERT_EQ(to_hex(in.ct), to_hex(want_ct)) << "portable seal";
    std::vector<uint8_t> out(c.len);
    t.seal(out.data(), tag, in.pt.data(), c.len, in.ad.data(), c.ad_len, &st);
    EXPECT_EQ(to_hex(in.ct), to_hex(out)) << t.name << " seal";
    EXPECT_EQ(to_hex(want_tag, 16), to_hex(tag, 16)) << t.name << " seal tag";
    t.open(out.data(), tag, in.ct.data(), c.len, in.ad.data(), c.ad_len, &st);
    EXPECT_EQ(to_hex(in.pt), to_hex(out)) << t.name << " open";
    EXPECT_EQ(to_hex(want_tag, 16), to_hex(tag, 16)) << t.name << " open tag";
    // The public API: seal, then open of the all-0xff ciphertext.
    ctasm_aead_ctx ctx;
    ASSERT_EQ(1, ctasm_aead_ctx_init(&ctx, ctasm_aead_chacha20_poly1305(), in.key.data(), 32, 0));
    std::vector<uint8_t> sealed(c.len + 16), want = in.ct;
    want.insert(want.end(), want_tag, want_tag + 16);
    size_t n = 0;
    ASSERT_EQ(1, ctasm_aead_seal(&ctx, sealed.data(), &n, sealed.size(), in.nonce.data(), 12, in.pt.data(),
                                 c.len, in.ad.data(), c.ad_len));
    EXPECT_EQ(to_hex(want), to_hex(sealed)) << "ctasm_aead_seal";
    std::vector<uint8_t> back(c.len);
    ASSERT_EQ(1, ctasm_aead_open(&ctx, back.data(), &n, back.size(), in.nonce.data(), 12, want.data(),
                                 want.size(), in.ad.data(), c.ad_len));
    EXPECT_EQ(to_hex(in.pt), to_hex(back)) << "ctasm_aead_open";
    ctasm_aead_ctx_cleanup(&ctx);
  }
}

INSTANTIATE_TEST_SUITE_P(Tiers, ChachaDifferentialTest,
                         ::testing::ValuesIn(ctasm_test::AvailableChachaTiers()),
                         ctasm_test::ChachaTierTestName);

#if defined(CTASM_TEST_OPENSSL)
// OpenSSL's ChaCha20-Poly1305 seal of pt: ciphertext || tag.
std::vector<uint8_t> OpensslSeal(const std::vector<uint8_t> &key, const std::vector<uint8_t> &nonce,
                                 const std::vector<uint8_t> &ad, const std::vector<uint8_t> &pt) {
  std::vector<uint8_t> out(pt.size() + 16);
  EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
  int len = 0;
  EXPECT_EQ(1, EVP_EncryptInit_ex(e, EVP_chacha20_poly1305(), nullptr, key.data(), nonce.data()));
  if (!ad.empty()) EXPECT_EQ(1, EVP_EncryptUpdate(e, nullptr, &len, ad.data(), static_cast<int>(ad.size())));
  if (!pt.empty()) EXPECT_EQ(1, EVP_EncryptUpdate(e, out.data(), &len, pt.data(), static_cast<int>(pt.size())));
  EXPECT_EQ(1, EVP_EncryptFinal_ex(e, out.data() + pt.size(), &len));
  EXPECT_EQ(1, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_AEAD_GET_TAG, 16, out.data() + pt.size()));
  EVP_CIPHER_CTX_free(e);
  return out;
}

class ChachaOpensslTest : public ::testing::TestWithParam<const ChachaTier *> {};

TEST_P(ChachaOpensslTest, AeadAndStream) {
  ctasm_test::ScopedChachaTier scope(GetParam());
  ctasm_test::TestRng rng(0x055e);
  size_t i = 0;
  for (size_t len : Lengths()) {
    const size_t ad_len = AdLength(i++);
    SCOPED_TRACE("len " + std::to_string(len) + ", ad " + std::to_string(ad_len));
    const std::vector<uint8_t> key = rng.bytes(32), nonce = rng.bytes(12), ad = rng.bytes(ad_len),
                               pt = rng.bytes(len);
    const std::vector<uint8_t> want = OpensslSeal(key, nonce, ad, pt);
    ctasm_aead_ctx ctx;
    ASSERT_EQ(1, ctasm_aead_ctx_init(&ctx, ctasm_aead_chacha20_poly1305(), key.data(), 32, 0));
    std::vector<uint8_t> out(len + 17);
    size_t n = 0;
    const size_t off = i % 2;  // odd and even addresses
    ASSERT_EQ(1, ctasm_aead_seal(&ctx, out.data() + off, &n, len + 16, nonce.data(), 12, pt.data(),
                                 len, ad.data(), ad_len));
    ASSERT_EQ(to_hex(want), to_hex(out.data() + off, n)) << GetParam()->name;
    std::vector<uint8_t> back(len + 1);
    ASSERT_EQ(1, ctasm_aead_open(&ctx, back.data() + off, &n, len, nonce.data(), 12, want.data(),
                                 want.size(), ad.data(), ad_len));
    ASSERT_EQ(to_hex(pt), to_hex(back.data() + off, n));
    ctasm_aead_ctx_cleanup(&ctx);
    // The raw stream: OpenSSL's 16-byte IV is the counter (little-endian)
    // followed by the nonce.
    const uint32_t counter = static_cast<uint32_t>(rng.next() % 0xffff0000u);
    uint8_t iv[16];
    for (int b = 0; b < 4; b++) iv[b] = static_cast<uint8_t>(counter >> (8 * b));
    memcpy(iv + 4, nonce.data(), 12);
    std::vector<uint8_t> ks(len + 1), mine(len + 1);
    EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
    int l = 0;
    ASSERT_EQ(1, EVP_EncryptInit_ex(e, EVP_chacha20(), nullptr, key.data(), iv));
    if (len) ASSERT_EQ(1, EVP_EncryptUpdate(e, ks.data(), &l, pt.data(), static_cast<int>(len)));
    EVP_CIPHER_CTX_free(e);
    ASSERT_EQ(1, ctasm_chacha20(mine.data(), pt.data(), len, key.data(), nonce.data(), counter));
    ASSERT_EQ(to_hex(ks.data(), len), to_hex(mine.data(), len)) << "counter " << counter;
  }
}

// All-0xff ciphertext and AD against OpenSSL: seal, and open of OpenSSL's
// sealed message.
TEST_P(ChachaOpensslTest, AllOnesCiphertextAndAd) {
  ctasm_test::ScopedChachaTier scope(GetParam());
  ctasm_test::TestRng rng(0xff2);
  for (const AllOnesCase &c : kAllOnes) {
    SCOPED_TRACE("len " + std::to_string(c.len) + ", ad " + std::to_string(c.ad_len));
    const AllOnesInput in = AllOnesInputOf(c, rng);
    const std::vector<uint8_t> want = OpensslSeal(in.key, in.nonce, in.ad, in.pt);
    ASSERT_EQ(to_hex(in.ct), to_hex(want.data(), c.len)) << "OpenSSL's ciphertext";
    ctasm_aead_ctx ctx;
    ASSERT_EQ(1, ctasm_aead_ctx_init(&ctx, ctasm_aead_chacha20_poly1305(), in.key.data(), 32, 0));
    std::vector<uint8_t> sealed(c.len + 16), back(c.len);
    size_t n = 0;
    ASSERT_EQ(1, ctasm_aead_seal(&ctx, sealed.data(), &n, sealed.size(), in.nonce.data(), 12, in.pt.data(),
                                 c.len, in.ad.data(), c.ad_len));
    EXPECT_EQ(to_hex(want), to_hex(sealed)) << GetParam()->name << " seal";
    ASSERT_EQ(1, ctasm_aead_open(&ctx, back.data(), &n, back.size(), in.nonce.data(), 12, want.data(),
                                 want.size(), in.ad.data(), c.ad_len));
    EXPECT_EQ(to_hex(in.pt), to_hex(back)) << GetParam()->name << " open";
    ctasm_aead_ctx_cleanup(&ctx);
  }
}

INSTANTIATE_TEST_SUITE_P(Tiers, ChachaOpensslTest,
                         ::testing::ValuesIn(ctasm_test::AvailableChachaTiers()),
                         ctasm_test::ChachaTierTestName);
#endif  // CTASM_TEST_OPENSSL

}  // namespace
