// SPDX-License-Identifier: Apache-2.0
// The ARMv7 NEON ChaCha20-Poly1305 tier (perlasm/chacha/chacha20_poly1305_armv7.pl):
// NEON ChaCha20 (up to three blocks in flight); Poly1305 scalar (radix 2^32) under
// 192 bytes and NEON (radix 2^26, four blocks per step) from there; everything is
// assembly, so no C++ touches secrets.
#include "chacha/internal.h"

#if defined(CTASM_ARMV7_ASM)
// Each needs NEON (cpu_has(kNEON)); the contract is src/chacha/internal.h.
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

const ChachaTier kChachaTierNeonArmv7 = {
    kChachaImplNeonArmv7, "chacha-neon-armv7", capable, ctasm_chacha20_neon,
    ctasm_chacha20_poly1305_seal_neon, ctasm_chacha20_poly1305_open_neon,
    0,  // no C++ on secrets
};

}  // namespace ctasm
#endif  // CTASM_ARMV7_ASM
