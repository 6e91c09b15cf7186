# expect: '.Lend-.Lstart' relates labels of different sections (.Lend in text, .Lstart in rodata)
# With data in .text after it, gas cannot resolve the difference on elf at all
# (fuzz seed 2, mutant 222 of perlasm/test/xlate-x86_64.pl).
.ctasm_rodata
.Lstart:
	.byte	0,1,2,3
	.ctasm_text
	.quad	0x0f0f0f0f0f0f0f0f
.Llen:
	.long	.Lend-.Lstart
.Lend:
