// SPDX-License-Identifier: Apache-2.0
// The x86_64 SSSE3 tier: the bsaes/vpaes hybrid. bsaes (perlasm/aes/
// bsaes-x86_64.pl) runs bulk CTR and CBC decryption eight blocks at a time;
// vpaes (vpaes-x86_64.pl) runs single blocks, CBC encryption, short calls and
// the heads and tails of long ones. The thresholds are in internal.h.
#include <string.h>

#include "aes/aes_portable.h"
#include "aes/internal.h"
#include "aes/tier_vpaes.h"
#include "internal/ct.h"

#if defined(CTASM_X86_64_ASM)
namespace ctasm {
namespace {

// Multiplication by x in GF(2^8) of the four bytes of a word, constant-time.
inline uint32_t xtime4(uint32_t v) {
  return ((v & 0x7f7f7f7fu) << 1) ^ (((v >> 7) & 0x01010101u) * 0x1b);
}
inline uint32_t rotr32(uint32_t v, unsigned n) { return (v >> n) | (v << (32 - n)); }

// ctasm_bsaes_cbc_decrypt's key form (perlasm/aes/bsaes-x86_64.pl, "CBC decryption"):
// d_0 = K_Nr, d_r = InvMixColumns(K_{Nr-r}) for 0 < r < Nr, d_Nr = K_0, with
// 0x63 added to every byte of d_0..d_{Nr-1}. d_1..d_{Nr-1} are stored as
// planes (128 bytes each; byte n of plane i is 0xFF when bit i of d_r's byte
// 4 c + row is set, where row = n & 3 and c = ((n >> 2) + r row) mod 4: the
// byte order of round r there), then d_0 and d_Nr at kBsaesDecPlainOffset.
constexpr size_t kBsaesDecPlainOffset = 13 * 128;  // $DK0 in bsaes-x86_64.pl
static_assert(kBsaesDecPlainOffset + 32 <= kBsaesKeyBytes, "bsaes decryption key must fit");

void bsaes_decrypt_key(const uint8_t *raw, unsigned bits, uint8_t *out) {
  const unsigned rounds = bits / 32 + 6;
  uint8_t w[240];
  aes_portable::expand_key(raw, bits, w);
  for (unsigned r = 0; r <= rounds; r++) {
    const uint8_t *k = w + 16 * (rounds - r);
    uint32_t col[4];  // d_r by columns, byte `row` at bits 8 row
    for (int c = 0; c < 4; c++) {
      const uint32_t a = load_le32(k + 4 * c);
      if (r == 0 || r == rounds) {
        col[c] = a;
      } else {
        // InvMixColumns: out_i = 14 a_i ^ 11 a_{i+1} ^ 13 a_{i+2} ^ 9 a_{i+3}.
        const uint32_t x2 = xtime4(a), x4 = xtime4(x2), x8 = xtime4(x4);
        col[c] =
            (x8 ^ x4 ^ x2) ^ rotr32(x8 ^ x2 ^ a, 8) ^ rotr32(x8 ^ x4 ^ a, 16) ^ rotr32(x8 ^ a, 24);
      }
      if (r != rounds) col[c] ^= 0x63636363u;
    }
    if (r == 0 || r == rounds) {
      uint8_t *p = out + kBsaesDecPlainOffset + (r == 0 ? 0 : 16);
      for (int c = 0; c < 4; c++) store_le32(p + 4 * c, col[c]);
    } else {
      // byte n of the round's order: row n & 3 of column ((n >> 2) + r row) mod 4;
      // then bit i of each byte spread to the whole byte, eight bytes at a time
      uint8_t *planes = out + 128 * (r - 1);
      for (unsigned h = 0; h < 2; h++) {
        uint64_t v = 0;
        for (unsigned n = 8 * h; n < 8 * h + 8; n++) {
          const unsigned row = n & 3, c = ((n >> 2) + r * row) & 3;
          v |= static_cast<uint64_t>((col[c] >> (8 * row)) & 0xff) << (8 * (n - 8 * h));
        }
        for (int i = 0; i < 8; i++) {
          const uint64_t m = ((v >> i) & 0x0101010101010101ULL) * 0xff;
          memcpy(planes + 16 * i + 8 * h, &m, 8);
        }
      }
    }
    secure_wipe(col, sizeof(col));
  }
  secure_wipe(w, sizeof(w));
}

// Writes every byte but impl, direction and check (encrypt_key_defines_all):
// the schedule, its bsaes form, and zeros after each, where a longer key's
// rounds may still be.
void set_encrypt_key(const uint8_t *raw, unsigned bits, ctasm_aes_key *key) {
  // Bulk CTR runs bsaes: keep its key form ready (rounds 0..Nr-1), made in
  // the same pass as the schedule (AES-192 in two).
  if (!ctasm_vpaes_set_encrypt_key_bsaes(raw, bits, key)) {
    ctasm_vpaes_set_encrypt_key(raw, bits, key);
    ctasm_vpaes_encrypt_key_to_bsaes(key->ctasm_private_extra, key);
  }
  const size_t rounds = bits / 32 + 6;
  uint8_t *rd = reinterpret_cast<uint8_t *>(key->ctasm_private_rd_key);
  secure_wipe(rd + 16 * (rounds + 1), sizeof(key->ctasm_private_rd_key) - 16 * (rounds + 1));
  secure_wipe(key->ctasm_private_extra + 128 * rounds,
              sizeof(key->ctasm_private_extra) - 128 * rounds);
}

void set_decrypt_key(const uint8_t *raw, unsigned bits, ctasm_aes_key *key) {
  ctasm_vpaes_set_decrypt_key(raw, bits, key);
  // Bulk CBC decryption runs bsaes: keep its round keys ready (made in C++).
  bsaes_decrypt_key(raw, bits, key->ctasm_private_extra);
}

// bsaes decrypts 8 blocks per batch and a partial batch costs a whole one: it
// takes the whole batches, and the last partial one when that has at least
// kBsaesCbcDecryptMinBlocks blocks, else vpaes decrypts those (the length is
// public). ivec chains from one to the other.
void cbc_decrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                 uint8_t ivec[16]) {
  const size_t tail = blocks % 8;
  const size_t bulk = tail >= kBsaesCbcDecryptMinBlocks ? blocks : blocks - tail;
  if (bulk != 0) ctasm_bsaes_cbc_decrypt(in, out, 16 * bulk, key, ivec);  // key form set with the key
  if (bulk != blocks) {
    ctasm_vpaes_cbc_encrypt(in + 16 * bulk, out + 16 * bulk, 16 * (blocks - bulk), key, ivec, 0);
  }
}

// bsaes-x86_64 makes its counter planes cheaply when a batch starts at a
// multiple of 8, and a partial batch costs a whole one: vpaes runs the head up
// to such a counter and the tail of fewer than 8 blocks (counter values are
// public).
void ctr32(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
           const uint8_t ivec[16]) {
  if (blocks < kBsaesCtrMinBlocks) {
    ctasm_vpaes_ctr32_encrypt_blocks(in, out, blocks, key, ivec);
    return;
  }
  const uint32_t ctr0 = load_be32(ivec + 12);
  const size_t head = (0u - ctr0) & 7;
  const size_t bulk = (blocks - head) & ~static_cast<size_t>(7);
  const size_t tail = blocks - head - bulk;
  uint8_t iv_part[16];
  memcpy(iv_part, ivec, 16);
  if (head != 0) ctasm_vpaes_ctr32_encrypt_blocks(in, out, head, key, ivec);
  store_be32(iv_part + 12, ctr0 + static_cast<uint32_t>(head));
  in += 16 * head;
  out += 16 * head;
  ctasm_bsaes_ctr32_encrypt_blocks(in, out, bulk, key, iv_part);  // bsaes form set with the key
  if (tail != 0) {
    store_be32(iv_part + 12, ctr0 + static_cast<uint32_t>(head + bulk));
    ctasm_vpaes_ctr32_encrypt_blocks(in + 16 * bulk, out + 16 * bulk, tail, key, iv_part);
  }
}

}  // namespace

const AesTier kAesTierHybridX86_64 = {
    kAesImplHybridX86_64, "bsaes+vpaes-x86_64", vpaes_capable,       set_encrypt_key,
    set_decrypt_key,      ctasm_vpaes_encrypt,  ctasm_vpaes_decrypt, vpaes_tier::encrypt_blocks,
    vpaes_tier::decrypt_blocks, vpaes_tier::cbc_encrypt, cbc_decrypt, ctr32,
    nullptr,              kCxxDecryptKey,      true,
};

}  // namespace ctasm
#endif  // CTASM_X86_64_ASM
