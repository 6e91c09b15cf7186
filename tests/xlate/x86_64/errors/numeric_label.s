# expect: label 1: only .L labels
.ctasm_text
.ctasm_proc g
1:	jmp	1f
.ctasm_ret
.ctasm_endproc
