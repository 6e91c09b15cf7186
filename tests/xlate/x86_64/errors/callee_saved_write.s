# expect: writes %r12, callee-saved, but neither f nor the function writing it lists it in save=
# r12 is callee-saved on SysV and Win64: writing it needs save=r12 (gas and nasm both
# used to assemble this and hand the caller a clobbered r12).
.ctasm_text
.ctasm_proc f, global
	movq	$1, %r12
.ctasm_ret
.ctasm_endproc
