/* SPDX-License-Identifier: Apache-2.0 */
/* ctasm: constant-time cryptographic assembly with runtime CPU dispatch.
 *
 * Plain C API, usable from C and C++. Functions returning int return 1 on
 * success and 0 on failure. Every implementation behind this API is
 * constant-time: no branch and no memory index depends on keys or data. */
#ifndef CTASM_CTASM_H
#define CTASM_CTASM_H

#include <stddef.h>
#include <stdint.h>

/* With CTASM_PREFIX=foo (library and users alike) every name below becomes
 * foo_<name>; see README "Symbol prefixes". */
#include "ctasm/ctasm_prefix.h"

/* Visibility: the library is built with -fvisibility=hidden; the public
 * functions are the only symbols it exports. A Windows DLL build defines
 * CTASM_SHARED_LIBRARY (library and users) and CTASM_IMPLEMENTATION (library). */
#if defined(_WIN32)
#if defined(CTASM_SHARED_LIBRARY) && defined(CTASM_IMPLEMENTATION)
#define CTASM_EXPORT __declspec(dllexport)
#elif defined(CTASM_SHARED_LIBRARY)
#define CTASM_EXPORT __declspec(dllimport)
#else
#define CTASM_EXPORT
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define CTASM_EXPORT __attribute__((visibility("default")))
#else
#define CTASM_EXPORT
#endif

/* Structure member alignment that works in C11, C++11 and older GNU C. */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define CTASM_ALIGNAS(n) alignas(n)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define CTASM_ALIGNAS(n) _Alignas(n)
#elif defined(__GNUC__) || defined(__clang__)
#define CTASM_ALIGNAS(n) __attribute__((aligned(n)))
#elif defined(_MSC_VER)
#define CTASM_ALIGNAS(n) __declspec(align(n))
#else
#error "ctasm.h: no way to align a structure member with this compiler"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* AEADs (AES-GCM, ChaCha20-Poly1305) are declared here by the AEAD work;
 * see docs/DESIGN.md for their contract. */

/* ---- Raw AES (OpenSSL AES_* / CRYPTO_ctr128 / cbc128 semantics) ---------
 *
 * A key is formatted for the implementation ("tier") in force when it was
 * set and is always used by that tier. An encryption key (set_encrypt_key)
 * serves encrypt_block, ECB/CBC encryption and CTR; a decryption key
 * (set_decrypt_key) serves decrypt_block and ECB/CBC decryption.
 * Buffers may be unaligned; `out` may equal `in` (in place).
 *
 * Misuse and what it does (the void functions have no error code, so they
 * abort with a message on stderr naming the function and the problem; none
 * ever reads or writes out of bounds or gives partial output):
 *
 *   set_*_key: key NULL, raw NULL, raw_len not 16/24/32,
 *              key not 16-byte aligned ............ return 0 (key, if any,
 *                                                   wiped and unusable)
 *   set_*_key: raw inside the key struct itself ... works (raw read first)
 *   len == 0 (ECB, CBC, CTR) ...................... nothing happens: no
 *                                                   pointer, not even the
 *                                                   key, is touched
 *   ECB/CBC len not a multiple of 16 .............. nothing read or written
 *                                                   (key still checked)
 *   key NULL, not 16-byte aligned, never set,
 *     its set_*_key failed, or overwritten
 *     (check word or rounds wrong) ................ abort
 *   encryption key used to decrypt, or the
 *     other way round ............................. abort
 *   in/out/ivec/ecount_buf/num NULL
 *     (with len > 0 where there is a len) ......... abort
 *   in and out overlap without being equal;
 *     ivec or ecount_buf overlapping in, out, the
 *     key or each other; out overlapping the key;
 *     a buffer that wraps the address space ....... abort
 *
 * ctasm_aes_key must be 16-byte aligned, as its type declares (automatic,
 * static and C++ `new` objects are; on 32-bit targets plain malloc may give 8:
 * use aligned_alloc). The same rule holds on every target, so a program that
 * works on one works on all; the SSE tiers need it for their aligned key loads.
 *
 * No key material, key stream or plaintext stays in the stack any of these
 * functions used once it returns (registers are not wiped). */

