; expect: CFA offset: unwind data says rbp+32, code has rbp+16
; The code sets rbp 16 bytes above rsp, the .xdata says frame offset 0.
default rel
bits 64
section .text code align=16
global fx_fp
fx_fp:
	push	rbp
.p1:	sub	rsp, 16
.p2:	movaps	[rsp], xmm6
.p3:	lea	rbp, [rsp+16]
.p4:	sub	rsp, 64
	and	rsp, -64
	pxor	xmm6, xmm6
	movdqa	[rsp], xmm6
	movaps	xmm6, [rbp-16]
	lea	rsp, [rbp]
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
