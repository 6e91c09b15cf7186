# expect: needs an EVEX instruction; 'vmovdqu' is VEX-only
# xmm16-31 exist only in EVEX: vmovdqu cannot reach them (vmovdqu64 can).
.ctasm_text
.ctasm_proc f
	vmovdqu	%xmm16, (%rdi)
.ctasm_ret
.ctasm_endproc
