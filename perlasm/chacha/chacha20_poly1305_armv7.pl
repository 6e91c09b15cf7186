#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# chacha20_poly1305_armv7.pl -- ChaCha20 and ChaCha20-Poly1305 (RFC 8439) for
# ARMv7 NEON: NEON ChaCha20; Poly1305 scalar for short messages and NEON
# (four blocks per step) from 192 bytes on.
# The contract is src/chacha/internal.h (whole messages from the 48-byte
# ChaCha20 state; the tier derives the Poly1305 key from block 0).
#
# ChaCha20. Blocks are horizontal: a block is four q registers, one per row
# of the 4x4 state (a = constants, b, c = key, d = counter and nonce); a
# column round works on whole rows, and the diagonal round first rotates
# rows b, c, d by 1, 2, 3 words (vext.32) and afterwards back. Rotates:
# 16 by vrev32.16, 12/8/7 by vshl into the row and vsri from a temporary
# (the temporary holds the xor, so each costs the same three instructions
# vtbl.8 would). Up to three blocks are in flight, interleaved instruction
# by instruction: q0-q3, q4-q7, q8-q11, with q12, q13, q14 their temporaries.
# The batch is 3 blocks while at least 192 bytes remain and 1 or 2 for a
# shorter tail. Messages up to 128 bytes compute the Poly1305 key block in
# the same batch as their data (16 bytes: one 2-block batch); longer ones
# compute it alone first (256 bytes: 1 + 3 + 1). The input state lives in the frame
# (rows a..d, then {1,0,0,0}); each batch reloads it for the feed-forward
# and adds its width to the stored counter.
#
# Seal/open under 192 bytes: the data is one tail batch, MACed by the
# scalar Poly1305 below before (open) or after (seal) its xor. From 192 bytes
# (NEON_MIN, the measured crossover) the NEON path: 3-block batches, and after
# each (seal) or before it (open: in place works) the NEON Poly1305 catches
# up in 64-byte steps with the ciphertext written (read) so far; the last
# partial step's bytes and the lengths block go through the scalar code.
#
# Counted under qemu (util/count_insns.py, ctasm-speed seal, API included;
# instructions per byte at 16 B / 256 B / 1350 B / 8 KiB / 16 KiB): before,
# with the scalar Poly1305 interleaved instruction by instruction with the
# NEON rounds of each batch: 90.9 / 13.5 / 10.4 / 9.39 / 9.32; now
# 90.9 / 13.0 / 9.0 / 7.87 / 7.78 (ChaCha20 alone about 6.1 at 8 KiB, so the
# NEON Poly1305 costs 1.7 where the scalar one cost 3.3). What a count cannot
# show: the fused code's point was dual issue on in-order cores (Cortex-A7,
# A53 pair an integer instruction with a NEON one), where its scalar
# multiplies ran beside the rounds nearly for free, while the NEON Poly1305
# queues behind the rounds in the one NEON pipe, and a count sees neither
# pairing nor stalls (the 64-bit multiply-accumulate and carry chains). On
# such a core the fused variant (this file before the NEON Poly1305, commit
# b67b63d) may well be as fast in time; only a timing on the hardware can
# decide, and the count is what this tier is held to here.
#
# Poly1305, scalar, radix 2^32 (umull/umlal): h = h0 + h1 2^32 + h2 2^64 +
# h3 2^96 + h4 2^128 in r4-r8 (h4 small), r = r0..r3 the same way, clamped,
# so r1, r2, r3 are multiples of 4 and below 2^28; then r_j 2^128 = 5 r_j / 4
# = s_j = r_j + (r_j >> 2) mod p exactly (2^130 = 5), which folds the
# products at 2^128 and above. Per 16-byte block m: h += m + 2^128, then
#     c0 = h0 r0 + h1 s3 + h2 s2 + h3 s1
#     c1 = h0 r1 + h1 r0 + h2 s3 + h3 s2 + h4 s1
#     c2 = h0 r2 + h1 r1 + h2 r0 + h3 s3 + h4 s2
#     c3 = h0 r3 + h1 r2 + h2 r1 + h3 r0 + h4 s3
#     c4 = h4 r0
# each c_i in one 64-bit pair (r11, r12, the two swapping roles so the carry
# c_(i-1) >> 32 is already the next column's low word), its low word the new
# h_i (kept in the frame until the old h_i are no longer needed); then
# c4 = 4 t + u (u < 4) becomes h4 = u, h += 5 t (2^130 = 5). Bounds: after
# that step h4 <= 4 (u <= 3 and one carry), so after adding m and 2^128,
# h4 <= 6; s_j < 2^28.33, so c_i < 4 * 2^60.33 + 7 * 2^28.33 + 2^32 < 2^62.4
# (64 bits hold it), every carry is < 2^30.4, c4 = h4 r0 + carry < 2^31.2
# (32 bits: mla) and 5 t < 2^31.6. Measured against the radix-2^26 form this
# replaced (25 multiplies, limb splitting, 5.4 instructions per byte): 3.3.
# r0, r1, s3, s2 (the most used) stay in r0-r3 in the block loop; s1, r2, r3
# come from the frame.
#
# Poly1305, NEON, radix 2^26 (vmull.u32/vmlal.u32, two 64-bit lanes). A
# value is x0 + x1 2^26 + ... + x4 2^104 in five 32-bit limbs; limb products
# at 2^130 and above fold as 5 (2^130 = 5), so a key power P comes as k0..k4
# and 5 k1..5 k4. r, r^2 and r^4 are computed by the scalar multiply (value
# below 5 * 2^128, so k0..k3 < 2^26, k4 < 5 * 2^24, 5 k_j < 2^28.65) and laid
# out as two tables of 9 d registers, one power per lane: KMAIN (r^4, r^2),
# read by scalar-indexed multiplies (d0-d8, as dN[x] needs), and KFIN
# (r^2, r), read lane by lane. One step takes four blocks m0..m3 (vld4 and
# two vswp give one q register per word, lanes = blocks; limbs by shifts and
# vbic, 2^128 as 2^24 in limb 4) and computes, lane a and lane b side by side,
#     A = A r^4 + m0 r^2 + m2,    B = B r^4 + m1 r^2 + m3
# (X = (A, B) in d20-d24, products in q5-q9). Invariant: after t steps over
# the blocks m_0..m_(4t-1) that follow the scalar part's h,
#     h r^(4t) + sum_i m_i r^(4t-i) = A r^2 + B r  (mod p),
# true after the first step, which takes A = B = 0 and adds h to m0 (A =
# (h + m0) r^2 + m2, B = m1 r^2 + m3), and kept by every step (the new A r^2
# + B r is the old one times r^4 plus m_4t r^4 + m_(4t+1) r^3 + m_(4t+2) r^2 +
# m_(4t+3) r). The last multiply takes X lane by lane times KFIN and adds the
# lanes: h = A r^2 + B r.
# Bounds. Message limbs < 2^26 (limb 4 < 2^25); after a carry pass (below) x0,
# x2, x3 < 2^26, x1 < 2^26 + 2^10.4, x4 < 2^26 + 2^8.1; the first step's m0 + h
# < 2^27 (h from the scalar part: limbs < 2^26, limb 4 < 5 * 2^24). So every
# limb product is below 2^27 * 2^29 = 2^56 and a product sum c_i (at most 10
# products and one limb, or the two lanes of 5) is below 2^60: 64 bits hold
# it. The carry pass (two chains side by side: c0 -> c1 -> c2 -> c3 and c3 ->
# c4 -> 5 into c0 -> c1, then c3 -> c4) from c_i < 2^60: c1, c4 gain < 2^34;
# c2 gains < 2^34.1 from c1, c0 < 2^26 + 5 * 2^34.1 < 2^36.4 from c4; then c3 <
# 2^34.2 and c1 < 2^26 + 2^10.4; last c4 < 2^26 + 2^8.1 - the bounds above, all
# below 2^32 (vmovn keeps them). The NEON result is then below 2^130 + 2^113 <
# 5 * 2^128, which is all the scalar block step assumes of h; it goes to radix
# 2^32 by one add-with-carry chain of shifted limbs (exact for any limbs below
# 2^32), and the scalar code MACs the rest and does the final reduction.
#
# Final reduction. The accumulator after any block (or none) is
# H < 5 * 2^128 < 2p, p = 2^130 - 5, so H mod p is H or H - p, whatever
# representation the lazy reduction left (H may be p itself or just above).
# g = H + 5 with a full carry chain through all five words (adds/adcs):
# H - p = g - 2^130, and the subtraction of p borrows exactly when g < 2^130.
# Because g < 5 * 2^128 + 5 < 2^131, bit 130 of g (g4 >> 2, 0 or 1) is that
# borrow's complement for every H the accumulator can hold; no limb is
# compared with anything. The mask -(g4 >> 2) selects g's low 128 bits
# (= H - p mod 2^128) or H's, and tag = that + s mod 2^128.
#
# Register plan (seal/open): r0 out, r2 in, r3 bytes left (saved to the frame
# around each scalar Poly1305 run, which uses r0-r3 for r0/r1/s3/s2); r4-r8 h;
# r9, r10 Poly1305 pointer and end (the NEON path keeps r9 across batches);
# r1, r11, r12, lr temporaries (r11:r12 the multiply pair). The NEON
# Poly1305 reloads keys and X from the frame on each run (the rounds use
# every q register): keys d0-d8, products q5-q9, words and limbs q10-q14,
# the 64-bit limb mask q15. Stack arguments (AAPCS32: ad, ad_len, state) are read at
# frame + 8 * 8 (vsave) + 4 * 10 (save) and up, per docs/PERLASM.md.
#
# Constant time: branches and addresses depend only on the lengths. The frame
# holds the key (state rows), r and s, h, the last key stream and on the
# NEON path r^2, r^4 and X; all of it is zeroed before returning, and so are
# q0-q15, r0-r3 and r12.

