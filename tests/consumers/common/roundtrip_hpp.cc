// SPDX-License-Identifier: Apache-2.0
// The C++ consumer of an installed ctasm: the same known answers as roundtrip.c
// through the ctasm.hpp wrapper (namespace ctasm, or foo_ctasm under
// CTASM_PREFIX=foo, which users get from the installed package's definitions),
// the ChaCha20-Poly1305 ones (chacha_kat.h) through ctasm::AeadCtx.
#include <stdio.h>
#include <string.h>

#include <vector>

#include "ctasm/ctasm.hpp"
#include "chacha_kat.h"

int main(int argc, char **argv) {
  const char *who = argc > 1 ? argv[1] : "c++ consumer";
  // FIPS-197 appendix C.1
  const uint8_t key[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                           0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
  const uint8_t pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                          0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
  const uint8_t ct[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                          0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
  int failures = 0;
  ctasm::AesKey enc, dec;
  uint8_t out[16];
  if (!enc.set_encrypt_key(key) || !dec.set_decrypt_key(key)) failures++;
  enc.encrypt_block(pt, out);
  failures += memcmp(out, ct, 16) != 0;
  dec.decrypt_block(ct, out);
  failures += memcmp(out, pt, 16) != 0;

  // CTR and CBC round trips over a few lengths, through the span overloads.
  for (size_t len : {0, 1, 15, 16, 17, 127, 128, 129, 1000, 4096}) {
    std::vector<uint8_t> in(len), mid(len), back(len);
    for (size_t i = 0; i < len; i++) in[i] = static_cast<uint8_t>(i * 7 + 3);
    uint8_t iv[16] = {0}, ecount[16];
    unsigned num = 0;
    failures += !enc.ctr128(in, mid, iv, ecount, num);
    memset(iv, 0, 16);
    num = 0;
    failures += !enc.ctr128(mid, back, iv, ecount, num);
    failures += in != back;
    if (len % 16 == 0) {
      memset(iv, 1, 16);
      failures += !enc.cbc(in, mid, iv, true);
      memset(iv, 1, 16);
      failures += !dec.cbc(mid, back, iv, false);
      failures += in != back;
    }
  }
  // ChaCha20-Poly1305 and XChaCha20-Poly1305 on the default tier: seal to the
  // published bytes, open them back, refuse a flipped tag.
  for (int x = 0; x < 2; x++) {
    const ctasm_aead *aead = x ? ctasm_aead_xchacha20_poly1305() : ctasm_aead_chacha20_poly1305();
    const ctasm::span<const uint8_t> nonce(x ? kXChachaKatNonce : kChachaKatNonce, x ? 24 : 12);
    const uint8_t *want = x ? kXChachaKatSealed : kChachaKatSealed;
    const ctasm::span<const uint8_t> pt(reinterpret_cast<const uint8_t *>(kChachaKatPlaintext),
                                        CHACHA_KAT_LEN);
    ctasm::AeadCtx ctx;
    std::vector<uint8_t> sealed(CHACHA_KAT_LEN + 16), back(CHACHA_KAT_LEN);
    failures += !ctx.init(aead, kChachaKatKey);
    failures += ctx.seal(sealed, nonce, pt, kChachaKatAd) != sealed.size();
    failures += memcmp(sealed.data(), want, sealed.size()) != 0;
    size_t n = 0;
    failures += !ctx.open(back, &n, nonce, sealed, kChachaKatAd) || n != CHACHA_KAT_LEN;
    failures += memcmp(back.data(), kChachaKatPlaintext, CHACHA_KAT_LEN) != 0;
    sealed.back() ^= 1;
    failures += ctx.open(back, &n, nonce, sealed, kChachaKatAd);
  }
  printf("%s: %s (aes impl %s, chacha impl %s)\n", who, failures ? "FAILED" : "ok",
         ctasm::aes_impl_string(), ctasm::aead_impl_string(ctasm_aead_chacha20_poly1305()));
  return failures ? 1 : 0;
}
