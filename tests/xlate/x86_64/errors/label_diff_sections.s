# expect: '.Ltbl_end-.Ltbl16' relates labels of different sections (.Ltbl_end in text, .Ltbl16 in rodata)
# A label difference across sections is no constant: ELF and Mach-O resolved it
# differently (fuzz finding x86_64.cross_section_diff).
.ctasm_rodata
.ctasm_align	64
.Ltbl16:
	.long	.Ltbl_end-.Ltbl16
	.ctasm_text
.ctasm_proc	ctasm_xlate_test_ld
.ctasm_ret
.ctasm_endproc
.Ltbl_end:
