# SPDX-License-Identifier: Apache-2.0
# x86_64: .long .Ltbl_end-.Ltbl16 with .Ltbl16 in rodata and .Ltbl_end in .text after
# data in .text: gas cannot resolve the difference on elf (fuzz seed 2, mutant 222 of
# perlasm/test/xlate-x86_64.pl:ctasm_xlate_test_align1).
.ctasm_rodata
.ctasm_align	64
.Ltbl16:
	.byte	0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
.Lsplat5a:
	.long	0x5a5a5a5a,0x5a5a5a5a,0x5a5a5a5a,0x5a5a5a5a
.Lmix_k:
	.long	0x01234567,0x89abcdef,0xdeadbeef,0x0badf00d
.Lrev:
	.byte	15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0
.Lmask0f:
	.ctasm_text
	.quad	0x0f0f0f0f0f0f0f0f,0x0f0f0f0f0f0f0f0f
.Ltbl_q:
	.quad	0x0123456789abcdef, 0x1000
.Ltbl_len:
	.long	.Ltbl_end-.Ltbl16
.Ltbl_w:
	.value	0x1234
.Lstr:
	.asciz	"ctasm"
.Ltbl_end:
