# expect: cannot translate expression '0x'
# broken_unwind raw CFI (X86_64/RawCfi.pm): a malformed number reached gas (fuzz finding x86_64.broken_unwind_raw_cfi).
.ctasm_text
.ctasm_proc	ctasm_unwind_neg_cfi_offset, global, broken_unwind, save=rbx,rbp
	.cfi_offset	%rbx, 0x
.ctasm_ret
.ctasm_endproc
