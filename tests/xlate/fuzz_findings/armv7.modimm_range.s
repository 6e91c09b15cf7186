@ SPDX-License-Identifier: Apache-2.0
@ known.json: -1028 is no ARM modified immediate (8 bits rotated); GNU as: invalid constant after fixup
.ctasm_text
.ctasm_proc f
	add	r3, r3, #-1028
	bx	lr
.ctasm_endproc