use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin, "$FindBin::RealBin/../lib";
use Perlasm qw($code newlabel finish);

Perlasm::open_output("arm", @ARGV);
Perlasm::set_label_prefix(".Lcp");

sub e { $code .= join("", map { "\t$_\n" } @_) }

# Frame (bytes from sp). r0, r1, s3, s2 first: one ldm loads them.
my ($R0, $R1, $S3, $S2, $S1, $R2, $R3) = map { 4 * $_ } 0 .. 6;
my @NH = (36, 40, 44);              # new h0..h2 within a block step
my $SAV = 52;                       # out, in, bytes left (r0, r2, r3)
my $PAD = 64;                       # s, the second half of the Poly1305 key
my $TAG = 80;                       # the tag pointer
my $REM = 84;                       # bytes of a partial Poly1305 block
my $INLEN = 88;                     # in_len
my $STATE = 96;                     # rows a, b, c, d (64 bytes)
my $ONE = 160;                      # {1, 0, 0, 0}: the next block's counter
my $KS = 176;                       # key stream of a tail batch (192 bytes)
my $BLK = 368;                      # a zero-padded Poly1305 block
my $KMAIN = 384;                    # NEON Poly1305 keys, lanes (r^4, r^2): 9 d (see neon_keys)
my $KFIN = 456;                     # the same for the last step, lanes (r^2, r)
my $XH = 528;                       # the NEON accumulator X between runs (5 d)
my $FRAME = 640;                    # seal/open; wipe and neon_path zero it
my $CFRAME = 384;                   # ChaCha20 alone: offsets below $KMAIN only
# Seal/open of at least 192 bytes take the NEON Poly1305 path (it starts
# with a whole 3-block batch); 129..191 bytes are one scalar tail batch.
my $NEON_MIN = 192;
my $AEAD_SAVES = 10;                # r3-r11, lr
my $ARG5 = $FRAME + 8 * 8 + 4 * $AEAD_SAVES;
my ($ARG6, $ARG7) = ($ARG5 + 4, $ARG5 + 8);

