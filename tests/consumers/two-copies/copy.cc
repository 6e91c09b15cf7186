// SPDX-License-Identifier: Apache-2.0
// One side of the two-copies test, compiled once per copy with that copy's
// -DCTASM_PREFIX: ctasm.hpp then names foo_ctasm::AesKey and calls
// foo_ctasm_aes_*, and this file exports <prefix>_copy_ctr, <prefix>_copy_chacha_seal
// and their <prefix>_copy_impl, <prefix>_copy_chacha_impl.
#include <stddef.h>
#include <stdint.h>

#include "ctasm/ctasm.hpp"

#if !defined(CTASM_PREFIX)
#error "compile each copy with its -DCTASM_PREFIX"
#endif
#define COPY_CAT2(p, n) p##_##n
#define COPY_CAT(p, n) COPY_CAT2(p, n)

// AES-128-CTR of len bytes with a 128-bit big-endian counter starting at iv.
extern "C" int COPY_CAT(CTASM_PREFIX, copy_ctr)(const uint8_t key[16], const uint8_t iv[16],
                                                const uint8_t *in, uint8_t *out, size_t len) {
  ctasm::AesKey k;
  if (!k.set_encrypt_key(key, 16)) return 0;
  uint8_t ivec[16], ecount[16];
  unsigned num = 0;
  for (int i = 0; i < 16; i++) ivec[i] = iv[i];
  k.ctr128(in, out, len, ivec, ecount, &num);
  return 1;
}

// ChaCha20-Poly1305 seal (no AD) of len bytes into out (len + 16 bytes).
extern "C" int COPY_CAT(CTASM_PREFIX, copy_chacha_seal)(const uint8_t key[32], const uint8_t nonce[12],
                                                        const uint8_t *in, uint8_t *out, size_t len) {
  ctasm::AeadCtx ctx;
  size_t n = 0;
  return ctx.init(ctasm_aead_chacha20_poly1305(), key, 32) &&
         ctx.seal(out, &n, len + 16, nonce, 12, in, len, nullptr, 0) && n == len + 16;
}

extern "C" const char *COPY_CAT(CTASM_PREFIX, copy_impl)(void) { return ctasm::aes_impl_string(); }
extern "C" const char *COPY_CAT(CTASM_PREFIX, copy_chacha_impl)(void) {
  return ctasm::aead_impl_string(ctasm_aead_chacha20_poly1305());
}
