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

/* ---- AEADs (BoringSSL EVP_AEAD semantics) ---------------------------------
 *
 * An AEAD is named by a descriptor; a context is keyed once and seals or
 * opens any number of messages. AES-128-GCM and AES-256-GCM (NIST SP 800-38D),
 * ChaCha20-Poly1305 (RFC 8439) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha), all on the same context type.
 *
 * AES-GCM: 16- or 32-byte key; nonces of any length from 1 byte (12 bytes is
 * the recommended length and the fast path; others are hashed into the
 * counter block as SP 800-38D says); tags of 4, 8 or 12..16 bytes, chosen at
 * ctx_init (0 means 16; short tags weaken authentication, see SP 800-38D
 * appendix C). A message holds at most 2^36 - 32 bytes of plaintext and
 * 2^61 - 1 bytes of AD. GMAC is AES-GCM with an empty plaintext: seal with
 * in_len = 0 and the data to authenticate as AD; out receives the tag only.
 *
 * ChaCha20-Poly1305: 32-byte key, exactly 12-byte nonce, 16-byte tag (tag_len
 * 0 or 16 at ctx_init), at most 2^38 - 64 bytes of plaintext (RFC 8439),
 * AD of any length. XChaCha20-Poly1305: the same with exactly a 24-byte
 * nonce (random nonces are safe): the key and the first 16 nonce bytes give an
 * HChaCha20 subkey, used with nonce 0^4 || the last 8 nonce bytes.
 *
 * seal writes ciphertext || tag (in_len + tag length bytes) to out; open
 * takes ciphertext || tag as in and writes the plaintext (in_len - tag length
 * bytes). The tag is compared in constant time. *out_len is written on
 * success only. Buffers may be unaligned; out may equal in (in place).
 * What a failed open leaves in out differs: AES-GCM checks the tag before
 * it writes anything, so out is untouched; (X)ChaCha20-Poly1305 decrypts
 * while it authenticates (one pass), so on failure out[0 .. in_len - 16) is
 * zeroed: no plaintext, and in place the ciphertext is gone.
 *
 * Misuse and what it does (every function returning int returns 0, writes
 * nothing through out or out_len, and reads and writes nothing out of bounds;
 * none aborts):
 *
 *   ctx_init: ctx NULL or not 16-byte aligned ....... return 0, ctx untouched
 *   ctx_init: aead not a ctasm descriptor, key NULL,
 *     key_len not the AEAD's, tag_len not allowed,
 *     key inside the ctx .......................... return 0, ctx wiped and
 *                                                   unusable
 *   seal/open: ctx NULL, not aligned, never
 *     initialised, cleaned up, its init failed, or
 *     overwritten ................................. return 0
 *   seal/open: out_len NULL, nonce NULL or
 *     nonce_len 0, in/ad/out NULL with a length > 0 return 0
 *   seal/open: (X)ChaCha20-Poly1305 nonce_len not
 *     12 (24) ..................................... return 0
 *   seal/open: plaintext or AD past the limits ..... return 0
 *   seal/open: max_out_len smaller than the output;
 *     open: in_len shorter than the tag ........... return 0
 *   seal/open: out overlapping in without being
 *     equal, or overlapping nonce, ad, ctx or
 *     out_len; out_len overlapping any argument;
 *     a buffer that wraps the address space ....... return 0
 *   open: wrong tag (or ciphertext, nonce, AD) ..... return 0; AES-GCM: out
 *                                                   untouched; ChaCha: out
 *                                                   zeroed (in_len - 16 bytes)
 *   ctx_cleanup(NULL) .............................. nothing
 *   queries on a NULL or unknown descriptor ........ 0 (impl: NULL)
 *
 * No key material, key stream, hash state or plaintext stays in the stack
 * any of these functions used once it returns (registers are not wiped). */

/* Defined while this header declares the AEAD API below (AES-GCM). */
#define CTASM_HAS_AEAD 1
/* Defined while it declares ChaCha20-Poly1305, XChaCha20-Poly1305 and
 * ctasm_chacha20(). */
#define CTASM_HAS_CHACHA20_POLY1305 1

typedef struct ctasm_aead ctasm_aead;

CTASM_EXPORT const ctasm_aead *ctasm_aead_aes_128_gcm(void);
CTASM_EXPORT const ctasm_aead *ctasm_aead_aes_256_gcm(void);
CTASM_EXPORT const ctasm_aead *ctasm_aead_chacha20_poly1305(void);
CTASM_EXPORT const ctasm_aead *ctasm_aead_xchacha20_poly1305(void);

