# expect: .cfi_def_cfa takes 2 operand(s)
# broken_unwind raw CFI (X86_64/RawCfi.pm): the operand count of each directive.
.ctasm_text
.ctasm_proc	ctasm_unwind_neg_cfi_offset, global, broken_unwind, save=rbx,rbp
	.cfi_def_cfa	%rbp
.ctasm_ret
.ctasm_endproc
