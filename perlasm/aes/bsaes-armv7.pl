#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# bsaes-armv7.pl -- bitsliced AES for ARMv7 NEON, 8 blocks per batch
# (after E. Kasper and P. Schwabe, "Faster and Timing-Attack Resistant
# AES-GCM", CHES 2009).  No table lookups, no data-dependent branches.
#
# Bitsliced layout.  A batch of 8 blocks sits in 8 q registers (rows); an
# 8x8 bit transpose per byte position (three layers of "swapmove") turns
# them into 8 bit planes:  plane b (row b's register), byte p, bit n = bit b
# of byte p of block n.
# Byte p = 4*column + row as in the AES state, so on every plane
#   ShiftRows       = vtbl.8 byte permutation,
#   P1 (row r <- r+1 inside a column) = rotate each 32-bit word by 8 bits,
#   P2 (row r <- r+2)                  = vrev32.16,
# and MixColumns(a) = 2t ^ P1(a) ^ P2(t) with t = a ^ P1(a); multiplying
# by a constant mixes planes (a fixed GF(2)-linear map on the 8 planes).
# InvMixColumns = MixColumns o (5 + 4 P2), so it is a small prefix to it.
#
# S-box circuits.  SubBytes is computed as inversion in a tower field
# GF(((2^2)^2)^2) (each level  z^2 + z + const  over the one below),
# sandwiched between GF(2)-linear maps: standard basis -> tower basis, and
# tower -> affine(x) (encryption) or the inverse maps (decryption).  The
# script finds the tower constants and the basis change itself, builds the
# circuit from AND/XOR gates and checks it on all 256 inputs before emitting
# anything.  The 0x63 of SubBytes is not computed: it is folded into the
# round keys (it passes (Inv)MixColumns unchanged as 2^3^1^1 = 1).
#
# Straight-line code.  One round is a straight-line program over plane
# values (hash-consed, so shared subexpressions are built once).  At
# generation time it is optionally XOR-minimised (Paar's greedy heuristic on
# the top and bottom linear layers), list-scheduled for register pressure and
# mapped onto the 16 q registers by a small allocator that spills the value
# used farthest ahead (Belady) to the stack.  Values that would have to
# survive the GF(16) inversion (the XOR sums of the multiplier operands) can
# instead be recomputed after it: one XOR each instead of a store and a load.
# Which registers hold the planes is itself chosen so that a round ends where
# the next one starts (no moves);
# the callers load and store blocks in the registers the cores report.  Of
# the variants the shortest is emitted; the instruction counts are printed in
# the output.
#
# Performance (dynamic instructions under qemu-arm, util/count_insns.py; a
# count, not a time): AES-128-CTR 22.61/B at 8 KiB,
# 26.34/B at 256 B (was 23.28 and 27.01 with round 275 and 6 spill slots;
# BoringSSL's bsaes-armv7: 17.59/B at 8 KiB, round 208); CBC decryption
# 24.11/B at 8 KiB (was 24.43).  Round 266 instructions, inverse round 288,
# 3 spill slots.  What is left over BoringSSL: the S-box (149 gates here),
# the key planes made every round (15 shifts) and 2-instruction row rotations.
#
# Key (made by vpaes_*_key_to_bsaes in vpaes-armv7.pl): word 0 = rounds N,
# bytes 16.. = N+1 round keys (16 bytes each, 0x63 folded), size 16*(N+2).
# The first and last keys are added to whole blocks outside the bitsliced
# domain; a middle key is expanded to planes on the fly (plane b byte p =
# 0xff iff bit b of key byte p: vshl then arithmetic vshr), which keeps the
# key small (at most 256 bytes) at 15 shifts per round.
#
# GPR plan inside the 8-block cores: r4 = key, r5 = rounds left, r6 = next
# round key, r12 = constants (ShiftRows index), r0..r3 = addresses of the
# first four spill slots.  Callers keep their state in r7..r11.
# Frame: [sp, #0 .. SPILL) spill slots, then buffers (see the entry points).

use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin, "$FindBin::RealBin/../lib";
use AesField qw(gmul ginv aff);
use Perlasm qw($code finish);

Perlasm::open_output("arm", @ARGV);

