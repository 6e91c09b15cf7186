// SPDX-License-Identifier: Apache-2.0
// The AEAD misuse table of ctasm.h, row by row, for ChaCha20-Poly1305 and
// XChaCha20-Poly1305 on every ChaCha tier, and ctasm_chacha20's refusals:
// every refusal returns 0 and writes nothing at all (out, out_len and the
// bytes around them keep their canary), and a failed open leaves zeros in
// out, never plaintext. Buffers live inside one guarded arena so a write
// anywhere near them is seen.
#include <gtest/gtest.h>
#include <stdint.h>
#include <string.h>

#include <memory>
#include <string>
#include <vector>

#include "aead/chacha_aead.h"
#include "aead_geometry.h"
#include "chacha_tiers.h"
#include "ctasm/ctasm.h"
#include "ctasm/ctasm.hpp"
#include "test_util.h"

namespace {

using ctasm_test::to_hex;

constexpr uint8_t kCanary = 0xc5;

struct MisuseParam {
  const ctasm::ChachaTier *tier;
  bool xchacha;
};

std::vector<MisuseParam> Params() {
  std::vector<MisuseParam> v;
  for (const ctasm::ChachaTier *t : ctasm_test::AvailableChachaTiers()) {
    v.push_back({t, false});
    v.push_back({t, true});
  }
  return v;
}

// gtest would otherwise print the struct's bytes, padding included.
void PrintTo(const MisuseParam &p, std::ostream *os) {
  *os << (p.xchacha ? "XChaCha20-Poly1305 on " : "ChaCha20-Poly1305 on ") << p.tier->name;
}

std::string ParamName(const ::testing::TestParamInfo<MisuseParam> &info) {
  std::string s = info.param.xchacha ? "xchacha_" : "chacha_";
  for (const char *c = info.param.tier->name; *c; c++) s += isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
  return s;
}

// One arena: [guard | out area | guard]. A refused call must leave the whole
// arena as it was.
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

class ChachaMisuseTest : public ::testing::TestWithParam<MisuseParam> {
 protected:
  void SetUp() override {
    scope_ = std::make_unique<ctasm_test::ScopedChachaTier>(GetParam().tier);
    aead_ = GetParam().xchacha ? ctasm_aead_xchacha20_poly1305() : ctasm_aead_chacha20_poly1305();
    nl_ = GetParam().xchacha ? 24 : 12;
    c_ = std::make_unique<Call>();
    ctasm_test::TestRng rng(78);
    c_->key = rng.bytes(32);
    c_->nonce = rng.bytes(nl_);
    c_->pt = rng.bytes(100);
    c_->ad = rng.bytes(20);
    ASSERT_EQ(1, ctasm_aead_ctx_init(&c_->ctx, aead_, c_->key.data(), 32, 0));
    c_->sealed.resize(116);
    size_t n = 0;
    ASSERT_EQ(1, ctasm_aead_seal(&c_->ctx, c_->sealed.data(), &n, 116, c_->nonce.data(), nl_,
                                 c_->pt.data(), 100, c_->ad.data(), 20));
    c_->Reset();
  }
  void TearDown() override { scope_.reset(); }

  int Seal(const ctasm_aead_ctx *ctx, uint8_t *out, size_t *out_len, size_t max, const uint8_t *nonce,
           size_t nonce_len, const uint8_t *in, size_t in_len, const uint8_t *ad, size_t ad_len) {
    return ctasm_aead_seal(ctx, out, out_len, max, nonce, nonce_len, in, in_len, ad, ad_len);
  }
  int SealWith(size_t max = 116) {
    return Seal(&c_->ctx, c_->out(), c_->out_len(), max, c_->nonce.data(), nl_, c_->pt.data(), 100,
                c_->ad.data(), 20);
  }
  int OpenSealed(const std::vector<uint8_t> &sealed, size_t max = 100) {
    return ctasm_aead_open(&c_->ctx, c_->out(), c_->out_len(), max, c_->nonce.data(), nl_,
                           sealed.data(), sealed.size(), c_->ad.data(), 20);
  }

