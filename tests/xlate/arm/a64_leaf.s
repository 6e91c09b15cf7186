// Leaf functions: exported (landing pad, symbol directives) and local, a
// loop with local labels, a call from one function to another.
.ctasm_text
.ctasm_proc	leaf_global, global
	mov	x2, #0
	cbz	x1, .Ldone
.Lloop:
	ldrb	w3, [x0], #1
	add	x2, x2, x3
	subs	x1, x1, #1
	b.ne	.Lloop
.Ldone:
	mov	x0, x2
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	leaf_local
	add	x0, x0, #1
	.ctasm_ret
.ctasm_endproc

.ctasm_proc	tail_caller, global
	b	leaf_local
.ctasm_endproc
