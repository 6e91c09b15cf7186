#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# vpaes-armv8.pl -- constant-time AES for AArch64 NEON by vector permutes.
#
# Algorithm (M. Hamburg, "Accelerating AES with Vector Permute Instructions",
# CHES 2009): every byte-wise nonlinear or linear step of AES is split into
# 4-bit halves and done by `tbl` lookups into 16-byte tables held in
# registers, so no memory address and no branch ever depends on data.
#
# The S-box inverse is computed in the tower field GF(16)[t]/(t^2+t+zeta).
# A state byte, in our "tower basis" B, is the nibble pair (i, k) with
#     z = i + k*tbar,   tbar = t^16 = t+1,   so also z = i*t + j*tbar, j = i^k.
# With N = z*zbar = zeta*k^2 + i*j (the norm, in GF(16)), Hamburg's identity is
#     io = 1/(1/i + (1/zeta)/k) + j = N/(i + zeta*k)
#     jo = 1/(1/j + (1/zeta)/k) + i = N/(j + zeta*k)
# and 1/io, 1/jo are GF(16)-linear combinations of the coordinates of 1/z,
# so the output tables (indexed by io, jo) fold "1/n" together with every
# later linear step: basis change back, the S-box affine map, the MixColumns
# multipliers. 1/0 is "infinity" (0x80): it stays >= 16 under XOR with a
# nibble and then `tbl` returns 0 = 1/infinity. (`tbl` zeroes every index
# >= 16, where pshufb looks only at bit 7; so all indices fed to tbl are
# either a clean nibble or carry infinity in bit 7 -- never a stray bit 4..6.)
#
# Round structure (encryption), state x in basis B, round keys pre-transformed:
#     x = B(in) ^ rk0                     (IPT tables, lo/hi nibble)
#     rounds 1..Nr-1:  x = ShiftRows(x) [tbl]; (io,jo) = inversion;
#         u = B(A*inv) (Ua/Ub), w = B(2*A*inv) (Wa/Wb)       A = S-box matrix
#         MixColumns: x = w + R1(u) + R1(w + R1(u)) + R3(u)  [3 tbl]; x ^= rk
#     last: x = ShiftRows(x); inversion; x = A*inv (Oa/Ob) ^ rk_last
# The S-box constant 0x63 is folded into the round keys (MixColumns maps a
# constant column c,c,c,c to itself since 2^3^1^1 = 1).
# Decryption (equivalent inverse cipher) keeps the state in basis B*A^-1:
#     x = B(A^-1(in)) via DIPT ^ rk0;  rounds: InvShiftRows; inversion;
#     x = D14 + R1(D11 + R1(D13 + R1(D9))) ^ rk, Dm = B*A^-1*(m*inv);
#     last: InvShiftRows; inversion; x = inv (DOa/DOb) ^ K0.
#
# Key layout: bytes 0..16*Nr+15 round keys in order of use, word at 240 = Nr.
#     encryption: B(K0), B(Kr ^ 63..), ..., KNr ^ 63..
#     decryption: B(A^-1(KNr)), B(A^-1(InvMC(KNr-r))), ..., K0
#
# Register plan (v16..v31 constant tables, v0..v15 block temporaries):
#     v16 0x0f mask  v17 1/n  v18 (1/zeta)/n  v19 ShiftRows (enc) / InvShiftRows (dec)
#     v20 R1 column rotation
#     enc: v21 R3  v22 Ua v23 Ub  v24 Wa v25 Wb  v26 Oa v27 Ob  v28 IPTlo v29 IPThi
#     dec: v21,v22 D9  v23,v24 D13  v25,v26 D11  v27,v28 D14  v29 DIPTlo v30 DIPThi
#          v31 DOa (DOb is loaded into a temporary for the last round)
# A block being processed needs four temporaries (x, i, j, t). CTR and CBC
# decryption run groups of 4, then 2, then 1 block; the 4-block groups use
# v0..v15, so those functions declare vsave=d8-d15. GPRs: x0..x13 only.
#
# Where the instructions go (issue 13 part 3; AES-128-CTR, a 4-block group,
# per block, counted by util/count_insns.py under qemu): input transform 5 +
# rk0 1; 9 middle rounds x 26 (ShiftRows tbl 1, inversion 12 = 5 tbl + 5 eor +
# ushr + and, Ua/Ub 3, MixColumns 9 = Wa/Wb 2 tbl + R1, R1, R3 tbl + 4 eor,
# round key 1) = 234; last round 17; round-loop overhead (ld1 rk, subs, b.ne
# per round, shared by 4 blocks) ~8; counter 4; load/xor/store/loop 2: 271.
# Tried and kept: (a) the round loop is two rounds entered at its second
# half (one subs/b.ne per two rounds; -7 per group, -1.75 a block in groups
# of 4, -7 for a lone block); (b) the 4-block group's counters made in one
# vector (dup, add {0,1,2,3}, rev32: -3 per group); (c) in CTR bytes 0..11 of
# every block are the IV's, so B(IV) ^ rk0 is made once per call (when there
# are >= 4 blocks) and only the packed counter vector is transformed per
# group of 4 (-18 per group). AES-128-CTR 16/256/8192 B: 524/4564/138980 ->
# 517/4461/135405 instructions (16.97 -> 16.53 /B, 0.91x BoringSSL's 18.24);
# CBC decrypt 518/5326/165286 -> 511/5298/164390.
# Next step, not done: ShiftRows folded into pre-permuted round keys and 4
# rotating R1/R3 variants (the tbl per block-round goes, 1 ld1 per
# group-round comes: ~-7 a block, ~-0.45 /B, but a new key
# layout); a 5th block does not fit (4 temporaries x 5 > 16 registers).

