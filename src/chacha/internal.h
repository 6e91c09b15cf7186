// SPDX-License-Identifier: Apache-2.0
// ChaCha20-Poly1305 internals (RFC 8439): the contract every tier keeps, and
// the tier table ctasm_aead_chacha20_poly1305(), its XChaCha20 variant and
// ctasm_chacha20() dispatch on (best first, as src/aes/internal.h and
// src/ghash/internal.h do).
//
// A tier is whole messages, not primitives: the fastest code fuses ChaCha20
// and Poly1305 in one pass (NEON rounds interleaved with scalar multiplies),
// and short messages are fastest when the Poly1305 key block is computed in
// the same batch as the first key-stream blocks. So the tier receives the
// ChaCha20 input state and does all of RFC 8439 section 2.8 itself.
#ifndef CTASM_SRC_CHACHA_INTERNAL_H
#define CTASM_SRC_CHACHA_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "cpu/cpu.h"
#include "internal/asm_config.h"
#include "internal/compiler.h"
#include "internal/prefix.h"

namespace ctasm {

// The tier that serves a context; recorded in ctasm_aead_ctx. Zero means
// none. Ids are never reused.
enum ChachaImpl : uint32_t {
  kChachaImplNone = 0,
  kChachaImplPortable = 1,   // constant-time C++, every target
  kChachaImplSsse3 = 2,      // x86_64 SSSE3 (pshufb rotates)
  kChachaImplAvx2 = 3,       // x86_64 AVX2
  kChachaImplAvx512 = 4,     // x86_64 AVX-512 (VL/BW), the AVX2 Poly1305
  kChachaImplNeonArmv8 = 5,  // AArch64 NEON ChaCha20 fused with scalar Poly1305
  kChachaImplNeonArmv7 = 6,  // ARMv7 NEON ChaCha20, Poly1305 per the tier
  kChachaImplAvx512Ifma = 7,  // x86_64 AVX-512 with the IFMA Poly1305
  kChachaImplCount = 8,
};

// The ChaCha20 input state after its four constant words (RFC 8439 2.3):
// words 0..7 the key, word 8 the block counter, words 9..11 the nonce, each
// little-endian as the RFC reads them from bytes. 48 bytes, 16-byte aligned.
// Callers build it with chacha_make_state (chacha/state.h): the x86_64 tiers
// load each 16-byte row in one load, which store-to-load forwarding serves
// only from one 16-byte store of that row.
struct alignas(16) ChachaState {
  uint32_t words[12];
};

// ChachaTier::cxx_secrets: which functions compute on secrets in C++, so
// their caller wipes the dead stack after them (internal/stack_wipe.h).
enum : uint8_t { kChachaCxxStream = 1, kChachaCxxAead = 2 };

struct ChachaTier {
  ChachaImpl impl;
  const char *name;   // ctasm_aead_impl() of the ChaCha20-Poly1305 AEADs, e.g. "chacha-ssse3"
  bool (*capable)();  // the CPU in force (after CTASM_CPU) can run it
  // ChaCha20 (RFC 8439 2.4): out[i] = in[i] ^ keystream[i] for i < len, the
  // key stream starting at block state->words[8]. The caller guarantees the
  // 32-bit counter does not wrap: words[8] + ceil(len / 64) <= 2^32. out may
  // equal in; no other overlap. len 0 allowed. state is not modified.
  void (*chacha20)(uint8_t *out, const uint8_t *in, size_t len, const ChachaState *state);
  // RFC 8439 2.8 AEAD with state->words[8] == 0 on entry (the tier uses
  // block 0 for the Poly1305 key and blocks 1.. for the data).
  // seal: out = ChaCha20(in) from block 1; tag = Poly1305 over
  //   ad || pad16 || out || pad16 || le64(ad_len) || le64(in_len).
  // open: tag = the same Poly1305 over in (the ciphertext); out = ChaCha20(in).
  //   The caller compares tags in constant time and wipes out on mismatch.
  // out may equal in (both directions read each ciphertext byte before they
  // write it); no other overlap. Lengths 0 allowed. The caller guarantees
  // in_len <= 64 * (2^32 - 1) (the RFC's limit) and pointers non-NULL where
  // the length is non-zero. Seven arguments: the x86 dialect's stack
  // arguments (SysV: state on the stack; Win64: ad_len and state) and
  // AAPCS32's (ad, ad_len, state on the stack).
  void (*seal)(uint8_t *out, uint8_t tag[16], const uint8_t *in, size_t in_len,
               const uint8_t *ad, size_t ad_len, const ChachaState *state);
  void (*open)(uint8_t *out, uint8_t tag[16], const uint8_t *in, size_t in_len,
               const uint8_t *ad, size_t ad_len, const ChachaState *state);
  uint8_t cxx_secrets;  // kChachaCxx* flags
};

// Each tier's entry in its own file (src/chacha/tier_*.cc).
extern const ChachaTier kChachaTierPortable;
#if defined(CTASM_X86_64_ASM)
extern const ChachaTier kChachaTierSsse3;  // src/chacha/tier_x86_64.cc
extern const ChachaTier kChachaTierAvx2;   // src/chacha/tier_x86_64.cc
extern const ChachaTier kChachaTierAvx512;  // src/chacha/tier_x86_64.cc
extern const ChachaTier kChachaTierAvx512Ifma;  // src/chacha/tier_x86_64.cc
#elif defined(CTASM_AARCH64_ASM)
extern const ChachaTier kChachaTierNeonArmv8;  // src/chacha/tier_aarch64.cc
#elif defined(CTASM_ARMV7_ASM)
extern const ChachaTier kChachaTierNeonArmv7;  // src/chacha/tier_armv7.cc
#endif

// This build's tiers, best first, the portable tier last (src/chacha/tiers.cc).
extern const ChachaTier *const kChachaTiers[];
extern const size_t kChachaTierCount;
// By impl id: the tier, or nullptr when this build has none with that id.
extern const ChachaTier *const kChachaTierByImpl[kChachaImplCount];

// The tier new contexts and ctasm_chacha20() calls get under the
// capabilities in force.
const ChachaTier &chacha_select_tier();

}  // namespace ctasm

#endif  // CTASM_SRC_CHACHA_INTERNAL_H
