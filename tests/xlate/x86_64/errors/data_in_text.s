# expect: .byte in .ctasm_text outside a function: tables only after .ctasm_rodata on x86_64
# Data in .text between functions (fuzz finding x86_64.data_in_text: the .ctasm_rodata
# line of a script deleted) is decoded as code, and the longer Win64 prologue moves where
# the decoding starts, so the flavours' instruction streams differ (X86_64/DataText.pm).
.ctasm_text
.ctasm_proc	ctasm_xlate_test_align2, global, frame=24
.ctasm_ret
.ctasm_endproc
.Ltbl16:
	.p2align 4
	.byte	0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
