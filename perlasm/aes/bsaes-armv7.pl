#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# bsaes-armv7.pl -- bitsliced AES for ARMv7 NEON, 8 blocks per batch
# (after E. Kasper and P. Schwabe, "Faster and Timing-Attack Resistant
# AES-GCM", CHES 2009).  No table lookups, no data-dependent branches.
#
# Bitsliced layout.  A batch of 8 blocks sits in 8 q registers (rows); an
# 8x8 bit transpose per byte position (three layers of "swapmove") turns
# them into 8 bit planes:  plane b (row b's register), byte p, bit n = bit b
# of byte p of block n.  The blocks give byte p = 4*column + row; inside the
# rounds the planes are row-major (byte 4*row + column) instead, so that
#   P1 (row r <- r+1 inside a column) = vext.8 #4,   P2 (r <- r+2) = vext.8 #8,
# one instruction each; ShiftRows is a vtbl.8 byte permutation whose first
# and last tables also change the layout (so the change costs nothing).
# MixColumns(a) = 2t ^ P1(a) ^ P2(t) with t = a ^ P1(a); multiplying by a
# constant mixes planes (a fixed GF(2)-linear map on the 8 planes).
# InvMixColumns = MixColumns o (5 + 4 P2), so it is a small prefix to it.
#
# S-box circuits.  SubBytes is Boyar and Peralta's 115-gate circuit (32 AND;
# see @BP below); InvSubBytes is u = Ainv(x) (an 8x8 map, Paar), then the
# forward circuit's top and middle, the forward grouped bottom sums and an
# 8x8 map into Ainv(S) (113 XOR + 32 AND).  Both are checked on all 256
# inputs before anything is emitted.  The 0x63 of
# SubBytes is not computed: it is folded into the round keys (it passes
# (Inv)MixColumns unchanged as 2^3^1^1 = 1).
#
# Straight-line code.  One round is a straight-line program over plane
# values (hash-consed, so shared subexpressions are built once).  At
# generation time it is optionally XOR-minimised (Paar's greedy heuristic on
# the top and bottom linear layers), list-scheduled for register pressure
# (greedy, with seeded tie-break orders) and mapped onto the 16 q registers
# by a small allocator that evicts the value used farthest ahead (Belady),
# storing it to the stack unless it can be recomputed from operands that are
# still live (one XOR instead of a store and a load).  The S-box's last 18
# products read late copies of their linear operands: 9 of them stay live
# across the inversion and the other 9 are one XOR each from those (bp_mid),
# which leaves the inversion room in the registers.  The planes live in
# q8-q15 between rounds, so that a round starts with its key: one vldmia of
# 8 planes into q0-q7 and 8 XORs; which of q8-q15 holds which plane is
# chosen so that a round ends where it starts (no moves).  The best schedule
# found by a search is pinned in %TUNE (CTASM_BSAES_TUNE=1 searches again).
# (order_search, CTASM_BSAES_TUNE_ORDER=1: a local search on the emitted
# instruction count that moves one op at a time; it made the earlier orders.)
# The forward rounds run without spills, by an exact search (issue 13 part
# 2, third pass; util/bsaes_order.py, offline): over the orders of a round's
# ops, is there one with at most 16 live values at every point (vtbl: 15
# before it)?  A depth-first search over the sets of ops done, failed sets
# remembered, an op that frees an operand done at once (that loses no
# order), so a "no" is a proof.  Its answers: with Boyar and Peralta's
# bottom layer (its shared sums) no order of the round fits in 16 or 17
# registers (18 is the least: the previous 19 live values and 3 spill slots
# were near it); with the bottom layer grouped by the two GF(16)
# multiplications ($ACC_BOT: 4 sums of 4 products each, 33 XOR instead of 30)
# still none below 18, since t41-t45, needed by both groups, stay live
# across the first; with t41, t43 and t44 made again for the second group
# (3 XORs) an order with 16 exists.  So the round is 190 instructions as
# before, with no store or load (it was 184 + 6 spill instructions), and the
# last round 147 (was 148).  The grouping, the late basis and the copies were
# chosen from about 350 of the 26 x 13 x 32 combinations (the groupings
# Paar's heuristic makes in 34 XOR, the pinned late basis and 12 others of 8
# operands, the subsets of t41-t45 to copy), each checked for an order within
# 16 and emitted: the best 190 (this one: its grouping shares one sum, so
# 33), then 191 (8 late operands, 3 copies); the starting planes' registers
# by trying 40 (no moves at the round's end).  The orders the search printed
# are pinned in %ORDER, read (never searched) at generation time.
# The inverse rounds likewise (issue 13 part 2, fourth pass).  The old
# program (top: Paar making the 22 signals from x at once; bottom: Paar over
# the 18 products) needs more than 18 registers; with the forward middle
# (late basis, copies) and grouped bottom sums into an 8x8 map, but Paar's
# top still, no order of the inverse round fits 16 or 17 (18: undecided in
# 2 minutes), nor of the last inverse round 16, 17 or 18 (19 fits); with
# u = Ainv(x) first into the forward top, both fit 16 (113 XOR, was 96):
# round 236 (was 251 with 11 spill slots), last 162 (was 180, 12 slots),
# and CBC parks no registers around the core.  The dumps
# it reads: CTASM_BSAES_DUMP=PREFIX (CTASM_BSAES_NOORDER=1: before %ORDER);
# an order to try: CTASM_BSAES_ORDER_ENC / _ENC_LAST; other choices to try:
# CTASM_BSAES_BOT (a bottom layer's gates), CTASM_BSAES_BASIS,
# CTASM_BSAES_GCOPY, CTASM_BSAES_BASIS_DEC, CTASM_BSAES_ORDER_DEC /
# _DEC_LAST (CTASM_BSAES_NOORDER also takes round names: "dec dec_last").
# Generation fails if a pinned round spills.  The instruction counts are
# printed in the output.
#
# Performance (dynamic instructions under qemu-arm, util/count_insns.py; a
# count, not a time), AES-128-CTR: 16.37/B at 8 KiB (0.931x BoringSSL's
# bsaes-armv7, 17.59/B, round 208: issue 13's count, made outside this
# repository by the same qemu method, its BoringSSL revision not recorded;
# nothing in the repository regenerates it), 17.74/B at 256 B, 44.00 at
# 16 B (vpaes).
# Round 190 instructions plus 9 for its key (inverse 236 plus 9; last rounds
# 147 and 162), no spills.  A batch of 8 blocks ~2,090; a call ~370 more
# (frame, wipe, API), the key's planes being made once, at set_*_key.  CBC
# decryption 20.38/B at 8 KiB, 21.28/B at 256 B.
#
# Key (made by vpaes_*_key_to_bsaes in vpaes-armv7.pl): word 0 = rounds N,
# bytes 16.. = N+1 round keys (16 bytes each, 0x63 folded), size 16*(N+2).
# The first and last keys are added to whole blocks outside the bitsliced
# domain; the cores read an expanded key: the middle keys as 8 planes each
# (plane b byte 4*row+col = 0xff iff bit b of key byte 4*col+row), 128
# bytes a round, so that a round loads them (one vldmia) instead of making
# them (15 shifts).  The tier expands each key once, at set_*_key
# (ctasm_bsaes_expand_key, tier_armv7.cc), into the key's extra area.
#
# GPR plan inside the 8-block cores: r5 = rounds left, r6 = next key plane,
# r12 = ShiftRows tables; r0-r4 and r7-r11 = addresses of the first ten
# spill slots (CBC would park r4, r7-r11 at [sp] around its call of the
# decryption core; the encryption core, inlined into CTR, would use r0-r3;
# neither uses any now).  Rounds: the first without a key (its key went onto the blocks),
# then key + round (CBC: 2 a loop pass, N - 2 is even; CTR: 4 a pass,
# AES-192 entering half-way), then key + last round; the last key goes onto
# the blocks.
# Frame: [sp, #0 .. 32) parked registers, spill slots, then buffers (see the
# entry points).

use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin, "$FindBin::RealBin/../lib";
use AesField qw(gmul ginv aff);
use Perlasm qw($code finish);

Perlasm::open_output("arm", @ARGV);

######################################################################
# GF(2^8), AES polynomial, in plain Perl.
# (inverses from the powers of the generator 3: 255 multiplications, where
# ginv's x^254 takes 254 for each element)
my (@exp3, @inv);
$exp3[0] = 1;
$exp3[$_] = gmul($exp3[ $_ - 1 ], 3) for 1 .. 254;
$inv[0] = 0;
$inv[ $exp3[$_] ] = $exp3[ (255 - $_) % 255 ] for 0 .. 254;
die "inverse self-check" unless gmul(0x53, $inv[0x53]) == 1 && $inv[0x53] == ginv(0x53);
my @sbox = map { aff($inv[$_]) ^ 0x63 } 0 .. 255;
die "S-box self-check" unless $sbox[0] == 0x63 && $sbox[1] == 0x7c && $sbox[0x53] == 0xed;
my (@isbox, @affinv);
$isbox[ $sbox[$_] ] = $_ for 0 .. 255;
$affinv[ aff($_) ] = $_ for 0 .. 255;

