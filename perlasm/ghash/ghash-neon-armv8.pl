#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# ghash-neon-armv8.pl -- constant-time GHASH for AArch64 NEON with only the
# 8-bit polynomial multiply (pmull/pmull2 .8b/.16b -> .8h; not the crypto
# extension's 64-bit pmull .1q). The contract is src/ghash/internal.h.
#
# Domain. GCM numbers the bits of a block MSB-first: byte i holds the
# coefficients of x^(8i)..x^(8i+7), x^(8i) in bit 7. `rbit .16b` reverses the
# bits of every byte, after which the little-endian 128-bit register is the
# polynomial in natural order (bit j = coefficient of x^j) and the byte
# products of pmull are ordinary carry-less products. So every block is
# rbit'd once on load, the running hash stays natural inside a call, and it
# is rbit'd back on store. The key holds H's powers already natural.
#
# 64x64 from 8x8. For a = sum a_k t^(8k), b = sum b_j t^(8j) (bytes), let
# M_r = pmull(a, rot_r(b)) with rot_r(b) lane k = b_((k+r) mod 8): lane k of
# M_r is the 16-bit product a_k * b_((k+r) mod 8), which belongs at byte
# k + ((k+r) mod 8) of the product. M_0..M_7 cover all 64 byte pairs with 8
# multiplies. Placement of M_r (r > 0): its lanes k < 8-r go r bytes up, its
# lanes k >= 8-r go 8-r bytes down. Rotating the whole register r bytes up
# (`ext` of it with itself) puts the first group right and the second group
# (which lands in bytes [16-r,16) and [0,r)) exactly 8 bytes off; so
#     W += rot_r(M_r),   U += rot_r(M_r) & wrap_r   (wrap_r: those bytes)
# and at the end W += U + swap64(U) moves every wrapped byte by 8.
# Only r = 1..4 are placed: lane k + s of M_(8-s) holds the transposed pair
# (a_(k+s), b_k) of lane k of M_s, with the same destination, so M_(8-s)
# rotated by s lanes (one `ext`) is summed into M_s before its placement
# (s = 1, 2, 3). That is 2 instructions for 4 per product and r.
# rot_r(b) is taken of H, never of the data, so the key holds each power
# pre-rotated for r = 0..7 and nothing is permuted per block.
#
# 128x128: Karatsuba on 64-bit halves, lo = a_lo b_lo (pmull), hi = a_hi b_hi
# (pmull2 on the same registers), mid = (a_lo+a_hi)(b_lo+b_hi); the mids of
# two blocks share one register (one per 64-bit half: pmull and pmull2).
#
# Aggregation. Placement, Karatsuba and reduction are linear, so up to four
# blocks are multiplied by H^4..H^1 (Horner folded: X_0 ^= hash) and their
# byte products summed per r before one placement, one Karatsuba
# recombination and one reduction. r is the outer loop: per r the key gives
# the 4 lo/hi vectors, 2 mid vectors and wrap_r (one 112-byte row), and three
# accumulators sum the products of every block; then they are placed.
# A tail of 1..3 blocks (and gmult) runs the same code with fewer blocks.
#
# Reduction mod g = x^128 + x^7 + x^2 + x + 1: the 256-bit product is
# P_lo + P_hi x^128 = P_lo + P_hi (x^7+x^2+x+1). P_hi times 0x87 byte by
# byte (pmull, pmull2) gives 16 15-bit products; their low bytes (uzp1) add
# in place, their high bytes (uzp2) one byte up, and the last high byte
# (x^128..x^134) once more times 0x87 at byte 0 (it cannot overflow again).
#
# Constant time: no branch or address depends on H, the data or the hash;
# only len chooses the path. No stack is used.
#
# Key (1024 bytes, 896 used): 8 rows of 112 bytes, for r = 0, 7, 1, 6, 2, 5,
# 3, 4 in that order (the order the loop reads them), row of r:
#     +0..+63  [rot_r(lo(H^p)) | rot_r(hi(H^p))] for p = 4, 3, 2, 1
#     +64      [rot_r(mid(H^1)) | rot_r(mid(H^2))]   mid(h) = lo(h) ^ hi(h)
#     +80      [rot_r(mid(H^3)) | rot_r(mid(H^4))]
#     +96      wrap_r (0xff in bytes [0,r) and [16-r,16); r = 1..4 only)
# written by src/ghash/tier_aarch64.cc (it computes H^2..H^4 with gmult, so
# gmult reads only H^1's entries and the masks).
#
# Registers (v8-v15 are not used, so nothing is saved):
#     v0-v3   blocks (natural), v0 ^= hash     v4, v5  their mids (pairs)
#     v6, v7  temporaries                      v16-v22 the key row of r
#     v23-v25 per-r sums lo/hi/mid             v26-v28 W lo/hi/mid
#     v29-v31 U lo/hi/mid                      v4      the hash between groups
# x9 walks the key rows.

