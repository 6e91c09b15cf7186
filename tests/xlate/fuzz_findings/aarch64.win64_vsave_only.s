// SPDX-License-Identifier: Apache-2.0
// win64: a function with vsave= and no save= gets unwind data that does not describe
// its prologue (util/check_cfi.py: CFA offset and the d8-d15 slots disagree).
.ctasm_text
.ctasm_proc	ctasm_fz_vsave, vsave=d8-d15
	add	x0, x0, #1
	.ctasm_ret
.ctasm_endproc
.ctasm_proc	ctasm_fz_caller, global, save=x29,x30
	bl	ctasm_fz_vsave
	.ctasm_ret
.ctasm_endproc
