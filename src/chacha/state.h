// SPDX-License-Identifier: Apache-2.0
// The ChaCha20 input state (internal.h) built for a tier call, the same words
// as chacha_portable::make_state, stored the way the x86_64 tiers load them.
//
// The assembly loads each 16-byte row with one 16-byte load right after the
// caller stored it, so the load waits for store-to-load forwarding, which
// takes a load only from a single store that covers it. Row 3 (the counter
// and the nonce) written word by word, or as 4 + 8 bytes, made the tiers load
// it a dword at a time (four loads and inserts on the path into the first
// round); one 16-byte store lets them take it in one load: a 16-byte AEAD
// seal 4% faster (perlasm/chacha/chacha20_poly1305_x86_64.pl's header).
#ifndef CTASM_SRC_CHACHA_STATE_H
#define CTASM_SRC_CHACHA_STATE_H

#include <stdint.h>
#include <string.h>

#include "chacha/chacha_portable.h"
#include "chacha/internal.h"
#include "internal/ct.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
#endif

namespace ctasm {

// The 16-byte stores below need row 3 (byte 32) 16-byte aligned.
static_assert(sizeof(ChachaState) == 48 && alignof(ChachaState) == 16,
              "ChachaState: three 16-byte rows, 16-byte aligned");

// key: 32 bytes; nonce: 12 bytes; counter: the first block's number.
inline void chacha_make_state(ChachaState *st, const uint8_t key[32], uint32_t counter,
                              const uint8_t nonce[12]) {
#if defined(__x86_64__) || defined(_M_X64)
  // Little-endian: the words are the bytes as given. Two 16-byte stores of
  // the key, one of the counter and nonce (SSE2, in every x86_64 CPU).
  memcpy(st->words, key, 32);
  uint32_t n0;
  uint64_t n12;
  memcpy(&n0, nonce, 4);
  memcpy(&n12, nonce + 4, 8);
  const uint64_t lo = counter | (static_cast<uint64_t>(n0) << 32);
  _mm_store_si128(reinterpret_cast<__m128i *>(st->words + 8),
                  _mm_unpacklo_epi64(_mm_cvtsi64_si128(static_cast<int64_t>(lo)),
                                     _mm_cvtsi64_si128(static_cast<int64_t>(n12))));
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  // in place, no call (the ARM tiers' short messages are counted in
  // instructions: util/count_insns.py)
  memcpy(st->words, key, 32);
  st->words[8] = counter;
  memcpy(st->words + 9, nonce, 12);
#else
  chacha_portable::make_state(st, key, counter, nonce);
#endif
}

// Zero a state built above once the tier has returned. On x86_64 (GCC and
// Clang) three 16-byte stores: inlined into the public seal, GCC expanded
// secure_wipe's memset as `rep stos` there (12 trips, dozens of cycles).
inline void chacha_wipe_state(ChachaState *st) {
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
  __m128i *rows = reinterpret_cast<__m128i *>(st->words);
  for (int i = 0; i < 3; i++) _mm_store_si128(rows + i, _mm_setzero_si128());
  __asm__ __volatile__("" : : "r"(st) : "memory");  // the stores are not dead
#else
  secure_wipe(st, sizeof(*st));
#endif
}

}  // namespace ctasm

#endif  // CTASM_SRC_CHACHA_STATE_H
