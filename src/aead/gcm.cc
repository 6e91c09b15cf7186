// SPDX-License-Identifier: Apache-2.0
// AES-GCM (SP 800-38D, Algorithms 4 and 5) on the AES tier's 32-bit counter
// mode and the GHASH tier's bulk hash. Every stack buffer that held key
// stream, H, a hash state or the tag mask is wiped before returning; the
// data passes from the caller's buffers straight to the tiers.
#include "aead/gcm.h"

#include <stdint.h>
#include <string.h>

#include "internal/ct.h"
#include "internal/declassify.h"

namespace ctasm {
namespace {

// Bytes encrypted (or decrypted) per counter-mode call before hashing them:
// long enough that the hybrids' bulk paths and per-call costs amortise, short
// enough that the ciphertext is still in cache when GHASH reads it. A
// multiple of 8 blocks, so the x86_64 hybrid's counter alignment holds.
constexpr size_t kChunkBytes = 16 * 1024;

void store_be64(uint8_t *p, uint64_t v) {
  for (int i = 7; i >= 0; i--) {
    p[i] = static_cast<uint8_t>(v);
    v >>= 8;
  }
}

// x = GHASH continued over len bytes of data, the last partial block padded
// with zeros (SP 800-38D's 0^v and 0^u padding).
void ghash_padded(const GhashTier &g, const GhashKey &key, uint8_t x[16], const uint8_t *data,
                  size_t len) {
  const size_t whole = len & ~static_cast<size_t>(15);
  if (whole != 0) g.ghash(x, key.bytes, data, whole);
  if (len != whole) {
    uint8_t block[16] = {0};
    memcpy(block, data + whole, len - whole);
    g.ghash(x, key.bytes, block, 16);  // public bytes only (AD, ciphertext, nonce)
  }
}

// The pre-counter block J0 (SP 800-38D 7.1 step 2).
void pre_counter(const GcmKey *key, const GhashTier &g, const uint8_t *nonce, size_t nonce_len,
                 uint8_t j0[16]) {
  if (nonce_len == 12) {
    memcpy(j0, nonce, 12);
    store_be32(j0 + 12, 1);
    return;
  }
  memset(j0, 0, 16);
  ghash_padded(g, key->ghash, j0, nonce, nonce_len);
  uint8_t len_block[16] = {0};
  store_be64(len_block + 8, static_cast<uint64_t>(nonce_len) * 8);
  g.ghash(j0, key->ghash.bytes, len_block, 16);
}

// The 16-byte tag S xor E_K(J0): hashes the AD, the ciphertext and their
// lengths (S), into tag.
void finish_tag(const GcmKey *key, const GcmTiers &t, uint8_t x[16], const uint8_t j0[16],
                size_t ad_len, size_t ct_len, uint8_t tag[16]) {
  uint8_t len_block[16];
  store_be64(len_block, static_cast<uint64_t>(ad_len) * 8);
  store_be64(len_block + 8, static_cast<uint64_t>(ct_len) * 8);
  t.ghash->ghash(x, key->ghash.bytes, len_block, 16);
  uint8_t mask[16];
  t.aes->encrypt_block(j0, mask, &key->aes);
  for (int i = 0; i < 16; i++) tag[i] = static_cast<uint8_t>(x[i] ^ mask[i]);
  secure_wipe(mask, sizeof(mask));
}

// With a nonce other than 96 bits, J0 = GHASH_H(nonce) and the counter is a
// secret. The hybrid tiers choose their path by the counter for calls of
// kBsaesCtrMinBlocks and more (the x86_64 vpaes head aligns it to 8, and
// bsaes indexes its round-1 tables by its low byte), so such counters go to
// the tiers in calls below that threshold: the vpaes path, whose control
// flow and addresses depend on the block count only. 96-bit nonces (J0 =
// nonce || 1, public) keep the bulk paths.
constexpr size_t kSecretCounterMaxBlocks = kBsaesCtrMinBlocks - 1;
static_assert(kSecretCounterMaxBlocks >= 1, "secret counters need a non-empty call");

// out = in xor the key stream from counter block ctr (inc32 per block):
// whole blocks through the tier, at most max_call_blocks per call, a final
// partial block through a wiped buffer. in == out allowed.
void ctr_crypt(const GcmKey *key, const AesTier &a, uint8_t ctr[16], const uint8_t *in,
               uint8_t *out, size_t len, size_t max_call_blocks) {
  const size_t blocks = len / 16;
  for (size_t done = 0; done < blocks;) {
    const size_t n = blocks - done < max_call_blocks ? blocks - done : max_call_blocks;
    a.ctr32_blocks(&key->aes, in + 16 * done, out + 16 * done, n, ctr);
    store_be32(ctr + 12, load_be32(ctr + 12) + static_cast<uint32_t>(n));
    done += n;
  }
  const size_t rest = len % 16;
  if (rest != 0) {
    uint8_t stream[16] = {0};
    a.ctr32_blocks(&key->aes, stream, stream, 1, ctr);
    store_be32(ctr + 12, load_be32(ctr + 12) + 1);
    const size_t off = 16 * blocks;
    for (size_t i = 0; i < rest; i++) out[off + i] = static_cast<uint8_t>(in[off + i] ^ stream[i]);
    secure_wipe(stream, sizeof(stream));
  }
}

}  // namespace

bool gcm_init(GcmKey *key, const uint8_t *raw, size_t raw_len, const GhashTier &g, bool *cxx) {
  bool cxx_aes = false;
  *cxx = false;
  if (!aes_set_key(&key->aes, raw, raw_len, kAesKeyEncrypt, &cxx_aes)) {
    *cxx = cxx_aes;
    return false;
  }
  const AesTier &a = *kAesTierByImpl[key->aes.ctasm_private_impl];
  alignas(16) uint8_t h[16] = {0};
  a.encrypt_block(h, h, &key->aes);
  if (!g.init_defines_all) secure_wipe(&key->ghash, sizeof(key->ghash));
  g.init(key->ghash.bytes, h);
  secure_wipe(h, sizeof(h));
  *cxx = cxx_aes || (a.cxx_secrets & kCxxData) != 0 || (g.cxx_secrets & kGhashCxxInit) != 0;
  return true;
}

void gcm_seal(const GcmKey *key, const GcmTiers &t, uint8_t *out, uint8_t tag[16],
              const uint8_t *nonce, size_t nonce_len, const uint8_t *in, size_t in_len,
              const uint8_t *ad, size_t ad_len) {
  uint8_t j0[16], ctr[16], x[16] = {0};
  pre_counter(key, *t.ghash, nonce, nonce_len, j0);
  memcpy(ctr, j0, 16);
  store_be32(ctr + 12, load_be32(j0 + 12) + 1);
  ghash_padded(*t.ghash, key->ghash, x, ad, ad_len);
  const size_t max_call = nonce_len == 12 ? SIZE_MAX : kSecretCounterMaxBlocks;
  // Encrypt a chunk, then hash its ciphertext; only the last chunk may end
  // in a partial block.
  for (size_t off = 0; off < in_len; off += kChunkBytes) {
    const size_t n = in_len - off < kChunkBytes ? in_len - off : kChunkBytes;
    ctr_crypt(key, *t.aes, ctr, in + off, out + off, n, max_call);
    ghash_padded(*t.ghash, key->ghash, x, out + off, n);
  }
  finish_tag(key, t, x, j0, ad_len, in_len, tag);
  secure_wipe(x, sizeof(x));
  secure_wipe(j0, sizeof(j0));  // J0 is public, but GHASH(nonce) for other lengths is not
  secure_wipe(ctr, sizeof(ctr));
}

bool gcm_open(const GcmKey *key, const GcmTiers &t, uint8_t *out, const uint8_t *nonce,
              size_t nonce_len, const uint8_t *in, size_t in_len, const uint8_t *ad,
              size_t ad_len, const uint8_t *tag, size_t tag_len) {
  uint8_t j0[16], ctr[16], x[16] = {0}, want[16];
  pre_counter(key, *t.ghash, nonce, nonce_len, j0);
  ghash_padded(*t.ghash, key->ghash, x, ad, ad_len);
  ghash_padded(*t.ghash, key->ghash, x, in, in_len);
  finish_tag(key, t, x, j0, ad_len, in_len, want);
  // Constant-time comparison: every byte is looked at, whatever differs.
  uint32_t diff = 0;
  for (size_t i = 0; i < tag_len; i++) diff |= static_cast<uint32_t>(want[i] ^ tag[i]);
  bool ok = ct_is_zero_mask32(diff) != 0;
  secure_wipe(want, sizeof(want));
  secure_wipe(x, sizeof(x));
  declassify(&ok, sizeof(ok));  // the verdict is public: the caller learns it anyway
  if (ok) {
    memcpy(ctr, j0, 16);
    store_be32(ctr + 12, load_be32(j0 + 12) + 1);
    ctr_crypt(key, *t.aes, ctr, in, out, in_len,
              nonce_len == 12 ? SIZE_MAX : kSecretCounterMaxBlocks);
    secure_wipe(ctr, sizeof(ctr));
  }
  secure_wipe(j0, sizeof(j0));
  return ok;
}

}  // namespace ctasm
