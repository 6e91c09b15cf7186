/* SPDX-License-Identifier: Apache-2.0 */
/* ctasm's default (unprefixed) build and Debian's static OpenSSL libcrypto.a in
 * one program, linked in either order: both libraries must link and each must
 * run its own code. Before ctasm's assembly names were ctasm_*, one order failed
 * with "multiple definition of vpaes_encrypt" and the other linked OpenSSL's AES
 * to ctasm's vpaes functions (a different key layout: wrong output). Run at
 * OpenSSL's SSSE3 tier (OPENSSL_ia32cap=~0x1200000200000000:0), where OpenSSL
 * itself calls its vpaes_* and bsaes_* functions, and compared against FIPS-197
 * and SP 800-38A known answers and against each other on random data. The same
 * for ChaCha20-Poly1305 (ctasm on its default tier, OpenSSL's EVP at the masked
 * one): RFC 8439 2.8.2 through ctasm (chacha_kat.h, with XChaCha20-Poly1305), and
 * each library's seal against the other's and opened by the other. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "ctasm/ctasm.h"
#include "../common/chacha_kat.h"

static int failures = 0, checks = 0;

static void expect(int ok, const char *what, size_t len) {
  checks++;
  if (!ok) {
    failures++;
    fprintf(stderr, "FAIL: %s (len %zu)\n", what, len);
  }
}

/* OpenSSL EVP one-shot (no padding). */
static int evp(const EVP_CIPHER *c, int enc, const uint8_t *key, const uint8_t *iv,
               const uint8_t *in, size_t len, uint8_t *out) {
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
  int n = 0, m = 0, ok = ctx != NULL && EVP_CipherInit_ex(ctx, c, NULL, key, iv, enc) == 1 &&
                         EVP_CIPHER_CTX_set_padding(ctx, 0) == 1 &&
                         EVP_CipherUpdate(ctx, out, &n, in, (int)len) == 1 &&
                         EVP_CipherFinal_ex(ctx, out + n, &m) == 1 && (size_t)(n + m) == len;
  EVP_CIPHER_CTX_free(ctx);
  return ok;
}

/* OpenSSL's ChaCha20-Poly1305 seal (ct || tag into out) or open (pt into out;
 * 1 only if the tag verifies) with a 12-byte nonce and a 16-byte tag. */
static int evp_chacha(int enc, const uint8_t key[32], const uint8_t nonce[12], const uint8_t *ad,
                      size_t ad_len, const uint8_t *in, size_t len, uint8_t *out) {
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
  size_t body = enc ? len : len - 16;
  int n = 0, m = 0,
      ok = ctx != NULL && (enc || len >= 16) &&
           EVP_CipherInit_ex(ctx, EVP_chacha20_poly1305(), NULL, key, nonce, enc) == 1 &&
           (enc || EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16, (void *)(in + body)) == 1) &&
           (ad_len == 0 || EVP_CipherUpdate(ctx, NULL, &n, ad, (int)ad_len) == 1) &&
           (body == 0 || EVP_CipherUpdate(ctx, out, &n, in, (int)body) == 1) &&
           EVP_CipherFinal_ex(ctx, out + (body ? n : 0), &m) == 1 &&
           (!enc || EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, out + len) == 1);
  EVP_CIPHER_CTX_free(ctx);
  return ok;
}

static uint32_t rng_state = 0x12345678u;
static uint8_t rnd(void) {
  rng_state = rng_state * 1103515245u + 12345u;
  return (uint8_t)(rng_state >> 24);
}

