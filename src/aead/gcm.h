// SPDX-License-Identifier: Apache-2.0
// AES-GCM (NIST SP 800-38D) over one AES tier and one GHASH tier. The public
// AEAD functions (aead.cc) check every argument, then call these; the key
// sizes here are AES's three (AES-192 for the CAVP tests), the public API
// offers two.
#ifndef CTASM_SRC_AEAD_GCM_H
#define CTASM_SRC_AEAD_GCM_H

#include <stddef.h>
#include <stdint.h>

#include "aes/internal.h"
#include "ctasm/ctasm.h"
#include "ghash/internal.h"
#include "internal/compiler.h"
#include "internal/prefix.h"

namespace ctasm {

// The AES-GCM state, the first bytes of a ctasm_aead_ctx's private state.
struct GcmKey {
  ctasm_aes_key aes;  // encryption key, formatted by the AES tier in force at init
  GhashKey ghash;     // H = E_K(0^128) in the form of the GHASH tier in force at init
};

// SP 800-38D section 5.2.1.1: plaintext at most 2^39 - 256 bits, AD and IV
// at most 2^64 - 1 bits (whole bytes here).
constexpr uint64_t kGcmMaxPlaintextBytes = (static_cast<uint64_t>(1) << 36) - 32;
constexpr uint64_t kGcmMaxAdBytes = (static_cast<uint64_t>(1) << 61) - 1;
constexpr uint64_t kGcmMaxNonceBytes = (static_cast<uint64_t>(1) << 61) - 1;
constexpr size_t kGcmMaxTagBytes = 16;

// The SP 800-38D tag lengths: 4, 8 and 12..16 bytes.
inline bool gcm_tag_len_ok(size_t n) { return n == 4 || n == 8 || (n >= 12 && n <= 16); }

// Formats *key, whatever it held (every byte of it is written: a previous
// key leaves nothing), with the AES tier aes_select_tier() and GHASH tier g;
// false (AES key wiped) unless raw_len is 16, 24 or 32. Never inlined; *cxx says
// whether C++ computed on the key, so the caller must wipe the stack
// (internal/stack_wipe.h).
CTASM_NOINLINE bool gcm_init(GcmKey *key, const uint8_t *raw, size_t raw_len,
                             const GhashTier &g, bool *cxx);

// The tiers a key was formatted by; the caller has checked the key.
struct GcmTiers {
  const AesTier *aes;
  const GhashTier *ghash;
  bool cxx_data;  // either computes on data in C++: the caller wipes the stack
};

// Seal: out = the in_len bytes of ciphertext, tag = the full 16-byte tag.
// in == out allowed, no other overlap; lengths within the limits above;
// nonce_len >= 1 (all checked by the caller).
CTASM_NOINLINE void gcm_seal(const GcmKey *key, const GcmTiers &t, uint8_t *out,
                             uint8_t tag[16], const uint8_t *nonce, size_t nonce_len,
                             const uint8_t *in, size_t in_len, const uint8_t *ad, size_t ad_len);

// Open: computes the tag of the ciphertext in[0..in_len) and compares its
// first tag_len bytes with `tag` in constant time; only when they agree does
// it decrypt into out (in == out allowed) and return true. On false, out has
// not been written.
CTASM_NOINLINE bool gcm_open(const GcmKey *key, const GcmTiers &t, uint8_t *out,
                             const uint8_t *nonce, size_t nonce_len, const uint8_t *in,
                             size_t in_len, const uint8_t *ad, size_t ad_len, const uint8_t *tag,
                             size_t tag_len);

}  // namespace ctasm

#endif  // CTASM_SRC_AEAD_GCM_H