  const ctasm_aead *aead_ = nullptr;
  size_t nl_ = 12;
  std::unique_ptr<ctasm_test::ScopedChachaTier> scope_;
  std::unique_ptr<Call> c_;
};

TEST_P(ChachaMisuseTest, GoodCallsWork) {
  ASSERT_EQ(1, SealWith());
  EXPECT_EQ(116u, *c_->out_len());
  EXPECT_EQ(to_hex(c_->sealed), to_hex(c_->out(), 116));
  EXPECT_EQ(kCanary, c_->out()[-1]);
  EXPECT_EQ(kCanary, c_->out()[116]);
  c_->Reset();
  ASSERT_EQ(1, OpenSealed(c_->sealed));
  EXPECT_EQ(100u, *c_->out_len());
  EXPECT_EQ(to_hex(c_->pt), to_hex(c_->out(), 100));
  EXPECT_EQ(kCanary, c_->out()[-1]);
  EXPECT_EQ(kCanary, c_->out()[100]);
  EXPECT_EQ(32u, ctasm_aead_key_length(aead_));
  EXPECT_EQ(nl_, ctasm_aead_nonce_length(aead_));
  EXPECT_EQ(16u, ctasm_aead_max_overhead(aead_));
}

TEST_P(ChachaMisuseTest, InitRefusals) {
  ctasm_aead_ctx *ctx = &c_->ctx;
  const uint8_t *k = c_->key.data();
  auto expect_wiped = [&](const char *what) {
    c_->Reset();
    EXPECT_EQ(0, SealWith()) << what;
    EXPECT_TRUE(c_->Untouched()) << what;
    const uint8_t *b = reinterpret_cast<const uint8_t *>(ctx);
    bool zero = true;
    for (size_t i = 0; i < sizeof(*ctx); i++) zero &= b[i] == 0;
    EXPECT_TRUE(zero) << what << ": context not wiped";
    ASSERT_EQ(1, ctasm_aead_ctx_init(ctx, aead_, k, 32, 0));
  };
  EXPECT_EQ(0, ctasm_aead_ctx_init(nullptr, aead_, k, 32, 0));
  EXPECT_EQ(0, ctasm_aead_ctx_init(ctx, aead_, nullptr, 32, 0));
  expect_wiped("NULL key");
  for (size_t len : {0, 1, 16, 24, 31, 33, 64}) {
    EXPECT_EQ(0, ctasm_aead_ctx_init(ctx, aead_, k, len, 0)) << len;
    expect_wiped("wrong key length");
  }
  for (size_t tag : std::vector<size_t>{1, 4, 8, 12, 15, 17, 32, SIZE_MAX}) {
    EXPECT_EQ(0, ctasm_aead_ctx_init(ctx, aead_, k, 32, tag)) << tag;
    expect_wiped("tag length not 16");
  }
  memcpy(ctx->ctasm_private_state + 100, k, 32);
  EXPECT_EQ(0, ctasm_aead_ctx_init(ctx, aead_, ctx->ctasm_private_state + 100, 32, 0));
  expect_wiped("key inside the context");
  alignas(16) static uint8_t raw[sizeof(ctasm_aead_ctx) + 16];
  memset(raw, 0x77, sizeof(raw));
  EXPECT_EQ(0, ctasm_aead_ctx_init(reinterpret_cast<ctasm_aead_ctx *>(raw + 8), aead_, k, 32, 0));
  for (uint8_t b : raw) ASSERT_EQ(0x77, b);
  EXPECT_EQ(1, ctasm_aead_ctx_init(ctx, aead_, k, 32, 16)) << "tag_len 16 is the default";
}

TEST_P(ChachaMisuseTest, BadContexts) {
  auto seal_with = [&](const ctasm_aead_ctx *ctx) {
    c_->Reset();
    const int r = Seal(ctx, c_->out(), c_->out_len(), 116, c_->nonce.data(), nl_, c_->pt.data(), 100,
                       c_->ad.data(), 20);
    if (r == 0) EXPECT_TRUE(c_->Untouched());
    return r;
  };
  auto fresh = std::make_unique<ctasm_aead_ctx>();
  memset(fresh.get(), 0, sizeof(*fresh));
  EXPECT_EQ(0, seal_with(nullptr));
  EXPECT_EQ(0, seal_with(fresh.get())) << "never initialised (zero)";
  ctasm_test::TestRng rng(6);
  rng.fill(reinterpret_cast<uint8_t *>(fresh.get()), sizeof(*fresh));
  EXPECT_EQ(0, seal_with(fresh.get())) << "never initialised (random)";
  for (size_t word = 0; word < 4; word++) {
    *fresh = c_->ctx;
    reinterpret_cast<uint32_t *>(&fresh->ctasm_private_aead)[word] ^= 1;
    EXPECT_EQ(0, seal_with(fresh.get())) << "metadata word " << word;
  }
  // A consistent check word over a tier id this build lacks, or the other
  // ChaCha AEAD's id with a GCM tag length.
  *fresh = c_->ctx;
  uint32_t absent = ctasm::kChachaImplNone;
  for (uint32_t id = ctasm::kChachaImplCount; id-- > 1;) {
    if (!ctasm::kChachaTierByImpl[id]) absent = id;
  }
  ASSERT_NE(absent, static_cast<uint32_t>(ctasm::kChachaImplNone)) << "every ChaCha tier id is in this build";
  fresh->ctasm_private_impl = absent;
  fresh->ctasm_private_check = 0x63746167u ^ fresh->ctasm_private_aead ^ (16u << 4) ^
                               (fresh->ctasm_private_impl << 12) ^ (fresh->ctasm_private_impl >> 20);
  EXPECT_EQ(0, seal_with(fresh.get())) << "tier not in this build";
  *fresh = c_->ctx;
  EXPECT_EQ(1, seal_with(fresh.get()));
  ctasm_aead_ctx_cleanup(fresh.get());
  EXPECT_EQ(0, seal_with(fresh.get())) << "cleaned up";
  const uint8_t *b = reinterpret_cast<const uint8_t *>(fresh.get());
  for (size_t i = 0; i < sizeof(*fresh); i++) ASSERT_EQ(0, b[i]) << "cleanup left byte " << i;
  alignas(16) static uint8_t raw[sizeof(ctasm_aead_ctx) + 16];
  memcpy(raw + 4, &c_->ctx, sizeof(c_->ctx));
  EXPECT_EQ(0, seal_with(reinterpret_cast<const ctasm_aead_ctx *>(raw + 4)));
}

TEST_P(ChachaMisuseTest, SealRefusals) {
  Call &c = *c_;
  const uint8_t *n = c.nonce.data(), *p = c.pt.data(), *a = c.ad.data();
  const size_t other_nl = GetParam().xchacha ? 12 : 24;
  std::vector<uint8_t> long_nonce(32, 1);
  struct Row {
    const char *what;
    int result;
  };
  const Row rows[] = {
      {"out_len NULL", Seal(&c.ctx, c.out(), nullptr, 116, n, nl_, p, 100, a, 20)},
      {"nonce NULL", Seal(&c.ctx, c.out(), c.out_len(), 116, nullptr, nl_, p, 100, a, 20)},
      {"nonce_len 0", Seal(&c.ctx, c.out(), c.out_len(), 116, n, 0, p, 100, a, 20)},
      {"nonce_len one short", Seal(&c.ctx, c.out(), c.out_len(), 116, n, nl_ - 1, p, 100, a, 20)},
      {"nonce_len one long", Seal(&c.ctx, c.out(), c.out_len(), 116, long_nonce.data(), nl_ + 1, p, 100, a, 20)},
      {"the other AEAD's nonce length",
       Seal(&c.ctx, c.out(), c.out_len(), 116, long_nonce.data(), other_nl, p, 100, a, 20)},
      {"in NULL", Seal(&c.ctx, c.out(), c.out_len(), 116, n, nl_, nullptr, 100, a, 20)},
      {"ad NULL", Seal(&c.ctx, c.out(), c.out_len(), 116, n, nl_, p, 100, nullptr, 20)},
      {"out NULL", Seal(&c.ctx, nullptr, c.out_len(), 116, n, nl_, p, 100, a, 20)},
      {"out NULL, empty plaintext", Seal(&c.ctx, nullptr, c.out_len(), 16, n, nl_, p, 0, a, 20)},
      {"max_out_len one short", Seal(&c.ctx, c.out(), c.out_len(), 115, n, nl_, p, 100, a, 20)},
      {"max_out_len 0", Seal(&c.ctx, c.out(), c.out_len(), 0, n, nl_, p, 100, a, 20)},
      {"max_out_len short, empty plaintext", Seal(&c.ctx, c.out(), c.out_len(), 15, n, nl_, p, 0, a, 20)},
      {"ad wraps the address space", Seal(&c.ctx, c.out(), c.out_len(), 116, n, nl_, p, 100, a, SIZE_MAX)},
  };
  for (const Row &r : rows) {
    EXPECT_EQ(0, r.result) << r.what;
    EXPECT_TRUE(c.Untouched()) << r.what;
  }
  EXPECT_EQ(1, Seal(&c.ctx, c.out(), c.out_len(), 16, n, nl_, nullptr, 0, nullptr, 0));
  EXPECT_EQ(16u, *c.out_len());
}

TEST_P(ChachaMisuseTest, LimitsRefused) {
  Call &c = *c_;
  const uint8_t *n = c.nonce.data(), *p = c.pt.data(), *a = c.ad.data();
  EXPECT_EQ((uint64_t{1} << 38) - 64, ctasm::kChachaMaxPlaintextBytes);  // 2^32 - 1 blocks
  if (sizeof(size_t) >= 8) {
    // Refused before any byte is read: small real buffers stand in.
    const size_t over = static_cast<size_t>(ctasm::kChachaMaxPlaintextBytes + 1);
    EXPECT_EQ(0, Seal(&c.ctx, c.out(), c.out_len(), SIZE_MAX / 2, n, nl_, p, over, a, 20));
    EXPECT_EQ(0, ctasm_aead_open(&c.ctx, c.out(), c.out_len(), SIZE_MAX / 2, n, nl_, p, over + 16,
                                 a, 20));
    EXPECT_EQ(0, Seal(&c.ctx, c.out(), c.out_len(), SIZE_MAX, n, nl_, p, SIZE_MAX - 16, a, 20));
    EXPECT_TRUE(c.Untouched());
  } else {
    // 32-bit size_t cannot name a plaintext past the limit.
    EXPECT_LT(static_cast<uint64_t>(SIZE_MAX), ctasm::kChachaMaxPlaintextBytes);
  }
}

TEST_P(ChachaMisuseTest, OverlapRefused) {
  Call &c = *c_;
  const uint8_t *n = c.nonce.data(), *a = c.ad.data();
  uint8_t *area = c.arena + 2048;
  auto seal = [&](uint8_t *out, const uint8_t *in, const uint8_t *nonce, const uint8_t *ad,
                  size_t *out_len) { return Seal(&c.ctx, out, out_len, 116, nonce, nl_, in, 100, ad, 20); };
  for (ptrdiff_t d : {-99, -16, -1, 1, 15, 99, 115}) {
    SCOPED_TRACE("in at out + " + std::to_string(d));
    c.Reset();
    memcpy(area + d, c.pt.data(), 100);
    std::vector<uint8_t> before(c.arena, c.arena + sizeof(c.arena));
    EXPECT_EQ(0, seal(area, area + d, n, a, c.out_len()));
    EXPECT_EQ(0, memcmp(before.data(), c.arena, sizeof(c.arena)));
    EXPECT_EQ(0x5151u, *c.out_len());
  }
  struct Row {
    const char *what;
    uint8_t *out;
    const uint8_t *in, *nonce, *ad;
    size_t *out_len;
  };
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
    memcpy(area + 600, n, nl_);
    const ctasm_aead_ctx saved = c.ctx;
    std::vector<uint8_t> before(c.arena, c.arena + sizeof(c.arena));
    EXPECT_EQ(0, seal(r.out, r.in, r.nonce, r.ad, r.out_len)) << r.what;
    EXPECT_EQ(0, memcmp(before.data(), c.arena, sizeof(c.arena))) << r.what;
    EXPECT_EQ(0, memcmp(&saved, &c.ctx, sizeof(saved))) << r.what;
  }
  for (ptrdiff_t d : {-1, 1, 16, 99}) {
    c.Reset();
    memcpy(area + d, c.sealed.data(), 116);
    std::vector<uint8_t> before(c.arena, c.arena + sizeof(c.arena));
    EXPECT_EQ(0, ctasm_aead_open(&c.ctx, area, c.out_len(), 100, n, nl_, area + d, 116, a, 20)) << d;
    EXPECT_EQ(0, memcmp(before.data(), c.arena, sizeof(c.arena))) << d;
  }
  c.Reset();
  memcpy(area, c.pt.data(), 100);
  EXPECT_EQ(1, seal(area, area, n, a, c.out_len()));
  EXPECT_EQ(to_hex(c.sealed), to_hex(area, 116));
  EXPECT_EQ(1, ctasm_aead_open(&c.ctx, area, c.out_len(), 100, n, nl_, area, 116, a, 20));
  EXPECT_EQ(to_hex(c.pt), to_hex(area, 100));
}