use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin, "$FindBin::RealBin/../lib";
use AesField qw(gmul gpow ginv aff);
use Perlasm qw($code newlabel byte_list finish);

Perlasm::open_output("arm", @ARGV);
Perlasm::set_label_prefix(".Lvp");

############################################################################
# Constant tables, derived at generation time.
############################################################################

# GF(2^8) with the AES polynomial x^8+x^4+x^3+x+1.

# S-box affine map: A(x) = x ^ rotl1 ^ rotl2 ^ rotl3 ^ rotl4 (linear part).
my @A    = map { aff($_) } 0..255;
my @Ainv; $Ainv[$A[$_]] = $_ for 0..255;
my @sbox    = map { $A[ginv($_)] ^ 0x63 } 0..255;
my @invsbox; $invsbox[$sbox[$_]] = $_ for 0..255;
die "S-box derivation" unless $sbox[0] == 0x63 && $sbox[0x53] == 0xed;

# GF(16) as the subfield {x : x^16 = x} of GF(2^8). gamma = 3^17 has order
# 15, so it generates GF(16)*; a nibble n names sum_b n_b * gamma^b.
my $gamma = gpow(3, 17);
my @e = map { my $n = $_; my $v = 0;
              for my $b (0..3) { $v ^= gpow($gamma, $b) if $n >> $b & 1 } $v } 0..15;
my %e_inv; $e_inv{$e[$_]} = $_ for 0..15;
die "subfield basis" unless keys(%e_inv) == 16 && !grep { gpow($_, 16) != $_ } @e;

# zeta: the first nibble for which t^2+t+zeta has no root in GF(16) (so the
# quadratic is irreducible and GF(16)[t] is GF(2^8)); t: a root in GF(2^8).
my ($zeta) = grep { my $z = $e[$_]; !grep { gmul($_, $_) ^ $_ ^ $z ? 0 : 1 } @e } 1..15;
my $Z = $e[$zeta];
my ($t) = grep { (gmul($_, $_) ^ $_) == $Z } 0..255;
my $tbar = $t ^ 1;                               # the conjugate root t^16

# Basis B: byte (i<<4)|k stands for z = i + k*tbar.
my @B;
for my $i (0..15) { for my $k (0..15) { $B[$e[$i] ^ gmul($e[$k], $tbar)] = ($i << 4) | $k; } }
die "basis B" unless 256 == grep { defined } @B;

# 1/n in GF(16), and (1/zeta)/n, with 1/0 = infinity = 0x80.
my @tinv = map { $_ ? $e_inv{ginv($e[$_])} : 0x80 } 0..15;
my $czeta = ginv($Z);
my @tck  = map { $_ ? $e_inv{gmul($czeta, ginv($e[$_]))} : 0x80 } 0..15;

# 1/z = (1/io)*Pa + (1/jo)*Pb with Pa = zeta*t + (1+zeta)*tbar, Pb = (1+zeta)*t + zeta*tbar:
# from 1/z = (j/N)*t + (i/N)*tbar and [1/io, 1/jo] = [[1+zeta, zeta],[zeta, 1+zeta]] [i/N, j/N]
# (that matrix has determinant 1 and is its own inverse in characteristic 2).
my $Pa = gmul($Z, $t) ^ gmul($Z ^ 1, $tbar);
my $Pb = gmul($Z ^ 1, $t) ^ gmul($Z, $tbar);
my @La = map { $_ ? gmul(ginv($e[$_]), $Pa) : 0 } 0..15;      # standard basis
my @Lb = map { $_ ? gmul(ginv($e[$_]), $Pb) : 0 } 0..15;

# Simulate the vector inversion on one byte with exact tbl semantics.
sub tblx { my ($tab, $i) = @_; return $i < 16 ? $tab->[$i] : 0; }
sub inversion {
    my ($x) = @_;
    my ($i, $k) = ($x >> 4, $x & 15);
    my $j  = $i ^ $k;
    my $ak = tblx(\@tck, $k);
    my $io = tblx(\@tinv, tblx(\@tinv, $i) ^ $ak) ^ $j;
    my $jo = tblx(\@tinv, tblx(\@tinv, $j) ^ $ak) ^ $i;
    return ($io, $jo);
}
sub outtab { my ($f, $L) = @_; return [ map { $f->($L->[$_]) } 0..15 ]; }
sub lookup2 { my ($ta, $tb, $io, $jo) = @_; return tblx($ta, $io) ^ tblx($tb, $jo); }

# Input transforms (linear, so split by nibble): IPT = B, DIPT = B o A^-1.
my @ipt_lo  = map { $B[$_] } 0..15;
my @ipt_hi  = map { $B[$_ << 4] } 0..15;
my @dipt_lo = map { $B[$Ainv[$_]] } 0..15;
my @dipt_hi = map { $B[$Ainv[$_ << 4]] } 0..15;
my $B63 = $B[0x63];                              # folded into encryption round keys
my $B05 = $B[$Ainv[0x63]];                       # A^-1(x) = Ainv(x) ^ Ainv(0x63)

