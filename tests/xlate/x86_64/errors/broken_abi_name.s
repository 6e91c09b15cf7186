# expect: broken_abi is only for ctasm_abi_test_clobber_* test fixtures
.ctasm_text
.ctasm_proc f, global, broken_abi
	movq	$1, %rbx
.ctasm_ret
.ctasm_endproc
