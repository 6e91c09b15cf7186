#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# Conformance functions for perlasm/xlate/arm-xlate.pl, AArch64 flavours.
# Together they use every feature of the translator; tests/xlate_aarch64_test.cc
# and tests/bti_test.cc call each of them and check exact results.  Every
# function is named ctasm_xlate_test_* and its C prototype is in the tests.
use FindBin;
use lib "$FindBin::RealBin/../lib";
use Perlasm qw($code finish);
Perlasm::open_output("arm", @ARGV);

my ($fn, $arg, $resp) = ("x0", "x1", "x2");    # check_callee_saved arguments
my ($ptr, $len, $acc, $byte) = ("x0", "x1", "x2", "x3");
my ($tab, $t0, $t1, $t2) = ("x9", "x10", "x11", "x12");
my ($out, $inp) = ("x0", "x1");
my ($vin, $vperm, $vmask, $vt) = ("v0", "v1", "v2", "v3");

$code = ".ctasm_arch_ext aes\n.ctasm_text\n";

# --- leaf, global, called through a function pointer: a + b + c ---------------------
$code .= <<___;
.ctasm_proc ctasm_xlate_test_add3, global
	add	x0, x0, x1
	add	x0, x0, x2
	.ctasm_ret
.ctasm_endproc

// A local (not exported) function, reached by bl only: x0 = 3*x0 + 1.
.ctasm_proc ctasm_xlate_test_helper
	add	x9, x0, x0, lsl #1
	add	x0, x9, #1
	.ctasm_ret
.ctasm_endproc
___

