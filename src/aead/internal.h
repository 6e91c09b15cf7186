// SPDX-License-Identifier: Apache-2.0
// AEAD internals: the descriptors behind ctasm_aead_*() and the private
// layout of ctasm_aead_ctx (docs/INTERNALS.md, "AEAD context").
#ifndef CTASM_SRC_AEAD_INTERNAL_H
#define CTASM_SRC_AEAD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ctasm/ctasm.h"
#include "internal/prefix.h"

namespace ctasm {

// Stored in ctasm_aead_ctx.ctasm_private_aead; never reused. Zero: none.
enum AeadId : uint32_t {
  kAeadNone = 0,
  kAeadAes128Gcm = 1,
  kAeadAes256Gcm = 2,
  kAeadChacha20Poly1305 = 3,
  kAeadXChacha20Poly1305 = 4,
};

// ctasm_private_impl of a GCM context: the AES tier in the low byte, the
// GHASH tier in the next.
inline uint32_t gcm_impl_word(uint32_t aes_impl, uint32_t ghash_impl) {
  return aes_impl | (ghash_impl << 8);
}

// ctasm_private_impl of a (X)ChaCha20-Poly1305 context is the ChachaImpl
// of its tier.

// The check word over a context's public metadata: a context never
// initialised, cleaned up or overwritten fails it (2^-32 by chance).
inline uint32_t aead_check_word(uint32_t aead, uint32_t tag_len, uint32_t impl) {
  return 0x63746167u ^ aead ^ (tag_len << 4) ^ (impl << 12) ^ (impl >> 20);  // "ctag"
}

}  // namespace ctasm

// What a descriptor is (ctasm.h keeps it opaque).
struct ctasm_aead {
  uint32_t id;  // AeadId
  size_t key_len, nonce_len, max_overhead, default_tag_len;
};

#endif  // CTASM_SRC_AEAD_INTERNAL_H
