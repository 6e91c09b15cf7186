; Frame register (UWOP_SET_FPREG, offset 0) after an xmm save; the body rounds rsp
; down to 64 bytes and the epilogue starts with lea rsp,[rbp+N].
default rel
bits 64
section .text code align=16
global fx_fp
fx_fp:
	push	rbp
.p1:	sub	rsp, 16
.p2:	movaps	[rsp], xmm6
.p3:	mov	rbp, rsp
.p4:	sub	rsp, 64
	and	rsp, -64
	pxor	xmm6, xmm6
	movdqa	[rsp], xmm6
	movaps	xmm6, [rbp]
	lea	rsp, [rbp+16]
	pop	rbp
	ret
.end:

section .pdata rdata align=4
	dd	fx_fp wrt ..imagebase
	dd	fx_fp.end wrt ..imagebase
	dd	fx_info wrt ..imagebase

section .xdata rdata align=8
fx_info:
	db	1, fx_fp.p4 - fx_fp, 5, 5	; frame register rbp, offset 0
	db	fx_fp.p4 - fx_fp, 0x03	; SET_FPREG
	db	fx_fp.p3 - fx_fp, 0x68	; SAVE_XMM128 xmm6, slot 0
	dw	0
	db	fx_fp.p2 - fx_fp, 0x12	; ALLOC_SMALL 16
	db	fx_fp.p1 - fx_fp, 0x50	; PUSH_NONVOL rbp
