@ SPDX-License-Identifier: Apache-2.0
@ ARMv7: the immediate of vext (and other NEON lane/shift fields) is not range-checked
@ by the A32 table: GNU as refuses #(1<<63), clang may encode something else.
.ctasm_text
.ctasm_proc f, global
	vext.8	q2, q3, q3, #(1<<63)
	bx	lr
.ctasm_endproc
