// SPDX-License-Identifier: Apache-2.0
// The ctasm_aes_* API: every argument is checked before anything is read or
// written (ctasm.h, "Misuse and what it does"), then the call runs on the
// tier that formatted the key (internal.h, "Tiers"). CTR128 is built here on
// the tier's 32-bit-counter primitive. C++ that computed on secrets has its
// dead stack wiped before the call returns (internal/stack_wipe.h).
#include <string.h>

#include "aes/internal.h"
#include "internal/args.h"
#include "internal/ct.h"
#include "internal/stack_wipe.h"

namespace ctasm {
namespace {

// Adds one to the upper 96 bits of the big-endian counter block, without
// branching on the counter value.
void increment_be96(uint8_t ivec[16]) {
  uint32_t carry = 1;
  for (int i = 11; i >= 0; i--) {
    carry += ivec[i];
    ivec[i] = static_cast<uint8_t>(carry);
    carry >>= 8;
  }
}

}  // namespace
}  // namespace ctasm

using namespace ctasm;

extern "C" {

int ctasm_aes_set_encrypt_key(ctasm_aes_key *key, const uint8_t *raw, size_t raw_len) {
  bool cxx_key;
  const int ok = aes_set_key(key, raw, raw_len, kAesKeyEncrypt, &cxx_key);
  if (cxx_key) wipe_stack_below();
  return ok;
}

int ctasm_aes_set_decrypt_key(ctasm_aes_key *key, const uint8_t *raw, size_t raw_len) {
  bool cxx_key;
  const int ok = aes_set_key(key, raw, raw_len, kAesKeyDecrypt, &cxx_key);
  if (cxx_key) wipe_stack_below();
  return ok;
}

void ctasm_aes_encrypt_block(const ctasm_aes_key *key, const uint8_t in[16], uint8_t out[16]) {
  static const char kFn[] = "ctasm_aes_encrypt_block";
  const AesTier &t = aes_key_tier(kFn, key, kAesKeyEncrypt);
  CTASM_CHECK_BUFFERS(kFn, /*in_place=*/true, BufArg{"in", in, 16, false},
                      BufArg{"out", out, 16, true}, BufArg{"key", key, sizeof(*key), false});
  t.encrypt_block(in, out, key);
  if (t.cxx_secrets & kCxxData) wipe_stack_below();
}

void ctasm_aes_decrypt_block(const ctasm_aes_key *key, const uint8_t in[16], uint8_t out[16]) {
  static const char kFn[] = "ctasm_aes_decrypt_block";
  const AesTier &t = aes_key_tier(kFn, key, kAesKeyDecrypt);
  CTASM_CHECK_BUFFERS(kFn, /*in_place=*/true, BufArg{"in", in, 16, false},
                      BufArg{"out", out, 16, true}, BufArg{"key", key, sizeof(*key), false});
  t.decrypt_block(in, out, key);
  if (t.cxx_secrets & kCxxData) wipe_stack_below();
}

void ctasm_aes_ecb_encrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t len,
                           int enc) {
  static const char kFn[] = "ctasm_aes_ecb_encrypt";
  if (len == 0) return;
  const AesTier &t = aes_key_tier(kFn, key, enc ? kAesKeyEncrypt : kAesKeyDecrypt);
  if (len % 16 != 0) return;
  CTASM_CHECK_BUFFERS(kFn, /*in_place=*/true, BufArg{"in", in, len, false},
                      BufArg{"out", out, len, true}, BufArg{"key", key, sizeof(*key), false});
  if (enc) {
    t.encrypt_blocks(key, in, out, len / 16);
  } else {
    t.decrypt_blocks(key, in, out, len / 16);
  }
  if (t.cxx_secrets & kCxxData) wipe_stack_below();
}

void ctasm_aes_cbc_encrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t len,
                           uint8_t ivec[16], int enc) {
  static const char kFn[] = "ctasm_aes_cbc_encrypt";
  if (len == 0) return;
  const AesTier &t = aes_key_tier(kFn, key, enc ? kAesKeyEncrypt : kAesKeyDecrypt);
  if (len % 16 != 0) return;
  CTASM_CHECK_BUFFERS(kFn, /*in_place=*/true, BufArg{"in", in, len, false},
                      BufArg{"out", out, len, true}, BufArg{"key", key, sizeof(*key), false},
                      BufArg{"ivec", ivec, 16, true});
  if (enc) {
    t.cbc_encrypt(key, in, out, len / 16, ivec);
  } else {
    t.cbc_decrypt(key, in, out, len / 16, ivec);
  }
  if (t.cxx_secrets & kCxxData) wipe_stack_below();
}

// OpenSSL's CRYPTO_ctr128_encrypt_ctr32 semantics: the tier's ctr32 primitive
// wraps at 2^32, so calls are split at that boundary and the carry goes into
// the upper 96 bits here.
void ctasm_aes_ctr128_encrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t len,
                              uint8_t ivec[16], uint8_t ecount_buf[16], unsigned *num) {
  static const char kFn[] = "ctasm_aes_ctr128_encrypt";
  if (len == 0) return;
  const AesTier &t = aes_key_tier(kFn, key, kAesKeyEncrypt);
  CTASM_CHECK_BUFFERS(kFn, /*in_place=*/true, BufArg{"in", in, len, false},
                      BufArg{"out", out, len, true}, BufArg{"key", key, sizeof(*key), false},
                      BufArg{"ivec", ivec, 16, true}, BufArg{"ecount_buf", ecount_buf, 16, true},
                      BufArg{"num", num, sizeof(*num), true});
  unsigned n = *num % 16;
  // Finish the key-stream block a previous call started.
  while (n != 0 && len != 0) {
    *out++ = *in++ ^ ecount_buf[n];
    n = (n + 1) % 16;
    len--;
  }
  uint32_t ctr = load_be32(ivec + 12);
  while (len >= 16) {
    size_t blocks = len / 16;
    const uint64_t to_wrap = (static_cast<uint64_t>(1) << 32) - ctr;
    if (static_cast<uint64_t>(blocks) > to_wrap) blocks = static_cast<size_t>(to_wrap);
    t.ctr32_blocks(key, in, out, blocks, ivec);
    ctr += static_cast<uint32_t>(blocks);
    store_be32(ivec + 12, ctr);
    if (ctr == 0) increment_be96(ivec);
    in += 16 * blocks;
    out += 16 * blocks;
    len -= 16 * blocks;
  }
  if (len != 0) {
    memset(ecount_buf, 0, 16);
    t.ctr32_blocks(key, ecount_buf, ecount_buf, 1, ivec);
    ctr++;
    store_be32(ivec + 12, ctr);
    if (ctr == 0) increment_be96(ivec);
    for (; n < len; n++) out[n] = in[n] ^ ecount_buf[n];
  }
  *num = n;
  if (t.cxx_secrets & kCxxData) wipe_stack_below();
}

const char *ctasm_aes_impl(void) { return aes_select_tier().name; }

}  // extern "C"
