#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# ABI trampoline for AArch64 (tests/abi_test.cc): calls an assembly function with
# random values in every callee-saved register and reports what it returned in them.
#
#   uint64_t ctasm_abi_call(const struct abi_regs *in, struct abi_regs *out,
#                           const void *fn, const uint64_t args[8]);
#
# struct abi_regs (byte offsets): x19..x29 0..88, d8..d15 88..152, x0 152 (out only).
# args: x0..x7 (AAPCS64 is the same on every flavour; no function of ctasm takes more).
# x18 (reserved on Apple and Windows) is not checked: the translator refuses to name it.
# The call is blr, so the callee's "bti c" is what it lands on; the trampoline's own
# "bti c" and PAC come from .ctasm_proc.
use FindBin;
use lib "$FindBin::RealBin/../lib";
use Perlasm qw($code finish);
Perlasm::open_output("arm", @ARGV);

my ($in, $out, $fn, $args) = ("x0", "x1", "x2", "x3");
my ($target, $argp, $t0, $t1) = ("x9", "x10", "x11", "x12");
my ($D, $X0) = (88, 152);

$code = ".ctasm_text\n";
# Frame: [sp] out pointer, [sp, #8] sp before the call.
$code .= <<___;
.ctasm_proc ctasm_abi_call, global, save=x19-x28,x29,x30, vsave=d8-d15, frame=16
	str	$out, [sp]
	mov	$target, $fn
	mov	$argp, $args
___
for (my $r = 19; $r < 29; $r += 2) {
    $code .= "\tldp\tx$r, x" . ($r + 1) . ", [$in, #" . (8 * ($r - 19)) . "]\n";
}
$code .= "\tldr\tx29, [$in, #80]\n";
for (my $r = 8; $r < 16; $r += 2) {
    $code .= "\tldp\td$r, d" . ($r + 1) . ", [$in, #" . ($D + 8 * ($r - 8)) . "]\n";
}
for (my $r = 0; $r < 8; $r += 2) {
    $code .= "\tldp\tx$r, x" . ($r + 1) . ", [$argp, #" . (8 * $r) . "]\n";
}
$code .= <<___;
	mov	$t0, sp
	str	$t0, [sp, #8]
	blr	$target
	// A wrong sp leaves no way back to this frame (or to out): trap at once.
	ldr	$t0, [sp, #8]
	mov	$t1, sp
	cmp	$t0, $t1
	b.ne	.Lbad_sp
	ldr	$t0, [sp]
	str	x0, [$t0, #$X0]
___
for (my $r = 19; $r < 29; $r += 2) {
    $code .= "\tstp\tx$r, x" . ($r + 1) . ", [$t0, #" . (8 * ($r - 19)) . "]\n";
}
$code .= "\tstr\tx29, [$t0, #80]\n";
for (my $r = 8; $r < 16; $r += 2) {
    $code .= "\tstp\td$r, d" . ($r + 1) . ", [$t0, #" . ($D + 8 * ($r - 8)) . "]\n";
}
$code .= <<___;
	.ctasm_ret
.Lbad_sp:
	brk	#0xab1
.ctasm_endproc

// Negative fixture: writes x20, x28 and d15 without saving them.
.ctasm_proc ctasm_abi_test_clobber, global, broken_abi
	mov	x20, #0x5a
	mov	x28, #0x6b
	fmov	d15, x28
	mov	x0, #1
	.ctasm_ret
.ctasm_endproc

// BTI negative fixture: returns the address of code that is not a landing pad
// (tests/abi_test.cc calls it through the trampoline on guarded pages: SIGILL).
.ctasm_proc ctasm_abi_test_no_landing_pad, global
	adr	x0, .Lno_landing
	.ctasm_ret
.Lno_landing:
	mov	x0, #3
	ret
.ctasm_endproc

// Sums its eight arguments with weights 1..8: proves the argument marshalling.
.ctasm_proc ctasm_abi_test_args8, global
	add	x0, x0, x1, lsl #1
	add	x9, x2, x2, lsl #1
	add	x0, x0, x9
	add	x0, x0, x3, lsl #2
	add	x9, x4, x4, lsl #2
	add	x0, x0, x9
	mov	x9, #6
	madd	x0, x5, x9, x0
	mov	x9, #7
	madd	x0, x6, x9, x0
	add	x0, x0, x7, lsl #3
	.ctasm_ret
.ctasm_endproc
___

finish();
