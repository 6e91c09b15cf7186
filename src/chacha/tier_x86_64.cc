// SPDX-License-Identifier: Apache-2.0
// The x86_64 ChaCha20-Poly1305 tiers (perlasm/chacha/chacha20_poly1305_x86_64.pl):
// SSSE3 (4 blocks in xmm lanes, a 1-3 block short path, AEAD messages of
// 129-192 bytes one 4-block batch; scalar 64-bit Poly1305, woven into a loop over
// double rounds for whole 4-block batches, chunk by chunk after (or, for open,
// before) the cipher in the tail) and AVX2 (8 blocks in ymm lanes; AEAD messages
// up to 320 bytes two blocks per ymm row set with scalar Poly1305 inline, 321-448
// bytes one 8-block batch with scalar Poly1305; longer ones chunk by chunk (2 KiB),
// each chunk's Poly1305 the 4-lane radix-2^26 AVX2 one, 4 blocks per step, when the
// chunk has 16 blocks or more, its last 0-3 blocks and shorter chunks scalar) and
// AVX-512 (F+BW+VL: the AVX2 tier's code with every rotate one vprold on ymm, and
// 16-block zmm batches while 1 KiB or more of a call or chunk remains, so messages
// up to 448 bytes never touch zmm; the AVX2 Poly1305: ChachaAvx512.pm) and
// AVX-512 IFMA (the AVX-512 tier with each chunk's Poly1305 in radix 2^44, 8
// blocks a step in zmm lanes with vpmadd52luq/huq: ChachaIfma.pm; its stream
// function is the AVX-512 one).
// Everything runs in the assembly, which wipes its own frame, so no C++ here
// computes on secrets.
#include "chacha/internal.h"

#if defined(CTASM_X86_64_ASM)
// Assembly entry points (the contract of ChachaTier in chacha/internal.h).
// The _ssse3 ones need SSSE3, the _avx2 ones AVX2 (no BMI2: plain mul), the
// _avx512 ones AVX-512 F+BW+VL with the OS saving zmm state (kAVX512).
extern "C" {
void ctasm_chacha20_ssse3(uint8_t *out, const uint8_t *in, size_t len,
                          const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_seal_ssse3(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                        size_t in_len, const uint8_t *ad, size_t ad_len,
                                        const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_open_ssse3(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                        size_t in_len, const uint8_t *ad, size_t ad_len,
                                        const ctasm::ChachaState *state);
void ctasm_chacha20_avx2(uint8_t *out, const uint8_t *in, size_t len,
                         const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_seal_avx2(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                       size_t in_len, const uint8_t *ad, size_t ad_len,
                                       const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_open_avx2(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                       size_t in_len, const uint8_t *ad, size_t ad_len,
                                       const ctasm::ChachaState *state);
void ctasm_chacha20_avx512(uint8_t *out, const uint8_t *in, size_t len,
                           const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_seal_avx512(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                         size_t in_len, const uint8_t *ad, size_t ad_len,
                                         const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_open_avx512(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                         size_t in_len, const uint8_t *ad, size_t ad_len,
                                         const ctasm::ChachaState *state);
// These need kAVX512IFMA as well.
void ctasm_chacha20_poly1305_seal_avx512ifma(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                             size_t in_len, const uint8_t *ad, size_t ad_len,
                                             const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_open_avx512ifma(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                             size_t in_len, const uint8_t *ad, size_t ad_len,
                                             const ctasm::ChachaState *state);
}

namespace ctasm {
namespace {
bool ssse3_capable() { return cpu_has(kSSSE3); }
bool avx2_capable() { return cpu_has(kAVX2); }
bool avx512_capable() { return cpu_has(kAVX512); }
bool avx512ifma_capable() { return cpu_has(kAVX512) && cpu_has(kAVX512IFMA); }
}  // namespace

const ChachaTier kChachaTierSsse3 = {
    kChachaImplSsse3,
    "chacha-ssse3",
    ssse3_capable,
    ctasm_chacha20_ssse3,
    ctasm_chacha20_poly1305_seal_ssse3,
    ctasm_chacha20_poly1305_open_ssse3,
    0,
};

const ChachaTier kChachaTierAvx2 = {
    kChachaImplAvx2,
    "chacha-avx2",
    avx2_capable,
    ctasm_chacha20_avx2,
    ctasm_chacha20_poly1305_seal_avx2,
    ctasm_chacha20_poly1305_open_avx2,
    0,
};

// Run by util/bochs512 (stage 6) on this project's AVX-512-less development CPU.
const ChachaTier kChachaTierAvx512 = {
    kChachaImplAvx512,
    "chacha-avx512",
    avx512_capable,
    ctasm_chacha20_avx512,
    ctasm_chacha20_poly1305_seal_avx512,
    ctasm_chacha20_poly1305_open_avx512,
    0,
};

// Also run by util/bochs512 (stage 6), for CI machines without AVX-512.
const ChachaTier kChachaTierAvx512Ifma = {
    kChachaImplAvx512Ifma,
    "chacha-avx512ifma",
    avx512ifma_capable,
    ctasm_chacha20_avx512,
    ctasm_chacha20_poly1305_seal_avx512ifma,
    ctasm_chacha20_poly1305_open_avx512ifma,
    0,
};

}  // namespace ctasm
#endif  // CTASM_X86_64_ASM
