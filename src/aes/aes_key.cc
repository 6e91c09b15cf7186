// SPDX-License-Identifier: Apache-2.0
// AES key setup and the diagnosis of a key that fails its check
// (internal.h, "Keys"; layout in docs/INTERNALS.md).
#include <string.h>

#include "aes/internal.h"
#include "internal/args.h"
#include "internal/ct.h"

static_assert(sizeof(ctasm_aes_key) == 2048, "ctasm_aes_key layout (docs/INTERNALS.md)");
static_assert(alignof(ctasm_aes_key) == 16, "ctasm_aes_key must be 16-byte aligned");
static_assert(offsetof(ctasm_aes_key, ctasm_private_rounds) == 240, "rounds at byte 240");
static_assert(offsetof(ctasm_aes_key, ctasm_private_impl) == 244, "impl at byte 244");
static_assert(offsetof(ctasm_aes_key, ctasm_private_direction) == 248, "direction at byte 248");
static_assert(offsetof(ctasm_aes_key, ctasm_private_check) == 252, "check word at byte 252");
static_assert(offsetof(ctasm_aes_key, ctasm_private_extra) == 256, "tier extra at byte 256");

namespace ctasm {

int aes_set_key(ctasm_aes_key *key, const uint8_t *raw, size_t raw_len, AesKeyDir dir,
                bool *cxx_key) {
  *cxx_key = false;
  if (key == nullptr) return 0;
  const bool size_ok = raw_len == 16 || raw_len == 24 || raw_len == 32;
  // raw may lie inside *key: read it before the key is touched.
  uint8_t user_key[32];
  if (raw != nullptr && size_ok) memcpy(user_key, raw, raw_len);
  const bool ok = raw != nullptr && size_ok && (reinterpret_cast<uintptr_t>(key) & 15) == 0;
  const AesTier &t = aes_select_tier();
  if (ok && dir == kAesKeyEncrypt && t.encrypt_key_defines_all) {
    key->ctasm_private_check = 0;  // unusable until success; the tier writes the rest
  } else {
    secure_wipe(key, sizeof(*key));  // check word 0: unusable until success
  }
  if (!ok) return 0;
  const unsigned bits = static_cast<unsigned>(raw_len * 8);
  if (dir == kAesKeyDecrypt) {
    t.set_decrypt_key(user_key, bits, key);
    *cxx_key = (t.cxx_secrets & kCxxDecryptKey) != 0;
  } else {
    t.set_encrypt_key(user_key, bits, key);
    *cxx_key = (t.cxx_secrets & kCxxEncryptKey) != 0;
  }
  secure_wipe(user_key, sizeof(user_key));
  key->ctasm_private_impl = t.impl;
  key->ctasm_private_direction = dir;
  key->ctasm_private_check = aes_key_check_word(key->ctasm_private_rounds, t.impl, dir);
  return 1;
}

void aes_key_misuse(const char *fn, const ctasm_aes_key *key, AesKeyDir dir) {
  if (key == nullptr) misuse(fn, "AES key is NULL");
  if ((reinterpret_cast<uintptr_t>(key) & 15) != 0) {
    misuse(fn, "AES key is not 16-byte aligned (ctasm_aes_key requires it)");
  }
  const uint32_t rounds = key->ctasm_private_rounds, impl = key->ctasm_private_impl;
  const uint32_t kdir = key->ctasm_private_direction;
  if (key->ctasm_private_check != aes_key_check_word(rounds, impl, kdir) ||
      (kdir != kAesKeyEncrypt && kdir != kAesKeyDecrypt)) {
    misuse(fn,
           "AES key not set, or corrupted (set_*_key never called or failed, or the struct "
           "was overwritten)");
  }
  if (rounds != 10 && rounds != 12 && rounds != 14) misuse(fn, "AES key corrupted (rounds)");
  const AesTier *t = impl < kAesImplCount ? kAesTierByImpl[impl] : nullptr;
  if (t == nullptr) misuse(fn, "AES key corrupted (unknown implementation)");
  if (kdir != dir) {
    misuse(fn, dir == kAesKeyEncrypt ? "AES decryption key used to encrypt (CTR, CBC/ECB enc=1)"
                                     : "AES encryption key used to decrypt");
  }
  misuse(fn, "AES key corrupted (its tier's key form disagrees with its metadata)");
}

}  // namespace ctasm
