/* SPDX-License-Identifier: Apache-2.0 */
/* Two copies of ctasm (prefixes foo and bar) and OpenSSL's libcrypto in one
 * program: all three encrypt the same buffer with AES-128-CTR, and seal it with
 * ChaCha20-Poly1305, and must agree.
 * OpenSSL has its own vpaes_encrypt & co., and an unprefixed global in either copy
 * would clash at link time (the copies are linked whole, libcrypto statically
 * when libcrypto.a exists) or silently bind to the wrong code. */
#include <stdio.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <stddef.h>
#include <stdint.h>

int foo_copy_ctr(const uint8_t key[16], const uint8_t iv[16], const uint8_t *in, uint8_t *out,
                 size_t len);
int bar_copy_ctr(const uint8_t key[16], const uint8_t iv[16], const uint8_t *in, uint8_t *out,
                 size_t len);
int foo_copy_chacha_seal(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *in,
                         uint8_t *out, size_t len);
int bar_copy_chacha_seal(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *in,
                         uint8_t *out, size_t len);
const char *foo_copy_impl(void);
const char *bar_copy_impl(void);
const char *foo_copy_chacha_impl(void);
const char *bar_copy_chacha_impl(void);

static int openssl_ctr(const uint8_t key[16], const uint8_t iv[16], const uint8_t *in,
                       uint8_t *out, size_t len) {
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
  int n = 0, ok = ctx != NULL && EVP_EncryptInit_ex(ctx, EVP_aes_128_ctr(), NULL, key, iv) == 1 &&
                  EVP_EncryptUpdate(ctx, out, &n, in, (int)len) == 1 && (size_t)n == len;
  EVP_CIPHER_CTX_free(ctx);
  return ok;
}

/* ChaCha20-Poly1305 seal without AD: ciphertext || tag. */
static int openssl_chacha_seal(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *in,
                               uint8_t *out, size_t len) {
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
  int n = 0, m = 0,
      ok = ctx != NULL && EVP_EncryptInit_ex(ctx, EVP_chacha20_poly1305(), NULL, key, nonce) == 1 &&
           (len == 0 || EVP_EncryptUpdate(ctx, out, &n, in, (int)len) == 1) &&
           EVP_EncryptFinal_ex(ctx, out + n, &m) == 1 &&
           EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, out + len) == 1;
  EVP_CIPHER_CTX_free(ctx);
  return ok;
}

int main(void) {
  static uint8_t in[4099], a[4099], b[4099], c[4099];
  uint8_t key[16], iv[16];
  size_t lens[] = {0, 1, 16, 100, 128, 129, 1024, 4099}, i, k;
  int bad = 0;

  for (i = 0; i < sizeof(in); i++) in[i] = (uint8_t)(i * 31 + 7);
  for (i = 0; i < 16; i++) {
    key[i] = (uint8_t)(0x10 + i);
    iv[i] = (uint8_t)(0xf0 + i);
  }
  iv[12] = iv[13] = iv[14] = 0xff; /* carry out of the low 32 counter bits after 8 blocks */
  iv[15] = 0xf8;
  for (k = 0; k < sizeof(lens) / sizeof(lens[0]); k++) {
    size_t len = lens[k];
    memset(a, 0, len);
    memset(b, 1, len);
    memset(c, 2, len);
    if (!foo_copy_ctr(key, iv, in, a, len) || !bar_copy_ctr(key, iv, in, b, len) ||
        !openssl_ctr(key, iv, in, c, len) || memcmp(a, c, len) != 0 || memcmp(b, c, len) != 0) {
      fprintf(stderr, "FAIL: AES-128-CTR differs at len %zu\n", len);
      bad++;
    }
  }
  for (k = 0; k < sizeof(lens) / sizeof(lens[0]); k++) {
    size_t len = lens[k] < sizeof(in) - 16 ? lens[k] : sizeof(in) - 16;
    uint8_t ckey[32], nonce[12];
    for (i = 0; i < 32; i++) ckey[i] = (uint8_t)(0x40 + 3 * i);
    for (i = 0; i < 12; i++) nonce[i] = (uint8_t)(k + i);
    memset(a, 0, len + 16);
    memset(b, 1, len + 16);
    memset(c, 2, len + 16);
    if (!foo_copy_chacha_seal(ckey, nonce, in, a, len) || !bar_copy_chacha_seal(ckey, nonce, in, b, len) ||
        !openssl_chacha_seal(ckey, nonce, in, c, len) || memcmp(a, c, len + 16) != 0 ||
        memcmp(b, c, len + 16) != 0) {
      fprintf(stderr, "FAIL: ChaCha20-Poly1305 differs at len %zu\n", len);
      bad++;
    }
  }
  printf("two-copies: %s, foo (%s, %s), bar (%s, %s) and %s: %d disagreements on AES-128-CTR "
         "and ChaCha20-Poly1305 at %zu lengths\n",
         bad ? "FAILED" : "ok", foo_copy_impl(), foo_copy_chacha_impl(), bar_copy_impl(),
         bar_copy_chacha_impl(), OpenSSL_version(0), bad, sizeof(lens) / sizeof(lens[0]));
  return bad ? 1 : 0;
}