# --- full frame: save=x19-x22,x29,x30 (PAC, SEH pairs), vsave=d8-d15, frame=,
# two .ctasm_ret, a call to a local function.
#   x == 0: 7;  otherwise 3 * (4x + 10 + 8x + 36) + 1 = 36x + 139
$code .= <<___;
.ctasm_proc ctasm_xlate_test_frame, global, save=x19-x22,x29,x30, vsave=d8-d15, frame=24
	cbz	x0, .Lframe_zero
	add	x19, x0, #1
	add	x20, x0, #2
	add	x21, x0, #3
	add	x22, x0, #4
	mov	x29, x0			// the frame pointer is saved, so the body may use it
	stp	x19, x20, [sp]		// scratch frame
	stp	x21, x22, [sp, #16]
___
for my $i (8 .. 15) {
    $code .= "\tadd\tx9, x0, #" . ($i - 7) . "\n\tfmov\td$i, x9\n";
}
$code .= <<___;
	ldp	x3, x4, [sp]
	ldp	x5, x6, [sp, #16]
	add	x0, x3, x4
	add	x0, x0, x5
	add	x0, x0, x6
___
for my $i (8 .. 15) {
    $code .= "\tfmov\tx9, d$i\n\tadd\tx0, x0, x9\n";
}
$code .= <<___;
	bl	ctasm_xlate_test_helper
	.ctasm_ret
.Lframe_zero:
	mov	x0, #7
	.ctasm_ret
.ctasm_endproc
___

# --- callee-saved register checker: loads patterns into x19-x28 and d8-d15,
# calls fn(arg) through blr, stores its result at *resp, returns a mask of the
# registers fn did not preserve (bit i: x(19+i), bit 10+j: d(8+j)).
#   uint64_t ctasm_xlate_test_check_callee_saved(uint64_t (*fn)(uint64_t),
#                                                uint64_t arg, uint64_t *resp);
$code .= <<___;
.ctasm_proc ctasm_xlate_test_check_callee_saved, global, save=x19-x28,x29,x30, vsave=d8-d15, frame=16
	str	$resp, [sp]
	.ctasm_adr $tab, .Lpatterns
___
for (my $r = 19; $r < 29; $r += 2) { $code .= "\tldp\tx$r, x" . ($r + 1) . ", [$tab], #16\n"; }
for (my $r = 8; $r < 16; $r += 2) { $code .= "\tldp\td$r, d" . ($r + 1) . ", [$tab], #16\n"; }
$code .= <<___;
	mov	$t0, $fn
	mov	x0, $arg
	blr	$t0
	ldr	$resp, [sp]
	str	x0, [$resp]
	.ctasm_adr $tab, .Lpatterns
	mov	x0, #0
___
for my $i (0 .. 17) {
    my $reg = $i < 10 ? "x" . (19 + $i) : "d" . ($i - 2);
    $code .= "\tldr\t$t1, [$tab], #8\n";
    if ($i < 10) { $code .= "\tcmp\t$t1, $reg\n"; }
    else { $code .= "\tfmov\t$t2, $reg\n\tcmp\t$t1, $t2\n"; }
    $code .= "\tcset\t$t2, ne\n\torr\tx0, x0, $t2, lsl #$i\n";
}
$code .= <<___;
	.ctasm_ret
.ctasm_endproc
___

# A function that breaks the ABI on purpose (x21, d9), so the checker's
# tests can show it notices.
$code .= <<___;
.ctasm_proc ctasm_xlate_test_clobber, global, broken_abi
	mov	x21, #1
	fmov	d9, x21
	.ctasm_ret
.ctasm_endproc
___

# --- loop with local labels: sum of n bytes --------------------------------------
$code .= <<___;
.ctasm_proc ctasm_xlate_test_sum_bytes, global
	mov	$acc, #0
	cbz	$len, .Lsum_done
.Lsum_loop:
	ldrb	w3, [$ptr], #1
	add	$acc, $acc, $byte
	subs	$len, $len, #1
	b.ne	.Lsum_loop
.Lsum_done:
	mov	x0, $acc
	.ctasm_ret
.ctasm_endproc
___

# --- NEON with a constant table: out[i] = t[(i + 3) % 16] where
# t[j] = (perm[j] < 16 ? in[perm[j]] : 0) ^ mask[j]
#   void ctasm_xlate_test_neon(uint8_t out[16], const uint8_t in[16]);
$code .= <<___;
.ctasm_proc ctasm_xlate_test_neon, global
	ld1	{$vin.16b}, [$inp]
	.ctasm_adr $tab, .Lneon_perm
	ld1	{$vperm.16b, $vmask.16b}, [$tab]
	tbl	$vt.16b, {$vin.16b}, $vperm.16b
	eor	$vt.16b, $vt.16b, $vmask.16b
	ext	$vt.16b, $vt.16b, $vt.16b, #3
	st1	{$vt.16b}, [$out]
	.ctasm_ret
.ctasm_endproc
___

# --- PAC: returns the saved (signed) x30 as it sits on the stack ---------------
# With PAC live its top bits hold a code, so it differs from the plain address.
# (pac_corrupt stores into its own frame record: the test-only key broken_frame,
# Arm/StackA64.pm, lets it.)
$code .= <<___;
.ctasm_proc ctasm_xlate_test_signed_lr, global, save=x29,x30
	ldr	x0, [sp, #8]		// frame record: x29 at [sp], x30 at [sp, #8]
	.ctasm_ret
.ctasm_endproc

// PAC negative test: corrupts the signed x30 on the stack; autiasp + ret
// must fault (SIGILL with FEAT_FPAC, SIGSEGV otherwise).
.ctasm_proc ctasm_xlate_test_pac_corrupt, global, save=x29,x30, broken_frame
	ldr	x9, [sp, #8]
	eor	x9, x9, #(1 << 50)
	str	x9, [sp, #8]
	.ctasm_ret
.ctasm_endproc

// BTI negative test: returns the address of code that is not a landing pad.
.ctasm_proc ctasm_xlate_test_no_landing_pad, global
	adr	x0, .Lno_landing
	.ctasm_ret
.Lno_landing:
	mov	x0, #1
	ret
.ctasm_endproc
___

# --- crypto extension (.ctasm_arch_ext aes) ------------------------------------
# One AES round without the final key addition, its inverse, and the two
# 64x64-bit carry-less multiplies:
#   void ctasm_xlate_test_aes_round(uint8_t out[16], const uint8_t in[16],
#                                   const uint8_t key[16]);  // MixColumns(SubBytes(ShiftRows(in ^ key)))
#   void ctasm_xlate_test_aes_inv_round(uint8_t out[16], const uint8_t in[16]);
#                                    // InvSubBytes(InvShiftRows(InvMixColumns(in)))
#   void ctasm_xlate_test_pmull(uint64_t out[4], const uint64_t a[2], const uint64_t b[2]);
#                                    // out[0..1] = a[0] x b[0], out[2..3] = a[1] x b[1]
$code .= <<___;
.ctasm_proc ctasm_xlate_test_aes_round, global
	ld1	{v0.16b}, [x1]
	ld1	{v17.16b}, [x2]
	aese	v0.16b, v17.16b
	aesmc	v30.16b, v0.16b
	st1	{v30.16b}, [x0]
	.ctasm_ret
.ctasm_endproc

.ctasm_proc ctasm_xlate_test_aes_inv_round, global
	ld1	{v5.16b}, [x1]
	movi	v6.16b, #0
	aesimc	v5.16b, v5.16b
	aesd	v5.16b, v6.16b
	st1	{v5.16b}, [x0]
	.ctasm_ret
.ctasm_endproc

.ctasm_proc ctasm_xlate_test_pmull, global
	ld1	{v0.2d}, [x1]
	ld1	{v1.2d}, [x2]
	pmull	v2.1q, v0.1d, v1.1d
	pmull2	v3.1q, v0.2d, v1.2d
	st1	{v2.16b, v3.16b}, [x0]
	.ctasm_ret
.ctasm_endproc
___

# --- constants ---------------------------------------------------------------
my @perm = (15, 14, 13, 12, 11, 10, 9, 8, 16, 6, 5, 4, 3, 2, 1, 0xff);
my @mask = map { ($_ * 0x1d + 7) & 0xff } 0 .. 15;
$code .= ".ctasm_rodata\n.ctasm_align 16\n.Lneon_perm:\n";
$code .= "\t.byte\t" . join(", ", map { sprintf "0x%02x", $_ } @perm) . "\n";
$code .= "\t.byte\t" . join(", ", map { sprintf "0x%02x", $_ } @mask) . "\n";
$code .= ".Lpatterns:\n";
for my $i (0 .. 17) {
    $code .= sprintf "\t.quad\t0x%016x\n", 0x0123456789abcdef ^ (0x0101010101010101 * ($i + 1));
}

finish();