my %T = (
    tinv => \@tinv, tck => \@tck,
    Ua => outtab(sub { $B[$A[$_[0]]] }, \@La),            Ub => outtab(sub { $B[$A[$_[0]]] }, \@Lb),
    Wa => outtab(sub { $B[gmul(2, $A[$_[0]])] }, \@La),  Wb => outtab(sub { $B[gmul(2, $A[$_[0]])] }, \@Lb),
    Oa => outtab(sub { $A[$_[0]] }, \@La),                Ob => outtab(sub { $A[$_[0]] }, \@Lb),
    DOa => [@La], DOb => [@Lb],
    ipt_lo => \@ipt_lo, ipt_hi => \@ipt_hi, dipt_lo => \@dipt_lo, dipt_hi => \@dipt_hi,
);
for my $m (9, 11, 13, 14) {
    $T{"D${m}a"} = outtab(sub { $B[$Ainv[gmul($m, $_[0])]] }, \@La);
    $T{"D${m}b"} = outtab(sub { $B[$Ainv[gmul($m, $_[0])]] }, \@Lb);
}

# Self-check every table against the definition of the S-box, for all bytes.
for my $x (0..255) {
    my $s = $B[$x];                               # x in basis B
    my ($io, $jo) = inversion($s);
    die "inversion at $x" unless lookup2(\@La, \@Lb, $io, $jo) == ginv($x);
    my $sx = $sbox[$x] ^ 0x63;
    die "Oa/Ob at $x" unless lookup2($T{Oa}, $T{Ob}, $io, $jo) == $sx;
    die "Ua/Ub at $x" unless lookup2($T{Ua}, $T{Ub}, $io, $jo) == $B[$sx];
    die "Wa/Wb at $x" unless lookup2($T{Wa}, $T{Wb}, $io, $jo) == $B[gmul(2, $sx)];
    die "IPT at $x" unless ($ipt_lo[$x & 15] ^ $ipt_hi[$x >> 4]) == $s;
    # decryption: state byte x (standard) enters as B(A^-1(x)) = DIPT(x) ^ B05
    my $d = $dipt_lo[$x & 15] ^ $dipt_hi[$x >> 4] ^ $B05;
    ($io, $jo) = inversion($d);
    die "DO at $x" unless lookup2($T{DOa}, $T{DOb}, $io, $jo) == $invsbox[$x];
    for my $m (9, 11, 13, 14) {
        die "D$m at $x" unless lookup2($T{"D${m}a"}, $T{"D${m}b"}, $io, $jo)
                               == $B[$Ainv[gmul($m, $invsbox[$x])]];
    }
}

# Byte permutations. State byte 4*c+r is row r of column c; tbl: out[b] = in[idx[b]].
my @sr  = map { my ($c, $r) = ($_ >> 2, $_ & 3); 4 * (($c + $r) & 3) + $r } 0..15;
my @isr = map { my ($c, $r) = ($_ >> 2, $_ & 3); 4 * (($c - $r) & 3) + $r } 0..15;
my @r1  = map { my ($c, $r) = ($_ >> 2, $_ & 3); 4 * $c + (($r + 1) & 3) } 0..15;
my @r3  = map { my ($c, $r) = ($_ >> 2, $_ & 3); 4 * $c + (($r + 3) & 3) } 0..15;
# Round constants: x^(r-1) in GF(2^8).
my @rcon = map { gpow(2, $_) } 0..9;

# One table as a .byte row with its name as a comment (the names are the labels
# of the .ctasm_rodata block below).
sub table_row { my ($name, $tab) = @_; sprintf("\t.byte\t%s\t// %s\n", byte_list($tab), $name); }

############################################################################
# Code.
############################################################################


# Constant registers.
my ($m0f, $tinv, $tck, $sr, $r1) = map { "v$_" } 16..20;
my ($r3, $ua, $ub, $wa, $wb, $oa, $ob, $iptlo, $ipthi) = map { "v$_" } 21..29;
my ($d9a, $d9b, $d13a, $d13b, $d11a, $d11b, $d14a, $d14b, $diptlo, $dipthi, $doa)
    = map { "v$_" } 21..31;

# Emit one step for every block of @$blocks (each block = [x, i, j, t]),
# interleaving independent blocks.
sub each_block {
    my ($blocks, $f) = @_;
    for my $b (@$blocks) { $code .= "\t" . $f->(@$b) . "\n"; }
}
sub each_blocks { my $bl = shift; each_block($bl, $_) for @_; }

# x = lo[x & 15] ^ hi[x >> 4] (uses i as temporary).
sub nibble_transform {
    my ($bl, $lo, $hi) = @_;
    each_blocks($bl,
        sub { "ushr\t$_[1].16b, $_[0].16b, #4" },
        sub { "and\t$_[0].16b, $_[0].16b, $m0f.16b" },
        sub { "tbl\t$_[0].16b, {$lo.16b}, $_[0].16b" },
        sub { "tbl\t$_[1].16b, {$hi.16b}, $_[1].16b" },
        sub { "eor\t$_[0].16b, $_[0].16b, $_[1].16b" });
}

