# expect: an instruction mnemonic
.ctasm_text
.ctasm_proc pxor, global
.ctasm_ret
.ctasm_endproc