typedef struct ctasm_aes_key {
  /* Private: layout documented in docs/INTERNALS.md, do not touch. */
  CTASM_ALIGNAS(16) uint32_t ctasm_private_rd_key[60];
  uint32_t ctasm_private_rounds;
  uint32_t ctasm_private_impl;      /* the tier that formatted the key */
  uint32_t ctasm_private_direction; /* encryption or decryption key */
  uint32_t ctasm_private_check;     /* check word over the three above */
  uint8_t ctasm_private_extra[1792];
} ctasm_aes_key;

/* raw_len must be 16, 24 or 32. Return 1 on success, 0 on misuse (above). */
CTASM_EXPORT int ctasm_aes_set_encrypt_key(ctasm_aes_key *key, const uint8_t *raw,
                                           size_t raw_len);
CTASM_EXPORT int ctasm_aes_set_decrypt_key(ctasm_aes_key *key, const uint8_t *raw,
                                           size_t raw_len);

CTASM_EXPORT void ctasm_aes_encrypt_block(const ctasm_aes_key *key, const uint8_t in[16],
                                          uint8_t out[16]);
CTASM_EXPORT void ctasm_aes_decrypt_block(const ctasm_aes_key *key, const uint8_t in[16],
                                          uint8_t out[16]);

/* ECB over len bytes; enc != 0 encrypts. len must be a multiple of 16: with
 * any other len nothing is read or written (no partial processing). */
CTASM_EXPORT void ctasm_aes_ecb_encrypt(const ctasm_aes_key *key, const uint8_t *in,
                                        uint8_t *out, size_t len, int enc);

/* CBC over len bytes; enc != 0 encrypts. ivec is updated to the last
 * ciphertext block so calls chain. No padding is done: len must be a
 * multiple of 16, and with any other len nothing is read or written (ivec
 * unchanged), unlike OpenSSL's AES_cbc_encrypt which zero-pads. */
CTASM_EXPORT void ctasm_aes_cbc_encrypt(const ctasm_aes_key *key, const uint8_t *in,
                                        uint8_t *out, size_t len, uint8_t ivec[16], int enc);

/* CTR with a 128-bit big-endian counter in ivec (wraps mod 2^128), any len.
 * ecount_buf holds the current key-stream block and *num (0..15) the bytes of
 * it already used, so a stream may be split across calls at any byte: start
 * with *num = 0. ivec, ecount_buf and *num are updated. *num > 15 is treated
 * as *num % 16. */
CTASM_EXPORT void ctasm_aes_ctr128_encrypt(const ctasm_aes_key *key, const uint8_t *in,
                                           uint8_t *out, size_t len, uint8_t ivec[16],
                                           uint8_t ecount_buf[16], unsigned *num);

/* The AES implementation ("tier") new keys get, best first per target:
 * "bsaes+vpaes-x86_64" (SSSE3), "vpaes-armv8" (NEON), "bsaes+vpaes-armv7"
 * (NEON), and "portable" everywhere. The list grows: hardware tiers (AES-NI,
 * VAES, ARMv8 crypto extension) will come first with names of their own, so
 * compare against a name, never against "not portable". */
CTASM_EXPORT const char *ctasm_aes_impl(void);

/* ---- CPU capabilities ------------------------------------------------------
 * The capabilities in force (detected, minus those removed by the CTASM_CPU
 * environment variable), comma-separated in the fixed order
 * "ssse3,sse4.1,avx,avx2,avx512,aesni,pclmul,vaes,vpclmul,bmi2,adx,avx512ifma" (x86_64) or
 * "neon,aes,pmull" (ARM); "" when none. */
CTASM_EXPORT const char *ctasm_cpu_caps(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CTASM_CTASM_H */
