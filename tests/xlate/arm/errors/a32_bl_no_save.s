// expect: 'blne' in f overwrites the return address: a function that calls needs lr in save=
// bl writes lr: without it in save=, f's own bx lr would return behind the call. h makes
// the same call first, with lr saved: the statement passed there must not pass in f
// (the memo of passed statements is keyed by function).
.ctasm_text
.ctasm_proc g
	bx	lr
.ctasm_endproc
.ctasm_proc h, global, save=r4,lr
	cmp	r0, #0
	blne	g
	.ctasm_ret
.ctasm_endproc
.ctasm_proc f, global, save=r4-r5
	cmp	r0, #0
	blne	g
	.ctasm_ret
.ctasm_endproc
