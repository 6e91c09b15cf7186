# expect: 'pinsrd' does not take (imm,r64,xmm)
# pinsrd inserts a dword: its general-register source is 32-bit.
.ctasm_text
.ctasm_proc f
	pinsrd	$1, %rax, %xmm0
.ctasm_ret
.ctasm_endproc
