// SPDX-License-Identifier: Apache-2.0
// AES-GCM randomized differential tests on every AES tier x GHASH tier:
// against the portable AES + portable GHASH context everywhere and, on
// x86_64 Linux, against OpenSSL's EVP AES-GCM. Plaintexts of every length
// from 0 to 600 bytes (every tail, the hybrids' bsaes thresholds of 8 and 16
// blocks +-1) and longer ones around the 16 KiB chunk of src/aead/gcm.cc;
// AD of every length to 64 and some large; odd nonce lengths; unaligned
// buffers; in place; both key sizes; every tag length.
#include <gtest/gtest.h>
#include <string.h>

#include <memory>
#include <string>
#include <vector>

#include "aes/internal.h"
#include "ghash_reference.h"
#include "internal/ct.h"
#include "ctasm/ctasm.h"
#include "ghash_tiers.h"
#include "test_util.h"

#if defined(CTASM_TEST_OPENSSL)
#include <openssl/evp.h>
#endif

namespace {

using ctasm_test::GcmTiers;
using ctasm_test::TestRng;
using ctasm_test::to_hex;

const size_t kTagLens[] = {4, 8, 12, 13, 14, 15, 16};
const size_t kOddNonces[] = {1, 7, 8, 11, 13, 15, 16, 17, 31, 33, 64, 100};

struct GcmCase {
  size_t key_len, tag_len, pt_len, ad_len, nonce_len, in_off, out_off;
  bool in_place;
};

// The message lengths every differential test covers (see the file comment).
std::vector<GcmCase> Cases() {
  std::vector<GcmCase> v;
  TestRng rng(0x9c3);
  std::vector<size_t> lens;
  for (size_t n = 0; n <= 600; n++) lens.push_back(n);
  for (size_t blocks : {63, 64, 65, 255, 256, 257, 511, 1023, 1024, 1025, 1031, 2049}) {
    for (int d : {-1, 0, 1, 15}) lens.push_back(16 * blocks + d);
  }
  lens.push_back(40000);
  size_t i = 0;
  for (size_t key_len : {16, 32}) {
    for (size_t n : lens) {
      GcmCase c;
      c.key_len = key_len;
      c.pt_len = n;
      c.tag_len = kTagLens[i % 7];
      c.ad_len = i % 11 == 5 ? 1000 + rng.below(5000) : i % 65;
      c.nonce_len = i % 5 == 2 ? kOddNonces[(i / 5) % 12] : 12;
      c.in_off = i % 4;
      c.out_off = (i / 4) % 4;
      c.in_place = i % 3 == 1;
      v.push_back(c);
      i++;
    }
  }
  return v;
}

std::unique_ptr<ctasm_aead_ctx> NewCtx(const std::vector<uint8_t> &key, size_t tag_len) {
  auto ctx = std::make_unique<ctasm_aead_ctx>();
  const ctasm_aead *aead = key.size() == 16 ? ctasm_aead_aes_128_gcm() : ctasm_aead_aes_256_gcm();
  EXPECT_EQ(1, ctasm_aead_ctx_init(ctx.get(), aead, key.data(), key.size(), tag_len));
  return ctx;
}

// Seals pt with ctx as the case says (offsets, in place); returns ct || tag.
std::vector<uint8_t> Seal(const ctasm_aead_ctx *ctx, const GcmCase &c, const std::vector<uint8_t> &nonce,
                          const std::vector<uint8_t> &pt, const std::vector<uint8_t> &ad) {
  const size_t n = c.pt_len + c.tag_len;
  std::vector<uint8_t> in(c.in_off + n + 1), out(c.out_off + n + 1);
  uint8_t *inp = in.data() + c.in_off;
  uint8_t *outp = c.in_place ? inp : out.data() + c.out_off;
  memcpy(inp, pt.data(), pt.size());
  size_t out_len = 0;
  EXPECT_EQ(1, ctasm_aead_seal(ctx, outp, &out_len, n, nonce.data(), nonce.size(), inp, c.pt_len,
                               ad.data(), ad.size()));
  EXPECT_EQ(n, out_len);
  return std::vector<uint8_t>(outp, outp + n);
}

// Opens ct || tag with ctx; false when refused.
bool Open(const ctasm_aead_ctx *ctx, const GcmCase &c, const std::vector<uint8_t> &nonce,
          const std::vector<uint8_t> &sealed, const std::vector<uint8_t> &ad,
          std::vector<uint8_t> *pt) {
  std::vector<uint8_t> in(c.out_off + sealed.size() + 1), out(c.in_off + c.pt_len + 1);
  uint8_t *inp = in.data() + c.out_off;
  uint8_t *outp = c.in_place ? inp : out.data() + c.in_off;
  memcpy(inp, sealed.data(), sealed.size());
  size_t out_len = 0;
  const int ok = ctasm_aead_open(ctx, outp, &out_len, c.pt_len, nonce.data(), nonce.size(), inp,
                                 sealed.size(), ad.data(), ad.size());
  if (ok != 1) return false;
  EXPECT_EQ(c.pt_len, out_len);
  pt->assign(outp, outp + c.pt_len);
  return true;
}

class GcmDifferentialTest : public ::testing::TestWithParam<GcmTiers> {};

TEST_P(GcmDifferentialTest, VsPortable) {
  TestRng rng(0xd1ff);
  size_t n = 0;
  for (const GcmCase &c : Cases()) {
    SCOPED_TRACE("key " + std::to_string(c.key_len) + " pt " + std::to_string(c.pt_len) + " ad " +
                 std::to_string(c.ad_len) + " nonce " + std::to_string(c.nonce_len) + " tag " +
                 std::to_string(c.tag_len) + (c.in_place ? " in place" : ""));
    const std::vector<uint8_t> key = rng.bytes(c.key_len), nonce = rng.bytes(c.nonce_len),
                               pt = rng.bytes(c.pt_len), ad = rng.bytes(c.ad_len);
    std::unique_ptr<ctasm_aead_ctx> ref, ctx;
    {
      ctasm_test::ScopedCaps caps(0);
      ctasm_test::ScopedGhashTier ghash(&ctasm::kGhashTierPortable);
      ref = NewCtx(key, c.tag_len);
    }
    {
      ctasm_test::ScopedGcmTiers scope(GetParam());
      ctx = NewCtx(key, c.tag_len);
    }
    const std::vector<uint8_t> want = Seal(ref.get(), c, nonce, pt, ad);
    const std::vector<uint8_t> got = Seal(ctx.get(), c, nonce, pt, ad);
    ASSERT_EQ(to_hex(want), to_hex(got));
    std::vector<uint8_t> back;
    ASSERT_TRUE(Open(ctx.get(), c, nonce, got, ad, &back));
    ASSERT_EQ(to_hex(pt), to_hex(back));
    n++;
  }
  EXPECT_GT(n, 1200u);
}

#if defined(CTASM_TEST_OPENSSL)
// OpenSSL's AES-GCM seal: ct || the first tag_len bytes of its tag.
std::vector<uint8_t> OpenSslSeal(const std::vector<uint8_t> &key, size_t tag_len,
                                 const std::vector<uint8_t> &nonce, const std::vector<uint8_t> &pt,
                                 const std::vector<uint8_t> &ad) {
  EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
  const EVP_CIPHER *cipher = key.size() == 16 ? EVP_aes_128_gcm() : EVP_aes_256_gcm();
  std::vector<uint8_t> out(pt.size() + 16);
  int len = 0;
  EXPECT_EQ(1, EVP_EncryptInit_ex(e, cipher, nullptr, nullptr, nullptr));
  EXPECT_EQ(1, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(nonce.size()), nullptr));
  EXPECT_EQ(1, EVP_EncryptInit_ex(e, nullptr, nullptr, key.data(), nonce.data()));
  if (!ad.empty()) EXPECT_EQ(1, EVP_EncryptUpdate(e, nullptr, &len, ad.data(), static_cast<int>(ad.size())));
  if (!pt.empty()) {
    EXPECT_EQ(1, EVP_EncryptUpdate(e, out.data(), &len, pt.data(), static_cast<int>(pt.size())));
  }
  EXPECT_EQ(1, EVP_EncryptFinal_ex(e, out.data() + pt.size(), &len));
  uint8_t tag[16];
  EXPECT_EQ(1, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_GET_TAG, 16, tag));
  EVP_CIPHER_CTX_free(e);
  out.resize(pt.size());
  out.insert(out.end(), tag, tag + tag_len);
  return out;
}

