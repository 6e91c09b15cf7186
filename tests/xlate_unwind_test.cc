// SPDX-License-Identifier: Apache-2.0
// Single-step unwind cases of the test-only assembly (tests/unwind/unwind_cases.h):
// perlasm/test/xlate-x86_64.pl and abi-x86_64.pl, with the arguments the ABI test uses.
// (The unwind negative fixtures are tests/unwind_test.cc's own.)
#include "unwind/unwind_cases.h"

#if defined(CTASM_UNWIND_STEPPING)

#include <stdint.h>
#include <stdio.h>

#include "bochs512_coverage.h"
#include "test_asm.h"

UNWIND_CASES(XlateX86_64) {
  const uint64_t a[6] = {0x1111, 0x2222000000000001, 0x3333, 0x44440000, 0x5555, 0x6666};
  STEP_OK(ctasm_abi_test_set_df);
  STEP_OK(ctasm_abi_test_args6, a[0], a[1], a[2], a[3], a[4], a[5]);
  // Eight arguments, a 64-byte-aligned frame (rbp frame pointer) and the vector parts
  // this CPU has (flags: 1 AVX2, 2 AVX-512F/BW/VL); never silently fewer.
  {
    uint64_t flags = 0;
    if (__builtin_cpu_supports("avx2")) flags |= 1;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl")) {
      flags |= 2;
    }
    STEP_OK(ctasm_abi_test_wide, a[0], a[1], a[2], a[3], a[4], a[5], 0x7777, 0);
    if (flags) STEP_OK(ctasm_abi_test_wide, a[0], a[1], a[2], a[3], a[4], a[5], 0x7777, flags);
    if (!(flags & 2)) {
      printf("note: no AVX-512F/BW/VL here: ctasm_abi_test_wide's AVX-512 body was not "
             "single-stepped here (util/bochs512/run.py single-steps it under Bochs in the test "
             "command)\n");
      ctasm_test::RequireBochs512("ctasm_abi_test_wide", "unwind", "abi-x86_64");
    }
  }
  STEP_OK(ctasm_xlate_test_sum0);
  STEP_OK(ctasm_xlate_test_sum1, a[0]);
  STEP_OK(ctasm_xlate_test_sum2, a[0], a[1]);
  STEP_OK(ctasm_xlate_test_sum3, a[0], a[1], a[2]);
  STEP_OK(ctasm_xlate_test_sum4, a[0], a[1], a[2], a[3]);
  STEP_OK(ctasm_xlate_test_sum5, a[0], a[1], a[2], a[3], a[4]);
  STEP_OK(ctasm_xlate_test_sum6, a[0], a[1], a[2], a[3], a[4], a[5]);
  STEP_OK(ctasm_xlate_test_saves, 100);
  STEP_OK(ctasm_xlate_test_align0);
  STEP_OK(ctasm_xlate_test_align1);
  STEP_OK(ctasm_xlate_test_align2);
  STEP_OK(ctasm_xlate_test_align3, 1, 2, 3, 4, 5, 6);
  STEP_OK(ctasm_xlate_test_align4, 9);
  STEP_OK(ctasm_xlate_test_xmm_mix);
  STEP_OK(ctasm_xlate_test_local_xmm);
  STEP_OK(ctasm_xlate_test_call_local, 12345);
  // Through a callee: its frame is unwound on the way to keep's.
  STEP_OK(ctasm_xlate_test_keep, ctasm_xlate_test_sum0);
  STEP_OK(ctasm_xlate_test_keep, ctasm_xlate_test_xmm_mix);
  STEP_OK(ctasm_xlate_test_two_rets, 10);  // both returns
  STEP_OK(ctasm_xlate_test_two_rets, 7);
  uint8_t t[16];
  STEP_OK(ctasm_xlate_test_tables, t);
  uint8_t buf[100];
  for (int i = 0; i < 100; i++) buf[i] = (uint8_t)(i * 7 + 3);
  STEP_OK(ctasm_xlate_test_loop, buf, 0);
  STEP_OK(ctasm_xlate_test_loop, buf, 17);
  STEP_OK(ctasm_xlate_test_gpr, 0xfedcba9876543210, 0x0123456789abcdef);
  if (__builtin_cpu_supports("sse4.1")) {
    uint8_t out[16];
    STEP_OK(ctasm_xlate_test_ssse3, buf + 1, out);
  } else {
    ctasm_unwind::NotSteppable("ctasm_xlate_test_ssse3", "no SSE4.1");
  }
}


#endif  // CTASM_UNWIND_STEPPING
