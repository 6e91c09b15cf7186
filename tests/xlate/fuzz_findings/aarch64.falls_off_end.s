// SPDX-License-Identifier: Apache-2.0
// A function whose last instruction falls through to .ctasm_endproc is accepted.
.ctasm_text
.ctasm_proc	ctasm_fz_fall, global
	add	x0, x0, #1
.ctasm_endproc