// Where the buffers of one call lie, against the byte-marking answer of
// tests/aead_geometry.h (every buffer swept around out, then random joint
// placements). An off-by-one or an empty range taken as covering its
// pointer's byte in buffers_ok (src/aead/aead.cc) shows here.
TEST_P(ChachaMisuseTest, BufferGeometry) {
  Call &c = *c_;
  size_t checked = 0, refused = 0;
  auto run = [&](const ctasm_test::AeadLayout &g) {
    const bool want_refused = ctasm_test::AeadLayoutRefused(g, sizeof(c.arena));
    c.Reset();
    // Refusals must come before any byte is read, so the contents do not
    // matter; an accepted open fails its tag (random bytes) and zeroes out
    // (its plaintext is never empty here), which tells it from a refusal.
    size_t *ol = reinterpret_cast<size_t *>(c.arena + g.l);
    std::vector<uint8_t> before(c.arena, c.arena + sizeof(c.arena));
    const int r = g.open ? ctasm_aead_open(&c.ctx, c.arena + g.o, ol, SIZE_MAX, c.arena + g.n, nl_,
                                           c.arena + g.i, g.in_len, c.arena + g.a, g.ad_len)
                         : Seal(&c.ctx, c.arena + g.o, ol, SIZE_MAX, c.arena + g.n, nl_, c.arena + g.i,
                                g.in_len, c.arena + g.a, g.ad_len);
    const bool untouched = memcmp(before.data(), c.arena, sizeof(c.arena)) == 0;
    const bool accepted = r == 1 || !untouched;
    checked++;
    refused += want_refused;
    if (accepted == want_refused) {
      ADD_FAILURE() << (g.open ? "open" : "seal") << " in_len " << g.in_len << " ad_len " << g.ad_len
                    << ": out " << g.o << " out_len " << g.l << " nonce " << g.n << " in " << g.i
                    << " ad " << g.a << (want_refused ? " accepted" : " refused") << " (r " << r << ")";
      return false;
    }
    return true;
  };
  ctasm_test::AeadLayoutOptions opt;
  opt.nonce_lens = {nl_};
  ctasm_test::ForEachAeadLayout(opt, [](const ctasm_test::AeadLayout &) { return true; }, run);
  EXPECT_GT(refused, checked / 10);  // both answers well represented
  EXPECT_LT(refused, checked - checked / 10);
}