# GF(2^8) inversion in basis B: x -> io in t, jo in j; x, i become free.
sub inversion_code {
    my ($bl) = @_;
    each_blocks($bl,
        sub { "ushr\t$_[1].16b, $_[0].16b, #4" },           # i
        sub { "and\t$_[0].16b, $_[0].16b, $m0f.16b" },      # k
        sub { "eor\t$_[2].16b, $_[1].16b, $_[0].16b" },     # j = i ^ k
        sub { "tbl\t$_[0].16b, {$tck.16b}, $_[0].16b" },    # ak = (1/zeta)/k
        sub { "tbl\t$_[3].16b, {$tinv.16b}, $_[1].16b" },   # 1/i
        sub { "eor\t$_[3].16b, $_[3].16b, $_[0].16b" },     # iak = 1/i + ak
        sub { "tbl\t$_[3].16b, {$tinv.16b}, $_[3].16b" },   # 1/iak
        sub { "eor\t$_[3].16b, $_[3].16b, $_[2].16b" },     # io = 1/iak + j
        sub { "tbl\t$_[2].16b, {$tinv.16b}, $_[2].16b" },   # 1/j
        sub { "eor\t$_[2].16b, $_[2].16b, $_[0].16b" },     # jak = 1/j + ak
        sub { "tbl\t$_[2].16b, {$tinv.16b}, $_[2].16b" },   # 1/jak
        sub { "eor\t$_[2].16b, $_[2].16b, $_[1].16b" });    # jo = 1/jak + i
}

# x = ta[io] ^ tb[jo] (after inversion_code; uses i).
sub out_pair {
    my ($bl, $ta, $tb) = @_;
    each_blocks($bl,
        sub { "tbl\t$_[0].16b, {$ta.16b}, $_[3].16b" },
        sub { "tbl\t$_[1].16b, {$tb.16b}, $_[2].16b" },
        sub { "eor\t$_[0].16b, $_[0].16b, $_[1].16b" });
}

# x ^= ta[io] ^ tb[jo] (uses i).
sub acc_pair {
    my ($bl, $ta, $tb) = @_;
    each_blocks($bl,
        sub { "tbl\t$_[1].16b, {$ta.16b}, $_[3].16b" },
        sub { "eor\t$_[0].16b, $_[0].16b, $_[1].16b" },
        sub { "tbl\t$_[1].16b, {$tb.16b}, $_[2].16b" },
        sub { "eor\t$_[0].16b, $_[0].16b, $_[1].16b" });
}

sub xor_rk { my ($bl, $rk) = @_; each_block($bl, sub { "eor\t$_[0].16b, $_[0].16b, $rk.16b" }); }
sub permute { my ($bl, $p) = @_; each_block($bl, sub { "tbl\t$_[0].16b, {$_[0].16b}, $p.16b" }); }

# Load the encryption / decryption tables into v16..v29 / v16..v31.
sub load_enc_tables {
    my ($p) = @_;
    $code .= <<___;
	movi	$m0f.16b, #0x0f
	.ctasm_adr	$p, .Lk_enc
	ld1	{v17.16b, v18.16b, v19.16b, v20.16b}, [$p], #64
	ld1	{v21.16b, v22.16b, v23.16b, v24.16b}, [$p], #64
	ld1	{v25.16b, v26.16b, v27.16b, v28.16b}, [$p], #64
	ld1	{v29.16b}, [$p]
___
}
# Leaves $p pointing at DOb.
sub load_dec_tables {
    my ($p) = @_;
    $code .= <<___;
	movi	$m0f.16b, #0x0f
	.ctasm_adr	$p, .Lk_dec
	ld1	{v17.16b, v18.16b, v19.16b, v20.16b}, [$p], #64
	ld1	{v21.16b, v22.16b, v23.16b, v24.16b}, [$p], #64
	ld1	{v25.16b, v26.16b, v27.16b, v28.16b}, [$p], #64
	ld1	{v29.16b, v30.16b, v31.16b}, [$p], #48
___
}

# Encrypt the blocks in place. $key: key pointer (not modified); $kp, $n:
# scratch GPRs; $rk: scratch vector.
# With $pre the blocks already are B(in) ^ rk0.
sub encrypt_blocks {
    my ($bl, $key, $kp, $n, $rk, $pre) = @_;
    my ($loop, $second) = (newlabel(), newlabel());
    # Rounds 1..Nr-1 (an odd count) as a loop of two rounds entered at its
    # second half: n = Nr/2 passes, one round-loop branch per two rounds.
    if ($pre) {
        $code .= "\tadd\t$kp, $key, #16\n\tldr\t$n, [$key, #240]\n";
    } else {
        $code .= "\tmov\t$kp, $key\n\tldr\t$n, [$key, #240]\n\tld1\t{$rk.16b}, [$kp], #16\n";
        nibble_transform($bl, $iptlo, $ipthi);
        xor_rk($bl, $rk);
    }
    $code .= "\tlsr\t$n, $n, #1\n\tb\t$second\n";
    for my $half ($loop, $second) {
        $code .= "$half:\n\tld1\t{$rk.16b}, [$kp], #16\n";
        permute($bl, $sr);
        inversion_code($bl);
        out_pair($bl, $ua, $ub);                # x = u = B(A*inv)
        each_blocks($bl,
            sub { "tbl\t$_[1].16b, {$wa.16b}, $_[3].16b" },
            sub { "tbl\t$_[2].16b, {$wb.16b}, $_[2].16b" },
            sub { "eor\t$_[3].16b, $_[1].16b, $_[2].16b" },     # t = w = B(2*A*inv)
            sub { "tbl\t$_[1].16b, {$_[0].16b}, $r1.16b" },     # R1(u)
            sub { "eor\t$_[3].16b, $_[3].16b, $_[1].16b" },     # b = w + R1(u)
            sub { "tbl\t$_[2].16b, {$_[3].16b}, $r1.16b" },     # R1(b)
            sub { "tbl\t$_[1].16b, {$_[0].16b}, $r3.16b" },     # R3(u)
            sub { "eor\t$_[0].16b, $_[3].16b, $_[2].16b" },
            sub { "eor\t$_[0].16b, $_[0].16b, $_[1].16b" });
        xor_rk($bl, $rk);
    }
    $code .= "\tsubs\t$n, $n, #1\n\tb.ne\t$loop\n";
    $code .= "\tld1\t{$rk.16b}, [$kp]\n";
    permute($bl, $sr);
    inversion_code($bl);
    out_pair($bl, $oa, $ob);
    xor_rk($bl, $rk);
}

