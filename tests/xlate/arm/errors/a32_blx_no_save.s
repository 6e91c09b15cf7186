// expect: 'blx' in f overwrites the return address: a function that calls needs lr in save=
.ctasm_text
.ctasm_proc f, global
	blx	r3
	bx	lr
.ctasm_endproc
