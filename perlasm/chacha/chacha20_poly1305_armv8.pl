#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# chacha20_poly1305_armv8.pl -- ChaCha20 and ChaCha20-Poly1305 (RFC 8439) for
# AArch64: NEON ChaCha20 with scalar Poly1305 woven into the same instruction
# stream. The contract is src/chacha/internal.h (ChachaTier).
#
# ChaCha20. Blocks are kept "horizontally": block j is four vectors a, b, c, d
# (its state rows 0..3, four 32-bit words each). A column round is one
# quarter round on the four lanes at once; `ext` by 4, 8, 12 bytes on b, c, d
# turns the diagonals into columns and back. Rotations: 16 is `rev32 .8h`, 8 a
# `tbl` with the byte permutation .Lcp_rot8, 12 and 7 `ushr` + `sli` through
# one temporary per block. Up to five blocks are in flight, each step issued
# for every block before the next step, so the NEON unit always has up to
# five independent chains. Output needs no transposition: a block's rows are
# its 64 key-stream bytes in order.
#
# Slots. Block positions are fixed registers: slot s (0..4) is a = v(8+4s),
# b, c, d = the next three, temporary tmp(s) = v0, v28, v29, v30, v31. The
# counter of slot s is base + s, where base is lane 0 of v4. A batch runs
# slots lo..hi:
#   - the first batch of seal/open: slots 0..n (n = data blocks, at most 4),
#     base = 0: slot 0 is the Poly1305 key block (RFC 8439 2.6), computed in
#     the same batch as the first four key-stream blocks, so 16 B and 256 B
#     messages each take one batch of exactly the blocks they need;
#   - every later batch: slots 1..k (k <= 4), base advanced by 4 each time;
#   - ctasm_chacha20_neon: slots 1..k with base = counter - 1.
# The xor code reads key stream from slots 1..4 (v12..v27) only, so one copy
# serves every batch.
#
# Poly1305: scalar, 2^64 limbs. The accumulator is h = h0 + h1 2^64 + h2 2^128
# (x19, x20, x21), r = r0 + r1 2^64 (x22, x23) clamped, s1 = r1 + (r1 >> 2)
# (x24): the low two bits of r1 are clamped to zero, so h1 r1 2^128 =
# h1 (r1/4) 2^130 == 5 h1 r1/4 = h1 s1 (mod p). One block m (16 bytes plus
# the 2^128 pad bit, x25 = 1):
#   h += m;  d = h0 r0 + h1 s1 + 2^64 (h0 r1 + h1 r0 + h2 s1) + 2^128 h2 r0
#   h = (d mod 2^130) + 5 (d >> 130)   [d2 & 3 stays; (d2 & ~3) + (d2 >> 2)
#                                       = 5 (d2 >> 2) is added at limb 0]
# Bounds: r0, r1 < 2^60 (clamp), s1 < 2^61, h2 <= 4 before a block, so h2 <= 6
# after adding m; then every partial product fits its limb (h2 s1 < 2^64,
# d < 2^190, d2 < 2^62) and no carry is lost. After the reduction h2 =
# (d2 & 3) + carry <= 4, and h2 = 4 only when the carry rippled through h1, so
# then h1 = 0.
#
# Final reduction (why it is right for every accumulator value). From the
# bounds above every value h can hold at the end (after the length block, or
# h = 0 when nothing was hashed) is either h2 <= 3, so h < 2^130, or h2 = 4
# with h1 = 0, so h < 2^130 + 2^64. Either way h < 2p = 2^131 - 10, so
# h mod p is h - p when h >= p and h otherwise. The code subtracts p =
# 2^130 - 5 as a whole: limbs (2^64 - 5, 2^64 - 1, 3) with subs/sbcs/sbcs
# across all three limbs, and keys the choice (csel, no branch) off the final
# borrow alone: no borrow <=> h >= p. No single limb is compared for
# equality: h = 2^130 - 5 + 1 has h2 = 3 like many values below p, and h2 = 4
# values differ from p in every limb; only the full borrow decides. The tag
# is then (h mod p) + s mod 2^128 (adds/adc on the low two limbs).
#
# The weave. seal and open run four-block batches (slots 1..4, 256 bytes)
# whose ten double rounds are unrolled, and the 16 Poly1305 blocks of 256
# bytes of ciphertext are spread evenly through them by the generator
# (zip_streams): about one scalar instruction per three NEON instructions,
# the two streams sharing no register, so the integer multiplier and the
# NEON pipes run side by side. seal hashes the previous batch's ciphertext
# (already in out) while it computes the next key stream; open hashes the
# batch's own ciphertext before its first store (in place is safe). The
# first batch, the tail (< 256 bytes) and AD are hashed by the plain loop.
#
# Registers (seal/open):
#   x0 out, x1 tag, x2 in, x3 in_len, x4 ad, x5 ad_len, x6 state
#   x7 Poly1305 pointer (ciphertext not yet hashed), x8 block count, x9 round
#   counter / batch size, x10-x12 product limbs d0-d2, x13-x14 message limbs,
#   x15 stack pointer copy, x16 bytes of the batch, x17 phase (which batch
#   the shared xor code returns to), x19-x21 h, x22-x23 r, x24 s1, x25 1,
#   x26 bytes still to encrypt after the batch, x27 0.
#   v0 tmp(0), later s (the tag key); v1 sigma; v2, v3 key rows; v4 row 3 of
#   the base block; v5 rot8 permutation; v6 {1,0,0,0}; v7 {4,0,0,0};
#   v8-v27 slots 0..4; v28-v31 tmp(1..4), the input in the xor code.
#
# Stack: 64 bytes of scratch at [sp] hold the key-stream block of a partial
# last block while it is xored byte by byte; it is zeroed before the xor
# code returns, so no key stream or plaintext stays on the stack. Nothing
# else is spilled. v8-v15 (d8-d15) are saved and restored by the prologue.
# x29/x30 are saved too although nothing is called: with them first, the
# Windows unwind codes of the x19-x28 pairs are ones util/check_cfi.py can
# expand (it cannot expand LLVM's save_next after save_regp_x), and x30 gets
# PAC on linux64/ios64.
#
# Constant time: branches and addresses depend on lengths only.