use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin, "$FindBin::RealBin/../lib";
use Perlasm qw($code newlabel finish);

Perlasm::open_output("arm", @ARGV);
Perlasm::set_label_prefix(".Lgh");

my @acc = qw(v23 v24 v25);
my @W   = qw(v26 v27 v28);
my @U   = qw(v29 v30 v31);
my $hash = "v4";

sub e { $code .= join("", map { "\t$_\n" } @_) }

# Multiplies m blocks (v0..v(m-1), block i by H^(m-i)), sums, reduces: the
# hash lands in v4. x9 = key.
# Key rows in the order the r loop reads them: r = 8-s is summed into r = s
# (s = 1, 2, 3) before its placement, so only r = 1..4 are placed.
my @row_order = (0, 7, 1, 6, 2, 5, 3, 4);

sub group {
    my ($m) = @_;
    # Mid vectors: power p sits in mid register (p-1)>>1, half (p-1)&1.
    my @mids;    # [vec] -> [half] -> block
    for my $i (0 .. $m - 1) {
        my $p = $m - $i;
        $mids[($p - 1) >> 1][($p - 1) & 1] = $i;
    }
    my @midops;  # [vec, half]
    for my $vec (0 .. $#mids) {
        my ($l, $h) = @{ $mids[$vec] }[0, 1];
        my $d = "v" . (4 + $vec);
        if (defined $l && defined $h) {
            e("uzp1	v6.2d, v$l.2d, v$h.2d", "uzp2	v7.2d, v$l.2d, v$h.2d",
              "eor	$d.16b, v6.16b, v7.16b");
        } else {
            my $b = defined $l ? $l : $h;
            e("ext	v6.16b, v$b.16b, v$b.16b, #8", "eor	$d.16b, v$b.16b, v6.16b");
        }
        push @midops, [$vec, 0] if defined $l;
        push @midops, [$vec, 1] if defined $h;
    }
    for my $r (@row_order) {
        e("ld1	{v16.16b-v19.16b}, [x9], #64", "ld1	{v20.16b-v22.16b}, [x9], #48");
        my @dst = $r == 0 ? @W : @acc;
        my $continued = $r >= 1 && $r <= 3;    # acc holds M_(8-r), aligned
        my @prods = ([], [], []);
        for my $i (0 .. $m - 1) {
            my $hreg = "v" . (16 + 4 - ($m - $i));
            push @{ $prods[0] }, "pmull	%s.8h, v$i.8b, $hreg.8b";
            push @{ $prods[1] }, "pmull2	%s.8h, v$i.16b, $hreg.16b";
        }
        for my $mo (@midops) {
            my ($vec, $half) = @$mo;
            my ($x, $h) = ("v" . (4 + $vec), "v" . (20 + $vec));
            push @{ $prods[2] }, $half ? "pmull2	%s.8h, $x.16b, $h.16b" : "pmull	%s.8h, $x.8b, $h.8b";
        }
        my $t = 0;
        for my $p (0 .. 2) {
            my @l = @{ $prods[$p] };
            e(sprintf(shift(@l), $dst[$p])) unless $continued;
            for my $op (@l) {
                my $tmp = "v" . (6 + ($t++ & 1));
                e(sprintf($op, $tmp), "eor	$dst[$p].16b, $dst[$p].16b, $tmp.16b");
            }
        }
        next if $r == 0;
        if ($r >= 5) {    # M_r lane k+(8-r) pairs like M_(8-r) lane k: add it there
            e("ext	$acc[$_].16b, $acc[$_].16b, $acc[$_].16b, #" . (2 * (8 - $r))) for 0 .. 2;
            next;
        }
        for my $p (0 .. 2) {
            e("ext	v6.16b, $acc[$p].16b, $acc[$p].16b, #" . (16 - $r),
              "eor	$W[$p].16b, $W[$p].16b, v6.16b");
            if ($r == 1) {
                e("and	$U[$p].16b, v6.16b, v22.16b");
            } else {
                e("and	v6.16b, v6.16b, v22.16b", "eor	$U[$p].16b, $U[$p].16b, v6.16b");
            }
        }
    }
    # The wrapped bytes: out of their rotated place, into the other half.
    for my $p (0 .. 2) {
        e("ext	v6.16b, $U[$p].16b, $U[$p].16b, #8", "eor	$W[$p].16b, $W[$p].16b, $U[$p].16b",
          "eor	$W[$p].16b, $W[$p].16b, v6.16b");
    }
    # Karatsuba: mid' = mid + lo + hi straddles the two halves.
    e("eor	v28.16b, v28.16b, v26.16b", "eor	v28.16b, v28.16b, v27.16b",
      "movi	v17.2d, #0",
      "ext	v6.16b, v17.16b, v28.16b, #8", "ext	v7.16b, v28.16b, v17.16b, #8",
      "eor	v26.16b, v26.16b, v6.16b", "eor	v27.16b, v27.16b, v7.16b");
    # Reduction: v26 + v27 * 0x87 (bytewise), overflow byte folded again.
    e("movi	v16.16b, #0x87",
      "pmull	v6.8h, v27.8b, v16.8b", "pmull2	v7.8h, v27.16b, v16.16b",
      "uzp1	v18.16b, v6.16b, v7.16b", "uzp2	v19.16b, v6.16b, v7.16b",
      "ext	v20.16b, v17.16b, v19.16b, #15", "ext	v21.16b, v19.16b, v17.16b, #15",
      "pmull	v21.8h, v21.8b, v16.8b",
      "eor	v26.16b, v26.16b, v18.16b", "eor	v26.16b, v26.16b, v20.16b",
      "eor	$hash.16b, v26.16b, v21.16b");
}