# The state rows and {1,0,0,0} into the frame; $st holds the state pointer.
sub setup_state {
    my ($st) = @_;
    e("movw	r11, #0x7865", "movt	r11, #0x6170",    # "expand 32-byte k"
      "movw	lr, #0x646e", "movt	lr, #0x3320", "vmov	d24, r11, lr",
      "movw	r11, #0x2d32", "movt	r11, #0x7962",
      "movw	lr, #0x6574", "movt	lr, #0x6b20", "vmov	d25, r11, lr",
      "vld1.32	{d26-d29}, [$st]!", "vld1.32	{d30-d31}, [$st]",
      "add	r11, sp, #$STATE", "vstmia	r11!, {d24-d31}",
      "vmov.i32	d24, #1", "vshr.u64	d24, d24, #32", "vmov.i32	d25, #0",
      "vst1.32	{d24-d25}, [r11]");
}

# The quarter round on rows (a, b, c, d) with temporary t, as a list of
# instructions; the caller interleaves the blocks.
sub quarter {
    my ($a, $b, $c, $d, $t) = map { "q$_" } @_;
    return ("vadd.i32	$a, $a, $b", "veor	$d, $d, $a", "vrev32.16	$d, $d",
            "vadd.i32	$c, $c, $d", "veor	$t, $b, $c", "vshl.i32	$b, $t, #12",
            "vsri.32	$b, $t, #20",
            "vadd.i32	$a, $a, $b", "veor	$t, $d, $a", "vshl.i32	$d, $t, #8",
            "vsri.32	$d, $t, #24",
            "vadd.i32	$c, $c, $d", "veor	$t, $b, $c", "vshl.i32	$b, $t, #7",
            "vsri.32	$b, $t, #25");
}

sub rotate_rows {
    my ($n, @by) = @_;    # rows b, c, d of each block left by @by words
    my @v;
    for my $r (0 .. 2) {
        push @v, "vext.32	q" . (4 * $_ + 1 + $r) . ", q" . (4 * $_ + 1 + $r) . ", q"
          . (4 * $_ + 1 + $r) . ", #$by[$r]" for 0 .. $n - 1;
    }
    return @v;
}

# $n (1..3) key-stream blocks into q0..q(4n-1), from the stored counter on;
# the stored counter advances by $n. Uses r11, r12, q12-q15.
sub gen {
    my ($n) = @_;
    e("add	r11, sp, #$STATE", "vldmia	r11, {d0-d7}");
    if ($n >= 2) {
        e("add	r12, sp, #$ONE", "vld1.32	{d24-d25}, [r12]",
          "vmov	q4, q0", "vmov	q5, q1", "vmov	q6, q2", "vadd.i32	q7, q3, q12");
    }
    e("vmov	q8, q0", "vmov	q9, q1", "vmov	q10, q2", "vadd.i32	q11, q7, q12") if $n == 3;
    my $loop = newlabel("rounds$n");
    e("mov	r12, #10");
    $code .= "$loop:\n";
    for my $diag (0, 1) {
        my @q = map { [quarter(4 * $_, 4 * $_ + 1, 4 * $_ + 2, 4 * $_ + 3, 12 + $_)] } 0 .. $n - 1;
        for my $i (0 .. $#{ $q[0] }) {
            e($q[$_][$i]) for 0 .. $n - 1;
        }
        e(rotate_rows($n, $diag ? (3, 2, 1) : (1, 2, 3)));
    }
    e("subs	r12, r12, #1", "bne	$loop", "vldmia	r11, {d24-d31}");
    for my $k (0 .. $n - 1) {
        e("vadd.i32	q" . (4 * $k + $_) . ", q" . (4 * $k + $_) . ", q" . (12 + $_)) for 0 .. 3;
    }
    if ($n >= 2) {    # blocks 2 and 3 started from counter + 1 and + 2
        e("add	r12, sp, #$ONE", "vld1.32	{d24-d25}, [r12]", "vadd.i32	q7, q7, q12");
        e("vadd.i32	q11, q11, q12", "vadd.i32	q11, q11, q12") if $n == 3;
    }
    e("ldr	r12, [r11, #48]", "add	r12, r12, #$n", "str	r12, [r11, #48]");
}

