// SPDX-License-Identifier: Apache-2.0
// arm-xlate.pl passes a wrong operand through; the assembler refuses it.
.ctasm_text
.ctasm_proc	ctasm_fz_op, save=x29,x30
	mrs	v16.16b, #0x0f
	.ctasm_ret
.ctasm_endproc
