// SPDX-License-Identifier: Apache-2.0
// ChaCha20-Poly1305 and XChaCha20-Poly1305 on top of a ChaCha tier
// (chacha_aead.h).
#include "aead/chacha_aead.h"

#include <string.h>

#include "chacha/chacha_portable.h"
#include "internal/ct.h"
#include "internal/declassify.h"

namespace ctasm {
namespace {

// The ChaCha20 state of block 0 for this message: the key and 12-byte nonce
// as given, or for XChaCha20 the HChaCha20 subkey of the first 16 nonce bytes
// with nonce 0^4 || the last 8 bytes.
void message_state(ChachaState *st, const ChachaAeadKey *key, bool xchacha, const uint8_t *nonce) {
  if (!xchacha) {
    chacha_make_state(st, key->key, 0, nonce);
    return;
  }
  uint8_t subkey[32], n12[12] = {0};
  chacha_portable::hchacha20(subkey, key->key, nonce);
  memcpy(n12 + 4, nonce + 16, 8);
  chacha_make_state(st, subkey, 0, n12);
  secure_wipe(subkey, sizeof(subkey));
}

}  // namespace

void chacha_aead_seal(const ChachaAeadKey *key, const ChachaTier &tier, bool xchacha, uint8_t *out,
                      uint8_t tag[16], const uint8_t *nonce, const uint8_t *in, size_t in_len,
                      const uint8_t *ad, size_t ad_len) {
  ChachaState st;
  message_state(&st, key, xchacha, nonce);
  tier.seal(out, tag, in, in_len, ad, ad_len, &st);
  secure_wipe(&st, sizeof(st));
}

bool chacha_aead_open(const ChachaAeadKey *key, const ChachaTier &tier, bool xchacha, uint8_t *out,
                      const uint8_t *nonce, const uint8_t *in, size_t in_len, const uint8_t *ad,
                      size_t ad_len, const uint8_t tag[16]) {
  ChachaState st;
  message_state(&st, key, xchacha, nonce);
  uint8_t want[16];
  tier.open(out, want, in, in_len, ad, ad_len, &st);
  secure_wipe(&st, sizeof(st));
  const bool ok = chacha_tag_check(want, tag);
  // One pass decrypted already: a forgery's plaintext must not stay in out.
  if (!ok) secure_wipe(out, in_len);
  return ok;
}

}  // namespace ctasm
