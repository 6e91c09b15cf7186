// SPDX-License-Identifier: Apache-2.0
// Portable constant-time AES: bitsliced C++, four blocks per batch in 64-bit
// slices. The tier used when no SIMD tier exists, and the reference the other
// tiers are tested against.
#ifndef CTASM_SRC_AES_AES_PORTABLE_H
#define CTASM_SRC_AES_AES_PORTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "ctasm/ctasm.h"
#include "internal/stack_wipe.h"

namespace ctasm {
namespace aes_portable {

// Each function below computes on secrets in C++ and is never inlined, so its
// frames lie below its caller's, which wipes them (internal/stack_wipe.h)
// before returning to the user.

// bits is 128, 192 or 256 (checked by the caller). Fills rounds (10/12/14)
// and, in the tier-extra area, the round keys in bitsliced form (the only
// form this tier reads, so it is the only copy kept; rd_key stays zero). Encryption and decryption keys are
// identical: decryption runs the inverse cipher over the same round keys.
CTASM_NOINLINE void set_key(const uint8_t *user_key, unsigned bits, ctasm_aes_key *key);

// The FIPS-197 key schedule: 4 (rounds + 1) words, round key r at bytes
// 16r..16r+15 (the other tiers derive their key forms from it).
CTASM_NOINLINE void expand_key(const uint8_t *user_key, unsigned bits, uint8_t schedule[240]);

// ECB over whole blocks.
CTASM_NOINLINE void encrypt_blocks(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks);
CTASM_NOINLINE void decrypt_blocks(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks);

// CBC over whole blocks; ivec updated to the last ciphertext block.
CTASM_NOINLINE void cbc_encrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                 uint8_t ivec[16]);
CTASM_NOINLINE void cbc_decrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                 uint8_t ivec[16]);

// Same contract as the assembly ctr32 functions: the counter is the last four
// bytes of ivec, big-endian, and wraps mod 2^32; ivec is not written.
CTASM_NOINLINE void ctr32_encrypt_blocks(const uint8_t *in, uint8_t *out, size_t blocks,
                          const ctasm_aes_key *key, const uint8_t ivec[16]);

}  // namespace aes_portable
}  // namespace ctasm

#endif  // CTASM_SRC_AES_AES_PORTABLE_H
