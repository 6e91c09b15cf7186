; expect: xmm7: unwind data says in register, code has it at CFA-32
; A global Win64 function holds xmm6-15 to the Win64 rules: a copy of xmm7 into the
; frame followed by a write of xmm7 is a save the unwind data must describe (only
; local functions keep the SysV rules, their global callers saving for them).
default rel
bits 64
section .text code align=16
global fx_xmm
fx_xmm:
	sub	rsp, 40
.p1:	movaps	[rsp+16], xmm7
	pxor	xmm7, xmm7
	movaps	xmm7, [rsp+16]
	add	rsp, 40
	ret
.end:

section .pdata rdata align=4
	dd	fx_xmm wrt ..imagebase
	dd	fx_xmm.end wrt ..imagebase
	dd	fx_info wrt ..imagebase

section .xdata rdata align=8
fx_info:
	db	1, fx_xmm.p1 - fx_xmm, 1, 0
	db	fx_xmm.p1 - fx_xmm, 0x42	; ALLOC_SMALL 40
	dw	0
