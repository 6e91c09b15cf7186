// The AArch64 NEON tier: vpaes-armv8 for everything (perlasm/aes/vpaes-armv8.pl).
#include "aes/internal.h"

#if defined(CTASM_AARCH64_ASM)
namespace ctasm {
namespace {

void set_encrypt_key(const uint8_t *raw, unsigned bits, ctasm_aes_key *key) {
  ctasm_vpaes_set_encrypt_key(raw, bits, key);
}
void set_decrypt_key(const uint8_t *raw, unsigned bits, ctasm_aes_key *key) {
  ctasm_vpaes_set_decrypt_key(raw, bits, key);
}
void encrypt_blocks(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks) {
  for (size_t i = 0; i < blocks; i++) ctasm_vpaes_encrypt(in + 16 * i, out + 16 * i, key);
}
void decrypt_blocks(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks) {
  for (size_t i = 0; i < blocks; i++) ctasm_vpaes_decrypt(in + 16 * i, out + 16 * i, key);
}
void cbc_encrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                 uint8_t ivec[16]) {
  ctasm_vpaes_cbc_encrypt(in, out, 16 * blocks, key, ivec, 1);
}
void cbc_decrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                 uint8_t ivec[16]) {
  ctasm_vpaes_cbc_encrypt(in, out, 16 * blocks, key, ivec, 0);
}
void ctr32(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
           const uint8_t ivec[16]) {
  ctasm_vpaes_ctr32_encrypt_blocks(in, out, blocks, key, ivec);
}

}  // namespace

const AesTier kAesTierVpaesArmv8 = {
    kAesImplVpaesArmv8,  "vpaes-armv8",       vpaes_capable,  set_encrypt_key,
    set_decrypt_key,     ctasm_vpaes_encrypt, ctasm_vpaes_decrypt, encrypt_blocks,
    decrypt_blocks,      cbc_encrypt,         cbc_decrypt,    ctr32,
    nullptr,             0,
};

}  // namespace ctasm
#endif  // CTASM_AARCH64_ASM