int main(void) {
  static const uint8_t key[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                  0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
  static const uint8_t pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
  static const uint8_t ct[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                 0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
  static uint8_t in[4096], a[4096], b[4096], iv[16], iv2[16], ec[16];
  ctasm_aes_key ek, dk;
  unsigned num;
  size_t i, len;

  /* FIPS-197 C.1 through both libraries. */
  expect(ctasm_aes_set_encrypt_key(&ek, key, 16) == 1, "ctasm set_encrypt_key", 16);
  expect(ctasm_aes_set_decrypt_key(&dk, key, 16) == 1, "ctasm set_decrypt_key", 16);
  ctasm_aes_encrypt_block(&ek, pt, a);
  expect(memcmp(a, ct, 16) == 0, "ctasm FIPS-197 C.1", 16);
  expect(evp(EVP_aes_128_ecb(), 1, key, NULL, pt, 16, b) && memcmp(b, ct, 16) == 0,
         "OpenSSL FIPS-197 C.1", 16);

  /* Random data, lengths through OpenSSL's bsaes CTR (8+ blocks) and ctasm's
   * bsaes paths, CBC both ways, CTR; each library against the other. */
  for (len = 16; len <= sizeof(in); len += 16 * 7 + (len < 512 ? 0 : 400)) {
    for (i = 0; i < len; i++) in[i] = rnd();
    for (i = 0; i < 16; i++) iv[i] = rnd();

    memcpy(iv2, iv, 16);
    ctasm_aes_cbc_encrypt(&ek, in, a, len, iv2, 1);
    expect(evp(EVP_aes_128_cbc(), 1, key, iv, in, len, b) && memcmp(a, b, len) == 0,
           "CBC encrypt ctasm == OpenSSL", len);
    memcpy(iv2, iv, 16);
    ctasm_aes_cbc_encrypt(&dk, b, a, len, iv2, 0);
    expect(memcmp(a, in, len) == 0, "ctasm CBC decrypt of OpenSSL's ciphertext", len);
    expect(evp(EVP_aes_128_cbc(), 0, key, iv, b, len, a) && memcmp(a, in, len) == 0,
           "OpenSSL CBC decrypt", len);

    memcpy(iv2, iv, 16);
    num = 0;
    ctasm_aes_ctr128_encrypt(&ek, in, a, len - 3, iv2, ec, &num);
    expect(evp(EVP_aes_128_ctr(), 1, key, iv, in, len - 3, b) && memcmp(a, b, len - 3) == 0,
           "CTR ctasm == OpenSSL", len - 3);
  }

  /* ChaCha20-Poly1305: the known answers, then ctasm and OpenSSL on random data,
   * lengths around ctasm's batches (64-byte blocks, up to 16 per batch) and AD of
   * a few lengths; each seal equal, each opens the other's. */
  failures += chacha_kat(0, &checks);
  failures += chacha_kat(1, &checks);
  {
    static ctasm_aead_ctx cc; /* static: 16-byte aligned as its type says */
    static const size_t lens[] = {0, 1, 15, 16, 63, 64, 65, 255, 256, 257, 511, 512, 513, 1023,
                                  1024, 1025, 1350, 2047, 2048, 2049, 4096 - 16};
    uint8_t ck[32], cn[12], ad[40];
    size_t k, n = 0;
    for (i = 0; i < 32; i++) ck[i] = rnd();
    for (i = 0; i < 12; i++) cn[i] = rnd();
    for (i = 0; i < sizeof(ad); i++) ad[i] = rnd();
    expect(ctasm_aead_ctx_init(&cc, ctasm_aead_chacha20_poly1305(), ck, 32, 0) == 1,
           "ctasm ChaCha20-Poly1305 ctx_init", 32);
    for (k = 0; k < sizeof(lens) / sizeof(lens[0]); k++) {
      size_t ad_len = (k * 13) % (sizeof(ad) + 1);
      len = lens[k];
      for (i = 0; i < len; i++) in[i] = rnd();
      expect(ctasm_aead_seal(&cc, a, &n, len + 16, cn, 12, in, len, ad, ad_len) == 1 && n == len + 16,
             "ctasm ChaCha20-Poly1305 seal", len);
      expect(evp_chacha(1, ck, cn, ad, ad_len, in, len, b) && memcmp(a, b, len + 16) == 0,
             "ChaCha20-Poly1305 seal ctasm == OpenSSL", len);
      memset(a, 0, len);
      expect(ctasm_aead_open(&cc, a, &n, len, cn, 12, b, len + 16, ad, ad_len) == 1 && n == len &&
                 memcmp(a, in, len) == 0,
             "ctasm opens OpenSSL's ChaCha20-Poly1305", len);
      expect(ctasm_aead_seal(&cc, a, &n, len + 16, cn, 12, in, len, ad, ad_len) == 1 &&
                 evp_chacha(0, ck, cn, ad, ad_len, a, len + 16, b) && memcmp(b, in, len) == 0,
             "OpenSSL opens ctasm's ChaCha20-Poly1305", len);
      a[len] ^= 1; /* a tag bit: both must refuse */
      expect(ctasm_aead_open(&cc, b, &n, len, cn, 12, a, len + 16, ad, ad_len) == 0 &&
                 !evp_chacha(0, ck, cn, ad, ad_len, a, len + 16, b),
             "ChaCha20-Poly1305 flipped tag refused by both", len);
    }
    ctasm_aead_ctx_cleanup(&cc);
  }
  printf("static-openssl: %d/%d checks passed (ctasm %s and %s next to %s, OPENSSL_ia32cap=%s)\n",
         checks - failures, checks, ctasm_aes_impl(), ctasm_aead_impl(ctasm_aead_chacha20_poly1305()),
         OpenSSL_version(OPENSSL_VERSION),
         getenv("OPENSSL_ia32cap") ? getenv("OPENSSL_ia32cap") : "unset");
  return failures == 0 ? 0 : 1;
}