# Decrypt the blocks in place. Two register modes:
#  - $rk, $dob given: round keys go to $rk, DOb to $dob, $dp points at DOb;
#  - $rk undef ("late" mode, for four blocks, which need v0..v15): each round
#    key is loaded only when every block's t register is free, into block 0's
#    t, and DOb goes there too for the last round.
sub decrypt_blocks {
    my ($bl, $key, $kp, $n, $rk, $dob, $dp) = @_;
    my $late = !defined $rk;
    ($rk, $dob) = ($bl->[0][3]) x 2 if $late;
    my $loop = newlabel();
    $code .= "\tmov\t$kp, $key\n\tldr\t$n, [$key, #240]\n\tld1\t{$rk.16b}, [$kp], #16\n";
    nibble_transform($bl, $diptlo, $dipthi);
    xor_rk($bl, $rk);
    my $second = newlabel();
    $code .= "\tlsr\t$n, $n, #1\n\tb\t$second\n";  # two rounds a pass, as in encrypt_blocks
    for my $half ($loop, $second) {
        $code .= "$half:\n";
        $code .= "\tld1\t{$rk.16b}, [$kp], #16\n" unless $late;
        permute($bl, $sr);                      # v19 holds InvShiftRows here
        inversion_code($bl);
        out_pair($bl, $d9a, $d9b);
        permute($bl, $r1);
        acc_pair($bl, $d13a, $d13b);
        permute($bl, $r1);
        acc_pair($bl, $d11a, $d11b);
        permute($bl, $r1);
        acc_pair($bl, $d14a, $d14b);
        $code .= "\tld1\t{$rk.16b}, [$kp], #16\n" if $late;
        xor_rk($bl, $rk);
    }
    $code .= "\tsubs\t$n, $n, #1\n\tb.ne\t$loop\n";
    $code .= "\tld1\t{$rk.16b}, [$kp]\n\tld1\t{$dob.16b}, [$dp]\n" unless $late;
    permute($bl, $sr);
    inversion_code($bl);
    if ($late) {
        each_block($bl, sub { "tbl\t$_[0].16b, {$doa.16b}, $_[3].16b" });
        $code .= "\tld1\t{$dob.16b}, [$dp]\n";
        each_blocks($bl,
            sub { "tbl\t$_[1].16b, {$dob.16b}, $_[2].16b" },
            sub { "eor\t$_[0].16b, $_[0].16b, $_[1].16b" });
        $code .= "\tld1\t{$rk.16b}, [$kp]\n";
    } else {
        out_pair($bl, $doa, $dob);
    }
    xor_rk($bl, $rk);
}

my @blk0 = map { "v$_" } 0..3;
my @blk1 = map { "v$_" } 4..7;

$code .= <<___;
	.ctasm_text

// void ctasm_vpaes_encrypt(const uint8_t in[16], uint8_t out[16], const void *key)
	.ctasm_proc	ctasm_vpaes_encrypt, global
___
load_enc_tables("x9");
$code .= "\tld1\t{v0.16b}, [x0]\n";
encrypt_blocks([\@blk0], "x2", "x10", "w11", "v4");
$code .= <<___;
	st1	{v0.16b}, [x1]
	.ctasm_ret
	.ctasm_endproc

// void ctasm_vpaes_decrypt(const uint8_t in[16], uint8_t out[16], const void *key)
	.ctasm_proc	ctasm_vpaes_decrypt, global
___
load_dec_tables("x9");
$code .= "\tld1\t{v0.16b}, [x0]\n";
decrypt_blocks([\@blk0], "x2", "x10", "w11", "v4", "v5", "x9");
$code .= <<___;
	st1	{v0.16b}, [x1]
	.ctasm_ret
	.ctasm_endproc
___

