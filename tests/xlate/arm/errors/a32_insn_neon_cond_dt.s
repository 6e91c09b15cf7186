// expect: NEON takes no condition
// found by tests/xlate/fuzz.py (branch xlate-fuzz): GNU as refuses it
.ctasm_text
.ctasm_proc f, save=r4,lr
	vtbl.8eq	d3, {d0,d1}, d2
	.ctasm_ret
.ctasm_endproc
