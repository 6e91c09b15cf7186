#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# Conformance functions for perlasm/xlate/x86_64-xlate.pl. Together they use every
# feature of the translator; tests/xlate_x86_64_test.cc calls each of them and checks
# exact results (natively for elf, under wine for nasm). Every function is named
# ctasm_xlate_test_* and its C prototype is in the test.
use FindBin;
use lib "$FindBin::RealBin/../lib";
use Perlasm qw($code finish);
Perlasm::open_output("x86_64", @ARGV);

# SysV argument registers (the translator moves Win64 ones into them).
my @arg = ("%rdi", "%rsi", "%rdx", "%rcx", "%r8", "%r9");

$code = ".ctasm_text\n";

# --- args=0..6: 1000 + sum((i+1) * arg_i), so every argument move is visible ----------
for my $n (0 .. 6) {
    $code .= <<___;
.ctasm_proc	ctasm_xlate_test_sum$n, global, args=$n
	movq	\$1000, %rax
___
    for my $i (0 .. $n - 1) {
        my $w = $i + 1;
        $code .= $i == 0
            ? "\tleaq\t(%rax,$arg[0],1), %rax\n"
            : "\timulq\t\$$w, $arg[$i], %r10\n\taddq\t%r10, %rax\n";
    }
    $code .= ".ctasm_ret\n.ctasm_endproc\n\n";
}

# --- save= with every callee-saved GPR and a frame; result shows rsp alignment ---------
{
my ($x, $t) = ("%rdi", "%rax");
my @s = ("%rbx", "%rbp", "%r12", "%r13", "%r14", "%r15");
$code .= <<___;
# 6x + 15 + ((rsp & 15) << 32)
.ctasm_proc	ctasm_xlate_test_saves, global, args=1, save=rbx,rbp,r12,r13,r14,r15, frame=40
	movq	$x, $s[0]
	leaq	1($x), $s[1]
	leaq	2($x), $s[2]
	leaq	3($x), $s[3]
	leaq	4($x), $s[4]
	leaq	5($x), $s[5]
	movq	$s[0], 0(%rsp)
	movq	$s[1], 8(%rsp)
	movq	$s[2], 16(%rsp)
	movq	$s[3], 24(%rsp)
	movq	$s[4], 32(%rsp)
	movq	%rsp, $t
	andq	\$15, $t
	shlq	\$32, $t
	addq	0(%rsp), $t
	addq	8(%rsp), $t
	addq	16(%rsp), $t
	addq	24(%rsp), $t
	addq	32(%rsp), $t
	addq	$s[5], $t
.ctasm_ret
.ctasm_endproc

___
}

# --- rsp alignment after several prologue shapes: each returns 0x100 + (rsp & 15) ------
# (align3 adds arg5 + 2*arg6: stack arguments behind pushes and a frame on Win64)
my @shapes = ("save=rbx", "save=rbx,rbp, frame=8", "frame=24", "args=6, save=r12, frame=16",
              "args=1, frame=1");
for my $i (0 .. $#shapes) {
    my $extra = $i == 3 ? "\tleaq\t(%rax,$arg[4],1), %rax\n\tleaq\t(%rax,$arg[5],2), %rax\n" : "";
    $code .= <<___;
.ctasm_proc	ctasm_xlate_test_align$i, global, $shapes[$i]
	movq	%rsp, %rax
	andl	\$15, %eax
	orq	\$0x100, %rax
$extra.ctasm_ret
.ctasm_endproc

___
}

# --- xmm6..xmm15: a value computed through all ten registers -----------------------
# x6 = K; x(i) = pshufd(x(i-1), 0x93) + K (dwords); result = low qword of x6^...^x15
$code .= <<___;
.ctasm_proc	ctasm_xlate_test_xmm_mix, global, args=0
	movdqa	.Lmix_k(%rip), %xmm6
___
for my $i (7 .. 15) {
    my $p = $i - 1;
    $code .= "\tpshufd\t\$0x93, %xmm$p, %xmm$i\n\tpaddd\t%xmm6, %xmm$i\n";
}
$code .= "\tmovdqa\t%xmm6, %xmm0\n";
$code .= "\tpxor\t%xmm$_, %xmm0\n" for 7 .. 15;
$code .= <<___;
	movq	%xmm0, %rax
.ctasm_ret
.ctasm_endproc

___

# --- local helper reached by a direct call: clobbers xmm8, xmm9 and rsi ---------------
# Win64: its global caller must save them although its own body never names them.
$code .= <<___;
.ctasm_proc	ctasm_xlate_test_helper, save=rbx, frame=8
	movq	%rdi, %rbx
	movq	%rbx, 0(%rsp)
	.ctasm_adr	%rsi, .Lmix_k
	movdqa	(%rsi), %xmm8
	pshufd	\$0x4e, %xmm8, %xmm9
	pxor	%xmm9, %xmm8
	movq	%xmm8, %rax
	addq	0(%rsp), %rax
	imulq	%rbx, %rax
