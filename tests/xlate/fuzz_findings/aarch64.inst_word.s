// SPDX-License-Identifier: Apache-2.0
// .inst words pass unchecked: here paciasp, so the return address is signed where the
// unwind data says it is not (the same hides x18, sp moves, any instruction).
.ctasm_text
.ctasm_proc	ctasm_fz_inst, global
	.inst	0xd503233f
	add	x0, x0, #1
	ret
.ctasm_endproc
