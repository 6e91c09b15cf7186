// expect: .ctasm_align 128: at most 64 bytes on ARMv7
// The smallest alignment whose padding differs: ELF 14 nops and 16 zero words, Mach-O 30 nops.
.ctasm_text
.ctasm_proc f
	bx	lr
.ctasm_endproc
.ctasm_align 128
.Lk:	.word	1
