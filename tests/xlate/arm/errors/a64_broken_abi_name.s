// expect: broken_abi is only for the ctasm_abi_test_clobber* and ctasm_xlate_test_clobber* test fixtures
.ctasm_text
.ctasm_proc ctasm_f, global, broken_abi
	mov	x19, #1
	ret
.ctasm_endproc
