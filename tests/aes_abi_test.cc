// SPDX-License-Identifier: Apache-2.0
// ABI test of every AES assembly entry point (vpaes and bsaes, src/aes/internal.h):
// each called through the trampoline (tests/abi/abi_harness.h) with random
// callee-saved registers, its result compared with a direct call.
#include "internal/asm_config.h"

#if defined(CTASM_X86_64_ASM) || defined(CTASM_AARCH64_ASM) || defined(CTASM_ARMV7_ASM)

#include "abi/abi_harness.h"

#include <gtest/gtest.h>

#include <stdint.h>
#include <string.h>

#include "aes/internal.h"
#include "test_util.h"

#if defined(CTASM_X86_64_ASM)
// x86_64 bsaes (perlasm/aes/bsaes-x86_64.pl): the ARMv7 prototypes, except that
// ctasm_bsaes_ctr32_encrypt_blocks and ctasm_bsaes_cbc_decrypt take the whole key (vpaes
// form plus its bsaes form at byte 256; docs/INTERNALS.md). Weak: linked where built.
extern "C" {
CTASM_ABI_WEAK void ctasm_vpaes_encrypt_key_to_bsaes(void *bsaes_key, const void *vpaes_key);
CTASM_ABI_WEAK void ctasm_vpaes_decrypt_key_to_bsaes(void *bsaes_key, const void *vpaes_key);
CTASM_ABI_WEAK void ctasm_bsaes_ctr32_encrypt_blocks(const uint8_t *in, uint8_t *out, size_t blocks,
                                                     const void *bsaes_key, const uint8_t ivec[16]);
CTASM_ABI_WEAK void ctasm_bsaes_cbc_decrypt(const uint8_t *in, uint8_t *out, size_t len,
                                            const void *bsaes_key, uint8_t ivec[16]);
}
#endif