use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin, "$FindBin::RealBin/../lib";
use Perlasm qw($code newlabel finish);

# perlasm/test/poly1305-armv8.pl runs this generator for the test-only entry
# ctasm_poly1305_pad16_armv8 (a test object, not in the library): it sets
# $main::poly1305_test_entry and opens the output itself, and then only that
# entry and the constants are emitted, from the same Poly1305 code as the AEAD's.
our $poly1305_test_entry;
Perlasm::open_output("arm", @ARGV) unless $poly1305_test_entry;
Perlasm::set_label_prefix(".Lcp");

sub e { $code .= join("", map { "\t$_\n" } @_) }
sub lbl { $code .= "$_[0]:\n" }

# ---- ChaCha20 ------------------------------------------------------------------

sub slot {
    my $s = shift;
    my $b = 8 + 4 * $s;
    return ("v$b", "v" . ($b + 1), "v" . ($b + 2), "v" . ($b + 3));
}
sub tmp { my $s = shift; return $s == 0 ? "v0" : "v" . (27 + $s) }

# The instructions of one double round on slots @s, step by step across the
# blocks.
sub double_round {
    my @s = @_;
    my @out;
    my $each = sub {
        my $f = shift;
        for my $j (@s) {
            my ($a, $b, $c, $d) = slot($j);
            push @out, $f->($a, $b, $c, $d, tmp($j));
        }
    };
    for my $half (0, 1) {
        for my $q ([16, 12], [8, 7]) {
            my ($r1, $r2) = @$q;
            $each->(sub { "add	$_[0].4s, $_[0].4s, $_[1].4s" });
            $each->(sub { "eor	$_[3].16b, $_[3].16b, $_[0].16b" });
            $each->(sub {
                $r1 == 16 ? "rev32	$_[3].8h, $_[3].8h"
                          : "tbl	$_[3].16b, {$_[3].16b}, v5.16b" });
            $each->(sub { "add	$_[2].4s, $_[2].4s, $_[3].4s" });
            $each->(sub { "eor	$_[4].16b, $_[1].16b, $_[2].16b" });
            $each->(sub { "ushr	$_[1].4s, $_[4].4s, #" . (32 - $r2) });
            $each->(sub { "sli	$_[1].4s, $_[4].4s, #$r2" });
        }
        my @rot = $half == 0 ? (4, 8, 12) : (12, 8, 4);
        $each->(sub { "ext	$_[1].16b, $_[1].16b, $_[1].16b, #$rot[0]" });
        $each->(sub { "ext	$_[2].16b, $_[2].16b, $_[2].16b, #$rot[1]" });
        $each->(sub { "ext	$_[3].16b, $_[3].16b, $_[3].16b, #$rot[2]" });
    }
    return @out;
}

# Loads the input state of slots lo..hi (counter of slot s = base + s).
sub setup_blocks {
    my ($lo, $hi) = @_;
    for my $j ($lo .. $hi) {
        my ($a, $b, $c, $d) = slot($j);
        e("mov	$a.16b, v1.16b", "mov	$b.16b, v2.16b", "mov	$c.16b, v3.16b");
        if ($j == 0) {
            e("mov	$d.16b, v4.16b");
        } elsif ($j == $lo) {
            e("add	$d.4s, v4.4s, v6.4s");
        } else {
            my $pd = (slot($j - 1))[3];
            e("add	$d.4s, $pd.4s, v6.4s");
        }
    }
}

# Adds the input state back (RFC 8439 2.3 step 3).
sub finish_blocks {
    my ($lo, $hi) = @_;
    for my $j ($lo .. $hi) {
        my ($a, $b, $c, $d) = slot($j);
        my $t = tmp($j);
        e("add	$a.4s, $a.4s, v1.4s", "add	$b.4s, $b.4s, v2.4s", "add	$c.4s, $c.4s, v3.4s");
        if ($j == 0) {
            e("add	$d.4s, $d.4s, v4.4s");
            next;
        }
        # tmp(j) = row 3 of slot j's input: slot j-1's plus one (slot 0's is v4)
        my $prev = ($j - 1 >= $lo && $j - 1 > 0) ? tmp($j - 1) : "v4";
        e("add	$t.4s, $prev.4s, v6.4s");
        e("add	$d.4s, $d.4s, $t.4s");
    }
}

# A batch of slots lo..hi with a round loop (x9 counts double rounds).
sub batch_looped {
    my ($lo, $hi) = @_;
    setup_blocks($lo, $hi);
    my $l = newlabel("dr");
    e("mov	x9, #10");
    lbl($l);
    e(double_round($lo .. $hi));
    e("subs	x9, x9, #1", "b.ne	$l");
    finish_blocks($lo, $hi);
}

# Dispatch on a block count in $reg (1..$max) to the instances $labels->[k-1].
sub dispatch {
    my ($reg, $labels) = @_;
    my $n = @$labels;
    for my $k (1 .. $n - 1) {
        e("cmp	$reg, #$k", "b.eq	$labels->[$k - 1]");
    }
    e("b	$labels->[$n - 1]");
}

# The xor of x16 bytes (0..256) of in (x2) with the key stream of slots 1..4
# into out (x0), advancing both; partial last block through the stack scratch.
# Ends by branching on x17 to $ret->[x17].
sub xor_code {
    my ($ret) = @_;
    my $done = newlabel("xdone");
    my $part = newlabel("xpart");
    my @part_j = map { newlabel("xpart$_") } 1 .. 4;
    e("cbz	x16, $done");
    for my $j (1 .. 4) {
        my ($a, $b, $c, $d) = slot($j);
        e("cmp	x16, #64", "b.lo	$part_j[$j - 1]",
          "ld1	{v28.16b-v31.16b}, [x2], #64",
          "eor	v28.16b, v28.16b, $a.16b", "eor	v29.16b, v29.16b, $b.16b",
          "eor	v30.16b, v30.16b, $c.16b", "eor	v31.16b, v31.16b, $d.16b",
          "st1	{v28.16b-v31.16b}, [x0], #64",
          "subs	x16, x16, #64");
        e($j < 4 ? "b.eq	$done" : "b	$done");
    }
    for my $j (1 .. 4) {
        my ($a, $b, $c, $d) = slot($j);
        lbl($part_j[$j - 1]);
        e("mov	x15, sp", "st1	{$a.16b-$d.16b}, [x15]");
        e("b	$part") if $j < 4;
    }
    my ($l16, $l1, $wipe) = map { newlabel($_) } qw(x16 x1 xwipe);
    lbl($part);
    # 1..63 bytes: 16 at a time, then single bytes.
    lbl($l16);
    e("cmp	x16, #16", "b.lo	$l1",
      "ld1	{v28.16b}, [x15], #16", "ld1	{v29.16b}, [x2], #16",
      "eor	v29.16b, v29.16b, v28.16b", "st1	{v29.16b}, [x0], #16",
      "sub	x16, x16, #16", "b	$l16");
    lbl($l1);
    e("cbz	x16, $wipe");
    e("ldrb	w13, [x15], #1", "ldrb	w14, [x2], #1", "eor	w13, w13, w14",
      "strb	w13, [x0], #1", "sub	x16, x16, #1", "b	$l1");
    lbl($wipe);
    e("stp	xzr, xzr, [sp]", "stp	xzr, xzr, [sp, #16]",
      "stp	xzr, xzr, [sp, #32]", "stp	xzr, xzr, [sp, #48]");
    lbl($done);
    for my $k (0 .. $#$ret - 1) {
        e("cmp	x17, #$k", "b.eq	$ret->[$k]");
    }
    e("b	$ret->[-1]");
}