// in_len + 16 must not wrap a size_t (possible on 32-bit targets, where any
// size_t is below the plaintext limit): with in_len = SIZE_MAX - 15, out's
// length became 0, so out went unchecked and seal read and wrote 4 GiB. The
// pointers are made up (in's range [12, 2^32 - 4) is valid address
// arithmetic, out_len at 4 lies below it): a refusal reads none of them; on
// 64-bit the length is over the limit anyway.
TEST_P(ChachaMisuseTest, SealLengthNeverWraps) {
  Call &c = *c_;
  const uint8_t *in = reinterpret_cast<const uint8_t *>(uintptr_t{12});
  size_t *ol = reinterpret_cast<size_t *>(uintptr_t{4});
  EXPECT_EQ(0, Seal(&c.ctx, nullptr, ol, SIZE_MAX, c.nonce.data(), nl_, in, SIZE_MAX - 15, nullptr, 0));
}

// A failed open returns 0, leaves out_len alone, zeroes exactly the
// plaintext's bytes of out and nothing else.
TEST_P(ChachaMisuseTest, FailedOpenLeavesZeros) {
  Call &c = *c_;
  auto refused = [&](const std::vector<uint8_t> &sealed, const std::vector<uint8_t> &nonce,
                     const std::vector<uint8_t> &ad, const char *what) {
    c.Reset();
    EXPECT_EQ(0, ctasm_aead_open(&c.ctx, c.out(), c.out_len(), 116, nonce.data(), nonce.size(),
                                 sealed.data(), sealed.size(), ad.data(), ad.size()))
        << what;
    EXPECT_EQ(0x5151u, *c.out_len()) << what;
    const size_t pt_len = sealed.size() >= 16 && nonce.size() == nl_ ? sealed.size() - 16 : 0;
    for (size_t i = 0; i < sizeof(c.arena); i++) {
      const uint8_t *p = c.arena + i;
      const bool in_pt = p >= c.out() && p < c.out() + pt_len;
      ASSERT_EQ(in_pt ? 0 : kCanary, *p) << what << ": byte " << (p - c.out()) << " of out";
    }
  };
  for (size_t i = 0; i < 116; i++) {
    std::vector<uint8_t> bad = c.sealed;
    bad[i] ^= static_cast<uint8_t>(1u << (i % 8));
    refused(bad, c.nonce, c.ad, i < 100 ? "ciphertext bit flipped" : "tag bit flipped");
  }
  std::vector<uint8_t> nonce = c.nonce, ad = c.ad;
  nonce[nl_ - 1] ^= 1;
  refused(c.sealed, nonce, c.ad, "other nonce");
  nonce = c.nonce;
  nonce[0] ^= 1;  // XChaCha: inside the HChaCha20 half
  refused(c.sealed, nonce, c.ad, "other nonce (first byte)");
  ad[0] ^= 0x80;
  refused(c.sealed, c.nonce, ad, "other AD");
  refused(c.sealed, c.nonce, std::vector<uint8_t>(c.ad.begin(), c.ad.end() - 1), "shorter AD");
  refused(c.sealed, std::vector<uint8_t>(c.nonce.begin(), c.nonce.end() - 1), c.ad, "shorter nonce");
  refused(std::vector<uint8_t>(c.sealed.begin(), c.sealed.end() - 1), c.nonce, c.ad, "truncated by one");
  for (size_t len : {0, 1, 15}) {
    refused(std::vector<uint8_t>(c.sealed.begin(), c.sealed.begin() + len), c.nonce, c.ad,
            "shorter than the tag");
  }
  c.Reset();
  EXPECT_EQ(0, OpenSealed(c.sealed, 99));
  EXPECT_TRUE(c.Untouched()) << "max_out_len one short: refused before anything";
  // In place: the ciphertext is gone, zeros instead; the tag bytes stay.
  uint8_t *area = c.arena + 2048;
  c.Reset();
  std::vector<uint8_t> bad = c.sealed;
  bad[115] ^= 1;
  memcpy(area, bad.data(), 116);
  EXPECT_EQ(0, ctasm_aead_open(&c.ctx, area, c.out_len(), 116, c.nonce.data(), nl_, area, 116,
                               c.ad.data(), 20));
  EXPECT_EQ(std::string(200, '0') + to_hex(bad.data() + 100, 16), to_hex(area, 116));
}