# out[0..64n) = in ^ q0..q(4n-1); r0 and r2 advance.
sub xor_direct {
    my ($n) = @_;
    for my $k (0 .. $n - 1) {
        for my $j (0, 1) {
            my $q = 4 * $k + 2 * $j;
            e("vld1.8	{d24-d27}, [r2]!", "veor	q12, q12, q$q",
              "veor	q13, q13, q" . ($q + 1), "vst1.8	{d24-d27}, [r0]!");
        }
    }
}

# Poly1305 over the 16-byte blocks [r9, r10) with the 2^128 bit; h in r4-r8.
# Clobbers r0-r3, r9, r11, r12, lr.
sub poly_blocks {
    my ($loop, $done) = (newlabel("pb"), newlabel("pbdone"));
    e("cmp	r9, r10", "bhs	$done", "ldm	sp, {r0-r3}");    # r0, r1, s3, s2
    $code .= "$loop:\n";
    e(poly_block_insns(), "cmp	r9, r10", "blo	$loop");
    $code .= "$done:\n";
}

# One Poly1305 block at r9 (r9 advances by 16): h in r4-r8, r0, r1, s3, s2 in
# r0-r3; uses r11, r12, lr. Flags are its own (the caller compares after it).
sub poly_block_insns {
    return ("ldr	r11, [r9], #4", "adds	r4, r4, r11", "ldr	r11, [r9], #4", "adcs	r5, r5, r11",
      "ldr	r11, [r9], #4", "adcs	r6, r6, r11", "ldr	r11, [r9], #4", "adcs	r7, r7, r11",
      "adc	r8, r8, #1", poly_mul_insns());
}

# h = h r (partially reduced as above), the multiply of one block step.
sub poly_mul_insns {
    return (
      # c0 = h0 r0 + h1 s3 + h2 s2 + h3 s1 in (r11 lo, r12 hi)
      "umull	r11, r12, r4, r0", "umlal	r11, r12, r5, r2", "umlal	r11, r12, r6, r3",
      "ldr	lr, [sp, #$S1]", "umlal	r11, r12, r7, lr", "str	r11, [sp, #$NH[0]]",
      # c1 = h0 r1 + h1 r0 + h2 s3 + h3 s2 + h4 s1 in (r12, r11)
      "mov	r11, #0", "umlal	r12, r11, r4, r1", "umlal	r12, r11, r5, r0",
      "umlal	r12, r11, r6, r2", "umlal	r12, r11, r7, r3", "umlal	r12, r11, r8, lr",
      "str	r12, [sp, #$NH[1]]",
      # c2 = h0 r2 + h1 r1 + h2 r0 + h3 s3 + h4 s2 in (r11, r12)
      "mov	r12, #0", "ldr	lr, [sp, #$R2]", "umlal	r11, r12, r4, lr",
      "umlal	r11, r12, r5, r1", "umlal	r11, r12, r6, r0", "umlal	r11, r12, r7, r2",
      "umlal	r11, r12, r8, r3", "str	r11, [sp, #$NH[2]]",
      # c3 = h0 r3 + h1 r2 + h2 r1 + h3 r0 + h4 s3 in (r12, r11)
      "mov	r11, #0", "umlal	r12, r11, r5, lr", "ldr	lr, [sp, #$R3]",
      "umlal	r12, r11, r4, lr", "umlal	r12, r11, r6, r1", "umlal	r12, r11, r7, r0",
      "umlal	r12, r11, r8, r2",
      # c4 = h4 r0 + carry; h4 = c4 & 3, h += 5 (c4 >> 2)
      "mov	r7, r12", "mla	r8, r8, r0, r11",
      "ldr	r4, [sp, #$NH[0]]", "ldr	r5, [sp, #$NH[1]]", "ldr	r6, [sp, #$NH[2]]",
      "lsr	r11, r8, #2", "and	r8, r8, #3", "add	r11, r11, r11, lsl #2",
      "adds	r4, r4, r11", "adcs	r5, r5, #0", "adcs	r6, r6, #0", "adcs	r7, r7, #0",
      "adc	r8, r8, #0");
}

# Poly1305 over r10 bytes at r9, the last partial block zero-padded (pad16).
# Clobbers r0-r3, r9-r12, lr, q12.
sub poly_pad {
    my ($copy, $done) = (newlabel("pp"), newlabel("ppdone"));
    e("and	r11, r10, #15", "bic	r10, r10, #15", "add	r10, r9, r10",
      "str	r11, [sp, #$REM]");
    poly_blocks();
    e("ldr	r11, [sp, #$REM]", "cmp	r11, #0", "beq	$done",
      "vmov.i8	q12, #0", "add	r10, sp, #$BLK", "vst1.8	{d24-d25}, [r10]");
    $code .= "$copy:\n";
    e("ldrb	r12, [r9], #1", "strb	r12, [r10], #1", "subs	r11, r11, #1", "bne	$copy",
      "add	r9, sp, #$BLK", "add	r10, r9, #16");
    poly_blocks();
    $code .= "$done:\n";
}

sub save_ptrs { e("add	r11, sp, #$SAV", "stm	r11, {r0, r2, r3}") }
sub load_ptrs { e("add	r11, sp, #$SAV", "ldm	r11, {r0, r2, r3}") }

