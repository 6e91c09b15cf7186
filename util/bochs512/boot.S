/* SPDX-License-Identifier: Apache-2.0
 * util/bochs512 boot image: a BIOS boot sector that loads the rest of the image
 * (int 13h extended reads, one sector at a time, to 0x7e00 up), then 32-bit
 * protected mode, 4-level paging with 2 MiB pages identity-mapping the first GiB,
 * long mode, x87/SSE/AVX/AVX-512 state enabled (CR0, CR4.OSFXSR/OSXMMEXCPT/OSXSAVE,
 * XCR0), an IDT for vectors 0..31, and bx_main() from payload.c. Everything is
 * linked at its load address by link.ld (flat binary, first byte at 0x7c00). */

#define E9(c) movb $c, %al; outb %al, $0xe9

	.section .boot, "ax"
	.code16
	.globl	_start
_start:
	cli
	xorw	%ax, %ax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %ss
	movw	$0x7c00, %sp
	ljmp	$0, $1f
1:	movb	%dl, boot_drive
	movw	$_load_sectors, %cx
2:	testw	%cx, %cx
	jz	3f
	pushw	%cx
	movb	$0x42, %ah
	movb	boot_drive, %dl
	movw	$dap, %si
	int	$0x13
	jc	disk_error
	popw	%cx
	addw	$0x20, dap_seg		/* next 512 bytes */
	addl	$1, dap_lba
	decw	%cx
	jmp	2b
3:	inb	$0x92, %al		/* fast A20 gate */
	orb	$2, %al
	andb	$0xfe, %al
	outb	%al, $0x92
	lgdtl	gdt_desc
	movl	%cr0, %eax
	orl	$1, %eax
	movl	%eax, %cr0
	ljmpl	$0x08, $pm32
disk_error:
	E9('D')
	E9('\n')
4:	hlt
	jmp	4b

	.p2align 2
dap:	.byte	0x10, 0
	.word	1			/* sectors per read */
	.word	0			/* offset */
dap_seg: .word	0x07e0			/* segment: 0x7e00 */
dap_lba: .quad	1
boot_drive: .byte 0

	.p2align 3
gdt:	.quad	0
	.quad	0x00cf9a000000ffff	/* 0x08: 32-bit code, flat */
	.quad	0x00cf92000000ffff	/* 0x10: data, flat */
	.quad	0x00af9a000000ffff	/* 0x18: 64-bit code */
gdt_end:
gdt_desc:
	.word	gdt_end - gdt - 1
	.quad	gdt

	.section .text.boot32, "ax"
	.code32
pm32:
	movw	$0x10, %ax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %ss
	movw	%ax, %fs
	movw	%ax, %gs
	movl	$_stack_top, %esp
	/* .bss is not in the image: clear it (page tables live there). */
	movl	$__bss_start, %edi
	movl	$__bss_end, %ecx
	subl	%edi, %ecx
	xorl	%eax, %eax
	cld
	rep stosb
	movl	$pdpt + 3, pml4		/* present, writable */
	movl	$pd + 3, pdpt
	xorl	%ecx, %ecx
5:	movl	%ecx, %eax
	shll	$21, %eax
	orl	$0x83, %eax		/* present, writable, 2 MiB page */
	movl	%eax, pd(, %ecx, 8)
	incl	%ecx
	cmpl	$512, %ecx
	jne	5b
	movl	$pml4, %eax
	movl	%eax, %cr3
	movl	%cr4, %eax
	orl	$0x20, %eax		/* PAE */
	movl	%eax, %cr4
	movl	$0xc0000080, %ecx	/* EFER.LME */
	rdmsr
	orl	$0x100, %eax
	wrmsr
	movl	%cr0, %eax
	orl	$0x80000000, %eax	/* PG */
	movl	%eax, %cr0
	ljmpl	$0x18, $lm64

	.text
	.code64
lm64:
	movw	$0x10, %ax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %ss
	xorw	%ax, %ax
	movw	%ax, %fs
	movw	%ax, %gs
	movq	$_stack_top, %rsp
	call	idt_install
	/* FPU/SSE: CR0.EM off, CR0.MP on; CR4.OSFXSR, OSXMMEXCPT. */
	movq	%cr0, %rax
	andq	$~4, %rax
	orq	$2, %rax
	movq	%rax, %cr0
	fninit
	movq	%cr4, %rax
	orq	$(1 << 9) | (1 << 10), %rax
	movq	%rax, %cr4
	/* XSAVE present (CPUID.1:ECX bit 26)? Then CR4.OSXSAVE and XCR0. */
	movl	$1, %eax
	xorl	%ecx, %ecx
	cpuid
	btl	$26, %ecx
	jnc	7f
	movq	%cr4, %rax
	orq	$(1 << 18), %rax
	movq	%rax, %cr4
	movl	$0xd, %eax		/* XCR0 bits the CPU supports */
	xorl	%ecx, %ecx
	cpuid
	movl	%eax, %edx
	andl	$0x07, %eax		/* x87, SSE, AVX */
	andl	$0xe0, %edx		/* opmask, ZMM_Hi256, Hi16_ZMM: all three or none */
	cmpl	$0xe0, %edx
	jne	6f
	orl	%edx, %eax
6:	xorl	%edx, %edx
	xorl	%ecx, %ecx
	xsetbv
7:	call	bx_main
	movl	%eax, %edi
	call	bx_exit
8:	hlt
	jmp	8b

/* Exception entry: every stub pushes (a dummy error code when the CPU does not)
 * and its vector, then the common path saves the fifteen GPRs and passes
 * bx_exc_handler a pointer to struct bx_frame (payload.h). */
	.macro	exc_stub v
	.p2align 4
exc_\v:
	.if (\v == 8) || (\v >= 10 && \v <= 14) || (\v == 17) || (\v == 21) || (\v == 29) || (\v == 30)
	.else
	pushq	$0
	.endif
	pushq	$\v
	jmp	exc_common
	.endm
	.irp v, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	exc_stub \v
	.endr

exc_common:
	pushq	%rax
	pushq	%rbx
	pushq	%rcx
	pushq	%rdx
	pushq	%rsi
	pushq	%rdi
	pushq	%rbp
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rsp, %rdi
	cld
	call	bx_exc_handler
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%r11
	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rbp
	popq	%rdi
	popq	%rsi
	popq	%rdx
	popq	%rcx
	popq	%rbx
	popq	%rax
	addq	$16, %rsp		/* vector, error code */
	iretq

/* IDT: 32 interrupt gates (type 0xe, DPL 0) on selector 0x18. */
idt_install:
	leaq	idt(%rip), %rdi
	xorl	%ecx, %ecx
9:	movl	%ecx, %eax
	shll	$4, %eax
	leaq	exc_0(%rip), %rdx
	addq	%rax, %rdx		/* stubs are 16 bytes apart */
	movw	%dx, (%rdi, %rax)
	movw	$0x18, 2(%rdi, %rax)
	movw	$0x8e00, 4(%rdi, %rax)
	shrq	$16, %rdx
	movw	%dx, 6(%rdi, %rax)
	shrq	$16, %rdx
	movl	%edx, 8(%rdi, %rax)
	movl	$0, 12(%rdi, %rax)
	incl	%ecx
	cmpl	$32, %ecx
	jne	9b
	lidtq	idt_desc(%rip)
	ret

	.data
	.p2align 3
idt_desc:
	.word	32 * 16 - 1
	.quad	idt

	.bss
	.p2align 12
pml4:	.skip	4096
pdpt:	.skip	4096
pd:	.skip	4096
idt:	.skip	32 * 16
