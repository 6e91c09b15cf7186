# SPDX-License-Identifier: Apache-2.0
# util/check_flavours.py --self-test: the last flavour's table holds another value;
# the tool must see the read-only data differ.
# selftest: 0x1234567\b => 0x1234568
# differs: read-only data differs at byte 0x8
.ctasm_text
.ctasm_proc	ctasm_selftest_data, global, args=1
	movq	.Lk_data(%rip), %rax
	.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.ctasm_align	16
.Lk_data:
	.quad	0x0, 0x1234567