TEST_P(ChachaMisuseTest, CxxWrapper) {
  ctasm::AeadCtx ctx;
  ASSERT_TRUE(ctx.init(aead_, ctasm::span<const uint8_t>(c_->key)));
  std::vector<uint8_t> out(116);
  EXPECT_EQ(116u, ctx.seal(ctasm::span<uint8_t>(out), ctasm::span<const uint8_t>(c_->nonce),
                           ctasm::span<const uint8_t>(c_->pt), ctasm::span<const uint8_t>(c_->ad)));
  EXPECT_EQ(c_->sealed, out);
  std::vector<uint8_t> pt(100);
  size_t n = 0;
  EXPECT_TRUE(ctx.open(ctasm::span<uint8_t>(pt), &n, ctasm::span<const uint8_t>(c_->nonce),
                       ctasm::span<const uint8_t>(out), ctasm::span<const uint8_t>(c_->ad)));
  EXPECT_EQ(c_->pt, pt);
  out[0] ^= 1;
  EXPECT_FALSE(ctx.open(ctasm::span<uint8_t>(pt), &n, ctasm::span<const uint8_t>(c_->nonce),
                        ctasm::span<const uint8_t>(out), ctasm::span<const uint8_t>(c_->ad)));
  EXPECT_EQ(std::vector<uint8_t>(100, 0), pt);
}