# r3 (0 < r3 < 192) bytes left: 1, 2 or 3 blocks into the key-stream buffer.
sub tail_stream {
    my ($t1, $t2, $go) = (newlabel("t1"), newlabel("t2"), newlabel("tgo"));
    e("cmp	r3, #64", "bls	$t1", "cmp	r3, #128", "bls	$t2");
    gen(3);
    e("add	r11, sp, #$KS", "vstmia	r11!, {d0-d15}", "vstmia	r11, {d16-d23}", "b	$go");
    $code .= "$t2:\n";
    gen(2);
    e("add	r11, sp, #$KS", "vstmia	r11, {d0-d15}", "b	$go");
    $code .= "$t1:\n";
    gen(1);
    e("add	r11, sp, #$KS", "vstmia	r11, {d0-d7}");
    $code .= "$go:\n";
}

# out = in ^ key-stream buffer for the r3 bytes left; r0, r2 advance, r3 ends 0.
sub tail_xor {
    my ($x16, $xb, $xbl, $xd) = map { newlabel($_) } qw(x16 xb xbl xd);
    e("add	r11, sp, #$KS");
    $code .= "$x16:\n";
    e("cmp	r3, #16", "blo	$xb", "vld1.8	{d24-d25}, [r2]!", "vld1.8	{d26-d27}, [r11]!",
      "veor	q12, q12, q13", "vst1.8	{d24-d25}, [r0]!", "sub	r3, r3, #16", "b	$x16");
    $code .= "$xb:\n";
    e("cmp	r3, #0", "beq	$xd");
    $code .= "$xbl:\n";
    e("ldrb	r12, [r2], #1", "ldrb	lr, [r11], #1", "eor	r12, r12, lr",
      "strb	r12, [r0], #1", "subs	r3, r3, #1", "bne	$xbl");
    $code .= "$xd:\n";
}

# Zeroes the frame, q0-q15 and the scratch GPRs (s, g, key-stream bytes).
# The first 384 bytes of the frame, the rest only the NEON path writes (it
# zeroes that itself: wipe_neon).
sub wipe {
    e("mov	r$_, #0") for 0 .. 3;
    e("vmov.i8	q$_, #0") for 0 .. 7;
    e("vstmia	sp, {d0-d15}", "add	r12, sp, #128", "vstmia	r12, {d0-d15}",
      "add	r12, sp, #256", "vstmia	r12, {d0-d15}");
    e("vmov	q$_, q0") for 8 .. 15;
    e("mov	r12, #0");
}

# The Poly1305 key from block 0 (q0, q1): r clamped, with s_j = 5 r_j / 4,
# to the frame; s to PAD; h = 0.
sub poly_key {
    e("vmov	r9, r10, d0", "vmov	r11, r12, d1",
      "bic	r9, r9, #0xf0000000", "bic	r10, r10, #0xf0000003",
      "bic	r11, r11, #0xf0000003", "bic	r12, r12, #0xf0000003",
      "str	r9, [sp, #$R0]", "str	r10, [sp, #$R1]", "str	r11, [sp, #$R2]",
      "str	r12, [sp, #$R3]",
      "add	r10, r10, r10, lsr #2", "str	r10, [sp, #$S1]",
      "add	r11, r11, r11, lsr #2", "str	r11, [sp, #$S2]",
      "add	r12, r12, r12, lsr #2", "str	r12, [sp, #$S3]",
      "add	r11, sp, #$PAD", "vst1.32	{d2-d3}, [r11]");
    e("mov	r$_, #0") for 4 .. 8;
}

# The length block, the final reduction (see the header) and the tag.
sub finish_tag {
    e("ldr	r10, [sp, #$ARG6]", "ldr	r12, [sp, #$INLEN]", "mov	r11, #0",
      "add	r9, sp, #$BLK", "str	r10, [r9]", "str	r11, [r9, #4]", "str	r12, [r9, #8]",
      "str	r11, [r9, #12]", "add	r10, r9, #16");
    poly_blocks();
    # g = H + 5, one carry chain; bit 130 of g: H >= p
    e("adds	r10, r4, #5", "adcs	r11, r5, #0", "adcs	r12, r6, #0", "adcs	lr, r7, #0",
      "adc	r9, r8, #0", "lsr	r9, r9, #2", "rsb	r9, r9, #0");
    my @w = qw(r4 r5 r6 r7);
    my @g = qw(r10 r11 r12 lr);
    e("eor	$g[$_], $g[$_], $w[$_]", "and	$g[$_], $g[$_], r9", "eor	$w[$_], $w[$_], $g[$_]")
        for 0 .. 3;
    e("add	r9, sp, #$PAD", "ldm	r9, {r0-r3}",
      "adds	r4, r4, r0", "adcs	r5, r5, r1", "adcs	r6, r6, r2", "adc	r7, r7, r3",
      "ldr	r9, [sp, #$TAG]", "str	r4, [r9]", "str	r5, [r9, #4]", "str	r6, [r9, #8]",
      "str	r7, [r9, #12]");
}

# ---- NEON Poly1305 (long messages; the header argues the bounds) ----

