// SPDX-License-Identifier: Apache-2.0
// ChaCha20 and HChaCha20, portable C++ (chacha_portable.h).
#include "chacha/chacha_portable.h"

#include <string.h>

#include "internal/ct.h"

namespace ctasm {
namespace chacha_portable {
namespace {

// "expand 32-byte k" as four little-endian words (RFC 8439 2.3).
constexpr uint32_t kSigma[4] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u};

inline uint32_t rotl(uint32_t v, int n) { return (v << n) | (v >> (32 - n)); }

inline void quarter_round(uint32_t *x, int a, int b, int c, int d) {
  x[a] += x[b];
  x[d] = rotl(x[d] ^ x[a], 16);
  x[c] += x[d];
  x[b] = rotl(x[b] ^ x[c], 12);
  x[a] += x[b];
  x[d] = rotl(x[d] ^ x[a], 8);
  x[c] += x[d];
  x[b] = rotl(x[b] ^ x[c], 7);
}

// The 20 rounds (ten column + diagonal double rounds) on x in place.
void rounds(uint32_t x[16]) {
  for (int i = 0; i < 10; i++) {
    quarter_round(x, 0, 4, 8, 12);
    quarter_round(x, 1, 5, 9, 13);
    quarter_round(x, 2, 6, 10, 14);
    quarter_round(x, 3, 7, 11, 15);
    quarter_round(x, 0, 5, 10, 15);
    quarter_round(x, 1, 6, 11, 12);
    quarter_round(x, 2, 7, 8, 13);
    quarter_round(x, 3, 4, 9, 14);
  }
}

void block_words(uint32_t out[16], const uint32_t in[16]) {
  for (int i = 0; i < 16; i++) out[i] = in[i];
  rounds(out);
  for (int i = 0; i < 16; i++) out[i] += in[i];
}

void full_state(uint32_t x[16], const ChachaState *state) {
  for (int i = 0; i < 4; i++) x[i] = kSigma[i];
  for (int i = 0; i < 12; i++) x[4 + i] = state->words[i];
}

}  // namespace

void block(uint8_t out[64], const ChachaState *state) {
  uint32_t in[16], ks[16];
  full_state(in, state);
  block_words(ks, in);
  for (int i = 0; i < 16; i++) store_le32(out + 4 * i, ks[i]);
  secure_wipe(in, sizeof(in));
  secure_wipe(ks, sizeof(ks));
}

void chacha20(uint8_t *out, const uint8_t *in, size_t len, const ChachaState *state) {
  uint32_t x[16], ks[16];
  full_state(x, state);
  uint8_t bytes[64];
  while (len != 0) {
    block_words(ks, x);
    const size_t n = len < 64 ? len : 64;
    for (int i = 0; i < 16; i++) store_le32(bytes + 4 * i, ks[i]);
    // Each byte is read before it is written, so out == in works.
    for (size_t i = 0; i < n; i++) out[i] = static_cast<uint8_t>(in[i] ^ bytes[i]);
    x[12]++;  // the caller guarantees no wrap
    in += n;
    out += n;
    len -= n;
  }
  secure_wipe(x, sizeof(x));
  secure_wipe(ks, sizeof(ks));
  secure_wipe(bytes, sizeof(bytes));
}

void hchacha20(uint8_t out[32], const uint8_t key[32], const uint8_t nonce[16]) {
  uint32_t x[16];
  for (int i = 0; i < 4; i++) x[i] = kSigma[i];
  for (int i = 0; i < 8; i++) x[4 + i] = load_le32(key + 4 * i);
  for (int i = 0; i < 4; i++) x[12 + i] = load_le32(nonce + 4 * i);
  rounds(x);  // no feed-forward: the subkey is rows 0 and 3 of the permuted state
  for (int i = 0; i < 4; i++) store_le32(out + 4 * i, x[i]);
  for (int i = 0; i < 4; i++) store_le32(out + 16 + 4 * i, x[12 + i]);
  secure_wipe(x, sizeof(x));
}

void make_state(ChachaState *state, const uint8_t key[32], uint32_t counter,
                const uint8_t nonce[12]) {
  for (int i = 0; i < 8; i++) state->words[i] = load_le32(key + 4 * i);
  state->words[8] = counter;
  for (int i = 0; i < 3; i++) state->words[9 + i] = load_le32(nonce + 4 * i);
}

}  // namespace chacha_portable
}  // namespace ctasm
