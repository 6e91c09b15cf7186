@ SPDX-License-Identifier: Apache-2.0
@ known.json: NEON shift immediates are not range-checked (vshr.u8 takes 1..8)
.ctasm_text
.ctasm_proc f
	vshr.u8	q2, q1, #16
	bx	lr
.ctasm_endproc
