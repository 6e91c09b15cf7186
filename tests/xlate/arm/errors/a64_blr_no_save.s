// expect: 'blr' in f overwrites the return address: a function that calls needs x29,x30 in save=
.ctasm_text
.ctasm_proc f, global
	blr	x2
	ret
.ctasm_endproc
