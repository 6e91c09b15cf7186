// expect: .ctasm_align 1024: at most 64 bytes on ARMv7
// ARMv7 constants live in .text: GNU as pads beyond 64 bytes with zeros after its
// nops, clang with nops only, so the bytes differ (fuzz finding armv7.huge_align).
.ctasm_proc ctasm_xlate_test_pmull, global
	vld1.64	{d0-d1}, [r1]
	bx	lr
.ctasm_endproc
.ctasm_rodata
.ctasm_align 1024
.Lneon_perm_x:
	.byte	0x0f, 0x0e, 0x0d, 0x0c, 0x0b, 0x0a, 0x09, 0x08, 0x10, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0xff
