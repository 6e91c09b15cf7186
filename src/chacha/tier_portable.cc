// SPDX-License-Identifier: Apache-2.0
// The portable ChaCha20-Poly1305 tier: the contract of internal.h in C++
// (chacha_portable.cc, poly1305_portable.cc), on every target. It computes on
// the key, the key stream and the data in C++, so its callers wipe the stack
// after it (kChachaCxx* flags).
#include <string.h>

#include "chacha/chacha_portable.h"
#include "chacha/internal.h"
#include "chacha/poly1305_portable.h"
#include "internal/ct.h"

namespace ctasm {
namespace {

bool always() { return true; }

// The one-time Poly1305 key from block 0 of state (counter 0, RFC 8439 2.6),
// and the state for the data from block 1.
void start(poly1305_portable::State *mac, ChachaState *data_state, const ChachaState *state) {
  uint8_t block0[64];
  chacha_portable::block(block0, state);
  poly1305_portable::init(mac, block0);
  secure_wipe(block0, sizeof(block0));
  *data_state = *state;
  data_state->words[8] = 1;
}

// Poly1305 over ad || pad16 || ct || pad16 || le64(ad_len) || le64(ct_len).
void mac_ad(poly1305_portable::State *mac, const uint8_t *ad, size_t ad_len) {
  if (ad_len != 0) poly1305_portable::update(mac, ad, ad_len);
  poly1305_portable::pad16(mac);
}
void mac_tail(poly1305_portable::State *mac, size_t ad_len, size_t ct_len, uint8_t tag[16]) {
  poly1305_portable::pad16(mac);
  uint8_t lengths[16];
  store_le64(lengths, static_cast<uint64_t>(ad_len));
  store_le64(lengths + 8, static_cast<uint64_t>(ct_len));
  poly1305_portable::update(mac, lengths, 16);
  poly1305_portable::finish(mac, tag);
}

void seal(uint8_t *out, uint8_t tag[16], const uint8_t *in, size_t in_len, const uint8_t *ad,
          size_t ad_len, const ChachaState *state) {
  poly1305_portable::State mac;
  ChachaState st;
  start(&mac, &st, state);
  mac_ad(&mac, ad, ad_len);
  if (in_len != 0) {
    chacha_portable::chacha20(out, in, in_len, &st);
    poly1305_portable::update(&mac, out, in_len);
  }
  mac_tail(&mac, ad_len, in_len, tag);
  secure_wipe(&st, sizeof(st));
}

void open(uint8_t *out, uint8_t tag[16], const uint8_t *in, size_t in_len, const uint8_t *ad,
          size_t ad_len, const ChachaState *state) {
  poly1305_portable::State mac;
  ChachaState st;
  start(&mac, &st, state);
  mac_ad(&mac, ad, ad_len);
  if (in_len != 0) {
    // The whole ciphertext is MACed before anything is written: out may equal in.
    poly1305_portable::update(&mac, in, in_len);
    chacha_portable::chacha20(out, in, in_len, &st);
  }
  mac_tail(&mac, ad_len, in_len, tag);
  secure_wipe(&st, sizeof(st));
}

}  // namespace

// Entry points (C++; no CPU feature needed):
//   void chacha_portable::chacha20(uint8_t *out, const uint8_t *in, size_t len,
//                                  const ChachaState *state);
//   void seal/open(uint8_t *out, uint8_t tag[16], const uint8_t *in, size_t in_len,
//                  const uint8_t *ad, size_t ad_len, const ChachaState *state);
const ChachaTier kChachaTierPortable = {
    kChachaImplPortable, "chacha-portable", always, chacha_portable::chacha20, seal, open,
    kChachaCxxStream | kChachaCxxAead,
};

}  // namespace ctasm
