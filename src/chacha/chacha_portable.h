// SPDX-License-Identifier: Apache-2.0
// ChaCha20 and HChaCha20 in constant-time C++ (RFC 8439 section 2.3, and
// draft-irtf-cfrg-xchacha section 2.2): the portable tier's stream cipher,
// also what the tests use to derive Poly1305 keys. Only additions, rotations
// and xors on words: no branch or index depends on the key or the data.
#ifndef CTASM_SRC_CHACHA_CHACHA_PORTABLE_H
#define CTASM_SRC_CHACHA_CHACHA_PORTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "chacha/internal.h"
#include "internal/prefix.h"

namespace ctasm {
namespace chacha_portable {

// One 64-byte key-stream block of state (the counter as given).
void block(uint8_t out[64], const ChachaState *state);

// The tier function (internal.h): out = in ^ key stream from block
// state->words[8]; the counter does not wrap (the caller's promise).
void chacha20(uint8_t *out, const uint8_t *in, size_t len, const ChachaState *state);

// HChaCha20: the 32-byte subkey of key and a 16-byte nonce.
void hchacha20(uint8_t out[32], const uint8_t key[32], const uint8_t nonce[16]);

// The state for key, a 32-bit block counter and a 12-byte nonce (RFC 8439 2.3).
void make_state(ChachaState *state, const uint8_t key[32], uint32_t counter,
                const uint8_t nonce[12]);

}  // namespace chacha_portable
}  // namespace ctasm

#endif  // CTASM_SRC_CHACHA_CHACHA_PORTABLE_H
