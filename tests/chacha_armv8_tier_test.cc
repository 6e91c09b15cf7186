// SPDX-License-Identifier: Apache-2.0
// What only the AArch64 ChaCha20-Poly1305 tier has (the generic chacha_* tests
// run it with every other tier): the test-only entry ctasm_poly1305_pad16_armv8
// (perlasm/test/poly1305-armv8.pl: the AEAD's own Poly1305 code, alone) against
// the portable Poly1305 and at the final reduction's edges, and the workload
// util/count_insns.py --chacha-armv8 counts. Also that the tier runs here at all,
// so the generic tests cannot skip it.
#include "internal/asm_config.h"

#if defined(CTASM_AARCH64_ASM)

#include <gtest/gtest.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <string>
#include <vector>

#include "chacha/internal.h"
#include "chacha/poly1305_portable.h"
#include "chacha_tiers.h"
#include "test_asm.h"
#include "test_util.h"

namespace {

using ctasm::ChachaState;
using ctasm::ChachaTier;
using ctasm_test::to_hex;
using Bytes = std::vector<uint8_t>;

const ChachaTier &Tier() { return ctasm::kChachaTierNeonArmv8; }

TEST(ChachaArmv8Tier, RunsHere) {
  EXPECT_EQ(Tier().impl, ctasm::kChachaImplNeonArmv8);
  EXPECT_EQ(Tier().cxx_secrets, 0) << "no C++ of this tier computes on secrets";
  ASSERT_TRUE(Tier().capable()) << "every AArch64 target here has NEON";
}

// The tag of msg zero-padded to 16 bytes, without a length block, through the
// portable Poly1305 (an independent implementation: 26-bit limbs in C++).
std::string PortablePadded(const uint8_t key[32], const Bytes &msg) {
  ctasm::poly1305_portable::State st;
  ctasm::poly1305_portable::init(&st, key);
  ctasm::poly1305_portable::update(&st, msg.data(), msg.size());
  ctasm::poly1305_portable::pad16(&st);
  uint8_t tag[16];
  ctasm::poly1305_portable::finish(&st, tag);
  return to_hex(tag, 16);
}

// Every length to 300 and some long ones, from an unaligned buffer.
TEST(ChachaArmv8Tier, Poly1305AloneMatchesPortable) {
  ctasm_test::TestRng rng(0xc8a9);
  std::vector<size_t> lens;
  for (size_t n = 0; n <= 300; n++) lens.push_back(n);
  for (size_t n : {1023, 1024, 1025, 4096 + 17}) lens.push_back(n);
  for (size_t len : lens) {
    const Bytes key = rng.bytes(32), msg = rng.bytes(len);
    Bytes buf(len + 1);
    if (len) memcpy(buf.data() + 1, msg.data(), len);
    uint8_t tag[16];
    ctasm_poly1305_pad16_armv8(tag, key.data(), buf.data() + 1, len);
    ASSERT_EQ(PortablePadded(key.data(), msg), to_hex(tag, 16)) << "len " << len;
  }
}

// The final reduction's edges: r = 1, s = 0 and two blocks m1 = 2^128 - 1 and
// m2 = 2^128 - 4 + d, so the accumulator is exactly S = m1 + m2 + 2 * 2^128 =
// p + d (below 2^130: nothing reduced on the way), p = 2^130 - 5, for d = -1..3.
// The tag is S mod p mod 2^128, worked out by hand: 2^128 - 6 for d = -1, else
// d. An equality test of one limb, or no subtraction, gets the last four wrong.
TEST(ChachaArmv8Tier, Poly1305FinalReductionEdges) {
  uint8_t key[32] = {1};  // r = 1, s = 0
  const char *const kTags[] = {"faffffffffffffffffffffffffffffff", "00000000000000000000000000000000",
                               "01000000000000000000000000000000", "02000000000000000000000000000000",
                               "03000000000000000000000000000000"};
  for (int d = -1; d <= 3; d++) {
    Bytes msg(32, 0xff);
    msg[16] = static_cast<uint8_t>(0xfc + d);  // m2 = 2^128 - 1 - (3 - d)
    uint8_t tag[16];
    ctasm_poly1305_pad16_armv8(tag, key, msg.data(), msg.size());
    EXPECT_EQ(kTags[d + 1], to_hex(tag, 16)) << "accumulator p + (" << d << ")";
    EXPECT_EQ(kTags[d + 1], PortablePadded(key, msg)) << "the portable Poly1305 disagrees with the hand answer";
  }
}

// The workload util/count_insns.py --chacha-armv8 counts under qemu:
// CTASM_CHACHA_COUNT="OP LEN CALLS" (OP seal, open, chacha20 or poly1305)
// makes CALLS calls of OP on a LEN-byte message with 13 bytes of AD; the
// counter subtracts a CALLS = 0 run (both make one more call and check it). poly1305 hashes exactly what seal's
// Poly1305 hashes (AD, ciphertext, each zero-padded, and the length block)
// with the key of block 0; chacha20 runs from block 1, as seal's key stream.
// Without the variable, one 300-byte call of each. The loop only calls (so
// the count is the operation's); the results are checked after it.
TEST(ChachaArmv8Count, Workload) {
  const char *env = getenv("CTASM_CHACHA_COUNT");
  char op[16] = "all";
  unsigned long len = 300, calls = 1;
  if (env != nullptr) {
    ASSERT_EQ(sscanf(env, "%15s %lu %lu", op, &len, &calls), 3) << "CTASM_CHACHA_COUNT=" << env;
  }
  const std::string which = op;
  const bool all = which == "all";
  ASSERT_TRUE(all || which == "seal" || which == "open" || which == "chacha20" ||
              which == "poly1305")
      << "unknown operation " << which;
  ctasm_test::TestRng rng(0xc0c0);
  const Bytes key = rng.bytes(32), nonce = rng.bytes(12), ad = rng.bytes(13), pt = rng.bytes(len);
  const ChachaState st = ctasm_test::ChachaStateOf(key.data(), 0, nonce.data()),
                   st1 = ctasm_test::ChachaStateOf(key.data(), 1, nonce.data());
  Bytes ct(len), opened(len), stream(len);
  uint8_t tag[16] = {}, open_tag[16] = {}, poly_tag[16] = {}, poly_key[64];
  // Poly1305 input of the AEAD and its key (block 0's first 32 bytes).
  Bytes mac(ad);
  mac.resize((mac.size() + 15) / 16 * 16);
  const size_t ct_at = mac.size();
  mac.resize(ct_at + (len + 15) / 16 * 16 + 16);
  for (int i = 0; i < 8; i++) {
    mac[mac.size() - 16 + i] = static_cast<uint8_t>(static_cast<uint64_t>(ad.size()) >> (8 * i));
    mac[mac.size() - 8 + i] = static_cast<uint8_t>(static_cast<uint64_t>(len) >> (8 * i));
  }
  Tier().chacha20(poly_key, Bytes(64, 0).data(), 64, &st);
  Tier().seal(ct.data(), tag, pt.data(), len, ad.data(), ad.size(), &st);
  memcpy(mac.data() + ct_at, ct.data(), len);

  auto run_ops = [&] {
    if (all || which == "seal") Tier().seal(ct.data(), tag, pt.data(), len, ad.data(), ad.size(), &st);
    if (all || which == "open") {
      Tier().open(opened.data(), open_tag, ct.data(), len, ad.data(), ad.size(), &st);
    }
    if (all || which == "chacha20") Tier().chacha20(stream.data(), pt.data(), len, &st1);
    if (all || which == "poly1305") ctasm_poly1305_pad16_armv8(poly_tag, poly_key, mac.data(), mac.size());
  };
  for (unsigned long i = 0; i < calls; i++) run_ops();
  // One more call and the checks, the same in every run (so they cancel in
  // the count): seal by open's round trip, open, ChaCha20 and Poly1305 against
  // seal's ciphertext and tag.
  run_ops();
  if (!(all || which == "open")) {
    Tier().open(opened.data(), open_tag, ct.data(), len, ad.data(), ad.size(), &st);
  }
  EXPECT_EQ(opened, pt);
  EXPECT_EQ(to_hex(open_tag, 16), to_hex(tag, 16));
  if (all || which == "chacha20") EXPECT_EQ(to_hex(stream), to_hex(ct));
  if (all || which == "poly1305") EXPECT_EQ(to_hex(poly_tag, 16), to_hex(tag, 16));
}

}  // namespace

#endif  // CTASM_AARCH64_ASM
