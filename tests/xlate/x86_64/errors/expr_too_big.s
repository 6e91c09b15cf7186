# expect: expression value out of the 64-bit range
# Values beyond 64 bits are refused, not wrapped.
.ctasm_text
.ctasm_proc f
	movq	$0xffffffffffffffff*2, %rax
.ctasm_ret
.ctasm_endproc
