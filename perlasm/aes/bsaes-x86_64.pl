#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# bsaes-x86_64.pl -- bitsliced AES (Kasper-Schwabe layout), 8 blocks at once, SSSE3.
#
# Layout.  Eight blocks are transposed so that register i ("plane i") holds
# bit i of every state byte of all eight blocks: byte q of plane i has, in
# bit n, bit i of byte q of block n.  Before the transpose each block is put
# in row-major byte order (q = 4*row + col).  ShiftRows is never executed:
# after round r the planes hold the state in the byte order SR^-r, so the
# MixColumns row rotations R1, R2 become byte shuffles conjugated by SR^r
# (one pshufb each, tables .Lbs_mc by round), round key r is stored in that
# order, and the output shuffle undoes it (saves 8 pshufb per round).
# MixColumns: with b = a ^ R1 a,  out = 2b ^ R1 a ^ R2 b,  where 2b (xtime) is
# a renaming of planes plus three xors (x^8 = x^4 + x^3 + x + 1).
# SubBytes: the Boyar-Peralta depth-16 circuit (34 AND, 94 XOR; published in
# "A depth-16 circuit for the AES S-box"), checked here against the S-box on
# all 256 inputs at generation time.  It computes S(x) ^ 0x63; the 0x63 is
# folded into round keys 1..Nr (it passes MixColumns unchanged).
# The circuit is register-allocated by a small allocator below (SSA values,
# two-operand SSE, spills to the stack frame, furthest-next-use eviction); in
# the middle rounds its outputs stay where the allocator leaves them and
# MixColumns writes each plane back to its input register (no moves).
# Counter blocks: when a batch starts at a counter 8m (the glue arranges it)
# the planes are built from block 8m by spreading bits to bytes plus three
# constant patterns, instead of transposing eight blocks.
#
# Key: the ctasm_aes_key of a vpaes encryption key, which also carries the
# bsaes form of rounds 0..Nr-1 at byte 256 (its tier-extra area), written by
# ctasm_vpaes_encrypt_key_to_bsaes (vpaes-x86_64.pl) when the key is set: 128 bytes
# per round key (8 planes, each byte 0x00/0xFF, round r in the byte order
# SR^-r), 1792 bytes for AES-256.  Round Nr does not fit; the vpaes key keeps
# it plain (K_Nr ^ 0x63 at byte 16 Nr, Nr at byte 240), and it is spread to
# planes in the stack frame on entry.  So a call converts no key (OpenSSL's
# bsaes converts its whole key per call).  The counter block, the S-box spill
# slots, round key Nr and the round-1 tables live in the stack frame and are
# zeroed before returning.
#
# Counter mode from 32 blocks caches round 1 (see "Round-1 caching" below):
# a batch starts at round 2, about a tenth less work.
#
# Speed here (EPYC VM, AES-128-CTR, 8 KiB): ~1.05-1.11x OpenSSL's bsaes at
# its SSSE3 tier with the round-1 cache (~0.98-1.00x without it; ~0.9x with
# executed ShiftRows and transposed counters); the S-box is ~180
# instructions per round (128 gates, the rest spills, reloads and copies; the loop runs at ~3.3 vector ops per cycle, so
# ALU work, not moves, is what counts).
# CBC decryption (ctasm_bsaes_cbc_decrypt, see "CBC decryption" below) uses an
# inverse S-box circuit derived from this one and InvMixColumns = MixColumns
# o (4X^2 + 5); ~0.9-1.0x OpenSSL's bsaes at 8 KiB, ~1.1x at 256 bytes
# (AES-128, SSSE3 tier): a round is ~277 instructions against ~241 for
# encryption, the difference being the (4X^2 + 5) step.
#
# void ctasm_bsaes_ctr32_encrypt_blocks(const uint8_t *in, uint8_t *out, size_t blocks,
#                                 const ctasm_aes_key *key, const uint8_t ivec[16]);
# A partial final batch computes all eight blocks and stores only the needed ones.

use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin, "$FindBin::RealBin/../lib";
use AesField qw(gmul ginv aff);
use Perlasm qw($code emit label newlabel bytes16 finish);

Perlasm::open_output("x86_64", @ARGV);
Perlasm::set_label_prefix(".Lbs_");

# ---------------------------------------------------------------------------
# The S-box circuit: inputs U0 (msb) .. U7 (lsb), outputs S0 (msb) .. S7.
my @circuit = map { [/(\w+) = (\w+) (.) (\w+)/] } grep { /\S/ } split /\n/, <<'C';
T1 = U0 ^ U3
T2 = U0 ^ U5
T3 = U0 ^ U6
T4 = U3 ^ U5
T5 = U4 ^ U6
T6 = T1 ^ T5
T7 = U1 ^ U2
T8 = U7 ^ T6
T9 = U7 ^ T7
T10 = T6 ^ T7
T11 = U1 ^ U5
T12 = U2 ^ U5
T13 = T3 ^ T4
T14 = T6 ^ T11
T15 = T5 ^ T11
T16 = T5 ^ T12
T17 = T9 ^ T16
T18 = U3 ^ U7
T19 = T7 ^ T18
T20 = T1 ^ T19
T21 = U6 ^ U7
T22 = T7 ^ T21
T23 = T2 ^ T22
T24 = T2 ^ T10
T25 = T20 ^ T17
T26 = T3 ^ T16
T27 = T1 ^ T12
M1 = T13 & T6
M2 = T23 & T8
M3 = T14 ^ M1
M4 = T19 & U7
M5 = M4 ^ M1
M6 = T3 & T16
M7 = T22 & T9
M8 = T26 ^ M6
M9 = T20 & T17
M10 = M9 ^ M6
M11 = T1 & T15
M12 = T4 & T27
M13 = M12 ^ M11
M14 = T2 & T10
M15 = M14 ^ M11
M16 = M3 ^ M2
M17 = M5 ^ T24
M18 = M8 ^ M7
M19 = M10 ^ M15
M20 = M16 ^ M13
M21 = M17 ^ M15
M22 = M18 ^ M13
M23 = M19 ^ T25
M24 = M22 ^ M23
M25 = M22 & M20
M26 = M21 ^ M25
M27 = M20 ^ M21
M28 = M23 ^ M25
M29 = M28 & M27
M30 = M26 & M24
M31 = M20 & M23
M32 = M27 & M31
M33 = M27 ^ M25
M34 = M21 & M22
M35 = M24 & M34
M36 = M24 ^ M25
M37 = M21 ^ M29
M38 = M32 ^ M33
M39 = M23 ^ M30
M40 = M35 ^ M36
M41 = M38 ^ M40
M42 = M37 ^ M39
M43 = M37 ^ M38
M44 = M39 ^ M40
M45 = M42 ^ M41
M46 = M44 & T6
M47 = M40 & T8
M48 = M39 & U7
M49 = M43 & T16
M50 = M38 & T9
M51 = M37 & T17
M52 = M42 & T15
M53 = M45 & T27
M54 = M41 & T10
M55 = M44 & T13
M56 = M40 & T23
M57 = M39 & T19
M58 = M43 & T3
M59 = M38 & T22
M60 = M37 & T20
M61 = M42 & T1
M62 = M45 & T4
M63 = M41 & T2
L0 = M61 ^ M62
L1 = M50 ^ M56
L2 = M46 ^ M48
L3 = M47 ^ M55
L4 = M54 ^ M58
L5 = M49 ^ M61
L6 = M62 ^ L5
L7 = M46 ^ L3
L8 = M51 ^ M59
L9 = M52 ^ M53
L10 = M53 ^ L4
L11 = M60 ^ L2
L12 = M48 ^ M51
L13 = M50 ^ L0
L14 = M52 ^ M61
L15 = M55 ^ L1
L16 = M56 ^ L0
L17 = M57 ^ L1
L18 = M58 ^ L8
L19 = M63 ^ L4
L20 = L0 ^ L1
L21 = L1 ^ L7
L22 = L3 ^ L12
L23 = L18 ^ L2
L24 = L15 ^ L9
L25 = L6 ^ L10
L26 = L7 ^ L9
L27 = L8 ^ L10
L28 = L11 ^ L14
L29 = L11 ^ L17
S0 = L6 ^ L24
S1 = L16 ^ L26
S2 = L19 ^ L28
S3 = L6 ^ L21
S4 = L20 ^ L22
S5 = L25 ^ L29
S6 = L13 ^ L27
S7 = L6 ^ L23
C