TEST_P(GcmDifferentialTest, VsOpenSsl) {
  TestRng rng(0x055);
  size_t n = 0;
  for (const GcmCase &c : Cases()) {
    SCOPED_TRACE("key " + std::to_string(c.key_len) + " pt " + std::to_string(c.pt_len) + " ad " +
                 std::to_string(c.ad_len) + " nonce " + std::to_string(c.nonce_len) + " tag " +
                 std::to_string(c.tag_len) + (c.in_place ? " in place" : ""));
    const std::vector<uint8_t> key = rng.bytes(c.key_len), nonce = rng.bytes(c.nonce_len),
                               pt = rng.bytes(c.pt_len), ad = rng.bytes(c.ad_len);
    std::unique_ptr<ctasm_aead_ctx> ctx;
    {
      ctasm_test::ScopedGcmTiers scope(GetParam());
      ctx = NewCtx(key, c.tag_len);
    }
    const std::vector<uint8_t> got = Seal(ctx.get(), c, nonce, pt, ad);
    ASSERT_EQ(to_hex(OpenSslSeal(key, c.tag_len, nonce, pt, ad)), to_hex(got));
    std::vector<uint8_t> back;
    ASSERT_TRUE(Open(ctx.get(), c, nonce, got, ad, &back));
    ASSERT_EQ(to_hex(pt), to_hex(back));
    n++;
  }
  EXPECT_GT(n, 1200u);
}
#endif  // CTASM_TEST_OPENSSL