/* Key length; the default (recommended) nonce length; the most bytes seal
 * adds (the longest tag). */
CTASM_EXPORT size_t ctasm_aead_key_length(const ctasm_aead *aead);
CTASM_EXPORT size_t ctasm_aead_nonce_length(const ctasm_aead *aead);
CTASM_EXPORT size_t ctasm_aead_max_overhead(const ctasm_aead *aead);

/* A keyed AEAD. Allocate it yourself (automatic, static or aligned heap
 * storage: it must be 16-byte aligned, as its type declares); 3088 bytes on
 * every target, room for every AEAD above. Fields private. */
typedef struct ctasm_aead_ctx {
  CTASM_ALIGNAS(16) uint8_t ctasm_private_state[3072]; /* AES-GCM: AES key, then GHASH key;
                                                          ChaCha: the 32-byte key */
  uint32_t ctasm_private_aead;    /* which AEAD (0: none) */
  uint32_t ctasm_private_tag_len; /* bytes of tag seal writes and open expects */
  uint32_t ctasm_private_impl;    /* the tiers that formatted the state */
  uint32_t ctasm_private_check;   /* check word over the three above */
} ctasm_aead_ctx;

/* Keys ctx for aead with tag_len bytes of tag (0 = the AEAD's default).
 * Returns 1, or 0 on misuse (above). The context keeps the implementations in
 * force now (see ctasm_aead_impl) for its whole life. */
CTASM_EXPORT int ctasm_aead_ctx_init(ctasm_aead_ctx *ctx, const ctasm_aead *aead,
                                     const uint8_t *key, size_t key_len, size_t tag_len);
/* Wipes the key material; ctx is unusable until the next ctx_init. */
CTASM_EXPORT void ctasm_aead_ctx_cleanup(ctasm_aead_ctx *ctx);

CTASM_EXPORT int ctasm_aead_seal(const ctasm_aead_ctx *ctx, uint8_t *out, size_t *out_len,
                                 size_t max_out_len, const uint8_t *nonce, size_t nonce_len,
                                 const uint8_t *in, size_t in_len, const uint8_t *ad,
                                 size_t ad_len);
CTASM_EXPORT int ctasm_aead_open(const ctasm_aead_ctx *ctx, uint8_t *out, size_t *out_len,
                                 size_t max_out_len, const uint8_t *nonce, size_t nonce_len,
                                 const uint8_t *in, size_t in_len, const uint8_t *ad,
                                 size_t ad_len);

/* The implementation new contexts of aead get, both halves:
 * "<AES tier>+<GHASH tier>" for AES-GCM, e.g. "bsaes+vpaes-x86_64+ghash-ssse3"
 * or "portable+ghash-portable" (the AES half as ctasm_aes_impl names it,
 * the GHASH half "ghash-<tier>"); one name for (X)ChaCha20-Poly1305, best
 * first per target: "chacha-avx512ifma", "chacha-avx512", "chacha-avx2",
 * "chacha-ssse3" (x86_64),
 * "chacha-neon-armv8" (AArch64), "chacha-neon-armv7" (ARMv7), and
 * "chacha-portable" everywhere.
 * Compare against names, never against "not portable". NULL for a NULL or
 * unknown descriptor. */
CTASM_EXPORT const char *ctasm_aead_impl(const ctasm_aead *aead);

/* ---- Raw ChaCha20 (RFC 8439 section 2.4) --------------------------------
 *
 * out = in ^ the ChaCha20 key stream of key and the 12-byte nonce, starting at
 * block `counter` (a 32-bit block counter, as QUIC header protection uses it:
 * counter = the first 4 sample bytes little-endian, nonce = the other 12).
 * Any len; out may equal in. Returns 1, or 0 with nothing read or written
 * when: key or nonce is NULL; in or out is NULL with len > 0; out overlaps in
 * without being equal, or overlaps key or nonce; a buffer wraps the address
 * space; or the stream would need a block past 2^32 - 1 (counter +
 * ceil(len / 64) > 2^32: the counter never wraps). len 0 returns 1 and
 * touches no buffer. No key or key stream stays in the stack it used. */
CTASM_EXPORT int ctasm_chacha20(uint8_t *out, const uint8_t *in, size_t len,
                                const uint8_t key[32], const uint8_t nonce[12], uint32_t counter);

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
