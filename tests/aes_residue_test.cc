// SPDX-License-Identifier: Apache-2.0
// No secret left behind: every public AES function, on every tier, returns
// with no key material, key stream or plaintext in the stack it used.
//
// Each case below is one public call; tests/stack_residue.h runs it on a
// canary-filled stack and searches what it left there for the raw key, the
// FIPS-197 round keys, every form of the key the tier keeps (the key struct),
// the plaintext, the CTR key stream and the CBC block-cipher inputs and
// outputs. Registers are out of scope (docs/INTERNALS.md, "Secrets").
#include <gtest/gtest.h>
#include <string.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "aes_tiers.h"
#include "ctasm/ctasm.h"
#include "stack_residue.h"
#include "test_util.h"

namespace {

using ctasm_test::AesTier;
using ctasm_test::Secret;

// The buffers of one call; all on the heap, away from the probed stack.
struct AesCall {
  ctasm_aes_key ek, dk;  // set before the call (set_*_key cases set them in it)
  std::vector<uint8_t> raw, in, out;
  uint8_t iv[16], ec[16];
  unsigned num = 0;
  size_t len = 0;
};

// What the data of a call exposes, beyond the key.
enum class Data {
  kNone,     // key setup
  kEncrypt,  // plaintext = in
  kDecrypt,  // plaintext = out
  kCbcEnc,   // plaintext = in; block-cipher inputs P_i ^ C_{i-1}
  kCbcDec,   // plaintext = out; block-cipher outputs P_i ^ C_{i-1}
  kCtr,      // plaintext = in; key stream = in ^ out
};

void Ctr(AesCall &c) {
  ctasm_aes_ctr128_encrypt(&c.ek, c.in.data(), c.out.data(), c.len, c.iv, c.ec, &c.num);
}

struct AesResidueCase {
  const char *name;
  Data data;
  size_t len;    // bytes of data
  unsigned num;  // CTR: *num before the call (a stream continued mid-block)
  void (*call)(AesCall &c);
};

// One line per public call, lengths chosen to reach every path of every tier
// (single blocks, the hybrids' vpaes heads and tails, bsaes batches (ARMv7's short
// 6-7 block batch through the frame buffer too), the x86_64
// round-1 cache from 32 CTR blocks, a CTR block finished from a previous call).
const AesResidueCase kCases[] = {
    {"set_encrypt_key", Data::kNone, 0, 0,
     [](AesCall &c) { ctasm_aes_set_encrypt_key(&c.ek, c.raw.data(), c.raw.size()); }},
    {"set_decrypt_key", Data::kNone, 0, 0,
     [](AesCall &c) { ctasm_aes_set_decrypt_key(&c.dk, c.raw.data(), c.raw.size()); }},
    {"encrypt_block", Data::kEncrypt, 16, 0,
     [](AesCall &c) { ctasm_aes_encrypt_block(&c.ek, c.in.data(), c.out.data()); }},
    {"decrypt_block", Data::kDecrypt, 16, 0,
     [](AesCall &c) { ctasm_aes_decrypt_block(&c.dk, c.in.data(), c.out.data()); }},
    {"ecb_encrypt", Data::kEncrypt, 16 * 9, 0,
     [](AesCall &c) { ctasm_aes_ecb_encrypt(&c.ek, c.in.data(), c.out.data(), c.len, 1); }},
    {"ecb_decrypt", Data::kDecrypt, 16 * 9, 0,
     [](AesCall &c) { ctasm_aes_ecb_encrypt(&c.dk, c.in.data(), c.out.data(), c.len, 0); }},
    {"cbc_encrypt", Data::kCbcEnc, 16 * 9, 0,
     [](AesCall &c) { ctasm_aes_cbc_encrypt(&c.ek, c.in.data(), c.out.data(), c.len, c.iv, 1); }},
    {"cbc_decrypt 3 blocks", Data::kCbcDec, 16 * 3, 0,
     [](AesCall &c) { ctasm_aes_cbc_encrypt(&c.dk, c.in.data(), c.out.data(), c.len, c.iv, 0); }},
    {"cbc_decrypt 15 blocks", Data::kCbcDec, 16 * 15, 0,
     [](AesCall &c) { ctasm_aes_cbc_encrypt(&c.dk, c.in.data(), c.out.data(), c.len, c.iv, 0); }},
    {"cbc_decrypt 40 blocks", Data::kCbcDec, 16 * 40, 0,
     [](AesCall &c) { ctasm_aes_cbc_encrypt(&c.dk, c.in.data(), c.out.data(), c.len, c.iv, 0); }},
    {"ctr128 5 B", Data::kCtr, 5, 0, Ctr},
    {"ctr128 55 B", Data::kCtr, 55, 0, Ctr},
    {"ctr128 7 blocks", Data::kCtr, 16 * 7 + 1, 0, Ctr},
    {"ctr128 20 blocks", Data::kCtr, 16 * 20 + 3, 0, Ctr},
    {"ctr128 40 blocks", Data::kCtr, 16 * 40 + 9, 0, Ctr},
    {"ctr128 continued", Data::kCtr, 16 * 3 + 2, 7, Ctr},
};

// The secrets of one call, read after it returned.
std::vector<Secret> SecretsOf(const AesResidueCase &tc, const AesCall &c, const uint8_t iv0[16]) {
  std::vector<Secret> s;
  s.push_back({"the raw key", c.raw});
  s.push_back({"the FIPS-197 round keys",
               ctasm_test::reference_aes_round_keys(c.raw.data(), c.raw.size())});
  // Every key form the tiers keep: round keys at 0..239, the tier extra from
  // 256 (240..255 is public metadata: rounds, tier, direction, check word).
  for (const ctasm_aes_key *k : {&c.ek, &c.dk}) {
    const uint8_t *b = reinterpret_cast<const uint8_t *>(k);
    const char *which = k == &c.ek ? "encryption" : "decryption";
    s.push_back({std::string("the ") + which + " key struct's round keys",
                 std::vector<uint8_t>(b, b + 240)});
    s.push_back({std::string("the ") + which + " key struct's tier extra",
                 std::vector<uint8_t>(b + 256, b + sizeof(ctasm_aes_key))});
  }
  const bool pt_in = tc.data == Data::kEncrypt || tc.data == Data::kCbcEnc || tc.data == Data::kCtr;
  if (tc.data != Data::kNone) s.push_back({"the plaintext", pt_in ? c.in : c.out});
  if (tc.data == Data::kCtr) {
    std::vector<uint8_t> ks(c.len);
    for (size_t i = 0; i < c.len; i++) ks[i] = c.in[i] ^ c.out[i];
    s.push_back({"the key stream", ks});
    s.push_back({"the last key-stream block", std::vector<uint8_t>(c.ec, c.ec + 16)});
  }
  if (tc.data == Data::kCbcEnc || tc.data == Data::kCbcDec) {
    const std::vector<uint8_t> &pt = tc.data == Data::kCbcEnc ? c.in : c.out;
    const std::vector<uint8_t> &ct = tc.data == Data::kCbcEnc ? c.out : c.in;
    std::vector<uint8_t> x(c.len);
    for (size_t i = 0; i < c.len; i++) x[i] = pt[i] ^ (i < 16 ? iv0[i] : ct[i - 16]);
    s.push_back({"the block-cipher states P ^ C_prev", x});
  }
  return s;
}

class AesResidueTest : public ::testing::TestWithParam<AesTier> {
 protected:
  void SetUp() override {
    ctasm::testing::set_cpu_caps_for_testing(GetParam().caps);
    ASSERT_STREQ(GetParam().name.c_str(), ctasm_aes_impl());
  }
  void TearDown() override { ctasm::testing::reset_cpu_caps_for_testing(); }
};

TEST_P(AesResidueTest, NoSecretLeftOnTheStack) {
  ctasm_test::TestRng rng(0x5ec7e7);
  size_t max_depth = 0;
  for (size_t key_len : {16, 24, 32}) {
    for (const AesResidueCase &tc : kCases) {
      SCOPED_TRACE(std::string(tc.name) + ", AES-" + std::to_string(8 * key_len));
      auto c = std::make_unique<AesCall>();
      c->raw = rng.bytes(key_len);
      c->len = tc.len;
      c->in = rng.bytes(tc.len < 16 ? 16 : tc.len);
      c->out.assign(c->in.size(), 0);
      rng.fill(c->iv, 16);
      rng.fill(c->ec, 16);
      c->num = tc.num;
      ASSERT_EQ(1, ctasm_aes_set_encrypt_key(&c->ek, c->raw.data(), key_len));
      ASSERT_EQ(1, ctasm_aes_set_decrypt_key(&c->dk, c->raw.data(), key_len));
      if (tc.data == Data::kDecrypt || tc.data == Data::kCbcDec) {
        // Decrypt a real ciphertext, so `out` holds the plaintext it names.
        const std::vector<uint8_t> pt = c->in;
        uint8_t iv[16];
        memcpy(iv, c->iv, 16);
        if (tc.data == Data::kCbcDec) {
          ctasm_aes_cbc_encrypt(&c->ek, pt.data(), c->in.data(), tc.len, iv, 1);
        } else {
          ctasm_aes_ecb_encrypt(&c->ek, pt.data(), c->in.data(), tc.len, 1);
        }
      }
      if (tc.data == Data::kCtr && tc.num != 0) {
        // ec must hold the key-stream block a previous call started.
        uint8_t zero[16] = {0};
        unsigned n = 0;
        ctasm_aes_ctr128_encrypt(&c->ek, zero, zero, tc.num, c->iv, c->ec, &n);
        ASSERT_EQ(tc.num, n);
      }
      uint8_t iv0[16];
      memcpy(iv0, c->iv, 16);
      AesCall *cp = c.get();
      const auto stack = ctasm_test::RunOnCanaryStack([cp, &tc] { tc.call(*cp); });
      const auto found = ctasm_test::FindSecrets(stack, SecretsOf(tc, *c, iv0));
      EXPECT_TRUE(found.hits.empty() && !found.overflowed) << found.report();
      if (found.depth > max_depth) max_depth = found.depth;
    }
  }
  RecordProperty("max_stack_depth", static_cast<int>(max_depth));
}

INSTANTIATE_TEST_SUITE_P(Tiers, AesResidueTest,
                         ::testing::ValuesIn(ctasm_test::AvailableAesTiers()),
                         ctasm_test::TierTestName);

}  // namespace
