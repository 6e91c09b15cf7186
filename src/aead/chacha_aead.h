// SPDX-License-Identifier: Apache-2.0
// ChaCha20-Poly1305 (RFC 8439 section 2.8) and XChaCha20-Poly1305
// (draft-irtf-cfrg-xchacha) over one ChaCha tier (src/chacha/internal.h). The
// public AEAD functions (aead.cc) check every argument, then call these.
#ifndef CTASM_SRC_AEAD_CHACHA_AEAD_H
#define CTASM_SRC_AEAD_CHACHA_AEAD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "chacha/internal.h"
#include "chacha/state.h"
#include "internal/ct.h"
#include "internal/declassify.h"
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

// seal for a tier whose AEAD computes nothing in C++ (!(cxx_secrets &
// kChachaCxxAead)) and a 12-byte nonce: inlined into the public function,
// whose frame then holds the state, wiped here; no stack wipe is needed after
// it (the assembly wipes its own frame).
inline void chacha_aead_seal_asm(const ChachaAeadKey *key, const ChachaTier &tier, uint8_t *out,
                                 uint8_t tag[16], const uint8_t *nonce, const uint8_t *in,
                                 size_t in_len, const uint8_t *ad, size_t ad_len) {
  ChachaState st;
  chacha_make_state(&st, key->key, 0, nonce);
  tier.seal(out, tag, in, in_len, ad, ad_len, &st);
  chacha_wipe_state(&st);
}

// Whether the computed tag want equals the given tag, compared in constant
// time (all 16 bytes, a 4-byte word at a time, each XORed as soon as it is
// loaded: a whole copy of want held in locals was spilled to the stack on
// ARMv7, where the residue test found it); want is wiped (the right tag of a
// refused message would be a forgery handed out). The given tag is read in
// place: out never reaches it (aead.cc refuses overlaps; in place, out ends
// where the tag starts).
inline bool chacha_tag_check(uint8_t want[16], const uint8_t tag[16]) {
  uint32_t d = 0;
  for (size_t i = 0; i < 16; i += 4) {
    uint32_t w, g;
    memcpy(&w, want + i, 4);
    memcpy(&g, tag + i, 4);
    d |= w ^ g;
  }
  bool ok = ct_is_zero_mask32(d) != 0;
  secure_wipe(want, 16);
  declassify(&ok, sizeof(ok));  // the verdict is public: the caller learns it anyway
  return ok;
}

// open for the tiers chacha_aead_seal_asm serves, inlined likewise.
inline bool chacha_aead_open_asm(const ChachaAeadKey *key, const ChachaTier &tier, uint8_t *out,
                                 const uint8_t *nonce, const uint8_t *in, size_t in_len,
                                 const uint8_t *ad, size_t ad_len, const uint8_t tag[16]) {
  ChachaState st;
  chacha_make_state(&st, key->key, 0, nonce);
  uint8_t want[16];
  tier.open(out, want, in, in_len, ad, ad_len, &st);
  chacha_wipe_state(&st);
  const bool ok = chacha_tag_check(want, tag);
  if (!ok) secure_wipe(out, in_len);  // a forgery's plaintext must not stay in out
  return ok;
}

// Whether a call with this tier (and xchacha) leaves C++ secrets in the dead
// stack, so the public function must wipe below itself.
inline bool chacha_aead_needs_wipe(const ChachaTier &tier, bool xchacha) {
  return xchacha || (tier.cxx_secrets & kChachaCxxAead) != 0;
}

}  // namespace ctasm

#endif  // CTASM_SRC_AEAD_CHACHA_AEAD_H
