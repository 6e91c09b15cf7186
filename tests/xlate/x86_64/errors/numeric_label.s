# expect: cannot parse statement '1:
.ctasm_text
.ctasm_proc g
1:	jmp	1f
.ctasm_ret
.ctasm_endproc
