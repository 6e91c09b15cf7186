// SPDX-License-Identifier: Apache-2.0
// AArch64: data in .text outside functions (here 10 bytes) ends in a partial word that
// llvm-objdump shows as .short on ELF and <unknown> on Mach-O: check_flavours differs.
.ctasm_text
.ctasm_proc f, global
	mov	x0, #0
	ret
.ctasm_endproc
.Lk_rcon:
	.byte	0x01,0x02,0x04,0x08,0x10,0x20,0x40,0x80,0x1b,0x36