// The 32-bit counter wraps inside a message (SP 800-38D's inc32 leaves the
// upper 96 bits alone). A 16-byte nonce N gives J0 = ((N H) xor L) H with L
// its length block, so N = ((T H^-1) xor L) H^-1 makes J0 any T wanted: here
// T ends in a counter a few blocks before 2^32, so the data counter wraps
// inside the bsaes batches and vpaes heads and tails.
void GfInverse(uint8_t out[16], const uint8_t h[16]) {
  // h^(2^128 - 2): 127 one bits then a zero, left to right.
  uint8_t r[16];
  memcpy(r, h, 16);
  for (int i = 0; i < 126; i++) {
    uint8_t sq[16];
    ctasm_test::ghash_reference_mul(sq, r, r);
    ctasm_test::ghash_reference_mul(r, sq, h);
  }
  ctasm_test::ghash_reference_mul(out, r, r);
}

TEST_P(GcmDifferentialTest, CounterWrapsInsideAMessage) {
  TestRng rng(0xc0de);
  for (size_t key_len : {16, 32}) {
    const std::vector<uint8_t> key = rng.bytes(key_len);
    ctasm_aes_key ek;
    ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&ek, key.data(), key.size()));
    uint8_t h[16] = {0}, hinv[16], one[16] = {0x80}, check[16];
    ctasm_aes_encrypt_block(&ek, h, h);
    GfInverse(hinv, h);
    ctasm_test::ghash_reference_mul(check, h, hinv);
    ASSERT_EQ(to_hex(one, 16), to_hex(check, 16)) << "H^-1";
    std::unique_ptr<ctasm_aead_ctx> ref, ctx;
    {
      ctasm_test::ScopedCaps caps(0);
      ctasm_test::ScopedGhashTier ghash(&ctasm::kGhashTierPortable);
      ref = NewCtx(key, 16);
    }
    {
      ctasm_test::ScopedGcmTiers scope(GetParam());
      ctx = NewCtx(key, 16);
    }
    for (uint32_t low : {0xffffffffu, 0xfffffffeu, 0xfffffff0u, 0xffffffe3u, 0xffffffd9u}) {
      uint8_t t[16], u[16], nonce_b[16];
      rng.fill(t, 12);
      ctasm::store_be32(t + 12, low);
      ctasm_test::ghash_reference_mul(u, t, hinv);
      u[15] ^= 0x80;  // L = 0^64 || [128]_64
      ctasm_test::ghash_reference_mul(nonce_b, u, hinv);
      const std::vector<uint8_t> nonce(nonce_b, nonce_b + 16);
      uint8_t j0[16] = {0};
      ctasm_test::ghash_reference(j0, h, nonce_b, 16);
      const uint8_t len_block[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80};
      ctasm_test::ghash_reference(j0, h, len_block, 16);
      ASSERT_EQ(to_hex(t, 16), to_hex(j0, 16)) << "J0";
      for (size_t pt_len : {16 * 3 + 1, 16 * 20, 16 * 50 + 5}) {
        GcmCase c = {key_len, 16, pt_len, 13, 16, 1, 2, false};
        const std::vector<uint8_t> pt = rng.bytes(pt_len), ad = rng.bytes(13);
        const std::vector<uint8_t> got = Seal(ctx.get(), c, nonce, pt, ad);
        EXPECT_EQ(to_hex(Seal(ref.get(), c, nonce, pt, ad)), to_hex(got)) << std::hex << low;
#if defined(CTASM_TEST_OPENSSL)
        EXPECT_EQ(to_hex(OpenSslSeal(key, 16, nonce, pt, ad)), to_hex(got)) << std::hex << low;
#endif
        std::vector<uint8_t> back;
        ASSERT_TRUE(Open(ctx.get(), c, nonce, got, ad, &back));
        EXPECT_EQ(to_hex(pt), to_hex(back));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Tiers, GcmDifferentialTest,
                         ::testing::ValuesIn(ctasm_test::AvailableGcmTiers()),
                         ctasm_test::GcmTierTestName);

}  // namespace
