// SPDX-License-Identifier: Apache-2.0
// The ARMv7 NEON tier: the bsaes/vpaes hybrid. bsaes (perlasm/aes/
// bsaes-armv7.pl) runs bulk CTR and CBC decryption eight blocks at a time;
// vpaes (vpaes-armv7.pl) runs everything else, and the short tails after the
// batches. CBC decryption keeps bsaes's expanded key (round-key planes) in
// the key; CTR converts the vpaes key into a stack copy per call, wiped after
// (observable by tests), which bsaes expands into its frame.
#include <string.h>

#include "aes/internal.h"
#include "aes/tier_vpaes.h"
#include "internal/compiler.h"
#include "internal/ct.h"

#if defined(CTASM_ARMV7_ASM)
namespace ctasm {
namespace {

// Wipes the stack copy of a bsaes key; the observer lets tests see the buffer
// before and after.
void wipe_stack_key(void *buf, size_t len) {
  const testing::AesKeyWipeObserver obs = testing::aes_key_wipe_observer();
  if (obs != nullptr) obs(buf, len, false);
  secure_wipe(buf, len);
  if (obs != nullptr) obs(buf, len, true);
}

// bsaes-armv7's expanded key (bsaes-armv7.pl, "The key expanded"): the
// header and the first and last round keys of the bsaes form as they are,
// each middle round key as the 8 planes its round loads: plane b, byte
// 4 * row + col = 0xff iff bit b of key byte 4 * col + row. No branch or
// index depends on the key.
constexpr size_t kBsaesExpandedKeyBytes = 16 * 3 + 128 * 13;
static_assert(kBsaesExpandedKeyBytes <= sizeof(ctasm_aes_key::ctasm_private_extra),
              "expanded bsaes key must fit the key's extra area");

void expand_bsaes_key(uint8_t *out, const uint8_t *form) {
  const uint32_t rounds = load_le32(form);
  memcpy(out, form, 32);  // header, first round key
  uint8_t *p = out + 32;
  for (uint32_t r = 1; r < rounds; r++) {
    const uint8_t *k = form + 16 + 16 * r;
    uint8_t row_major[16];
    for (int i = 0; i < 16; i++) row_major[i] = k[4 * (i % 4) + i / 4];
    uint32_t w[4];
    memcpy(w, row_major, 16);
    for (int b = 0; b < 8; b++) {
      // bit b of each byte to the byte's low bit, times 0xff (no carries)
      for (int j = 0; j < 4; j++) {
        const uint32_t plane = ((w[j] >> b) & 0x01010101u) * 0xffu;
        memcpy(p + 4 * j, &plane, 4);
      }
      p += 16;
    }
    secure_wipe(row_major, sizeof(row_major));
    secure_wipe(w, sizeof(w));
  }
  memcpy(p, form + 16 + 16 * rounds, 16);
}

void set_decrypt_key(const uint8_t *raw, unsigned bits, ctasm_aes_key *key) {
  ctasm_vpaes_set_decrypt_key(raw, bits, key);
  // CBC decryption runs bsaes in bulk: keep its expanded key ready.
  alignas(16) uint8_t form[16 * 16];
  ctasm_vpaes_decrypt_key_to_bsaes(form, key);
  expand_bsaes_key(key->ctasm_private_extra, form);
  secure_wipe(form, sizeof(form));
}

// The stack copies hold plaintext (or plaintext ^ IV): wiped after.
void cbc_encrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                 uint8_t ivec[16]) {
  uint8_t x[16];
  for (size_t i = 0; i < blocks; i++) {
    for (int j = 0; j < 16; j++) x[j] = in[16 * i + j] ^ ivec[j];
    ctasm_vpaes_encrypt(x, out + 16 * i, key);
    memcpy(ivec, out + 16 * i, 16);
  }
  secure_wipe(x, sizeof(x));
}

// CBC decryption: bsaes for whole batches, and for a last partial batch of
// kBsaesArmv7CbcTailMinBlocks (5) to 7 blocks; a tail of 1..4 goes to vpaes.
// Counts (util/count_insns.py, AES-128 CBC decryption per call): 7 blocks
// through vpaes 4,605 (1 block 813: ~630 a block), 8 blocks through bsaes
// 3,165; 13 blocks (one batch + 5 through vpaes) 6,327 against 14 (two
// batches) 6,047 and 16 6,067: a batch ~2,900 costs less than 5 blocks
// through vpaes, so bsaes from 5 blocks (kBsaesCbcDecryptMinBlocks) and for
// tails of 5 or more.

void cbc_decrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                 uint8_t ivec[16]) {
  if (blocks >= kBsaesCbcDecryptMinBlocks) {
    const size_t tail = blocks % 8 < kBsaesArmv7CbcTailMinBlocks ? blocks % 8 : 0;
    ctasm_bsaes_cbc_decrypt(in, out, 16 * (blocks - tail), key->ctasm_private_extra, ivec);
    in += 16 * (blocks - tail);
    out += 16 * (blocks - tail);
    blocks = tail;
  }
  uint8_t c[16], p[16];
  for (size_t i = 0; i < blocks; i++) {
    memcpy(c, in + 16 * i, 16);  // out may alias in
    ctasm_vpaes_decrypt(c, p, key);
    for (int j = 0; j < 16; j++) out[16 * i + j] = p[j] ^ ivec[j];
    memcpy(ivec, c, 16);
  }
  secure_wipe(p, sizeof(p));
}

