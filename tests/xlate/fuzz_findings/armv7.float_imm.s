@ SPDX-License-Identifier: Apache-2.0
@ known.json: a float-looking literal in an integer immediate passes to the assembler
.ctasm_text
.ctasm_proc f
	vext.8	q0, q1, q2, #1e3
	bx	lr
.ctasm_endproc
