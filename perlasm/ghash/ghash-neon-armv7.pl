#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# ghash-neon-armv7.pl -- constant-time GHASH for ARMv7 NEON from vmull.p8
# (8x8-bit polynomial multiplies). The contract is src/ghash/internal.h.
# The method is the one of ghash-neon-armv8.pl; what differs is said here.
#
# Domain. ARMv7 NEON has no per-byte bit reverse (rbit is AArch64), so each
# block is reversed by nibbles: the low and high nibbles of every byte index
# a 16-byte table of reversed nibbles (vtbl.8, which reads the table from
# registers: no secret address) and vsli.8 puts them back crossed. After
# that, as on AArch64, the little-endian register is the polynomial in
# natural bit order and vmull.p8 gives ordinary carry-less byte products.
# (The alternative, computing in GCM's reflected order, would need a 1-bit
# shift and a byte swap of every 16-bit product sum: 48 instructions per four
# blocks against the 28 of reversing the input.)
#
# 64x64 from 8x8 (see ghash-neon-armv8.pl): M_r = vmull.p8(a, rot_r(b)),
# r = 0..7, lanes k = a_k b_((k+r) mod 8); placed by rotating the register r
# bytes up (vext.8 of it with itself), the bytes that wrapped around (mask
# wrap_r) moved by 8 more at the end: W += rot_r(M_r), U += rot_r(M_r) & wrap_r,
# W += U + swap64(U) -- the swap is free here, two veor on the d halves.
# As there, M_(8-s) rotated by s lanes is summed into M_s (s = 1, 2, 3), so
# only r = 1..4 are placed.
# 128x128 by Karatsuba on the 64-bit halves; lo, hi and mid each need 8
# vmull.p8 per block (vmull.p8 takes d registers, so no pairing tricks).
#
# Aggregation: four blocks per reduction, by H^4..H^1 (X_0 ^= hash). With 16
# q registers the three products cannot all be live, so the passes are
# product-outer: lo (all r), then hi, then mid, each summing four blocks'
# byte products per r in one accumulator before placing them; the mids of
# the blocks are taken first, then each pass frees its inputs. The
# Karatsuba recombination is two d-register veor (the 64-bit offsets are free
# on d halves). Tails of 1..3 blocks and gmult run the same code with fewer
# blocks.
#
# Reduction mod x^128 + x^7 + x^2 + x + 1 as on AArch64: P_hi times 0x87 byte
# by byte (two vmull.p8), vuzp.8 splits low and high bytes, the high bytes go
# one byte up, the byte that leaves (x^128..x^134) times 0x87 once more.
#
# Constant time: no branch or address depends on H, the data or the hash;
# only len chooses the path. No stack beyond the saved registers.
#
# Key (1024 bytes, 896 used), written by src/ghash/tier_armv7.cc:
#     256*p + 32*i + 8*(4-e)   rot_r(part_p(H^e)), p = 0 lo, 1 hi, 2 mid
#                              (mid = lo ^ hi), e = 4, 3, 2, 1, and r the
#                              i-th of 0, 7, 1, 6, 2, 5, 3, 4 (the loop's order)
#     768 + 16*(r-1)           wrap_r, r = 1..4
#     880                      reversed nibbles 0x0,0x8,0x4,0xc,...
# (gmult reads only H^1's entries and the constants, so init can compute
# H^2..H^4 with it.)
#
# Registers:
#     q0-q3   blocks (d0,d2,.. lo halves; d1,d3,.. hi halves); q0 ^= hash
#     d8-d11  the blocks' mids              q4 (d8,d9) the hash between groups
#     q6,q7   the four key entries of (p, r) q8      wrap_r
#     q9      per-r sum                      q11     U
#     q14, q15, q10  W of lo, hi, mid        q12,q13 temporaries
#     bit reversal: q14 table, q15 0x0f mask, q12 temporary (before the passes)
#     r12 walks the key rows, the mask pointer is r3 (gmult) or r4 (ghash).

use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin, "$FindBin::RealBin/../lib";
use Perlasm qw($code newlabel finish);

Perlasm::open_output("arm", @ARGV);
Perlasm::set_label_prefix(".Lgh");

sub e { $code .= join("", map { "\t$_\n" } @_) }

# d register names of q register n.
sub dl { "d" . (2 * $_[0]) }
sub dh { "d" . (2 * $_[0] + 1) }

# Table and mask for bit_reverse; $key = the key base register, $tmp a GPR.
sub load_reverse_consts {
    my ($key, $tmp) = @_;
    e("add	$tmp, $key, #880", "vld1.8	{d28-d29}, [$tmp]", "vmov.i8	q15, #0x0f");
}

# Reverses the bits of every byte of q$n (uses q12, q14 table, q15 mask).
sub bit_reverse {
    my ($n) = @_;
    e("vand	q12, q$n, q15", "vshr.u8	q$n, q$n, #4",
      "vtbl.8	d24, {d28-d29}, d24", "vtbl.8	d25, {d28-d29}, d25",
      "vtbl.8	" . dl($n) . ", {d28-d29}, " . dl($n),
      "vtbl.8	" . dh($n) . ", {d28-d29}, " . dh($n),
      "vsli.8	q$n, q12, #4");
}

# Key rows in the order the r loop reads them: r = 8-s is summed into r = s
# (s = 1, 2, 3) before its placement, so only r = 1..4 are placed.
my @row_order = (0, 7, 1, 6, 2, 5, 3, 4);

