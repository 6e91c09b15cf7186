# expect: -20 is not a multiple of 8
# broken_unwind raw CFI (X86_64/RawCfi.pm): GNU as refuses a slot off the data alignment factor, clang takes it.
.ctasm_text
.ctasm_proc	ctasm_unwind_neg_cfi_offset, global, broken_unwind, save=rbx,rbp
	.cfi_offset	%rbx, -20
.ctasm_ret
.ctasm_endproc
