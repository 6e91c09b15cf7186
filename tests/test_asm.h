// SPDX-License-Identifier: Apache-2.0
// C prototypes of the test-only assembly (perlasm/test/, gen_asm.py kind "test"),
// the one place every test that calls it takes them from. The CTASM_PREFIX renaming
// comes from tests/test_prefix_asm.h, which gen_asm.py writes from the symbols the
// generated files export, so a new test function needs only its prototype here.
//
// The library's own entry points are declared by src/<alg>/internal.h instead.
#ifndef CTASM_TESTS_TEST_ASM_H
#define CTASM_TESTS_TEST_ASM_H

#include <stddef.h>
#include <stdint.h>

#include "internal/asm_config.h"
#include "test_prefix_asm.h"

#if defined(CTASM_X86_64_ASM)
#include "chacha/internal.h"  // ChachaState, for the ChaCha20-Poly1305 prototypes
#endif

// The ABI fixtures are weak so that a tree whose manifest lacks perlasm/test/abi-*.pl
// still links (tests/abi/abi_harness.h then fails every ABI test, saying so).
#if defined(__GNUC__)
#define CTASM_TEST_ASM_WEAK __attribute__((weak))
#else
#define CTASM_TEST_ASM_WEAK
#endif

#if defined(CTASM_AARCH64_ASM)
namespace ctasm {
struct ChachaState;  // src/chacha/internal.h
}
#endif

