// expect: caller_frame= needs a local function without save=, vsave= or frame=
// with a prologue sp is no longer the caller's
.ctasm_text
.ctasm_proc f, save=x29,x30, caller_frame=32
	.ctasm_ret
.ctasm_endproc