# h (r4-r8, radix 2^32) as radix-2^26 limbs into the five registers @l.
sub to26 {
    my @l = @_;
    e("ubfx	$l[0], r4, #0, #26",
      "lsr	$l[1], r4, #26", "orr	$l[1], $l[1], r5, lsl #6", "bic	$l[1], $l[1], #0xfc000000",
      "lsr	$l[2], r5, #20", "orr	$l[2], $l[2], r6, lsl #12", "bic	$l[2], $l[2], #0xfc000000",
      "lsr	$l[3], r6, #14", "orr	$l[3], $l[3], r7, lsl #18", "bic	$l[3], $l[3], #0xfc000000",
      "lsr	$l[4], r7, #8", "orr	$l[4], $l[4], r8, lsl #24");
}

# The key tables from r (in the frame, after poly_key): r^2 and r^4 by the
# scalar multiply, each power's limbs k0..k4 and 5 k1..5 k4 as 9 words, two
# powers per d register (lane 0, lane 1): KMAIN (r^4, r^2), KFIN (r^2, r).
# Clobbers r0-r12, lr, d0-d8; leaves h = 0.
sub neon_keys {
    my @l = qw(r9 r10 r11 r12 lr);
    my $put = sub {    # the limbs in @l to table $t, lane $lane
        my ($t, $lane) = @_;
        e("str	$l[$_], [sp, #" . ($t + 8 * $_ + 4 * $lane) . "]") for 0 .. 4;
    };
    e("ldm	sp, {r0-r3}", "mov	r4, r0", "mov	r5, r1", "ldr	r6, [sp, #$R2]",
      "ldr	r7, [sp, #$R3]", "mov	r8, #0");
    to26(@l);
    $put->($KFIN, 1);
    e(poly_mul_insns());    # r^2
    to26(@l);
    $put->($KMAIN, 1);
    $put->($KFIN, 0);
    e(poly_mul_insns(), poly_mul_insns());    # r^3, r^4
    to26(@l);
    $put->($KMAIN, 0);
    for my $t ($KMAIN, $KFIN) {
        e("add	r12, sp, #$t", "vldmia	r12, {d0-d4}");
        e("vshl.u32	d" . (4 + $_) . ", d$_, #2", "vadd.i32	d" . (4 + $_) . ", d" . (4 + $_) . ", d$_")
            for 1 .. 4;
        e("vstmia	r12, {d0-d8}");
    }
    e("mov	r$_, #0") for 4 .. 8;
}

# The key of limb product x_j y_(i-j): k_(i-j), or 5 k_(i-j+5) (2^130 = 5).
sub key_reg { my ($i, $j) = @_; my $k = $i - $j; return "d" . ($k >= 0 ? $k : $k + 9); }

# c_i (q5..q9) [+]= sum_j x_j key_(i-j), x_j = $x->[j]; $lane: the key lane
# (scalar form) or undef (vector form: lane by lane). j outer, so the five
# accumulators take turns.
sub neon_mul {
    my ($x, $lane, $first) = @_;
    for my $j (0 .. 4) {
        for my $i (0 .. 4) {
            my $op = $first && $j == 0 ? "vmull.u32" : "vmlal.u32";
            my $k = key_reg($i, $j) . (defined $lane ? "[$lane]" : "");
            e("$op	q" . (5 + $i) . ", $x->[$j], $k");
        }
    }
}

# The lazy carry of c0..c4 (q5..q9, 64-bit lanes) with q15 = 2^26 - 1 per
# lane, two chains side by side (c0 -> c1 -> c2 -> c3 and c3 -> c4 -> c0 ->
# c1, then c3 -> c4), and X = the low words (d20-d24). Uses q10, q11.
sub neon_reduce {
    e("vshr.u64	q10, q5, #26", "vshr.u64	q11, q8, #26",
      "vand	q5, q5, q15", "vand	q8, q8, q15",
      "vadd.i64	q6, q6, q10", "vadd.i64	q9, q9, q11",
      "vshr.u64	q10, q6, #26", "vshr.u64	q11, q9, #26",
      "vand	q6, q6, q15", "vand	q9, q9, q15",
      "vadd.i64	q7, q7, q10", "vadd.i64	q5, q5, q11", "vshl.u64	q11, q11, #2",
      "vadd.i64	q5, q5, q11",
      "vshr.u64	q10, q7, #26", "vshr.u64	q11, q5, #26",
      "vand	q7, q7, q15", "vand	q5, q5, q15",
      "vadd.i64	q8, q8, q10", "vadd.i64	q6, q6, q11",
      "vshr.u64	q10, q8, #26", "vand	q8, q8, q15", "vadd.i64	q9, q9, q10");
    e("vmovn.i64	d" . (20 + $_) . ", q" . (5 + $_)) for 0 .. 4;
}

sub neon_mask { e("vmov.i64	q15, #0xffffffff", "vshr.u64	q15, q15, #6") }