######################################################################
# Straight-line programs.  A value is an index into @ops; ops are
# hash-consed, so equal subexpressions are computed once.
#   [in, k]  [xor, a, b]  [and, a, b]  [rot1, a]  [rot2, a]  [perm, a, idx]
#   [const, offset]  [kload, bit] (round key plane bit, loaded in bit order)
my (@ops, %cons);
sub op {
    my @o = @_;
    @o[1, 2] = sort { $a <=> $b } @o[1, 2] if $o[0] eq 'xor' || $o[0] eq 'and';
    my $key = join(",", @o);
    return $cons{$key} if exists $cons{$key};
    push @ops, [@o];
    return $cons{$key} = $#ops;
}
sub reset_prog { @ops = (); %cons = (); }
sub X { my ($a, $b) = @_; die "xor with itself" if $a == $b; op('xor', $a, $b) }
sub A { op('and', @_) }
sub vX { my ($p, $q) = @_; return [ map { X($p->[$_], $q->[$_]) } 0 .. $#$p ]; }

# GF(2)-linear map given numerically by $f on n-bit integers, applied to the
# bit values @$in (index = bit position); each output is an XOR chain over
# inputs in a fixed order so that common prefixes are shared.
sub lin {
    my ($f, $in, $nout) = @_;
    my @cols = map { $f->(1 << $_) } 0 .. $#$in;
    my @out;
    for my $o (0 .. $nout - 1) {
        my @terms = grep { $cols[$_] >> $o & 1 } 0 .. $#$in;
        die "zero row in linear map" unless @terms;
        my $v = $in->[ $terms[0] ];
        $v = X($v, $in->[$_]) for @terms[ 1 .. $#terms ];
        push @out, $v;
    }
    return \@out;
}

######################################################################
# The S-box circuit: Boyar and Peralta's 115 gates (32 AND, 83 XOR; "A new
# combinational logic minimization technique with applications to
# cryptology", SEA 2010).  Inputs U0 (msb) .. U7 (lsb), outputs S0 (msb) ..
# S7 of S(x) ^ 0x63: their four XNORs are XORs here (the 0x63 is folded into
# the round keys).  Top: 23 XORs make the 22 signals the middle reads; the
# middle (the inversion in GF(2^8), 32 AND + 30 XOR) ends in 18 products
# z0..z17; the bottom (30 XOR) is linear in them.
my $BP_TOP = <<'C';
y14 = U3 + U5
y13 = U0 + U6
y9 = U0 + U3
y8 = U0 + U5
t0 = U1 + U2
y1 = t0 + U7
y4 = y1 + U3
y12 = y13 + y14
y2 = y1 + U0
y5 = y1 + U6
y3 = y5 + y8
t1 = U4 + y12
y15 = t1 + U5
y20 = t1 + U1
y6 = y15 + U7
y10 = y15 + t0
y11 = y20 + y9
y7 = U7 + y11
y17 = y10 + y11
y19 = y10 + y8
y16 = t0 + y11
y21 = y13 + y16
y18 = U0 + y16
C
my $BP_MID = <<'C';
t2 = y12 x y15
t3 = y3 x y6
t4 = t3 + t2
t5 = y4 x U7
t6 = t5 + t2
t7 = y13 x y16
t8 = y5 x y1
t9 = t8 + t7
t10 = y2 x y7
t11 = t10 + t7
t12 = y9 x y11
t13 = y14 x y17
t14 = t13 + t12
t15 = y8 x y10
t16 = t15 + t12
t17 = t4 + t14
t18 = t6 + t16
t19 = t9 + t14
t20 = t11 + t16
t21 = t17 + y20
t22 = t18 + y19
t23 = t19 + y21
t24 = t20 + y18
t25 = t21 + t22
t26 = t21 x t23
t27 = t24 + t26
t28 = t25 x t27
t29 = t28 + t22
t30 = t23 + t24
t31 = t22 + t26
t32 = t31 x t30
t33 = t32 + t24
t34 = t23 + t33
t35 = t27 + t33
t36 = t24 x t35
t37 = t36 + t34
t38 = t27 + t36
t39 = t29 x t38
t40 = t25 + t39
t41 = t40 + t37
t42 = t29 + t33
t43 = t29 + t40
t44 = t33 + t37
t45 = t42 + t41
z0 = t44 x y15
z1 = t37 x y6
z2 = t33 x U7
z3 = t43 x y16
z4 = t40 x y1
z5 = t29 x y7
z6 = t42 x y11
z7 = t45 x y17
z8 = t41 x y10
z9 = t44 x y12
z10 = t37 x y3
z11 = t33 x y4
z12 = t43 x y13
z13 = t40 x y5
z14 = t29 x y2
z15 = t42 x y9
z16 = t45 x y14
z17 = t41 x y8
C
my $BP_BOT = <<'C';
t46 = z15 + z16
t47 = z10 + z11
t48 = z5 + z13
t49 = z9 + z10
t50 = z2 + z12
t51 = z2 + z5
t52 = z7 + z8
t53 = z0 + z3
t54 = z6 + z7
t55 = z16 + z17
t56 = z12 + t48
t57 = t50 + t53
t58 = z4 + t46
t59 = z3 + t54
t60 = t46 + t57
t61 = z14 + t57
t62 = t52 + t58
t63 = t49 + t58
t64 = z4 + t59
t65 = t61 + t62
t66 = z1 + t63
S0 = t59 + t63
S6 = t56 + t62
S7 = t48 + t60
t67 = t64 + t65
S3 = t53 + t66
S4 = t51 + t66
S5 = t47 + t65
S1 = t64 + S3
S2 = t55 + t67
C
# The forward S-box's bottom instead (found by util/bsaes_order.py's
# search, see the header): the products z0..z8 and z9..z17 are the two
# GF(16) multiplications of Boyar and Peralta's inversion, so S restricted to
# either group has rank 4; each group goes into 4 sums of 4 products
# (a<g><i>_*), and an 8x8 map (Paar) makes S from the 8 sums.  33 XOR
# instead of 30, but at most 8 partial sums live, where BP's shared sums
# leave no order with fewer than 18 live values in the round.
my $ACC_BOT = <<'C';
a00_0 = z0 + z1
a00_1 = a00_0 + z3
a00_2 = a00_1 + z4
a01_0 = z0 + z2
a01_1 = a01_0 + z3
a01_2 = a01_1 + z5
a02_1 = a01_0 + z6
a02_2 = a02_1 + z8
a03_0 = z4 + z5
a03_1 = a03_0 + z7
a03_2 = a03_1 + z8
a10_0 = z9 + z11
a10_1 = a10_0 + z12
a10_2 = a10_1 + z14
a11_0 = z9 + z10
a11_1 = a11_0 + z15
a11_2 = a11_1 + z16
a12_0 = z12 + z13
a12_1 = a12_0 + z15
a12_2 = a12_1 + z16
a13_0 = z12 + z14
a13_1 = a13_0 + z15
a13_2 = a13_1 + z17
w1 = a01_2 + a11_2
w2 = a03_2 + w1
S0 = a02_2 + w2
S3 = a00_2 + a11_2
S4 = a00_2 + w1
S1 = a00_2 + S0
S7 = a01_2 + a12_2
S2 = a02_2 + a13_2
S6 = a03_2 + a12_2
S5 = a10_2 + w2
C
# The operands of the last products kept live across the inversion (see
# bp_mid; CTASM_BSAES_BASIS overrides it when searching).  The 18 span all 8
# dimensions; with 8 to 11 kept, each other one is one XOR of two earlier
# ones (checked by trying all subsets); 9 gave the shortest round.
our @ZORDER;    # the order of the products' pairs (empty: free), from %TUNE
my %LATE_BASIS = (enc => [qw(U7 y1 y11 y10 y12 y13 y2 y14 y8)], dec => [qw(U7 y1 y11 y10 y12 y13 y2 y14 y8)]);
my %GCOPY = map { ($_ => 1) } $ENV{CTASM_BSAES_GCOPY} ? split(' ', $ENV{CTASM_BSAES_GCOPY}) : qw(t41 t43 t44);
if ($ENV{CTASM_BSAES_BOT}) { local $/; open(my $f, "<", $ENV{CTASM_BSAES_BOT}) or die; $ACC_BOT = <$f>; chomp $ACC_BOT; }
my @BP = map { [ map { [ /^(\w+) = (\w+) ([+x]) (\w+)$/ ] } split /\n/ ] } $BP_TOP, $BP_MID, $BP_BOT, $ACC_BOT;
# Runs gate list $g over the signals in %$env with the given XOR and AND.
sub bp_run {
    my ($g, $env, $xor, $and) = @_;
    for (@$g) {
        my ($d, $a, $op, $b) = @$_;
        die "circuit: $a or $b undefined at $d" unless defined $env->{$a} && defined $env->{$b};
        $env->{$d} = $op eq '+' ? $xor->($env->{$a}, $env->{$b}) : $and->($env->{$a}, $env->{$b});
    }
}
# The middle, with its last 18 products reading late copies of their linear
# operands: only those of @$basis stay live across the inversion; each other
# one is made again (one XOR of two late values, found from the operands'
# forms: bit j = depends on input j) just before its product.  9 XORs that
# save more spills (a store and a load each) than they cost.
sub bp_mid {
    my ($e, $form, $basis) = @_;
    my @gates = @{ $BP[1] };
    my @zg = grep { $_->[0] =~ /^z/ } @gates;
    bp_run([ grep { $_->[0] !~ /^z/ } @gates ], $e, \&X, \&A);
    my %late = map { ($_ => $e->{$_}) } @$basis;
    my %lf = map { ($form->{$_} => $_) } @$basis;
    my @need = grep { !exists $late{$_} } map { $_->[3] } @zg;
    while (@need) {
        my ($n, $p, $q);
        FIND: for my $k (0 .. $#need) {
            for my $x (sort keys %late) {
                my $y = $lf{ $form->{ $need[$k] } ^ $form->{$x} };
                next unless defined $y;
                ($n, $p, $q) = (splice(@need, $k, 1), $x, $y);
                last FIND;
            }
        }
        die "late operand of the S-box's products not one XOR from the basis" unless defined $n;
        # tagged, so that it is not merged with the early value of the same sum
        $late{$n} = op('xor', $late{$p}, $late{$q}, 'late');
        $lf{ $form->{$n} } = $n;
    }
    # z_i and z_(i+9) share their first operand: tagged with i mod 9, so
    # that the scheduler can take the pairs in the order of @ZORDER
    # the second group's products (z9..z17) read t41, t43 and t44 made again
    # from t29, t33, t37, t40: 3 XORs that let the first ones die after the
    # first group (the search's choice, see the header)
    my %g2 = %$e;
    for (grep { $GCOPY{ $_->[0] } } @gates) { my ($d, $a, undef, $b) = @$_; $g2{$d} = op('xor', $e->{$a}, $e->{$b}, 'again'); }
    for (@zg) {
        my ($d, $t, undef, $y) = @$_;
        my $g = substr($d, 1) >= 9 ? $g2{$t} : $e->{$t};
        $e->{$d} = op('and', sort({ $a <=> $b } $g, $late{$y}), 'z', substr($d, 1) % 9);
    }
}
sub parity { my $v = shift; $v ^= $v >> 16; $v ^= $v >> 8; $v ^= $v >> 4; $v ^= $v >> 2; $v ^= $v >> 1; $v & 1 }
my @Z = map { "z$_" } 0 .. 17;
# SubBytes without 0x63, planes in/out (index = bit position).
sub sbox_enc {
    my $x = shift;
    my %e = map { ("U$_" => $x->[ 7 - $_ ]) } 0 .. 7;
    my %form = map { ("U$_" => 1 << $_) } 0 .. 7;
    bp_run($BP[0], \%form, sub { $_[0] ^ $_[1] }, sub { die });
    bp_run($BP[0], \%e, \&X, \&A);
    bp_mid(\%e, \%form, $ENV{CTASM_BSAES_BASIS} ? [ split ' ', $ENV{CTASM_BSAES_BASIS} ] : $LATE_BASIS{enc});
    bp_run($BP[3], \%e, \&X, \&A);
    return [ map { $e{ "S" . (7 - $_) } } 0 .. 7 ];
}
# The pairs of Ainv's XORs (paar_lin): a randomised Paar (random ties among
# the best pairs, 20,000 runs; not kept in the repository) found 12 where the
# greedy one makes 13; the S-box check below covers them like the rest.
my $AINV_PAIRS = [ [ 2, 7 ], [ 1, 4 ], [ 3, 6 ], [ 6, 9 ], [ 0, 5 ], [ 3, 12 ], [ 1, 10 ], [ 2, 12 ], [ 5, 8 ], [ 7, 9 ], [ 0, 10 ], [ 4, 8 ] ];
# InvSubBytes of (x ^ 0x63) = inversion of u = Ainv(x) (Ainv: the inverse of
# the S-box's linear part).  The middle is the same; its 22 inputs are linear
# in u, hence in x, and the bottom's outputs give A(1/u), so Ainv of them is
# the answer.  Variant 1 (Paar on the top: the 22 signals made from x at
# once, 5 XOR fewer) keeps more values live: no order of its round fits 16.
sub sbox_dec {
    my $x = shift;
    my %form = map { ("U$_" => 1 << $_) } 0 .. 7;    # bit j: depends on U_j
    bp_run($BP[0], \%form, sub { $_[0] ^ $_[1] }, sub { die });
    # u = Ainv(x) first (an 8x8 map, Paar), then Boyar and Peralta's top
    # layer as in the forward S-box: the same live values
    my $u = paar_lin(sub { $affinv[ $_[0] ] }, $x, 8, $AINV_PAIRS);
    my %e = map { ("U$_" => $u->[ 7 - $_ ]) } 0 .. 7;
    bp_run($BP[0], \%e, \&X, \&A);
    # the middle as in the forward S-box (late operands, copies of t41,
    # t43, t44), then its grouped sums (the 8 a<g>_2 of $ACC_BOT) and an
    # 8x8 map from them to Ainv(S): the forward map composed with Ainv
    bp_mid(\%e, \%form, $ENV{CTASM_BSAES_BASIS_DEC} ? [ split ' ', $ENV{CTASM_BSAES_BASIS_DEC} ] : $LATE_BASIS{dec});
    my @acc = grep { $_->[0] =~ /^a/ } @{ $BP[3] };
    bp_run(\@acc, \%e, \&X, \&A);
    my @A8 = sort grep { /^a\d\d_2$/ } map { $_->[0] } @acc;
    die "grouped bottom: not 8 sums" unless @A8 == 8;
    my %af = map { ($A8[$_] => 1 << $_) } 0 .. 7;
    bp_run([ grep { $_->[0] !~ /^a/ } @{ $BP[3] } ], \%af, sub { $_[0] ^ $_[1] }, sub { die });
    return paar_lin(sub { my $s = 0; $s |= parity($af{"S$_"} & $_[0]) << (7 - $_) for 0 .. 7; $affinv[$s] },
                    [ map { $e{$_} } @A8 ], 8);
}
# A GF(2)-linear map as lin(), but its XORs made by Paar's greedy heuristic
# (the pair of signals in most pending rows first; ties: the first pair), or
# by the pairs @$pairs in that order (signal 8 + k: the k-th XOR made).
sub paar_lin {
    my ($f, $in, $nout, $pairs) = @_;
    my @cols = map { $f->(1 << $_) } 0 .. $#$in;
    my @sig = @$in;
    my @rows = map { my $o = $_; [ grep { $cols[$_] >> $o & 1 } 0 .. $#$in ] } 0 .. $nout - 1;
    die "zero row in linear map" if grep { !@$_ } @rows;
    while (1) {
        my %cnt;
        for my $r (@rows) {
            for my $i (0 .. $#$r - 1) { $cnt{"$r->[$i] $r->[$_]"}++ for $i + 1 .. $#$r; }
        }
        last unless %cnt;
        my ($best) = sort { $cnt{$b} <=> $cnt{$a} || $a cmp $b } keys %cnt;
        my ($p, $q) = $pairs ? @{ $pairs->[ @sig - @$in ] // die "paar_lin: pinned pairs too few" } : split / /, $best;
        die "paar_lin: pinned pair ($p, $q) in no row" unless $cnt{"$p $q"};
        push @sig, X($sig[$p], $sig[$q]);
        for my $r (@rows) {
            my %h = map { ($_ => 1) } @$r;
            next unless $h{$p} && $h{$q};
            $r = [ (grep { $_ != $p && $_ != $q } @$r), $#sig ];
        }
    }
    die "paar_lin: pinned pairs too many" if $pairs && @$pairs != @sig - @$in;
    return [ map { $sig[ $_->[0] ] } @rows ];
}

# Check a circuit on all 256 inputs (each value is a 256-bit string).
sub check_sbox {
    my ($build, $want, $name) = @_;
    reset_prog();
    my @in = map { op('in', $_) } 0 .. 7;
    my $out = $build->(\@in);
    $out = linopt($out, $_) for @{ $_[3] };
    my @val;
    for my $i (0 .. $#ops) {
        my ($t, $a, $b) = @{ $ops[$i] };
        if ($t eq 'in') {
            my $s = "\0" x 32;
            vec($s, $_, 1) = ($_ >> $a) & 1 for 0 .. 255;
            $val[$i] = $s;
        } elsif ($t eq 'xor') { $val[$i] = $val[$a] ^ $val[$b]; }
        elsif ($t eq 'and')   { $val[$i] = $val[$a] & $val[$b]; }
    }
    for my $x (0 .. 255) {
        my $got = 0;
        $got |= vec($val[ $out->[$_] ], $x, 1) << $_ for 0 .. 7;
        die "$name circuit wrong at $x" unless $got == $want->($x);
    }
    my %n;
    $n{ $_->[0] }++ for @ops;
    return "$name: $n{xor} XOR + $n{and} AND";
}
# The variants the rounds try (Paar on the layers named; the inverse S-box's
# two 8x8 maps are Paar-made in paar_lin either way).
my %VARIANTS = (enc => [ [], ['bottom'] ], dec => [ [], ['top'] ]);
# The rounds' pinned schedules (see round_code): [variant, seed, eviction
# bias, order of the products' pairs] per round kind.
my %TUNE = (enc => [ 0, 34, 0.7, '', '11 13 10 9 15 12 14 8' ], dec => [ 0, 19, 0.4, '', '15 10 13 14 12 11 8 9' ], enc_last => [ 0, 22, 0.7, '' ], dec_last => [ 0, 0, 2, '' ]);
# The rounds' pinned reorderings of their list schedules (apply_order; made by
# order_search: CTASM_BSAES_TUNE_ORDER=1 improves on them, with
# CTASM_BSAES_TUNE=1 too it starts again from the list schedule).
my %ORDER = (
    enc => '9 10 11 12 14 19 15 16 17 18 25 20 21 22 23 24 26 27 28 30 29 31 32 33 35 36 37 38 39 42
           43 45 13 34 46 47 40 41 44 48 49 50 52 51 53 54 55 56 57 58 59 60 62 63 64 65 66 67 68 69
           70 71 72 73 87 94 76 77 88 89 90 91 92 98 99 100 101 104 106 78 85 86 93 102 105 96 97
           107 75 79 80 82 84 95 103 61 81 74 83 108 109 110 111 112 113 114 115 116 117 8 118 119
           120 121 122 123 124 125 126 127 128 130 129 131 132 136 134 140 133 137 138 139 142 143
           135 141 144 151 152 153 154 145 146 147 164 165 167 168 169 149 150 166 148 155 156 157
           158 159 160 161 162 163 170 171 172 173 174 175 176 177 178 180 179 181 182 183 184 185
           186 187 188 189',
    dec => '9 10 11 18 12 17 13 16 19 14 15 20 21 22 23 24 25 26 28 29 30 31 42 32 33 34 35 36 43 50 48 51 52 37
            38 41 53 54 55 57 58 45 49 56 27 44 46 59 39 40 47 60 61 62 64 63 65 66 67 68 69 70 71 72 73 74 75
            76 77 78 79 80 81 82 91 92 95 98 87 88 96 97 100 101 102 89 90 99 103 93 104 84 85 86 94 105 106 108
            109 110 112 113 114 115 118 119 120 83 116 107 117 124 125 127 126 128 129 130 131 111 134 135 138
            136 137 139 140 141 144 142 145 146 147 148 155 8 143 149 150 158 151 153 121 132 133 156 161 122
            123 152 154 157 159 160 162 163 164 165 166 167 168 169 170 171 172 173 174 175 176 177 217 218 219
            203 178 179 222 182 183 184 188 185 189 180 181 186 187 190 191 192 193 205 206 207 208 196 197 198
            199 204 194 195 200 201 202 209 210 220 211 212 213 214 215 216 221 223 224 226 225 227 228 229 230
            231 233 232 234',
    enc_last => '9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 29 28 31 32 33 35 36 37 38
                39 40 41 42 30 34 43 44 45 46 47 48 49 50 52 51 53 54 55 56 57 58 59 60 61 62 63 64
                65 66 67 68 69 70 73 74 75 79 71 72 76 77 78 80 81 98 99 100 101 102 103 84 85 87 86
                88 89 104 105 107 90 91 92 94 97 93 106 82 95 83 96 108 109 110 111 112 113 114 115
                116 117 8 118 119 120 123 121 122 124 125 126 127 128 129 130 133 131 134 132 135
                136 137 138 139 140 141 142 143 144 145 146',
    dec_last => '9 10 11 20 12 19 13 16 14 15 17 18 21 26 27 29 28 23 22 24 25 30 31 32 33 43 46 35 36 37 38 39 40 44
                 41 42 49 50 51 52 53 56 57 59 34 45 55 60 47 48 58 61 62 63 64 66 54 65 68 67 69 70 71 72 73 74 75
                 76 77 78 79 80 81 82 116 117 120 121 118 119 124 131 132 129 130 133 134 135 136 137 138 84 93 94
                 125 139 141 122 123 142 83 87 88 92 95 126 140 89 90 91 96 85 107 108 105 106 113 114 115 147 86 99
                 100 97 98 101 102 103 109 104 110 111 112 127 128 8 143 144 145 148 146 149 153 154 155 156 150 151
                 152 157 158 159 160 161',
);
# Only the variants the rounds use are checked (all of them when searching).
my %USED;
for my $k (keys %TUNE) { $USED{ ($k =~ /^dec/ ? "dec" : "enc") . $TUNE{$k}[0] } = 1; }
my @gates = ((map { check_sbox(\&sbox_enc, sub { $sbox[ $_[0] ] ^ 0x63 }, "S-box" . (@{ $VARIANTS{enc}[$_] } ? " (Paar: @{ $VARIANTS{enc}[$_] })" : ""), $VARIANTS{enc}[$_]) }
              grep { $ENV{CTASM_BSAES_TUNE} || $USED{"enc$_"} } 0 .. $#{ $VARIANTS{enc} }),
             (map { check_sbox(\&sbox_dec, sub { $isbox[ $_[0] ^ 0x63 ] }, "inverse S-box" . (@{ $VARIANTS{dec}[$_] } ? " (Paar: @{ $VARIANTS{dec}[$_] })" : ""), $VARIANTS{dec}[$_]) }
              grep { $ENV{CTASM_BSAES_TUNE} || $USED{"dec$_"} } 0 .. $#{ $VARIANTS{dec} }));

# Byte-wise multiplication by a constant, on 8 planes.
sub mulc { my ($c, $a) = @_; lin(sub { gmul($c, $_[0]) }, $a, 8) }
sub mixcolumns {
    my $a = shift;
    my @pa = map { op('rot1', $_) } @$a;
    my $t  = [ map { X($a->[$_], $pa[$_]) } 0 .. 7 ];
    my $t2 = mulc(2, $t);
    return [ map { X(X($t2->[$_], $pa[$_]), op('rot2', $t->[$_])) } 0 .. 7 ];
}
sub invmixcolumns {
    my $a = shift;
    my $w = [ map { X($a->[$_], op('rot2', $a->[$_])) } 0 .. 7 ];
    return mixcolumns(vX($a, mulc(4, $w)));
}

# ShiftRows / InvShiftRows byte indices (result byte p takes source byte idx[p]).
my @SR  = map { my ($c, $r) = (int($_ / 4), $_ % 4); 4 * (($c + $r) % 4) + $r } 0 .. 15;
my @ISR = map { my ($c, $r) = (int($_ / 4), $_ % 4); 4 * (($c - $r + 4) % 4) + $r } 0 .. 15;
# Inside the rounds the planes are row-major (byte 4*row + col), so that P1
# and P2 are one vext each; the blocks (and so the planes after the
# transpose) are column-major.  The first round's ShiftRows goes from
# column- to row-major, the last one's back: three tables per direction.
sub rm { my $p = shift; 4 * ($p % 4) + int($p / 4) }    # column-major index -> row-major
sub sr_tables {
    my @s = @_;
    return ([ map { $s[ rm($_) ] } 0 .. 15 ],             # first: column-major in, row-major out
            [ map { rm($s[ rm($_) ]) } 0 .. 15 ],         # middle
            [ map { rm($s[$_]) } 0 .. 15 ]);              # last: row-major in, column-major out
}

# One round as a program: inputs q0..q7, outputs listed in order.
sub round_prog {
    my ($dec, $last) = @_;
    reset_prog();
    my @x = map { op('in', $_) } 0 .. 7;
    my $idx = op('const', 0);
    my $s = $dec ? sbox_dec(\@x) : sbox_enc(\@x);
    my $p = [ map { op('perm', $_, $idx) } @$s ];
    return $p if $last;
    my $m = $dec ? invmixcolumns($p) : mixcolumns($p);
    return $m;
}

######################################################################
# XOR minimisation of the S-box input layer.  Every XOR of inputs is a sum of
# input planes.  The sums actually consumed (by the rest of the program)
# are re-synthesised together with Paar's greedy heuristic: repeatedly
# materialise the pair of signals that occurs in most of the pending sums.  A pair only ever joins signals that occur together
# in one sum, so the rebuilt program is still acyclic.  Rewrites @ops.
sub linopt {
    my ($outs, $mode) = @_;
    my @old = @ops;
    # The flattened region: "top" = XORs of inputs only; "bottom" = XORs that
    # feed no AND (the output basis change, and MixColumns in a round).
    my (%form, %top, %feeds);
    if ($mode eq 'bottom') {
        for my $i (reverse 0 .. $#old) {
            my $t = $old[$i][0];
            next unless $t eq 'and' || ($t eq 'xor' && $feeds{$i});
            $feeds{$_} = 1 for op_srcs($old[$i]);
        }
    }
    my $formof = sub { my $v = shift; $top{$v} ? $form{$v} : [$v] };
    for my $i (0 .. $#old) {
        my ($t, $x, $y, $tag) = @{ $old[$i] };
        next unless $t eq 'xor' && !$tag;
        if ($mode eq 'top') {
            next unless ($top{$x} || $old[$x][0] eq 'in') && ($top{$y} || $old[$y][0] eq 'in');
        } else {
            next if $feeds{$i};
        }
        my %c;
        $c{$_} ^= 1 for @{ $formof->($x) }, @{ $formof->($y) };
        $form{$i} = [ sort { $a <=> $b } grep { $c{$_} } keys %c ];
        $top{$i} = 1;
    }
    my %live;
    my @work = @$outs;
    while (@work) {
        my $v = pop @work;
        next if $live{$v}++;
        push @work, $top{$v} ? @{ $form{$v} } : op_srcs($old[$v]);
    }
    my %target;
    $target{$_} = 1 for grep { $top{$_} } @$outs;
    for my $i (grep { $live{$_} && !$top{$_} } 0 .. $#old) {
        $target{$_} = 1 for grep { $top{$_} } op_srcs($old[$i]);
    }
    # Paar: signals are "b<id>" (basis) or "n<k>" (new pair sums)
    my @tg = sort { $a <=> $b } keys %target;
    my %sets = map { my $t = $_; ($t => { map { ("b$_" => 1) } @{ $form{$t} } }) } @tg;
    my (%def, $nsig);
    $nsig = 0;
    while (1) {
        my %cnt;
        for my $t (@tg) {
            my @s = sort keys %{ $sets{$t} };
            next if @s < 2;
            for my $x (0 .. $#s - 1) { $cnt{"$s[$x] $s[$_]"}++ for $x + 1 .. $#s; }
        }
        last unless %cnt;
        my ($best) = sort { $cnt{$b} <=> $cnt{$a} || $a cmp $b } keys %cnt;
        my ($p, $q) = split / /, $best;
        my $n = "n" . $nsig++;
        $def{$n} = [ $p, $q ];
        for my $t (@tg) {
            my $s = $sets{$t};
            next unless $s->{$p} && $s->{$q};
            delete @$s{ $p, $q };
            $s->{$n} = 1;
        }
    }
    # rebuild in the old order
    reset_prog();
    my (%map, %built);
    my $build;
    $build = sub {
        my $s = shift;
        return $built{$s} //= $s =~ /^b(\d+)$/ ? $map{$1} : X($build->($def{$s}[0]), $build->($def{$s}[1]));
    };
    my $src = sub { my $v = shift; $top{$v} ? $build->((keys %{ $sets{$v} })[0]) : $map{$v} };
    for my $i (grep { $live{$_} && !$top{$_} } 0 .. $#old) {
        my @o = @{ $old[$i] };
        my $t = $o[0];
        if ($t eq 'and' || $t eq 'perm' || $t eq 'xor') { @o[1, 2] = map { $src->($_) } @o[1, 2]; }
        elsif ($t eq 'rot1' || $t eq 'rot2') { $o[1] = $src->($o[1]); }
        $map{$i} = op(@o);
    }
    return [ map { $src->($_) } @$outs ];
}

######################################################################
# List scheduling for register pressure: repeatedly emit the ready op that
# ends the most live ranges (ties: the one built first).  Rewrites @ops in
# the new order and returns the renamed outputs.
sub op_srcs {
    my ($t, @a) = @{ $_[0] };
    return () if $t eq 'in' || $t eq 'const' || $t eq 'kload';
    return $t eq 'xor' || $t eq 'and' || $t eq 'perm' ? @a[0, 1] : ($a[0]);
}
# With a nonzero $seed, ties go by a fixed pseudo-random order of the ops
# instead of the order they were built in, and an op that completes the
# operands of a later one counts $seed % 3 / 2 more: round_code tries a few
# seeds, since the greedy choice is far from optimal on the S-box circuit.
sub schedule_prog {
    my ($outs, $seed) = @_;
    my %pr;
    my $h = $seed || 0;
    for my $i (0 .. $#ops) { $h = ($h * 1103515245 + 12345 + $i) % 2147483648; $pr{$i} = $seed ? $h : $i; }
    my $look = $seed ? ($seed % 3) / 2 : 0;
    my %live;
    my @work = @$outs;
    while (@work) { my $v = pop @work; next if $live{$v}++; push @work, op_srcs($ops[$v]); }
    my (%left, %users, %done);
    for my $i (grep { $live{$_} } 0 .. $#ops) {
        for my $s (op_srcs($ops[$i])) { $left{$s}++; push @{ $users{$s} }, $i; }
    }
    $left{$_} += 1000 for @$outs;    # outputs never die inside the program
    my @order = grep { $live{$_} && ($ops[$_][0] eq 'in' || $ops[$_][0] eq 'const') } 0 .. $#ops;
    $done{$_} = 1 for @order;
    my %ready;
    my ($zdone, @zops, @zrank);
    # the key planes are loaded with a post-incremented address: in bit order
    my %kload = map { ($ops[$_][1] => $_) } grep { $ops[$_][0] eq 'kload' } 0 .. $#ops;
    my $try = sub {
        my $i = shift;
        return if $ops[$i][0] eq 'kload' && $ops[$i][1] && !$done{ $kload{ $ops[$i][1] - 1 } };
        return unless $live{$i} && !$done{$i} && !grep { !$done{$_} } op_srcs($ops[$i]);
        # a late operand (bp_mid) is made only once its product's other operand exists
        my $tag = $ops[$i][3] // '';
        return if $tag eq 'late' && grep { my $u = $_; grep { $_ != $i && !$done{$_} } op_srcs($ops[$u]) } @{ $users{$i} || [] };
        # the products' pairs one after the other, in the order of @ZORDER
        return if $tag eq 'z' && @ZORDER && $zdone < 2 * $zrank[ $ops[$i][4] ];
        $ready{$i} = 1;
    };
    $zdone = 0;
    @zops = grep { ($ops[$_][3] // '') eq 'z' } 0 .. $#ops;
    $zrank[ $ZORDER[$_] ] = $_ for 0 .. $#ZORDER;
    $try->($_) for 0 .. $#ops;
    while (%ready) {
        my ($best, $bs);
        for my $i (sort { $pr{$a} <=> $pr{$b} || $a <=> $b } keys %ready) {
            my %u = map { ($_ => 1) } grep { $ops[$_][0] ne 'const' } op_srcs($ops[$i]);
            my $s = (grep { $left{$_} == 1 } keys %u) - 1;
            $s += $look if $look && grep { my $w = $_; !grep { !$done{$_} && $_ != $i } op_srcs($ops[$w]) } @{ $users{$i} || [] };
            $s -= 2 if $ops[$i][0] eq 'kload';    # load the key late
            ($best, $bs) = ($i, $s) if !defined $bs || $s > $bs;
        }
        delete $ready{$best};
        $done{$best} = 1;
        push @order, $best;
        $left{$_}-- for op_srcs($ops[$best]);
        $try->($_) for @{ $users{$best} || [] };
        $try->($_) for grep { ($ops[$_][3] // '') eq 'late' } map { op_srcs($ops[$_]) } @{ $users{$best} || [] };
        if (($ops[$best][3] // '') eq 'z') { $zdone++; $try->($_) for @zops; }
        $try->($kload{ $ops[$best][1] + 1 }) if $ops[$best][0] eq 'kload' && $ops[$best][1] < 7;
    }
    my %new;
    @new{@order} = 0 .. $#order;
    my @nops;
    for my $i (@order) {
        my @o = @{ $ops[$i] };
        my $t = $o[0];
        if ($t eq 'xor' || $t eq 'and' || $t eq 'perm') { @o[1, 2] = @new{ @o[1, 2] }; }
        elsif ($t eq 'rot1' || $t eq 'rot2') { $o[1] = $new{ $o[1] }; }
        push @nops, \@o;
    }
    @ops = @nops;
    %cons = ();
    return [ @new{@$outs} ];
}

######################################################################
# Register allocation and emission for one program.
my $SPILL_SLOTS = 24;           # allocator limit; the frame holds only what is used
my ($rKEY, $rCONST) = ("r6", "r12");

sub dreg { my ($q, $h) = @_; "d" . (2 * $q + $h) }
# The first slots have their address in a GPR (one vld1/vst1 per access):
# r0-r4 and r7-r11, which the callers park at [sp] (ldm/stm) around the
# call; the others take a vldr/vstr pair at an sp offset.  The spill area
# starts at [sp, #SLOT0].
my @ADDR_REGS = (0 .. 4, 7 .. 11);
my $SLOT0 = 32;
sub slot_access {
    my ($one, $pair, $q, $s) = @_;
    return "\t$one\t{" . dreg($q, 0) . "-" . dreg($q, 1) . "}, [r$ADDR_REGS[$s]]\n" if $s < @ADDR_REGS;
    # relative to the last slot's register, not sp: a vstr of d8-d15 at
    # [sp, #n] would read as a callee save to the unwind data checker
    my $o = 16 * ($s - $#ADDR_REGS);
    my $r = "r$ADDR_REGS[-1]";
    return "\t$pair\t" . dreg($q, 0) . ", [$r, #$o]\n\t$pair\t" . dreg($q, 1) . ", [$r, #" . ($o + 8) . "]\n";
}
# Only the address registers of slots the rounds use are set up.
sub slot_setup { my $n = $_[0] < @ADDR_REGS ? $_[0] : @ADDR_REGS; join("", map { "\tadd\tr$ADDR_REGS[$_], sp, #" . ($SLOT0 + 16 * $_) . "\n" } 0 .. $n - 1) }

# $in->[k] = register of input plane k; $want->[b] = register output b must
# end in, or undef to leave the outputs where they are.  Returns the code,
# the spill slots used and the output registers.
# (round_code tries each of @CHEAP: 2 is plain Belady)
our $CHEAP = 2;
my @CHEAP = (2, 0.7, 0.4);
sub emit_prog {
    my ($outs, $in, $want) = @_;
    my $n = @ops;
    my (%uses, %live);
    # dead-code elimination: only what the outputs need is emitted
    my @work = @$outs;
    while (@work) { my $v = pop @work; next if $live{$v}++; push @work, op_srcs($ops[$v]); }
    for my $i (grep { $live{$_} } 0 .. $n - 1) {
        push @{ $uses{$_} }, $i for op_srcs($ops[$i]);
    }
    push @{ $uses{$_} }, $n for @$outs;    # outputs stay live to the end
    # Register hints: output b wants q_b, and so does the operand whose
    # register it can take over (the last-computed one dying there), and so on
    # upwards; this saves most of the moves at the end of the round.
    my %hint = map { ($outs->[$_] => ($want ? $want->[$_] : $in->[$_])) } 0 .. 7;
    for my $i (reverse 0 .. $n - 1) {
        next unless defined $hint{$i} && $live{$i};
        my $t = $ops[$i][0];
        next unless $t eq 'xor' || $t eq 'and' || $t eq 'rot1' || $t eq 'rot2';
        my ($last) = sort { $b <=> $a } grep { $ops[$_][0] ne 'in' && $ops[$_][0] ne 'const' } op_srcs($ops[$i]);
        next unless defined $last && !defined $hint{$last} && $uses{$last}[-1] == $i;
        $hint{$last} = $hint{$i};
    }
    my $nextuse = sub {
        my ($v, $i) = @_;
        for (@{ $uses{$v} || [] }) { return $_ if $_ > $i; }
        return 1e9;
    };
    my (@reg_of, %val_in, %slot_of, @slot_free);    # reg_of[v] = q or undef; val_in{q} = v
    @slot_free = (1) x $SPILL_SLOTS;
    my $code = "";
    my $maxslot = -1;
    # A value evicted whose operands are still live at its next use is not
    # stored but computed again there (one instruction instead of two).
    my %remat;
    my $lastuse = sub { my $u = $uses{ $_[0] } || []; @$u ? $u->[-1] : -1 };
    my $spill = sub {
        my ($v, $i) = @_;
        my $q = $reg_of[$v];
        my $t = $ops[$v][0];
        my $nu = $nextuse->($v, $i);
        if (!defined $slot_of{$v} && ($t eq 'xor' || $t eq 'and' || $t eq 'rot1' || $t eq 'rot2')
            && !grep { $lastuse->($_) < $nu } op_srcs($ops[$v])) {
            $remat{$v} = 1;
        } elsif ($t ne 'const' && !defined $slot_of{$v}) {
            my ($s) = grep { $slot_free[$_] } 0 .. $SPILL_SLOTS - 1;
            die "out of spill slots" unless defined $s;
            $slot_free[$s] = 0;
            $slot_of{$v} = $s;
            $maxslot = $s if $s > $maxslot;
            $code .= slot_access("vst1.64", "vstr", $q, $s);
        }
        delete $val_in{$q};
        $reg_of[$v] = undef;
    };
    # a free register, evicting the value used farthest ahead if none
    my $getreg = sub {
        my ($i, $excl, $pref) = @_;
        return $pref if defined $pref && !exists $val_in{$pref} && !$excl->{$pref};
        my @free = grep { !exists $val_in{$_} && !$excl->{$_} } 0 .. 15;
        return $free[0] if @free;
        # Belady, except that a value that costs no store to evict (it has a
        # slot, can be recomputed or is a constant) goes first if it is used
        # not much sooner than the farthest one.
        my ($best, $far, $cheap, $cfar) = (undef, -1, undef, -1);
        for my $q (0 .. 15) {
            next if $excl->{$q};
            my $v = $val_in{$q};
            my $f = $nextuse->($v, $i);
            ($best, $far) = ($q, $f) if $f > $far;
            my $t = $ops[$v][0];
            my $free = defined $slot_of{$v} || $t eq 'const'
                || (($t eq 'xor' || $t eq 'and' || $t eq 'rot1' || $t eq 'rot2') && !grep { $lastuse->($_) < $f } op_srcs($ops[$v]));
            ($cheap, $cfar) = ($q, $f) if $free && $f > $cfar;
        }
        $best = $cheap if defined $cheap && $far < 1e9 && $cfar - $i >= $CHEAP * ($far - $i);
        $spill->($val_in{$best}, $i);
        return $best;
    };
    my $load;
    $load = sub {
        my ($v, $q, $i, $excl) = @_;
        if ($remat{$v}) {
            delete $remat{$v};
            my %ex = (%{ $excl || {} }, $q => 1);
            for my $s (op_srcs($ops[$v])) {
                $load->($s, $getreg->($i, \%ex), $i, \%ex) unless defined $reg_of[$s];
                $ex{ $reg_of[$s] } = 1;
            }
            my @q = map { $reg_of[$_] } op_srcs($ops[$v]);
            my $t = $ops[$v][0];
            $code .= $t eq 'xor'  ? "\tveor\tq$q, q$q[0], q$q[1]\n"
                   : $t eq 'and'  ? "\tvand\tq$q, q$q[0], q$q[1]\n"
                   : $t eq 'rot1' ? "\tvext.8\tq$q, q$q[0], q$q[0], #4\n"
                   :                "\tvext.8\tq$q, q$q[0], q$q[0], #8\n";
        } elsif ($ops[$v][0] eq 'const') {
            my $off = $ops[$v][1];
            die "constant offset" if $off;    # one vld1 from [r12]
            $code .= "\tvld1.64\t{" . dreg($q, 0) . "-" . dreg($q, 1) . "}, [$rCONST]\n";
        } else {
            my $s = $slot_of{$v};
            die "value $v lost" unless defined $s;
            $code .= slot_access("vld1.64", "vldr", $q, $s);
        }
        $reg_of[$v] = $q;
        $val_in{$q} = $v;
    };
    my $release = sub {
        my ($v) = @_;
        if (defined $reg_of[$v]) { delete $val_in{ $reg_of[$v] }; $reg_of[$v] = undef; }
        if (defined $slot_of{$v}) { $slot_free[ $slot_of{$v} ] = 1; delete $slot_of{$v}; }
    };
    # CTASM_BSAES_PROFILE=1: live values after each op, to stderr (where the spills come from)
    if ($ENV{CTASM_BSAES_PROFILE}) {
        my $prof = "";
        for my $i (0 .. $n - 1) {
            next unless $live{$i} && $ops[$i][0] ne 'in' && $ops[$i][0] ne 'const';
            my $nl = grep { $live{$_} && $ops[$_][0] ne 'const' && ($_ <= $i) && $uses{$_} && $uses{$_}[-1] > $i } 0 .. $i;
            $prof .= "$ops[$i][0]$nl ";
        }
        print STDERR "profile: $prof\n";
    }
    for my $i (0 .. $n - 1) {
        my ($t, @a) = @{ $ops[$i] };
        if ($t eq 'in') { $reg_of[$i] = $in->[ $a[0] ]; $val_in{ $reg_of[$i] } = $i; next; }
        next if $t eq 'const';    # loaded on first use
        next unless $live{$i};
        my @src = op_srcs($ops[$i]);
        my %excl;
        for my $v (@src) {
            if (!defined $reg_of[$v]) { $load->($v, $getreg->($i, \%excl), $i, \%excl); }
            $excl{ $reg_of[$v] } = 1;
        }
        my @dying = grep { $nextuse->($_, $i) == 1e9 } @src;
        my %canreuse = map { ($reg_of[$_] => 1) } @dying;
        # vtbl writes its destination before reading all sources
        %canreuse = () if $t eq 'perm';
        my $pref = $hint{$i};
        my $dst;
        if (defined $pref && !exists $val_in{$pref}) { $dst = $pref; }
        elsif (defined $pref && $canreuse{$pref}) { $dst = $pref; }
        elsif (%canreuse) { ($dst) = sort { $a <=> $b } keys %canreuse; }
        else {
            my %ex = %excl;
            $dst = $getreg->($i, \%ex, $pref);
        }
        my @q = map { $reg_of[$_] } @src;
        if    ($t eq 'xor')  { $code .= "\tveor\tq$dst, q$q[0], q$q[1]\n"; }
        elsif ($t eq 'and')  { $code .= "\tvand\tq$dst, q$q[0], q$q[1]\n"; }
        elsif ($t eq 'rot1') { $code .= "\tvext.8\tq$dst, q$q[0], q$q[0], #4\n"; }
        elsif ($t eq 'rot2') { $code .= "\tvext.8\tq$dst, q$q[0], q$q[0], #8\n"; }
        elsif ($t eq 'perm') {
            my $tab = "{" . dreg($q[0], 0) . "," . dreg($q[0], 1) . "}";
            $code .= "\tvtbl.8\t" . dreg($dst, 0) . ", $tab, " . dreg($q[1], 0) . "\n\tvtbl.8\t" . dreg($dst, 1) . ", $tab, " . dreg($q[1], 1) . "\n";
        }
        elsif ($t eq 'kload') { $code .= "\tvld1.64\t{" . dreg($dst, 0) . "-" . dreg($dst, 1) . "}, [$rKEY]!\n"; }
        else { die "op $t" }
        $release->($_) for @dying;
        $reg_of[$i] = $dst;
        $val_in{$dst} = $i;
    }
    # Reload spilled outputs, then move them where they are wanted.
    for my $b (0 .. 7) {
        my $v = $outs->[$b];
        my %ex = map { ($_ => 1) } @{ $want || [] };
        $load->($v, $getreg->($n, \%ex), $n, \%ex) unless defined $reg_of[$v];
    }
    if ($want) {
        my %wanted = map { ($outs->[$_] => 1) } 0 .. 7;
        my %target = map { ($_ => 1) } @$want;
        while (1) {
            my @pending = grep { $reg_of[ $outs->[$_] ] != $want->[$_] } 0 .. 7;
            last unless @pending;
            my $moved = 0;
            for my $b (@pending) {
                my ($v, $q) = ($outs->[$b], $want->[$b]);
                next if exists $val_in{$q} && $wanted{ $val_in{$q} };
                $code .= "\tvmov\tq$q, q$reg_of[$v]\n";
                delete $val_in{ $reg_of[$v] };
                $reg_of[$v] = $q;
                $val_in{$q} = $v;
                $moved = 1;
            }
            next if $moved;
            # a cycle: park one output in a free register
            my $q = $want->[ $pending[0] ];
            my ($tmp) = grep { !exists $val_in{$_} && !$target{$_} } 0 .. 15;
            my $w = $val_in{$q};
            $code .= "\tvmov\tq$tmp, q$q\n";
            delete $val_in{$q};
            $reg_of[$w] = $tmp;
            $val_in{$tmp} = $w;
        }
    }
    return ($code, $maxslot + 1, [ map { $reg_of[$_] } @$outs ]);
}

######################################################################
# Assembly.
my $maxslots = 0;

# One round for the loop (input and output registers equal) or the last
# round (outputs anywhere).  The loop rounds keep the planes in q8-q15, so
# that the round key's 8 planes load into q0-q7 with one vldmia; which of
# q8-q15 holds which plane is chosen so that a round ends where it starts
# (the output assignment is fed back as the input one until it repeats; if
# it leaves q8-q15 or cycles, the outputs are moved back).  Returns the code
# and the assignment (plane b -> register).
#
# The schedule is a search (variant of the linear layers, tie-break seed,
# eviction bias); its result is pinned in %TUNE so that a run costs one
# schedule.  CTASM_BSAES_TUNE=1 searches again and prints the best to stderr.
my $SEEDS = $ENV{CTASM_BSAES_SEEDS} || 24;
# The round's program, scheduled ($order: the pinned reordering, see
# apply_order).
sub round_sched {
    my ($dec, $last, $opt, $seed, $zorder, $order) = @_;
    local @ZORDER = split //, $zorder // "";
    my $outs = round_prog($dec, $last);
    $outs = linopt($outs, $_) for @{ $VARIANTS{ $dec ? 'dec' : 'enc' }[$opt] };
    my $prog = schedule_prog($outs, $seed);
    return $order ? apply_order($prog, [ split ' ', $order ]) : $prog;
}
# Reorders the scheduled program: @$order lists its non-input ops in their new
# order (a topological order: checked).  Found by order_search, pinned in
# %ORDER; the list scheduler's greedy choice leaves the S-box's products and
# the bottom layer more live values than the 16 registers hold.
sub apply_order {
    my ($outs, $order) = @_;
    my @order = ((grep { $ops[$_][0] eq 'in' } 0 .. $#ops), @$order);
    my %new;
    @new{@order} = 0 .. $#order;
    die "pinned order: not a permutation of the program" unless keys %new == @ops && @order == @ops;
    my @nops;
    for my $i (@order) {
        my @o = @{ $ops[$i] };
        my $t = $o[0];
        if ($t eq 'xor' || $t eq 'and' || $t eq 'perm') { @o[1, 2] = @new{ @o[1, 2] }; }
        elsif ($t eq 'rot1' || $t eq 'rot2') { $o[1] = $new{ $o[1] }; }
        die "pinned order: an op before its operands" if grep { $_ >= @nops } op_srcs(\@o);
        push @nops, \@o;
    }
    @ops = @nops;
    %cons = ();
    return [ @new{@$outs} ];
}
sub emit_round {
    my ($dec, $last, $in, $opt, $seed, $cheap, $zorder, $start, $order) = @_;
    $in = [ split ' ', $start ] if $start && !$last;
    local $CHEAP = $cheap;
    my $prog = round_sched($dec, $last, $opt, $seed, $zorder, $order);
    return emit_fixed($prog, $in, $last);
}
# Emits a scheduled program as a last round (outputs anywhere) or as a loop
# round (see above).
sub emit_fixed {
    my ($prog, $in, $last) = @_;
    return emit_prog($prog, $in, undef) if $last;
    my %seen;
    my $pi = $in;
    while (!$seen{"@$pi"}++) {
        my ($c, $s, $out) = emit_prog($prog, $pi, undef);
        return ($c, $s, $out) if "@$out" eq "@$pi";
        last if grep { $_ < 8 } @$out;
        $pi = $out;
    }
    # no fixed point: the outputs are moved back, from the shortest start
    my @best;
    for my $k (sort keys %seen) {
        my $p2 = [ split / /, $k ];
        my @r = emit_prog($prog, $p2, $p2);
        @best = @r if !@best || ($r[0] =~ tr/\n//) < ($best[0] =~ tr/\n//);
    }
    return @best;
}
# The search behind %ORDER (CTASM_BSAES_TUNE=1): from the list schedule (or
# the pinned order), move one op at a time to another place between its
# operands and its first user, and keep the move unless the round gets longer
# (its instructions, then its spill slots); a fixed pseudo-random sequence,
# CTASM_BSAES_ORDER_ITERS moves.
sub order_search {
    my ($dec, $last, $in, $p, $order0) = @_;
    local $CHEAP = $p->[2];
    my $prog = round_sched($dec, $last, $p->[0], $p->[1], $p->[3], undef);
    my @base = @ops;
    my $in2 = $p->[4] && !$last ? [ split ' ', $p->[4] ] : $in;
    my @cur = $order0 ? split(' ', $order0) : grep { $ops[$_][0] ne 'in' } 0 .. $#ops;
    my %users;
    for my $i (0 .. $#base) { push @{ $users{$_} }, $i for op_srcs($base[$i]); }
    my $cost = sub {
        @ops = @base;
        my $pr = apply_order($prog, $_[0]);
        my ($c, $sl) = emit_fixed($pr, $in2, $last);
        # then the live values beyond 16 summed over the ops (a slope to follow)
        my (%left, $nl, $ex);
        $left{$_}++ for map { op_srcs($_) } @ops;
        $left{$_} += 1000 for @$pr;
        ($nl, $ex) = (0, 0);
        for my $o (@ops) {
            my @s = op_srcs($o);
            my $before = $nl;
            $nl -= grep { --$left{$_} == 0 } @s;
            $nl++;
            my $need = $o->[0] eq 'perm' ? $before + 1 : $nl > $before ? $nl : $before;
            $ex += $need - 16 if $need > 16;
        }
        return ($c =~ tr/\n//) + $sl / 100 + $ex / 100000;
    };
    my $now = $cost->(\@cur);
    my ($best, @bestord) = ($now, @cur);
    print STDERR "bsaes-armv7 order: start $best\n";
    # CTASM_BSAES_ORDER_TEMP: early on, moves up to that many instructions
    # longer are kept too (the allowance falls to 0 over the run)
    my $iters = $ENV{CTASM_BSAES_ORDER_ITERS} // 3000;
    my $temp = $ENV{CTASM_BSAES_ORDER_TEMP} // 0;
    my $h = $ENV{CTASM_BSAES_ORDER_SEED} // 12345;
    for my $it (1 .. $iters) {
        $h = ($h * 1103515245 + 12345) % 2147483648;
        my $k = ($h >> 12) % @cur;
        my @a = @cur;
        my ($v) = splice(@a, $k, 1);
        my %pos;
        @pos{@a} = 0 .. $#a;
        my ($lo, $hi) = (0, scalar @a);
        for (op_srcs($base[$v])) { $lo = $pos{$_} + 1 if defined $pos{$_} && $pos{$_} + 1 > $lo; }
        for (@{ $users{$v} || [] }) { $hi = $pos{$_} if defined $pos{$_} && $pos{$_} < $hi; }
        $h = ($h * 1103515245 + 12345) % 2147483648;
        my $j = $lo + ($h >> 12) % ($hi - $lo + 1);
        next if $j == $k;
        splice(@a, $j, 0, $v);
        my $n = $cost->(\@a);
        $h = ($h * 1103515245 + 12345) % 2147483648;
        next if $n > $now + $temp * (1 - $it / $iters) * (($h >> 12) % 1000) / 1000;
        ($now, @cur) = ($n, @a);
        next unless $n < $best;
        print STDERR "bsaes-armv7 order: move $it: $n\n";
        ($best, @bestord) = ($n, @a);
    }
    @cur = @bestord;
    @ops = @base;
    return join(" ", @cur);
}
sub round_code {
    my ($dec, $last, $in) = @_;
    my $key = ($dec ? "dec" : "enc") . ($last ? "_last" : "");
    my @p = @{ $TUNE{$key} };
    if ($ENV{CTASM_BSAES_TUNE} && ($ENV{CTASM_BSAES_TUNE_ONLY} // $key) eq $key) {
        my $bn;
        for my $opt (defined $ENV{CTASM_BSAES_VARIANT} ? $ENV{CTASM_BSAES_VARIANT} : 0 .. $#{ $VARIANTS{ $dec ? 'dec' : 'enc' } }) {
            # orders of the products' pairs: free, and a few fixed shuffles
            my @zo = ("");
            my $h = 1;
            for (1 .. ($dec ? 0 : $ENV{CTASM_BSAES_ZORDERS} // 8)) {
                my @g = 0 .. 8;
                for my $k (reverse 1 .. 8) { $h = ($h * 1103515245 + 12345) % 2147483648; my $j = $h % ($k + 1); @g[ $k, $j ] = @g[ $j, $k ]; }
                push @zo, join("", @g);
            }
            for my $seed (($ENV{CTASM_BSAES_SEED0} // 0) .. $SEEDS) {
                for my $ch (@CHEAP) {
                    for my $z (@zo) {
                        my ($c) = emit_round($dec, $last, $in, $opt, $seed, $ch, $z);
                        my $n = $c =~ tr/\n//;
                        ($bn, @p) = ($n, $opt, $seed, $ch, $z) if !defined $bn || $n < $bn;
                    }
                }
            }
        }
        # starting assignments of the planes to q8-q15 (a fixed point saves the moves)
        my $h = 7;
        for (1 .. ($last ? 0 : $ENV{CTASM_BSAES_STARTS} // 40)) {
            my @g = 8 .. 15;
            for my $k (reverse 1 .. 7) { $h = ($h * 1103515245 + 12345) % 2147483648; my $j = $h % ($k + 1); @g[ $k, $j ] = @g[ $j, $k ]; }
            my ($c) = emit_round($dec, $last, $in, @p[ 0 .. 3 ], "@g");
            my $n = $c =~ tr/\n//;
            ($bn, $p[4]) = ($n, "@g") if $n < $bn;
        }
        print STDERR "bsaes-armv7 tune: $key => [ " . join(", ", map { "'$_'" } @p) . " ] ($bn instructions)\n";
    }
    # the pinned order belongs to the pinned schedule and circuit
    my $mine = ($ENV{CTASM_BSAES_TUNE_ONLY} // $key) eq $key;
    my $order = ($ENV{CTASM_BSAES_TUNE} && $mine) || (($ENV{CTASM_BSAES_BASIS} && !$dec) || ($ENV{CTASM_BSAES_BASIS_DEC} && $dec) || $ENV{CTASM_BSAES_BOT} || $ENV{CTASM_BSAES_GCOPY} || ($ENV{CTASM_BSAES_NOORDER} // '') =~ /^(1|.*\b$key\b.*)$/) ? undef : $ORDER{$key};
    if ($ENV{"CTASM_BSAES_ORDER_" . uc $key}) {
        # an order of the pinned program's ops (util/bsaes_order.py), made an
        # order of the list schedule's ones
        my @full = (0 .. 7, split(' ', $order // join(" ", 8 .. 999)));
        $order = join(" ", map { $full[$_] } split(' ', $ENV{"CTASM_BSAES_ORDER_" . uc $key}));
    }
    if ($ENV{CTASM_BSAES_TUNE_ORDER} && $mine) {
        $order = order_search($dec, $last, $in, \@p, $order);
        print STDERR "bsaes-armv7 order: $key => '$order'\n";
    }
    if ($ENV{CTASM_BSAES_DUMP}) {
        # the round's program in its pinned order, for util/bsaes_order.py
        local $CHEAP = $p[2];
        my $prog = round_sched($dec, $last, @p[ 0, 1, 3 ], $order);
        open(my $f, ">", "$ENV{CTASM_BSAES_DUMP}.$key") or die "dump: $!";
        print $f "in " . ($last || !$p[4] ? "@$in" : $p[4]) . "\n";
        print $f join(" ", "op", $_, map { $_ // "" } @{ $ops[$_] }) . "\n" for 0 .. $#ops;
        print $f "out @$prog\n";
        close $f;
    }
    my ($c, $slots, $asg) = emit_round($dec, $last, $in, @p[ 0 .. 4 ], $order);
    $maxslots = $slots if $slots > $maxslots;
    my $count = () = $c =~ /\n/g;
    return ("\t@ " . ($last ? "last " : "") . ($dec ? "inverse " : "") . "round: $count instructions, $slots spill slots\n" . $c, $asg, $slots);
}
# The round key (8 planes at [r6]) into q0-q7 and onto the planes in @$R.
sub add_key_planes {
    my $R = shift;
    die "planes not in q8-q15" if grep { $_ < 8 } @$R;
    return "\tvldmia\tr6!, {d0-d15}\n" . join("", map { "\tveor\tq$R->[$_], q$R->[$_], q$_\n" } 0 .. 7);
}

# Exchanges the bits of b under mask m with the bits of a under m << n
# (m = 0x55, 0x33, 0x0f per byte, so m << n = ~m): two shifts and two
# bitwise selects (vbit inserts where the mask is set, vbif where it is clear).
sub swapmove {
    my ($a, $b, $n, $m, $t, $u) = @_;
    return "\tvshr.u64\tq$t, q$a, #$n\n\tvshl.u64\tq$u, q$b, #$n\n"
         . "\tvbit\tq$b, q$t, q$m\n\tvbif\tq$a, q$u, q$m\n";
}
# 8x8 bit transpose per byte position: (register n, bit b) <-> (register b, bit n).
# Bit transpose per byte position of the 8 registers @$R: (row n, bit b) <->
# (row b, bit n), row n being register R[n].  Masks and temporaries come
# from the other registers.
sub transpose {
    my $R = shift;
    my %in = map { ($_ => 1) } @$R;
    my ($m1, $m2, $t0, $t1) = grep { !$in{$_} } 0 .. 15;
    my $s = "\tvmov.i8\tq$m1, #0x55\n\tvmov.i8\tq$m2, #0x33\n";
    my $pairs = sub { my $n = shift; map { [ @$R[ $_, $_ + $n ] ] } grep { !($_ & $n) } 0 .. 7 };
    for my $l ([ 1, $m1 ], [ 2, $m2 ]) {
        $s .= swapmove(@$_, $l->[0], $l->[1], $t0, $t1) for $pairs->($l->[0]);
    }
    # nibbles: shift-and-insert keeps the other half of each byte (3, not 4)
    $s .= "\tvmov\tq$t0, q$_->[1]\n\tvsri.8\tq$_->[1], q$_->[0], #4\n\tvsli.8\tq$_->[0], q$t0, #4\n" for $pairs->(4);
    return $s;
}
# XOR the round key at [r6] (post-incremented if $inc) into the registers @$R.
sub add_key {
    my ($R, $inc) = @_;
    my %in = map { ($_ => 1) } @$R;
    my ($k) = grep { !$in{$_} } 0 .. 15;
    return "\tvld1.64\t{" . dreg($k, 0) . "-" . dreg($k, 1) . "}, [r6]" . ($inc ? "!" : "") . "\n"
         . join("", map { "\tveor\tq$_, q$_, q$k\n" } @$R);
}
sub qlist { join(", ", map { "q$_" } @_) }

my $gate_comment = join("", map { "\@ $_\n" } @gates);
$code .= <<___;
.ctasm_text
$gate_comment
___

# Block n enters the cores in register $BLK_IN{$name}[n] and leaves in
# $BLK_OUT{$name}[n] (the rows of the first and last transposes).
my (%BLK_IN, %BLK_OUT);
my ($ENC_BATCH, $ENC_TABLES, $ENC_SLOTS);
my $DEC_SLOTS;    # the decryption core's spill slots (none: CBC parks no registers)    # the encryption core, inlined into CTR's batch loop, and its tables
for my $dec (0, 1) {
    my $name = $dec ? "decrypt" : "encrypt";
    my $tab  = ".Lbs_$name";
    my @tabs = sr_tables($dec ? @ISR : @SR);
    # CTR (the only user of the encryption core) hands over its counter blocks
    # with each word in native order, and its first round key likewise
    # (ctasm_bsaes_expand_key, ctr != 0): the planes hold the state with the
    # bytes of each word reversed, which the first round's ShiftRows table
    # undoes (8 vrev32 a batch fewer).
    $tabs[0] = [ map { 4 * int($_ / 4) + 3 - $_ % 4 } @{ $tabs[0] } ] unless $dec;
    my @which = qw(first middle last);
    my ($mid, $pi, $s1)     = round_code($dec, 0, [ 8 .. 15 ]);
    my ($last, $sigma, $s2) = round_code($dec, 1, $pi);
    ($BLK_IN{$name}, $BLK_OUT{$name}) = ($pi, $sigma);
    $DEC_SLOTS = $s1 > $s2 ? $s1 : $s2 if $dec;
    # the pinned inverse rounds fit the 16 registers too (util/bsaes_order.py)
    die "the inverse rounds spill ($s1, $s2 slots)" if $dec && ($s1 || $s2)
        && !grep { $ENV{"CTASM_BSAES_$_"} } qw(TUNE TUNE_ORDER NOORDER BOT GCOPY BASIS_DEC ORDER_DEC ORDER_DEC_LAST);
    # (next to its user: adr reaches only so far)
    my $tables = <<___;
.ctasm_align 16
$tab:
${\ join("", map { "\t.byte\t" . join(",", @{ $tabs[$_] }) . "\t@ " . ($dec ? "InvShiftRows" : "ShiftRows") . ", $which[$_] round\n" } 0 .. 2) }
___
    $dec ? ($code .= $tables) : ($ENC_TABLES = $tables);
    my $km = add_key_planes($pi);
    if (!$dec) {
        # Inlined into CTR, whose registers it keeps: its spill slots must be
        # the ones r0-r3 address (set once per call).
        die "encryption rounds use more than 4 spill slots" if $s1 > 4 || $s2 > 4;
        $ENC_SLOTS = $s1 > $s2 ? $s1 : $s2;
        # the pinned forward rounds fit the 16 registers (util/bsaes_order.py)
        die "the forward rounds spill ($s1, $s2 slots)" if $ENC_SLOTS
            && !grep { $ENV{"CTASM_BSAES_$_"} } qw(TUNE TUNE_ORDER NOORDER BOT GCOPY BASIS ORDER_ENC ORDER_ENC_LAST);
        # r4 = expanded key; lr (set once per call) = 2 * c + (N == 12), c
        # = 8, 11, 12: the loop runs 4 key + round pairs a pass while r5 = c
        # stays positive, AES-192 enters it half-way (2 + 4 + 4 = 10 = N - 2).
        $ENC_BATCH = <<___;
@ the encryption core: block n in q(${\ join(",", @$pi) })[n], out in q(${\ join(",", @$sigma) })[n]
	add	r6, r4, #16
	.ctasm_adr	$rCONST, $tab
${\ add_key($pi, 1) }
${\ transpose($pi) }
@ round 1: its key was added to the blocks
$mid
	add	$rCONST, $rCONST, #16
	lsrs	r5, lr, #1
	bcs	.Lencrypt8_half
.Lencrypt8_round:			@ 4 rounds a pass: N - 2 = 8, 10 (from half-way), 12
$km$mid
$km$mid
.Lencrypt8_half:
$km$mid
$km$mid
	subs	r5, r5, #4
	bgt	.Lencrypt8_round
	add	$rCONST, $rCONST, #16
$km$last
${\ transpose($sigma) }
${\ add_key($sigma, 0) }
___
        next;
    }
    $code .= <<___;
@ _bsaes_${name}8: block n in q(${\ join(",", @$pi) })[n], out in q(${\ join(",", @$sigma) })[n];
@ r4 = bsaes key.  Clobbers r5, r6, r12, q0-q15${\ ($s1 || $s2 ? " and r0-r4, r7-r11 and the spill area at\n@ [sp, #$SLOT0] of the caller" : "") }.  Plane b lives in the register of row b.
.ctasm_align 16
.ctasm_proc _bsaes_${name}8, caller_frame=${\ ($SLOT0 + 16 * ($s1 > $s2 ? $s1 : $s2)) }
	ldr	r5, [r4]
	add	r6, r4, #16
	.ctasm_adr	$rCONST, $tab
${\ add_key($pi, 1) }
${\ transpose($pi) }
${\ slot_setup($s1 > $s2 ? $s1 : $s2) }
@ round 1: its key was added to the blocks
$mid
	add	$rCONST, $rCONST, #16
	sub	r5, r5, #2
.L${name}8_round:			@ twice: N - 2 is even for N = 10, 12, 14
$km$mid
$km$mid
	subs	r5, r5, #2
	bne	.L${name}8_round
	add	$rCONST, $rCONST, #16
$km$last
${\ transpose($sigma) }
${\ add_key($sigma, 0) }
.ctasm_ret
.ctasm_endproc
___
}
# Spill area: the slots the rounds use, rounded so that the frame stays a
# multiple of 32 bytes for the wipe.
my $SPILL = 32 * int($maxslots / 2 + 0.5);

# Frame of the entry points: the callers' r4, r7-r11 while a core runs,
# spill slots, 8 result blocks, 9 input blocks (padded to a multiple of 32).
my $KS    = $SLOT0 + $SPILL;
my $BUF   = $KS + 128;
my $FRAME = $BUF + 160;
my $ARG5  = $FRAME + 64 + 40;    # vsave d8-d15, save r3-r11,lr

# Zero the whole frame (it held keystream, plaintext and state planes):
# $FRAME/32 stores of 32 bytes.
sub wipe_frame {
    my $x = shift;
    return "\tveor\tq0, q0, q0\n\tveor\tq1, q1, q1\n\tmov\tr3, sp\n\tmov\tr12, #" . ($FRAME / 32) . "\n"
         . ".Lwipe$x:\n\tvst1.64\t{d0-d3}, [r3]!\n\tsubs\tr12, r12, #1\n\tbne\t.Lwipe$x\n";
}
die "frame not a multiple of 32" if $FRAME % 32;

$code .= ".ctasm_align 16\n.Lbs_rowmajor:\n\t.byte\t" . join(",", map { rm($_) } 0 .. 15) . "\t@ key bytes to row-major\n";

# ctasm_bsaes_expand_key(out, bsaes_key, ctr): the expanded key the cores read
# (see "Key" above), made once per key by set_*_key (tier_armv7.cc).  ctr != 0
# puts round key 0 in the counter blocks' byte order (each word reversed, as
# CTR hands them over).  A leaf: q0-q2 and q8-q15 only.
# Constant time: its only branches are on the round count (word 0 of the
# form, N - 1 passes of .Lexpand) and on the ctr flag, both public; the
# vtbl.8 indexes (d4-d5) are the constant .Lbs_rowmajor table, the key bytes
# (d0-d1) only the table data it selects from; the rest is vrev32, shifts
# (vshl/vshr) and stores to fixed offsets from out, so no branch and no
# address depends on a key byte.
$code .= <<___;
.ctasm_align 16
.ctasm_proc ctasm_bsaes_expand_key, global
	.ctasm_adr	r12, .Lbs_rowmajor
	vld1.64	{d4-d5}, [r12]
	ldr	r3, [r1]
	vld1.64	{d0-d3}, [r1]!
	cmp	r2, #0
	beq	.Lexpand_order
	vrev32.8	q1, q1
.Lexpand_order:
	vst1.64	{d0-d3}, [r0]!
	sub	r3, r3, #1
.Lexpand:
	vld1.64	{d0-d1}, [r1]!
	vtbl.8	d2, {d0,d1}, d4
	vtbl.8	d3, {d0,d1}, d5
${\ join("", map { my $q = 8 + $_; ($_ == 7 ? "" : "\tvshl.i8\tq$q, q1, #" . (7 - $_) . "\n") . "\tvshr.s8\tq$q, q" . ($_ == 7 ? 1 : $q) . ", #7\n" } 0 .. 7) }
	vst1.64	{d16-d19}, [r0]!
	vst1.64	{d20-d23}, [r0]!
	vst1.64	{d24-d27}, [r0]!
	vst1.64	{d28-d31}, [r0]!
	subs	r3, r3, #1
	bne	.Lexpand
	vld1.64	{d0-d1}, [r1]
	vst1.64	{d0-d1}, [r0]
.ctasm_ret
.ctasm_endproc
___

# ctasm_bsaes_ctr32_encrypt_blocks(in, out, blocks, key, ivec): 8 counter blocks
# per batch; a short last batch still computes all 8 and uses the first ones.
# The encryption core is inlined; registers through the call: r0-r3 = spill
# slot addresses (as many as its rounds use: none now), r4 = expanded key, r7 = in, r8 = out, r9 = blocks left,
# r10/r11 = the next counter block / the counter step (at [sp, #BUF]),
# lr = 2 * (round pairs for the core's loop) + 1 for AES-192 (see $ENC_BATCH).
$code .= <<___;
$ENC_TABLES
.ctasm_align 16
.ctasm_proc ctasm_bsaes_ctr32_encrypt_blocks, global, save=r3-r11,lr, vsave=d8-d15, frame=$FRAME
	ldr	r10, [sp, #$ARG5]		@ ivec
	cmp	r2, #0
	beq	.Lctr_done
	mov	r7, r0
	mov	r8, r1
	mov	r9, r2
	mov	r4, r3
	vld1.8	{d0-d1}, [r10]
	vrev32.8	q0, q0			@ the counter block, each word in native order
	vmov.i32	q1, #1
	vmov.i32	d2, #0
	vshl.i64	d3, d3, #32			@ q1 = (0, 0, 0, 1): counter + 1
	add	r10, sp, #$BUF
	add	r11, sp, #${\ ($BUF + 16) }
	vst1.64	{d0-d3}, [r10]
	ldr	r5, [r4]			@ N = 10, 12, 14: lr = 16, 23, 24
	sub	lr, r5, #2
	lsl	lr, lr, #1
	cmp	r5, #12
	addeq	lr, lr, #3
${\ slot_setup($ENC_SLOTS) }
.Lctr_batch:
___
{
    my ($pi, $sigma) = ($BLK_IN{encrypt}, $BLK_OUT{encrypt});
    # 8 counter blocks by 32-bit lane additions (the counter wraps as in
    # ctr32), left in native word order (the first round undoes it); the
    # next batch's first block goes back to the buffer.
    my %in = map { ($_ => 1) } @$pi;
    my ($one) = grep { !$in{$_} } 0 .. 15;
    $code .= "\tvld1.64\t{" . dreg($pi->[0], 0) . "-" . dreg($pi->[0], 1) . "}, [r10]\n"
           . "\tvld1.64\t{" . dreg($one, 0) . "-" . dreg($one, 1) . "}, [r11]\n";
    $code .= "\tvadd.i32\tq$pi->[$_], q$pi->[$_ - 1], q$one\n" for 1 .. 7;
    $code .= "\tvadd.i32\tq$one, q$pi->[7], q$one\n\tvst1.64\t{" . dreg($one, 0) . "-" . dreg($one, 1) . "}, [r10]\n";
    $code .= $ENC_BATCH;
    # A whole batch is XORed into the output straight from the registers
    # (keystream in the registers of @$sigma, input in the others); only a
    # short last batch goes through the keystream buffer.
    my %ks = map { ($_ => 1) } @$sigma;
    my @free = grep { !$ks{$_} } 0 .. 15;
    $code .= "\tsubs\tr9, r9, #8\n\tblo\t.Lctr_short\n";
    # blocks in consecutive even-odd register pairs move two at a time
    my @groups;
    for (my $i = 0; $i < 8; $i++) {
        if ($i < 7 && $free[$i] % 2 == 0 && $free[ $i + 1 ] == $free[$i] + 1) { push @groups, [ $free[$i], $free[$i] + 1 ]; $i++; }
        else { push @groups, [ $free[$i] ]; }
    }
    my $dl = sub { "{" . dreg($_[0][0], 0) . "-" . dreg($_[0][-1], 1) . "}" };
    $code .= "\tvld1.8\t" . $dl->($_) . ", [r7]!\n" for @groups;
    $code .= "\tveor\tq$free[$_], q$free[$_], q$sigma->[$_]\n" for 0 .. 7;
    $code .= "\tvst1.8\t" . $dl->($_) . ", [r8]!\n" for @groups;
    $code .= "\tbne\t.Lctr_batch\n\tb\t.Lctr_wipe\n.Lctr_short:\n\tadd\tr3, sp, #$KS\n";
    $code .= "\tvst1.64\t{" . dreg($_, 0) . "-" . dreg($_, 1) . "}, [r3]!\n" for @$sigma;
}
$code .= <<___;
	add	r3, sp, #$KS
	add	r2, r9, #8			@ 1..7 blocks left
.Lctr_xor:
	vld1.8	{d0-d1}, [r7]!
	vld1.64	{d2-d3}, [r3]!
	veor	q0, q0, q1
	vst1.8	{d0-d1}, [r8]!
	subs	r2, r2, #1
	bne	.Lctr_xor
.Lctr_wipe:
${\ wipe_frame("_ctr") }
.Lctr_done:
.ctasm_ret
.ctasm_endproc
___

# ctasm_bsaes_cbc_decrypt(in, out, len, key, ivec): the key expanded by
# ctasm_bsaes_expand_key (ctr = 0); buffer B at [sp, #BUF] holds
# the previous ciphertext (IV) then this batch's ciphertexts, so in == out
# works and a short batch reads only what it has.
$code .= <<___;
.ctasm_align 16
.ctasm_proc ctasm_bsaes_cbc_decrypt, global, save=r3-r11,lr, vsave=d8-d15, frame=$FRAME
	ldr	r10, [sp, #$ARG5]		@ ivec
	lsrs	r9, r2, #4			@ blocks
	beq	.Lcbc_done
	mov	r7, r0
	mov	r8, r1
	mov	r4, r3
	vld1.8	{d0-d1}, [r10]
	add	r3, sp, #$BUF
	vst1.64	{d0-d1}, [r3]
.Lcbc_batch:
	cmp	r9, #8
	movhs	r11, #8
	movlo	r11, r9
	sub	r9, r9, r11
	add	r3, sp, #${\ ($BUF + 16) }
	mov	r2, r11
.Lcbc_load:
	vld1.8	{d0-d1}, [r7]!
	vst1.64	{d0-d1}, [r3]!
	subs	r2, r2, #1
	bne	.Lcbc_load
	add	r3, sp, #${\ ($BUF + 16) }
${\ join("", map { "\tvld1.64\t{" . dreg($_, 0) . "-" . dreg($_, 1) . "}, [r3]!\n" } @{ $BLK_IN{decrypt} }) }
${\ ($DEC_SLOTS ? "\tstm\tsp, {r4, r7-r11}\n" : "") }	bl	_bsaes_decrypt8
${\ ($DEC_SLOTS ? "\tldm\tsp, {r4, r7-r11}\n" : "") }	add	r3, sp, #$KS
${\ join("", map { "\tvst1.64\t{" . dreg($_, 0) . "-" . dreg($_, 1) . "}, [r3]!\n" } @{ $BLK_OUT{decrypt} }) }
	add	r3, sp, #$KS
	add	r2, sp, #$BUF
	mov	r0, r11
.Lcbc_xor:
	vld1.64	{d0-d1}, [r3]!
	vld1.64	{d2-d3}, [r2]!
	veor	q0, q0, q1
	vst1.8	{d0-d1}, [r8]!
	subs	r0, r0, #1
	bne	.Lcbc_xor
	vld1.64	{d0-d1}, [r2]			@ last ciphertext = next IV
	add	r2, sp, #$BUF
	vst1.64	{d0-d1}, [r2]
	cmp	r9, #0
	bne	.Lcbc_batch
	vst1.8	{d0-d1}, [r10]
${\ wipe_frame("_cbc") }
.Lcbc_done:
.ctasm_ret
.ctasm_endproc
___

finish();
