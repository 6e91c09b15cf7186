// SPDX-License-Identifier: Apache-2.0
// No secret left behind by ChaCha20-Poly1305, XChaCha20-Poly1305 and
// ctasm_chacha20 on every ChaCha tier: ctx_init, seal, open (passing and
// failing) and the raw stream run on a canary-filled stack
// (tests/stack_residue.h), which is then searched for the key, the XChaCha20
// subkey, the ChaCha20 input state, the Poly1305 one-time key (r, s and the
// whole block 0), the radix-2^26 limbs of r, r^2, r^3, r^4 (and 5 times
// them), the radix-2^44 limbs of r^1..r^8 (and 20 times limbs 1 and 2), the
// Poly1305 accumulator after every block, the right tag
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

enum class Op { kInit, kSeal, kOpen, kOpenInPlace, kOpenBadTag, kStream };

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
  // Open in place: x86_64's AVX2 and AVX-512 short paths keep the key stream
  // in registers (AVX2: but a partial last piece's) unless out is in, when it
  // goes to the frame below s until the MAC has read the ciphertext (1, 2 and
  // 3 row sets, with the IFMA table).
  for (size_t len : {17u, 100u, 200u, 255u, 300u}) v.push_back({"open in place", Op::kOpenInPlace, len, false});
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

// ---- Poly1305 arithmetic, test-only and unoptimised: 130-bit numbers as
// five radix-2^26 limbs, as the vector Poly1305s keep them ----

using Limbs = std::array<uint64_t, 5>;  // x0 + x1 2^26 + ... + x4 2^104

// The 16 little-endian bytes b plus top 2^128, as limbs.
Limbs LimbsOf(const uint8_t b[16], uint64_t top = 0) {
  uint8_t x[17];
  memcpy(x, b, 16);
  x[16] = static_cast<uint8_t>(top);
  Limbs l;
  for (int i = 0; i < 5; i++) {
    uint64_t v = 0;
    for (int k = 0; k < 5 && (26 * i) / 8 + k < 17; k++) v |= static_cast<uint64_t>(x[(26 * i) / 8 + k]) << (8 * k);
    l[i] = (v >> ((26 * i) % 8)) & ((1u << 26) - 1);
  }
  return l;
}

// a b mod p, fully reduced (limbs < 2^26, value < p); a's limbs may reach 2^27.
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

// r of block 0 (its first 16 bytes), clamped.
std::array<uint8_t, 16> ClampedR(const uint8_t block0[64]) {
  std::array<uint8_t, 16> r;
  memcpy(r.data(), block0, 16);
  r[3] &= 15, r[7] &= 15, r[11] &= 15, r[15] &= 15, r[4] &= 252, r[8] &= 252, r[12] &= 252;
  return r;
}

// The Poly1305 accumulator after each 16-byte block of data (with 2^128),
// mod p, as 17 little-endian bytes; a simple independent evaluation.
std::vector<std::vector<uint8_t>> Accumulators(const uint8_t block0[64], const std::vector<uint8_t> &data) {
  const Limbs r = LimbsOf(ClampedR(block0).data());
  Limbs h = {0, 0, 0, 0, 0};
  std::vector<std::vector<uint8_t>> states;
  for (size_t off = 0; off + 16 <= data.size(); off += 16) {
    const Limbs m = LimbsOf(data.data() + off, 1);
    for (int i = 0; i < 5; i++) h[i] += m[i];
    h = MulModP(h, r);
    std::vector<uint8_t> bytes(17, 0);
    for (int bit = 0; bit < 130; bit++) {
      if ((h[bit / 26] >> (bit % 26)) & 1) bytes[bit / 8] |= static_cast<uint8_t>(1u << (bit % 8));
    }
    states.push_back(bytes);
  }
  return states;
}

