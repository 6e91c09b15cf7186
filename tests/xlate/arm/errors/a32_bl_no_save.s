// expect: 'blne' in f overwrites the return address: a function that calls needs lr in save=
// bl writes lr: without it in save=, f's own bx lr would return behind the call
.ctasm_text
.ctasm_proc g
	bx	lr
.ctasm_endproc
.ctasm_proc f, global, save=r4-r5
	cmp	r0, #0
	blne	g
	.ctasm_ret
.ctasm_endproc
