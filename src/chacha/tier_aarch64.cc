// SPDX-License-Identifier: Apache-2.0
// The AArch64 NEON ChaCha20-Poly1305 tier (perlasm/chacha/chacha20_poly1305_armv8.pl):
// NEON ChaCha20 (up to five blocks in flight) with scalar Poly1305 woven into
// the same instruction stream. Everything is assembly; no C++ touches secrets.
#include "chacha/internal.h"

#if defined(CTASM_AARCH64_ASM)
// Each needs NEON (AdvSIMD; every AArch64 CPU: cpu_has(kNEON)). Arguments and
// their contract as ChachaTier's members (src/chacha/internal.h).
extern "C" {
void ctasm_chacha20_neon(uint8_t *out, const uint8_t *in, size_t len,
                         const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_seal_neon(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                       size_t in_len, const uint8_t *ad, size_t ad_len,
                                       const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_open_neon(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                       size_t in_len, const uint8_t *ad, size_t ad_len,
                                       const ctasm::ChachaState *state);
}

namespace ctasm {
namespace {

bool capable() { return cpu_has(kNEON); }

}  // namespace

const ChachaTier kChachaTierNeonArmv8 = {
    kChachaImplNeonArmv8,
    "chacha-neon-armv8",
    capable,
    ctasm_chacha20_neon,
    ctasm_chacha20_poly1305_seal_neon,
    ctasm_chacha20_poly1305_open_neon,
    0,  // no C++ computes on secrets
};

}  // namespace ctasm
#endif  // CTASM_AARCH64_ASM
