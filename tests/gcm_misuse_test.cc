// SPDX-License-Identifier: Apache-2.0
// The AEAD misuse table of ctasm.h, row by row, on every AES x GHASH tier:
// every refusal returns 0 and writes nothing at all (out, out_len and the
// bytes around them keep their canary), and a failed open leaves no
// plaintext. Buffers live inside one guarded arena so a write anywhere near
// them is seen.
#include <gtest/gtest.h>
#include <stdint.h>
#include <string.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "aead/gcm.h"
#include "aead_geometry.h"
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

// Where the buffers of one call lie, against the byte-marking answer of
// tests/aead_geometry.h, as for ChaCha (the AEADs share buffers_ok): every
// buffer swept around out, then random joint placements, here also with
// nonce lengths 1 to 60 (GCM's nonce length is the caller's) and a 4-byte
// tag. A failed GCM open writes nothing, so an accepted open must succeed to
// be told from a refusal: the tag at the end of in is the real one for the
// arena's bytes (all canary) at the nonce, the AD and the ciphertext. A
// random open whose tag would share a byte with the nonce or the AD (its
// bytes would feed its own computation) is drawn again.
TEST_P(GcmMisuseTest, BufferGeometry) {
  Call &c = *c_;
  struct Key {
    size_t tag_len;
    ctasm_aead_ctx ctx;
  };
  std::vector<std::unique_ptr<Key>> keys;
  std::map<std::vector<size_t>, std::vector<uint8_t>> tags;  // {tag, nonce, pt, ad lengths}
  auto ctx_for = [&](size_t tag_len) -> const ctasm_aead_ctx * {
    for (const auto &k : keys) {
      if (k->tag_len == tag_len) return &k->ctx;
    }
    keys.push_back(std::make_unique<Key>());
    keys.back()->tag_len = tag_len;
    EXPECT_EQ(1, ctasm_aead_ctx_init(&keys.back()->ctx, ctasm_aead_aes_128_gcm(), c.key.data(), 16,
                                     tag_len));
    return &keys.back()->ctx;
  };
  // The tag of a ciphertext of canary bytes under a canary nonce and AD: seal
  // (key stream ^ canary), whose ciphertext is the canary bytes.
  auto tag_for = [&](const ctasm_test::AeadLayout &g) {
    std::vector<uint8_t> &t = tags[{g.tag_len, g.nonce_len, g.pt_len(), g.ad_len}];
    if (t.empty()) {
      const ctasm_aead_ctx *ctx = ctx_for(g.tag_len);
      const std::vector<uint8_t> nonce(g.nonce_len, kCanary), ad(g.ad_len, kCanary);
      std::vector<uint8_t> zero(g.pt_len(), 0), ks(g.pt_len() + 16), sealed(g.pt_len() + 16);
      size_t n = 0;
      EXPECT_EQ(1, ctasm_aead_seal(ctx, ks.data(), &n, ks.size(), nonce.data(), g.nonce_len,
                                   zero.data(), zero.size(), ad.data(), ad.size()));
      for (size_t k = 0; k < zero.size(); k++) zero[k] = ks[k] ^ kCanary;
      EXPECT_EQ(1, ctasm_aead_seal(ctx, sealed.data(), &n, sealed.size(), nonce.data(), g.nonce_len,
                                   zero.data(), zero.size(), ad.data(), ad.size()));
      EXPECT_EQ(std::vector<uint8_t>(g.pt_len(), kCanary),
                std::vector<uint8_t>(sealed.begin(), sealed.begin() + g.pt_len()));
      t.assign(sealed.begin() + g.pt_len(), sealed.begin() + g.pt_len() + g.tag_len);
    }
    return t;
  };
  auto meets = [](size_t a, size_t la, size_t b, size_t lb) { return la && lb && a < b + lb && b < a + la; };
  auto usable = [&](const ctasm_test::AeadLayout &g) {
    const size_t t = g.i + g.pt_len();
    return !g.open || !(meets(t, g.tag_len, g.n, g.nonce_len) || meets(t, g.tag_len, g.a, g.ad_len));
  };
  size_t checked = 0, refused = 0;
  auto run = [&](const ctasm_test::AeadLayout &g) {
    if (!usable(g)) {
      ADD_FAILURE() << "a swept open's tag meets its nonce or AD: the layouts changed";
      return false;
    }
    const bool want_refused = ctasm_test::AeadLayoutRefused(g, sizeof(c.arena));
    const ctasm_aead_ctx *ctx = ctx_for(g.tag_len);
    c.Reset();
    if (g.open) {
      const std::vector<uint8_t> &t = tag_for(g);
      memcpy(c.arena + g.i + g.pt_len(), t.data(), t.size());
    }
    size_t *ol = reinterpret_cast<size_t *>(c.arena + g.l);
    std::vector<uint8_t> before(c.arena, c.arena + sizeof(c.arena));
    const int r = (g.open ? ctasm_aead_open : ctasm_aead_seal)(
        ctx, c.arena + g.o, ol, SIZE_MAX, c.arena + g.n, g.nonce_len, c.arena + g.i, g.in_len,
        c.arena + g.a, g.ad_len);
    const bool untouched = memcmp(before.data(), c.arena, sizeof(c.arena)) == 0;
    const bool accepted = r == 1 || !untouched;
    checked++;
    refused += want_refused;
    if (accepted == want_refused) {
      ADD_FAILURE() << (g.open ? "open" : "seal") << " in_len " << g.in_len << " ad_len " << g.ad_len
                    << " nonce_len " << g.nonce_len << " tag_len " << g.tag_len << ": out " << g.o
                    << " out_len " << g.l << " nonce " << g.n << " in " << g.i << " ad " << g.a
                    << (want_refused ? " accepted" : " refused") << " (r " << r << ")";
      return false;
    }
    return true;
  };
  ctasm_test::AeadLayoutOptions opt;
  opt.nonce_lens = {12, 1, 16, 60};
  opt.empty_open = true;  // an accepted open of a tag alone returns 1
  if (!ctasm_test::ForEachAeadLayout(opt, usable, run)) return;
  opt.tag_len = 4;
  opt.nonce_lens = {12, 7, 33};
  opt.seed = 38;
  opt.random_layouts = 1000;
  ctasm_test::ForEachAeadLayout(opt, usable, run);
  EXPECT_GT(refused, checked / 10);  // both answers well represented
  EXPECT_LT(refused, checked - checked / 10);
}

// in_len + tag_len must not wrap a size_t (possible on 32-bit targets, where
// any size_t is below the plaintext limit): with in_len = SIZE_MAX - 15 and a
// 16-byte tag, out's length became 0, so out went unchecked and seal read
// and wrote 4 GiB. The pointers are made up (the range [12, 2^32 - 4) of in
// is valid address arithmetic, and out_len at 4 lies below it): a refusal
// reads none of them; on 64-bit the length is over the limit anyway.
TEST_P(GcmMisuseTest, SealLengthNeverWraps) {
  Call &c = *c_;
  const uint8_t *in = reinterpret_cast<const uint8_t *>(uintptr_t{12});
  size_t *ol = reinterpret_cast<size_t *>(uintptr_t{4});
  EXPECT_EQ(0, Seal(&c.ctx, nullptr, ol, SIZE_MAX, c.nonce.data(), 12, in, SIZE_MAX - 15, nullptr, 0));
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
