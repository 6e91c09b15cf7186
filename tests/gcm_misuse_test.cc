// SPDX-License-Identifier: Apache-2.0
// The AEAD misuse table of ctasm.h, row by row, on every AES x GHASH tier:
// every refusal returns 0 and writes nothing at all (out, out_len and the
// bytes around them keep their canary), and a failed open leaves no
// plaintext. Buffers live inside one guarded arena so a write anywhere near
// them is seen.
#include <gtest/gtest.h>
#include <stdint.h>
#include <string.h>

#include <memory>
#include <string>
#include <vector>

#include "aead/gcm.h"
#include "ctasm/ctasm.h"
#include "ctasm/ctasm.hpp"
#include "ghash_tiers.h"
#include "test_util.h"

namespace {

using ctasm_test::GcmTiers;
using ctasm_test::to_hex;

constexpr uint8_t kCanary = 0xc5;

// One arena: [guard | out area | guard], in, ad, nonce elsewhere. A refused
// call must leave the whole arena as it was.
struct Call {
  alignas(16) uint8_t arena[4096];
  std::vector<uint8_t> key, nonce, pt, ad, sealed;
  size_t out_len_storage = 0;
  ctasm_aead_ctx ctx;

  uint8_t *out() { return arena + 1024; }
  size_t *out_len() { return &out_len_storage; }
  void Reset() {
    memset(arena, kCanary, sizeof(arena));
    out_len_storage = 0x5151;
  }
  bool Untouched() const {
    for (uint8_t b : arena) {
      if (b != kCanary) return false;
    }
    return out_len_storage == 0x5151;
  }
};

class GcmMisuseTest : public ::testing::TestWithParam<GcmTiers> {
 protected:
  void SetUp() override {
    scope_ = std::make_unique<ctasm_test::ScopedGcmTiers>(GetParam());
    c_ = std::make_unique<Call>();
    ctasm_test::TestRng rng(77);
    c_->key = rng.bytes(16);
    c_->nonce = rng.bytes(12);
    c_->pt = rng.bytes(100);
    c_->ad = rng.bytes(20);
    ASSERT_EQ(1, ctasm_aead_ctx_init(&c_->ctx, ctasm_aead_aes_128_gcm(), c_->key.data(), 16, 0));
    c_->sealed.resize(116);
    size_t n = 0;
    ASSERT_EQ(1, ctasm_aead_seal(&c_->ctx, c_->sealed.data(), &n, 116, c_->nonce.data(), 12,
                                 c_->pt.data(), 100, c_->ad.data(), 20));
    c_->Reset();
  }
  void TearDown() override { scope_.reset(); }

  int Seal(const ctasm_aead_ctx *ctx, uint8_t *out, size_t *out_len, size_t max, const uint8_t *nonce,
           size_t nonce_len, const uint8_t *in, size_t in_len, const uint8_t *ad, size_t ad_len) {
    return ctasm_aead_seal(ctx, out, out_len, max, nonce, nonce_len, in, in_len, ad, ad_len);
  }
  // A good seal of pt into out, with one argument changed by the caller.
  int SealWith(size_t max = 116) {
    return Seal(&c_->ctx, c_->out(), c_->out_len(), max, c_->nonce.data(), 12, c_->pt.data(), 100,
                c_->ad.data(), 20);
  }
  int OpenSealed(const std::vector<uint8_t> &sealed, size_t max = 100) {
    return ctasm_aead_open(&c_->ctx, c_->out(), c_->out_len(), max, c_->nonce.data(), 12,
                           sealed.data(), sealed.size(), c_->ad.data(), 20);
  }

