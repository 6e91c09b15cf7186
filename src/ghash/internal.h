// SPDX-License-Identifier: Apache-2.0
// GHASH internals (GCM's universal hash, NIST SP 800-38D section 6.4): the
// contract every GHASH tier keeps, their entry points, and the tier table the
// AES-GCM AEADs dispatch on (best first, as src/aes/internal.h does for AES).
//
// Byte order everywhere is the specification's: a 16-byte block is the bit
// string X_0..X_127 with X_0 the most significant bit of byte 0, and
// multiplication is in GF(2^128) mod x^128 + x^7 + x^2 + x + 1 with GCM's
// reflected bit order. Tiers may keep H in any form inside their key.
#ifndef CTASM_SRC_GHASH_INTERNAL_H
#define CTASM_SRC_GHASH_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "cpu/cpu.h"
#include "internal/asm_config.h"
#include "internal/compiler.h"
#include "internal/prefix.h"

namespace ctasm {

// The tier that formatted a GHASH key; recorded in a GCM context. Zero means
// none. Ids are never reused (hardware tiers take new ones).
enum GhashImpl : uint32_t {
  kGhashImplNone = 0,
  kGhashImplPortable = 1,   // constant-time C++, every target
  kGhashImplSsse3 = 2,      // x86_64 SSSE3: tables read whole, selected by pshufb
  kGhashImplNeonArmv8 = 3,  // AArch64 NEON with 8-bit polynomial multiplies only
  kGhashImplNeonArmv7 = 4,  // ARMv7 NEON vmull.p8
  kGhashImplCount = 5,
};

// H in a tier's own form (powers, tables), 16-byte aligned. Large enough for
// several powers of H in every tier planned (including 4-bit tables).
constexpr size_t kGhashKeyBytes = 1024;
struct alignas(16) GhashKey {
  uint8_t bytes[kGhashKeyBytes];
};

// GhashTier::cxx_secrets: which functions compute on secrets in C++, so their
// caller wipes the dead stack after them (internal/stack_wipe.h).
enum : uint8_t { kGhashCxxInit = 1, kGhashCxxData = 2 };

struct GhashTier {
  GhashImpl impl;
  const char *name;   // the GHASH half of ctasm_aead_impl(), e.g. "ghash-ssse3"
  bool (*capable)();  // the CPU in force (after CTASM_CPU) can run it
  // key: a zeroed GhashKey (any contents when init_defines_all); h: H = E_K(0^128).
  void (*init)(void *key, const uint8_t h[16]);
  // x = x * H.
  void (*gmult)(uint8_t x[16], const void *key);
  // For each 16-byte block B of in: x = (x xor B) * H. len is a multiple of
  // 16 (0 allowed: nothing happens); in may be unaligned.
  void (*ghash)(uint8_t x[16], const void *key, const uint8_t *in, size_t len);
  uint8_t cxx_secrets;  // kGhashCxx* flags
  // init writes all kGhashKeyBytes of the key, so its caller need not zero it
  // first (false, the default: it must).
  bool init_defines_all = false;
};

// Each tier's entry in its own file (src/ghash/tier_*.cc).
extern const GhashTier kGhashTierPortable;
#if defined(CTASM_X86_64_ASM)
extern const GhashTier kGhashTierSsse3;  // src/ghash/tier_x86_64.cc: SSSE3
#elif defined(CTASM_AARCH64_ASM)
extern const GhashTier kGhashTierNeonArmv8;  // src/ghash/tier_aarch64.cc: NEON
#elif defined(CTASM_ARMV7_ASM)
extern const GhashTier kGhashTierNeonArmv7;  // src/ghash/tier_armv7.cc: NEON
#endif

// This build's tiers, best first, the portable tier last (src/ghash/tiers.cc).
extern const GhashTier *const kGhashTiers[];
extern const size_t kGhashTierCount;
// By impl id: the tier, or nullptr when this build has none with that id.
extern const GhashTier *const kGhashTierByImpl[kGhashImplCount];

// The tier new GCM contexts get under the capabilities in force.
const GhashTier &ghash_select_tier();

}  // namespace ctasm

#endif  // CTASM_SRC_GHASH_INTERNAL_H