# check: circuit(x) ^ 0x63 == S(x) for all x
my @SBOX = map { aff(ginv($_)) ^ 0x63 } 0 .. 255;
{
    for my $x (0 .. 255) {
        my $s = $SBOX[$x];
        my %val; $val{"U$_"} = ($x >> (7 - $_)) & 1 for 0 .. 7;
        for (@circuit) {
            my ($d, $a, $op, $b) = @$_;
            $val{$d} = $op eq '&' ? ($val{$a} & $val{$b}) : ($val{$a} ^ $val{$b});
        }
        my $y = 0; $y |= $val{"S$_"} << (7 - $_) for 0 .. 7;
        die "S-box circuit wrong at $x" if ($y ^ 0x63) != $s;
    }
}

# ---------------------------------------------------------------------------
# The inverse S-box circuit, derived here from the forward one.  With the
# 0x63 folded into the round keys the input is u = y ^ 0x63 and we want
# Inv(Ainv(u)) (A the linear part of the S-box's affine map).  The forward
# middle layer (M1..M63) takes linear forms T of its input x and yields
# M46..M63, of which the bottom layer's outputs A(Inv(x)) are linear forms.
# So with x = Ainv(u): the T's become linear forms over u, and Ainv of the
# bottom outputs gives Inv(x); both XOR networks are rebuilt from these forms
# by Paar's greedy algorithm (repeatedly XOR the pair of signals shared by
# the most remaining targets).  Checked on all 256 inputs below.
my @inv_circuit;
{
    my @ainv; $ainv[aff($_)] = $_ for 0 .. 255;
    my $par = sub { my $v = shift; my $p = 0; while ($v) { $p ^= 1; $v &= $v - 1 } $p };
    # x bit j (x = Ainv(u)) as a mask over u bits
    my @xrow = map { my $j = $_; my $m = 0; $m |= ((($ainv[1 << $_] >> $j) & 1) << $_) for 0 .. 7; $m } 0 .. 7;
    # Paar: targets are bit masks over the base signals (names in @$base);
    # returns the gates and, per target, the name of the signal equal to it.
    my $paar = sub {
        my ($base, $targets, $prefix) = @_;
        my @sig = @$base;
        my @t = map { my $m = $_; [ grep { ($m >> $_) & 1 } 0 .. $#sig ] } @$targets;
        my @g;
        my $n = 0;
        while (1) {
            my %cnt;
            for my $row (@t) {
                next if @$row < 2;
                for my $i (0 .. $#$row) { for my $j ($i + 1 .. $#$row) { $cnt{"$row->[$i],$row->[$j]"}++ } }
            }
            last unless %cnt;
            my ($best) = sort { $cnt{$b} <=> $cnt{$a} || $a cmp $b } keys %cnt;   # ties: fixed order
            my ($a, $b) = split /,/, $best;
            push @sig, $prefix . ++$n;
            my $s = $#sig;
            push @g, [$sig[$s], $sig[$a], '^', $sig[$b]];
            for my $row (@t) {
                my %h = map { ($_ => 1) } @$row;
                next unless $h{$a} && $h{$b};
                @$row = ((grep { $_ != $a && $_ != $b } @$row), $s);
            }
        }
        return (\@g, [ map { @$_ == 1 ? $sig[$_->[0]] : die "zero target" } @t ]);
    };
    # forward top layer: forms over x of U0..U7 and T1..T27
    my (%xform, @mid, @bot);
    $xform{"U$_"} = 1 << (7 - $_) for 0 .. 7;
    for (@circuit) {
        my ($d, $a, $op, $b) = @$_;
        if ($d =~ /^T/) { $xform{$d} = $xform{$a} ^ $xform{$b} }
        elsif ($d =~ /^M/) { push @mid, $_ }
        else { push @bot, $_ }
    }
    # the T/U signals the middle reads, as forms over u (U0 = msb of u)
    my %need; for (@mid) { for my $v ($_->[1], $_->[3]) { $need{$v} = 1 if $v =~ /^[TU]/ } }
    my @tn = sort keys %need;
    my @tform = map { my $m = $xform{$_}; my $f = 0; for my $j (0 .. 7) { $f ^= $xrow[$j] if ($m >> $j) & 1 } $f } @tn;
    # base signal k of Paar = U(7-k), i.e. bit k of u
    my ($tg, $tsig) = $paar->([map { "U" . (7 - $_) } 0 .. 7], \@tform, "A");
    my %ren; $ren{$tn[$_]} = $tsig->[$_] for 0 .. $#tn;
    # bottom: forward outputs S0..S7 (bit 7-k of A(Inv(x))) as forms over M46..M63
    my %mform; $mform{"M$_"} = 1 << ($_ - 46) for 46 .. 63;
    for (@bot) { my ($d, $a, $op, $b) = @$_; $mform{$d} = $mform{$a} ^ $mform{$b} }
    # Inv(x) bit j = Ainv applied to the forward outputs: out bit j = xor over k of ainv-row
    my @oform;
    for my $j (0 .. 7) {
        my $f = 0;
        for my $k (0 .. 7) { $f ^= $mform{"S" . (7 - $k)} if ($ainv[1 << $k] >> $j) & 1 }
        push @oform, $f;
    }
    my ($bg, $bsig) = $paar->([map { "M" . (46 + $_) } 0 .. 17], \@oform, "B");
    my %outname; for my $j (0 .. 7) { die "shared output" if exists $outname{$bsig->[$j]}; $outname{$bsig->[$j]} = "S" . (7 - $j) }
    die "output is a middle signal" if grep { /^M/ } @$bsig;
    my $rn = sub { my $v = shift; $ren{$v} // $outname{$v} // $v };
    @inv_circuit = (@$tg, (map { [$_->[0], $rn->($_->[1]), $_->[2], $rn->($_->[3])] } @mid),
                    (map { [$rn->($_->[0]), $rn->($_->[1]), $_->[2], $rn->($_->[3])] } @$bg));
    # check: circuit(y ^ 0x63) == S^-1(y) for all y
    my @isb; $isb[$SBOX[$_]] = $_ for 0 .. 255;
    for my $y (0 .. 255) {
        my $u = $y ^ 0x63;
        my %val; $val{"U$_"} = ($u >> (7 - $_)) & 1 for 0 .. 7;
        for (@inv_circuit) {
            my ($d, $a, $op, $b) = @$_;
            die "inverse circuit: $a or $b undefined at $d" unless defined $val{$a} && defined $val{$b};
            $val{$d} = $op eq '&' ? ($val{$a} & $val{$b}) : ($val{$a} ^ $val{$b});
        }
        my $z = 0; $z |= $val{"S$_"} << (7 - $_) for 0 .. 7;
        die "inverse S-box circuit wrong at $y" if $z != $isb[$y];
    }
    printf STDERR "inverse circuit: %d gates (%d top, %d bottom)\n", scalar(@inv_circuit), scalar(@$tg), scalar(@$bg) if $ENV{BS_VERBOSE};
}


# ---------------------------------------------------------------------------
# Register allocator for the circuit.  in: value name -> register for U0..U7;
# out: value name -> register wanted for S0..S7.  Spill slot k is at
# $SPILL0 + 16k(%rsp).
my $SPILL0 = 16;       # 0(%rsp) is the counter block
my $NSPILL = 0;
# List scheduling for register pressure: among the gates whose operands are
# ready, take one that is the last consumer of the most operands (frees
# registers), else the earliest in the published order.
# (Perturbed orders, found by a seeded search, and critical-path priorities
# were tried: at most 3 fewer instructions, no measurable gain; copies are
# eliminated at rename, and ALU operations are what the loop is bound by.)
sub schedule {
    my @g = @_;   # gates of a circuit with inputs U0..U7
    my %cons;
    for my $k (0 .. $#g) { $cons{$g[$k][1]}++; $cons{$g[$k][3]}++ }
    my %done = map { ("U$_" => 1) } 0 .. 7;
    my @left = (0 .. $#g);
    my @out;
    while (@left) {
        my @ready = grep { $done{$g[$_][1]} && $done{$g[$_][3]} } @left;
        my $score = sub {
            my $k = shift;
            my $frees = ($cons{$g[$k][1]} == 1) + ($cons{$g[$k][3]} == 1);
            return $k - 1000 * $frees;
        };
        my %sc = map { ($_ => $score->($_)) } @ready;
        my ($pick) = sort { $sc{$a} <=> $sc{$b} || $a <=> $b } @ready;
        push @out, $g[$pick];
        $done{$g[$pick][0]} = 1;
        $cons{$g[$pick][1]}--;
        $cons{$g[$pick][3]}--;
        @left = grep { $_ != $pick } @left;
    }
    return @out;
}

our %SBOX_OUT;
sub sbox_code {      # (circuit, in, out): the circuit is a list of [dst, a, op, b]
    my ($circ, $in, $out) = @_;
    my @g = schedule(@$circ);
    my %uses;                            # value -> list of gate indices using it
    for my $k (0 .. $#g) { push @{$uses{$g[$k][1]}}, $k; push @{$uses{$g[$k][3]}}, $k }
    push @{$uses{"S$_"}}, scalar(@g) for 0 .. 7;         # outputs live to the end
    my %reg = %$in;                      # value -> register
    my %slot;                            # value -> spill slot
    my %owner;                           # register -> value
    $owner{$reg{$_}} = $_ for sort keys %reg;
    my @free = grep { !exists $owner{$_} } map { "%xmm$_" } 0 .. 15;
    my $nslot = 0;
    my @c;
    my $next_use = sub {
        my ($v, $k) = @_;
        for (@{$uses{$v} // []}) { return $_ if $_ > $k }
        return 1e9;
    };
    my $dead_after = sub { $next_use->($_[0], $_[1]) == 1e9 };
    my $get_free = sub {
        my ($k, @keep) = @_;
        return shift @free if @free;
        # evict the register value whose next use is furthest
        my ($best, $bd) = (undef, -1);
        for my $r (sort keys %owner) {
            my $v = $owner{$r};
            next if grep { $_ eq $v } @keep;
            my $d = $next_use->($v, $k - 1);
            ($best, $bd) = ($r, $d) if $d > $bd;
        }
        my $v = $owner{$best};
        if (!exists $slot{$v}) {
            $slot{$v} = $nslot++;
            push @c, "movdqa $best, " . ($SPILL0 + 16 * $slot{$v}) . "(%rsp)";
        }
        delete $reg{$v};
        delete $owner{$best};
        return $best;
    };
    my $loc = sub { my $v = shift; exists $reg{$v} ? $reg{$v} : ($SPILL0 + 16 * $slot{$v}) . "(%rsp)" };
    my $load = sub {            # make sure v is in a register
        my ($v, $k, @keep) = @_;
        return $reg{$v} if exists $reg{$v};
        my $r = $get_free->($k, $v, @keep);
        push @c, "movdqa " . $loc->($v) . ", $r";
        $reg{$v} = $r; $owner{$r} = $v;
        return $r;
    };
    for my $k (0 .. $#g) {
        my ($d, $a, $op, $b) = @{$g[$k]};
        my $ins = $op eq '&' ? "pand" : "pxor";
        # prefer to overwrite an operand that dies here (and is in a register)
        ($a, $b) = ($b, $a) if !($dead_after->($a, $k) && exists $reg{$a})
                               && $dead_after->($b, $k) && exists $reg{$b};
        my $r;
        if ($dead_after->($a, $k) && exists $reg{$a}) {
            $r = $reg{$a};
            push @c, "$ins " . $loc->($b) . ", $r";
            delete $reg{$a};
        } else {
            # copy a (from its register or its spill slot) into a fresh register
            $r = $get_free->($k, $a, $b);
            push @c, "movdqa " . $loc->($a) . ", $r", "$ins " . $loc->($b) . ", $r";
        }
        # free registers of operands that died
        for my $v ($a, $b) {
            if ($dead_after->($v, $k) && exists $reg{$v} && $reg{$v} ne $r) {
                delete $owner{$reg{$v}}; push @free, $reg{$v}; delete $reg{$v};
            }
        }
        $reg{$d} = $r; $owner{$r} = $d;
    }
    if (!defined $out) {
        # outputs stay where they are (spilled ones come back to a free register);
        # the caller reads the map from %SBOX_OUT
        for my $v (map { "S$_" } 0 .. 7) {
            next if exists $reg{$v};
            my $r = shift @free // die "no register for $v";
            push @c, "movdqa " . $loc->($v) . ", $r";
            $reg{$v} = $r;
        }
        %SBOX_OUT = map { ("S$_" => $reg{"S$_"}) } 0 .. 7;
        $NSPILL = $nslot if $nslot > $NSPILL;
        return @c;
    }
    # move outputs to their registers (a parallel move; use memory if needed)
    my %want = %$out;
    my %cur = map { $_ => $reg{$_} } sort keys %want;
    my @pending = grep { !defined $cur{$_} || $cur{$_} ne $want{$_} } sort keys %want;
    # spilled outputs: load later; register outputs: resolve cycles through a free reg
    my $guard = 0;
    while (@pending) {
        die "move loop" if $guard++ > 100;
        my $progress = 0;
        for my $v (@pending) {
            my $dst = $want{$v};
            my $occupant = (grep { defined $cur{$_} && $cur{$_} eq $dst } sort keys %cur)[0];
            next if defined $occupant && $occupant ne $v;
            if (defined $cur{$v}) { push @c, "movdqa $cur{$v}, $dst" }
            else { push @c, "movdqa " . ($SPILL0 + 16 * $slot{$v}) . "(%rsp), $dst" }
            $cur{$v} = $dst; $progress = 1;
        }
        @pending = grep { !defined $cur{$_} || $cur{$_} ne $want{$_} } sort keys %want;
        if (!$progress && @pending) {
            # break a cycle: park one value in a register no output wants
            my %wanted = map { $_ => 1 } values %want;
            my ($tmp) = grep { !$wanted{$_} } map { "%xmm$_" } 0 .. 15;
            my $v = $pending[0];
            push @c, "movdqa $cur{$v}, $tmp";
            $cur{$v} = $tmp;
        }
    }
    $NSPILL = $nslot if $nslot > $NSPILL;
    return @c;
}

# ---------------------------------------------------------------------------
# Byte permutations (pshufb masks: (M v)[n] = v[m[n]])
my @TR = map { my ($r, $c) = ($_ >> 2, $_ & 3); 4 * $c + $r } 0 .. 15;       # col-major <-> row-major
my @SWAP = (0 .. 11, 15, 14, 13, 12);
my @CTRM = map { $SWAP[$TR[$_]] } 0 .. 15;    # counter (LE word) -> big-endian, row-major

my @P = map { "%xmm$_" } 0 .. 7;       # planes: plane i in $P[i]
my @Q = map { "%xmm$_" } 8 .. 15;      # MixColumns results, temporaries
my @sbox_io = ({ map { ("U$_" => $P[7 - $_]) } 0 .. 7 }, { map { ("S$_" => $P[7 - $_]) } 0 .. 7 });
my @sbox = sbox_code(\@circuit, @sbox_io);
# Middle rounds: outputs left where the allocator put them (@X); MixColumns
# then writes plane i back into $P[i] (no parallel move).
my @sbox_mid = sbox_code(\@circuit, $sbox_io[0], undef);
my @X = map { $SBOX_OUT{"S" . (7 - $_)} } 0 .. 7;

# 8x8 bit transpose inside every byte position across the plane registers (self-inverse)
sub transpose8 {
    my $t = $Q[0];
    for my $L ([1, ".Lbs_m55"], [2, ".Lbs_m33"], [4, ".Lbs_m0f"]) {
        my ($n, $m) = @$L;
        for my $lo (0 .. 7) {
            next if $lo & $n;
            my $hi = $lo + $n;
            emit("movdqa $P[$lo], $t", "psrlq \$$n, $t", "pxor $P[$hi], $t", "pand $m(%rip), $t",
                 "pxor $t, $P[$hi]", "psllq \$$n, $t", "pxor $t, $P[$lo]");
        }
    }
}

sub ark {            # planes ^= round key at $disp($base)
    my ($base, $disp, @regs) = @_;
    emit("pxor " . ($disp + 16 * $_) . "($base), $regs[$_]") for 0 .. 7;
}

# (the S-box: plane i = bit i in $P[i]; U0 = msb = plane 7; outputs back in @P)

# self-check: run allocated S-box code on all 256 inputs against its circuit,
# bitsliced like the code itself: bit j of a 64-bit word is input $base + j.
sub check_alloc {
    my ($circ, $code_ref, $outregs) = @_;
    my @ops = map { my @f = /^(\w+)\s+(\S+),\s*(\S+)$/ or die "parse $_"; \@f } @$code_ref;
    for my $base (0, 64, 128, 192) {
        # $bit[i]: bit i of each input, as a word
        my @bit = map { my $i = $_; my $w = 0; $w |= ((($base + $_) >> $i) & 1) << $_ for 0 .. 63; $w } 0 .. 7;
        my %st; $st{$P[$_]} = $bit[$_] for 0 .. 7;     # plane i = bit i
        for my $k (0 .. $#ops) {
            my ($op, $src, $dst) = @{ $ops[$k] };
            die "undefined $src in $code_ref->[$k]" unless defined $st{$src};
            if ($op eq "movdqa") { $st{$dst} = $st{$src} }
            elsif ($op eq "pxor") { $st{$dst} ^= $st{$src} }
            elsif ($op eq "pand") { die "undefined $dst" unless defined $st{$dst}; $st{$dst} &= $st{$src} }
            else { die $op }
        }
        my %val; $val{"U$_"} = $bit[7 - $_] for 0 .. 7;
        for (@$circ) { my ($d, $a, $op, $b) = @$_; $val{$d} = $op eq '&' ? ($val{$a} & $val{$b}) : ($val{$a} ^ $val{$b}) }
        for my $j (0 .. 63) {
            my ($y, $z) = (0, 0);
            for (0 .. 7) { $y |= (($st{$outregs->[$_]} >> $j) & 1) << $_; $z |= (($val{"S$_"} >> $j) & 1) << (7 - $_) }
            die "allocated S-box wrong at " . ($base + $j) . ": $y vs $z" if $y != $z;
        }
    }
}
check_alloc(\@circuit, \@sbox, \@P);
check_alloc(\@circuit, \@sbox_mid, \@X);

my $K0 = 256;                # round keys 0..Nr-1 in bsaes form: ctasm_aes_key bytes 256..
my $LOFF;                    # frame offset of round key Nr in bsaes form (made per call)
my $MCP = "%r10";    # this round's pair of MixColumns masks (.Lbs_mc)
# (decryption passes its S-box code, output registers and a step run before
# MixColumns on the S-box outputs, given the eight free registers)
sub round_mid {      # SubBytes, ShiftRows, MixColumns, AddRoundKey; planes in @P again
    my ($kp, $sb, $xr, $pre) = @_;
    my @X = @{$xr // \@X};
    emit(@{$sb // \@sbox_mid});
    if ($pre) {
        my %inx = map { ($_ => 1) } @X;
        $pre->(\@X, [grep { !$inx{$_} } map { "%xmm$_" } 0 .. 15]);
    }
    # Temporaries Q_i: where plane i must end ($P[i]) if that register is free
    # now, else any register not holding an S-box output.
    my %inx = map { ($X[$_] => 1) } 0 .. 7;
    my @Qr;
    $Qr[$_] = $P[$_] for grep { !$inx{$P[$_]} } 0 .. 7;
    my %used = (%inx, map { ($_ => 1) } grep { defined } @Qr);
    my @spare = grep { !$used{$_} } map { "%xmm$_" } 0 .. 15;
    for my $i (0 .. 7) { $Qr[$i] //= shift @spare }
    # pass 1: Q_i = R1 a_i; X_i = b_i = a_i ^ R1 a_i
    for my $i (0 .. 7) { emit("movdqa $X[$i], $Qr[$i]", "pshufb 0($MCP), $Qr[$i]", "pxor $Qr[$i], $X[$i]") }
    # pass 2a: Q_i ^= (2b)_i
    for my $i (0 .. 7) {
        emit("pxor $X[($i + 7) % 8], $Qr[$i]");
        emit("pxor $X[7], $Qr[$i]") if $i == 1 || $i == 3 || $i == 4;
    }
    # pass 2b: plane i = R2 b_i ^ Q_i ^ key_i, built in $P[i] once that register
    # is free (the b_j it holds is consumed); a cycle is broken through Q_i.
    my %busy = map { ($_ => 1) } @X, @Qr;
    my @left = (0 .. 7);
    my @late;                                   # [i] computed into Q_i, to move
    my $key = sub { "pxor " . (16 * $_[0]) . "($kp), $_[1]" };
    while (@left) {
        my ($i) = grep { my $d = $P[$_]; $d eq $X[$_] || $d eq $Qr[$_] || !$busy{$d} } @left;
        my $into_q = 0;
        if (!defined $i) { $i = $left[0]; $into_q = 1 }
        my $d = $into_q ? $Qr[$i] : $P[$i];
        if ($d eq $Qr[$i]) {
            emit("pshufb 16($MCP), $X[$i]", "pxor $X[$i], $d", $key->($i, $d));
        } elsif ($d eq $X[$i]) {
            emit("pshufb 16($MCP), $d", "pxor $Qr[$i], $d", $key->($i, $d));
        } else {
            emit("movdqa $X[$i], $d", "pshufb 16($MCP), $d", "pxor $Qr[$i], $d", $key->($i, $d));
        }
        delete $busy{$X[$i]}; delete $busy{$Qr[$i]}; $busy{$d} = 1;
        push @late, $i if $into_q;
        @left = grep { $_ != $i } @left;
    }
    for my $i (@late) { emit("movdqa $Qr[$i], $P[$i]") }
}

sub round_last {
    emit(@sbox);
    ark("%rsp", $LOFF, @P);     # round Nr, made from the vpaes key on entry
}

my $FRAME;     # set after the S-box allocation is known

# Round-1 caching for counter mode.  Within a group of 256 counters (32
# batches, counter bits 8..31 fixed) the round-0 state differs only in byte
# 15, so after round 1 the state is Base ^ MC(S'(ctr15 ^ k0[15]) in byte 15):
# Base (round 1 with byte 15 zeroed before the S-box; S'(0) = 0) is computed
# once per group, and the S-box of byte 15 for all 256 counters is computed
# once per call, bitsliced: table half h (batches 16h..16h+15) holds in byte q
# the lanes of batch 16h+q.  A batch then starts at round 2 from
#   plane i = Base_i ^ pshufb(S_i, M1_q) ^ pshufb((2S)_i, M2_q),
# M1_q / M2_q placing byte q where the MixColumns coefficient of that byte is
# 1 or 3 / 2 or 3 (3S = S ^ 2S).  The counter is public, so the table index
# is too; the table contents are key material and are wiped on return.
my $CACHE_MIN = 32;          # blocks: below this the per-call tables cost more than they save
my $TOFF;                    # frame offset of the S table: entry j of half h at TOFF + 32j + 16h
my $BOFF;                    # frame offset of Base (8 planes)
my @X2SRC = (7, 8, 1, 9, 10, 4, 5, 6);   # (2S)_i = S_{i-1}, or the xors S0^S7, S2^S7, S3^S7 at 8, 9, 10

# byte positions after round 1 (order C_1) that get byte 15 (row 3, col 3)
# of the S-box output, with its MixColumns coefficient
my %COEF1;
{
    my @SRI = map { my ($r, $c) = ($_ >> 2, $_ & 3); 4 * $r + ($c - $r) % 4 } 0 .. 15;
    my $col = $SRI[15] & 3;
    my @mc_row3 = (1, 1, 3, 2);     # coefficient of input row 3 in output rows 0..3 (rows 2 3 1 1 rotated)
    for my $n (0 .. 15) {
        my $t = $SRI[$n];           # C_1[n]
        $COEF1{$n} = $mc_row3[$t >> 2] if ($t & 3) == $col;
    }
    die "round-1 column" unless keys %COEF1 == 4;
}

{
    my ($in, $out, $n, $key, $ivp) = ("%rdi", "%rsi", "%rdx", "%rcx", "%r8");
    my ($kp, $cnt) = ("%r9", "%eax");
    my $cached = "%r8d";     # 1 when the round-1 tables are set up (ivp is dead by then)
    my ($loop, $rloop, $partial, $ploop, $done, $slow, $ark0, $fast, $group, $cbatch, $nowipe) =
        map { newlabel($_) } qw(loop rloop partial ploop done slow ark0 fast group cbatch nowipe);
    $TOFF = 16 + 16 * $NSPILL;
    $BOFF = $TOFF + 32 * 11;
    $LOFF = $BOFF + 128;
    $FRAME = $LOFF + 128;
    emit(".ctasm_text");
    emit(".ctasm_proc ctasm_bsaes_ctr32_encrypt_blocks, global, args=5, frame=$FRAME",
         "testq $n, $n",
         "jz $done",
         "movdqu ($ivp), %xmm0",
         "pshufb .Lbs_swap(%rip), %xmm0",
         "movdqa %xmm0, 0(%rsp)");
    # Round key Nr: the vpaes key keeps it plain (K_Nr ^ 0x63, bytes 16 Nr);
    # spread it to planes in the order C_Nr (the key struct has room for
    # rounds 0..Nr-1 only).
    emit("movl 240($key), %eax",
         "movl %eax, %r11d",
         "shll \$4, %r11d",
         "movdqa ($key,%r11), $Q[1]",
         "andl \$3, %eax",
         "shll \$4, %eax",
         ".ctasm_adr %r11, .Lbs_trc",
         "pshufb (%r11,%rax), $Q[1]");
    for my $i (0 .. 7) {
        emit("movdqa $Q[1], $Q[0]", "pand .Lbs_bit$i(%rip), $Q[0]", "pcmpeqb .Lbs_bit$i(%rip), $Q[0]",
             "movdqa $Q[0], " . ($LOFF + 16 * $i) . "(%rsp)");
    }
    emit("pxor $Q[1], $Q[1]",
         "xorl $cached, $cached",
         "cmpq \$$CACHE_MIN, $n",
         "jb $loop",
         "testb \$7, 12(%rsp)",
         "jnz $loop");
    # S-box of byte 15 for all 256 counter low bytes: lane (q, n) of half h is
    # the low byte 8(16h + q) + n, xored with k0[15] (byte 15 of round key 0
    # broadcast in each plane).
    for my $h (0, 1) {
        for my $i (0 .. 7) {
            emit("movdqa .Lbs_lane$i(%rip), $P[$i]") if $i < 7;
            emit($h ? "pcmpeqb $P[7], $P[7]" : "pxor $P[7], $P[7]") if $i == 7;
            emit("movdqa " . ($K0 + 16 * $i) . "($key), $Q[0]", "pshufb .Lbs_b15(%rip), $Q[0]", "pxor $Q[0], $P[$i]");
        }
        emit(@sbox);
        my $t = sub { ($TOFF + 32 * $_[0] + 16 * $h) . "(%rsp)" };
        emit("movdqa $P[$_], " . $t->($_)) for 0 .. 7;
        for my $L ([8, 0], [9, 2], [10, 3]) {
            emit("movdqa $P[$L->[1]], $Q[0]", "pxor $P[7], $Q[0]", "movdqa $Q[0], " . $t->($L->[0]));
        }
    }
    emit("movl \$1, $cached",
         "jmp $group");
    label($loop);
    # Counter 8m..8m+7 (the usual case: the glue aligns bulk calls): the eight
    # blocks agree except in the three low bits of byte 15, so the planes are
    # the bits of block 8m spread to whole bytes plus fixed patterns, much
    # cheaper than a transpose.  Otherwise (a public property of the
    # counter) transpose eight counter blocks.
    emit("testb \$7, 12(%rsp)",
         "jnz $slow",
         "testl $cached, $cached",
         "jz $fast",
         "testb \$0xf8, 12(%rsp)",
         "jnz $cbatch");
    # a new group of 256 counters: Base = round 1 with byte 15 zeroed
    label($group);
    emit("movdqa 0(%rsp), $Q[1]",
         "pshufb .Lbs_ctrm(%rip), $Q[1]");
    for my $i (0 .. 7) {
        emit("movdqa $Q[1], $P[$i]", "pand .Lbs_bit$i(%rip), $P[$i]", "pcmpeqb .Lbs_bit$i(%rip), $P[$i]",
             "pxor " . ($K0 + 16 * $i) . "($key), $P[$i]", "pand .Lbs_no15(%rip), $P[$i]");
    }
    emit("leaq " . ($K0 + 128) . "($key), $kp",
         ".ctasm_adr $MCP, .Lbs_mc");
    round_mid($kp);
    emit("movdqa $P[$_], " . ($BOFF + 16 * $_) . "(%rsp)") for 0 .. 7;
    label($cbatch);
    emit("movl 12(%rsp), %r11d",
         "shrl \$3, %r11d",
         "movl %r11d, $cnt",
         "andl \$16, %r11d",             # 16h
         "andl \$15, $cnt",              # q
         "shll \$5, $cnt",
         "leaq $TOFF(%rsp,%r11), %r11",
         ".ctasm_adr $kp, .Lbs_cmask",
         "addq %rax, $kp",
         "movdqa 0($kp), $Q[6]",
         "movdqa 16($kp), $Q[7]");
    for my $i (0 .. 7) {
        emit("movdqa " . (32 * $i) . "(%r11), $P[$i]", "pshufb $Q[6], $P[$i]",
             "movdqa " . (32 * $X2SRC[$i]) . "(%r11), $Q[0]", "pshufb $Q[7], $Q[0]",
             "pxor $Q[0], $P[$i]", "pxor " . ($BOFF + 16 * $i) . "(%rsp), $P[$i]");
    }
    emit("movdqa 0(%rsp), $Q[0]",
         "paddd .Lbs_eight(%rip), $Q[0]",
         "movdqa $Q[0], 0(%rsp)",
         "leaq " . ($K0 + 256) . "($key), $kp",
         "movl 240($key), $cnt",
         "subl \$2, $cnt",
         ".ctasm_adr $MCP, .Lbs_mc",
         "addq \$32, $MCP",
         "jmp $rloop");
    label($fast);
    emit("movdqa 0(%rsp), $Q[0]",
         "movdqa $Q[0], $Q[1]",
         "paddd .Lbs_eight(%rip), $Q[0]",
         "pshufb .Lbs_ctrm(%rip), $Q[1]",
         "movdqa $Q[0], 0(%rsp)");
    for my $i (0 .. 7) {
        emit("movdqa $Q[1], $P[$i]", "pand .Lbs_bit$i(%rip), $P[$i]", "pcmpeqb .Lbs_bit$i(%rip), $P[$i]");
        emit("pxor .Lbs_pat$i(%rip), $P[$i]") if $i < 3;
    }
    emit("jmp $ark0");
    label($slow);
    emit("movdqa 0(%rsp), $Q[0]");
    for my $b (0 .. 7) {
        emit("movdqa $Q[0], $P[$b]", "paddd .Lbs_one(%rip), $Q[0]", "pshufb .Lbs_ctrm(%rip), $P[$b]");
    }
    emit("movdqa $Q[0], 0(%rsp)");
    transpose8();
    label($ark0);
    ark($key, $K0, @P);
    emit("leaq " . ($K0 + 128) . "($key), $kp",
         "movl 240($key), $cnt",
         "subl \$1, $cnt",
         ".ctasm_adr $MCP, .Lbs_mc");
    label($rloop);
    round_mid($kp);
    emit("addq \$128, $kp",
         "addq \$32, $MCP",
         "subl \$1, $cnt",
         "jnz $rloop");
    round_last();
    transpose8();
    emit("movl 240($key), %r11d",
         "andl \$3, %r11d",
         "shll \$4, %r11d",
         ".ctasm_adr $MCP, .Lbs_out",
         "addq $MCP, %r11");
    emit("pshufb (%r11), $_") for @P;
    emit("cmpq \$8, $n",
         "jb $partial");
    for my $b (0 .. 7) {
        emit("movdqu " . 16 * $b . "($in), $Q[0]", "pxor $Q[0], $P[$b]", "movdqu $P[$b], " . 16 * $b . "($out)");
    }
    emit("leaq 128($in), $in",
         "leaq 128($out), $out",
         "subq \$8, $n",
         "jnz $loop",
         "jmp $done");
    # fewer than eight blocks left: store them one by one (the count is public)
    label($partial);
    for my $b (0 .. 6) {
        emit("movdqu " . 16 * $b . "($in), $Q[0]", "pxor $Q[0], $P[$b]", "movdqu $P[$b], " . 16 * $b . "($out)",
             "subq \$1, $n",
             "jz $done");
    }
    label($done);
    emit("pxor %xmm0, %xmm0", "movdqa %xmm0, 0(%rsp)");     # no keystream left on the stack
    emit("movdqa %xmm0, " . (16 + 16 * $_) . "(%rsp)") for 0 .. $NSPILL - 1;
    emit("movdqa %xmm0, " . ($LOFF + 16 * $_) . "(%rsp)") for 0 .. 7;
    emit("testl $cached, $cached", "jz $nowipe");           # round-1 tables and Base
    emit("movdqa %xmm0, " . ($TOFF + 16 * $_) . "(%rsp)") for 0 .. 29;
    label($nowipe);
    emit(".ctasm_ret", ".ctasm_endproc");
}

# ---------------------------------------------------------------------------
# CBC decryption: the equivalent inverse cipher on the same layout.
#   round 0: AddRoundKey d_0; rounds 1..Nr-1: InvSubBytes, InvShiftRows,
#   InvMixColumns, AddRoundKey d_r; round Nr: InvSubBytes, InvShiftRows,
#   AddRoundKey d_Nr,
# with d_0 = K_Nr, d_r = InvMixColumns(K_{Nr-r}), d_Nr = K_0, and 0x63 folded
# into d_0..d_{Nr-1} (the inverse circuit takes y ^ 0x63).  InvShiftRows is
# never executed: blocks are transposed as loaded (column-major, so the order
# after round 0 is D_0 = TR), after round r the order is D_r = SR^r o TR, and
# the MixColumns masks, round keys and output shuffle are conjugated as for
# encryption.  InvMixColumns = MixColumns o (4X^2 + 5): a ^= 4(a ^ R2 a) first.
# Key: the ctasm_aes_key of a vpaes decryption key, whose extra area (byte
# 256) set_decrypt_key fills (src/aes/aes.cc) with d_1..d_{Nr-1} as planes,
# 128 bytes each, round r in the order D_r (plane i, byte n: 0xFF when bit i
# of d_r[TR[D_r[n]]] is set, D_r[n] = 4(n&3) + ((n>>2) + r(n&3) mod 4)),
# then at byte 256 + $DK0 d_0 and d_Nr as 16-byte blocks in the usual
# byte order: they are xored into the blocks before the input transpose and
# after the output one, so a call converts no key and keeps none on its stack.
#
# void ctasm_bsaes_cbc_decrypt(const uint8_t *in, uint8_t *out, size_t len,
#                        const ctasm_aes_key *key, uint8_t ivec[16]);
# len a multiple of 16; ivec becomes the last ciphertext block; in == out is
# fine (each batch's ciphertexts are copied to the frame before any store).
my @D;                       # byte orders D_r, r mod 4
my $DK0 = 13 * 128;          # d_0, d_Nr in the key's extra area (after at most 13 plane keys;
                             # kBsaesDecPlainOffset in src/aes/aes.cc)
{
    my @SR = map { my ($r, $c) = ($_ >> 2, $_ & 3); 4 * $r + ($c + $r) % 4 } 0 .. 15;
    @D = ([@TR]);
    push @D, [map { $SR[$D[-1][$_]] } 0 .. 15] for 1 .. 3;
    # the closed form set_decrypt_key uses (src/aes/aes.cc) to place its round keys
    for my $r (0 .. 3) {
        for my $n (0 .. 15) {
            die "D_$r closed form" if $D[$r][$n] != 4 * ($n & 3) + ((($n >> 2) + $r * ($n & 3)) % 4);
        }
    }
}
# check: (4X^2 + 5) then MixColumns is InvMixColumns, on random columns; and
# the plane formula for 4t used below
{
    my $gm = \&gmul;
    srand(1);
    for (1 .. 200) {
        my @a = map { int(rand(256)) } 0 .. 3;
        my @t = map { $a[$_] ^ $a[($_ + 2) % 4] } 0 .. 3;
        my @p = map { $a[$_] ^ $gm->(4, $t[$_]) } 0 .. 3;
        my @mc = map { $gm->(2, $p[$_]) ^ $gm->(3, $p[($_ + 1) % 4]) ^ $p[($_ + 2) % 4] ^ $p[($_ + 3) % 4] } 0 .. 3;
        my @imc = map { $gm->(14, $a[$_]) ^ $gm->(11, $a[($_ + 1) % 4]) ^ $gm->(13, $a[($_ + 2) % 4]) ^ $gm->(9, $a[($_ + 3) % 4]) } 0 .. 3;
        die "InvMixColumns factorisation" if "@mc" ne "@imc";
    }
    for my $t (0 .. 255) {
        my @b = map { ($t >> $_) & 1 } 0 .. 7;
        my @f = ($b[6], $b[7] ^ $b[6], $b[0] ^ $b[7], $b[1] ^ $b[6], $b[2] ^ $b[6] ^ $b[7], $b[3] ^ $b[7], $b[4], $b[5]);
        my $v = 0; $v |= $f[$_] << $_ for 0 .. 7;
        die "times-4 planes" if $v != $gm->(4, $t);
    }
}
sub inv_pre {        # a ^= 4(a ^ R2 a) on planes @$a, with eight free registers @$t
    my ($a, $t) = @_;
    for my $i (0 .. 7) { emit("movdqa $a->[$i], $t->[$i]", "pshufb 16($MCP), $t->[$i]", "pxor $a->[$i], $t->[$i]") }
    # (4t)_i: t6, t7^t6, t0^t7, t1^t6, t2^t6^t7, t3^t7, t4, t5
    for my $L ([0, 6], [2, 0], [2, 7], [3, 1], [3, 6], [4, 2], [5, 3], [5, 7], [6, 4], [7, 5]) {
        emit("pxor $t->[$L->[1]], $a->[$L->[0]]");
    }
    emit("pxor $t->[6], $t->[7]", "pxor $t->[7], $a->[1]", "pxor $t->[7], $a->[4]");
}
{
    my $ns_enc = $NSPILL;
    $NSPILL = 0;
    my @isbox = sbox_code(\@inv_circuit, @sbox_io);
    my @isbox_mid = sbox_code(\@inv_circuit, $sbox_io[0], undef);
    my @XD = map { $SBOX_OUT{"S" . (7 - $_)} } 0 .. 7;
    check_alloc(\@inv_circuit, \@isbox, \@P);
    check_alloc(\@inv_circuit, \@isbox_mid, \@XD);
    printf STDERR "S-box code: forward %d, inverse %d instructions (middle rounds)\n", scalar(@sbox_mid), scalar(@isbox_mid) if $ENV{BS_VERBOSE};
    my $ns = $NSPILL;
    $NSPILL = $ns_enc;
    my $IVS = 16 + 16 * $ns;          # chaining value, directly followed by
    my $CT = $IVS + 16;               # this batch's ciphertexts: block b xors IVS + 16b
    my $FR = $CT + 128;
    my ($in, $out, $n, $key, $ivp) = ("%rdi", "%rsi", "%rdx", "%rcx", "%r8");
    my ($kp, $cnt) = ("%r9", "%eax");
    my ($loop, $pload, $loaded, $rloop, $pstore, $pdone, $done, $ret) =
        map { newlabel("d$_") } qw(loop pload loaded rloop pstore pdone done ret);
    emit(".ctasm_proc ctasm_bsaes_cbc_decrypt, global, args=5, frame=$FR",
         "shrq \$4, $n",
         "jz $ret",
         "movdqu ($ivp), %xmm0",
         "movdqa %xmm0, $IVS(%rsp)");
    label($loop);
    emit("cmpq \$8, $n", "jb $pload");
    emit("movdqu " . (16 * $_) . "($in), $P[$_]", "movdqa $P[$_], " . ($CT + 16 * $_) . "(%rsp)") for 0 .. 7;
    emit("jmp $loaded");
    # fewer than eight blocks left: load those (the count is public), zeros for the rest
    label($pload);
    emit("pxor $_, $_") for @P;
    emit("movq $n, %r11");
    for my $b (0 .. 6) {
        emit("movdqu " . (16 * $b) . "($in), $P[$b]", "movdqa $P[$b], " . ($CT + 16 * $b) . "(%rsp)");
        emit("subq \$1, %r11", "jz $loaded") if $b < 6;
    }
    label($loaded);
    emit("movdqa " . (256 + $DK0) . "($key), $Q[1]");          # d_0
    emit("pxor $Q[1], $_") for @P;
    transpose8();
    emit("leaq 256($key), $kp",
         "movl 240($key), $cnt",
         "subl \$1, $cnt",
         ".ctasm_adr $MCP, .Lbd_mc");
    label($rloop);
    round_mid($kp, \@isbox_mid, \@XD, \&inv_pre);
    emit("addq \$128, $kp",
         "addq \$32, $MCP",
         "subl \$1, $cnt",
         "jnz $rloop");
    emit(@isbox);
    transpose8();
    emit("movl 240($key), %r11d",
         "andl \$3, %r11d",
         "shll \$4, %r11d",
         ".ctasm_adr $MCP, .Lbd_out",
         "addq $MCP, %r11",
         "movdqa " . (256 + $DK0 + 16) . "($key), $Q[1]");    # d_Nr
    emit("pshufb (%r11), $_", "pxor $Q[1], $_") for @P;
    emit("cmpq \$8, $n", "jb $pstore");
    emit("pxor " . ($IVS + 16 * $_) . "(%rsp), $P[$_]", "movdqu $P[$_], " . (16 * $_) . "($out)") for 0 .. 7;
    emit("movdqa " . ($CT + 112) . "(%rsp), $Q[0]",
         "movdqa $Q[0], $IVS(%rsp)",
         "leaq 128($in), $in",
         "leaq 128($out), $out",
         "subq \$8, $n",
         "jnz $loop",
         "jmp $done");
    label($pstore);
    emit("movq $n, %r11");
    for my $b (0 .. 6) {
        emit("pxor " . ($IVS + 16 * $b) . "(%rsp), $P[$b]", "movdqu $P[$b], " . (16 * $b) . "($out)");
        emit("subq \$1, %r11", "jz $pdone") if $b < 6;
    }
    label($pdone);
    emit("shlq \$4, $n",                      # the last ciphertext, CT + 16(n-1)
         "movdqa $IVS(%rsp,$n), $Q[0]",
         "movdqa $Q[0], $IVS(%rsp)");
    label($done);
    emit("movdqa $IVS(%rsp), %xmm0",
         "movdqu %xmm0, ($ivp)",
         "pxor %xmm0, %xmm0");
    emit("movdqa %xmm0, " . (16 + 16 * $_) . "(%rsp)") for 0 .. $ns - 1;
    emit("movdqa %xmm0, " . ($IVS + 16 * $_) . "(%rsp)") for 0 .. 8;
    label($ret);
    emit(".ctasm_ret", ".ctasm_endproc");
}

emit(".ctasm_rodata", ".ctasm_align 64");
bytes16(".Lbs_m55", [(0x55) x 16]);
bytes16(".Lbs_m33", [(0x33) x 16]);
bytes16(".Lbs_m0f", [(0x0f) x 16]);
# ShiftRows is never executed: after round r the planes hold the state
# with its bytes in the order C_r = SR^-r (X[n] = s[C_r[n]]), so MixColumns
# rotates rows with the conjugated masks C_r^-1 R C_r, round key r is stored
# permuted by C_r (ctasm_vpaes_encrypt_key_to_bsaes), and the output shuffle
# undoes C_Nr.
{
    my @SRI = map { my ($r, $c) = ($_ >> 2, $_ & 3); 4 * $r + ($c - $r) % 4 } 0 .. 15;
    my @C = ([0 .. 15]);
    push @C, [map { $SRI[$C[-1][$_]] } 0 .. 15] for 1 .. 3;
    my @R1 = map { ($_ + 4) % 16 } 0 .. 15;
    my @R2 = map { ($_ + 8) % 16 } 0 .. 15;
    my $inv = sub { my @p = @{$_[0]}; my @q; $q[$p[$_]] = $_ for 0 .. 15; \@q };
    $code .= ".Lbs_mc:\n";          # rounds 1 .. 13: R1, R2 in the order C_r
    for my $r (1 .. 13) {
        my $c = $C[$r % 4]; my $ci = $inv->($c);
        bytes16("", [map { $ci->[$R1[$c->[$_]]] } 0 .. 15]);
        bytes16("", [map { $ci->[$R2[$c->[$_]]] } 0 .. 15]);
    }
    $code .= ".Lbs_trc:\n";         # by Nr mod 4: column-major round key -> order C_Nr
    for my $r (0 .. 3) {
        bytes16("", [map { $TR[$C[$r][$_]] } 0 .. 15]);
    }
    $code .= ".Lbs_out:\n";         # by Nr mod 4: order C_Nr -> column-major
    for my $r (0 .. 3) {
        my $ci = $inv->($C[$r]);
        bytes16("", [map { $ci->[$TR[$_]] } 0 .. 15]);
    }
}
bytes16(".Lbs_swap", \@SWAP);
bytes16(".Lbs_ctrm", \@CTRM);
bytes16(".Lbs_one", [(0) x 12, 1, 0, 0, 0]);
bytes16(".Lbs_eight", [(0) x 12, 8, 0, 0, 0]);
bytes16(".Lbs_bit$_", [(1 << $_) x 16]) for 0 .. 7;
bytes16(".Lbs_b15", [(15) x 16]);
bytes16(".Lbs_no15", [(0xff) x 15, 0]);
# S table inputs: lane (q, n) holds 8q + n (plane 7, the half, is set in code)
for my $i (0 .. 6) {
    bytes16(".Lbs_lane$i", [map { my $q = $_; my $v = 0; $v |= ((((8 * $q + $_) >> $i) & 1) << $_) for 0 .. 7; $v } 0 .. 15]);
}
# M1_q, M2_q for q = 0..15 (see round-1 caching above)
$code .= ".Lbs_cmask:\n";
for my $q (0 .. 15) {
    bytes16("", [map { defined $COEF1{$_} && ($COEF1{$_} & 1) ? $q : 0x80 } 0 .. 15]);
    bytes16("", [map { defined $COEF1{$_} && ($COEF1{$_} & 2) ? $q : 0x80 } 0 .. 15]);
}
# plane i at byte 15 (row-major) for counters 8m + n, n = 0..7: bit n = bit i of n
for my $i (0 .. 2) {
    my $v = 0; $v |= (($_ >> $i) & 1) << $_ for 0 .. 7;
    bytes16(".Lbs_pat$i", [(0) x 15, $v]);
}

# decryption tables (see "CBC decryption" above)
{
    my $inv = sub { my @p = @{$_[0]}; my @q; $q[$p[$_]] = $_ for 0 .. 15; \@q };
    my @R1 = map { ($_ + 4) % 16 } 0 .. 15;
    my @R2 = map { ($_ + 8) % 16 } 0 .. 15;
    $code .= ".Lbd_mc:\n";          # rounds 1 .. 13: R1, R2 in the order D_r
    for my $r (1 .. 13) {
        my $c = $D[$r % 4]; my $ci = $inv->($c);
        bytes16("", [map { $ci->[$R1[$c->[$_]]] } 0 .. 15]);
        bytes16("", [map { $ci->[$R2[$c->[$_]]] } 0 .. 15]);
    }
    $code .= ".Lbd_out:\n";         # by Nr mod 4: order D_Nr -> column-major
    for my $r (0 .. 3) {
        my $ci = $inv->($D[$r]);
        bytes16("", [map { $ci->[$TR[$_]] } 0 .. 15]);
    }
}

finish();
