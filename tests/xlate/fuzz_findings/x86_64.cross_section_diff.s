# SPDX-License-Identifier: Apache-2.0
# x86_64: a label difference whose labels lie in different sections (.Ltbl16 in
# rodata, .Ltbl_end in text) is accepted; ELF and Mach-O resolve it differently.
.ctasm_rodata
.ctasm_align	64
.Ltbl16:
	.long	.Ltbl_end-.Ltbl16
	.ctasm_text
	.asciz	"ctasm"
.Ltbl_end:
