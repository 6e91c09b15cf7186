# String instructions: every size, and the prefixes that may repeat each (rep for
# movs/stos/lods; repe/repz/repne/repnz for cmps/scas). Their rsi/rdi are implicit,
# so on Win64 a global function without arguments still saves rdi and rsi when it
# runs one (ctasm_scan_only below).
.ctasm_text
.ctasm_proc ctasm_strings, global, args=3
	movsb
	movsw
	movsl
	movsq
	stosb
	stosw
	stosl
	stosq
	lodsb
	lodsw
	lodsl
	lodsq
	cmpsb
	cmpsw
	cmpsl
	cmpsq
	scasb
	scasw
	scasl
	scasq
	rep movsb
	rep movsl
	rep stosq
	rep lodsw
	repe cmpsb
	repz cmpsq
	repne scasb
	repnz scasl
.ctasm_ret
.ctasm_endproc

.ctasm_proc ctasm_scan_only, global
	repne scasb
.ctasm_ret
.ctasm_endproc
