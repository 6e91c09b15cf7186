#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# ABI trampoline for x86_64 (tests/abi_test.cc): calls an assembly function with
# random values in every callee-saved register and reports what it returned in them.
#
#   uint64_t ctasm_abi_call(const struct abi_regs *in, struct abi_regs *out,
#                           const void *fn, const struct abi_args *args);
#
# struct abi_regs (byte offsets): rbx 0, rbp 8, r12 16, r13 24, r14 32, r15 40,
#   rdi 48, rsi 56, xmm6..xmm15 64..224, rax 224, rflags 232 (out only).
# struct abi_args: the six registers rdi rsi rdx rcx r8 r9 at 0..48, then eight
#   words copied to 0(%rsp) .. 56(%rsp) at the call.
# The script never tests the flavour: the C++ side lays the arguments out for the
# native convention (SysV: six registers then the stack; Win64: rcx rdx r8 r9, the
# 32-byte home area in the first four stack words, argument 5 in the fifth) and puts
# random values in the rdi/rsi slots on Win64, where they are callee-saved.
# The call is indirect so the callee's endbr64 is what it lands on.
use FindBin;
use lib "$FindBin::RealBin/../lib";
use Perlasm qw($code finish);
Perlasm::open_output("x86_64", @ARGV);

my ($in, $out, $fn, $args) = ("%rdi", "%rsi", "%rdx", "%rcx");    # SysV view
my ($target, $argp, $tmp, $outp) = ("%rax", "%r11", "%r10", "%r11");
my @saved = ("%rbx", "%rbp", "%r12", "%r13", "%r14", "%r15", "%rdi", "%rsi");
my @argreg = ("%rdi", "%rsi", "%rdx", "%rcx", "%r8", "%r9");
my ($XMM, $RAX, $FLAGS) = (64, 224, 232);
my $NSTACK = 8;
# Frame: [0, 64) outgoing stack words, 64 out pointer, 72 rsp before the call.
my ($OUTSLOT, $SPSLOT) = (8 * $NSTACK, 8 * $NSTACK + 8);

$code = ".ctasm_text\n";
$code .= <<___;
.ctasm_proc	ctasm_abi_call, global, args=4, save=rbx,rbp,r12,r13,r14,r15, frame=80
	movq	$out, $OUTSLOT(%rsp)
	movq	$fn, $target
	movq	$args, $argp
___
for my $i (0 .. $NSTACK - 1) {
    $code .= "\tmovq\t" . (48 + 8 * $i) . "($argp), $tmp\n\tmovq\t$tmp, " . (8 * $i) . "(%rsp)\n";
}
for my $i (0 .. 5) { $code .= "\tmovq\t" . (8 * $i) . "($in), $saved[$i]\n" }
for my $i (0 .. 9) { $code .= "\tmovdqu\t" . ($XMM + 16 * $i) . "($in), %xmm" . ($i + 6) . "\n" }
# rdi last: it still holds the input pointer until here.
for my $i (1 .. 5, 0) { $code .= "\tmovq\t" . (8 * $i) . "($argp), $argreg[$i]\n" }
$code .= <<___;
	movq	%rsp, $SPSLOT(%rsp)
	call	*$target
	# A wrong rsp leaves no way back to this frame (or to out): trap at once.
	cmpq	%rsp, $SPSLOT(%rsp)
	jne	.Lbad_rsp
	movq	$OUTSLOT(%rsp), $outp
	movq	%rax, $RAX($outp)
___
for my $i (0 .. 7) { $code .= "\tmovq\t$saved[$i], " . (8 * $i) . "($outp)\n" }
for my $i (0 .. 9) { $code .= "\tmovdqu\t%xmm" . ($i + 6) . ", " . ($XMM + 16 * $i) . "($outp)\n" }
$code .= <<___;
	# The direction flag must come back clear. Read it without pushfq (a push in
	# the body cannot be described by Win64 unwind codes): lodsb steps rsi by +1
	# with DF clear and by -1 with DF set, so rsi-rsp is 1 or ~0, whose bit 10 is
	# the harness's DF bit. Clear DF for the C++ caller anyway.
	leaq	(%rsp), %rsi
	lodsb
	subq	%rsp, %rsi
	movq	%rsi, $FLAGS($outp)
	cld
	movq	$RAX($outp), %rax
.ctasm_ret
.Lbad_rsp:
	ud2
.ctasm_endproc

___

# Negative fixtures: each breaks the ABI in one way the harness must name.
# (On Win64 the translator itself saves rdi/rsi/xmm6-15 a body writes, so only the
# registers below can be broken portably.)
$code .= <<___;
# Writes rbx and r13 without saving them (broken_abi: the translator would refuse it).
.ctasm_proc	ctasm_abi_test_clobber_gpr, global, broken_abi
	movq	\$0x5a5a, %rbx
	movq	\$0x6b6b, %r13
	movl	\$1, %eax
