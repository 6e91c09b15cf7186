// expect: #-4 is not a modified immediate
// GNU as turns cmp sp, #-4 into cmn sp, #4; clang refuses it
.ctasm_text
.ctasm_proc f
	cmp	sp, #-4
	bx	lr
.ctasm_endproc