namespace {

using ctasm_abi::Linked;
using ctasm_abi::NotRunnable;

struct alignas(16) KeyBuf {
  uint8_t b[sizeof(ctasm_aes_key)];
};

ABI_TEST(Aes) {
  if (!ctasm::vpaes_capable()) {
    for (const char *f :
         {"ctasm_vpaes_set_encrypt_key", "ctasm_vpaes_set_decrypt_key", "ctasm_vpaes_encrypt",
          "ctasm_vpaes_decrypt", "ctasm_vpaes_ctr32_encrypt_blocks", "ctasm_vpaes_cbc_encrypt",
          "ctasm_vpaes_encrypt_key_to_bsaes", "ctasm_vpaes_decrypt_key_to_bsaes",
          "ctasm_bsaes_ctr32_encrypt_blocks", "ctasm_bsaes_cbc_decrypt"}) {
      NotRunnable(f, "no SSSE3/NEON");
    }
#if defined(CTASM_ARMV7_ASM)
    NotRunnable("ctasm_bsaes_expand_key", "no NEON");
#endif
#if defined(CTASM_X86_64_ASM)
    NotRunnable("ctasm_vpaes_set_encrypt_key_bsaes", "no SSSE3");
#endif
    return;
  }
  ctasm_test::TestRng rng(0xab1);
  uint8_t user[32], in[16 * 70 + 1], out1[16 * 70 + 1], out2[16 * 70 + 1];
  uint8_t iv1[16], iv2[16];
  rng.fill(user, sizeof user);
  rng.fill(in, sizeof in);
  rng.fill(iv1, sizeof iv1);
  for (unsigned bits : {128u, 192u, 256u}) {
    SCOPED_TRACE(bits);
    static KeyBuf ek, dk, ek2, dk2;
    memset(&ek, 0, sizeof ek);
    memset(&dk, 0, sizeof dk);
    memset(&ek2, 0, sizeof ek2);
    memset(&dk2, 0, sizeof dk2);
    EXPECT_EQ(CHECK_ABI(ctasm_vpaes_set_encrypt_key, user, bits, ek.b), 0);
    EXPECT_EQ(CHECK_ABI(ctasm_vpaes_set_decrypt_key, user, bits, dk.b), 0);
    ctasm_vpaes_set_encrypt_key(user, bits, ek2.b);
    ctasm_vpaes_set_decrypt_key(user, bits, dk2.b);
    EXPECT_EQ(memcmp(&ek, &ek2, sizeof ek), 0);
    EXPECT_EQ(memcmp(&dk, &dk2, sizeof dk), 0);

    CHECK_ABI(ctasm_vpaes_encrypt, in + 1, out1 + 1, ek.b);
    ctasm_vpaes_encrypt(in + 1, out2 + 1, ek.b);
    EXPECT_EQ(memcmp(out1 + 1, out2 + 1, 16), 0);
    CHECK_ABI(ctasm_vpaes_decrypt, in, out1, dk.b);
    ctasm_vpaes_decrypt(in, out2, dk.b);
    EXPECT_EQ(memcmp(out1, out2, 16), 0);

    for (size_t blocks : {0u, 1u, 3u, 9u}) {
      memset(out1, 0, sizeof out1);
      memset(out2, 0, sizeof out2);
      CHECK_ABI(ctasm_vpaes_ctr32_encrypt_blocks, in + 1, out1, blocks, ek.b, iv1);
      ctasm_vpaes_ctr32_encrypt_blocks(in + 1, out2, blocks, ek.b, iv1);
      EXPECT_EQ(memcmp(out1, out2, sizeof out1), 0) << blocks;
    }
#if defined(CTASM_X86_64_ASM) || defined(CTASM_AARCH64_ASM)
    for (int enc : {1, 0}) {
      memcpy(iv2, iv1, 16);
      uint8_t iv3[16];
      memcpy(iv3, iv1, 16);
      const void *k = enc ? ek.b : dk.b;
      CHECK_ABI(ctasm_vpaes_cbc_encrypt, in, out1, 16 * 5, k, iv2, enc);
      ctasm_vpaes_cbc_encrypt(in, out2, 16 * 5, k, iv3, enc);
      EXPECT_EQ(memcmp(out1, out2, 16 * 5), 0) << enc;
      EXPECT_EQ(memcmp(iv2, iv3, 16), 0) << enc;
    }
#endif
#if defined(CTASM_ARMV7_ASM) || defined(CTASM_X86_64_ASM)
    // Each only where linked: x86_64 has a subset (bsaes-x86_64.pl: CTR and CBC decryption).
    static KeyBuf bek, bdk, bek2, bdk2;
    memset(&bek, 0, sizeof bek);
    memset(&bdk, 0, sizeof bdk);
    memset(&bek2, 0, sizeof bek2);
    memset(&bdk2, 0, sizeof bdk2);
    const bool have_ek = Linked(&ctasm_vpaes_encrypt_key_to_bsaes);
    const bool have_dk = Linked(&ctasm_vpaes_decrypt_key_to_bsaes);
    if (have_ek) {
      CHECK_ABI(ctasm_vpaes_encrypt_key_to_bsaes, bek.b, ek.b);
      ctasm_vpaes_encrypt_key_to_bsaes(bek2.b, ek.b);
      EXPECT_EQ(memcmp(&bek, &bek2, sizeof bek), 0);
    }
    if (have_dk) {
      CHECK_ABI(ctasm_vpaes_decrypt_key_to_bsaes, bdk.b, dk.b);
      ctasm_vpaes_decrypt_key_to_bsaes(bdk2.b, dk.b);
      EXPECT_EQ(memcmp(&bdk, &bdk2, sizeof bdk), 0);
    }
#if defined(CTASM_X86_64_ASM)
    memcpy(ek.b + 256, bek.b, ctasm::kBsaesKeyBytes);
    const void *ctr_key = ek.b;
    // The one-pass schedule writes exactly that key: the vpaes form and its
    // bsaes form (AES-192: nothing, it returns 0).
    static KeyBuf fk;
    memset(&fk, 0, sizeof fk);
    EXPECT_EQ(CHECK_ABI(ctasm_vpaes_set_encrypt_key_bsaes, user, bits, fk.b), bits == 192 ? 0 : 1);
    static const KeyBuf kZero = {};
    EXPECT_EQ(memcmp(&fk, bits == 192 ? &kZero : &ek, sizeof fk), 0);
#else
    // ARMv7 CTR reads the expanded key (round key 0 in CTR's byte order); the
    // expansion for CBC decryption (ctr = 0) of the decryption form likewise.
    static KeyBuf xek, xek2, xdk, xdk2;
    for (KeyBuf *k : {&xek, &xek2, &xdk, &xdk2}) memset(k, 0, sizeof *k);
    CHECK_ABI(ctasm_bsaes_expand_key, xek.b, bek.b, 1);
    ctasm_bsaes_expand_key(xek2.b, bek.b, 1);
    EXPECT_EQ(memcmp(&xek, &xek2, sizeof xek), 0);
    CHECK_ABI(ctasm_bsaes_expand_key, xdk.b, bdk.b, 0);
    ctasm_bsaes_expand_key(xdk2.b, bdk.b, 0);
    EXPECT_EQ(memcmp(&xdk, &xdk2, sizeof xdk), 0);
    const void *ctr_key = xek.b;
#endif
    for (size_t blocks : {8u, 9u, 17u, 70u}) {  // 70 from a counter 8m: x86_64's round-1 cache
      if (!have_ek || !Linked(&ctasm_bsaes_ctr32_encrypt_blocks)) break;
      memset(out1, 0, sizeof out1);
      memset(out2, 0, sizeof out2);
      uint8_t civ[16];
      memcpy(civ, iv1, 16);
      if (blocks == 70) civ[15] &= 0xf8;
      CHECK_ABI(ctasm_bsaes_ctr32_encrypt_blocks, in + 1, out1, blocks, ctr_key, civ);
      ctasm_bsaes_ctr32_encrypt_blocks(in + 1, out2, blocks, ctr_key, civ);
      EXPECT_EQ(memcmp(out1, out2, sizeof out1), 0) << blocks;
    }
    // CBC decryption takes what set_decrypt_key writes: on x86_64 the whole key
    // (vpaes form plus its bsaes round keys at byte 256), on ARMv7 the expanded
    // bsaes key in the extra area (src/aes/tier_armv7.cc).
    static KeyBuf fdk;
    ASSERT_EQ(1, ctasm_aes_set_decrypt_key(reinterpret_cast<ctasm_aes_key *>(fdk.b), user, bits / 8));
#if defined(CTASM_X86_64_ASM)
    const void *cbc_key = fdk.b;
#else
    const void *cbc_key = reinterpret_cast<ctasm_aes_key *>(fdk.b)->ctasm_private_extra;
#endif
    const bool have_cbc_key = true;
    for (size_t blocks : {8u, 9u, 17u}) {
      if (!have_cbc_key || !Linked(&ctasm_bsaes_cbc_decrypt)) break;
      memcpy(iv2, iv1, 16);
      uint8_t iv3[16];
      memcpy(iv3, iv1, 16);
      CHECK_ABI(ctasm_bsaes_cbc_decrypt, in, out1 + 1, 16 * blocks, cbc_key, iv2);
      ctasm_bsaes_cbc_decrypt(in, out2 + 1, 16 * blocks, cbc_key, iv3);
      EXPECT_EQ(memcmp(out1 + 1, out2 + 1, 16 * blocks), 0) << blocks;
      EXPECT_EQ(memcmp(iv2, iv3, 16), 0) << blocks;
    }
#endif
  }
}

}  // namespace

#endif  // some assembly