# One step of four blocks at r9 (r9 advances by 64), keys KMAIN in d0-d8:
#     X = X r^4 + (m0, m1) r^2 + (m2, m3)
# lane by lane (X in d20-d24). $first: X is 0 and h, as limbs in lane 0 of
# d10-d14, joins m0 instead.
sub neon_step {
    my ($first) = @_;
    neon_mul([map { "d$_" } 20 .. 24], 0, 1) unless $first;
    # Words w0..w3 of the four blocks: vld4 gives blocks 0, 1 in d20-d23 and
    # 2, 3 in d24-d27; two swaps make w0 = q10, w1 = q12, w2 = q11, w3 = q13.
    e("vld4.32	{d20-d23}, [r9]!", "vld4.32	{d24-d27}, [r9]!",
      "vswp	d21, d24", "vswp	d23, d26");
    # Limbs: 4 = w3 >> 8 + 2^24 (q14), 3 in q13, 2 in q11, 1 in q12, 0 in q10.
    e("vshr.u32	q14, q13, #8", "vorr.i32	q14, #0x01000000",
      "vshl.u32	q13, q13, #18", "vsri.32	q13, q11, #14", "vbic.i32	q13, #0xfc000000",
      "vshl.u32	q11, q11, #12", "vsri.32	q11, q12, #20", "vbic.i32	q11, #0xfc000000",
      "vshl.u32	q12, q12, #6", "vsri.32	q12, q10, #26", "vbic.i32	q12, #0xfc000000",
      "vbic.i32	q10, #0xfc000000");
    my @m01 = map { "d$_" } 20, 24, 22, 26, 28;
    my @m23 = map { "d$_" } 21, 25, 23, 27, 29;
    e("vadd.i32	$m01[$_], $m01[$_], d" . (10 + $_)) for $first ? 0 .. 4 : ();
    neon_mul(\@m01, 1, $first);
    e("vaddw.u32	q" . (5 + $_) . ", q" . (5 + $_) . ", $m23[$_]") for 0 .. 4;
    neon_reduce();
}

sub neon_load_keys { my ($t) = @_; e("add	r12, sp, #$t", "vldmia	r12, {d0-d8}") }
sub neon_save_x { e("add	r12, sp, #$XH", "vstmia	r12, {d20-d24}") }

# The first step, on the 64 bytes at r9, from h (r4-r8, dead after it).
# Uses r1, r5, r10-r12, lr.
sub neon_first {
    to26(qw(r1 r10 r11 r12 lr));
    e("mov	r5, #0");
    e("vmov	d" . (10 + $_) . ", " . (qw(r1 r10 r11 r12 lr))[$_] . ", r5") for 0 .. 4;
    neon_load_keys($KMAIN);
    neon_mask();
    neon_step(1);
    neon_save_x();
}

# Steps over [r9, r10) (a multiple of 64 bytes, maybe none). Uses r12.
sub neon_run {
    my ($loop, $done) = (newlabel("nr"), newlabel("nrdone"));
    e("cmp	r9, r10", "bhs	$done");
    neon_load_keys($KMAIN);
    e("add	r12, sp, #$XH", "vldmia	r12, {d20-d24}");
    neon_mask();
    $code .= "$loop:\n";
    neon_step(0);
    e("cmp	r9, r10", "blo	$loop");
    neon_save_x();
    $code .= "$done:\n";
}

# The value of the NEON part: X_a r^2 + X_b r, the lanes added, carried, and
# as h (r4-r8, radix 2^32, below 2^130 + 2^112). Uses r1, r10-r12, lr.
sub neon_final {
    neon_load_keys($KFIN);
    e("add	r12, sp, #$XH", "vldmia	r12, {d20-d24}");
    neon_mul([map { "d$_" } 20 .. 24], undef, 1);
    e("vadd.i64	d" . (10 + 2 * $_) . ", d" . (10 + 2 * $_) . ", d" . (11 + 2 * $_)) for 0 .. 4;
    neon_mask();
    neon_reduce();
    my @l = qw(r1 r10 r11 r12 lr);
    e("vmov.32	$l[$_], d" . (20 + $_) . "[0]") for 0 .. 4;
    e("adds	r4, r1, r10, lsl #26", "lsr	r10, r10, #6",
      "adcs	r5, r10, r11, lsl #20", "lsr	r11, r11, #12",
      "adcs	r6, r11, r12, lsl #14", "lsr	r12, r12, #18",
      "adcs	r7, r12, lr, lsl #8", "lsr	lr, lr, #24", "adc	r8, lr, #0");
}

# The Poly1305 key from block 0 (q0, q1), then the AD; r0, r2, r3 kept.
sub mac_key_and_ad {
    my ($neon) = @_;    # and the NEON key tables
    poly_key();
    save_ptrs();
    neon_keys() if $neon;
    e("ldr	r9, [sp, #$ARG5]", "ldr	r10, [sp, #$ARG6]");
    poly_pad();
    load_ptrs();
}

