# SPDX-License-Identifier: Apache-2.0
# Data in .text after a function (the .ctasm_rodata line deleted) is decoded as code, and
# the longer Win64 prologue moves where the decoding starts: the flavours differ.
.ctasm_text
.ctasm_proc	ctasm_xlate_test_align2, global, frame=24
.ctasm_ret
.ctasm_endproc
.Ltbl16:
	.p2align 4
	.byte	0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
.Lsplat5a:
	.long	0x5a5a5a5a,0x5a5a5a5a,0x5a5a5a5a,0x5a5a5a5a
.Lmix_k:
	.long	0x01234567,0x89abcdef,0xdeadbeef,0x0badf00d
