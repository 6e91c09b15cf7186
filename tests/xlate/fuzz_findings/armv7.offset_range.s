@ SPDX-License-Identifier: Apache-2.0
@ arm-xlate.pl evaluates #-9223372036854775808 but does not check it fits the 12-bit
@ offset: GNU as encodes [r0] (+0), clang [r0, #-0] (-0): the flavours differ.
.ctasm_text
.ctasm_proc	ctasm_fz_off, global
	ldr	r1, [r0, #-9223372036854775808]
	bx	lr
.ctasm_endproc
