// SPDX-License-Identifier: Apache-2.0
// C prototypes of the x86_64 test-only assembly the unwind test steps:
// perlasm/test/xlate-x86_64.pl, abi-x86_64.pl and unwind-neg-x86_64.pl.
#ifndef CTASM_TESTS_UNWIND_X86_64_FUNCTIONS_H
#define CTASM_TESTS_UNWIND_X86_64_FUNCTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "../abi/abi_harness.h"

// The assembly renames its globals under CTASM_PREFIX (docs/PERLASM.md); follow it.
#if defined(CTASM_PREFIX)
#define CTASM_UW(n) CTASM_ABI_CAT(CTASM_PREFIX, n)
#define ctasm_abi_test_clobber_gpr CTASM_UW(ctasm_abi_test_clobber_gpr)
#define ctasm_abi_test_set_df CTASM_UW(ctasm_abi_test_set_df)
#define ctasm_abi_test_args6 CTASM_UW(ctasm_abi_test_args6)
#define ctasm_abi_test_wide CTASM_UW(ctasm_abi_test_wide)
#define ctasm_xlate_test_sum0 CTASM_UW(ctasm_xlate_test_sum0)
#define ctasm_xlate_test_sum1 CTASM_UW(ctasm_xlate_test_sum1)
#define ctasm_xlate_test_sum2 CTASM_UW(ctasm_xlate_test_sum2)
#define ctasm_xlate_test_sum3 CTASM_UW(ctasm_xlate_test_sum3)
#define ctasm_xlate_test_sum4 CTASM_UW(ctasm_xlate_test_sum4)
#define ctasm_xlate_test_sum5 CTASM_UW(ctasm_xlate_test_sum5)
#define ctasm_xlate_test_sum6 CTASM_UW(ctasm_xlate_test_sum6)
#define ctasm_xlate_test_saves CTASM_UW(ctasm_xlate_test_saves)
#define ctasm_xlate_test_align0 CTASM_UW(ctasm_xlate_test_align0)
#define ctasm_xlate_test_align1 CTASM_UW(ctasm_xlate_test_align1)
#define ctasm_xlate_test_align2 CTASM_UW(ctasm_xlate_test_align2)
#define ctasm_xlate_test_align3 CTASM_UW(ctasm_xlate_test_align3)
#define ctasm_xlate_test_align4 CTASM_UW(ctasm_xlate_test_align4)
#define ctasm_xlate_test_xmm_mix CTASM_UW(ctasm_xlate_test_xmm_mix)
#define ctasm_xlate_test_local_xmm CTASM_UW(ctasm_xlate_test_local_xmm)
#define ctasm_xlate_test_call_local CTASM_UW(ctasm_xlate_test_call_local)
#define ctasm_xlate_test_keep CTASM_UW(ctasm_xlate_test_keep)
#define ctasm_xlate_test_two_rets CTASM_UW(ctasm_xlate_test_two_rets)
#define ctasm_xlate_test_tables CTASM_UW(ctasm_xlate_test_tables)
#define ctasm_xlate_test_ssse3 CTASM_UW(ctasm_xlate_test_ssse3)
#define ctasm_xlate_test_loop CTASM_UW(ctasm_xlate_test_loop)
#define ctasm_xlate_test_gpr CTASM_UW(ctasm_xlate_test_gpr)
#define ctasm_unwind_neg_cfa CTASM_UW(ctasm_unwind_neg_cfa)
#define ctasm_unwind_neg_saved CTASM_UW(ctasm_unwind_neg_saved)
#define ctasm_unwind_neg_epilogue CTASM_UW(ctasm_unwind_neg_epilogue)
#define ctasm_unwind_neg_cfi_offset CTASM_UW(ctasm_unwind_neg_cfi_offset)
#define ctasm_unwind_neg_cfi_cfa CTASM_UW(ctasm_unwind_neg_cfi_cfa)
#endif

extern "C" {
// perlasm/test/abi-x86_64.pl (weak there too: a tree without it still links)
CTASM_ABI_WEAK uint64_t ctasm_abi_test_clobber_gpr(void);
CTASM_ABI_WEAK uint64_t ctasm_abi_test_set_df(void);
CTASM_ABI_WEAK uint64_t ctasm_abi_test_args6(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                                             uint64_t);
CTASM_ABI_WEAK uint64_t ctasm_abi_test_wide(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                                            uint64_t, uint64_t, uint64_t);
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
// perlasm/test/unwind-neg-x86_64.pl: each returns its number (1..5). Linked when
// gen_asm.py's manifest has the script, i.e. when its output exists (gen_asm.py deletes
// outputs no manifest entry produces); without it the negative test fails, saying so.
// (Weak declarations would not do: undefined weak symbols do not link on mingw.)
#if __has_include("../../generated/x86_64-linux/unwind-neg-x86_64.S") && \
    __has_include("../../generated/x86_64-win/unwind-neg-x86_64.asm")
#define CTASM_UNWIND_HAVE_NEG 1
uint64_t ctasm_unwind_neg_cfa(void);
uint64_t ctasm_unwind_neg_saved(void);
uint64_t ctasm_unwind_neg_epilogue(void);
uint64_t ctasm_unwind_neg_cfi_offset(void);
uint64_t ctasm_unwind_neg_cfi_cfa(void);
#endif
}

#endif  // CTASM_TESTS_UNWIND_X86_64_FUNCTIONS_H
