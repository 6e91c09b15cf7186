// SPDX-License-Identifier: Apache-2.0
// No secret left behind by ChaCha20-Poly1305, XChaCha20-Poly1305 and
// ctasm_chacha20 on every ChaCha tier: ctx_init, seal, open (passing and
// failing) and the raw stream run on a canary-filled stack
// (tests/stack_residue.h), which is then searched for the key, the XChaCha20
// subkey, the ChaCha20 input state, the Poly1305 one-time key (r, s and the
// whole block 0), the Poly1305 accumulator after every block, the right tag
// of a refused message, the plaintext and the key stream. Registers are out
// of scope (docs/INTERNALS.md, "Secrets").
#include <gtest/gtest.h>
#include <string.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "chacha/chacha_portable.h"
#include "chacha_tiers.h"
#include "ctasm/ctasm.h"
#include "stack_residue.h"
#include "test_util.h"

namespace {

using ctasm_test::Secret;

enum class Op { kInit, kSeal, kOpen, kOpenBadTag, kStream };

struct ResidueCase {
  const char *name;
  Op op;
  size_t len;
  bool xchacha;
};

// Lengths: a partial block only, a few blocks with a tail, and past the
// widest batch an assembly tier uses (16 blocks), each with and without the
// HChaCha20 step; then, for seal, open and the raw stream each, a length in
// every path of every assembly tier whose tail leaves at least 8 bytes of a
// partial block (FindSecrets' shortest window): x86_64's short batches (key
// stream in the frame's buffer), one-batch tails and fused wide loops; AArch64's
// first batch, woven 256-byte loop and tail; ARMv7's 1-, 2- and 3-block tails
// and its 3-block loop.
const size_t kPathLengths[] = {17, 37, 50, 100, 150, 192 + 9, 200, 255, 400 + 9, 700, 1000, 1300};

std::vector<ResidueCase> Cases() {
  std::vector<ResidueCase> v = {
      {"ctx_init", Op::kInit, 0, false},
      {"seal 5 B", Op::kSeal, 5, false},
      {"seal 4 blocks + 3", Op::kSeal, 64 * 4 + 3, false},
      {"seal 17 blocks + 9", Op::kSeal, 64 * 17 + 9, false},
      {"XChaCha seal 4 blocks + 3", Op::kSeal, 64 * 4 + 3, true},
      {"open 5 B", Op::kOpen, 5, false},
      {"open 17 blocks + 9", Op::kOpen, 64 * 17 + 9, false},
      {"XChaCha open 17 blocks + 9", Op::kOpen, 64 * 17 + 9, true},
      {"open with a bad tag", Op::kOpenBadTag, 64 * 3 + 1, false},
      {"XChaCha open with a bad tag", Op::kOpenBadTag, 64 * 3 + 1, true},
      {"chacha20 5 B", Op::kStream, 5, false},
      {"chacha20 17 blocks + 9", Op::kStream, 64 * 17 + 9, false},
  };
  for (size_t len : kPathLengths) {
    v.push_back({"seal", Op::kSeal, len, false});
    v.push_back({"open", Op::kOpen, len, false});
    v.push_back({"chacha20", Op::kStream, len, false});
  }
  // Multiples of 192 (ARMv7's NEON batch): the open tail with no bytes left.
  for (size_t len : {192u, 384u, 576u}) {
    v.push_back({"seal", Op::kSeal, len, false});
    v.push_back({"open", Op::kOpen, len, false});
  }
  return v;
}

struct ChachaCall {
  ctasm_aead_ctx ctx;
  std::vector<uint8_t> key, nonce, pt, ad, sealed, out;
  size_t out_len = 0;
};

// The Poly1305 accumulator after each 16-byte block of data (with 2^128),
// mod p, as 17 little-endian bytes; a simple independent evaluation.
std::vector<std::vector<uint8_t>> Accumulators(const uint8_t r_bytes[16], const std::vector<uint8_t> &data) {
  // 130-bit arithmetic on 26-bit limbs, test-only and unoptimised.
  uint64_t r[5], h[5] = {0};
  uint8_t rb[16];
  memcpy(rb, r_bytes, 16);
  rb[3] &= 15, rb[7] &= 15, rb[11] &= 15, rb[15] &= 15, rb[4] &= 252, rb[8] &= 252, rb[12] &= 252;
  auto limbs = [](const uint8_t *b, uint64_t top, uint64_t out[5]) {
    uint8_t x[17] = {0};
    memcpy(x, b, 16);
    x[16] = static_cast<uint8_t>(top);
    for (int i = 0; i < 5; i++) {
      uint64_t v = 0;
      for (int k = 0; k < 5 && (26 * i) / 8 + k < 17; k++) v |= static_cast<uint64_t>(x[(26 * i) / 8 + k]) << (8 * k);
      out[i] = (v >> ((26 * i) % 8)) & ((1u << 26) - 1);
    }
  };
  limbs(rb, 0, r);
  std::vector<std::vector<uint8_t>> states;
  for (size_t off = 0; off + 16 <= data.size(); off += 16) {
    uint64_t m[5];
    limbs(data.data() + off, 1, m);
    for (int i = 0; i < 5; i++) h[i] += m[i];
    uint64_t d[5] = {0};
    for (int i = 0; i < 5; i++) {
      for (int j = 0; j < 5; j++) {
        const uint64_t prod = h[i] * r[j];
        if (i + j < 5) d[i + j] += prod;
        else d[i + j - 5] += prod * 5;
      }
    }
    for (int pass = 0; pass < 3; pass++) {
      for (int i = 0; i < 4; i++) d[i + 1] += d[i] >> 26, d[i] &= (1u << 26) - 1;
      d[0] += (d[4] >> 26) * 5, d[4] &= (1u << 26) - 1;
    }
    // Fully reduced (h < p) for a canonical byte form.
    uint64_t g[5], c = 5;
    for (int i = 0; i < 5; i++) g[i] = d[i] + c, c = g[i] >> 26, g[i] &= (1u << 26) - 1;
    for (int i = 0; i < 5; i++) h[i] = c ? g[i] : d[i];
    std::vector<uint8_t> bytes(17, 0);
    for (int bit = 0; bit < 130; bit++) {
      if ((h[bit / 26] >> (bit % 26)) & 1) bytes[bit / 8] |= static_cast<uint8_t>(1u << (bit % 8));
    }
    states.push_back(bytes);
  }
  return states;
}

std::vector<Secret> SecretsOf(const ResidueCase &tc, const ChachaCall &c) {
  std::vector<Secret> s;
  s.push_back({"the key", c.key});
  if (tc.op == Op::kInit) return s;
  // The message key and nonce the ChaCha20 state is made of.
  std::vector<uint8_t> key = c.key, n12(c.nonce.begin(), c.nonce.begin() + (tc.xchacha ? 0 : 12));
  if (tc.xchacha) {
    uint8_t sub[32];
    ctasm::chacha_portable::hchacha20(sub, c.key.data(), c.nonce.data());
    key.assign(sub, sub + 32);
    s.push_back({"the HChaCha20 subkey", key});
    n12.assign(4, 0);
    n12.insert(n12.end(), c.nonce.begin() + 16, c.nonce.end());
  }
  const uint32_t counter = tc.op == Op::kStream ? 7 : 0;
  const ctasm::ChachaState st = ctasm_test::ChachaStateOf(key.data(), counter, n12.data());
  s.push_back({"the ChaCha20 state", std::vector<uint8_t>(reinterpret_cast<const uint8_t *>(&st),
                                                         reinterpret_cast<const uint8_t *>(&st) + 32)});
  const size_t ct_len = c.pt.size();
  std::vector<uint8_t> ks(ct_len);
  if (tc.op == Op::kStream) {
    for (size_t i = 0; i < ct_len; i++) ks[i] = c.pt[i] ^ c.out[i];
    s.push_back({"the plaintext", c.pt});
    s.push_back({"the key stream", ks});
    return s;
  }
  uint8_t block0[64];
  ctasm::chacha_portable::block(block0, &st);
  s.push_back({"block 0 (the Poly1305 key and the rest)", std::vector<uint8_t>(block0, block0 + 64)});
  for (size_t i = 0; i < ct_len; i++) ks[i] = c.pt[i] ^ c.sealed[i];
  s.push_back({"the plaintext", c.pt});
  s.push_back({"the key stream", ks});
  if (tc.op == Op::kOpenBadTag) {  // seal's tag is public; a refused message's right tag is not
    s.push_back({"the right tag", std::vector<uint8_t>(c.sealed.begin() + ct_len, c.sealed.end())});
  }
  std::vector<uint8_t> data(c.ad);
  data.resize((data.size() + 15) / 16 * 16, 0);
  data.insert(data.end(), c.sealed.begin(), c.sealed.begin() + ct_len);
  data.resize((data.size() + 15) / 16 * 16, 0);
  uint8_t lengths[16];
  for (int b = 0; b < 8; b++) {
    lengths[b] = static_cast<uint8_t>(static_cast<uint64_t>(c.ad.size()) >> (8 * b));
    lengths[8 + b] = static_cast<uint8_t>(static_cast<uint64_t>(ct_len) >> (8 * b));
  }
  data.insert(data.end(), lengths, lengths + 16);
  const auto accs = Accumulators(block0, data);
  // The evaluation is right: the last accumulator plus s is the tag.
  uint8_t tag[16];
  unsigned carry = 0;
  for (int b = 0; b < 16; b++) {
    carry += accs.back()[b] + block0[16 + b];
    tag[b] = static_cast<uint8_t>(carry);
    carry >>= 8;
  }
  EXPECT_EQ(ctasm_test::to_hex(c.sealed.data() + ct_len, 16), ctasm_test::to_hex(tag, 16));
  for (size_t i = 0; i < accs.size(); i++) {
    s.push_back({"Poly1305 accumulator after block " + std::to_string(i), accs[i]});
  }
  return s;
}

// ---- Values derived from the Poly1305 key ----
// Block 0 of the message (the Poly1305 key r, s and the rest).
std::array<uint8_t, 64> PolyKeyBlockOf(const std::vector<uint8_t> &key, const std::vector<uint8_t> &nonce, bool xchacha) {
  uint8_t sub[32], n12[12] = {0};
  if (xchacha) {
    ctasm::chacha_portable::hchacha20(sub, key.data(), nonce.data());
    memcpy(n12 + 4, nonce.data() + 16, 8);
  } else {
    memcpy(sub, key.data(), 32);
    memcpy(n12, nonce.data(), 12);
  }
  const ctasm::ChachaState st = ctasm_test::ChachaStateOf(sub, 0, n12);
  std::array<uint8_t, 64> b;
  ctasm::chacha_portable::block(b.data(), &st);
  return b;
}

// A vector Poly1305 keeps r, its powers and 5 times their limbs as radix-2^26
// limbs, one 32-bit word each, so a byte search for block 0 never sees them.

using Limbs = std::array<uint64_t, 5>;  // x0 + x1 2^26 + ... + x4 2^104

Limbs LimbsOf(const uint8_t b[16]) {
  Limbs l;
  for (int i = 0; i < 5; i++) {
    uint64_t v = 0;
    for (int k = 0; k < 5 && (26 * i) / 8 + k < 16; k++) v |= static_cast<uint64_t>(b[(26 * i) / 8 + k]) << (8 * k);
    l[i] = (v >> ((26 * i) % 8)) & ((1u << 26) - 1);
  }
  return l;
}

// a b mod p, fully reduced (limbs < 2^26).
Limbs MulModP(const Limbs &a, const Limbs &b) {
  uint64_t d[5] = {0};
  for (int i = 0; i < 5; i++) {
    for (int j = 0; j < 5; j++) d[(i + j) % 5] += a[i] * b[j] * (i + j < 5 ? 1 : 5);
  }
  for (int pass = 0; pass < 3; pass++) {
    for (int i = 0; i < 4; i++) d[i + 1] += d[i] >> 26, d[i] &= (1u << 26) - 1;
    d[0] += (d[4] >> 26) * 5, d[4] &= (1u << 26) - 1;
  }
  for (int i = 0; i < 4; i++) d[i + 1] += d[i] >> 26, d[i] &= (1u << 26) - 1;  // d < 2^130
  Limbs g, h;
  uint64_t c = 5;  // g = h + 5 - 2^130 = h - p, kept if h >= p
  for (int i = 0; i < 5; i++) g[i] = d[i] + c, c = g[i] >> 26, g[i] &= (1u << 26) - 1;
  for (int i = 0; i < 5; i++) h[i] = c ? g[i] : d[i];
  return h;
}

// x + p with limbs 0..3 carried (limb 4 may pass 2^26): a lazily reduced
// power below 2^131 is x or x + p.
Limbs PlusP(const Limbs &x) {
  Limbs y;
  uint64_t c = 0;
  for (int i = 0; i < 5; i++) {
    y[i] = x[i] + c + (i == 0 ? (1u << 26) - 5 : (1u << 26) - 1);
    c = i < 4 ? y[i] >> 26 : 0;
    if (i < 4) y[i] &= (1u << 26) - 1;
  }
  return y;
}

// Searches the dead stack for clamped r (its 8-byte halves), s, and the limb
// words of r, r^2, r^4 (each as fully reduced and as + p) and 5 times them.
// A limb set counts as found when at least two distinct limbs of at least
// 2^16 occur as 32-bit little-endian words at any offset of the written
// region: small limbs would match lengths, counters and flags, and one
// arbitrary word equals a given limb with chance 2^-32, so over 48 KiB of
// offsets and 5 limbs one chance match is ~2^-14 and two are ~2^-28, while
// a table left behind shows all five. (x + p shares limbs 1..3 with x.)
std::string DerivedPolySecretsLeft(const ctasm_test::StackSnapshot &stack, const uint8_t block0[64]) {
  uint8_t r[16];
  memcpy(r, block0, 16);
  r[3] &= 15, r[7] &= 15, r[11] &= 15, r[15] &= 15, r[4] &= 252, r[8] &= 252, r[12] &= 252;
  const std::vector<ctasm_test::Secret> bytes = {{"clamped r, low half", std::vector<uint8_t>(r, r + 8)},
                                                 {"clamped r, high half", std::vector<uint8_t>(r + 8, r + 16)},
                                                 {"s", std::vector<uint8_t>(block0 + 16, block0 + 32)}};
  const ctasm_test::StackResidue found = ctasm_test::FindSecrets(stack, bytes);
  std::string report = found.report();

  const Limbs r1 = LimbsOf(r), r2 = MulModP(r1, r1), r4 = MulModP(r2, r2);
  std::vector<std::pair<std::string, Limbs>> sets;
  for (const auto &pw : {std::make_pair(std::string("r"), r1), std::make_pair(std::string("r^2"), r2),
                         std::make_pair(std::string("r^4"), r4)}) {
    for (int plus_p = 0; plus_p < 2; plus_p++) {
      const Limbs x = plus_p ? PlusP(pw.second) : pw.second;
      Limbs x5;
      for (int i = 0; i < 5; i++) x5[i] = 5 * x[i];
      const std::string name = "limbs of " + pw.first + (plus_p ? " + p" : "");
      sets.push_back({name, x});
      sets.push_back({"5 x " + name, x5});
    }
  }
  const std::vector<uint8_t> &m = stack.region;
  const size_t first = m.size() - found.depth;  // the part the call wrote
  for (const auto &set : sets) {
    std::vector<uint64_t> seen;
    std::string where;
    for (size_t o = first; o + 4 <= m.size(); o++) {
      const uint64_t w = m[o] | m[o + 1] << 8 | m[o + 2] << 16 | static_cast<uint64_t>(m[o + 3]) << 24;
      if (w < (1u << 16)) continue;
      for (uint64_t limb : set.second) {
        if (w != limb) continue;
        if (std::find(seen.begin(), seen.end(), w) == seen.end()) seen.push_back(w);
        where += " " + std::to_string(m.size() - o);
      }
    }
    if (seen.size() >= 2) {
      report += std::to_string(seen.size()) + " " + set.first + " left, bytes below the caller:" + where + "\n";
    }
  }
  return report;
}

class ChachaResidueTest : public ::testing::TestWithParam<const ctasm::ChachaTier *> {};

TEST_P(ChachaResidueTest, NoSecretLeftOnTheStack) {
  ctasm_test::ScopedChachaTier scope(GetParam());
  ctasm_test::TestRng rng(0xc4c);
  size_t max_depth = 0;
  for (const ResidueCase &tc : Cases()) {
    SCOPED_TRACE(std::string(tc.name) + ", " + std::to_string(tc.len) + " B");
    auto c = std::make_unique<ChachaCall>();
    const ctasm_aead *aead = tc.xchacha ? ctasm_aead_xchacha20_poly1305() : ctasm_aead_chacha20_poly1305();
    c->key = rng.bytes(32);
    c->nonce = rng.bytes(tc.xchacha ? 24 : 12);
    c->pt = rng.bytes(tc.len);
    c->ad = rng.bytes(13);
    ASSERT_EQ(1, ctasm_aead_ctx_init(&c->ctx, aead, c->key.data(), 32, 0));
    c->sealed.resize(tc.len + 16);
    size_t n;
    ASSERT_EQ(1, ctasm_aead_seal(&c->ctx, c->sealed.data(), &n, c->sealed.size(), c->nonce.data(),
                                 c->nonce.size(), c->pt.data(), c->pt.size(), c->ad.data(), 13));
    if (tc.op == Op::kOpenBadTag) c->sealed.back() ^= 1;
    c->out.assign(c->sealed.size(), 0);
    ChachaCall *cp = c.get();
    int result = -1;
    const auto stack = ctasm_test::RunOnCanaryStack([cp, &tc, aead, &result] {
      ChachaCall &k = *cp;
      switch (tc.op) {
        case Op::kInit:
          result = ctasm_aead_ctx_init(&k.ctx, aead, k.key.data(), k.key.size(), 0);
          break;
        case Op::kSeal:
          result = ctasm_aead_seal(&k.ctx, k.out.data(), &k.out_len, k.out.size(), k.nonce.data(),
                                   k.nonce.size(), k.pt.data(), k.pt.size(), k.ad.data(), 13);
          break;
        case Op::kOpen:
        case Op::kOpenBadTag:
          result = ctasm_aead_open(&k.ctx, k.out.data(), &k.out_len, k.out.size(), k.nonce.data(),
                                   k.nonce.size(), k.sealed.data(), k.sealed.size(), k.ad.data(), 13);
          break;
        case Op::kStream:
          result = ctasm_chacha20(k.out.data(), k.pt.data(), k.pt.size(), k.key.data(), k.nonce.data(), 7);
          break;
      }
    });
    EXPECT_EQ(tc.op == Op::kOpenBadTag ? 0 : 1, result);
    if (tc.op == Op::kOpenBadTag) c->sealed.back() ^= 1;  // the real tag for SecretsOf
    const auto found = ctasm_test::FindSecrets(stack, SecretsOf(tc, *c));
    EXPECT_TRUE(found.hits.empty() && !found.overflowed) << found.report();
    if (tc.op != Op::kInit && tc.op != Op::kStream) {
      EXPECT_EQ("", DerivedPolySecretsLeft(stack, PolyKeyBlockOf(c->key, c->nonce, tc.xchacha).data()));
    }
    if (found.depth > max_depth) max_depth = found.depth;
  }
  RecordProperty("max_stack_depth", static_cast<int>(max_depth));
}

INSTANTIATE_TEST_SUITE_P(Tiers, ChachaResidueTest,
                         ::testing::ValuesIn(ctasm_test::AvailableChachaTiers()),
                         ctasm_test::ChachaTierTestName);

}  // namespace