# ---- Poly1305 ------------------------------------------------------------------

my ($h0, $h1, $h2, $r0, $r1, $s1, $one) = map { "x$_" } 19 .. 25;
# A zero register: arm-xlate.pl refuses xzr as the third operand of adc/adcs.
my $zero = "x27";
my ($d0, $d1, $d2, $t0, $t1) = map { "x$_" } 10 .. 14;

# One block: the message limbs from [$ptr], #16 (or already in t0, t1).
sub poly_block {
    my ($ptr) = @_;
    my @i;
    push @i, "ldp	$t0, $t1, [$ptr], #16" if defined $ptr;
    push @i,
      "adds	$h0, $h0, $t0", "adcs	$h1, $h1, $t1", "adc	$h2, $h2, $one",
      "mul	$d0, $h0, $r0", "umulh	$d1, $h0, $r0",
      "mul	$t0, $h1, $s1", "umulh	$t1, $h1, $s1",
      "adds	$d0, $d0, $t0", "adc	$d1, $d1, $t1",
      "mul	$t0, $h0, $r1", "umulh	$d2, $h0, $r1",
      "adds	$d1, $d1, $t0", "adc	$d2, $d2, $zero",
      "mul	$t0, $h1, $r0", "umulh	$t1, $h1, $r0",
      "adds	$d1, $d1, $t0", "adc	$d2, $d2, $t1",
      "mul	$t0, $h2, $s1", "mul	$t1, $h2, $r0",
      "adds	$d1, $d1, $t0", "adc	$d2, $d2, $t1",
      # h = d mod 2^130 + 5 (d >> 130)
      "and	$h2, $d2, #3", "and	$t0, $d2, #-4", "add	$t0, $t0, $d2, lsr #2",
      "adds	$h0, $d0, $t0", "adcs	$h1, $d1, $zero", "adc	$h2, $h2, $zero";
    return @i;
}

# Hashes $len bytes at $ptr (advanced), zero-padded to 16 (RFC 8439 pad16).
# Clobbers x8, x9, x15 and the product and message limbs.
sub poly_padded {
    my ($ptr, $len) = @_;
    my ($loop, $tail, $bytes, $done) = map { newlabel($_) } qw(pl pt pb pd);
    e("lsr	x8, $len, #4", "cbz	x8, $tail");
    lbl($loop);
    e(poly_block($ptr));
    e("subs	x8, x8, #1", "b.ne	$loop");
    lbl($tail);
    # The last 1..15 bytes, read last to first into t1:t0 (no stack, no
    # read past the end).
    e("ands	x9, $len, #15", "b.eq	$done",
      "add	x15, $ptr, x9", "mov	$t0, #0", "mov	$t1, #0");
    lbl($bytes);
    e("ldrb	w8, [x15, #-1]!", "extr	$t1, $t1, $t0, #56", "orr	$t0, x8, $t0, lsl #8",
      "subs	x9, x9, #1", "b.ne	$bytes");
    e(poly_block(undef));
    e("and	x9, $len, #15", "add	$ptr, $ptr, x9");
    lbl($done);
}

# r and s from the key block (slot 0): r clamped, s kept in v0.
sub poly_init {
    e("ldp	$t0, $t1, [x15]",         # the clamp masks (x15 = .Lcp_clamp)
      "mov	$r0, v8.d[0]", "mov	$r1, v8.d[1]",
      "and	$r0, $r0, $t0", "and	$r1, $r1, $t1",
      "add	$s1, $r1, $r1, lsr #2",
      "mov	v0.16b, v9.16b",
      "mov	$h0, #0", "mov	$h1, #0", "mov	$h2, #0", "mov	$one, #1", "mov	$zero, #0");
}

# The length block, the final reduction and tag = h + s, stored at x1.
sub poly_final {
    e("mov	$t0, x5", "mov	$t1, x3");
    e(poly_block(undef));
    poly_tag("x1", "mov	$t0, v0.d[0]", "mov	$t1, v0.d[1]");
}