// The secrets of one call, read after it returned; block0 gets block 0 of the
// message (the Poly1305 key r, s and the rest; unset for ctx_init and the raw
// stream).
std::vector<Secret> SecretsOf(const ResidueCase &tc, const ChachaCall &c, uint8_t block0[64]) {
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
// A vector Poly1305 keeps r, its powers and 5 times their limbs as radix-2^26
// limbs, one 32-bit word (or the low half of a 64-bit lane) each, so a byte
// search for block 0 never sees them.
//
// Searches the dead stack for clamped r (its 8-byte halves; s is bytes 16..31
// of block 0, which SecretsOf's block 0 already covers) and for the limbs of
// r, r^2, r^3 and r^4 and 5 times them, all in one list: the stack is
// reported when two or more of those 40 values occur, at distinct offsets of
// the written region, as 32-bit little-endian words of at least 2^16 (small
// limbs would match lengths, counters and flags). One arbitrary word equals
// one of 40 values with chance 40 * 2^-32 ~ 2^-26.7; over 48 KiB of offsets
// (2^15.6) one chance match is ~2^-11 and two ~2^-23, ~2^-15 over the ~300
// stacks a run scans; a table left behind shows many, and so does one row
// of it: a wipe one 32-byte unit short leaves x86_64 AVX2's PLAST row (5
// times limb 4 of r^4, r^2, r^3 and r, one limb of each power) and ARMv7's
// last KFIN word. (A lazily reduced power x + p shares limbs 1..3 with x.)
// x as radix-2^64 limbs (x < 2^131): x0 + 2^64 x1 + 2^128 x2.
std::array<uint64_t, 3> Limbs64(const Limbs &x) {
  std::array<uint64_t, 3> w = {0, 0, 0};
  for (int i = 0; i < 5; i++) {
    const int bit = 26 * i;
    w[bit / 64] |= x[i] << (bit % 64);
    if (bit % 64 + 26 > 64) w[bit / 64 + 1] |= x[i] >> (64 - bit % 64);
  }
  return w;
}

// x + p (x < p): the other value a partly reduced 130-bit accumulator can hold.
Limbs PlusP(const Limbs &x) {
  Limbs y = x;
  y[0] += (1u << 26) - 5;
  for (int i = 1; i < 5; i++) y[i] += (1u << 26) - 1;
  for (int i = 0; i < 4; i++) y[i + 1] += y[i] >> 26, y[i] &= (1u << 26) - 1;
  return y;  // y[4] may reach 2^27: Limbs64 keeps its top bit
}

std::vector<uint8_t> Le64(uint64_t v) {
  std::vector<uint8_t> b(8);
  for (int i = 0; i < 8; i++) b[i] = static_cast<uint8_t>(v >> (8 * i));
  return b;
}

std::string DerivedPolySecretsLeft(const ctasm_test::StackSnapshot &stack, const uint8_t block0[64]) {
  const std::array<uint8_t, 16> r = ClampedR(block0);
  std::vector<ctasm_test::Secret> bytes = {
      {"clamped r, low half", std::vector<uint8_t>(r.data(), r.data() + 8)},
      {"clamped r, high half", std::vector<uint8_t>(r.data() + 8, r.data() + 16)}};
  // A scalar Poly1305 that steps two blocks at a time keeps r^2 mod p and
  // 2^128 r^2 mod p (reduced or plus p) as radix-2^64 limbs, and s1 = 5 r1 / 4
  // beside them: the low two limbs of each, 8 bytes each, searched as bytes.
  {
    uint64_t r1 = 0;
    for (int i = 0; i < 8; i++) r1 |= static_cast<uint64_t>(r[8 + i]) << (8 * i);
    bytes.push_back({"s1 = r1 + r1 / 4", Le64(r1 + (r1 >> 2))});
    const Limbs rr = LimbsOf(r.data()), r2 = MulModP(rr, rr);
    const uint8_t zero[16] = {0};
    const Limbs r2h = MulModP(r2, LimbsOf(zero, 1));  // 2^128 r^2 mod p
    for (const auto &v : {std::make_pair("r^2", r2), std::make_pair("2^128 r^2", r2h),
                          std::make_pair("2^128 r^2 + p", PlusP(r2h))}) {
      const std::array<uint64_t, 3> w = Limbs64(v.second);
      for (int i = 0; i < 2; i++) {
        bytes.push_back({std::string("radix-2^64 limb ") + std::to_string(i) + " of " + v.first, Le64(w[i])});
      }
    }
  }
  // The IFMA Poly1305s (x86_64 chacha-avx512ifma) keep r^1..r^8 as radix-2^44
  // limbs, one per 64-bit lane, with 20 times limbs 1 and 2 beside them (their
  // tables' five rows); a power comes from the scalar multiply, so it is x or
  // x + p. Each limb searched as 8 little-endian bytes.
  {
    const Limbs base = LimbsOf(r.data());
    Limbs pw = base;
    for (int k = 1; k <= 8; k++) {
      if (k > 1) pw = MulModP(pw, base);
      for (int plus_p = 0; plus_p < 2; plus_p++) {
        const std::array<uint64_t, 3> w = Limbs64(plus_p ? PlusP(pw) : pw);
        const uint64_t m44 = (uint64_t{1} << 44) - 1;
        const uint64_t l[3] = {w[0] & m44, (w[0] >> 44 | w[1] << 20) & m44, w[1] >> 24 | w[2] << 40};
        const std::string name = "radix-2^44 limb of r^" + std::to_string(k) + (plus_p ? " + p" : "");
        for (int i = 0; i < 3; i++) bytes.push_back({name + " " + std::to_string(i), Le64(l[i])});
        for (int i = 1; i < 3; i++) bytes.push_back({"20 x " + name + " " + std::to_string(i), Le64(20 * l[i])});
      }
    }
  }
  const ctasm_test::StackResidue found = ctasm_test::FindSecrets(stack, bytes);
  std::string report = found.report();

  const Limbs r1 = LimbsOf(r.data()), r2 = MulModP(r1, r1), r3 = MulModP(r2, r1), r4 = MulModP(r2, r2);
  std::vector<std::pair<std::string, uint64_t>> values;  // (name, limb value)
  for (const auto &pw : {std::make_pair("r", r1), std::make_pair("r^2", r2), std::make_pair("r^3", r3),
                         std::make_pair("r^4", r4)}) {
    for (int i = 0; i < 5; i++) {
      const std::string limb = std::string("limb ") + std::to_string(i) + " of " + pw.first;
      values.push_back({limb, pw.second[i]});
      values.push_back({"5 x " + limb, 5 * pw.second[i]});
    }
  }
  const std::vector<uint8_t> &m = stack.region;
  const size_t first = m.size() - found.depth;  // the part the call wrote
  size_t offsets = 0;
  std::string where;
  for (size_t o = first; o + 4 <= m.size(); o++) {
    const uint64_t w = m[o] | m[o + 1] << 8 | m[o + 2] << 16 | static_cast<uint64_t>(m[o + 3]) << 24;
    if (w < (1u << 16)) continue;
    bool hit = false;
    for (const auto &v : values) {
      if (w != v.second) continue;
      where += " " + v.first + " at " + std::to_string(m.size() - o) + ";";
      hit = true;
    }
    offsets += hit;
  }
  if (offsets >= 2) {
    report += std::to_string(offsets) + " words of r's powers' limbs left (bytes below the caller):" + where + "\n";
  }
  return report;
}

// The derived search can match: words written on the canary stack by the
// call itself are reported when they are r^4's limbs, or one row of x86_64
// AVX2's PLAST table (what a wipe one unit short leaves), and not when they
// are one limb alone or nothing.
TEST(ChachaResidueSearchTest, FindsLimbsOfThePowersOfR) {
  ctasm_test::TestRng rng(0x9e1);
  const std::vector<uint8_t> block0 = rng.bytes(64);
  const Limbs r1 = LimbsOf(ClampedR(block0.data()).data()), r2 = MulModP(r1, r1), r3 = MulModP(r2, r1),
              r4 = MulModP(r2, r2);
  std::vector<uint32_t> table(r4.begin(), r4.end());
  const std::vector<uint32_t> row = {static_cast<uint32_t>(5 * r4[4]), static_cast<uint32_t>(5 * r2[4]),
                                     static_cast<uint32_t>(5 * r3[4]), static_cast<uint32_t>(5 * r1[4])};
  auto leave = [](const std::vector<uint32_t> &words) {
    const uint32_t *w = words.data();
    const size_t n = words.size();
    return ctasm_test::RunOnCanaryStack([w, n] {
      volatile uint32_t local[8] = {};
      for (size_t i = 0; i < n; i++) local[i] = w[i];
      (void)local[0];  // a use, for the compiler
    });
  };
  EXPECT_NE("", DerivedPolySecretsLeft(leave(table), block0.data())) << "r^4's limbs";
  EXPECT_NE("", DerivedPolySecretsLeft(leave(row), block0.data())) << "one PLAST row";
  EXPECT_EQ("", DerivedPolySecretsLeft(leave({table[1]}), block0.data())) << "one limb";
  EXPECT_EQ("", DerivedPolySecretsLeft(leave({}), block0.data()));
  // 20 times radix-2^44 limb 2 of r^4 (an IFMA table's last row), as a qword
  const std::array<uint64_t, 3> w4 = Limbs64(r4);
  const uint64_t s2 = 20 * (w4[1] >> 24 | w4[2] << 40);
  EXPECT_NE("", DerivedPolySecretsLeft(leave({static_cast<uint32_t>(s2), static_cast<uint32_t>(s2 >> 32)}),
                                       block0.data()))
      << "an IFMA table's s2 of r^4";
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
    if (tc.op == Op::kOpenInPlace) c->out = c->sealed;
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
        case Op::kOpenInPlace:
          result = ctasm_aead_open(&k.ctx, k.out.data(), &k.out_len, k.out.size(), k.nonce.data(),
                                   k.nonce.size(), k.out.data(), k.out.size(), k.ad.data(), 13);
          break;
        case Op::kStream:
          result = ctasm_chacha20(k.out.data(), k.pt.data(), k.pt.size(), k.key.data(), k.nonce.data(), 7);
          break;
      }
    });
    EXPECT_EQ(tc.op == Op::kOpenBadTag ? 0 : 1, result);
    if (tc.op == Op::kOpenBadTag) c->sealed.back() ^= 1;  // the real tag for SecretsOf
    uint8_t block0[64] = {0};
    const auto found = ctasm_test::FindSecrets(stack, SecretsOf(tc, *c, block0));
    EXPECT_TRUE(found.hits.empty() && !found.overflowed) << found.report();
    if (tc.op != Op::kInit && tc.op != Op::kStream) {
      EXPECT_EQ("", DerivedPolySecretsLeft(stack, block0));
    }
    if (found.depth > max_depth) max_depth = found.depth;
  }
  RecordProperty("max_stack_depth", static_cast<int>(max_depth));
}

INSTANTIATE_TEST_SUITE_P(Tiers, ChachaResidueTest,
                         ::testing::ValuesIn(ctasm_test::AvailableChachaTiers()),
                         ctasm_test::ChachaTierTestName);

}  // namespace
