# expect: broken_abi is only for the ctasm_abi_test_clobber* and ctasm_xlate_test_clobber* test fixtures
.ctasm_text
.ctasm_proc f, global, broken_abi
	movq	$1, %rbx
.ctasm_ret
.ctasm_endproc
