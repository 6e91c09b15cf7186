@ SPDX-License-Identifier: Apache-2.0
@ known.json: a store above the CFA (into the caller's frame) is accepted
.ctasm_text
.ctasm_proc f
	str	r5, [sp, #240]
	bx	lr
.ctasm_endproc
