// SPDX-License-Identifier: Apache-2.0
// Bitsliced constant-time AES in portable C++.
//
// State: four blocks (64 bytes) in eight 64-bit slices; slice i holds bit i of
// every byte, and byte j (FIPS-197 order, j = row + 4 * column) of block b sits
// at bit position 16 * b + j. ShiftRows and the MixColumns row rotations are
// then fixed shifts and masks inside each 16-bit lane, and the S-box is the
// Boyar-Peralta boolean circuit (AND/XOR/XNOR only). Nothing indexes memory or
// branches on key or data, the key schedule included.
#include "aes/aes_portable.h"

#include <string.h>

#include "internal/ct.h"

namespace ctasm {
namespace aes_portable {
namespace {

constexpr size_t kBatchBlocks = 4;
constexpr size_t kBatchBytes = 16 * kBatchBlocks;
constexpr size_t kMaxRounds = 14;
constexpr size_t kRoundKeyBytes = 8 * sizeof(uint64_t);
// Bitsliced round keys live in the key's tier-extra area.
static_assert((kMaxRounds + 1) * kRoundKeyBytes <= sizeof(ctasm_aes_key::ctasm_private_extra),
              "bitsliced key must fit the tier-extra area");

// A view of a set key: the bitsliced round keys and the round count.
struct SlicedKey {
  const uint8_t *rk;  // (rounds + 1) round keys of kRoundKeyBytes
  unsigned rounds;
  explicit SlicedKey(const ctasm_aes_key *key)
      : rk(key->ctasm_private_extra), rounds(key->ctasm_private_rounds) {}
  const uint8_t *round(unsigned r) const { return rk + kRoundKeyBytes * r; }
};

// Exchanges the bits of a selected by (mask << shift) with the bits of b
// selected by mask.
inline void swap_move(uint64_t &a, uint64_t &b, uint64_t mask, unsigned shift) {
  uint64_t t = ((a >> shift) ^ b) & mask;
  b ^= t;
  a ^= t << shift;
}

// 8x8 transpose of the byte matrix (word k, byte m), then 8x8 transposes of the
// bit matrices (word k, bit i) in each byte column. With w[k] = bytes 8k..8k+7
// the result has slice i = bit i of byte p at bit position p.
inline void transpose_bytes(uint64_t w[8]) {
  for (int k = 0; k < 8; k += 2) swap_move(w[k], w[k + 1], 0x00ff00ff00ff00ffULL, 8);
  for (int k = 0; k < 8; k += 4) {
    swap_move(w[k], w[k + 2], 0x0000ffff0000ffffULL, 16);
    swap_move(w[k + 1], w[k + 3], 0x0000ffff0000ffffULL, 16);
  }
  for (int k = 0; k < 4; k++) swap_move(w[k], w[k + 4], 0x00000000ffffffffULL, 32);
}
inline void transpose_bits(uint64_t w[8]) {
  for (int k = 0; k < 8; k += 2) swap_move(w[k], w[k + 1], 0x5555555555555555ULL, 1);
  for (int k = 0; k < 8; k += 4) {
    swap_move(w[k], w[k + 2], 0x3333333333333333ULL, 2);
    swap_move(w[k + 1], w[k + 3], 0x3333333333333333ULL, 2);
  }
  for (int k = 0; k < 4; k++) swap_move(w[k], w[k + 4], 0x0f0f0f0f0f0f0f0fULL, 4);
}

void to_slices(const uint8_t in[kBatchBytes], uint64_t q[8]) {
  for (int k = 0; k < 8; k++) q[k] = load_le64(in + 8 * k);
  transpose_bytes(q);
  transpose_bits(q);
}

// Inverse of to_slices: each layer is an involution, so undo them in reverse.
void from_slices(const uint64_t q_in[8], uint8_t out[kBatchBytes]) {
  uint64_t q[8];
  memcpy(q, q_in, sizeof(q));
  transpose_bits(q);
  transpose_bytes(q);
  for (int k = 0; k < 8; k++) store_le64(out + 8 * k, q[k]);
}

// The AES S-box on every byte: Boyar and Peralta's 113-gate circuit ("A depth-16
// circuit for the AES S-box", 2011). U0 is the most significant bit.
void sub_bytes(uint64_t q[8]) {
  const uint64_t U0 = q[7], U1 = q[6], U2 = q[5], U3 = q[4];
  const uint64_t U4 = q[3], U5 = q[2], U6 = q[1], U7 = q[0];

  // Top linear layer.
  const uint64_t T1 = U0 ^ U3, T2 = U0 ^ U5, T3 = U0 ^ U6, T4 = U3 ^ U5;
  const uint64_t T5 = U4 ^ U6, T6 = T1 ^ T5, T7 = U1 ^ U2, T8 = U7 ^ T6;
  const uint64_t T9 = U7 ^ T7, T10 = T6 ^ T7, T11 = U1 ^ U5, T12 = U2 ^ U5;
  const uint64_t T13 = T3 ^ T4, T14 = T6 ^ T11, T15 = T5 ^ T11, T16 = T5 ^ T12;
  const uint64_t T17 = T9 ^ T16, T18 = U3 ^ U7, T19 = T7 ^ T18, T20 = T1 ^ T19;
  const uint64_t T21 = U6 ^ U7, T22 = T7 ^ T21, T23 = T2 ^ T22, T24 = T2 ^ T10;
  const uint64_t T25 = T20 ^ T17, T26 = T3 ^ T16, T27 = T1 ^ T12;

  // Shared non-linear middle (inversion in GF(2^8) through GF(2^4)).
  const uint64_t M1 = T13 & T6, M2 = T23 & T8, M3 = T14 ^ M1, M4 = T19 & U7;
  const uint64_t M5 = M4 ^ M1, M6 = T3 & T16, M7 = T22 & T9, M8 = T26 ^ M6;
  const uint64_t M9 = T20 & T17, M10 = M9 ^ M6, M11 = T1 & T15, M12 = T4 & T27;
  const uint64_t M13 = M12 ^ M11, M14 = T2 & T10, M15 = M14 ^ M11, M16 = M3 ^ M2;
  const uint64_t M17 = M5 ^ T24, M18 = M8 ^ M7, M19 = M10 ^ M15, M20 = M16 ^ M13;
  const uint64_t M21 = M17 ^ M15, M22 = M18 ^ M13, M23 = M19 ^ T25, M24 = M22 ^ M23;
  const uint64_t M25 = M22 & M20, M26 = M21 ^ M25, M27 = M20 ^ M21, M28 = M23 ^ M25;
  const uint64_t M29 = M28 & M27, M30 = M26 & M24, M31 = M20 & M23, M32 = M27 & M31;
  const uint64_t M33 = M27 ^ M25, M34 = M21 & M22, M35 = M24 & M34, M36 = M24 ^ M25;
  const uint64_t M37 = M21 ^ M29, M38 = M32 ^ M33, M39 = M23 ^ M30, M40 = M35 ^ M36;
  const uint64_t M41 = M38 ^ M40, M42 = M37 ^ M39, M43 = M37 ^ M38, M44 = M39 ^ M40;
  const uint64_t M45 = M42 ^ M41, M46 = M44 & T6, M47 = M40 & T8, M48 = M39 & U7;
  const uint64_t M49 = M43 & T16, M50 = M38 & T9, M51 = M37 & T17, M52 = M42 & T15;
  const uint64_t M53 = M45 & T27, M54 = M41 & T10, M55 = M44 & T13, M56 = M40 & T23;
  const uint64_t M57 = M39 & T19, M58 = M43 & T3, M59 = M38 & T22, M60 = M37 & T20;
  const uint64_t M61 = M42 & T1, M62 = M45 & T4, M63 = M41 & T2;

  // Bottom linear layer (includes the affine map and its constant 0x63).
  const uint64_t L0 = M61 ^ M62, L1 = M50 ^ M56, L2 = M46 ^ M48, L3 = M47 ^ M55;
  const uint64_t L4 = M54 ^ M58, L5 = M49 ^ M61, L6 = M62 ^ L5, L7 = M46 ^ L3;
  const uint64_t L8 = M51 ^ M59, L9 = M52 ^ M53, L10 = M53 ^ L4, L11 = M60 ^ L2;
  const uint64_t L12 = M48 ^ M51, L13 = M50 ^ L0, L14 = M52 ^ M61, L15 = M55 ^ L1;
  const uint64_t L16 = M56 ^ L0, L17 = M57 ^ L1, L18 = M58 ^ L8, L19 = M63 ^ L4;
  const uint64_t L20 = L0 ^ L1, L21 = L1 ^ L7, L22 = L3 ^ L12, L23 = L18 ^ L2;
  const uint64_t L24 = L15 ^ L9, L25 = L6 ^ L10, L26 = L7 ^ L9, L27 = L8 ^ L10;
  const uint64_t L28 = L11 ^ L14, L29 = L11 ^ L17;

  q[7] = L6 ^ L24;
  q[6] = ~(L16 ^ L26);
  q[5] = ~(L19 ^ L28);
  q[4] = L6 ^ L21;
  q[3] = L20 ^ L22;
  q[2] = L25 ^ L29;
  q[1] = ~(L13 ^ L27);
  q[0] = ~(L6 ^ L23);
}

// v -> A^-1(v ^ 0x63) where A is the S-box affine map: A^-1(v) is
// rotl(v,1) ^ rotl(v,3) ^ rotl(v,6) and A^-1(0x63) = 0x05.
void inv_affine(uint64_t q[8]) {
  uint64_t r[8];
  for (int i = 0; i < 8; i++) r[i] = q[(i + 7) & 7] ^ q[(i + 5) & 7] ^ q[(i + 2) & 7];
  r[0] = ~r[0];
  r[2] = ~r[2];
  memcpy(q, r, sizeof(r));
}

// InvS(y) = A'(S(A'(y))) with A'(v) = A^-1(v ^ 0x63): the forward circuit
// computes A(inv(x)) ^ 0x63, so wrapping it in A' on both sides leaves inv.
void inv_sub_bytes(uint64_t q[8]) {
  inv_affine(q);
  sub_bytes(q);
  inv_affine(q);
}

// Rotation inside each 16-bit lane of the bits of one row r (mask 0x1111 << r).
constexpr uint64_t lanes(uint64_t m16) { return m16 * 0x0001000100010001ULL; }

void shift_rows(uint64_t q[8]) {
  for (int i = 0; i < 8; i++) {
    const uint64_t x = q[i];
    q[i] = (x & lanes(0x1111)) |                                              //
           ((x >> 4) & lanes(0x0222)) | ((x << 12) & lanes(0x2000)) |          // row 1
           ((x >> 8) & lanes(0x0044)) | ((x << 8) & lanes(0x4400)) |           // row 2
           ((x >> 12) & lanes(0x0008)) | ((x << 4) & lanes(0x8880));           // row 3
  }
}

void inv_shift_rows(uint64_t q[8]) {
  for (int i = 0; i < 8; i++) {
    const uint64_t x = q[i];
    q[i] = (x & lanes(0x1111)) |                                              //
           ((x << 4) & lanes(0x2220)) | ((x >> 12) & lanes(0x0002)) |          // row 1
           ((x >> 8) & lanes(0x0044)) | ((x << 8) & lanes(0x4400)) |           // row 2
           ((x >> 4) & lanes(0x0888)) | ((x << 12) & lanes(0x8000));           // row 3
  }
}

// Byte (r, c) <- byte (r + 1, c) and (r + 2, c), within every column.
inline uint64_t rot_rows1(uint64_t x) {
  return ((x >> 1) & lanes(0x7777)) | ((x << 3) & lanes(0x8888));
}
inline uint64_t rot_rows2(uint64_t x) {
  return ((x >> 2) & lanes(0x3333)) | ((x << 2) & lanes(0xcccc));
}

// Multiplication by x (0x02) in GF(2^8) mod x^8 + x^4 + x^3 + x + 1.
inline void xtime(const uint64_t t[8], uint64_t out[8]) {
  out[0] = t[7];
  out[1] = t[0] ^ t[7];
  out[2] = t[1];
  out[3] = t[2] ^ t[7];
  out[4] = t[3] ^ t[7];
  out[5] = t[4];
  out[6] = t[5];
  out[7] = t[6];
}

// out_r = 2 a_r + 3 a_{r+1} + a_{r+2} + a_{r+3}
//       = 2 t_r + a_{r+1} + t_{r+2}   with t_r = a_r + a_{r+1}.
void mix_columns(uint64_t q[8]) {
  uint64_t a1[8], t[8], t2[8];
  for (int i = 0; i < 8; i++) {
    a1[i] = rot_rows1(q[i]);
    t[i] = q[i] ^ a1[i];
  }
  xtime(t, t2);
  for (int i = 0; i < 8; i++) q[i] = t2[i] ^ a1[i] ^ rot_rows2(t[i]);
}

// InvMixColumns = MixColumns after multiplying each column by 04 x^2 + 05,
// i.e. a_r += 4 (a_r + a_{r+2}).
void inv_mix_columns(uint64_t q[8]) {
  uint64_t u[8], v[8], w[8];
  for (int i = 0; i < 8; i++) u[i] = q[i] ^ rot_rows2(q[i]);
  xtime(u, v);
  xtime(v, w);
  for (int i = 0; i < 8; i++) q[i] ^= w[i];
  mix_columns(q);
}

// Round keys are read in place from the key's byte array; memcpy keeps this
// free of aliasing assumptions and compiles to plain loads.
inline void add_round_key(uint64_t q[8], const uint8_t *rk) {
  uint64_t k[8];
  memcpy(k, rk, sizeof(k));
  for (int i = 0; i < 8; i++) q[i] ^= k[i];
}

void encrypt_slices(const SlicedKey &k, uint64_t q[8]) {
  const unsigned rounds = k.rounds;
  add_round_key(q, k.round(0));
  for (unsigned r = 1; r < rounds; r++) {
    sub_bytes(q);
    shift_rows(q);
    mix_columns(q);
    add_round_key(q, k.round(r));
  }
  sub_bytes(q);
  shift_rows(q);
  add_round_key(q, k.round(rounds));
}

// The straight inverse cipher of FIPS-197 section 5.3.
void decrypt_slices(const SlicedKey &k, uint64_t q[8]) {
  const unsigned rounds = k.rounds;
  add_round_key(q, k.round(rounds));
  for (unsigned r = rounds - 1; r > 0; r--) {
    inv_shift_rows(q);
    inv_sub_bytes(q);
    add_round_key(q, k.round(r));
    inv_mix_columns(q);
  }
  inv_shift_rows(q);
  inv_sub_bytes(q);
  add_round_key(q, k.round(0));
}

// S-box on the four bytes of a key-schedule word (byte n at bits 8n), through
// the same circuit. The circuit is purely bitwise, so no transpose is needed:
// slice i holds bit i of each byte at bit 0 of that byte's lane, and the lanes
// never mix.
uint32_t sub_word(uint32_t x) {
  uint64_t q[8];
  for (int i = 0; i < 8; i++) q[i] = (x >> i) & 0x01010101u;
  sub_bytes(q);
  uint32_t y = 0;
  for (int i = 0; i < 8; i++) y |= static_cast<uint32_t>(q[i] & 0x01010101u) << i;
  secure_wipe(q, sizeof(q));
  return y;
}

inline void xor_bytes(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n) {
  for (size_t i = 0; i < n; i++) out[i] = a[i] ^ b[i];
}

}  // namespace

void expand_key(const uint8_t *user_key, unsigned bits, uint8_t schedule[240]) {
  const unsigned nk = bits / 32;
  const unsigned rounds = nk + 6;
  const unsigned total = 4 * (rounds + 1);
  // Words in registers (byte n at bits 8n): byte stores followed by a word
  // load of the same bytes would stall every step of this serial chain.
  uint32_t w[60];
  for (unsigned i = 0; i < nk; i++) w[i] = load_le32(user_key + 4 * i);
  uint32_t rcon = 1;
  unsigned j = 0;  // i mod nk, as a counter (a division per word costs more than the rest)
  for (unsigned i = nk; i < total; i++, j = j + 1 == nk ? 0 : j + 1) {
    uint32_t t = w[i - 1];
    if (j == 0) {
      t = sub_word((t >> 8) | (t << 24)) ^ rcon;  // RotWord, SubWord, Rcon
      // rcon is public; xtime on it needs no care.
      rcon = ((rcon << 1) ^ ((rcon >> 7) * 0x1b)) & 0xff;
    } else if (nk > 6 && j == 4) {
      t = sub_word(t);
    }
    w[i] = w[i - nk] ^ t;
  }
  for (unsigned i = 0; i < total; i++) store_le32(schedule + 4 * i, w[i]);
  secure_wipe(w, sizeof(w));
}

void set_key(const uint8_t *user_key, unsigned bits, ctasm_aes_key *key) {
  const unsigned rounds = bits / 32 + 6;
  uint8_t w[60][4];
  expand_key(user_key, bits, &w[0][0]);

  memset(key, 0, sizeof(*key));
  key->ctasm_private_rounds = rounds;

  for (unsigned r = 0; r <= rounds; r++) {
    uint8_t rep[kBatchBytes];
    uint64_t sliced[8];
    for (size_t b = 0; b < kBatchBlocks; b++) memcpy(rep + 16 * b, w[4 * r], 16);
    to_slices(rep, sliced);
    memcpy(key->ctasm_private_extra + kRoundKeyBytes * r, sliced, kRoundKeyBytes);
    secure_wipe(rep, sizeof(rep));
    secure_wipe(sliced, sizeof(sliced));
  }
  secure_wipe(w, sizeof(w));
}

namespace {

// ECB through one of the sliced ciphers, a batch of up to kBatchBlocks at a time.
template <void (*Cipher)(const SlicedKey &, uint64_t *)>
void ecb_blocks(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks) {
  const SlicedKey lk(key);
  uint8_t buf[kBatchBytes];
  uint64_t q[8];
  while (blocks > 0) {
    const size_t n = blocks < kBatchBlocks ? blocks : kBatchBlocks;
    memset(buf, 0, sizeof(buf));
    memcpy(buf, in, 16 * n);
    to_slices(buf, q);
    Cipher(lk, q);
    from_slices(q, buf);
    memcpy(out, buf, 16 * n);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  secure_wipe(buf, sizeof(buf));
  secure_wipe(q, sizeof(q));
}

}  // namespace

void encrypt_blocks(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks) {
  ecb_blocks<encrypt_slices>(key, in, out, blocks);
}

void decrypt_blocks(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks) {
  ecb_blocks<decrypt_slices>(key, in, out, blocks);
}

// CBC encryption is serial: one block per batch (the other lanes idle).
void cbc_encrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                 uint8_t ivec[16]) {
  const SlicedKey lk(key);
  uint8_t buf[kBatchBytes] = {0};
  uint64_t q[8];
  memcpy(buf, ivec, 16);
  for (size_t i = 0; i < blocks; i++) {
    xor_bytes(buf, buf, in + 16 * i, 16);
    to_slices(buf, q);
    encrypt_slices(lk, q);
    from_slices(q, buf);
    memcpy(out + 16 * i, buf, 16);
  }
  memcpy(ivec, buf, 16);
  secure_wipe(buf, sizeof(buf));
  secure_wipe(q, sizeof(q));
}

void cbc_decrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                 uint8_t ivec[16]) {
  const SlicedKey lk(key);
  uint8_t buf[kBatchBytes];
  uint8_t prev[16 + kBatchBytes];  // previous ciphertext block, then this batch's ciphertext
  uint64_t q[8];
  memcpy(prev, ivec, 16);
  while (blocks > 0) {
    const size_t n = blocks < kBatchBlocks ? blocks : kBatchBlocks;
    // Copy the ciphertext first: out may alias in.
    memcpy(prev + 16, in, 16 * n);
    memset(buf, 0, sizeof(buf));
    memcpy(buf, in, 16 * n);
    to_slices(buf, q);
    decrypt_slices(lk, q);
    from_slices(q, buf);
    xor_bytes(out, buf, prev, 16 * n);
    memcpy(prev, prev + 16 * n, 16);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  memcpy(ivec, prev, 16);
  secure_wipe(buf, sizeof(buf));
  secure_wipe(q, sizeof(q));
}

void ctr32_encrypt_blocks(const uint8_t *in, uint8_t *out, size_t blocks,
                          const ctasm_aes_key *key, const uint8_t ivec[16]) {
  const SlicedKey lk(key);
  uint8_t buf[kBatchBytes];
  uint64_t q[8];
  uint32_t ctr = load_be32(ivec + 12);
  while (blocks > 0) {
    const size_t n = blocks < kBatchBlocks ? blocks : kBatchBlocks;
    for (size_t b = 0; b < kBatchBlocks; b++) {
      memcpy(buf + 16 * b, ivec, 12);
      store_be32(buf + 16 * b + 12, ctr + static_cast<uint32_t>(b));
    }
    to_slices(buf, q);
    encrypt_slices(lk, q);
    from_slices(q, buf);
    xor_bytes(out, in, buf, 16 * n);
    ctr += static_cast<uint32_t>(n);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  secure_wipe(buf, sizeof(buf));
  secure_wipe(q, sizeof(q));
}

}  // namespace aes_portable
}  // namespace ctasm
