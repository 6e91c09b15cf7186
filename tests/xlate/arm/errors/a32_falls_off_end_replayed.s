// expect: control reaches the end of ctasm_fz_fall_again ('add' last)
// The last line repeats one that passed earlier in the function, so arm-xlate.pl
// replays it without the statement loop: the replay must count as the last statement.
.ctasm_text
.ctasm_proc	ctasm_fz_fall_again, global
	add	r0, r0, #1
	.ctasm_ret
	add	r0, r0, #1
.ctasm_endproc
