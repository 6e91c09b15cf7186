# expect: '%ebx' is not a 64-bit register
# broken_unwind raw CFI (X86_64/RawCfi.pm): operands are 64-bit GPRs.
.ctasm_text
.ctasm_proc	ctasm_unwind_neg_cfi_offset, global, broken_unwind, save=rbx,rbp
	.cfi_offset	%ebx, -24
.ctasm_ret
.ctasm_endproc
