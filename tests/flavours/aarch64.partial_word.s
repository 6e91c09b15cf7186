// SPDX-License-Identifier: Apache-2.0
// util/check_flavours.py --self-test: data in .text after a function whose length is no
// multiple of 4 (10 bytes) ends in a partial word that llvm-objdump shows as `.short`
// on ELF and byte by byte (`<unknown>`) on Mach-O (fuzz finding aarch64.data_in_text):
// compared as bytes it is clean, and a change in its last byte is still seen.
// selftest: 0x36\b => 0x37
// differs: ctasm_selftest_a64_partial: instruction 4
.ctasm_text
.ctasm_proc	ctasm_selftest_a64_partial, global
	mov	x0, #0
	ret
.ctasm_endproc
.Lk_rcon:
	.byte	0x01,0x02,0x04,0x08,0x10,0x20,0x40,0x80,0x1b,0x36