######################################################################
# GF(2^8), AES polynomial, in plain Perl.
my @sbox = map { aff(ginv($_)) ^ 0x63 } 0 .. 255;
die "S-box self-check" unless $sbox[0] == 0x63 && $sbox[1] == 0x7c && $sbox[0x53] == 0xed;
my (@isbox, @affinv);
$isbox[ $sbox[$_] ] = $_ for 0 .. 255;
$affinv[ aff($_) ] = $_ for 0 .. 255;

######################################################################
# The tower field, numerically.  GF(4) = {l + h*w}, w^2 = w + 1 (bits h,l).
# GF(16) = {A0 + A1*v}, v^2 = v + mu (A1 high 2 bits); GF(256) = {b + a*y},
# y^2 = y + lambda (a high nibble).  Multiplication at each level:
#   (x1 z + x0)(y1 z + y0) = (x1y1 + x1y0 + x0y1) z + (k x1y1 + x0y0), k = const
sub t4mul {
    my ($x, $y) = @_;
    my ($x1, $x0, $y1, $y0) = ($x >> 1, $x & 1, $y >> 1, $y & 1);
    return ((($x1 & $y1) ^ ($x1 & $y0) ^ ($x0 & $y1)) << 1) | (($x1 & $y1) ^ ($x0 & $y0));
}
my ($mu, $lambda);
sub t16mul {
    my ($x, $y) = @_;
    my ($x1, $x0, $y1, $y0) = ($x >> 2, $x & 3, $y >> 2, $y & 3);
    my $p = t4mul($x1, $y1);
    return ($p ^ t4mul($x1, $y0) ^ t4mul($x0, $y1)) << 2 | (t4mul($mu, $p) ^ t4mul($x0, $y0));
}
sub t256mul {
    my ($x, $y) = @_;
    my ($x1, $x0, $y1, $y0) = ($x >> 4, $x & 15, $y >> 4, $y & 15);
    my $p = t16mul($x1, $y1);
    return ($p ^ t16mul($x1, $y0) ^ t16mul($x0, $y1)) << 4 | (t16mul($lambda, $p) ^ t16mul($x0, $y0));
}
# z^2 + z + k irreducible over the field below <=> no root there
# Every valid (mu, lambda, root) gives a correct circuit; which one is used
# only changes the gate count.  @TOWER indexes the valid choices; the values
# here gave the shortest rounds in a search over all 2 x 8 x 8 of them.
my @TOWER = (0, 1, 4);
my @mus     = grep { my $k = $_; !grep { t4mul($_, $_) ^ $_ ^ $k ? 0 : 1 } 0 .. 3 } 1 .. 3;
$mu = $mus[ $TOWER[0] ];
my @lambdas = grep { my $k = $_; !grep { t16mul($_, $_) ^ $_ ^ $k ? 0 : 1 } 0 .. 15 } 1 .. 15;
$lambda = $lambdas[ $TOWER[1] ];
die "tower constants" unless @mus == 2 && @lambdas == 8;
# A root r of x^8 + x^4 + x^3 + x + 1 in the tower gives the isomorphism
# M: sum s_m x^m -> sum s_m r^m (standard basis -> tower basis).
my (@M, @Minv);
{
    my @roots;
    for my $cand (2 .. 255) {
        my @pw = (1);
        push @pw, t256mul($pw[-1], $cand) for 1 .. 8;
        push @roots, $cand if ($pw[8] ^ $pw[4] ^ $pw[3] ^ $pw[1] ^ $pw[0]) == 0;
    }
    die "roots" unless @roots == 8;
    my $r = $roots[ $TOWER[2] ];
    my @pw = (1);
    push @pw, t256mul($pw[-1], $r) for 1 .. 7;
    for my $s (0 .. 255) {
        my $t = 0;
        for my $m (0 .. 7) { $t ^= $pw[$m] if $s >> $m & 1; }
        $M[$s] = $t;
        $Minv[$t] = $s;
    }
    die "tower map not bijective" if grep { !defined } @Minv;
    for my $a (0 .. 255) {
        for my $b (3, 0x53, 0xca, $a ^ 0x5a) {
            die "tower map not multiplicative" unless $M[ gmul($a, $b) ] == t256mul($M[$a], $M[$b]);
        }
    }
}

