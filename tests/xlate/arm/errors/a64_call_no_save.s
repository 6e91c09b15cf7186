// expect: 'bl' in f overwrites the return address: a function that calls needs x29,x30 in save=
// bl writes x30: without it in save=, f's own ret would return behind the call
.ctasm_text
.ctasm_proc g
	ret
.ctasm_endproc
.ctasm_proc f, global, save=x19-x20
	bl	g
	.ctasm_ret
.ctasm_endproc