.ctasm_ret
.ctasm_endproc

# Returns with the direction flag set.
.ctasm_proc	ctasm_abi_test_set_df, global
	std
	movl	\$2, %eax
.ctasm_ret
.ctasm_endproc

# Sums its six arguments with weights 1..6: proves the argument marshalling on both
# conventions (on Win64 arguments 5 and 6 come from the trampoline's stack words).
.ctasm_proc	ctasm_abi_test_args6, global, args=6
	movq	%rdi, %rax
	leaq	(%rax,%rsi,2), %rax
	imulq	\$3, %rdx, %r10
	addq	%r10, %rax
	leaq	(%rax,%rcx,4), %rax
	imulq	\$5, %r8, %r10
	addq	%r10, %rax
	imulq	\$6, %r9, %r10
	addq	%r10, %rax
.ctasm_ret
.ctasm_endproc
# Eight arguments, a 64-byte-aligned scratch frame and AVX2/AVX-512 code (issue 11):
#   uint64_t ctasm_abi_test_wide(a1, ..., a7, flags)
# stores a1..a7 and flags into the aligned frame (words w[0..7]) and returns
#   a1 + 2*a2 + ... + 7*a7 + ((rsp & 63) << 56)                    (always)
#   + sum over lanes i<4 of (w[i] ^ w[i+4])                        (flags bit 0: AVX2)
#   + sum over i<8 of P[i], P[i] = rotl64(w[i],13) ^ w[i] ^ K, plus w[i] for even i
#                                                                   (flags bit 1: AVX-512)
# with K = 0x9e3779b97f4a7c15. Arguments 7 and 8 are read with .ctasm_stack_arg;
# the vector parts write ymm6/ymm7/zmm6/zmm15 (Win64: low halves callee-saved),
# zmm16-17 and k1. The caller sets only the bits this CPU can run.
.ctasm_proc	ctasm_abi_test_wide, global, args=8, save=rbx, frame=64, align=64
	.ctasm_stack_arg	7, %rax
	.ctasm_stack_arg	8, %rbx
	movq	%rdi, 0(%rsp)
	movq	%rsi, 8(%rsp)
	movq	%rdx, 16(%rsp)
	movq	%rcx, 24(%rsp)
	movq	%r8, 32(%rsp)
	movq	%r9, 40(%rsp)
	movq	%rax, 48(%rsp)
	movq	%rbx, 56(%rsp)
	imulq	\$7, %rax, %rax
	addq	%rdi, %rax
	leaq	(%rax,%rsi,2), %rax
	imulq	\$3, %rdx, %r10
	addq	%r10, %rax
	leaq	(%rax,%rcx,4), %rax
	imulq	\$5, %r8, %r10
	addq	%r10, %rax
	imulq	\$6, %r9, %r10
	addq	%r10, %rax
	movq	%rsp, %r10
	andq	\$63, %r10
	shlq	\$56, %r10
	addq	%r10, %rax
	testq	\$1, %rbx
	jz	.Lwide_no_avx2
	vmovdqa	0(%rsp), %ymm6
	vpxor	32(%rsp), %ymm6, %ymm7
	vextracti128	\$1, %ymm7, %xmm6
	vpaddq	%xmm6, %xmm7, %xmm6
	vpshufd	\$0x4e, %xmm6, %xmm7
	vpaddq	%xmm7, %xmm6, %xmm6
	vmovq	%xmm6, %r10
	addq	%r10, %rax
.Lwide_no_avx2:
	testq	\$2, %rbx
	jz	.Lwide_done
	vmovdqa64	0(%rsp), %zmm15
	vprolq	\$13, %zmm15, %zmm6
	vpternlogq	\$0x96, .Lwide_k(%rip){1to8}, %zmm15, %zmm6
	movl	\$0x55, %r10d
	kmovw	%r10d, %k1
	vpaddq	%zmm15, %zmm6, %zmm6{%k1}
	vextracti64x4	\$1, %zmm6, %ymm16
	vpaddq	%ymm16, %ymm6, %ymm17
	vextracti32x4	\$1, %ymm17, %xmm16
	vpaddq	%xmm16, %xmm17, %xmm17
	vpshufd	\$0x4e, %xmm17, %xmm16
	vpaddq	%xmm16, %xmm17, %xmm17
	vmovq	%xmm17, %r10
	addq	%r10, %rax
.Lwide_done:
	vzeroupper
.ctasm_ret
.ctasm_endproc

.ctasm_rodata
.ctasm_align	8
.Lwide_k:
	.quad	0x9e3779b97f4a7c15
.ctasm_text
___

finish();
