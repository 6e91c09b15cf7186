/* SPDX-License-Identifier: Apache-2.0 */
/* ctasm's default (unprefixed) build and Debian's static OpenSSL libcrypto.a in
 * one program, linked in either order: both libraries must link and each must
 * run its own code. Before ctasm's assembly names were ctasm_*, one order failed
 * with "multiple definition of vpaes_encrypt" and the other linked OpenSSL's AES
 * to ctasm's vpaes functions (a different key layout: wrong output). Run at
 * OpenSSL's SSSE3 tier (OPENSSL_ia32cap=~0x1200000200000000:0), where OpenSSL
 * itself calls its vpaes_* and bsaes_* functions, and compared against FIPS-197
 * and SP 800-38A known answers and against each other on random data. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "ctasm/ctasm.h"

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
  printf("static-openssl: %d/%d checks passed (ctasm %s next to %s, OPENSSL_ia32cap=%s)\n",
         checks - failures, checks, ctasm_aes_impl(), OpenSSL_version(OPENSSL_VERSION),
         getenv("OPENSSL_ia32cap") ? getenv("OPENSSL_ia32cap") : "unset");
  return failures == 0 ? 0 : 1;
}
