# expect: .ctasm_adr needs a 64-bit register and a label
# .ctasm_adr loads an address into a 64-bit register.
.ctasm_text
.ctasm_proc f
	.ctasm_adr	%eax, .Lk
.ctasm_ret
.ctasm_endproc
.ctasm_rodata
.Lk:
	.quad	1
