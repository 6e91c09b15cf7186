// SPDX-License-Identifier: Apache-2.0
// ChaCha20-Poly1305 (RFC 8439 section 2.8) and XChaCha20-Poly1305
// (draft-irtf-cfrg-xchacha) over one ChaCha tier (src/chacha/internal.h). The
// public AEAD functions (aead.cc) check every argument, then call these.
#ifndef CTASM_SRC_AEAD_CHACHA_AEAD_H
#define CTASM_SRC_AEAD_CHACHA_AEAD_H

#include <stddef.h>
#include <stdint.h>

#include "chacha/internal.h"
#include "internal/compiler.h"
#include "internal/prefix.h"

namespace ctasm {

// RFC 8439 2.8: at most 2^32 - 1 blocks of 64 bytes after the Poly1305 key
// block, i.e. 2^38 - 64 bytes of plaintext. AD is bounded only by size_t
// (the RFC allows 2^64 - 1).
constexpr uint64_t kChachaMaxPlaintextBytes = (static_cast<uint64_t>(1) << 38) - 64;
constexpr size_t kChachaKeyBytes = 32;
constexpr size_t kChachaTagBytes = 16;
constexpr size_t kChachaNonceBytes = 12;
constexpr size_t kXChachaNonceBytes = 24;

// The ChaCha20-Poly1305 state, the first bytes of a ctasm_aead_ctx's private
// state: the raw key (the tiers take the ChaCha20 state built per message).
struct ChachaAeadKey {
  uint8_t key[kChachaKeyBytes];
};

// seal: out = ciphertext (in_len bytes), tag = its 16-byte tag. nonce is 12
// bytes, or 24 with xchacha. Leaves no secret in its own frame; the caller
// wipes the stack below when the tier computes in C++ or xchacha is set
// (HChaCha20 is C++).
CTASM_NOINLINE void chacha_aead_seal(const ChachaAeadKey *key, const ChachaTier &tier, bool xchacha,
                                     uint8_t *out, uint8_t tag[16], const uint8_t *nonce,
                                     const uint8_t *in, size_t in_len, const uint8_t *ad,
                                     size_t ad_len);
// open: decrypts in (in_len bytes of ciphertext) into out while the tier
// MACs it, then compares the tag in constant time. On mismatch out[0..in_len)
// is zeroed and false returned.
CTASM_NOINLINE bool chacha_aead_open(const ChachaAeadKey *key, const ChachaTier &tier, bool xchacha,
                                     uint8_t *out, const uint8_t *nonce, const uint8_t *in,
                                     size_t in_len, const uint8_t *ad, size_t ad_len,
                                     const uint8_t tag[16]);

// Whether a call with this tier (and xchacha) leaves C++ secrets in the dead
// stack, so the public function must wipe below itself.
inline bool chacha_aead_needs_wipe(const ChachaTier &tier, bool xchacha) {
  return xchacha || (tier.cxx_secrets & kChachaCxxAead) != 0;
}

}  // namespace ctasm

#endif  // CTASM_SRC_AEAD_CHACHA_AEAD_H