# void ctasm_vpaes_cbc_encrypt(const uint8_t *in, uint8_t *out, size_t len,
#                        const void *key, uint8_t ivec[16], int enc)
{
my ($in, $out, $len, $key, $ivp, $enc) = map { "x$_" } 0..5;
my ($rk, $iv) = ("v30", "v31");                 # free in the encryption layout
my ($encl, $decl2, $dec1, $ret) = map { newlabel() } 1..4;
$code .= <<___;

// void ctasm_vpaes_cbc_encrypt(const uint8_t *in, uint8_t *out, size_t len,
//                        const void *key, uint8_t ivec[16], int enc)
	.ctasm_proc	ctasm_vpaes_cbc_encrypt, global, vsave=d8-d15
	lsr	$len, $len, #4			// blocks
	cbz	$len, $ret
	cbz	w5, $dec1
___
load_enc_tables("x9");
$code .= "\tld1\t{$iv.16b}, [$ivp]\n";
$code .= "$encl:\n\tld1\t{v0.16b}, [$in], #16\n\teor\tv0.16b, v0.16b, $iv.16b\n";
encrypt_blocks([\@blk0], $key, "x10", "w11", $rk);
$code .= <<___;
	mov	$iv.16b, v0.16b
	st1	{v0.16b}, [$out], #16
	subs	$len, $len, #1
	b.ne	$encl
	st1	{$iv.16b}, [$ivp]
	b	$ret

$dec1:
___
load_dec_tables("x9");
# Groups of 4, then 2, then 1 block; block b of a group of n uses v(b),
# v(b+n), v(b+2n), v(b+3n). The chaining value lives in x12:x13.
my $group = sub {
    my ($n) = @_;
    my @bl = map { my $b = $_; [ map { "v" . ($b + $n * $_) } 0..3 ] } 0..$n-1;
    my $res = join(", ", map { "v$_.16b" } 0..$n-1);
    my $cts = join(", ", map { "v$_.16b" } $n..2*$n-1);
    my $v = "v" . 2 * $n;
    $code .= "\tld1\t{$res}, [$in]\n";
    if ($n == 4) { decrypt_blocks(\@bl, $key, "x10", "w11", undef, undef, "x9"); }
    else         { decrypt_blocks(\@bl, $key, "x10", "w11", "v14", "v15", "x9"); }
    $code .= "\tld1\t{$cts}, [$in], #" . 16 * $n . "\t// the ciphertext again (in may equal out)\n";
    $code .= "\tfmov\td" . 2 * $n . ", x12\n\tmov\t$v.d[1], x13\n\teor\tv0.16b, v0.16b, $v.16b\n";
    $code .= "\teor\tv$_.16b, v$_.16b, v" . ($n + $_ - 1) . ".16b\n" for 1..$n-1;
    $code .= "\tmov\tx12, v" . (2 * $n - 1) . ".d[0]\n\tmov\tx13, v" . (2 * $n - 1) . ".d[1]\n";
    $code .= "\tst1\t{$res}, [$out], #" . 16 * $n . "\n";
};
$code .= <<___;
	ldp	x12, x13, [$ivp]
	subs	$len, $len, #4
	b.lo	$decl2
${decl2}_4:
___
$group->(4);
$code .= <<___;
	subs	$len, $len, #4
	b.hs	${decl2}_4
$decl2:
	adds	$len, $len, #4			// 0..3 left
	tbz	$len, #1, ${decl2}_1
___
$group->(2);
$code .= "${decl2}_1:\n\ttbz\t$len, #0, ${decl2}_end\n";
$group->(1);
$code .= <<___;
${decl2}_end:
	stp	x12, x13, [$ivp]
$ret:
	.ctasm_ret
	.ctasm_endproc
___
}