extern "C" {
#if defined(CTASM_X86_64_ASM)
// perlasm/test/abi-x86_64.pl: the harness's negative fixtures and argument checks.
CTASM_TEST_ASM_WEAK uint64_t ctasm_abi_test_clobber_gpr(void);
CTASM_TEST_ASM_WEAK uint64_t ctasm_abi_test_set_df(void);
CTASM_TEST_ASM_WEAK uint64_t ctasm_abi_test_args6(uint64_t, uint64_t, uint64_t, uint64_t,
                                                  uint64_t, uint64_t);
CTASM_TEST_ASM_WEAK uint64_t ctasm_abi_test_wide(uint64_t, uint64_t, uint64_t, uint64_t,
                                                 uint64_t, uint64_t, uint64_t, uint64_t);
// perlasm/test/xlate-x86_64.pl
uint64_t ctasm_xlate_test_sum0(void);
uint64_t ctasm_xlate_test_sum1(uint64_t);
uint64_t ctasm_xlate_test_sum2(uint64_t, uint64_t);
uint64_t ctasm_xlate_test_sum3(uint64_t, uint64_t, uint64_t);
uint64_t ctasm_xlate_test_sum4(uint64_t, uint64_t, uint64_t, uint64_t);
uint64_t ctasm_xlate_test_sum5(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t);
uint64_t ctasm_xlate_test_sum6(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t);
uint64_t ctasm_xlate_test_saves(uint64_t x);
uint64_t ctasm_xlate_test_align0(void);
uint64_t ctasm_xlate_test_align1(void);
uint64_t ctasm_xlate_test_align2(void);
uint64_t ctasm_xlate_test_align3(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t);
uint64_t ctasm_xlate_test_align4(uint64_t);
uint64_t ctasm_xlate_test_xmm_mix(void);
uint64_t ctasm_xlate_test_local_xmm(void);
uint64_t ctasm_xlate_test_call_local(uint64_t x);
uint32_t ctasm_xlate_test_keep(uint64_t (*fn)(void));
uint64_t ctasm_xlate_test_two_rets(uint64_t x);
uint64_t ctasm_xlate_test_tables(uint8_t out[16]);
void ctasm_xlate_test_ssse3(const uint8_t in[16], uint8_t out[16]);
uint64_t ctasm_xlate_test_loop(const uint8_t *p, size_t n);
uint64_t ctasm_xlate_test_gpr(uint64_t a, uint64_t b);
// The ChaCha20-Poly1305 tiers' entry points (perlasm/chacha/chacha20_poly1305_x86_64.pl,
// src/chacha/tier_x86_64.cc, where their features are listed), for the ABI and unwind
// tests that call them by name.
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
void ctasm_chacha20_poly1305_seal_avx512ifma(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                             size_t in_len, const uint8_t *ad, size_t ad_len,
                                             const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_open_avx512ifma(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                             size_t in_len, const uint8_t *ad, size_t ad_len,
                                             const ctasm::ChachaState *state);
// perlasm/test/unwind-neg-x86_64.pl: each returns its number (1..5); their unwind data
// is wrong on purpose. Linked when gen_asm.py's manifest has the script, i.e. when its
// output exists (gen_asm.py deletes outputs no manifest entry produces); without it the
// tests that need them fail, saying so. (Weak declarations would not do: undefined weak
// symbols do not link on mingw.)
#if __has_include("../generated/x86_64-linux/unwind-neg-x86_64.S") && \
    __has_include("../generated/x86_64-win/unwind-neg-x86_64.asm")
#define CTASM_TEST_HAVE_UNWIND_NEG 1
uint64_t ctasm_unwind_neg_cfa(void);
uint64_t ctasm_unwind_neg_saved(void);
uint64_t ctasm_unwind_neg_epilogue(void);
uint64_t ctasm_unwind_neg_cfi_offset(void);
uint64_t ctasm_unwind_neg_cfi_cfa(void);
#endif

#elif defined(CTASM_AARCH64_ASM)
// perlasm/test/abi-armv8.pl
CTASM_TEST_ASM_WEAK uint64_t ctasm_abi_test_clobber(void);
CTASM_TEST_ASM_WEAK uintptr_t ctasm_abi_test_no_landing_pad(void);
CTASM_TEST_ASM_WEAK uint64_t ctasm_abi_test_args8(uint64_t, uint64_t, uint64_t, uint64_t,
                                                  uint64_t, uint64_t, uint64_t, uint64_t);
// perlasm/test/xlate-armv8.pl
uint64_t ctasm_xlate_test_add3(uint64_t a, uint64_t b, uint64_t c);
uint64_t ctasm_xlate_test_frame(uint64_t x);
uint64_t ctasm_xlate_test_check_callee_saved(uint64_t (*fn)(uint64_t), uint64_t arg,
                                             uint64_t *resp);
uint64_t ctasm_xlate_test_sum_bytes(const uint8_t *p, size_t n);
void ctasm_xlate_test_neon(uint8_t out[16], const uint8_t in[16]);
uint64_t ctasm_xlate_test_signed_lr(void);
uint64_t ctasm_xlate_test_clobber(uint64_t x);
void ctasm_xlate_test_pac_corrupt(void);
uintptr_t ctasm_xlate_test_no_landing_pad(void);
void ctasm_xlate_test_aes_round(uint8_t out[16], const uint8_t in[16], const uint8_t key[16]);
void ctasm_xlate_test_aes_inv_round(uint8_t out[16], const uint8_t in[16]);
void ctasm_xlate_test_pmull(uint64_t out[4], const uint64_t a[2], const uint64_t b[2]);
// perlasm/chacha/chacha20_poly1305_armv8.pl: library code (kChachaTierNeonArmv8 in
// src/chacha/tier_aarch64.cc) that the ChaCha ABI, tier and count tests call by name.
// Contracts as ChachaTier's members (src/chacha/internal.h); all need NEON.
void ctasm_chacha20_neon(uint8_t *out, const uint8_t *in, size_t len,
                         const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_seal_neon(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                       size_t in_len, const uint8_t *ad, size_t ad_len,
                                       const ctasm::ChachaState *state);
void ctasm_chacha20_poly1305_open_neon(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                       size_t in_len, const uint8_t *ad, size_t ad_len,
                                       const ctasm::ChachaState *state);
// perlasm/test/poly1305-armv8.pl (test-only, generated by the ChaCha script): Poly1305
// (key = r || s) of in zero-padded to a multiple of 16, each block with its 2^128 bit,
// no length block: Poly1305 alone as the AEAD runs it. Base ISA only.
void ctasm_poly1305_pad16_armv8(uint8_t tag[16], const uint8_t key[32], const uint8_t *in,
                                size_t len);

#elif defined(CTASM_ARMV7_ASM)
// perlasm/test/abi-armv7.pl
CTASM_TEST_ASM_WEAK uint32_t ctasm_abi_test_clobber(void);
CTASM_TEST_ASM_WEAK uint32_t ctasm_abi_test_args8(uint32_t, uint32_t, uint32_t, uint32_t,
                                                  uint32_t, uint32_t, uint32_t, uint32_t);
// perlasm/test/xlate-armv7.pl
uint32_t ctasm_xlate_test_add3(uint32_t a, uint32_t b, uint32_t c);
uint32_t ctasm_xlate_test_frame(uint32_t x);
uint32_t ctasm_xlate_test_args5(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e);
uint32_t ctasm_xlate_test_args6(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e,
                                uint32_t f);
uint32_t ctasm_xlate_test_check_callee_saved(uint32_t (*fn)(uint32_t), uint32_t arg,
                                             uint32_t *resp);
uint32_t ctasm_xlate_test_clobber(uint32_t x);
uint32_t ctasm_xlate_test_sum_bytes(const uint8_t *p, size_t n);
void ctasm_xlate_test_neon(uint8_t out[16], const uint8_t in[16]);
void ctasm_xlate_test_aes_round(uint8_t out[16], const uint8_t in[16], const uint8_t key[16]);
void ctasm_xlate_test_aes_inv_round(uint8_t out[16], const uint8_t in[16]);
void ctasm_xlate_test_pmull(uint64_t out[4], const uint64_t a[2], const uint64_t b[2]);
#endif
}

#endif  // CTASM_TESTS_TEST_ASM_H
