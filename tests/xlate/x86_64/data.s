# Data directives and expressions.
.ctasm_rodata
.ctasm_align	16
.Ldata_start:
	.byte	0x00, 0x01, 0xff
	.value	0x1234, 65535
	.short	1
	.long	0xdeadbeef, .Ldata_end-.Ldata_start
	.quad	0x0123456789abcdef, -1
	.ascii	"ab"
	.asciz	"ctasm \"x86_64\" perlasm\n"
.ctasm_align	8
	.long	(1<<4)|3, ~0
.Ldata_end:
.ctasm_text
.ctasm_proc	demo_data, global
	.ctasm_adr	%rax, .Ldata_start
	movl	.Ldata_end-8(%rip), %ecx
	movl	$(.Ldata_end-.Ldata_start), %edx
.ctasm_ret
.ctasm_endproc