INSTANTIATE_TEST_SUITE_P(Tiers, ChachaMisuseTest, ::testing::ValuesIn(Params()), ParamName);

// ctasm_chacha20's table (ctasm.h, "Raw ChaCha20").
class ChachaStreamMisuseTest : public ::testing::TestWithParam<const ctasm::ChachaTier *> {};

TEST_P(ChachaStreamMisuseTest, Refusals) {
  ctasm_test::ScopedChachaTier scope(GetParam());
  auto c = std::make_unique<Call>();
  ctasm_test::TestRng rng(91);
  const std::vector<uint8_t> key = rng.bytes(32), nonce = rng.bytes(12), in = rng.bytes(100);
  const uint8_t *k = key.data(), *n = nonce.data(), *p = in.data();
  uint8_t *area = c->arena + 2048;
  c->Reset();
  struct Row {
    const char *what;
    int result;
  };
  const Row rows[] = {
      {"key NULL", ctasm_chacha20(c->out(), p, 100, nullptr, n, 0)},
      {"nonce NULL", ctasm_chacha20(c->out(), p, 100, k, nullptr, 0)},
      {"key NULL, len 0", ctasm_chacha20(c->out(), p, 0, nullptr, n, 0)},
      {"in NULL", ctasm_chacha20(c->out(), nullptr, 100, k, n, 0)},
      {"out NULL", ctasm_chacha20(nullptr, p, 100, k, n, 0)},
      {"in wraps", ctasm_chacha20(c->out(), p, SIZE_MAX, k, n, 0)},
      {"counter would wrap", ctasm_chacha20(c->out(), p, 65, k, n, 0xffffffffu)},
      {"counter would wrap by one byte", ctasm_chacha20(c->out(), p, 129, k, n, 0xfffffffeu)},
      {"out partly over in", ctasm_chacha20(area, area + 1, 100, k, n, 0)},
      {"out partly over in (below)", ctasm_chacha20(area + 16, area, 100, k, n, 0)},
      {"out over the key", ctasm_chacha20(area, p, 100, area + 40, n, 0)},
      {"out over the nonce", ctasm_chacha20(area, p, 100, k, area + 99, 0)},
  };
  for (const Row &r : rows) {
    EXPECT_EQ(0, r.result) << r.what;
    EXPECT_TRUE(c->Untouched()) << r.what;
  }
  // Length 0 touches nothing, even with NULL buffers.
  EXPECT_EQ(1, ctasm_chacha20(nullptr, nullptr, 0, k, n, 0));
  EXPECT_EQ(1, ctasm_chacha20(c->out(), p, 0, k, n, 0xffffffffu));
  EXPECT_TRUE(c->Untouched());
  // Exactly the output is written.
  EXPECT_EQ(1, ctasm_chacha20(c->out(), p, 100, k, n, 5));
  EXPECT_EQ(kCanary, c->out()[-1]);
  EXPECT_EQ(kCanary, c->out()[100]);
}

