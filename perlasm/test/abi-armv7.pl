#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# ABI trampoline for ARMv7 (tests/abi_test.cc): calls an assembly function with
# random values in every callee-saved register and reports what it returned in them.
#
#   uint32_t ctasm_abi_call(const struct abi_regs *in, struct abi_regs *out,
#                           const void *fn, const uint32_t args[8]);
#
# struct abi_regs (byte offsets): r4..r11 0..32, d8..d15 32..96, r0 96, r1 100 (out only).
# args: r0..r3, then four words passed on the stack (arguments 5..8).
# The call is blx through a register (interworking, indirect).
use FindBin;
use lib "$FindBin::RealBin/../lib";
use Perlasm qw($code finish);
Perlasm::open_output("arm", @ARGV);

my ($in, $out, $fn, $args) = ("r0", "r1", "r2", "r3");
my ($target, $argp) = ("r12", "lr");    # lr is saved by the prologue: free in the body
my ($D, $R0) = (32, 96);
my $NSTACK = 4;
# Frame: [sp, #0..16) outgoing stack arguments, [sp, #16] out, [sp, #20] sp before the call.
my ($OUTSLOT, $SPSLOT) = (4 * $NSTACK, 4 * $NSTACK + 4);

$code = ".ctasm_text\n";
# r3 is saved only to keep sp 8-aligned at the call (ten registers pushed).
$code .= <<___;
.ctasm_proc ctasm_abi_call, global, save=r3-r11,lr, vsave=d8-d15, frame=24
	str	$out, [sp, #$OUTSLOT]
	mov	$target, $fn
	mov	$argp, $args
___
for my $i (0 .. $NSTACK - 1) {
    $code .= "\tldr\tr1, [$argp, #" . (16 + 4 * $i) . "]\n\tstr\tr1, [sp, #" . (4 * $i) . "]\n";
}
$code .= <<___;
	add	r1, $in, #$D
	vldmia	r1, {d8-d15}
	ldmia	$in, {r4-r11}
	ldmia	$argp, {r0-r3}
	mov	$argp, sp
	str	$argp, [sp, #$SPSLOT]
	blx	$target
	@ A wrong sp leaves no way back to this frame (or to out): trap at once.
	ldr	r12, [sp, #$SPSLOT]
	cmp	r12, sp
	bne	.Lbad_sp
	ldr	r12, [sp, #$OUTSLOT]
	str	r0, [r12, #$R0]
	str	r1, [r12, #@{[$R0 + 4]}]
	stmia	r12, {r4-r11}
	add	r2, r12, #$D
	vstmia	r2, {d8-d15}
	.ctasm_ret
.Lbad_sp:
	udf	#0			@ permanently undefined: stop here
.ctasm_endproc

@ Negative fixture: writes r5, r11 and d12 without saving them.
.ctasm_proc ctasm_abi_test_clobber, global, broken_abi
	mov	r5, #0x5a
	mov	r11, #0x6b
	vmov	d12, r5, r11
	mov	r0, #1
	.ctasm_ret
.ctasm_endproc

@ Sums its eight arguments with weights 1..8 (arguments 5..8 from the stack).
.ctasm_proc ctasm_abi_test_args8, global, save=r4,r5
	add	r0, r0, r1, lsl #1
	add	r1, r2, r2, lsl #1
	add	r0, r0, r1
	add	r0, r0, r3, lsl #2
	ldr	r4, [sp, #8]
	add	r4, r4, r4, lsl #2
	add	r0, r0, r4
	ldr	r4, [sp, #12]
	mov	r5, #6
	mla	r0, r4, r5, r0
	ldr	r4, [sp, #16]
	mov	r5, #7
	mla	r0, r4, r5, r0
	ldr	r4, [sp, #20]
	add	r0, r0, r4, lsl #3
	.ctasm_ret
.ctasm_endproc
___

finish();
