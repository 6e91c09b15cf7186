// expect: writes d8, callee-saved, but neither f nor the function writing it lists it in vsave=
.ctasm_text
.ctasm_proc f, global
	ld1	{v6.16b-v9.16b}, [x0]
	ret
.ctasm_endproc