# tag = (h mod p) + s mod 2^128, stored at [$out]; @load puts s in t0, t1.
sub poly_tag {
    my ($out, @load) = @_;
    # h - p over all three limbs; the borrow alone picks h or h - p.
    e("mov	$t0, #-5", "mov	$t1, #-1", "mov	x15, #3",
      "subs	$d0, $h0, $t0", "sbcs	$d1, $h1, $t1", "sbcs	$d2, $h2, x15",
      "csel	$h0, $d0, $h0, hs", "csel	$h1, $d1, $h1, hs");
    e(@load);
    e("adds	$h0, $h0, $t0", "adc	$h1, $h1, $t1", "stp	$h0, $h1, [$out]");
}

# Spreads the scalar list evenly through the NEON list.
sub zip_streams {
    my ($v, $s) = @_;
    my @out;
    my ($nv, $ns) = (scalar @$v, scalar @$s);
    my $j = 0;
    for my $i (0 .. $nv - 1) {
        push @out, $v->[$i];
        while ($j < $ns && ($j + 1) * $nv <= ($i + 1) * $ns) {
            push @out, $s->[$j++];
        }
    }
    push @out, @{$s}[$j .. $ns - 1];
    return @out;
}

# ---- the functions ---------------------------------------------------------------

# Constants and the state rows: v1 sigma, v5 rot8, v6 {1,0,0,0}, v7 {4,0,0,0};
# v2-v4 from the state at $st. Leaves x15 = .Lcp_clamp.
sub load_constants {
    my ($st) = @_;
    e(".ctasm_adr	x15, .Lcp_consts",
      "ld1	{v1.4s}, [x15], #16", "ld1	{v5.16b-v7.16b}, [x15], #48",
      "ld1	{v2.4s-v4.4s}, [$st]");
}

sub aead {
    my ($name, $seal) = @_;
    my @first = map { newlabel("first$_") } 1 .. 5;
    my @tail = map { newlabel("tail$_") } 1 .. 4;
    my ($first_done, $after_first, $after_tail, $fused, $no_fused, $xor_entry) =
      map { newlabel($_) } qw(fdone afirst atail fused nofused xor);
    $code .= <<___;

// void $name(uint8_t *out, uint8_t tag[16], const uint8_t *in, size_t in_len,
//            const uint8_t *ad, size_t ad_len, const ChachaState *state)
	.ctasm_proc	$name, global, save=x19-x28,x29,x30, vsave=d8-d15, frame=64
___
    load_constants("x6");
    # First batch: the key block and min(4, ceil(in_len / 64)) data blocks.
    e("add	x9, x3, #63", "lsr	x9, x9, #6", "cmp	x9, #4", "mov	x8, #4",
      "csel	x9, x9, x8, lo", "add	x9, x9, #1");
    dispatch("x9", \@first);
    for my $n (1 .. 5) {
        lbl($first[$n - 1]);
        batch_looped(0, $n - 1);
        e("b	$first_done") if $n < 5;
    }
    lbl($first_done);
    poly_init();
    poly_padded("x4", "x5");
    e("mov	x16, #256", "cmp	x3, x16", "csel	x16, x3, x16, lo", "sub	x26, x3, x16",
      "mov	x17, #0");
    if ($seal) {
        e("mov	x7, x0");
    } else {
        e("mov	x7, x2");
        poly_padded("x7", "x16");
    }
    lbl($xor_entry);
    xor_code([$after_first, $after_tail]);

    lbl($after_first);
    e("cmp	x26, #256", "b.lo	$no_fused");
    lbl($fused);
    # 256 bytes: four blocks with 16 Poly1305 blocks woven through the rounds.
    e("add	v4.4s, v4.4s, v7.4s");
    setup_blocks(1, 4);
    my @neon = map { double_round(1 .. 4) } 1 .. 10;
    my @scalar = map { poly_block("x7") } 1 .. 16;
    e(zip_streams(\@neon, \@scalar));
    finish_blocks(1, 4);
    for my $j (1 .. 4) {
        my ($a, $b, $c, $d) = slot($j);
        e("ld1	{v28.16b-v31.16b}, [x2], #64",
          "eor	v28.16b, v28.16b, $a.16b", "eor	v29.16b, v29.16b, $b.16b",
          "eor	v30.16b, v30.16b, $c.16b", "eor	v31.16b, v31.16b, $d.16b",
          "st1	{v28.16b-v31.16b}, [x0], #64");
    }
    e("sub	x26, x26, #256", "cmp	x26, #256", "b.hs	$fused");
    lbl($no_fused);
    # The tail: fewer than 256 bytes in ceil(x26 / 64) blocks.
    e("cbz	x26, $after_tail");
    poly_padded("x7", "x26") unless $seal;
    e("add	v4.4s, v4.4s, v7.4s", "add	x9, x26, #63", "lsr	x9, x9, #6");
    dispatch("x9", \@tail);
    for my $k (1 .. 4) {
        lbl($tail[$k - 1]);
        batch_looped(1, $k);
        e("mov	x16, x26", "mov	x17, #1", "b	$xor_entry");
    }
    lbl($after_tail);
    if ($seal) {
        e("sub	x16, x0, x7");
        poly_padded("x7", "x16");
    }
    poly_final();
    e(".ctasm_ret", ".ctasm_endproc");
}