# Multiplies m blocks (q0..q(m-1), block i by H^(m-i)), sums and reduces
# into q4. $row: key pointer register (set to the key base, advanced through
# the rows), $mask: a free GPR, $key: the key base.
sub group {
    my ($m, $row, $mask, $key) = @_;
    e("veor	d" . (8 + $_) . ", " . dl($_) . ", " . dh($_)) for 0 .. $m - 1;
    my @Wq = (14, 15, 10);
    for my $p (0 .. 2) {
        my @x = map { $p == 0 ? dl($_) : $p == 1 ? dh($_) : "d" . (8 + $_) } 0 .. $m - 1;
        my @h = map { "d" . (12 + 4 - $m + $_) } 0 .. $m - 1;
        my $W = "q$Wq[$p]";
        e("add	$mask, $key, #768");
        for my $r (@row_order) {
            e("vld1.8	{d12-d15}, [$row]!");
            e("vld1.8	{d16-d17}, [$mask]!") if $r >= 1 && $r <= 4;
            my $dst = $r == 0 ? $W : "q9";
            my $continued = $r >= 1 && $r <= 3;    # q9 holds M_(8-r), aligned
            e("vmull.p8	$dst, $x[0], $h[0]") unless $continued;
            for my $i (($continued ? 0 : 1) .. $m - 1) {
                my $t = "q" . (12 + ($i & 1));
                e("vmull.p8	$t, $x[$i], $h[$i]", "veor	$dst, $dst, $t");
            }
            next if $r == 0;
            if ($r >= 5) {    # M_r lane k+(8-r) pairs like M_(8-r) lane k: add it there
                e("vext.8	q9, q9, q9, #" . (2 * (8 - $r)));
                next;
            }
            e("vext.8	q12, q9, q9, #" . (16 - $r), "veor	$W, $W, q12");
            if ($r == 1) {
                e("vand	q11, q12, q8");
            } else {
                e("vand	q12, q12, q8", "veor	q11, q11, q12");
            }
        }
        # The wrapped bytes: out of their rotated place, into the other half.
        e("veor	$W, $W, q11", "veor	" . dl($Wq[$p]) . ", " . dl($Wq[$p]) . ", d23",
          "veor	" . dh($Wq[$p]) . ", " . dh($Wq[$p]) . ", d22");
    }
    # Karatsuba: [a0, a1 ^ M0, b0 ^ M1, b1] with M = mid ^ lo ^ hi.
    e("veor	q10, q10, q14", "veor	q10, q10, q15",
      "veor	d29, d29, d20", "veor	d30, d30, d21");
    # Reduction: q14 + q15 * 0x87 (bytewise), the overflow byte folded again.
    e("vmov.i8	d16, #0x87", "vmov.i8	q9, #0",
      "vmull.p8	q12, d30, d16", "vmull.p8	q13, d31, d16",
      "vuzp.8	q12, q13",
      "vext.8	q6, q9, q13, #15", "vext.8	d14, d27, d18, #7",
      "vmull.p8	q11, d14, d16",
      "veor	q14, q14, q12", "veor	q14, q14, q6", "veor	q4, q14, q11");
}

sub load_blocks {
    my ($m) = @_;
    my $d = 2 * $m;
    e("vld1.8	{d0-d" . ($d > 4 ? 3 : $d - 1) . "}, [r2]!");
    e("vld1.8	{d4-d" . ($d - 1) . "}, [r2]!") if $d > 4;
    load_reverse_consts("r1", "r12");
    bit_reverse($_) for 0 .. $m - 1;
    e("veor	q0, q0, q4", "mov	r12, r1");
}

$code .= <<___;
.ctasm_text

@ void ctasm_ghash_neon_gmult(uint8_t x[16], const void *key): x = x * H
.ctasm_align 16
.ctasm_proc ctasm_ghash_neon_gmult, global, vsave=d8-d15
	vld1.8	{d0-d1}, [r0]
___
load_reverse_consts("r1", "r12");
bit_reverse(0);
e("mov	r12, r1");
group(1, "r12", "r3", "r1");
load_reverse_consts("r1", "r12");
bit_reverse(4);
$code .= <<___;
	vst1.8	{d8-d9}, [r0]
.ctasm_ret
.ctasm_endproc

@ void ctasm_ghash_neon_ghash(uint8_t x[16], const void *key, const uint8_t *in,
@                             size_t len): x = (x ^ B) * H for each block B; len % 16 == 0
.ctasm_align 16
.ctasm_proc ctasm_ghash_neon_ghash, global, save=r4,r5, vsave=d8-d15
	vld1.8	{d8-d9}, [r0]
___
load_reverse_consts("r1", "r12");
bit_reverse(4);
my ($loop, $tail, $t1, $t2, $done) = map { newlabel($_) } qw(loop4 tail one two done);
$code .= <<___;
	bic	r3, r3, #15			@ whole blocks only, whatever len says
	cmp	r3, #64
	blo	$tail
$loop:
___
load_blocks(4);
group(4, "r12", "r4", "r1");
$code .= <<___;
	sub	r3, r3, #64
	cmp	r3, #64
	bhs	$loop
$tail:
	cmp	r3, #32
	blo	$t1
	beq	$t2
___
load_blocks(3);
group(3, "r12", "r4", "r1");
$code .= "\tb	$done\n$t2:\n";
load_blocks(2);
group(2, "r12", "r4", "r1");
$code .= "\tb	$done\n$t1:\n\tcmp	r3, #0\n\tbeq	$done\n";
load_blocks(1);
group(1, "r12", "r4", "r1");
$code .= "$done:\n";
load_reverse_consts("r1", "r12");
bit_reverse(4);
$code .= <<___;
	vst1.8	{d8-d9}, [r0]
.ctasm_ret
.ctasm_endproc
___

finish();
