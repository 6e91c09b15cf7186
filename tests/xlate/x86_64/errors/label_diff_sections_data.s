# expect: '.Lend-.Lstart' relates labels of different sections (.Lend in text, .Lstart in rodata)
# With data in .text after it, gas could not resolve the difference on elf at all
# (fuzz seed 2, mutant 222 of perlasm/test/xlate-x86_64.pl); tables outside functions
# now live only in .ctasm_rodata (X86_64/DataText.pm), so the text label follows a function.
.ctasm_rodata
.Lstart:
	.byte	0,1,2,3
.Llen:
	.long	.Lend-.Lstart
	.ctasm_text
.ctasm_proc	ctasm_xlate_test_ld
.ctasm_ret
.ctasm_endproc
.Lend:
