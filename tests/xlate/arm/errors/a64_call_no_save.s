// expect: 'bl' in f overwrites the return address: a function that calls needs x29,x30 in save=
// bl writes x30: without it in save=, f's own ret would return behind the call. h makes
// the same call first, with x29,x30 saved: the statement passed there must not pass in
// f (the memo of passed statements is keyed by function).
.ctasm_text
.ctasm_proc g
	ret
.ctasm_endproc
.ctasm_proc h, global, save=x29,x30
	bl	g
	.ctasm_ret
.ctasm_endproc
.ctasm_proc f, global, save=x19-x20
	bl	g
	.ctasm_ret
.ctasm_endproc