TEST_P(ChachaStreamMisuseTest, CxxWrapper) {
  ctasm_test::ScopedChachaTier scope(GetParam());
  std::vector<uint8_t> key(32, 3), nonce(12, 4), in(70, 5), out(70, 0), want(70, 0), small(69, 0xaa);
  ASSERT_EQ(1, ctasm_chacha20(want.data(), in.data(), 70, key.data(), nonce.data(), 9));
  EXPECT_TRUE(ctasm::chacha20(ctasm::span<const uint8_t>(in), ctasm::span<uint8_t>(out),
                              ctasm::span<const uint8_t>(key), ctasm::span<const uint8_t>(nonce), 9));
  EXPECT_EQ(want, out);
  EXPECT_FALSE(ctasm::chacha20(ctasm::span<const uint8_t>(in), ctasm::span<uint8_t>(small),
                               ctasm::span<const uint8_t>(key), ctasm::span<const uint8_t>(nonce), 9));
  EXPECT_EQ(std::vector<uint8_t>(69, 0xaa), small);
  EXPECT_FALSE(ctasm::chacha20(ctasm::span<const uint8_t>(in), ctasm::span<uint8_t>(out),
                               ctasm::span<const uint8_t>(key), ctasm::span<const uint8_t>(nonce),
                               0xffffffffu));
}

INSTANTIATE_TEST_SUITE_P(Tiers, ChachaStreamMisuseTest,
                         ::testing::ValuesIn(ctasm_test::AvailableChachaTiers()),
                         ctasm_test::ChachaTierTestName);

}  // namespace