sub load_blocks {
    my ($m) = @_;
    my $list = join("-", "v0.16b", "v" . ($m - 1) . ".16b");
    $list = "v0.16b" if $m == 1;
    e("ld1	{$list}, [x2], #" . (16 * $m));
    e("rbit	v$_.16b, v$_.16b") for 0 .. $m - 1;
    e("eor	v0.16b, v0.16b, $hash.16b", "mov	x9, x1");
}

$code .= <<___;
	.ctasm_text

// void ctasm_ghash_neon_gmult(uint8_t x[16], const void *key): x = x * H
	.ctasm_proc	ctasm_ghash_neon_gmult, global
	ld1	{v0.16b}, [x0]
	rbit	v0.16b, v0.16b
	mov	x9, x1
___
group(1);
$code .= <<___;
	rbit	$hash.16b, $hash.16b
	st1	{$hash.16b}, [x0]
	ret
	.ctasm_endproc

// void ctasm_ghash_neon_ghash(uint8_t x[16], const void *key, const uint8_t *in,
//                             size_t len): x = (x ^ B) * H for each block B; len % 16 == 0
	.ctasm_proc	ctasm_ghash_neon_ghash, global
	ld1	{$hash.16b}, [x0]
	rbit	$hash.16b, $hash.16b
	bic	x3, x3, #15			// whole blocks only, whatever len says
___
my ($loop, $tail, $t1, $t2, $done) = map { newlabel($_) } qw(loop4 tail one two done);
$code .= <<___;
	cmp	x3, #64
	b.lo	$tail
$loop:
___
load_blocks(4);
group(4);
$code .= <<___;
	sub	x3, x3, #64
	cmp	x3, #64
	b.hs	$loop
$tail:
	cmp	x3, #32
	b.lo	$t1
	b.eq	$t2
___
load_blocks(3);
group(3);
$code .= "\tb	$done\n$t2:\n";
load_blocks(2);
group(2);
$code .= "\tb	$done\n$t1:\n\tcbz	x3, $done\n";
load_blocks(1);
group(1);
$code .= <<___;
$done:
	rbit	$hash.16b, $hash.16b
	st1	{$hash.16b}, [x0]
	ret
	.ctasm_endproc
___

finish();
