// SPDX-License-Identifier: Apache-2.0
// The portable tier's entry: the bitsliced C++ of aes_portable.cc, on every
// target. Its functions compute on secrets in C++, so every caller wipes the
// stack after them (kCxx* flags).
#include "aes/aes_portable.h"
#include "aes/internal.h"

namespace ctasm {
namespace {

bool always() { return true; }

void encrypt_block(const uint8_t in[16], uint8_t out[16], const void *key) {
  aes_portable::encrypt_blocks(static_cast<const ctasm_aes_key *>(key), in, out, 1);
}
void decrypt_block(const uint8_t in[16], uint8_t out[16], const void *key) {
  aes_portable::decrypt_blocks(static_cast<const ctasm_aes_key *>(key), in, out, 1);
}

void ctr32(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
           const uint8_t ivec[16]) {
  aes_portable::ctr32_encrypt_blocks(in, out, blocks, key, ivec);
}

}  // namespace

// One key form serves both directions: decryption runs the inverse cipher
// over the same round keys.
const AesTier kAesTierPortable = {
    kAesImplPortable,
    "portable",
    always,
    aes_portable::set_key,
    aes_portable::set_key,
    encrypt_block,
    decrypt_block,
    aes_portable::encrypt_blocks,
    aes_portable::decrypt_blocks,
    aes_portable::cbc_encrypt,
    aes_portable::cbc_decrypt,
    ctr32,
    nullptr,
    kCxxEncryptKey | kCxxDecryptKey | kCxxData,
};

}  // namespace ctasm
