# expect: 'leaq' with index %r11: displacement 240 is outside f's frame= scratch [0, 224)
# An indexed lea whose constant part is past the end pointer of the scratch.
.ctasm_text
.ctasm_proc	f, frame=224
	leaq	240(%rsp,%r11), %r11
	.ctasm_ret
.ctasm_endproc
