// SPDX-License-Identifier: Apache-2.0
// Poly1305's final reduction at its edges (issue 15, part 6). The final
// step computes h mod p, p = 2^130 - 5, from an accumulator that may be
// only partially reduced; the right way keys off the carry (borrow) of the
// full subtraction h - p, and a tempting wrong way compares one limb. These
// tests make the accumulator land on the values where the two differ:
// h = 0..5 and their unreduced forms h + p, p - 1 .. p - 5, and values below
// p whose top limbs equal p's (p - 2^26, p - 2^52, p - 2^64, ...), which an
// equality test of the top limb mistakes for values at or above p.
//
// Directly in the portable tier: its final_reduce() on many representations
// of each value, and whole Poly1305 messages whose last block is solved for
// the edge. Through every tier's open, which returns the tag it computed for
// the given ciphertext: r and s come from block 0 of the ChaCha20 key stream
// (portable tier), and the last ciphertext block is solved, with this file's
// own 130-bit modular arithmetic (32-bit limbs, independent of the tiers'
// code), so that the accumulator before the final reduction is the edge
// value mod p. When the solution does not fit in a block, another nonce
// (another r) is tried.
#include <gtest/gtest.h>
#include <string.h>

#include <string>
#include <vector>

#include "chacha/chacha_portable.h"
#include "chacha/poly1305_portable.h"
#include "chacha_tiers.h"
#include "ctasm/ctasm.h"
#include "test_util.h"

namespace {

using ctasm::ChachaTier;
using ctasm_test::to_hex;

// Unsigned integers below 2^320, little-endian 32-bit words.
struct Num {
  uint32_t w[10] = {0};
};

Num FromU64(uint64_t v) {
  Num n;
  n.w[0] = static_cast<uint32_t>(v);
  n.w[1] = static_cast<uint32_t>(v >> 32);
  return n;
}

Num Pow2(int k) {
  Num n;
  n.w[k / 32] = 1u << (k % 32);
  return n;
}

Num FromLe(const uint8_t *p, size_t len) {
  Num n;
  for (size_t i = 0; i < len; i++) n.w[i / 4] |= static_cast<uint32_t>(p[i]) << (8 * (i % 4));
  return n;
}

void ToLe128(const Num &n, uint8_t out[16]) {
  for (size_t i = 0; i < 16; i++) out[i] = static_cast<uint8_t>(n.w[i / 4] >> (8 * (i % 4)));
}

int Cmp(const Num &a, const Num &b) {
  for (int i = 9; i >= 0; i--) {
    if (a.w[i] != b.w[i]) return a.w[i] < b.w[i] ? -1 : 1;
  }
  return 0;
}

Num Add(const Num &a, const Num &b) {
  Num r;
  uint64_t c = 0;
  for (int i = 0; i < 10; i++) {
    c += static_cast<uint64_t>(a.w[i]) + b.w[i];
    r.w[i] = static_cast<uint32_t>(c);
    c >>= 32;
  }
  return r;
}

Num Sub(const Num &a, const Num &b) {  // a >= b
  Num r;
  int64_t c = 0;
  for (int i = 0; i < 10; i++) {
    c += static_cast<int64_t>(a.w[i]) - b.w[i];
    r.w[i] = static_cast<uint32_t>(c);
    c >>= 32;
  }
  return r;
}

Num Mul(const Num &a, const Num &b) {  // product below 2^320
  uint64_t acc[20] = {0};
  for (int i = 0; i < 10; i++) {
    uint64_t c = 0;
    for (int j = 0; i + j < 20 && j < 10; j++) {
      const uint64_t t = static_cast<uint64_t>(a.w[i]) * b.w[j] + acc[i + j] + c;
      acc[i + j] = static_cast<uint32_t>(t);
      c = t >> 32;
    }
    if (i + 10 < 20) acc[i + 10] += c;
  }
  Num r;
  for (int i = 0; i < 10; i++) r.w[i] = static_cast<uint32_t>(acc[i]);
  return r;
}

Num Shr130(const Num &a) {
  Num r;
  for (int i = 0; i < 10; i++) {
    const int src = i + 4;  // 130 = 4 * 32 + 2
    uint64_t v = src < 10 ? a.w[src] >> 2 : 0;
    if (src + 1 < 10) v |= static_cast<uint64_t>(a.w[src + 1]) << 30;
    r.w[i] = static_cast<uint32_t>(v);
  }
  return r;
}

Num Low130(const Num &a) {
  Num r;
  for (int i = 0; i < 4; i++) r.w[i] = a.w[i];
  r.w[4] = a.w[4] & 3;
  return r;
}

const Num &P() {
  static const Num p = Sub(Pow2(130), FromU64(5));
  return p;
}

// a mod p by folding 2^130 = 5, then subtracting p.
Num ModP(Num a) {
  while (Cmp(a, Pow2(131)) >= 0) a = Add(Low130(a), Mul(Shr130(a), FromU64(5)));
  while (Cmp(a, P()) >= 0) a = Sub(a, P());
  return a;
}

Num MulMod(const Num &a, const Num &b) { return ModP(Mul(ModP(a), ModP(b))); }
Num AddMod(const Num &a, const Num &b) { return ModP(Add(ModP(a), ModP(b))); }
Num SubMod(const Num &a, const Num &b) { return ModP(Add(ModP(a), Sub(P(), ModP(b)))); }

Num InvMod(const Num &a) {  // a^(p-2)
  const Num e = Sub(P(), FromU64(2));
  Num r = FromU64(1), base = ModP(a);
  for (int bit = 0; bit < 130; bit++) {
    if ((e.w[bit / 32] >> (bit % 32)) & 1) r = MulMod(r, base);
    base = MulMod(base, base);
  }
  return r;
}

// The edge values, each below p.
std::vector<std::pair<std::string, Num>> Edges() {
  std::vector<std::pair<std::string, Num>> e;
  for (uint64_t v = 0; v <= 5; v++) e.push_back({std::to_string(v), FromU64(v)});
  for (uint64_t v = 1; v <= 5; v++) e.push_back({"p-" + std::to_string(v), Sub(P(), FromU64(v))});
  // Top limb(s) of p in 26-bit (limbs 4, 3, 2, 1), 44-bit and 64-bit splits.
  for (int k : {26, 52, 78, 104, 88, 44, 64, 128}) {
    e.push_back({"p-2^" + std::to_string(k), Sub(P(), Pow2(k))});
    e.push_back({"p-2^" + std::to_string(k) + "-1", Sub(P(), Add(Pow2(k), FromU64(1)))});
    e.push_back({"p-2^" + std::to_string(k) + "+1", Add(Sub(P(), Pow2(k)), FromU64(1))});
  }
  for (int k : {26, 64, 104, 128, 129}) {
    e.push_back({"2^" + std::to_string(k) + "-1", Sub(Pow2(k), FromU64(1))});
    e.push_back({"2^" + std::to_string(k), Pow2(k)});
  }
  return e;
}

// (h mod p + s) mod 2^128, the tag for accumulator value h.
std::string TagFor(const Num &h, const Num &s) {
  Num t = Add(ModP(h), s);
  uint8_t out[16];
  ToLe128(t, out);
  return to_hex(out, 16);
}

// Bits [lo, lo + n) of a, n <= 32.
uint32_t Bits(const Num &a, int lo, int n) {
  uint64_t v = a.w[lo / 32] >> (lo % 32);
  if (lo / 32 + 1 < 10) v |= static_cast<uint64_t>(a.w[lo / 32 + 1]) << (32 - lo % 32);
  return static_cast<uint32_t>(n == 32 ? v : v & ((static_cast<uint64_t>(1) << n) - 1));
}

// Canonical 26-bit limbs of a < 2^134, limb 4 taking bits 104..133.
void Limbs26(const Num &a, uint32_t h[5]) {
  for (int i = 0; i < 4; i++) h[i] = Bits(a, 26 * i, 26);
  h[4] = Bits(a, 104, 30);
}

TEST(Poly1305Edges, PortableFinalReduceOnEveryRepresentation) {
  ctasm_test::TestRng rng(0x9015);
  uint32_t pad[4];
  size_t checked = 0;
  for (const auto &edge : Edges()) {
    SCOPED_TRACE(edge.first);
    for (int k = 0; k < 4; k++) pad[k] = static_cast<uint32_t>(rng.next());
    Num s;
    for (int k = 0; k < 4; k++) s.w[k] = pad[k];
    const std::string want = TagFor(edge.second, s);
    // h, h + p, h + 2p, ... while the value fits five limbs below 2^32 each.
    for (Num v = edge.second; Cmp(v, Pow2(130 + 2)) < 0; v = Add(v, P())) {
      uint32_t h[5];
      Limbs26(v, h);
      uint8_t tag[16];
      ctasm::poly1305_portable::final_reduce(h, pad, tag);
      EXPECT_EQ(want, to_hex(tag, 16)) << "canonical limbs of h + k p";
      // The same value with carries not yet propagated: limb i lent 2^26 to
      // limb i - 1 (the shapes a lazy carry chain leaves).
      for (int i = 1; i < 5; i++) {
        if (h[i] == 0) continue;
        uint32_t g[5];
        memcpy(g, h, sizeof(g));
        g[i] -= 1;
        g[i - 1] += 1u << 26;
        ctasm::poly1305_portable::final_reduce(g, pad, tag);
        EXPECT_EQ(want, to_hex(tag, 16)) << "limb " << i << " not carried";
      }
      checked++;
    }
  }
  EXPECT_GT(checked, 100u);
}

// Poly1305 key (r clamped, s) from block 0 of state.
void PolyKey(const ctasm::ChachaState &st, Num *r, Num *s, uint8_t key[32]) {
  uint8_t block0[64];
  ctasm::chacha_portable::block(block0, &st);
  memcpy(key, block0, 32);
  uint8_t rb[16];
  memcpy(rb, block0, 16);
  rb[3] &= 15;
  rb[7] &= 15;
  rb[11] &= 15;
  rb[15] &= 15;
  rb[4] &= 252;
  rb[8] &= 252;
  rb[12] &= 252;
  *r = FromLe(rb, 16);
  *s = FromLe(block0 + 16, 16);
}

// Horner over 16-byte blocks (each plus 2^128) of data, from h.
Num Absorb(Num h, const Num &r, const std::vector<uint8_t> &data) {
  for (size_t off = 0; off < data.size(); off += 16) {
    h = MulMod(AddMod(h, Add(FromLe(data.data() + off, 16), Pow2(128))), r);
  }
  return h;
}

// The block b (0 <= b < 2^128) with ((h + 2^128 + b) r + tail) r = target, or
// false when the solution is 2^128 or more.
bool SolveBlock(const Num &h, const Num &r, const Num &tail, bool tail_block, const Num &target,
                uint8_t out[16]) {
  Num x = target;
  const Num inv = InvMod(r);
  if (tail_block) x = SubMod(MulMod(x, inv), tail);
  // x = (h + m) r  =>  m = x / r - h.
  const Num m = SubMod(MulMod(x, inv), h);
  if (Cmp(m, Pow2(128)) < 0) return false;
  const Num b = Sub(m, Pow2(128));
  if (Cmp(b, Pow2(128)) >= 0) return false;
  ToLe128(b, out);
  return true;
}

TEST(Poly1305Edges, PortableMessagesLandOnEveryEdge) {
  ctasm_test::TestRng rng(0x9016);
  for (const auto &edge : Edges()) {
    SCOPED_TRACE(edge.first);
    for (size_t blocks : {1, 2, 5}) {
      // One block m from h = 0 gives m r, zero only for m = 0 (no block).
      if (blocks == 1 && Cmp(edge.second, FromU64(0)) == 0) continue;
      bool done = false;
      for (int attempt = 0; attempt < 200 && !done; attempt++) {
        uint8_t key[32];
        rng.fill(key, 32);
        key[3] &= 15;
        key[7] &= 15;
        key[11] &= 15;
        key[15] &= 15;
        key[4] &= 252;
        key[8] &= 252;
        key[12] &= 252;
        const Num r = FromLe(key, 16), s = FromLe(key + 16, 16);
        if (Cmp(r, FromU64(0)) == 0) continue;
        std::vector<uint8_t> msg = rng.bytes(16 * blocks);
        const Num h = Absorb(FromU64(0), r, std::vector<uint8_t>(msg.begin(), msg.end() - 16));
        if (!SolveBlock(h, r, Num(), false, edge.second, msg.data() + msg.size() - 16)) continue;
        ASSERT_EQ(0, Cmp(Absorb(FromU64(0), r, msg), edge.second)) << "the solver is wrong";
        ctasm::poly1305_portable::State st;
        ctasm::poly1305_portable::init(&st, key);
        ctasm::poly1305_portable::update(&st, msg.data(), msg.size());
        uint8_t tag[16];
        ctasm::poly1305_portable::finish(&st, tag);
        EXPECT_EQ(TagFor(edge.second, s), to_hex(tag, 16)) << blocks << " blocks";
        done = true;
      }
      EXPECT_TRUE(done) << "no block solved the edge in 200 tries";
    }
  }
}

class Poly1305EdgeTierTest : public ::testing::TestWithParam<const ChachaTier *> {};

// For each edge and ciphertext length (multiples of 16 around the tiers'
// batches), ciphertext whose AEAD accumulator (AD, ciphertext, lengths
// block) lands on the edge: the tier's open must return that tag, its seal
// of the matching plaintext the same ciphertext and tag, and the public open
// must accept it.
TEST_P(Poly1305EdgeTierTest, OpenAndSealLandOnEveryEdge) {
  const ChachaTier &t = *GetParam();
  ctasm_test::ScopedChachaTier scope(GetParam());
  ctasm_test::TestRng rng(0x9017);
  // From 12 blocks on, ARMv7 runs its NEON Poly1305 (four blocks per step)
  // and hands 0..3 blocks and the lengths to the scalar final reduction: 12 +
  // 0..3, 19, 26, and 100, 103 over many steps and batches. x86_64's vector
  // Poly1305 runs on the chunks of messages over 448 bytes (AVX2: 4 blocks a
  // step, IFMA 8): 32 and 64 end on its last step, 33, 65, 100, 103 leave it 1,
  // 1, 4, 7 scalar blocks, 136 is a 2 KiB chunk and one 8-block step. The
  // IFMA tier's short paths step 4 blocks from 12 (12-17, 19, 24, 26: 0-3
  // blocks left to the scalar step, both the pairs and the 8-block path).
  const size_t kBlocks[] = {1,  2,  3,  4,  5,  8,  12, 13, 14, 15,  16,
                            17, 19, 24, 26, 32, 33, 64, 65, 100, 103, 136};
  size_t n_case = 0;
  for (const auto &edge : Edges()) {
    for (size_t blocks : kBlocks) {
      const size_t ct_len = 16 * blocks, ad_len = (n_case++ % 3) * 7;  // 0, 7, 14 bytes of AD
      SCOPED_TRACE(edge.first + ", " + std::to_string(ct_len) + " B, ad " + std::to_string(ad_len));
      const std::vector<uint8_t> key = rng.bytes(32), ad = rng.bytes(ad_len);
      bool done = false;
      for (int attempt = 0; attempt < 200 && !done; attempt++) {
        const std::vector<uint8_t> nonce = rng.bytes(12);
        const ctasm::ChachaState st = ctasm_test::ChachaStateOf(key.data(), 0, nonce.data());
        Num r, s;
        uint8_t otk[32];
        PolyKey(st, &r, &s, otk);
        if (Cmp(r, FromU64(0)) == 0) continue;
        std::vector<uint8_t> ct = rng.bytes(ct_len);
        std::vector<uint8_t> padded_ad(ad);
        padded_ad.resize((ad_len + 15) / 16 * 16, 0);
        Num h = Absorb(FromU64(0), r, padded_ad);
        h = Absorb(h, r, std::vector<uint8_t>(ct.begin(), ct.end() - 16));
        uint8_t lengths[16];
        for (int b = 0; b < 8; b++) {
          lengths[b] = static_cast<uint8_t>(static_cast<uint64_t>(ad_len) >> (8 * b));
          lengths[8 + b] = static_cast<uint8_t>(static_cast<uint64_t>(ct_len) >> (8 * b));
        }
        const Num tail = Add(FromLe(lengths, 16), Pow2(128));
        if (!SolveBlock(h, r, tail, true, edge.second, ct.data() + ct_len - 16)) continue;
        done = true;
        std::vector<uint8_t> all(padded_ad);
        all.insert(all.end(), ct.begin(), ct.end());
        all.insert(all.end(), lengths, lengths + 16);
        ASSERT_EQ(0, Cmp(Absorb(FromU64(0), r, all), edge.second)) << "the solver is wrong";
        const std::string want = TagFor(edge.second, s);
        std::vector<uint8_t> pt(ct_len);
        uint8_t tag[16];
        t.open(pt.data(), tag, ct.data(), ct_len, ad.data(), ad_len, &st);
        EXPECT_EQ(want, to_hex(tag, 16)) << t.name << " open";
        std::vector<uint8_t> ct2(ct_len);
        t.seal(ct2.data(), tag, pt.data(), ct_len, ad.data(), ad_len, &st);
        EXPECT_EQ(to_hex(ct), to_hex(ct2)) << t.name << " seal";
        EXPECT_EQ(want, to_hex(tag, 16)) << t.name << " seal";
        // The public open accepts ct || (edge + s).
        ctasm_aead_ctx ctx;
        ASSERT_EQ(1, ctasm_aead_ctx_init(&ctx, ctasm_aead_chacha20_poly1305(), key.data(), 32, 0));
        std::vector<uint8_t> sealed(ct);
        const std::vector<uint8_t> tag_bytes = ctasm_test::hex_bytes(want);
        sealed.insert(sealed.end(), tag_bytes.begin(), tag_bytes.end());
        std::vector<uint8_t> out(ct_len);
        size_t n = 0;
        EXPECT_EQ(1, ctasm_aead_open(&ctx, out.data(), &n, ct_len, nonce.data(), 12, sealed.data(),
                                     sealed.size(), ad.data(), ad_len));
        EXPECT_EQ(to_hex(pt), to_hex(out));
        ctasm_aead_ctx_cleanup(&ctx);
      }
      EXPECT_TRUE(done) << "no nonce gave a solvable block in 200 tries";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Tiers, Poly1305EdgeTierTest,
                         ::testing::ValuesIn(ctasm_test::AvailableChachaTiers()),
                         ctasm_test::ChachaTierTestName);

}  // namespace
