# expect: operators + << mixed without parentheses
# broken_unwind raw CFI (X86_64/RawCfi.pm): numbers in the translator's grammar (gas reads 1+2<<3 as 17, clang as 24).
.ctasm_text
.ctasm_proc	ctasm_unwind_neg_cfi_offset, global, broken_unwind, save=rbx,rbp
	.cfi_def_cfa_offset	1+2<<3
.ctasm_ret
.ctasm_endproc
