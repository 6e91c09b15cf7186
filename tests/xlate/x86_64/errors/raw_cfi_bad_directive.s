# expect: raw .cfi_escape is not one of the raw CFI directives a broken_unwind fixture may use
# broken_unwind raw CFI (X86_64/RawCfi.pm): only a closed list of directives passes.
.ctasm_text
.ctasm_proc	ctasm_unwind_neg_cfi_offset, global, broken_unwind, save=rbx,rbp
	.cfi_escape	0x0f
.ctasm_ret
.ctasm_endproc