  std::unique_ptr<ctasm_test::ScopedGcmTiers> scope_;
  std::unique_ptr<Call> c_;
};

TEST_P(GcmMisuseTest, GoodCallsWork) {
  ASSERT_EQ(1, SealWith());
  EXPECT_EQ(116u, *c_->out_len());
  EXPECT_EQ(to_hex(c_->sealed), to_hex(c_->out(), 116));
  c_->Reset();
  ASSERT_EQ(1, OpenSealed(c_->sealed));
  EXPECT_EQ(100u, *c_->out_len());
  EXPECT_EQ(to_hex(c_->pt), to_hex(c_->out(), 100));
  // Exactly the output, nothing around it.
  EXPECT_EQ(kCanary, c_->out()[-1]);
  EXPECT_EQ(kCanary, c_->out()[100]);
}

TEST_P(GcmMisuseTest, InitRefusals) {
  ctasm_aead_ctx *ctx = &c_->ctx;
  const uint8_t *k = c_->key.data();
  const ctasm_aead *aead = ctasm_aead_aes_128_gcm();
  auto expect_wiped = [&](const char *what) {
    // Refused: the context is unusable (and holds no key).
    c_->Reset();
    EXPECT_EQ(0, SealWith()) << what;
    EXPECT_TRUE(c_->Untouched()) << what;
    const uint8_t *b = reinterpret_cast<const uint8_t *>(ctx);
    bool zero = true;
    for (size_t i = 0; i < sizeof(*ctx); i++) zero &= b[i] == 0;
    EXPECT_TRUE(zero) << what << ": context not wiped";
    ASSERT_EQ(1, ctasm_aead_ctx_init(ctx, aead, k, 16, 0));
  };
  EXPECT_EQ(0, ctasm_aead_ctx_init(nullptr, aead, k, 16, 0));
  EXPECT_EQ(0, ctasm_aead_ctx_init(ctx, nullptr, k, 16, 0));
  expect_wiped("NULL aead");
  const uint8_t fake[64] = {1, 0, 0, 0, 16};
  EXPECT_EQ(0, ctasm_aead_ctx_init(ctx, reinterpret_cast<const ctasm_aead *>(fake), k, 16, 0));
  expect_wiped("foreign descriptor");
  EXPECT_EQ(0, ctasm_aead_ctx_init(ctx, aead, nullptr, 16, 0));
  expect_wiped("NULL key");
  for (size_t len : {0, 1, 15, 17, 24, 32, 64}) {
    EXPECT_EQ(0, ctasm_aead_ctx_init(ctx, aead, k, len, 0)) << len;
    expect_wiped("wrong key length for AES-128-GCM");
  }
  for (size_t len : {15, 16, 24, 31, 33}) {
    std::vector<uint8_t> big(64, 7);
    EXPECT_EQ(0, ctasm_aead_ctx_init(ctx, ctasm_aead_aes_256_gcm(), big.data(), len, 0)) << len;
    expect_wiped("wrong key length for AES-256-GCM");
  }
  for (size_t tag : std::vector<size_t>{1, 2, 3, 5, 6, 7, 9, 10, 11, 17, 32, SIZE_MAX}) {
    EXPECT_EQ(0, ctasm_aead_ctx_init(ctx, aead, k, 16, tag)) << tag;
    expect_wiped("tag length not allowed");
  }
  // The key inside the context itself.
  memcpy(ctx->ctasm_private_state + 100, k, 16);
  EXPECT_EQ(0, ctasm_aead_ctx_init(ctx, aead, ctx->ctasm_private_state + 100, 16, 0));
  expect_wiped("key inside the context");
  // A misaligned context is refused and not written.
  alignas(16) static uint8_t raw[sizeof(ctasm_aead_ctx) + 16];
  memset(raw, 0x77, sizeof(raw));
  EXPECT_EQ(0, ctasm_aead_ctx_init(reinterpret_cast<ctasm_aead_ctx *>(raw + 8), aead, k, 16, 0));
  for (uint8_t b : raw) ASSERT_EQ(0x77, b);
  ctasm_aead_ctx_cleanup(nullptr);  // nothing happens
}

TEST_P(GcmMisuseTest, BadContexts) {
  auto seal_with = [&](const ctasm_aead_ctx *ctx) {
    c_->Reset();
    const int r = Seal(ctx, c_->out(), c_->out_len(), 116, c_->nonce.data(), 12, c_->pt.data(), 100,
                       c_->ad.data(), 20);
    if (r == 0) EXPECT_TRUE(c_->Untouched());
    return r;
  };
  auto fresh = std::make_unique<ctasm_aead_ctx>();
  memset(fresh.get(), 0, sizeof(*fresh));
  EXPECT_EQ(0, seal_with(nullptr));
  EXPECT_EQ(0, seal_with(fresh.get())) << "never initialised (zero)";
  ctasm_test::TestRng rng(5);
  rng.fill(reinterpret_cast<uint8_t *>(fresh.get()), sizeof(*fresh));
  EXPECT_EQ(0, seal_with(fresh.get())) << "never initialised (random)";
  // Every metadata word changed, and the AES key's own metadata.
  for (size_t word = 0; word < 4; word++) {
    *fresh = c_->ctx;
    reinterpret_cast<uint32_t *>(&fresh->ctasm_private_aead)[word] ^= 1;
    EXPECT_EQ(0, seal_with(fresh.get())) << "metadata word " << word;
  }
  for (size_t off : {240, 244, 248, 252}) {
    *fresh = c_->ctx;
    fresh->ctasm_private_state[off] ^= 1;
    EXPECT_EQ(0, seal_with(fresh.get())) << "AES key metadata at " << off;
  }
  // Cleaned up.
  *fresh = c_->ctx;
  EXPECT_EQ(1, seal_with(fresh.get()));
  ctasm_aead_ctx_cleanup(fresh.get());
  EXPECT_EQ(0, seal_with(fresh.get())) << "cleaned up";
  const uint8_t *b = reinterpret_cast<const uint8_t *>(fresh.get());
  for (size_t i = 0; i < sizeof(*fresh); i++) ASSERT_EQ(0, b[i]) << "cleanup left byte " << i;
  // Misaligned.
  alignas(16) static uint8_t raw[sizeof(ctasm_aead_ctx) + 16];
  memcpy(raw + 4, &c_->ctx, sizeof(c_->ctx));
  EXPECT_EQ(0, seal_with(reinterpret_cast<const ctasm_aead_ctx *>(raw + 4)));
}

TEST_P(GcmMisuseTest, SealRefusals) {
  Call &c = *c_;
  const uint8_t *n = c.nonce.data(), *p = c.pt.data(), *a = c.ad.data();
  struct Row {
    const char *what;
    int result;
  };
  const Row rows[] = {
      {"out_len NULL", Seal(&c.ctx, c.out(), nullptr, 116, n, 12, p, 100, a, 20)},
      {"nonce NULL", Seal(&c.ctx, c.out(), c.out_len(), 116, nullptr, 12, p, 100, a, 20)},
      {"nonce_len 0", Seal(&c.ctx, c.out(), c.out_len(), 116, n, 0, p, 100, a, 20)},
      {"in NULL", Seal(&c.ctx, c.out(), c.out_len(), 116, n, 12, nullptr, 100, a, 20)},
      {"ad NULL", Seal(&c.ctx, c.out(), c.out_len(), 116, n, 12, p, 100, nullptr, 20)},
      {"out NULL", Seal(&c.ctx, nullptr, c.out_len(), 116, n, 12, p, 100, a, 20)},
      {"out NULL, empty plaintext", Seal(&c.ctx, nullptr, c.out_len(), 16, n, 12, p, 0, a, 20)},
      {"max_out_len one short", Seal(&c.ctx, c.out(), c.out_len(), 115, n, 12, p, 100, a, 20)},
      {"max_out_len 0", Seal(&c.ctx, c.out(), c.out_len(), 0, n, 12, p, 100, a, 20)},
      {"max_out_len short, GMAC", Seal(&c.ctx, c.out(), c.out_len(), 15, n, 12, p, 0, a, 20)},
      {"in wraps the address space",
       Seal(&c.ctx, c.out(), c.out_len(), SIZE_MAX, n, 12, p, SIZE_MAX - 16, a, 20)},
      {"ad wraps the address space", Seal(&c.ctx, c.out(), c.out_len(), 116, n, 12, p, 100, a, SIZE_MAX)},
      {"nonce wraps the address space", Seal(&c.ctx, c.out(), c.out_len(), 116, n, SIZE_MAX, p, 100, a, 20)},
  };
  for (const Row &r : rows) {
    EXPECT_EQ(0, r.result) << r.what;
    EXPECT_TRUE(c.Untouched()) << r.what;
  }
  // Empty plaintext and AD with NULL pointers are fine (GMAC of nothing).
  EXPECT_EQ(1, Seal(&c.ctx, c.out(), c.out_len(), 16, n, 12, nullptr, 0, nullptr, 0));
  EXPECT_EQ(16u, *c.out_len());
}

TEST_P(GcmMisuseTest, LimitsRefused) {
  Call &c = *c_;
  const uint8_t *n = c.nonce.data(), *p = c.pt.data(), *a = c.ad.data();
  // The lengths are refused before any byte is read, so small real buffers
  // stand in for the huge ones named.
  if (sizeof(size_t) >= 8) {
    const uint64_t max_pt = ctasm::kGcmMaxPlaintextBytes, max_ad = ctasm::kGcmMaxAdBytes;
    EXPECT_EQ((uint64_t{1} << 36) - 32, max_pt);  // 2^39 - 256 bits
    EXPECT_EQ((uint64_t{1} << 61) - 1, max_ad);   // floor((2^64 - 1) / 8) bytes
    const size_t pt_over = static_cast<size_t>(max_pt + 1), ad_over = static_cast<size_t>(max_ad + 1);
    EXPECT_EQ(0, Seal(&c.ctx, c.out(), c.out_len(), SIZE_MAX / 2, n, 12, p, pt_over, a, 20));
    EXPECT_EQ(0, Seal(&c.ctx, c.out(), c.out_len(), 116, n, 12, p, 100, a, ad_over));
    EXPECT_EQ(0, Seal(&c.ctx, c.out(), c.out_len(), 116, n, ad_over, p, 100, a, 20));
    EXPECT_EQ(0, ctasm_aead_open(&c.ctx, c.out(), c.out_len(), SIZE_MAX / 2, n, 12, p, pt_over + 16,
                                 a, 20));
    EXPECT_EQ(0, ctasm_aead_open(&c.ctx, c.out(), c.out_len(), 100, n, 12, c.sealed.data(), 116, a,
                                 ad_over));
    EXPECT_TRUE(c.Untouched());
  } else {
    // 32-bit size_t cannot name a length past the limits: the refusals above
    // cannot be reached, and the API's types make that so.
    EXPECT_LT(static_cast<uint64_t>(SIZE_MAX), ctasm::kGcmMaxPlaintextBytes);
    EXPECT_LT(static_cast<uint64_t>(SIZE_MAX), ctasm::kGcmMaxAdBytes);
  }
}

TEST_P(GcmMisuseTest, OverlapRefused) {
  Call &c = *c_;
  const uint8_t *n = c.nonce.data(), *a = c.ad.data();
  uint8_t *area = c.arena + 2048;  // in, nonce and AD copies placed next to out
  auto seal = [&](uint8_t *out, const uint8_t *in, const uint8_t *nonce, const uint8_t *ad,
                  size_t *out_len) {
    return Seal(&c.ctx, out, out_len, 116, nonce, 12, in, 100, ad, 20);
  };
  struct Row {
    const char *what;
    uint8_t *out;
    const uint8_t *in, *nonce, *ad;
    size_t *out_len;
  };
  // Each row: the arena holds the inputs where named, then must be unchanged.
  for (ptrdiff_t d : {-99, -16, -1, 1, 15, 99, 115}) {
    SCOPED_TRACE("in at out + " + std::to_string(d));
    c.Reset();
    memcpy(area + d, c.pt.data(), 100);
    std::vector<uint8_t> before(c.arena, c.arena + sizeof(c.arena));
    EXPECT_EQ(0, seal(area, area + d, n, a, c.out_len()));
    EXPECT_EQ(0, memcmp(before.data(), c.arena, sizeof(c.arena)));
    EXPECT_EQ(0x5151u, *c.out_len());
  }
  const Row rows[] = {
      {"nonce inside out", area, c.pt.data(), area + 50, a, c.out_len()},
      {"nonce at the tag", area, c.pt.data(), area + 110, a, c.out_len()},
      {"ad inside out", area, c.pt.data(), n, area + 100, c.out_len()},
      {"out over the context", reinterpret_cast<uint8_t *>(&c.ctx) + 8, c.pt.data(), n, a, c.out_len()},
      {"out_len inside out", area, c.pt.data(), n, a, reinterpret_cast<size_t *>(area + 32)},
      {"out_len inside in", area, area + 512, n, a, reinterpret_cast<size_t *>(area + 520)},
      {"out_len inside the nonce", area, c.pt.data(), area + 600, a, reinterpret_cast<size_t *>(area + 600)},
  };
  for (const Row &r : rows) {
    c.Reset();
    memcpy(area + 512, c.pt.data(), 100);
    memcpy(area + 600, n, 12);
    const ctasm_aead_ctx saved = c.ctx;
    std::vector<uint8_t> before(c.arena, c.arena + sizeof(c.arena));
    EXPECT_EQ(0, seal(r.out, r.in, r.nonce, r.ad, r.out_len)) << r.what;
    EXPECT_EQ(0, memcmp(before.data(), c.arena, sizeof(c.arena))) << r.what;
    EXPECT_EQ(0, memcmp(&saved, &c.ctx, sizeof(saved))) << r.what;
  }
  // Open: out partly over in.
  for (ptrdiff_t d : {-1, 1, 16, 99}) {
    c.Reset();
    memcpy(area + d, c.sealed.data(), 116);
    std::vector<uint8_t> before(c.arena, c.arena + sizeof(c.arena));
    EXPECT_EQ(0, ctasm_aead_open(&c.ctx, area, c.out_len(), 100, n, 12, area + d, 116, a, 20)) << d;
    EXPECT_EQ(0, memcmp(before.data(), c.arena, sizeof(c.arena))) << d;
  }
  // In place is allowed both ways.
  c.Reset();
  memcpy(area, c.pt.data(), 100);
  EXPECT_EQ(1, seal(area, area, n, a, c.out_len()));
  EXPECT_EQ(to_hex(c.sealed), to_hex(area, 116));
  EXPECT_EQ(1, ctasm_aead_open(&c.ctx, area, c.out_len(), 100, n, 12, area, 116, a, 20));
  EXPECT_EQ(to_hex(c.pt), to_hex(area, 100));
}

TEST_P(GcmMisuseTest, FailedOpenLeavesNoPlaintext) {
  Call &c = *c_;
  auto refused = [&](const std::vector<uint8_t> &sealed, const std::vector<uint8_t> &nonce,
                     const std::vector<uint8_t> &ad, const char *what) {
    c.Reset();
    EXPECT_EQ(0, ctasm_aead_open(&c.ctx, c.out(), c.out_len(), 116, nonce.data(), nonce.size(),
                                 sealed.data(), sealed.size(), ad.data(), ad.size()))
        << what;
    EXPECT_TRUE(c.Untouched()) << what;
  };
  for (size_t i = 0; i < 116; i++) {  // every byte of ciphertext and tag, one bit each
    std::vector<uint8_t> bad = c.sealed;
    bad[i] ^= static_cast<uint8_t>(1u << (i % 8));
    refused(bad, c.nonce, c.ad, i < 100 ? "ciphertext bit flipped" : "tag bit flipped");
  }
  std::vector<uint8_t> nonce = c.nonce, ad = c.ad;
  nonce[11] ^= 1;
  refused(c.sealed, nonce, c.ad, "other nonce");
  ad[0] ^= 0x80;
  refused(c.sealed, c.nonce, ad, "other AD");
  refused(c.sealed, std::vector<uint8_t>(c.nonce.begin(), c.nonce.end() - 1), c.ad, "shorter nonce");
  refused(std::vector<uint8_t>(c.sealed.begin(), c.sealed.end() - 1), c.nonce, c.ad, "truncated by one");
  for (size_t len : {0, 1, 15}) {
    refused(std::vector<uint8_t>(c.sealed.begin(), c.sealed.begin() + len), c.nonce, c.ad,
            "shorter than the tag");
  }
  // max_out_len one short of the plaintext.
  c.Reset();
  EXPECT_EQ(0, OpenSealed(c.sealed, 99));
  EXPECT_TRUE(c.Untouched());
  // In place: the ciphertext stays as it was.
  uint8_t *area = c.arena + 2048;
  c.Reset();
  std::vector<uint8_t> bad = c.sealed;
  bad[115] ^= 1;
  memcpy(area, bad.data(), 116);
  EXPECT_EQ(0, ctasm_aead_open(&c.ctx, area, c.out_len(), 116, c.nonce.data(), 12, area, 116,
                               c.ad.data(), 20));
  EXPECT_EQ(to_hex(bad), to_hex(area, 116));
  // Short tags: the first tag_len bytes of the full tag, and nothing else, count.
  for (size_t tag_len : {4, 8, 12, 13, 14, 15}) {
    ctasm_aead_ctx ctx;
    ASSERT_EQ(1, ctasm_aead_ctx_init(&ctx, ctasm_aead_aes_128_gcm(), c.key.data(), 16, tag_len));
    std::vector<uint8_t> s(100 + tag_len);
    size_t out_len = 0;
    ASSERT_EQ(1, ctasm_aead_seal(&ctx, s.data(), &out_len, s.size(), c.nonce.data(), 12,
                                 c.pt.data(), 100, c.ad.data(), 20));
    EXPECT_EQ(to_hex(c.sealed.data(), 100 + tag_len), to_hex(s));
    s[100 + tag_len - 1] ^= 0x01;
    std::vector<uint8_t> out(100, kCanary);
    EXPECT_EQ(0, ctasm_aead_open(&ctx, out.data(), &out_len, 100, c.nonce.data(), 12, s.data(),
                                 s.size(), c.ad.data(), 20));
    EXPECT_EQ(std::vector<uint8_t>(100, kCanary), out);
    ctasm_aead_ctx_cleanup(&ctx);
  }
}

// The C++ wrapper adds no behaviour: same bytes, same refusals.
TEST_P(GcmMisuseTest, CxxWrapper) {
  ctasm::AeadCtx ctx;
  ASSERT_TRUE(ctx.init(ctasm_aead_aes_128_gcm(), ctasm::span<const uint8_t>(c_->key)));
  std::vector<uint8_t> out(116);
  EXPECT_EQ(116u, ctx.seal(ctasm::span<uint8_t>(out), ctasm::span<const uint8_t>(c_->nonce),
                           ctasm::span<const uint8_t>(c_->pt), ctasm::span<const uint8_t>(c_->ad)));
  EXPECT_EQ(c_->sealed, out);
  std::vector<uint8_t> pt(100), small(115);
  size_t n = 0;
  EXPECT_TRUE(ctx.open(ctasm::span<uint8_t>(pt), &n, ctasm::span<const uint8_t>(c_->nonce),
                       ctasm::span<const uint8_t>(out), ctasm::span<const uint8_t>(c_->ad)));
  EXPECT_EQ(c_->pt, pt);
  EXPECT_EQ(0u, ctx.seal(ctasm::span<uint8_t>(small), ctasm::span<const uint8_t>(c_->nonce),
                         ctasm::span<const uint8_t>(c_->pt), ctasm::span<const uint8_t>(c_->ad)));
  out[0] ^= 1;
  EXPECT_FALSE(ctx.open(ctasm::span<uint8_t>(pt), &n, ctasm::span<const uint8_t>(c_->nonce),
                        ctasm::span<const uint8_t>(out), ctasm::span<const uint8_t>(c_->ad)));
}

INSTANTIATE_TEST_SUITE_P(Tiers, GcmMisuseTest, ::testing::ValuesIn(ctasm_test::AvailableGcmTiers()),
                         ctasm_test::GcmTierTestName);

}  // namespace