# At least $NEON_MIN bytes (so one whole 3-block batch): NEON ChaCha20 in
# 192-byte batches and NEON Poly1305 in 64-byte steps over the ciphertext,
# kept up with after each batch (seal: behind the xor; open: ahead of it, so
# in place works), the last partial step and the lengths scalar.
sub neon_path {
    my ($seal, $neon, $len) = @_;
    my ($loop, $tail, $fin) = map { newlabel($_) } qw(nloop ntail nfin);
    $code .= "$neon:\n";
    mac_key_and_ad(1);
    if ($seal) {
        e("mov	r9, r0");
        gen(3);
        xor_direct(3);
        e("sub	r3, r3, #192");
        neon_first();
        $code .= "$loop:\n";
        e("sub	r10, r0, r9", "bic	r10, r10, #63", "add	r10, r9, r10");
        neon_run();
        e("cmp	r3, #192", "blo	$tail");
        gen(3);
        xor_direct(3);
        e("sub	r3, r3, #192", "b	$loop");
        $code .= "$tail:\n";
        e("cmp	r3, #0", "beq	$fin");
        tail_stream();
        tail_xor();
        e("sub	r10, r0, r9", "bic	r10, r10, #63", "add	r10, r9, r10");
        neon_run();
        $code .= "$fin:\n";
        neon_final();
        wipe_neon();
        e("sub	r10, r0, r9");
        poly_pad();
    } else {
        e("mov	r9, r2");
        neon_first();
        $code .= "$loop:\n";
        e("cmp	r3, #192", "blo	$tail");
        e("add	r10, r2, #192");
        neon_run();
        gen(3);
        xor_direct(3);
        e("sub	r3, r3, #192", "b	$loop");
        $code .= "$tail:\n";    # here r9 = r2
        e("bic	r10, r3, #63", "add	r10, r2, r10");
        neon_run();
        neon_final();
        wipe_neon();    # before the branch: a multiple of 192 bytes goes straight to the lengths
        save_ptrs();
        e("and	r10, r3, #63");
        poly_pad();
        load_ptrs();
        e("cmp	r3, #0", "beq	$len");
        tail_stream();
        tail_xor();
    }
    e("b	$len");
}

# Zeroes the NEON keys and accumulator (frame 384 .. 640); q0-q7 end 0, r12
# is clobbered. Both paths call it right after neon_final, the last reader,
# so every NEON path passes it before any branch to the lengths block.
sub wipe_neon {
    e("vmov.i8	q$_, #0") for 0 .. 7;
    e("add	r12, sp, #" . 128 * $_, "vstmia	r12, {d0-d15}") for 3 .. $FRAME / 128 - 1;
}

$code .= ".ctasm_text\n";

# void ctasm_chacha20_neon(uint8_t *out, const uint8_t *in, size_t len,
#                          const ChachaState *state)
{
    my ($loop, $tail, $done) = map { newlabel($_) } qw(c3 ctail cdone);
    $code .= <<___;

@ void ctasm_chacha20_neon(uint8_t *out, const uint8_t *in, size_t len, const ChachaState *state)
.ctasm_align 16
.ctasm_proc ctasm_chacha20_neon, global, save=r11,lr, vsave=d8-d15, frame=$CFRAME
	mov	r12, r3
	mov	r3, r2
	mov	r2, r1
___
    setup_state("r12");
    e("cmp	r3, #192", "blo	$tail");
    $code .= "$loop:\n";
    gen(3);
    xor_direct(3);
    e("sub	r3, r3, #192", "cmp	r3, #192", "bhs	$loop");
    $code .= "$tail:\n";
    e("cmp	r3, #0", "beq	$done");
    tail_stream();
    tail_xor();
    $code .= "$done:\n";
    wipe();
    $code .= ".ctasm_ret\n.ctasm_endproc\n";
}

# seal/open(out, tag, in, in_len, ad, ad_len, state)
for my $dir ("seal", "open") {
    my $seal = $dir eq "seal";
    my ($len, $long, $k1, $k3, $consume) =
        map { newlabel($_) } ("${dir}len", "${dir}long", "${dir}k1", "${dir}k3", "${dir}consume");
    $code .= <<___;

@ void ctasm_chacha20_poly1305_${dir}_neon(uint8_t *out, uint8_t tag[16], const uint8_t *in,
@     size_t in_len, const uint8_t *ad, size_t ad_len, const ChachaState *state)
.ctasm_align 16
.ctasm_proc ctasm_chacha20_poly1305_${dir}_neon, global, save=r3-r11,lr, vsave=d8-d15, frame=$FRAME
	str	r1, [sp, #$TAG]
	str	r3, [sp, #$INLEN]
	ldr	r12, [sp, #$ARG7]
___
    setup_state("r12");
    # Up to 128 bytes: the key block and the data blocks in one batch (no
    # one-block latency chain), the data's key stream to the buffer.
    my $key = newlabel("${dir}key");
    e("cmp	r3, #128", "bhi	$long", "cmp	r3, #0", "beq	$k1", "cmp	r3, #64", "bhi	$k3");
    gen(2);
    e("add	r11, sp, #$KS", "vstmia	r11, {d8-d15}", "b	$key");
    $code .= "$k3:\n";
    gen(3);
    e("add	r11, sp, #$KS", "vstmia	r11, {d8-d23}", "b	$key");
    $code .= "$k1:\n";
    gen(1);    # no data: the key block alone
    $code .= "$key:\n";
    mac_key_and_ad();
    e("cmp	r3, #0", "beq	$len", "b	$consume");
    $code .= "$long:\n";
    gen(1);
    my $neon = newlabel("${dir}neon");
    e("cmp	r3, #$NEON_MIN", "bhs	$neon");
    mac_key_and_ad();    # 129 .. 191 bytes: one tail batch
    tail_stream();
    $code .= "$consume:\n";
    save_ptrs();
    if (!$seal) {
        e("mov	r9, r2", "mov	r10, r3");
        poly_pad();
        load_ptrs();
    }
    tail_xor();
    if ($seal) {
        load_ptrs();    # the tail's start and length
        e("mov	r9, r0", "mov	r10, r3");
        poly_pad();
    }
    $code .= "$len:\n";
    finish_tag();
    wipe();
    $code .= ".ctasm_ret\n";
    neon_path($seal, $neon, $len);
    $code .= ".ctasm_endproc\n";
}

finish();