######################################################################
# Straight-line programs.  A value is an index into @ops; ops are
# hash-consed, so equal subexpressions are computed once.
#   [in, k]  [xor, a, b]  [and, a, b]  [rot1, a]  [rot2, a]  [perm, a, idx]
#   [const, offset]  [ldkey]  [kplane, key, bit]
my (@ops, %cons);
sub op {
    my @o = @_;
    @o[1, 2] = sort { $a <=> $b } @o[1, 2] if $o[0] eq 'xor' || $o[0] eq 'and';
    my $key = join(",", @o);
    return $cons{$key} if $o[0] ne 'ldkey' && exists $cons{$key};
    push @ops, [@o];
    return $cons{$key} = $#ops;
}
sub reset_prog { @ops = (); %cons = (); }
# XORs built while $GEN > 0 are shared only within their generation: see c256inv.
our ($GEN, $REMAT) = (0, 0);
sub X { my ($a, $b) = @_; die "xor with itself" if $a == $b; op('xor', $a, $b, $GEN ? $GEN : ()) }
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

# Tower arithmetic on bit values (arrays, index = bit position).
sub c4mul {
    my ($x, $y) = @_;
    my $p = A($x->[1], $y->[1]);
    my $q = A($x->[0], $y->[0]);
    my $r = A(X($x->[1], $x->[0]), X($y->[1], $y->[0]));
    return [ X($p, $q), X($r, $q) ];    # (x1y1 + x0y0, x1y1 + x1y0 + x0y1)
}
sub lo2 { [ @{ $_[0] }[ 0, 1 ] ] }
sub hi2 { [ @{ $_[0] }[ 2, 3 ] ] }
sub c16mul {
    my ($x, $y) = @_;
    my $p = c4mul(hi2($x), hi2($y));
    my $q = c4mul(lo2($x), lo2($y));
    my $r = c4mul(vX(hi2($x), lo2($x)), vX(hi2($y), lo2($y)));
    my $mp = lin(sub { t4mul($mu, $_[0]) }, $p, 2);
    return [ @{ vX($mp, $q) }, @{ vX($r, $q) } ];
}
# inverse of x1 z + x0 over z^2 + z + k: (x1 z + (x1 + x0)) / N, N = k x1^2 + x1 x0 + x0^2
sub c16inv {
    my $x = shift;
    my ($x1, $x0) = (hi2($x), lo2($x));
    my $n = vX(vX(lin(sub { t4mul($mu, t4mul($_[0], $_[0])) }, $x1, 2), c4mul($x1, $x0)),
               lin(sub { t4mul($_[0], $_[0]) }, $x0, 2));
    my $d = lin(sub { t4mul($_[0], $_[0]) }, $n, 2);    # 1/N = N^2 in GF(4)
    return [ @{ c4mul(vX($x1, $x0), $d) }, @{ c4mul($x1, $d) } ];
}
sub c256inv {
    my $u = shift;
    my ($a, $b) = ([ @$u[ 4 .. 7 ] ], [ @$u[ 0 .. 3 ] ]);
    my $n = vX(vX(lin(sub { t16mul($lambda, t16mul($_[0], $_[0])) }, $a, 4), c16mul($a, $b)),
               lin(sub { t16mul($_[0], $_[0]) }, $b, 4));
    my $d = c16inv($n);
    # With $REMAT the sums of a's bits that the last products need are built
    # again here instead of being kept live across the inversion (cheaper
    # than spilling them).
    local $GEN = $GEN + $REMAT;
    return [ @{ c16mul(vX($a, $b), $d) }, @{ c16mul($a, $d) } ];
}
# SubBytes without 0x63 (enc) and InvSubBytes of (x ^ 0x63) (dec), planes in/out.
sub sbox_enc { my $x = shift; lin(sub { aff($Minv[ $_[0] ]) }, c256inv(lin(sub { $M[ $_[0] ] }, $x, 8)), 8) }
sub sbox_dec { my $x = shift; lin(sub { $Minv[ $_[0] ] }, c256inv(lin(sub { $M[ $affinv[ $_[0] ] ] }, $x, 8)), 8) }

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
my @gates = map { my ($m, $r) = @$_; my $d = (@$m ? " (Paar: @$m)" : "") . ($r ? " (rematerialised)" : "");
                  local $REMAT = $r;
                  (check_sbox(\&sbox_enc, sub { $sbox[ $_[0] ] ^ 0x63 }, "S-box$d", $m),
                   check_sbox(\&sbox_dec, sub { $isbox[ $_[0] ^ 0x63 ] }, "inverse S-box$d", $m)) }
            [ [], 0 ], [ ['top'], 0 ], [ ['bottom'], 0 ], [ [ 'top', 'bottom' ], 0 ], [ [], 1 ], [ ['bottom'], 1 ];

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

