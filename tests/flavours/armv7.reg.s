@ SPDX-License-Identifier: Apache-2.0
@ util/check_flavours.py --self-test: the last flavour's eor reads another register.
@ selftest: eor(\s+)r3, r3, r3 => eor\1r3, r3, r2
@ differs: ctasm_selftest_a32: instruction
.ctasm_text
.ctasm_proc	ctasm_selftest_a32, global, save=r4,lr
	adr	r4, .Lk_table
	ldr	r3, [r4]
	eor	r3, r3, r3
	bl	ctasm_selftest_a32_leaf
	.ctasm_ret
.ctasm_endproc
.ctasm_proc	ctasm_selftest_a32_leaf
	add	r0, r0, r1
	bx	lr
.ctasm_endproc
.ctasm_align	16
.Lk_table:
	.long	1, 2, 3, 4
