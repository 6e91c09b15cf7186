// expect: unknown instruction 'mrs'
// found by tests/xlate/fuzz.py (branch xlate-fuzz): the assembler refuses it
.ctasm_text
.ctasm_proc f, save=x29,x30
	mrs	v16.16b, #0x0f
	.ctasm_ret
.ctasm_endproc
