# expect: displacement .Lk-0xffffffffffffffff: 0xffffffffffffffff does not fit in 32 bits
# The number next to a symbol too: elf and macosx wrapped .Lk-0xffffffffffffffff
# to different addresses (fuzz seed 2, mutant 571 of x86_64/data.s).
.ctasm_rodata
.Lk:	.long	1
.ctasm_text
.ctasm_proc	f, global
	movl	.Lk-0xffffffffffffffff(%rip), %ecx
	.ctasm_ret
.ctasm_endproc
