// SPDX-License-Identifier: Apache-2.0
// No secret left behind by the AEAD functions, on every AES x GHASH tier:
// ctx_init, seal and open (passing and failing) run on a canary-filled stack
// (tests/stack_residue.h), which is then searched for the raw key, the
// FIPS-197 round keys, the context's key state, H, the tag mask E_K(J0), the
// GHASH states, the plaintext and the key stream. Registers are out of scope
// (docs/INTERNALS.md, "Secrets").
#include <gtest/gtest.h>
#include <string.h>

#include <memory>
#include <string>
#include <vector>

#include "ctasm/ctasm.h"
#include "ghash_reference.h"
#include "ghash_tiers.h"
#include "stack_residue.h"
#include "test_util.h"

namespace {

using ctasm_test::GcmTiers;
using ctasm_test::Secret;

struct GcmCall {
  ctasm_aead_ctx ctx;
  std::vector<uint8_t> key, nonce, pt, ad, sealed, out;
  size_t out_len = 0;
};

enum class Op { kInit, kSeal, kOpen, kOpenBadTag };

struct GcmResidueCase {
  const char *name;
  Op op;
  size_t pt_len, nonce_len;
};

// Lengths reaching every path: a partial block only, the vpaes-only CTR
// lengths, bsaes batches with heads and tails, and a nonce hashed into J0.
const GcmResidueCase kCases[] = {
    {"ctx_init", Op::kInit, 0, 12},
    {"seal 5 B", Op::kSeal, 5, 12},
    {"seal 20 blocks + 3", Op::kSeal, 16 * 20 + 3, 12},
    {"seal 40 blocks + 9, 13-byte nonce", Op::kSeal, 16 * 40 + 9, 13},
    {"open 5 B", Op::kOpen, 5, 12},
    {"open 20 blocks + 3", Op::kOpen, 16 * 20 + 3, 12},
    {"open 40 blocks + 9, 13-byte nonce", Op::kOpen, 16 * 40 + 9, 13},
    {"open with a bad tag", Op::kOpenBadTag, 16 * 9 + 1, 12},
};

// What an attacker must not find: everything derived from the key, and the
// plaintext. Computed independently (FIPS-197 schedule, reference GHASH,
// raw AES for E_K).
std::vector<Secret> SecretsOf(const GcmResidueCase &tc, const GcmCall &c) {
  std::vector<Secret> s;
  s.push_back({"the raw key", c.key});
  s.push_back({"the FIPS-197 round keys",
               ctasm_test::reference_aes_round_keys(c.key.data(), c.key.size())});
  const uint8_t *st = c.ctx.ctasm_private_state;
  s.push_back({"the context's AES round keys", std::vector<uint8_t>(st, st + 240)});
  s.push_back({"the context's AES tier extra", std::vector<uint8_t>(st + 256, st + 2048)});
  s.push_back({"the context's GHASH key", std::vector<uint8_t>(st + 2048, st + 3072)});
  ctasm_aes_key ek;
  ctasm_aes_set_encrypt_key(&ek, c.key.data(), c.key.size());
  uint8_t h[16] = {0};
  ctasm_aes_encrypt_block(&ek, h, h);
  s.push_back({"H", std::vector<uint8_t>(h, h + 16)});
  if (tc.op == Op::kInit) return s;
  uint8_t j0[16] = {0};
  if (c.nonce.size() == 12) {
    memcpy(j0, c.nonce.data(), 12);
    j0[15] = 1;
  } else {
    std::vector<uint8_t> padded(c.nonce);
    padded.resize((padded.size() + 15) / 16 * 16 + 16, 0);
    padded[padded.size() - 1] = static_cast<uint8_t>(8 * c.nonce.size());
    ctasm_test::ghash_reference(j0, h, padded.data(), padded.size());
    s.push_back({"GHASH(nonce) = J0", std::vector<uint8_t>(j0, j0 + 16)});
  }
  uint8_t mask[16];
  ctasm_aes_encrypt_block(&ek, j0, mask);
  s.push_back({"the tag mask E_K(J0)", std::vector<uint8_t>(mask, mask + 16)});
  // The GHASH state after each block of AD || C (padded), as the tiers hold it.
  std::vector<uint8_t> data(c.ad);
  data.resize((data.size() + 15) / 16 * 16, 0);
  const size_t ct_len = c.pt.size();
  data.insert(data.end(), c.sealed.begin(), c.sealed.begin() + ct_len);
  data.resize((data.size() + 15) / 16 * 16, 0);
  uint8_t x[16] = {0};
  for (size_t off = 0; off < data.size(); off += 16) {
    ctasm_test::ghash_reference(x, h, data.data() + off, 16);
    s.push_back({"GHASH state after block " + std::to_string(off / 16), std::vector<uint8_t>(x, x + 16)});
  }
  s.push_back({"the plaintext", c.pt});
  std::vector<uint8_t> ks(ct_len);
  for (size_t i = 0; i < ct_len; i++) ks[i] = c.pt[i] ^ c.sealed[i];
  s.push_back({"the key stream", ks});
  return s;
}

class GcmResidueTest : public ::testing::TestWithParam<GcmTiers> {};

TEST_P(GcmResidueTest, NoSecretLeftOnTheStack) {
  ctasm_test::ScopedGcmTiers scope(GetParam());
  ctasm_test::TestRng rng(0x6c3);
  size_t max_depth = 0;
  for (size_t key_len : {16, 32}) {
    for (const GcmResidueCase &tc : kCases) {
      SCOPED_TRACE(std::string(tc.name) + ", AES-" + std::to_string(8 * key_len) + "-GCM");
      auto c = std::make_unique<GcmCall>();
      c->key = rng.bytes(key_len);
      c->nonce = rng.bytes(tc.nonce_len);
      c->pt = rng.bytes(tc.pt_len);
      c->ad = rng.bytes(13);
      const ctasm_aead *aead = key_len == 16 ? ctasm_aead_aes_128_gcm() : ctasm_aead_aes_256_gcm();
      ASSERT_EQ(1, ctasm_aead_ctx_init(&c->ctx, aead, c->key.data(), key_len, 0));
      c->sealed.resize(tc.pt_len + 16);
      size_t n;
      ASSERT_EQ(1, ctasm_aead_seal(&c->ctx, c->sealed.data(), &n, c->sealed.size(), c->nonce.data(),
                                   c->nonce.size(), c->pt.data(), c->pt.size(), c->ad.data(), 13));
      if (tc.op == Op::kOpenBadTag) c->sealed.back() ^= 1;
      c->out.assign(c->sealed.size(), 0);
      GcmCall *cp = c.get();
      int result = -1;
      const auto stack = ctasm_test::RunOnCanaryStack([cp, &tc, aead, &result] {
        GcmCall &k = *cp;
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
        }
      });
      EXPECT_EQ(tc.op == Op::kOpenBadTag ? 0 : 1, result);
      if (tc.op == Op::kOpenBadTag) c->sealed.back() ^= 1;  // the real ciphertext for SecretsOf
      const auto found = ctasm_test::FindSecrets(stack, SecretsOf(tc, *c));
      EXPECT_TRUE(found.hits.empty() && !found.overflowed) << found.report();
      if (found.depth > max_depth) max_depth = found.depth;
    }
  }
  RecordProperty("max_stack_depth", static_cast<int>(max_depth));
}

INSTANTIATE_TEST_SUITE_P(Tiers, GcmResidueTest, ::testing::ValuesIn(ctasm_test::AvailableGcmTiers()),
                         ctasm_test::GcmTierTestName);

}  // namespace