// The key stays in vpaes form in the key struct; bsaes gets a converted copy
// that lives only for this call. bsaes computes whole 8-block batches, so a
// tail of fewer than kBsaesArmv7CtrTailMinBlocks blocks after them goes to
// vpaes.
//
// Thresholds from instruction counts (util/count_insns.py, AES-128-CTR per
// call): 6 blocks through vpaes 2,793 and 7 blocks 3,210 (~420 a block); 8
// blocks through bsaes 3,510 (one batch ~2,160, the rest per call: key
// conversion, plane expansion, wipes); 13 blocks 5,630 (bsaes + 5 through
// vpaes) against 14 blocks 5,692 (two batches). So:
// - fewer than kBsaesCtrMinBlocks (8) blocks: vpaes alone (7 blocks 3,210
//   against ~3,500 for one bsaes batch);
// - a tail of 1..5 blocks after the batches: vpaes (5 blocks ~2,120 < one
//   batch ~2,160); 6 and 7 blocks: bsaes (6 through vpaes ~2,540).
// Out of line so that the short calls, which go to vpaes, do not pay for
// this frame.
CTASM_NOINLINE void ctr32_bulk(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out,
                               size_t blocks, const uint8_t ivec[16]) {
  const size_t tail = blocks % 8 < kBsaesArmv7CtrTailMinBlocks ? blocks % 8 : 0;
  const size_t bulk = blocks - tail;
  alignas(16) uint8_t bskey[kBsaesKeyBytes];
  ctasm_vpaes_encrypt_key_to_bsaes(bskey, key);
  ctasm_bsaes_ctr32_encrypt_blocks(in, out, bulk, bskey, ivec);
  wipe_stack_key(bskey, sizeof(bskey));
  if (tail != 0) {
    uint8_t iv[16];  // the counter after the bulk, 32-bit wrap as in ctr32
    memcpy(iv, ivec, 16);
    store_be32(iv + 12, load_be32(iv + 12) + static_cast<uint32_t>(bulk));
    ctasm_vpaes_ctr32_encrypt_blocks(in + 16 * bulk, out + 16 * bulk, tail, key, iv);
  }
}

void ctr32(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
           const uint8_t ivec[16]) {
  if (blocks < kBsaesCtrMinBlocks) {
    ctasm_vpaes_ctr32_encrypt_blocks(in, out, blocks, key, ivec);
    return;
  }
  ctr32_bulk(key, in, out, blocks, ivec);
}

// The bsaes decryption form repeats Nr in its first word and bsaes runs that
// many rounds: it must agree with the key's.
bool key_consistent(const ctasm_aes_key *key, AesKeyDir dir) {
  return dir != kAesKeyDecrypt || load_le32(key->ctasm_private_extra) == key->ctasm_private_rounds;
}

}  // namespace

const AesTier kAesTierHybridArmv7 = {
    kAesImplHybridArmv7, "bsaes+vpaes-armv7", vpaes_capable, vpaes_tier::set_encrypt_key,
    set_decrypt_key,     ctasm_vpaes_encrypt, ctasm_vpaes_decrypt, vpaes_tier::encrypt_blocks,
    vpaes_tier::decrypt_blocks, cbc_encrypt,  cbc_decrypt,         ctr32,
    key_consistent,      kCxxDecryptKey,  // expand_bsaes_key
};

}  // namespace ctasm
#endif  // CTASM_ARMV7_ASM
