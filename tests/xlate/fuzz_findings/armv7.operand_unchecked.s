@ SPDX-License-Identifier: Apache-2.0
@ arm-xlate.pl passes a condition on a NEON instruction through; GNU as refuses it.
.ctasm_text
.ctasm_proc	ctasm_fz_op, save=r4,lr
	vtbl.8eq	d3, {d0,d1}, d2
	.ctasm_ret
.ctasm_endproc
