# expect: frame= wants a decimal byte count (no leading zeros
# Keys are plain decimal on both translators (x86_64 read frame=016 as 16).
.ctasm_text
.ctasm_proc f, frame=016
	.ctasm_ret
.ctasm_endproc