# One round as a program: inputs q0..q7, outputs listed in order.
sub round_prog {
    my ($dec, $last) = @_;
    reset_prog();
    my @x = map { op('in', $_) } 0 .. 7;
    my $s = $dec ? sbox_dec(\@x) : sbox_enc(\@x);
    my $idx = op('const', 0);
    my $p = [ map { op('perm', $_, $idx) } @$s ];
    return $p if $last;
    my $m = $dec ? invmixcolumns($p) : mixcolumns($p);
    my $k = op('ldkey');
    return [ map { X($m->[$_], op('kplane', $k, $_)) } 0 .. 7 ];
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
        my ($t, $x, $y) = @{ $old[$i] };
        next unless $t eq 'xor';
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
        elsif ($t eq 'rot1' || $t eq 'rot2' || $t eq 'kplane') { $o[1] = $src->($o[1]); }
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
    return () if $t eq 'in' || $t eq 'const' || $t eq 'ldkey';
    return $t eq 'xor' || $t eq 'and' || $t eq 'perm' ? @a[0, 1] : ($a[0]);
}
sub schedule_prog {
    my ($outs) = @_;
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
    my $try = sub { my $i = shift; $ready{$i} = 1 if $live{$i} && !$done{$i} && !grep { !$done{$_} } op_srcs($ops[$i]); };
    $try->($_) for 0 .. $#ops;
    while (%ready) {
        my ($best, $bs);
        for my $i (sort { $a <=> $b } keys %ready) {
            my %u = map { ($_ => 1) } grep { $ops[$_][0] ne 'const' } op_srcs($ops[$i]);
            my $s = (grep { $left{$_} == 1 } keys %u) - 1;
            $s -= 2 if $ops[$i][0] eq 'ldkey';    # load the key late
            ($best, $bs) = ($i, $s) if !defined $bs || $s > $bs;
        }
        delete $ready{$best};
        $done{$best} = 1;
        push @order, $best;
        $left{$_}-- for op_srcs($ops[$best]);
        $try->($_) for @{ $users{$best} || [] };
    }
    my %new;
    @new{@order} = 0 .. $#order;
    my @nops;
    for my $i (@order) {
        my @o = @{ $ops[$i] };
        my $t = $o[0];
        if ($t eq 'xor' || $t eq 'and' || $t eq 'perm') { @o[1, 2] = @new{ @o[1, 2] }; }
        elsif ($t eq 'rot1' || $t eq 'rot2' || $t eq 'kplane') { $o[1] = $new{ $o[1] }; }
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
# Slots 0..3 have their address in r0..r3 (one vld1/vst1 per access); the
# others take a vldr/vstr pair at an sp offset.
my $ADDR_SLOTS = 4;
sub slot_access {
    my ($one, $pair, $q, $s) = @_;
    return "\t$one\t{" . dreg($q, 0) . "-" . dreg($q, 1) . "}, [r$s]\n" if $s < $ADDR_SLOTS;
    return "\t$pair\t" . dreg($q, 0) . ", [sp, #" . (16 * $s) . "]\n\t$pair\t" . dreg($q, 1) . ", [sp, #" . (16 * $s + 8) . "]\n";
}
sub slot_setup { join("", map { $_ ? "\tadd\tr$_, sp, #" . (16 * $_) . "\n" : "\tmov\tr0, sp\n" } 0 .. $ADDR_SLOTS - 1) }

# $in->[k] = register of input plane k; $want->[b] = register output b must
# end in, or undef to leave the outputs where they are.  Returns the code,
# the spill slots used and the output registers.
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
        next unless $t eq 'xor' || $t eq 'and' || $t eq 'rot2' || $t eq 'kplane';
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
    my $spill = sub {
        my ($v) = @_;
        my $q = $reg_of[$v];
        if ($ops[$v][0] ne 'const' && !defined $slot_of{$v}) {
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
        my ($best, $far) = (undef, -1);
        for my $q (0 .. 15) {
            next if $excl->{$q};
            my $f = $nextuse->($val_in{$q}, $i);
            ($best, $far) = ($q, $f) if $f > $far;
        }
        $spill->($val_in{$best});
        return $best;
    };
    my $load = sub {
        my ($v, $q) = @_;
        if ($ops[$v][0] eq 'const') {
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
    for my $i (0 .. $n - 1) {
        my ($t, @a) = @{ $ops[$i] };
        if ($t eq 'in') { $reg_of[$i] = $in->[ $a[0] ]; $val_in{ $reg_of[$i] } = $i; next; }
        next if $t eq 'const';    # loaded on first use
        next unless $live{$i};
        my @src = op_srcs($ops[$i]);
        my %excl;
        for my $v (@src) {
            if (!defined $reg_of[$v]) { $load->($v, $getreg->($i, \%excl)); }
            $excl{ $reg_of[$v] } = 1;
        }
        my @dying = grep { $nextuse->($_, $i) == 1e9 } @src;
        my %canreuse = map { ($reg_of[$_] => 1) } @dying;
        # rot1 and vtbl write their destination before reading all sources
        %canreuse = () if $t eq 'rot1' || $t eq 'perm';
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
        elsif ($t eq 'rot1') { $code .= "\tvshr.u32\tq$dst, q$q[0], #8\n\tvsli.32\tq$dst, q$q[0], #24\n"; }
        elsif ($t eq 'rot2') { $code .= "\tvrev32.16\tq$dst, q$q[0]\n"; }
        elsif ($t eq 'perm') {
            my $tab = "{" . dreg($q[0], 0) . "," . dreg($q[0], 1) . "}";
            $code .= "\tvtbl.8\t" . dreg($dst, 0) . ", $tab, " . dreg($q[1], 0) . "\n\tvtbl.8\t" . dreg($dst, 1) . ", $tab, " . dreg($q[1], 1) . "\n";
        }
        elsif ($t eq 'ldkey') { $code .= "\tvld1.64\t{" . dreg($dst, 0) . "-" . dreg($dst, 1) . "}, [$rKEY]!\n"; }
        elsif ($t eq 'kplane') {
            my $b = $a[1];
            $code .= $b == 7 ? "\tvshr.s8\tq$dst, q$q[0], #7\n"
                             : "\tvshl.i8\tq$dst, q$q[0], #" . (7 - $b) . "\n\tvshr.s8\tq$dst, q$dst, #7\n";
        }
        else { die "op $t" }
        $release->($_) for @dying;
        $reg_of[$i] = $dst;
        $val_in{$dst} = $i;
    }
    # Reload spilled outputs, then move them where they are wanted.
    for my $b (0 .. 7) {
        my $v = $outs->[$b];
        $load->($v, $getreg->($n, { map { ($_ => 1) } @{ $want || [] } })) unless defined $reg_of[$v];
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
# Round variants tried: (linopt modes, rematerialise).  Paar on the top layer
# gives fewer XORs but always spilled more (it builds every input sum early).
my @VARIANTS = map { my $o = $_; map { [ $o, $_ ] } 0, 1 } [], ['bottom'];

# One round for the loop (input and output registers equal) or the last
# round (outputs anywhere).  The register assignment of the planes is not
# fixed: starting from q0..q7 the output assignment is fed back as the input
# one until it repeats, which removes the moves that would otherwise close the
# loop (tried from several starting assignments); if it does not settle, the
# outputs are moved back.  Returns the code
# and the assignment (plane b -> register).
sub round_code {
    my ($dec, $last, $in) = @_;
    my ($c, $slots, $asg);
    # Fewer gates can mean more spills: try several and keep the shortest.
    for my $v (@VARIANTS) {
        my ($opt, $remat) = @$v;
        # The program does not depend on the register assignment: build it once.
        local $REMAT = $remat;
        my $outs = round_prog($dec, $last);
        $outs = linopt($outs, $_) for @$opt;
        my $prog = schedule_prog($outs);
        my $build = sub { $prog };
        my ($c1, $s1, $a1);
        if ($last) {
            ($c1, $s1, $a1) = emit_prog($build->(), $in, undef);
        } else {
            # from a few starting assignments (the allocator's free-register
            # order makes q0..q7 rarely settle; the high registers often do)
            my %seen;
            for my $start ([ 8 .. 15 ], $in) {
                last if defined $c1;
                my $pi = $start;
                my $first = !%seen;
                while (!exists $seen{"@$pi"}) {
                    $seen{"@$pi"} = $first;
                    my ($c2, $s2, $out) = emit_prog($build->(), $pi, undef);
                    if ("@$out" eq "@$pi") { ($c1, $s1, $a1) = ($c2, $s2, $out); last; }
                    $pi = $out;
                }
            }
            # a cycle: force the outputs back for each assignment of the first start
            for my $k (defined $c1 ? () : sort grep { $seen{$_} } keys %seen) {
                my $p2 = [ split / /, $k ];
                my ($c2, $s2, $out) = emit_prog($build->(), $p2, $p2);
                ($c1, $s1, $a1) = ($c2, $s2, $out) if !defined $c1 || ($c2 =~ tr/\n//) < ($c1 =~ tr/\n//);
            }
        }
        ($c, $slots, $asg) = ($c1, $s1, $a1)
            if !defined $c || ($c1 =~ tr/\n//) < ($c =~ tr/\n//) || ($c1 =~ tr/\n//) == ($c =~ tr/\n//) && $s1 < $slots;
    }
    $maxslots = $slots if $slots > $maxslots;
    my $count = () = $c =~ /\n/g;
    return ("\t@ " . ($last ? "last " : "") . ($dec ? "inverse " : "") . "round: $count instructions, $slots spill slots\n" . $c, $asg);
}

sub swapmove {
    my ($a, $b, $n, $m, $t) = @_;
    return "\tvshr.u64\tq$t, q$a, #$n\n\tveor\tq$t, q$t, q$b\n\tvand\tq$t, q$t, q$m\n"
         . "\tveor\tq$b, q$b, q$t\n\tvshl.u64\tq$t, q$t, #$n\n\tveor\tq$a, q$a, q$t\n";
}
# 8x8 bit transpose per byte position: (register n, bit b) <-> (register b, bit n).
# Bit transpose per byte position of the 8 registers @$R: (row n, bit b) <->
# (row b, bit n), row n being register R[n].  Masks and temporaries come
# from the other registers.
sub transpose {
    my $R = shift;
    my %in = map { ($_ => 1) } @$R;
    my ($m1, $m2, $m4, $t0, $t1) = grep { !$in{$_} } 0 .. 15;
    my $s = "\tvmov.i8\tq$m1, #0x55\n\tvmov.i8\tq$m2, #0x33\n\tvmov.i8\tq$m4, #0x0f\n";
    for my $l ([ 1, $m1 ], [ 2, $m2 ], [ 4, $m4 ]) {
        my ($n, $m) = @$l;
        my @pairs = grep { !($_->[0] & $n) && $_->[1] < 8 } map { [ $_, $_ + $n ] } 0 .. 7;
        $s .= swapmove($R->[ $pairs[$_][0] ], $R->[ $pairs[$_][1] ], $n, $m, $_ & 1 ? $t1 : $t0) for 0 .. $#pairs;
    }
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
for my $dec (0, 1) {
    my $name = $dec ? "decrypt" : "encrypt";
    my $tab  = ".Lbs_$name";
    my ($mid, $pi)    = round_code($dec, 0, [ 0 .. 7 ]);
    my ($last, $sigma) = round_code($dec, 1, $pi);
    ($BLK_IN{$name}, $BLK_OUT{$name}) = ($pi, $sigma);
    $code .= <<___;
.ctasm_align 16
$tab:
	.byte	${\ join(",", $dec ? @ISR : @SR) }	@ ${\ ($dec ? "InvShiftRows" : "ShiftRows") } index

@ _bsaes_${name}8: block n in q(${\ join(",", @$pi) })[n], out in q(${\ join(",", @$sigma) })[n];
@ r4 = bsaes key.  Clobbers r0-r3, r5, r6, r12, q0-q15 and the spill area
@ at [sp] of the caller.  Plane b lives in the register of row b.
.ctasm_align 16
.ctasm_proc _bsaes_${name}8
	ldr	r5, [r4]
	add	r6, r4, #16
	.ctasm_adr	$rCONST, $tab
${\ add_key($pi, 1) }
${\ transpose($pi) }
${\ slot_setup() }
	sub	r5, r5, #1
.L${name}8_round:
$mid
	subs	r5, r5, #1
	bne	.L${name}8_round
$last
${\ transpose($sigma) }
${\ add_key($sigma, 0) }
.ctasm_ret
.ctasm_endproc
___
}
# Spill area: the slots the rounds use (at least the r0..r3 ones), rounded
# so that the frame stays a multiple of 32 bytes for the wipe.
my $SPILL = 32 * int(($maxslots > $ADDR_SLOTS ? $maxslots : $ADDR_SLOTS) / 2 + 0.5);

# Frame of the entry points: spill slots, 8 result blocks, 9 input blocks.
my $KS    = $SPILL;
my $BUF   = $KS + 128;
my $FRAME = $BUF + 160;    # 9 blocks, padded to a multiple of 32
my $ARG5  = $FRAME + 64 + 40;    # vsave d8-d15, save r3-r11,lr

# Zero the whole frame (it held keystream, plaintext and key planes).
sub wipe_frame {
    return "\tveor\tq0, q0, q0\n\tveor\tq1, q1, q1\n\tmov\tr3, sp\n\tmov\tr12, #" . ($FRAME / 32) . "\n"
         . ".Lwipe$_[0]:\n\tvst1.64\t{d0-d3}, [r3]!\n\tsubs\tr12, r12, #1\n\tbne\t.Lwipe$_[0]\n";
}
die "frame not a multiple of 32" if $FRAME % 32;

# ctasm_bsaes_ctr32_encrypt_blocks(in, out, blocks, key, ivec): 8 counter blocks
# per batch; a short last batch still computes all 8 and uses the first ones.
$code .= <<___;
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
	add	r3, sp, #$BUF
	vst1.64	{d0-d1}, [r3]			@ counter block template
	vmov.32	r11, d1[1]
	rev	r11, r11			@ counter, native order
.Lctr_batch:
	add	r3, sp, #$BUF
	vld1.64	{${\ dreg($BLK_IN{encrypt}[0], 0) }-${\ dreg($BLK_IN{encrypt}[0], 1) }}, [r3]
___
{
    my ($pi, $sigma) = ($BLK_IN{encrypt}, $BLK_OUT{encrypt});
    for my $b (1 .. 7) { $code .= "\tvmov\tq$pi->[$b], q$pi->[0]\n"; }
    for my $b (0 .. 7) {
        $code .= "\tadd\tr3, r11, #$b\n\trev\tr3, r3\n\tvmov.32\t" . dreg($pi->[$b], 1) . "[1], r3\n";
    }
    $code .= "\tbl\t_bsaes_encrypt8\n\tadd\tr3, sp, #$KS\n";
    $code .= "\tvst1.64\t{" . dreg($_, 0) . "-" . dreg($_, 1) . "}, [r3]!\n" for @$sigma;
}
$code .= <<___;
	add	r3, sp, #$KS
	cmp	r9, #8
	movhs	r2, #8
	movlo	r2, r9
	sub	r9, r9, r2
	add	r11, r11, #8
.Lctr_xor:
	vld1.8	{d0-d1}, [r7]!
	vld1.64	{d2-d3}, [r3]!
	veor	q0, q0, q1
	vst1.8	{d0-d1}, [r8]!
	subs	r2, r2, #1
	bne	.Lctr_xor
	cmp	r9, #0
	bne	.Lctr_batch
${\ wipe_frame("_ctr") }
.Lctr_done:
.ctasm_ret
.ctasm_endproc
___

# ctasm_bsaes_cbc_decrypt(in, out, len, key, ivec): buffer B at [sp, #BUF] holds
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
	bl	_bsaes_decrypt8
	add	r3, sp, #$KS
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
