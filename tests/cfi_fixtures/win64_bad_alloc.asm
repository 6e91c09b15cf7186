; expect: CFA offset: unwind data says sp+56, code has sp+64
; Wrong allocation size in hand-written .xdata.
default rel
bits 64
section .text code align=16
global fx_good
fx_good:
	push	rbx
.p1:	push	rsi
.p2:	sub	rsp, 40
.p3:	movaps	[rsp+16], xmm6
.p4:	test	rcx, rcx
	jz	.other
	movaps	xmm6, [rsp+16]
	add	rsp, 40
	pop	rsi
	pop	rbx
	ret
.other:	mov	eax, 1
	movaps	xmm6, [rsp+16]
	add	rsp, 40
	pop	rsi
	pop	rbx
	ret
.end:

section .pdata rdata align=4
	dd	fx_good wrt ..imagebase
	dd	fx_good.end wrt ..imagebase
	dd	fx_info wrt ..imagebase

section .xdata rdata align=8
fx_info:
	db	1, fx_good.p4 - fx_good, 5, 0
	db	fx_good.p4 - fx_good, 0x68	; SAVE_XMM128 xmm6, slot 1 (offset 16)
	dw	1
	db	fx_good.p3 - fx_good, 0x32	; ALLOC_SMALL 32 (wrong: the code allocates 40)
	db	fx_good.p2 - fx_good, 0x60	; PUSH_NONVOL rsi
	db	fx_good.p1 - fx_good, 0x30	; PUSH_NONVOL rbx
	dw	0
