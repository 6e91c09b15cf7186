# SPDX-License-Identifier: Apache-2.0
# broken_unwind (test-only, ctasm_unwind_neg_* only): raw .cfi_* lines pass through to gas
# unchecked, so a malformed number reaches the assembler.
.ctasm_text
.ctasm_proc	ctasm_unwind_neg_cfi_offset, global, broken_unwind, save=rbx,rbp
	.cfi_offset	%rbx, 0x
.ctasm_ret
.ctasm_endproc