.ctasm_ret
.ctasm_endproc

# (x + q) * x where q = low qword of Lmix_k ^ swapped halves
.ctasm_proc	ctasm_xlate_test_local_xmm, global, args=0
	movl	\$3, %edi
	call	ctasm_xlate_test_helper
.ctasm_ret
.ctasm_endproc

# x*x + 7 through a local function with its own prologue
.ctasm_proc	ctasm_xlate_test_call_local, global, args=1
	call	ctasm_xlate_test_square
	addq	\$7, %rax
.ctasm_ret
.ctasm_endproc

.ctasm_proc	ctasm_xlate_test_square, save=r13, frame=16
	movq	%rdi, %r13
	movq	%r13, 8(%rsp)
	movq	8(%rsp), %rax
	imulq	%r13, %rax
.ctasm_ret
.ctasm_endproc

___

# --- callee-saved register check around a call through a function pointer -----------
# Bits 0-9: xmm6..xmm15 kept, bit 10: rdi kept, bit 11: rsi kept. Only functions without
# arguments are called (the call itself uses no convention-specific register). frame=32
# is the Win64 home area of the callee.
{
my ($fn) = ("%rbx");
$code .= <<___;
.ctasm_proc	ctasm_xlate_test_keep, global, args=1, save=rbx,r12, frame=32
	movq	$arg[0], $fn
___
for my $i (6 .. 15) {
    my $pat = sprintf("0x%08x", 0x01010101 * $i + 0x10000000);
    $code .= "\tmovl\t\$$pat, %eax\n\tmovd\t%eax, %xmm$i\n\tpshufd\t\$0, %xmm$i, %xmm$i\n";
}
$code .= <<___;
	movabsq	\$0x1122334455667788, %rdi
	movq	\$-2, %rsi
	call	*$fn
	xorl	%r12d, %r12d
___
for my $i (6 .. 15) {
    my $pat = sprintf("0x%08x", 0x01010101 * $i + 0x10000000);
    my $bit = $i - 6;
    $code .= <<___;
	movl	\$$pat, %ecx
	movd	%ecx, %xmm0
	pshufd	\$0, %xmm0, %xmm0
	pcmpeqd	%xmm$i, %xmm0
	pmovmskb	%xmm0, %ecx
	cmpl	\$0xffff, %ecx
	sete	%cl
	movzbl	%cl, %ecx
	shll	\$$bit, %ecx
	orl	%ecx, %r12d
___
}
$code .= <<___;
	movabsq	\$0x1122334455667788, %rax
	cmpq	%rax, %rdi
	sete	%al
	movzbl	%al, %eax
	shll	\$10, %eax
	orl	%eax, %r12d
	cmpq	\$-2, %rsi
	sete	%al
	movzbl	%al, %eax
	shll	\$11, %eax
	orl	%eax, %r12d
	movl	%r12d, %eax
.ctasm_ret
.ctasm_endproc

___
}

# --- two .ctasm_ret: even x -> x/2, odd x -> 3x+1 (the odd path runs after a ret) -----
$code .= <<___;
.ctasm_proc	ctasm_xlate_test_two_rets, global, args=1, save=rbx,r12, frame=16
	movq	%rdi, %rbx
	movq	%rdi, 0(%rsp)
	testq	\$1, %rbx
	jnz	.Lodd
	shrq	%rbx
	movq	%rbx, %rax
.ctasm_ret
.Lodd:
	movq	0(%rsp), %r12
	leaq	(%r12,%r12,2), %rax
	incq	%rax
.ctasm_ret
.ctasm_endproc

___

# --- constant tables: RIP-relative aligned load and .ctasm_adr ----------------------
# out[0..16) = tbl16 ^ splat(0x5a); returns q[1] + len + str[0..5] bytes summed + diff
$code .= <<___;
.ctasm_proc	ctasm_xlate_test_tables, global, args=1
	movdqa	.Ltbl16(%rip), %xmm0
	movdqa	.Lsplat5a(%rip), %xmm1
	pxor	%xmm1, %xmm0
	movdqu	%xmm0, ($arg[0])
	.ctasm_adr	%rdx, .Ltbl_q
	movq	8(%rdx), %rax
	movl	.Ltbl_len(%rip), %ecx
	addq	%rcx, %rax
	movzwl	.Ltbl_w(%rip), %ecx
	addq	%rcx, %rax
	.ctasm_adr	%r8, .Lstr
	xorl	%ecx, %ecx
.Lstr_loop:
	movzbl	(%r8,%rcx,1), %r9d
	addq	%r9, %rax
	incq	%rcx
	cmpq	\$6, %rcx
	jb	.Lstr_loop
.ctasm_ret
.ctasm_endproc

___