# void ctasm_vpaes_ctr32_encrypt_blocks(const uint8_t *in, uint8_t *out, size_t blocks,
#                                 const void *key, const uint8_t ivec[16])
# Four blocks at a time, then two, then one. Block b of a group of n uses
# registers v(b), v(b+n), v(b+2n), v(b+3n), so the n results end up in
# v0..v(n-1) and v(n)..v(2n-1) are free for the input: one ld1/st1 each.
{
my ($in, $out, $nblk, $key, $ivp) = map { "x$_" } 0..4;
my ($ctr, $w, $rk0w) = ("w12", "w13", "w5");
my ($rk, $iv) = ("v30", "v31");                 # free in the encryption layout
my ($loop4, $two, $one, $ret) = map { newlabel() } 1..4;
my $group = sub {
    my ($n) = @_;
    my @bl = map { my $b = $_; [ map { "v" . ($b + $n * $_) } 0..3 ] } 0..$n-1;
    if ($n == 4) {
        # The four counters at once: {c, c+1, c+2, c+3} (mod 2^32) byte-reversed
        # in v4 (x9 still points at IPT hi, the row after it is {0, 1, 2, 3}),
        # then B(counter) ^ rk0's column 3 ($rk0w) on all four; $iv holds
        # B(IV) ^ rk0 here, whose columns 0..2 every block shares.
        $code .= "\tldr\tq4, [x9, #16]\n\tdup\tv5.4s, $ctr\n\tadd\tv4.4s, v4.4s, v5.4s\n"
               . "\trev32\tv4.16b, v4.16b\n\tadd\t$ctr, $ctr, #4\n";
        nibble_transform([["v4", "v5"]], $iptlo, $ipthi);
        $code .= "\tdup\tv5.4s, $rk0w\n\teor\tv4.16b, v4.16b, v5.16b\n";
        $code .= "\tmov\tv$_.16b, $iv.16b\n\tmov\tv$_.s[3], v4.s[$_]\n" for 0..3;
    } else {
        for my $b (0..$n-1) {
            $code .= "\tmov\tv$b.16b, $iv.16b\n\trev\t$w, $ctr\n\tmov\tv$b.s[3], $w\n\tadd\t$ctr, $ctr, #1\n";
        }
    }
    encrypt_blocks(\@bl, $key, "x10", "w11", $rk, $n == 4);
    my $ins = join(", ", map { "v$_.16b" } $n..2*$n-1);
    my $outs = join(", ", map { "v$_.16b" } 0..$n-1);
    $code .= "\tld1\t{$ins}, [$in], #" . 16 * $n . "\n";
    $code .= "\teor\tv$_.16b, v$_.16b, v" . ($_ + $n) . ".16b\n" for 0..$n-1;
    $code .= "\tst1\t{$outs}, [$out], #" . 16 * $n . "\n";
};
$code .= <<___;

// void ctasm_vpaes_ctr32_encrypt_blocks(const uint8_t *in, uint8_t *out, size_t blocks,
//                                 const void *key, const uint8_t ivec[16])
	.ctasm_proc	ctasm_vpaes_ctr32_encrypt_blocks, global, vsave=d8-d15
	cbz	$nblk, $ret
___
load_enc_tables("x9");
$code .= <<___;
	ld1	{$iv.16b}, [$ivp]
	ldr	$ctr, [$ivp, #12]
	rev	$ctr, $ctr			// big-endian counter, wraps mod 2^32
	subs	$nblk, $nblk, #4
	b.lo	$two
	ld1	{$rk.16b}, [$key]		// for groups of 4: $iv = B(IV) ^ rk0
	ldr	$rk0w, [$key, #12]		// rk0's column 3
___
nibble_transform([[$iv, "v4"]], $iptlo, $ipthi);
$code .= <<___;
	eor	$iv.16b, $iv.16b, $rk.16b
$loop4:
___
$group->(4);
$code .= <<___;
	subs	$nblk, $nblk, #4
	b.hs	$loop4
	ld1	{$iv.16b}, [$ivp]		// the IV again for the groups of 2 and 1
$two:
	adds	$nblk, $nblk, #4		// 0..3 left
	tbz	$nblk, #1, $one
___
$group->(2);
$code .= "$one:\n\ttbz\t$nblk, #0, $ret\n";
$group->(1);
$code .= <<___;
$ret:
	.ctasm_ret
	.ctasm_endproc
___
}

############################################################################
# Key schedule. The standard expansion runs on 32-bit words in GPRs, with
# SubWord done by the vector S-box (no table in memory is indexed by key
# bytes); it writes the standard round keys to the stack frame, which is then
# converted into the key struct and wiped.
############################################################################

# Standard expansion of user key x0 (w1 bits) into [sp]; sets w3 = Nk, w4 = Nr.
sub expand_key {
    my ($nk, $nr, $wp, $imod, $rc, $cnt, $w, $u, $q) =
        ("w3", "w4", "x5", "w6", "x7", "w8", "w10", "w11", "x12");
    my ($c8, $loop, $norot, $nosub) = map { newlabel() } 1..4;
    $code .= <<___;
	lsr	$nk, w1, #5			// Nk = 4, 6, 8
	add	$nr, $nk, #6			// Nr = 10, 12, 14
	ldp	x10, x11, [x0]
	stp	x10, x11, [sp]
	cmp	$nk, #4
	b.eq	$c8
	ldr	x10, [x0, #16]
	str	x10, [sp, #16]
	cmp	$nk, #6
	b.eq	$c8
	ldr	x10, [x0, #24]
	str	x10, [sp, #24]
$c8:
	add	$wp, sp, x3, lsl #2		// &w[Nk] (w3 zero-extended in x3)
	mov	$imod, #0			// i mod Nk
	.ctasm_adr	$rc, .Lk_rcon
	add	$cnt, $nr, #1
	lsl	$cnt, $cnt, #2
	sub	$cnt, $cnt, $nk			// words still to make
$loop:
	ldr	$w, [$wp, #-4]
	cbnz	$imod, $norot
	ror	$w, $w, #8			// RotWord
___
    sbox_word($w);
    $code .= <<___;
	ldrb	$u, [$rc], #1
	eor	$w, $w, $u
	b	$nosub
$norot:
	cmp	$imod, #4
	ccmp	$nk, #8, #0, eq
	b.ne	$nosub
___
    sbox_word($w);
    $code .= <<___;
$nosub:
	sub	$q, $wp, x3, lsl #2
	ldr	$u, [$q]
	eor	$w, $w, $u
	str	$w, [$wp], #4
	add	$imod, $imod, #1
	cmp	$imod, $nk
	csel	$imod, wzr, $imod, eq
	subs	$cnt, $cnt, #1
	b.ne	$loop
___
}

# SubWord of GPR $w through the vector S-box (encryption tables loaded).
sub sbox_word {
    my ($w) = @_;
    my @b = ([@blk0]);
    $code .= "\tfmov\ts0, $w\n";
    nibble_transform(\@b, $iptlo, $ipthi);
    inversion_code(\@b);
    out_pair(\@b, $oa, $ob);
    $code .= "\tmovi\tv1.16b, #0x63\n\teor\tv0.16b, v0.16b, v1.16b\n\tfmov\t$w, s0\n";
}

sub wipe_frame {
    $code .= "\tstp\txzr, xzr, [sp, #" . 16 * $_ . "]\n" for 0..14;
}

$code .= <<___;

// int ctasm_vpaes_set_encrypt_key(const uint8_t *user_key, unsigned bits, void *key)
	.ctasm_proc	ctasm_vpaes_set_encrypt_key, global, frame=240
___
load_enc_tables("x9");
expand_key();
{
my ($r, $src, $dst, $last) = ("w6", "x7", "x8", newlabel());
my $mid = newlabel();
$code .= <<___;
	str	w4, [x2, #240]
	mov	$src, sp
	mov	$dst, x2
	ld1	{v0.16b}, [$src], #16		// round key 0: B(K0)
___
nibble_transform([[@blk0]], $iptlo, $ipthi);
$code .= <<___;
	st1	{v0.16b}, [$dst], #16
	sub	$r, w4, #1
	movi	v5.16b, #$B63
$mid:						// rounds 1..Nr-1: B(Kr) ^ B(63)
	ld1	{v0.16b}, [$src], #16
___
nibble_transform([[@blk0]], $iptlo, $ipthi);
$code .= <<___;
	eor	v0.16b, v0.16b, v5.16b
	st1	{v0.16b}, [$dst], #16
	subs	$r, $r, #1
	b.ne	$mid
	ld1	{v0.16b}, [$src]		// last round key: KNr ^ 63
	movi	v5.16b, #0x63
	eor	v0.16b, v0.16b, v5.16b
	st1	{v0.16b}, [$dst]
___
}
wipe_frame();
$code .= <<___;
	mov	w0, #0
	.ctasm_ret
	.ctasm_endproc

// int ctasm_vpaes_set_decrypt_key(const uint8_t *user_key, unsigned bits, void *key)
	.ctasm_proc	ctasm_vpaes_set_decrypt_key, global, frame=240
___
load_enc_tables("x9");
expand_key();
{
# Encryption tables other than v16 (mask) and v20 (R1) are free from here.
my $xtime = sub {       # $d = 2*$s in GF(2^8); v6 = 0x1b, v7 scratch
    my ($d, $s) = @_;
    return "\tsshr\tv7.16b, $s.16b, #7\n\tand\tv7.16b, v7.16b, v6.16b\n"
         . "\tadd\t$d.16b, $s.16b, $s.16b\n\teor\t$d.16b, $d.16b, v7.16b\n";
};
my ($r, $src, $dst, $mid) = ("w6", "x7", "x8", newlabel());
$code .= <<___;
	.ctasm_adr	x9, .Lk_dipt
	ld1	{v30.16b, v31.16b}, [x9]	// DIPT lo/hi
	movi	v21.16b, #$B05
	movi	v6.16b, #0x1b
	str	w4, [x2, #240]
	add	$src, sp, x4, lsl #4		// &K[Nr]
	mov	$dst, x2
	ld1	{v0.16b}, [$src]		// round key 0: B(A^-1(KNr)) = DIPT(KNr) ^ B05
	sub	$src, $src, #16
___
nibble_transform([[@blk0]], "v30", "v31");
$code .= <<___;
	eor	v0.16b, v0.16b, v21.16b
	st1	{v0.16b}, [$dst], #16
	sub	$r, w4, #1
$mid:						// B(A^-1(InvMixColumns(KNr-r)))
	ld1	{v0.16b}, [$src]
	sub	$src, $src, #16
___
$code .= $xtime->("v1", "v0") . $xtime->("v2", "v1") . $xtime->("v3", "v2");
# InvMixColumns by Horner: 14x + R1(11x + R1(13x + R1(9x))).
$code .= <<___;
	eor	v4.16b, v3.16b, v0.16b		// 9x
	tbl	v4.16b, {v4.16b}, $r1.16b
	eor	v5.16b, v3.16b, v2.16b
	eor	v5.16b, v5.16b, v0.16b		// 13x
	eor	v4.16b, v4.16b, v5.16b
	tbl	v4.16b, {v4.16b}, $r1.16b
	eor	v5.16b, v3.16b, v1.16b
	eor	v5.16b, v5.16b, v0.16b		// 11x
	eor	v4.16b, v4.16b, v5.16b
	tbl	v4.16b, {v4.16b}, $r1.16b
	eor	v5.16b, v3.16b, v2.16b
	eor	v5.16b, v5.16b, v1.16b		// 14x
	eor	v0.16b, v4.16b, v5.16b
___
nibble_transform([[@blk0]], "v30", "v31");
$code .= <<___;
	eor	v0.16b, v0.16b, v21.16b
	st1	{v0.16b}, [$dst], #16
	subs	$r, $r, #1
	b.ne	$mid
	ld1	{v0.16b}, [$src]		// last round key: K0
	st1	{v0.16b}, [$dst]
___
}
wipe_frame();
$code .= <<___;
	mov	w0, #0
	.ctasm_ret
	.ctasm_endproc
___

############################################################################
# Read-only tables (one 64-byte aligned block each; register order).
############################################################################
$code .= "\n\t.ctasm_rodata\n\t.ctasm_align\t64\n.Lk_enc:\n";
$code .= table_row($_->[0], $_->[1]) for
    (["1/n", \@tinv], ["(1/zeta)/n", \@tck], ["ShiftRows", \@sr], ["R1", \@r1], ["R3", \@r3],
     ["Ua", $T{Ua}], ["Ub", $T{Ub}], ["Wa", $T{Wa}], ["Wb", $T{Wb}], ["Oa", $T{Oa}], ["Ob", $T{Ob}],
     ["IPT lo", \@ipt_lo], ["IPT hi", \@ipt_hi],
     ["CTR lanes 0, 1, 2, 3 (32-bit little-endian)", [map { ($_, 0, 0, 0) } 0..3]]);
$code .= "\t.ctasm_align\t64\n.Lk_dec:\n";
$code .= table_row($_->[0], $_->[1]) for
    (["1/n", \@tinv], ["(1/zeta)/n", \@tck], ["InvShiftRows", \@isr], ["R1", \@r1],
     map({ (["D$_ a", $T{"D${_}a"}], ["D$_ b", $T{"D${_}b"}]) } 9, 13, 11, 14));
$code .= ".Lk_dipt:\n";
$code .= table_row($_->[0], $_->[1]) for
    (["DIPT lo", \@dipt_lo], ["DIPT hi", \@dipt_hi], ["DOa", $T{DOa}], ["DOb", $T{DOb}]);
$code .= ".Lk_rcon:\n\t.byte\t" . join(",", map { sprintf "0x%02x", $_ } @rcon) . "\n";

finish();
