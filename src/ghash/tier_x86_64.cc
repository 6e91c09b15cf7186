// SPDX-License-Identifier: Apache-2.0
// The x86_64 SSSE3 GHASH tier (perlasm/ghash/ghash-ssse3-x86_64.pl): nibble
// tables of H and H^2 read whole and selected with pshufb. Everything, the
// table construction included, runs in the assembly, so no C++ computes on H.
#include "ghash/internal.h"

#if defined(CTASM_X86_64_ASM)
// Assembly entry points. All need SSSE3 (pshufb, palignr). key: a GhashKey in
// the script's "Key layout".
extern "C" {
// key (zeroed) = the tables of H and H^2.
void ctasm_gcm_init_ssse3(void *key, const uint8_t h[16]);
// x = x * H.
void ctasm_gcm_gmult_ssse3(uint8_t x[16], const void *key);
// For each 16-byte block B of in: x = (x xor B) * H; len a multiple of 16,
// in may be unaligned.
void ctasm_gcm_ghash_ssse3(uint8_t x[16], const void *key, const uint8_t *in, size_t len);
}

namespace ctasm {
namespace {

// The tables of H and H^2, 512 bytes each, are the whole key (init_defines_all).
static_assert(kGhashKeyBytes == 1024, "ctasm_gcm_init_ssse3 writes exactly 1024 bytes");

bool ssse3_capable() { return cpu_has(kSSSE3); }

}  // namespace

const GhashTier kGhashTierSsse3 = {
    kGhashImplSsse3,
    "ghash-ssse3",
    ssse3_capable,
    ctasm_gcm_init_ssse3,
    ctasm_gcm_gmult_ssse3,
    ctasm_gcm_ghash_ssse3,
    0,     // nothing in C++
    true,  // init writes the whole key (both powers' tables)
};

}  // namespace ctasm
#endif  // CTASM_X86_64_ASM