$code .= <<___;
	.ctasm_rodata
	.ctasm_align	16
.Lcp_consts:
# sigma, "expand 32-byte k"; the rotl-8 byte permutation of each word;
# {1,0,0,0} and {4,0,0,0} (counter steps); the r clamp (RFC 8439 2.5)
	.word	0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
	.byte	3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
	.word	1, 0, 0, 0
	.word	4, 0, 0, 0
.Lcp_clamp:
	.quad	0x0ffffffc0fffffff, 0x0ffffffc0ffffffc
	.ctasm_text
___

# void ctasm_chacha20_neon(uint8_t *out, const uint8_t *in, size_t len,
#                          const ChachaState *state)
unless ($poly1305_test_entry) {
    my @inst = map { newlabel("c$_") } 1 .. 4;
    my ($loop, $xor, $next, $ret) = map { newlabel($_) } qw(cloop cxor cnext cret);
    $code .= <<___;

// void ctasm_chacha20_neon(uint8_t *out, const uint8_t *in, size_t len,
//                          const ChachaState *state)
	.ctasm_proc	ctasm_chacha20_neon, global, vsave=d8-d15, frame=64
___
    # the xor code takes in in x2: len moves to x10
    e("cbz	x2, $ret", "mov	x10, x2", "mov	x2, x1");
    load_constants("x3");
    e("sub	v4.4s, v4.4s, v6.4s", "mov	x17, #0");
    lbl($loop);
    e("mov	x16, #256", "cmp	x10, x16", "csel	x16, x10, x16, lo", "sub	x10, x10, x16",
      "add	x9, x16, #63", "lsr	x9, x9, #6");
    dispatch("x9", \@inst);
    for my $k (1 .. 4) {
        lbl($inst[$k - 1]);
        batch_looped(1, $k);
        e("b	$xor") if $k < 4;
    }
    lbl($xor);
    xor_code([$next]);
    lbl($next);
    e("add	v4.4s, v4.4s, v7.4s", "cbnz	x10, $loop");
    lbl($ret);
    e(".ctasm_ret", ".ctasm_endproc");
}

unless ($poly1305_test_entry) {
    aead("ctasm_chacha20_poly1305_seal_neon", 1);
    aead("ctasm_chacha20_poly1305_open_neon", 0);
}

# void ctasm_poly1305_pad16_armv8(uint8_t tag[16], const uint8_t key[32],
#                                 const uint8_t *in, size_t len)
# Poly1305 of in zero-padded to a multiple of 16 (every block with its 2^128
# bit): the MAC the AEAD computes over a padded field, without the length
# block. Test and measurement entry (Poly1305 alone, as the fused code runs it),
# emitted only for perlasm/test/poly1305-armv8.pl.
if ($poly1305_test_entry) {
$code .= <<___;

// void ctasm_poly1305_pad16_armv8(uint8_t tag[16], const uint8_t key[32],
//                                 const uint8_t *in, size_t len)
	.ctasm_proc	ctasm_poly1305_pad16_armv8, global, save=x19-x28,x29,x30
___
e(".ctasm_adr	x15, .Lcp_clamp",
  "ldp	$t0, $t1, [x15]", "ldp	$r0, $r1, [x1]",
  "and	$r0, $r0, $t0", "and	$r1, $r1, $t1", "add	$s1, $r1, $r1, lsr #2",
  "mov	$h0, #0", "mov	$h1, #0", "mov	$h2, #0", "mov	$one, #1", "mov	$zero, #0",
  "mov	x7, x2");
poly_padded("x7", "x3");
poly_tag("x0", "ldp	$t0, $t1, [x1, #16]");
e(".ctasm_ret", ".ctasm_endproc");
}

finish();
