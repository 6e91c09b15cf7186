// SPDX-License-Identifier: Apache-2.0
// util/check_flavours.py --self-test: ARMv7 keeps tables in .text; one of 11 bytes
// before another function leaves a partial word that ELF shows as `.short`/`.byte` and
// Mach-O reads as part of a word, and a trailing one of 3 bytes ends the section (ELF
// fills it to a word with zeros, Mach-O does not): compared as bytes, both are clean,
// and a change in the first table's last byte is still seen.
// selftest: 0x36\b => 0x37
// differs: ctasm_selftest_a32_partial: instruction
.ctasm_text
.ctasm_proc	ctasm_selftest_a32_partial, global
	mov	r0, #0
	bx	lr
.ctasm_endproc
.Lk_rcon:
	.byte	0x01,0x02,0x04,0x08,0x10,0x20,0x40,0x80,0x1b,0x36,0x6c
.ctasm_align	4
.ctasm_proc	ctasm_selftest_a32_partial2, global
	mov	r0, #1
	bx	lr
.ctasm_endproc
.Lk_tail:
	.byte	0x01,0x02,0x04
