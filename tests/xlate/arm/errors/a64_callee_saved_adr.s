// expect: writes x19, callee-saved, but neither f nor the function writing it lists it in save=
.ctasm_text
.ctasm_proc f, global
	.ctasm_adr	x19, .Lk
	ret
.ctasm_endproc
.ctasm_rodata
.Lk:	.quad	1
