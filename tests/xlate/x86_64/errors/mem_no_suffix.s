# expect: needs a size suffix
.ctasm_text
.ctasm_proc f, args=1
	add	$1, (%rdi)
.ctasm_ret
.ctasm_endproc
