// SPDX-License-Identifier: Apache-2.0
// The vpaes entry points in the AesTier shapes, shared by every tier built
// on vpaes (x86_64, AArch64, ARMv7): each tier takes these and replaces what
// its bsaes half does better.
#ifndef CTASM_SRC_AES_TIER_VPAES_H
#define CTASM_SRC_AES_TIER_VPAES_H

#include "aes/internal.h"

#if defined(CTASM_AES_ASM)
namespace ctasm {
namespace vpaes_tier {

inline void set_encrypt_key(const uint8_t *raw, unsigned bits, ctasm_aes_key *key) {
  ctasm_vpaes_set_encrypt_key(raw, bits, key);
}
inline void set_decrypt_key(const uint8_t *raw, unsigned bits, ctasm_aes_key *key) {
  ctasm_vpaes_set_decrypt_key(raw, bits, key);
}
inline void encrypt_blocks(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out,
                           size_t blocks) {
  for (size_t i = 0; i < blocks; i++) ctasm_vpaes_encrypt(in + 16 * i, out + 16 * i, key);
}
inline void decrypt_blocks(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out,
                           size_t blocks) {
  for (size_t i = 0; i < blocks; i++) ctasm_vpaes_decrypt(in + 16 * i, out + 16 * i, key);
}
inline void ctr32(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                  const uint8_t ivec[16]) {
  ctasm_vpaes_ctr32_encrypt_blocks(in, out, blocks, key, ivec);
}
#if defined(CTASM_X86_64_ASM) || defined(CTASM_AARCH64_ASM)
inline void cbc_encrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                        uint8_t ivec[16]) {
  ctasm_vpaes_cbc_encrypt(in, out, 16 * blocks, key, ivec, 1);
}
inline void cbc_decrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                        uint8_t ivec[16]) {
  ctasm_vpaes_cbc_encrypt(in, out, 16 * blocks, key, ivec, 0);
}
#endif

}  // namespace vpaes_tier
}  // namespace ctasm
#endif  // CTASM_AES_ASM

#endif  // CTASM_SRC_AES_TIER_VPAES_H