# --- SSSE3 / SSE4.1 byte shuffling --------------------------------------------------
$code .= <<___;
.ctasm_proc	ctasm_xlate_test_ssse3, global, args=2
	movdqu	($arg[0]), %xmm0
	movdqa	.Lrev(%rip), %xmm1
	movdqa	%xmm0, %xmm2
	pshufb	%xmm1, %xmm2
	movdqa	%xmm0, %xmm3
	psrld	\$4, %xmm3
	pand	.Lmask0f(%rip), %xmm3
	palignr	\$5, %xmm0, %xmm2
	pshufd	\$0x1b, %xmm3, %xmm3
	pxor	%xmm3, %xmm2
	movdqa	%xmm2, %xmm4
	pslldq	\$3, %xmm4
	paddd	%xmm4, %xmm2
	movaps	%xmm2, %xmm5
	punpcklbw	%xmm0, %xmm5
	pmulld	%xmm5, %xmm2
	pextrd	\$1, %xmm2, %eax
	pinsrd	\$3, %eax, %xmm2
	psrldq	\$1, %xmm5
	por	%xmm5, %xmm2
	pslld	\$7, %xmm5
	pandn	%xmm2, %xmm5
	movups	%xmm5, ($arg[1])
.ctasm_ret
.ctasm_endproc

___

# --- loop with local labels: h = (rotl(h,5) ^ p[i]) * 0x100000001b3, h0 = 0x1234 --------
{
my ($p, $n, $h, $k, $b) = ("%rdi", "%rsi", "%rax", "%r11", "%ecx");
$code .= <<___;
.ctasm_proc	ctasm_xlate_test_loop, global, args=2
	movl	\$0x1234, %eax
	movabsq	\$0x100000001b3, $k
	testq	$n, $n
	jz	.Lloop_done
.Lloop:
	movzbl	($p), $b
	rolq	\$5, $h
	xorq	%rcx, $h
	imulq	$k, $h
	incq	$p
	decq	$n
	jnz	.Lloop
.Lloop_done:
.ctasm_ret
.ctasm_endproc

___
}

# --- integer instruction mix (mirrored step by step in the C++ reference) ---------------
{
my ($a, $b) = ("%rdi", "%rsi");
$code .= <<___;
.ctasm_proc	ctasm_xlate_test_gpr, global, args=2, save=rbx
	movq	$a, %rax
	mulq	$b
	movq	%rdx, %r8
	xorq	%rax, %r8
	movq	$a, %rcx
	addq	$b, %rcx
	adcq	\$0, %r8
	bswapq	%rcx
	rorq	\$13, %rcx
	xorq	%rcx, %r8
	movl	%edi, %eax
	shrl	\$3, %eax
	subq	%rax, %r8
	movq	$a, %r9
	subq	$b, %r9
	sbbq	%r10, %r10
	andq	\$0xff, %r10
	orq	%r10, %r8
	cmpq	$b, $a
	movq	$a, %r11
	cmovbq	$b, %r11
	addq	%r11, %r8
	cmpq	$b, $a
	setb	%al
	movzbl	%al, %eax
	shlq	\$40, %rax
	xorq	%rax, %r8
	movl	\$9, %ecx
	movq	$b, %rbx
	shlq	%cl, %rbx
	notq	%rbx
	addq	%rbx, %r8
	movq	$a, %rdx
	negq	%rdx
	xchgq	%rdx, %r8
	subq	%rdx, %r8
	movsbq	%dil, %rax
	addq	%rax, %r8
	movslq	%esi, %rax
	xorq	%rax, %r8
	movzwl	%si, %eax
	addq	%rax, %r8
	movb	\$0x7f, %bl
	movzbl	%bl, %ebx
	addq	%rbx, %r8
	sarq	\$3, %r8
	decq	%r8
	testq	\$4, %r8
	sete	%cl
	movzbl	%cl, %ecx
	imull	\$3, %ecx, %ecx
	leaq	(%r8,%rcx,8), %rax
	roll	\$3, %ecx
	subl	%ecx, %eax
.ctasm_ret
.ctasm_endproc

___
}

$code .= <<___;
.ctasm_rodata
.ctasm_align	64
.Ltbl16:
	.byte	0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
.Lsplat5a:
	.long	0x5a5a5a5a,0x5a5a5a5a,0x5a5a5a5a,0x5a5a5a5a
.Lmix_k:
	.long	0x01234567,0x89abcdef,0xdeadbeef,0x0badf00d
.Lrev:
	.byte	15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0
.Lmask0f:
	.quad	0x0f0f0f0f0f0f0f0f,0x0f0f0f0f0f0f0f0f
.Ltbl_q:
	.quad	0x0123456789abcdef, 0x1000
.Ltbl_len:
	.long	.Ltbl_end-.Ltbl16
.Ltbl_w:
	.value	0x1234
.Lstr:
	.asciz	"ctasm"
.Ltbl_end:
.ctasm_align	16
___

finish();
