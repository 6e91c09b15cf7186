# expect: absolute memory operand '8()'
# A memory operand without a base or index register is an absolute address (nasm refused it, gas did not).
.ctasm_text
.ctasm_proc f
	movq	8(), %rax
.ctasm_ret
.ctasm_endproc
