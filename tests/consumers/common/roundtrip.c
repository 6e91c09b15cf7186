/* SPDX-License-Identifier: Apache-2.0 */
/* The program every consumer build runs against the ctasm it built: AES-128
 * known answers (FIPS-197 C.1, SP 800-38A F.2.1 CBC and F.5.1 CTR) and CBC/CTR
 * encrypt+decrypt round trips over many lengths (long enough for the 8-block
 * bsaes path), with the CTR stream split at odd byte offsets; AES-128-GCM and
 * ChaCha20-Poly1305 / XChaCha20-Poly1305 known answers sealed and opened on the
 * default tiers (chacha_kat.h). Plain C, through ctasm.h only: with
 * -DCTASM_PREFIX=foo it calls foo_ctasm_* without knowing. */
#include <stdio.h>
#include <string.h>

#include "ctasm/ctasm.h"
#include "chacha_kat.h"

static int failures = 0, checks = 0;

static void expect(int ok, const char *what, size_t len) {
  checks++;
  if (!ok) {
    failures++;
    fprintf(stderr, "FAIL: %s (len %zu)\n", what, len);
  }
}

static const uint8_t kKey[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
static const uint8_t kPlain1[16] = {0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
                                    0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a};

static void known_answers(void) {
  /* FIPS-197 appendix C.1 */
  static const uint8_t key[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                  0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
  static const uint8_t pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
  static const uint8_t ct[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                 0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
  /* SP 800-38A F.2.1 (CBC, IV 00..0f) and F.5.1 (CTR, counter f0..ff), block 1 */
  static const uint8_t cbc1[16] = {0x76, 0x49, 0xab, 0xac, 0x81, 0x19, 0xb2, 0x46,
                                   0xce, 0xe9, 0x8e, 0x9b, 0x12, 0xe9, 0x19, 0x7d};
  static const uint8_t ctr1[16] = {0x87, 0x4d, 0x61, 0x91, 0xb6, 0x20, 0xe3, 0x26,
                                   0x1b, 0xef, 0x68, 0x64, 0x99, 0x0d, 0xb6, 0xce};
  ctasm_aes_key enc, dec;
  uint8_t out[16], iv[16], ecount[16];
  unsigned num = 0;
  int i;

  expect(ctasm_aes_set_encrypt_key(&enc, key, 16) == 1, "set_encrypt_key", 16);
  expect(ctasm_aes_set_decrypt_key(&dec, key, 16) == 1, "set_decrypt_key", 16);
  ctasm_aes_encrypt_block(&enc, pt, out);
  expect(memcmp(out, ct, 16) == 0, "FIPS-197 C.1 encrypt", 16);
  ctasm_aes_decrypt_block(&dec, ct, out);
  expect(memcmp(out, pt, 16) == 0, "FIPS-197 C.1 decrypt", 16);

  expect(ctasm_aes_set_encrypt_key(&enc, kKey, 16) == 1, "set_encrypt_key", 16);
  for (i = 0; i < 16; i++) iv[i] = (uint8_t)i;
  ctasm_aes_cbc_encrypt(&enc, kPlain1, out, 16, iv, 1);
  expect(memcmp(out, cbc1, 16) == 0, "SP 800-38A F.2.1 CBC", 16);
  for (i = 0; i < 16; i++) iv[i] = (uint8_t)(0xf0 + i);
  ctasm_aes_ctr128_encrypt(&enc, kPlain1, out, 16, iv, ecount, &num);
  expect(memcmp(out, ctr1, 16) == 0, "SP 800-38A F.5.1 CTR", 16);
}

static void round_trips(void) {
  static uint8_t pt[1031], ct[1031], back[1031];
  ctasm_aes_key enc, dec;
  uint32_t x = 12345;
  size_t len, i;

  for (i = 0; i < sizeof(pt); i++) {
    x = x * 1103515245u + 12345u; /* any fixed filler */
    pt[i] = (uint8_t)(x >> 24);
  }
  ctasm_aes_set_encrypt_key(&enc, kKey, 16);
  ctasm_aes_set_decrypt_key(&dec, kKey, 16);
  for (len = 0; len <= sizeof(pt); len += (len < 160 ? 1 : 61)) {
    uint8_t iv0[16], iv[16], ecount[16];
    unsigned num = 0;
    size_t cut = len / 3;
    memset(iv0, 0xa5, sizeof(iv0));
    iv0[15] = 0xfe; /* the counter carries out of its low 32 bits during long runs */
    iv0[11] = 0xff;

    /* CTR: encrypt in two calls split at an odd byte, decrypt in one. */
    memcpy(iv, iv0, 16);
    ctasm_aes_ctr128_encrypt(&enc, pt, ct, cut, iv, ecount, &num);
    ctasm_aes_ctr128_encrypt(&enc, pt + cut, ct + cut, len - cut, iv, ecount, &num);
    memcpy(iv, iv0, 16);
    num = 0;
    ctasm_aes_ctr128_encrypt(&enc, ct, back, len, iv, ecount, &num);
    expect(memcmp(back, pt, len) == 0, "CTR round trip", len);
    expect(len < 16 || memcmp(ct, pt, len) != 0, "CTR changes the data", len);

    if (len % 16 == 0) {
      memcpy(iv, iv0, 16);
      ctasm_aes_cbc_encrypt(&enc, pt, ct, len, iv, 1);
      memcpy(iv, iv0, 16);
      ctasm_aes_cbc_encrypt(&dec, ct, back, len, iv, 0);
      expect(memcmp(back, pt, len) == 0, "CBC round trip", len);
    }
  }
}

/* AES-128-GCM, the GCM specification's test case 2 (zero key and nonce, one
 * zero block), sealed and opened, and a flipped tag refused with out untouched. */
static void aead_known_answer(void) {
  static const uint8_t ct_tag[32] = {0x03, 0x88, 0xda, 0xce, 0x60, 0xb6, 0xa3, 0x92,
                                     0xf3, 0x28, 0xc2, 0xb9, 0x71, 0xb2, 0xfe, 0x78,
                                     0xab, 0x6e, 0x47, 0xd4, 0x2c, 0xec, 0x13, 0xbd,
                                     0xf5, 0x3a, 0x67, 0xb2, 0x12, 0x57, 0xbd, 0xdf};
  static const uint8_t zero[16] = {0};
  static ctasm_aead_ctx ctx; /* static: 16-byte aligned as its type says */
  uint8_t out[32], back[16];
  size_t n = 0;
  expect(ctasm_aead_ctx_init(&ctx, ctasm_aead_aes_128_gcm(), zero, 16, 0) == 1, "GCM init", 16);
  expect(ctasm_aead_seal(&ctx, out, &n, sizeof(out), zero, 12, zero, 16, NULL, 0) == 1 &&
             n == 32 && memcmp(out, ct_tag, 32) == 0,
         "GCM seal (test case 2)", 16);
  expect(ctasm_aead_open(&ctx, back, &n, sizeof(back), zero, 12, out, 32, NULL, 0) == 1 &&
             n == 16 && memcmp(back, zero, 16) == 0,
         "GCM open", 16);
  out[31] ^= 1;
  memset(back, 0xa5, sizeof(back));
  expect(ctasm_aead_open(&ctx, back, &n, sizeof(back), zero, 12, out, 32, NULL, 0) == 0 &&
             back[0] == 0xa5 && back[15] == 0xa5,
         "GCM open refuses a bad tag", 16);
  ctasm_aead_ctx_cleanup(&ctx);
}

int main(int argc, char **argv) {
  const char *who = argc > 1 ? argv[1] : "consumer";
  known_answers();
  round_trips();
  aead_known_answer();
  failures += chacha_kat(0, &checks);
  failures += chacha_kat(1, &checks);
  printf("%s: %s, %d/%d checks passed (aes impl %s, chacha impl %s, cpu %s)\n", who,
         failures ? "FAILED" : "ok", checks - failures, checks, ctasm_aes_impl(),
         ctasm_aead_impl(ctasm_aead_chacha20_poly1305()), ctasm_cpu_caps());
  return failures ? 1 : 0;
}
