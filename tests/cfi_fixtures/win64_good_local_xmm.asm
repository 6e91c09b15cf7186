; A local Win64 function keeps the SysV rules: its global callers save xmm6-15 (the
; translator does), so its own unwind data need not describe xmm7, which it copies to
; the frame and overwrites (fuzz finding x86_64.local_xmm_win64). Must pass; the same
; function global is win64_bad_xmm_copy.asm.
default rel
bits 64
section .text code align=16
; (no global: a local function)
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
