# expect: duplicate .ctasm_proc key 'args'
# Used to take the last value silently.
.ctasm_text
.ctasm_proc f, global, args=6, args=0
.ctasm_ret
.ctasm_endproc
