// SPDX-License-Identifier: Apache-2.0
// ios64: a frame= function without saves. clang 14 turns its CFI into compact unwind
// "frameless, stack 0" (the epilogue's .cfi_def_cfa_offset 0 is the one it keeps),
// so between the sub and the add the unwind data is wrong by the frame size.
.ctasm_text
.ctasm_proc	ctasm_fz_frame, global, frame=240
	stp	x10, x11, [sp]
	mov	x0, #0
.ctasm_ret
.ctasm_endproc
