// expect: broken_frame is only for the ctasm_xlate_test_pac_corrupt test fixtures
// the test-only key is refused on any other function
.ctasm_text
.ctasm_proc f, save=x29,x30, broken_frame
	str	x9, [sp, #8]
	.ctasm_ret
.ctasm_endproc
