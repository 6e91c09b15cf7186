#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# Conformance functions for perlasm/xlate/arm-xlate.pl, ARMv7 flavours.
# Together they use every feature of the translator; tests/xlate_armv7_test.cc
# calls each of them and checks exact results.  Every function is named
# ctasm_xlate_test_* and its C prototype is in the test.
use FindBin;
use lib "$FindBin::RealBin/../lib";
use Perlasm qw($code finish);
Perlasm::open_output("arm", @ARGV);

my ($fn, $arg, $resp) = ("r0", "r1", "r2");    # check_callee_saved arguments
my ($ptr, $len, $acc, $byte) = ("r0", "r1", "r2", "r3");
my ($out, $inp, $tab) = ("r0", "r1", "r12");

# Stack argument offsets, docs/PERLASM.md: [sp, #frame + 8*nvsave + 4*nsave].
sub stack_arg { my ($k, $frame, $nvsave, $nsave) = @_; return $frame + 8 * $nvsave + 4 * $nsave + 4 * ($k - 5); }

$code = ".ctasm_arch_ext aes\n.ctasm_text\n";

# --- leaf, global, called through a function pointer: a + b + c ---------------------
$code .= <<___;
.ctasm_proc ctasm_xlate_test_add3, global
	add	r0, r0, r1
	add	r0, r0, r2
	.ctasm_ret
.ctasm_endproc

@ A local (not exported) function, reached by bl only: r0 = 3*r0 + 1.
.ctasm_proc ctasm_xlate_test_helper
	add	r0, r0, r0, lsl #1
	add	r0, r0, #1
	.ctasm_ret
.ctasm_endproc
___

# --- full frame: save= with lr (pop into pc), vsave=d8-d15, frame=, two
# .ctasm_ret, a call to a local function.
#   x == 0: 7;  otherwise 3 * (4x + 10 + 8x + 36) + 1 = 36x + 139 (mod 2^32)
$code .= <<___;
.ctasm_proc ctasm_xlate_test_frame, global, save=r4-r8,lr, vsave=d8-d15, frame=16
	cmp	r0, #0
	beq	.Lframe_zero
	add	r4, r0, #1
	add	r5, r0, #2
	add	r6, r0, #3
	add	r7, r0, #4
	stm	sp, {r4-r7}		@ scratch frame
___
for my $i (8 .. 15) {
    $code .= "\tadd\tr8, r0, #" . ($i - 7) . "\n\tvdup.32\td$i, r8\n";
}
$code .= <<___;
	ldm	sp, {r1-r4}
	add	r0, r1, r2
	add	r0, r0, r3
	add	r0, r0, r4
___
for my $i (8 .. 15) {
    $code .= "\tvmov.32\tr8, d${i}[1]\n\tadd\tr0, r0, r8\n";
}
$code .= <<___;
	bl	ctasm_xlate_test_helper
	.ctasm_ret
.Lframe_zero:
	mov	r0, #7
	.ctasm_ret
.ctasm_endproc
___

