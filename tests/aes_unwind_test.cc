// SPDX-License-Identifier: Apache-2.0
// Single-step unwind cases of the AES assembly (tests/unwind/unwind_cases.h): every
// vpaes and bsaes entry point of x86_64.
#include "unwind/unwind_cases.h"

#if defined(CTASM_UNWIND_STEPPING)

#include <stdint.h>
#include <string.h>

#include "aes/internal.h"
#include "test_util.h"

namespace {

struct alignas(16) KeyBuf {
  uint8_t b[sizeof(ctasm_aes_key)];
};

// Small inputs that still take every path: each key size through the key schedules,
// one block through the single-block functions, CTR/CBC with several blocks (bsaes:
// a full 8-block batch and a partial one, then 64 blocks for its round-1 cache).
void StepAes() {
  if (!ctasm::vpaes_capable()) {
    for (const char *f :
         {"ctasm_vpaes_set_encrypt_key", "ctasm_vpaes_set_decrypt_key", "ctasm_vpaes_encrypt",
          "ctasm_vpaes_decrypt", "ctasm_vpaes_ctr32_encrypt_blocks", "ctasm_vpaes_cbc_encrypt",
          "ctasm_vpaes_encrypt_key_to_bsaes", "ctasm_bsaes_ctr32_encrypt_blocks",
          "ctasm_bsaes_cbc_decrypt", "ctasm_vpaes_set_encrypt_key_bsaes"}) {
      ctasm_unwind::NotSteppable(f, "no SSSE3");
    }
    return;
  }
  ctasm_test::TestRng rng(0x57e9);
  uint8_t user[32], in[16 * 64 + 1], out[16 * 64 + 1], iv[16];
  rng.fill(user, sizeof user);
  rng.fill(in, sizeof in);
  rng.fill(iv, sizeof iv);
  static KeyBuf ek, dk;
  for (unsigned bits : {192u, 256u, 128u}) {  // ends with the AES-128 keys used below
    STEP_OK(ctasm_vpaes_set_encrypt_key_bsaes, user, bits, ek.b);  // 192: returns at once
    STEP_OK(ctasm_vpaes_set_encrypt_key, user, bits, ek.b);
    STEP_OK(ctasm_vpaes_set_decrypt_key, user, bits, dk.b);
  }
  STEP_OK(ctasm_vpaes_encrypt, in + 1, out + 1, ek.b);
  STEP_OK(ctasm_vpaes_decrypt, in, out, dk.b);
  STEP_OK(ctasm_vpaes_ctr32_encrypt_blocks, in + 1, out, 0, ek.b, iv);
  STEP_OK(ctasm_vpaes_ctr32_encrypt_blocks, in + 1, out, 3, ek.b, iv);
  uint8_t civ[16];
  memcpy(civ, iv, 16);
  STEP_OK(ctasm_vpaes_cbc_encrypt, in, out, 16 * 2, ek.b, civ, 1);
  STEP_OK(ctasm_vpaes_cbc_encrypt, in, out, 16 * 2, dk.b, civ, 0);
  // bsaes takes the whole key: the vpaes form plus its bsaes form at byte 256.
  STEP_OK(ctasm_vpaes_encrypt_key_to_bsaes, ek.b + 256, ek.b);
  STEP_OK(ctasm_bsaes_ctr32_encrypt_blocks, in + 1, out, 9, ek.b, iv);
  iv[15] = 0;  // the round-1 cache needs a counter that is a multiple of 8
  STEP_OK(ctasm_bsaes_ctr32_encrypt_blocks, in + 1, out, 64, ek.b, iv);
  // CBC decryption takes the whole decryption key: the vpaes form plus its
  // bsaes round keys at byte 256 (set_decrypt_key writes both); a full batch
  // and a partial one.
  static KeyBuf fdk;
  ASSERT_EQ(1, ctasm_aes_set_decrypt_key(reinterpret_cast<ctasm_aes_key *>(fdk.b), user, 16));
  memcpy(civ, iv, 16);
  STEP_OK(ctasm_bsaes_cbc_decrypt, in, out + 1, 16 * 9, fdk.b, civ);
}

}  // namespace

UNWIND_CASES(Aes) { StepAes(); }

#endif  // CTASM_UNWIND_STEPPING
