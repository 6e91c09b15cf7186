@ SPDX-License-Identifier: Apache-2.0
@ known.json: movw takes 0..65535; the A32 table does not check core immediates
.ctasm_text
.ctasm_proc f
	movw	r0, #65536
	bx	lr
.ctasm_endproc