# --- stack arguments: sum of (i+1) * arg_i for 5 and 6 arguments --------------
my $a5 = stack_arg(5, 0, 0, 2);
$code .= <<___;
.ctasm_proc ctasm_xlate_test_args5, global, save=r4,r5
	ldr	r4, [sp, #$a5]
	add	r0, r0, r1, lsl #1
	add	r1, r2, r2, lsl #1
	add	r0, r0, r1
	add	r0, r0, r3, lsl #2
	add	r4, r4, r4, lsl #2
	add	r0, r0, r4
	.ctasm_ret
.ctasm_endproc
___
my ($b5, $b6) = (stack_arg(5, 8, 2, 4), stack_arg(6, 8, 2, 4));
$code .= <<___;
.ctasm_proc ctasm_xlate_test_args6, global, save=r4-r7, vsave=d8-d9, frame=8
	ldr	r4, [sp, #$b5]
	ldr	r5, [sp, #$b6]
	vmov	d8, r4, r5		@ clobber the saved d registers on the way
	vmov	r6, r7, d8
	str	r6, [sp]
	add	r0, r0, r1, lsl #1
	add	r1, r2, r2, lsl #1
	add	r0, r0, r1
	add	r0, r0, r3, lsl #2
	ldr	r4, [sp]
	add	r4, r4, r4, lsl #2
	add	r0, r0, r4
	mov	r1, #6
	mla	r0, r7, r1, r0
	.ctasm_ret
.ctasm_endproc
___

# --- callee-saved register checker: loads patterns into r4-r11 and d8-d15,
# calls fn(arg) through blx, stores its result at *resp, returns a mask of the
# registers fn did not preserve (bit i: r(4+i), bit 8+j: d(8+j)).
#   uint32_t ctasm_xlate_test_check_callee_saved(uint32_t (*fn)(uint32_t),
#                                                uint32_t arg, uint32_t *resp);
# r3 is saved only to keep sp 8-aligned across the call.
$code .= <<___;
.ctasm_proc ctasm_xlate_test_check_callee_saved, global, save=r3-r11,lr, vsave=d8-d15, frame=8
	str	$resp, [sp]
	.ctasm_adr $tab, .Lpatterns
	ldmia	$tab!, {r4-r11}
	vldmia	$tab, {d8-d15}
	mov	r12, $fn
	mov	r0, $arg
	blx	r12
	ldr	$resp, [sp]
	str	r0, [$resp]
	.ctasm_adr $tab, .Lpatterns
	mov	r0, #0
___
for my $i (0 .. 7) {
    my $reg = "r" . (4 + $i);
    $code .= "\tldr\tr1, [$tab], #4\n\tcmp\tr1, $reg\n\torrne\tr0, r0, #" . (1 << $i) . "\n";
}
for my $j (0 .. 7) {
    $code .= "\tldr\tr1, [$tab], #4\n\tldr\tr2, [$tab], #4\n\tvmov\tr3, lr, d" . (8 + $j) . "\n";
    $code .= "\tcmp\tr1, r3\n\tcmpeq\tr2, lr\n\torrne\tr0, r0, #" . (1 << (8 + $j)) . "\n";
}
$code .= <<___;
	.ctasm_ret
.ctasm_endproc
___

# A function that breaks the ABI on purpose (r6, d9), so the checker's
# tests can show it notices.
$code .= <<___;
.ctasm_proc ctasm_xlate_test_clobber, global, broken_abi
	mov	r6, #1
	vmov	d9, r6, r6
	.ctasm_ret
.ctasm_endproc
___

# --- loop with local labels: sum of n bytes --------------------------------------
$code .= <<___;
.ctasm_proc ctasm_xlate_test_sum_bytes, global
	mov	$acc, #0
	cmp	$len, #0
	beq	.Lsum_done
.Lsum_loop:
	ldrb	$byte, [$ptr], #1
	add	$acc, $acc, $byte
	subs	$len, $len, #1
	bne	.Lsum_loop
.Lsum_done:
	mov	r0, $acc
	.ctasm_ret
.ctasm_endproc
___

# --- NEON with a constant table: out[i] = t[(i + 3) % 16] where
# t[j] = (perm[j] < 16 ? in[perm[j]] : 0) ^ mask[j]
#   void ctasm_xlate_test_neon(uint8_t out[16], const uint8_t in[16]);
$code .= <<___;
.ctasm_proc ctasm_xlate_test_neon, global
	vld1.8	{d0-d1}, [$inp]
	.ctasm_adr $tab, .Lneon_perm
	vld1.8	{d2-d5}, [$tab]		@ perm in q1, mask in q2
	vtbl.8	d6, {d0-d1}, d2
	vtbl.8	d7, {d0-d1}, d3
	veor	q3, q3, q2
	vext.8	q3, q3, q3, #3
	vst1.8	{d6-d7}, [$out]
	.ctasm_ret
.ctasm_endproc
___

# --- crypto extension (.ctasm_arch_ext aes) ------------------------------------
# As in xlate-armv8.pl; the registers are chosen so every encoding field of the
# translator's ios32 .inst words (D, N, M bits) is exercised at run time.
#   void ctasm_xlate_test_aes_round(uint8_t out[16], const uint8_t in[16],
#                                   const uint8_t key[16]);  // MixColumns(SubBytes(ShiftRows(in ^ key)))
#   void ctasm_xlate_test_aes_inv_round(uint8_t out[16], const uint8_t in[16]);
#                                    // InvSubBytes(InvShiftRows(InvMixColumns(in)))
#   void ctasm_xlate_test_pmull(uint64_t out[4], const uint64_t a[2], const uint64_t b[2]);
#                                    // out[0..1] = a[0] x b[0], out[2..3] = a[1] x b[1]
$code .= <<___;
.ctasm_proc ctasm_xlate_test_aes_round, global
	vld1.8	{d16-d17}, [r1]
	vld1.8	{d2-d3}, [r2]
	aese.8	q8, q1
	aesmc.8	q2, q8
	vst1.8	{d4-d5}, [r0]
	.ctasm_ret
.ctasm_endproc

.ctasm_proc ctasm_xlate_test_aes_inv_round, global
	vld1.8	{d0-d1}, [r1]
	vmov.i8	q15, #0
	aesimc.8	q11, q0
	aesd.8	q11, q15
	vst1.8	{d22-d23}, [r0]
	.ctasm_ret
.ctasm_endproc

.ctasm_proc ctasm_xlate_test_pmull, global
	vld1.64	{d0-d1}, [r1]
	vld1.64	{d18-d19}, [r2]
	vmull.p64	q12, d0, d18
	vmull.p64	q3, d1, d19
	vst1.64	{d24-d25}, [r0]!
	vst1.64	{d6-d7}, [r0]
	.ctasm_ret
.ctasm_endproc
___

# --- constants (in .text on ARMv7, so adr reaches them) -------------------------
my @perm = (15, 14, 13, 12, 11, 10, 9, 8, 16, 6, 5, 4, 3, 2, 1, 0xff);
my @mask = map { ($_ * 0x1d + 7) & 0xff } 0 .. 15;
$code .= ".ctasm_rodata\n.ctasm_align 16\n.Lneon_perm:\n";
$code .= "\t.byte\t" . join(", ", map { sprintf "0x%02x", $_ } @perm) . "\n";
$code .= "\t.byte\t" . join(", ", map { sprintf "0x%02x", $_ } @mask) . "\n";
$code .= ".Lpatterns:\n";
for my $i (0 .. 23) {
    $code .= sprintf "\t.long\t0x%08x\n", 0x89abcdef ^ (0x01010101 * ($i + 1));
}

finish();
