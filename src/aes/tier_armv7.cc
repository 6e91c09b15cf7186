// SPDX-License-Identifier: Apache-2.0
// The ARMv7 NEON tier: the bsaes/vpaes hybrid. bsaes (perlasm/aes/
// bsaes-armv7.pl) runs bulk CTR and CBC decryption eight blocks at a time;
// vpaes (vpaes-armv7.pl) runs everything else, and the short tails after the
// batches. Every key keeps bsaes's expanded key (round-key planes) next to
// its vpaes schedule, made once by set_*_key.
#include <string.h>

#include "aes/internal.h"
#include "aes/tier_vpaes.h"
#include "internal/compiler.h"
#include "internal/ct.h"

#if defined(CTASM_ARMV7_ASM)
namespace ctasm {
namespace {

// The expanded bsaes key (bsaes-armv7.pl, "Key"; kBsaesArmv7ExpandedKeyBytes)
// lives in the key's extra area, made once by set_*_key: CTR and CBC
// decryption calls convert nothing. Its first word repeats the round count
// (key_consistent checks it).

// The bsaes form is a stack copy, wiped; the expansion runs in assembly, so no
// C++ code computes on the key (the tier entry flags no kCxx*Key).
void set_encrypt_key(const uint8_t *raw, unsigned bits, ctasm_aes_key *key) {
  ctasm_vpaes_set_encrypt_key(raw, bits, key);
  alignas(16) uint8_t form[kBsaesKeyBytes];  // the bsaes form
  ctasm_vpaes_encrypt_key_to_bsaes(form, key);
  ctasm_bsaes_expand_key(key->ctasm_private_extra, form, 1);  // round key 0 in CTR's order
  secure_wipe(form, sizeof(form));
}

void set_decrypt_key(const uint8_t *raw, unsigned bits, ctasm_aes_key *key) {
  ctasm_vpaes_set_decrypt_key(raw, bits, key);
  alignas(16) uint8_t form[kBsaesKeyBytes];  // the bsaes form
  ctasm_vpaes_decrypt_key_to_bsaes(form, key);
  ctasm_bsaes_expand_key(key->ctasm_private_extra, form, 0);
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
// Counts (util/count_insns.py, AES-128 CBC decryption per call, the
// spill-free inverse rounds): 4 blocks through vpaes 2,704 (1 block 808:
// ~630 a block), 5 blocks through bsaes 2,813, 8 blocks 2,843; 12 blocks
// (one batch + 4 through vpaes) 5,373, 13 (one batch + a batch of 5) 5,418
// against 14 (two batches) 5,428 and 16 5,448: a batch ~2,600 costs less
// than 5 blocks through vpaes and more than 4 (2,530 as a tail), so bsaes
// from 5 blocks (kBsaesCbcDecryptMinBlocks) and for tails of 5 or more.

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

// bsaes reads the expanded key set_encrypt_key left in the key. It computes
// whole 8-block batches, so a tail of fewer than kBsaesArmv7CtrTailMinBlocks
// blocks after them goes to vpaes.
//
// Thresholds from instruction counts (util/count_insns.py, AES-128-CTR per
// call, with the key's planes made at set_encrypt_key): 5, 6 and 7 blocks
// through vpaes 2,372, 2,789 and 3,206 (~417 a block); one bsaes batch 2,452
// for 8 blocks, 2,477 for 6 (a short batch goes through the keystream
// buffer); 12 blocks (a batch + 4 through vpaes) 4,155, 13 (+ 5) 4,572, 14
// (two batches) 4,567, so a batch after the first costs ~2,115. So:
// - fewer than kBsaesCtrMinBlocks (6) blocks: vpaes alone (5 blocks 2,372
//   against ~2,470 for one batch; 6 blocks 2,789 against 2,477);
// - a tail of 1..5 blocks after the batches: vpaes (5 blocks ~2,120 against a
//   batch's ~2,115: a tie, 5 instructions in 4,572); 6 and 7 blocks: one more
//   batch (6 through vpaes ~2,540).
// Out of line so that the short calls, which go to vpaes, do not pay for
// this frame.
CTASM_NOINLINE void ctr32_bulk(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out,
                               size_t blocks, const uint8_t ivec[16]) {
  const size_t tail = blocks % 8 < kBsaesArmv7CtrTailMinBlocks ? blocks % 8 : 0;
  const size_t bulk = blocks - tail;
  ctasm_bsaes_ctr32_encrypt_blocks(in, out, bulk, key->ctasm_private_extra, ivec);
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

// The expanded bsaes key (both directions) repeats Nr in its first word and
// bsaes runs that many rounds: it must agree with the key's.
bool key_consistent(const ctasm_aes_key *key, AesKeyDir) {
  return load_le32(key->ctasm_private_extra) == key->ctasm_private_rounds;
}

}  // namespace

const AesTier kAesTierHybridArmv7 = {
    kAesImplHybridArmv7, "bsaes+vpaes-armv7", vpaes_capable, set_encrypt_key,
    set_decrypt_key,     ctasm_vpaes_encrypt, ctasm_vpaes_decrypt, vpaes_tier::encrypt_blocks,
    vpaes_tier::decrypt_blocks, cbc_encrypt,  cbc_decrypt,         ctr32,
    key_consistent,      0,  // C++ only moves the key (the stack copy is wiped)
};

}  // namespace ctasm
#endif  // CTASM_ARMV7_ASM
