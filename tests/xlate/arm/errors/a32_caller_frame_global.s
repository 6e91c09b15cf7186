// expect: caller_frame= needs a local function without save=, vsave= or frame=
// a C caller gives no such scratch
.ctasm_text
.ctasm_proc f, global, caller_frame=32
	bx	lr
.ctasm_endproc
