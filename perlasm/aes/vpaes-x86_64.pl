#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# vpaes-x86_64.pl -- constant-time AES with SSSE3 vector permutes (pshufb).
#
# The method is Mike Hamburg's "Accelerating AES with Vector Permute
# Instructions" (CHES 2009); this script derives every constant itself from
# GF(2^8) arithmetic at generation time (see "Constant derivation" below).
#
# ---------------------------------------------------------------------------
# Algorithm
#
# pshufb is a parallel 16-entry table lookup indexed by 4-bit nibbles, so
# every data-dependent step is written as lookups on nibbles that live in
# registers (no memory is ever indexed by data, no branch depends on data).
#
#  * Field.  GF(2^8) is represented as the tower K = F[t]/(t^2 + a*t + a) over
#    F = GF(2^4) = GF(2)[x]/(x^4+x+1), for a constant a in F that makes the
#    quadratic irreducible.  A byte (i<<4)|k stands for i*t + k.  phi is the
#    field isomorphism from the AES field GF(2)[X]/(X^8+X^4+X^3+X+1) onto K
#    (it maps X to a root of the AES polynomial in K); it is GF(2)-linear, so
#    it is applied with two 16-entry nibble tables.
#
#  * Inversion.  With y = i*t + k and j = i + k, the norm is
#    N = a*i^2 + a*i*k + k^2 and y^-1 = (i*t + (a*i + k)) / N.  Define
#        io = j + 1/(1/i + a/k) = N/(k + a*i),  jo = i + 1/(1/j + a/k) = N/(k + a*j)
#    (both computed with five nibble lookups: 1/i, a/k, 1/j and the two outer
#    inversions).  Then u = 1/io and v = 1/jo are F-linear in y^-1:
#        y^-1 = u*P + v*Q,  P = 1 + t*(1/a + 1/a^2),  Q = t/a^2,
#    so any GF(2)-linear function of y^-1 is tab_u[io] ^ tab_v[jo], with the
#    final 1/io, 1/jo folded into the output tables.  Division by zero is made
#    projective: the inverse tables map 0 to 0x80 ("infinity"); pshufb returns
#    0 for an index with bit 7 set, i.e. 1/infinity = 0, and
#    infinity + finite keeps bit 7.  This handles i = 0, k = 0, y = 0 exactly.
#
#  * Rounds.  SubBytes = Alin(inverse) ^ 0x63.  0x63 in every byte passes
#    through MixColumns unchanged, so it is folded into round keys 1..Nr.
#    The output tables give, in the K basis, S = phi(Alin(y^-1)) (sb1) and
#    2*S (sb2); MixColumns = 2 + 3*R1 + R2 + R3 (R_k rotates each column by
#    k rows) is computed as  P = 2S ^ R1(S);  out = P ^ R1(P) ^ R3(S) ^ key.
#    ShiftRows is never performed: after r rounds the state is kept permuted
#    by SR^-r, so the column rotations become SR^-r R_k SR^r (tables .Lk_mc_enc
#    indexed by round), round key r is stored permuted by SR^-r, and the last
#    round applies SR^Nr once.
#
#  * Decryption runs the equivalent inverse cipher.  The state is kept as
#    psi(T) = phi(Alin^-1(T ^ 0x63)), the input of the inversion, so the
#    inverse affine map lives in the tables.  InvMixColumns = 14 + 11 R1 + 13 R2
#    + 9 R3 is summed from four output-table pairs dc[c] = psi_lin(c * y^-1).
#    InvShiftRows is again lazy (rotations SR^n R_k SR^-n, keys permuted by
#    SR^n, final SR^-Nr).
#
#  * Key schedule: the standard FIPS-197 expansion, SubWord through the same
#    vector S-box; AES-128 and AES-256 a whole round key per step, AES-192
#    word by word (branches only on the key size and the step); then each
#    round key is converted into the form its round consumes (see set_*_key
#    below; ctasm_vpaes_set_encrypt_key_bsaes converts as it goes).
#
# Key struct: round keys at bytes 0..16*(Nr+1)-1, Nr (10/12/14) at byte 240.
#
# ---------------------------------------------------------------------------
# Register plan (SysV; on Win64 the translator saves xmm6-xmm15)
#   one or two blocks at a time (single blocks, CBC encryption, tails):
#     %xmm9   0x0F in every byte (nibble mask)
#     %xmm10  .Lk_inv   : 1/x in F, 1/0 = 0x80
#     %xmm11  .Lk_ainv  : a/x in F, a/0 = 0x80
#     block A %xmm0-%xmm4, block B %xmm5-%xmm8,%xmm12 (state, hi nibbles,
#     three temporaries); with one block, %xmm5-%xmm8 hold sb1u/sb1v/sb2u/sb2v.
#   three blocks at a time (bulk CTR and CBC decryption): blocks in
#     %xmm0-%xmm4, %xmm5-%xmm9, %xmm10-%xmm14; mask and inversion tables
#     read from memory (each pshufb needs a fresh table copy anyway).
#   %xmm15 the mode state: CBC chaining value or CTR counter block.
#   %rax round offset (-16(Nr-1) .. 0) indexing both the round keys (from
#   %r11 = &key[Nr]) and the rotation masks (from %r10 = &masks[Nr]).
#   Tables not in registers are read with aligned memory operands.
#
# Performance (this machine, Zen 3 EPYC VM, 2 vCPUs shared; AES-128, 8 KiB):
# CTR ~0.84x (bulk CTR runs bsaes-x86_64.pl instead), CBC decrypt ~0.75x,
# CBC encrypt ~1.0x of OpenSSL 3.0 at its SSSE3 tier (bsaes / vpaes); at
# 16 bytes CTR is ~2.4x (OpenSSL falls back to table AES there).

use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin, "$FindBin::RealBin/../lib";
use AesField qw(gmul aff);
use Perlasm qw($code emit label newlabel bytes16 finish);

Perlasm::open_output("x86_64", @ARGV);
Perlasm::set_label_prefix(".Lvp_");

# ===========================================================================
# Constant derivation
# ===========================================================================

# GF(2^4) = GF(2)[x]/(x^4 + x + 1)
sub f_mul_slow {
    my ($p, $q) = @_;
    my $r = 0;
    for (1 .. 4) {
        $r ^= $p if $q & 1;
        $q >>= 1;
        $p <<= 1;
        $p ^= 0x13 if $p & 0x10;
    }
    return $r;
}
# The derivations below multiply nibbles some 10^5 times: a table of the 256 products.
my @F_MUL = map { my $p = $_; [map { f_mul_slow($p, $_) } 0 .. 15] } 0 .. 15;
sub f_mul {
    my ($p, $q) = @_;
    return $p >= 0 && $p < 16 && $q >= 0 && $q < 16 ? $F_MUL[$p][$q] : f_mul_slow($p, $q);
}
sub f_inv {
    my $p = shift;
    for my $q (1 .. 15) { return $q if f_mul($p, $q) == 1 }
    die "f_inv(0)";
}

# a: smallest constant with t^2 + a t + a irreducible over F (no root in F).
my $A;
for my $c (1 .. 15) {
    my $root = grep { (f_mul($_, $_) ^ f_mul($c, $_) ^ $c) == 0 } 0 .. 15;
    if (!$root) { $A = $c; last }
}

# Tower K = F[t]/(t^2 + a t + a): byte (i<<4)|k = i t + k, t^2 = a t + a.
sub k_mul {
    my ($p, $q) = @_;
    my ($i1, $k1, $i2, $k2) = ($p >> 4, $p & 15, $q >> 4, $q & 15);
    my $ii = f_mul($i1, $i2);
    my $hi = f_mul($A, $ii) ^ f_mul($i1, $k2) ^ f_mul($k1, $i2);
    my $lo = f_mul($A, $ii) ^ f_mul($k1, $k2);
    return ($hi << 4) | $lo;
}
sub k_pow {    # square and multiply
    my ($p, $e) = @_;
    my $r = 1;
    while ($e) {
        $r = k_mul($r, $p) if $e & 1;
        $p = k_mul($p, $p);
        $e >>= 1;
    }
    return $r;
}
my @k_inv = (0, map { k_pow($_, 254) } 1 .. 255);    # p^254 = 1/p in a field of 256
for my $p (1 .. 255) { die "k_inv($p)" if k_mul($p, $k_inv[$p]) != 1 }

# AES field GF(2)[X]/(X^8 + X^4 + X^3 + X + 1): gmul (AesField.pm).

# phi: AES field -> K, X -> beta with beta a root of the AES polynomial in K.
my $beta;
for my $y (2 .. 255) {
    my $v = k_pow($y, 8) ^ k_pow($y, 4) ^ k_pow($y, 3) ^ $y ^ 1;
    if ($v == 0) { $beta = $y; last }
}
my @phi = (0) x 256;
for my $x (0 .. 255) {
    for my $n (0 .. 7) { $phi[$x] ^= k_pow($beta, $n) if ($x >> $n) & 1 }
}
my @phi_inv;
$phi_inv[$phi[$_]] = $_ for 0 .. 255;
die "phi not bijective" if grep { !defined } @phi_inv;
# phi is a field isomorphism: it is additive by construction (bit n maps to
# beta^n), and phi(x X) = phi(x) beta for every x makes it multiplicative
# (by induction phi(x X^n) = phi(x) beta^n, then additivity in the other
# factor), with phi(1) = 1: 256 checks instead of all 65536 products.
die "phi(1)" if $phi[1] != 1;
for my $p (0 .. 255) {
    die "phi not multiplicative" if $phi[gmul($p, 2)] != k_mul($phi[$p], $beta);
}

# The linear part of the AES affine map, b_i ^= b_{i+4} ^ b_{i+5} ^ b_{i+6} ^ b_{i+7}:
# aff (AesField.pm).
my @alin_inv;
$alin_inv[aff($_)] = $_ for 0 .. 255;
my $psi_lin = sub { $phi[$alin_inv[$_[0]]] };      # phi o Alin^-1
my $aes_inv = sub { $_[0] ? $phi_inv[$k_inv[$phi[$_[0]]]] : 0 };
my @sbox = map { aff($aes_inv->($_)) ^ 0x63 } 0 .. 255;
die "S-box self-check" unless $sbox[0] == 0x63 && $sbox[1] == 0x7c && $sbox[0x53] == 0xed;

# Inversion tables: 1/x and a/x in F, with 0x80 standing for infinity.
my @t_inv  = (0x80, map { f_inv($_) } 1 .. 15);
my @t_ainv = (0x80, map { f_mul($A, f_inv($_)) } 1 .. 15);

# y^-1 = u P + v Q  (u = 1/io, v = 1/jo), P and Q as elements of K.
my $ia = f_inv($A);
my $ia2 = f_mul($ia, $ia);
my $P = ((($ia ^ $ia2) << 4) | 1);
my $Q = ($ia2 << 4);

# Output table pair for a GF(2)-linear map L on K-elements of y^-1:
# tab_u[io] = L(u(io) P), tab_v[jo] = L(v(jo) Q); entry 0 never occurs (io, jo
# are 0 only as "infinity", which pshufb turns into 0 = L(0)).
sub out_pair {
    my $L = shift;
    my @u = (0, map { $L->(k_mul(f_inv($_), $P)) } 1 .. 15);
    my @v = (0, map { $L->(k_mul(f_inv($_), $Q)) } 1 .. 15);
    return (\@u, \@v);
}

# Simulate the inversion exactly as the code does it (pshufb semantics), and
# check y^-1 = u P + v Q for all 256 inputs.
sub pshufb_byte { my ($tab, $idx) = @_; ($idx & 0x80) ? 0 : $tab->[$idx & 15] }
sub sim_inv {
    my $y = shift;
    my ($i, $k) = ($y >> 4, $y & 15);
    my $ak = pshufb_byte(\@t_ainv, $k);
    my $j  = $i ^ $k;
    my $t1 = pshufb_byte(\@t_inv, $i) ^ $ak;
    my $t2 = pshufb_byte(\@t_inv, $j) ^ $ak;
    my $io = pshufb_byte(\@t_inv, $t1) ^ $j;
    my $jo = pshufb_byte(\@t_inv, $t2) ^ $i;
    return ($io, $jo);
}
{
    my ($u, $v) = out_pair(sub { $_[0] });
    for my $y (0 .. 255) {
        my ($io, $jo) = sim_inv($y);
        die sprintf("inversion check failed at %02x", $y)
            if (pshufb_byte($u, $io) ^ pshufb_byte($v, $jo)) != $k_inv[$y];
    }
}

# Encryption: input basis change (phi), middle-round outputs sb1 = phi(Alin(.)),
# sb2 = phi(2 Alin(.)), last-round output sbo = Alin(.) in the AES basis.
my @ipt_lo = map { $phi[$_] } 0 .. 15;
my @ipt_hi = map { $phi[$_ << 4] } 0 .. 15;
my ($sb1u, $sb1v) = out_pair(sub { $phi[aff($phi_inv[$_[0]])] });
my ($sb2u, $sb2v) = out_pair(sub { $phi[gmul(2, aff($phi_inv[$_[0]]))] });
my ($sbou, $sbov) = out_pair(sub { aff($phi_inv[$_[0]]) });

# Decryption: input psi_lin, middle outputs psi_lin(c * .) for the
# InvMixColumns coefficients, last-round output = the inverse in the AES basis.
my @dipt_lo = map { $psi_lin->($_) } 0 .. 15;
my @dipt_hi = map { $psi_lin->($_ << 4) } 0 .. 15;
my %dsb;
for my $c (9, 11, 13, 14) {
    $dsb{$c} = [out_pair(sub { $psi_lin->(gmul($c, $phi_inv[$_[0]])) })];
}
my ($dsbou, $dsbov) = out_pair(sub { $phi_inv[$_[0]] });

# Key conversion for decryption: nibble tables of psi_lin(c * x), x in the AES basis.
my %kdm;
for my $c (9, 11, 13, 14) {
    $kdm{$c} = [[map { $psi_lin->(gmul($c, $_)) } 0 .. 15],
                [map { $psi_lin->(gmul($c, $_ << 4)) } 0 .. 15]];
}

# Byte permutations as pshufb masks: (M v)[n] = v[m[n]]; state byte 4c+r is
# row r, column c.  compose(A, B) is the mask of A o B.
sub compose { my ($a, $b) = @_; [map { $b->[$a->[$_]] } 0 .. 15] }
sub mpow { my ($m, $e) = @_; my $r = [0 .. 15]; $r = compose($r, $m) for 1 .. $e; $r }
my $SR = [map { my ($c, $r) = ($_ >> 2, $_ & 3); 4 * (($c + $r) % 4) + $r } 0 .. 15];
my $R1 = [map { my ($c, $r) = ($_ >> 2, $_ & 3); 4 * $c + ($r + 1) % 4 } 0 .. 15];
my $R3 = mpow($R1, 3);
my @SRp = map { mpow($SR, $_) } 0 .. 3;            # SR^m
sub srpow { $SRp[$_[0] % 4] }                      # SR^e, e may be negative
# Rotation masks per round index r (0..15, no wrap-around arithmetic needed):
# encryption SR^-r R_k SR^r, decryption SR^r R1 SR^-r.
my (@mc_enc, @mc_dec);
for my $r (0 .. 15) {
    push @mc_enc, compose(compose(srpow(-$r + 16), $R1), srpow($r)),
                  compose(compose(srpow(-$r + 16), $R3), srpow($r));
    push @mc_dec, (map { compose(compose(srpow($r), mpow($R1, $_)), srpow(-$r + 16)) } 1 .. 3),
                  [0 .. 15];       # padding: 64-byte entries for scaled indexing
}

# Round constants of the key schedule: successive doublings in the AES field.
my @rcon = (1);
push @rcon, gmul($rcon[-1], 2) while @rcon < 10;

# ===========================================================================
# Code
# ===========================================================================


my ($MASK, $INV, $AINV) = map { "%xmm$_" } (9, 10, 11);
my @BLK = (
    { x => "%xmm0", hi => "%xmm1", ak => "%xmm2", t1 => "%xmm3", t2 => "%xmm4" },
    { x => "%xmm5", hi => "%xmm6", ak => "%xmm7", t1 => "%xmm8", t2 => "%xmm12" },
);
# three blocks at once: every xmm but one holds block state, so the nibble
# mask and the inversion tables are read from memory (same instruction count:
# each pshufb table needs a fresh copy anyway)
my @BLK3 = map { my $o = 5 * $_; { x => "%xmm$o", hi => "%xmm" . ($o + 1), ak => "%xmm" . ($o + 2),
                                   t1 => "%xmm" . ($o + 3), t2 => "%xmm" . ($o + 4) } } 0 .. 2;
sub with_mem_consts {
    my $f = shift;
    my @save = ($MASK, $INV, $AINV);
    ($MASK, $INV, $AINV) = (".Lk_s0F(%rip)", ".Lk_inv(%rip)", ".Lk_ainv(%rip)");
    $f->();
    ($MASK, $INV, $AINV) = @save;
}
my ($CNT, $MC, $KP) = ("%rax", "%r10", "%r11");
my ($CNTd) = ("%eax");

# Interleave the per-block instruction lists (independent chains side by side).
sub per_block {
    my ($blocks, $gen) = @_;
    my @lists = map { [$gen->($_)] } @$blocks;
    my @out;
    while (grep { @$_ } @lists) {
        for my $l (@lists) { push @out, shift @$l if @$l }
    }
    emit(@out);
}

sub load_consts {
    emit("movdqa .Lk_s0F(%rip), $MASK",
         "movdqa .Lk_inv(%rip), $INV",
         "movdqa .Lk_ainv(%rip), $AINV");
}

# x -> (x = low nibbles, hi = high nibbles)
sub split_nib {
    my $b = shift;
    ("movdqa $MASK, $b->{hi}", "pandn $b->{x}, $b->{hi}", "psrld \$4, $b->{hi}",
     "pand $MASK, $b->{x}");
}
# x = lo_tab[x_lo] ^ hi_tab[x_hi]   (a GF(2)-linear map on each byte)
sub lin_map {
    my ($b, $lo, $hi) = @_;
    (split_nib($b),
     "movdqa $lo, $b->{t1}", "pshufb $b->{x}, $b->{t1}",
     "movdqa $hi, $b->{x}", "pshufb $b->{hi}, $b->{x}",
     "pxor $b->{t1}, $b->{x}");
}
# Inversion: state x (K basis) -> io, jo; sets $b->{io}, $b->{jo} and the two
# free temporaries $b->{fa}, $b->{fb} (x is free too).
sub inversion {
    my $b = shift;
    my ($x, $hi, $ak, $t1, $t2) = @$b{qw(x hi ak t1 t2)};
    @$b{qw(io jo fa fb)} = ($ak, $t1, $hi, $t2);
    (split_nib($b),
     "movdqa $AINV, $ak", "pshufb $x, $ak",        # a/k
     "pxor $hi, $x",                               # j = i + k
     "movdqa $INV, $t1", "pshufb $hi, $t1",        # 1/i
     "pxor $ak, $t1",                              # 1/i + a/k
     "movdqa $INV, $t2", "pshufb $x, $t2",         # 1/j
     "pxor $ak, $t2",                              # 1/j + a/k
     "movdqa $INV, $ak", "pshufb $t1, $ak",
     "pxor $x, $ak",                               # io
     "movdqa $INV, $t1", "pshufb $t2, $t1",
     "pxor $hi, $t1");                             # jo
}
# dst = tab_u[io] ^ tab_v[jo], using tmp
our %TREG;      # table label -> register holding a copy, where one is free
sub out_lookup {
    my ($b, $dst, $tmp, $tu, $tv) = @_;
    ($tu, $tv) = map { $TREG{$_} // $_ } ($tu, $tv);
    ("movdqa $tu, $dst", "pshufb $b->{io}, $dst",
     "movdqa $tv, $tmp", "pshufb $b->{jo}, $tmp",
     "pxor $tmp, $dst");
}

# Encrypt the blocks in place; key pointer in $key (preserved).
# Clobbers rax, r10, r11 and all xmm of the blocks.
# CBC encryption hooks: with $ENC_CHAINED the input is already in the tower
# basis with round key 0 added (and the tables already loaded), and
# $ENC_LAST_HOOK, if set, replaces the last round's output step (called with
# the block after its inversion; ($MC,$CNT) then address SR^Nr).
our ($ENC_CHAINED, $ENC_LAST_HOOK);
my %TREG1 = (".Lk_sb1u(%rip)" => "%xmm5", ".Lk_sb1v(%rip)" => "%xmm6",
             ".Lk_sb2u(%rip)" => "%xmm7", ".Lk_sb2v(%rip)" => "%xmm8");
sub encrypt_core {
    my ($key, @blocks) = @_;
    my $loop = newlabel("enc");
    # one block leaves xmm5-xmm8 free: keep the middle-round tables there
    local %TREG = @blocks == 1 ? %TREG1 : ();
    if (!$ENC_CHAINED) {
        emit("movdqa $_, $TREG{$_}") for sort keys %TREG;
        per_block(\@blocks, sub { lin_map($_[0], ".Lk_ipt_lo(%rip)", ".Lk_ipt_hi(%rip)"),
                                  "pxor ($key), $_[0]->{x}" });
    }
    # one offset register runs from -16(Nr-1) up to 0 over both the round
    # keys (base &key[Nr]) and the rotation masks (base &mc[Nr], scaled)
    emit("movl 240($key), $CNTd",
         "shll \$4, $CNTd",
         "leaq ($key,$CNT), $KP",
         ".ctasm_adr $MC, .Lk_mc_enc",
         "leaq ($MC,$CNT,2), $MC",
         "negq $CNT",
         "addq \$16, $CNT");
    label($loop);
    per_block(\@blocks, sub {
        my $b = shift;
        my @inv = inversion($b);
        my ($x, $io, $jo, $fa, $fb) = @$b{qw(x io jo fa fb)};
        (@inv,
         out_lookup($b, $x, $fb, ".Lk_sb1u(%rip)", ".Lk_sb1v(%rip)"),   # S
         out_lookup($b, $fa, $fb, ".Lk_sb2u(%rip)", ".Lk_sb2v(%rip)"),  # 2S
         "movdqa $x, $io", "pshufb ($MC,$CNT,2), $io",
         "pxor $io, $fa",                                               # P = 2S ^ R1 S
         "pshufb 16($MC,$CNT,2), $x",
         "pxor ($KP,$CNT), $x",                                         # R3 S ^ key
         "movdqa $fa, $jo", "pshufb ($MC,$CNT,2), $jo",
         "pxor $fa, $x",
         "pxor $jo, $x");                                               # ^ P ^ R1 P
    });
    emit("addq \$16, $CNT",
         "jnz $loop",
         "movl 240($key), $CNTd",
         "andl \$3, $CNTd",
         "shll \$4, $CNTd",
         ".ctasm_adr $MC, .Lk_sr");
    if ($ENC_LAST_HOOK) {
        emit(inversion($blocks[0]));
        $ENC_LAST_HOOK->($blocks[0]);
        return;
    }
    per_block(\@blocks, sub {
        my $b = shift;
        my @inv = inversion($b);
        (@inv,
         out_lookup($b, $b->{x}, $b->{fb}, ".Lk_sbou(%rip)", ".Lk_sbov(%rip)"),
         "pshufb ($MC,$CNT), $b->{x}",
         "pxor ($KP), $b->{x}");
    });
}

sub decrypt_core {
    my ($key, @blocks) = @_;
    my $loop = newlabel("dec");
    per_block(\@blocks, sub { lin_map($_[0], ".Lk_dipt_lo(%rip)", ".Lk_dipt_hi(%rip)"),
                              "pxor ($key), $_[0]->{x}" });
    # one offset register runs from -16(Nr-1) up to 0 over both the round
    # keys (base &key[Nr]) and the rotation masks (base &mc[Nr], scaled)
    emit("movl 240($key), $CNTd",
         "shll \$4, $CNTd",
         "leaq ($key,$CNT), $KP",
         ".ctasm_adr $MC, .Lk_mc_dec",
         "leaq ($MC,$CNT,4), $MC",
         "negq $CNT",
         "addq \$16, $CNT");
    label($loop);
    per_block(\@blocks, sub {
        my $b = shift;
        my @inv = inversion($b);
        my ($x, $hi, $t2) = @$b{qw(x fa fb)};
        # 14 T14 ^ R1 T11 ^ R2 T13 ^ R3 T9 ^ key, summed as a shallow tree
        (@inv,
         out_lookup($b, $x, $t2, ".Lk_dsb9u(%rip)", ".Lk_dsb9v(%rip)"),
         "pshufb 32($MC,$CNT,4), $x",
         out_lookup($b, $hi, $t2, ".Lk_dsb13u(%rip)", ".Lk_dsb13v(%rip)"),
         "pshufb 16($MC,$CNT,4), $hi",
         "pxor $hi, $x",
         out_lookup($b, $hi, $t2, ".Lk_dsb11u(%rip)", ".Lk_dsb11v(%rip)"),
         "pshufb ($MC,$CNT,4), $hi",
         "pxor ($KP,$CNT), $hi",
         "pxor $hi, $x",
         out_lookup($b, $hi, $t2, ".Lk_dsb14u(%rip)", ".Lk_dsb14v(%rip)"),
         "pxor $hi, $x");
    });
    emit("addq \$16, $CNT",
         "jnz $loop",
         "movl 240($key), $CNTd",
         "andl \$3, $CNTd",          # SR^-Nr = SR^(Nr mod 4) for even Nr
         "shll \$4, $CNTd",
         ".ctasm_adr $MC, .Lk_sr");
    per_block(\@blocks, sub {
        my $b = shift;
        my @inv = inversion($b);
        (@inv,
         out_lookup($b, $b->{x}, $b->{fb}, ".Lk_dsbou(%rip)", ".Lk_dsbov(%rip)"),
         "pshufb ($MC,$CNT), $b->{x}",
         "pxor ($KP), $b->{x}");
    });
}

my ($A_, $B_) = @BLK;

emit(".ctasm_text");

# ---------------------------------------------------------------------------
# void ctasm_vpaes_encrypt(const uint8_t in[16], uint8_t out[16], const void *key)
emit(".ctasm_proc ctasm_vpaes_encrypt, global, args=3");
load_consts();
emit("movdqu (%rdi), $A_->{x}");
encrypt_core("%rdx", $A_);
emit("movdqu $A_->{x}, (%rsi)", ".ctasm_ret", ".ctasm_endproc");

# void ctasm_vpaes_decrypt(const uint8_t in[16], uint8_t out[16], const void *key)
emit(".ctasm_proc ctasm_vpaes_decrypt, global, args=3");
load_consts();
emit("movdqu (%rdi), $A_->{x}");
decrypt_core("%rdx", $A_);
emit("movdqu $A_->{x}, (%rsi)", ".ctasm_ret", ".ctasm_endproc");

# ---------------------------------------------------------------------------
# void ctasm_vpaes_cbc_encrypt(in, out, len, key, ivec, enc)
{
    my ($in, $out, $len, $key, $ivp, $enc) = ("%rdi", "%rsi", "%rdx", "%rcx", "%r8", "%r9d");
    my ($IV) = ("%xmm15");
    my ($done, $doneiv, $dec, $eloop, $dloop3, $dtail, $dtail1) =
        map { newlabel($_) } qw(cbc_done cbc_doneiv cbc_dec cbc_eloop cbc_dloop3 cbc_dtail cbc_dtail1);
    emit(".ctasm_proc ctasm_vpaes_cbc_encrypt, global, args=6",
         "shrq \$4, $len",
         "jz $done",
         "movdqu ($ivp), $IV",
         "testl $enc, $enc",
         "jz $dec");
    # Encryption is one serial chain, so its latency is what counts.  The
    # basis change phi is linear and commutes with ShiftRows, so with
    # C = SR^Nr(sbo(y)) ^ K_Nr the next round-0 state is
    #   phi(P' ^ C) ^ K_0 = SR^Nr(sb1(y)) ^ W,  W = phi(P') ^ phi(K_Nr) ^ K_0,
    # where W is off the chain and sb1 is the middle-round output table: the
    # chain skips the last key add, the chaining xor and the input basis change.
    # Shortening the chain with more lookups was measured slower on this
    # Zen 3-class machine: nibble-split rounds (depth 11, 7 more pshufb) and a
    # 3S-table MixColumns (depth 12) both ran ~17.1 cycles per round against
    # 15.8 for this depth-13 round; reordering (by hand and a random search)
    # moved it by ~1%.  The two shuffle ports, not the dependency depth, set
    # the pace, so this stays at parity with OpenSSL's vpaes (same algorithm).
    my $W = { x => "%xmm12", hi => "%xmm13", t1 => "%xmm14" };
    my ($eskip, $edone) = map { newlabel($_) } qw(cbc_eskip cbc_edone);
    load_consts();
    emit("movdqa $_, $TREG1{$_}") for sort keys %TREG1;
    # KK = phi(K_Nr) ^ K_0 replaces the IV register (the IV is written at the end)
    emit("movl 240($key), %eax",
         "shll \$4, %eax",
         "movdqa ($key,%rax), $W->{x}");
    emit(lin_map($W, ".Lk_ipt_lo(%rip)", ".Lk_ipt_hi(%rip)"));
    emit("pxor ($key), $W->{x}",
         "movdqu ($in), $A_->{x}",
         "pxor $IV, $A_->{x}",
         "movdqa $W->{x}, $IV");
    emit(lin_map($A_, ".Lk_ipt_lo(%rip)", ".Lk_ipt_hi(%rip)"));
    emit("pxor ($key), $A_->{x}",
         # r9 = SR^Nr = SR^-Nr (Nr even): W is kept as SR^-Nr(W) so that it
         # joins the chain before the final rotation
         "movl 240($key), %r9d",
         "andl \$3, %r9d",
         "shll \$4, %r9d",
         ".ctasm_adr %r10, .Lk_sr",
         "addq %r10, %r9");
    label($eloop);
    # W for the next block, if there is one
    emit("cmpq \$1, $len",
         "je $eskip",
         "movdqu 16($in), $W->{x}");
    emit(lin_map($W, ".Lk_ipt_lo(%rip)", ".Lk_ipt_hi(%rip)"));
    emit("pxor $IV, $W->{x}",
         "pshufb (%r9), $W->{x}");
    label($eskip);
    {
        local $ENC_CHAINED = 1;
        local $ENC_LAST_HOOK = sub {
            my $b = shift;
            # ciphertext (stored, off the chain) and the next chained state
            emit(out_lookup($b, $b->{x}, $b->{fb}, ".Lk_sbou(%rip)", ".Lk_sbov(%rip)"),
                 "pshufb ($MC,$CNT), $b->{x}",
                 "pxor ($KP), $b->{x}",
                 "movdqu $b->{x}, ($out)",
                 "leaq 16($in), $in",
                 "leaq 16($out), $out",
                 "subq \$1, $len",
                 "jz $edone");
            emit("movdqa %xmm5, $b->{fa}", "pshufb $b->{io}, $b->{fa}",
                 "pxor $W->{x}, $b->{fa}",
                 "movdqa %xmm6, $b->{fb}", "pshufb $b->{jo}, $b->{fb}",
                 "pxor $b->{fb}, $b->{fa}",
                 "pshufb ($MC,$CNT), $b->{fa}",
                 "movdqa $b->{fa}, $b->{x}",
                 "jmp $eloop");
        };
        encrypt_core($key, $A_);
    }
    label($edone);
    emit("movdqa $A_->{x}, $IV",
         "jmp $doneiv");
    # Decryption, several blocks at once: every ciphertext block is read
    # again from the input after the decryption and before any output is
    # written, so in == out works.
    my $batch = sub {
        my @b = @_;
        my $nb = @b;
        emit("movdqu " . 16 * $_ . "($in), $b[$_]->{x}") for 0 .. $#b;
        decrypt_core($key, @b);
        emit("pxor $IV, $b[0]->{x}");
        for my $i (1 .. $#b) {
            emit("movdqu " . 16 * ($i - 1) . "($in), $b[$i]->{hi}",
                 "pxor $b[$i]->{hi}, $b[$i]->{x}");
        }
        emit("movdqu " . 16 * ($nb - 1) . "($in), $IV");
        emit("movdqu $b[$_]->{x}, " . 16 * $_ . "($out)") for 0 .. $#b;
        emit("leaq " . 16 * $nb . "($in), $in",
             "leaq " . 16 * $nb . "($out), $out");
    };
    label($dec);
    emit("subq \$3, $len",
         "jb $dtail");
    label($dloop3);
    with_mem_consts(sub { $batch->(@BLK3) });
    emit("subq \$3, $len",
         "jae $dloop3");
    label($dtail);
    emit("addq \$3, $len",
         "jz $doneiv");
    load_consts();
    emit("cmpq \$2, $len",
         "jb $dtail1");
    $batch->($A_, $B_);
    emit("subq \$2, $len",
         "jz $doneiv");
    label($dtail1);
    $batch->($A_);
    label($doneiv);
    emit("movdqu $IV, ($ivp)");
    label($done);
    emit(".ctasm_ret", ".ctasm_endproc");
}

# ---------------------------------------------------------------------------
# void ctasm_vpaes_ctr32_encrypt_blocks(in, out, blocks, key, ivec)
# The counter block is kept with its last word little-endian so paddd
# increments it mod 2^32; .Lk_ctr_swap converts either way.
{
    my ($in, $out, $n, $key, $ivp) = ("%rdi", "%rsi", "%rdx", "%rcx", "%r8");
    my ($CTR) = ("%xmm15");
    my ($done, $loop3, $tail2, $tail1) = map { newlabel($_) } qw(ctr_done ctr_loop3 ctr_tail2 ctr_tail1);
    # one batch: counter blocks, encrypt, xor with the input, store, advance
    my $batch = sub {
        my @b = @_;
        my $nb = @b;
        for my $i (0 .. $#b) {
            emit("movdqa $CTR, $b[$i]->{x}",
                 "paddd .Lk_ctr_one(%rip), $CTR",
                 "pshufb .Lk_ctr_swap(%rip), $b[$i]->{x}");
        }
        encrypt_core($key, @b);
        for my $i (0 .. $#b) {
            emit("movdqu " . 16 * $i . "($in), $b[$i]->{hi}",
                 "pxor $b[$i]->{hi}, $b[$i]->{x}",
                 "movdqu $b[$i]->{x}, " . 16 * $i . "($out)");
        }
        emit("leaq " . 16 * $nb . "($in), $in",
             "leaq " . 16 * $nb . "($out), $out");
    };
    emit(".ctasm_proc ctasm_vpaes_ctr32_encrypt_blocks, global, args=5",
         "movdqu ($ivp), $CTR",
         "pshufb .Lk_ctr_swap(%rip), $CTR",
         "subq \$3, $n",
         "jb $tail2");
    label($loop3);
    with_mem_consts(sub { $batch->(@BLK3) });
    emit("subq \$3, $n",
         "jae $loop3");
    label($tail2);
    emit("addq \$3, $n",
         "jz $done");
    load_consts();
    emit("cmpq \$2, $n",
         "jb $tail1");
    $batch->($A_, $B_);
    emit("subq \$2, $n",
         "jz $done");
    label($tail1);
    $batch->($A_);
    label($done);
    emit(".ctasm_ret", ".ctasm_endproc");
}

# ---------------------------------------------------------------------------
# Key schedule.
#
# expand_key: FIPS-197 KeyExpansion into the key struct in the plain AES
# form, word by word; Nr at byte 240.  In: rdi user key, esi bits, rdx key.
# Clobbers rax, rcx, rsi, rdi, r8-r11, xmm0-8, xmm12-13.  Nk in eax, Nr in ecx after.
sub subword {          # %r9d -> S-box of each byte, through block A
    my $b = $A_;
    emit("movd %r9d, $b->{x}");
    per_block([$b], sub { lin_map($b, ".Lk_ipt_lo(%rip)", ".Lk_ipt_hi(%rip)"),
                          inversion($b),
                          out_lookup($b, $b->{x}, $b->{fb}, ".Lk_sbou(%rip)", ".Lk_sbov(%rip)"),
                          "pxor .Lk_s63(%rip), $b->{x}" });
    emit("movd $b->{x}, %r9d");
}
#
# AES-128 and AES-256 take a faster path, a whole round key per step (the
# word-by-word loop below is then only AES-192's): with T the S-box of the
# previous key's last word (RotWord'ed, rcon added) broadcast to all four
# words, K' = K ^ K<<32 ^ K<<64 ^ K<<96 ^ T (FIPS-197's recurrence, four
# words at once); AES-256 alternates the two halves, the odd one without
# RotWord and rcon. One vector S-box per step, no GPR round trip; branches
# only on the key size and the step count.
sub sbox_vec {         # block A's x -> Alin(x^-1) in every byte (S-box minus 0x63)
    my $b = $A_;
    per_block([$b], sub { lin_map($b, ".Lk_ipt_lo(%rip)", ".Lk_ipt_hi(%rip)"),
                          inversion($b),
                          out_lookup($b, $b->{x}, $b->{fb}, ".Lk_sbou(%rip)", ".Lk_sbov(%rip)") });
}
sub prefix_xor {       # $k = the running XOR of its words, low word first
    my ($k, $t) = @_;
    emit("movdqa $k, $t");
    emit("pslldq \$4, $t", "pxor $t, $k") for 1 .. 3;
}
sub expand_key_vec {
    my ($nk, $done) = @_;
    my ($K, $T, $IDX, $RC, $R, $K2) = map { "%xmm$_" } 5, 6, 7, 8, 12, 13;
    my ($loop, $last) = map { newlabel($_) } qw(kvloop kvlast);
    my $x = $A_->{x};
    emit("movl \$$nk, %eax",
         "movl \$" . ($nk + 6) . ", %ecx",
         "movl %ecx, 240(%rdx)",
         "movdqu (%rdi), $K",
         "movdqa $K, (%rdx)");
    emit("movdqu 16(%rdi), $K2", "movdqa $K2, 16(%rdx)") if $nk == 8;
    emit("movdqa .Lk_rcon63(%rip), $RC",
         "movdqa .Lk_rcon_idx(%rip), $IDX",
         "leaq " . 4 * $nk . "(%rdx), %r8",
         "movl \$" . ($nk == 4 ? 10 : 7) . ", %r9d");      # rcon steps
    label($loop);
    # T = SubWord(RotWord(last word)) ^ rcon in every word (rcon63: with 0x63)
    emit("movdqa $RC, $R", "pshufb $IDX, $R", "paddb .Lk_rcon_step(%rip), $IDX",
         "movdqa " . ($nk == 4 ? $K : $K2) . ", $x",
         "pshufb .Lk_rotbc(%rip), $x");
    sbox_vec();
    emit("pxor $R, $x");
    prefix_xor($K, $T);
    emit("pxor $x, $K", "movdqa $K, (%r8)");
    if ($nk == 4) {
        emit("addq \$16, %r8", "subl \$1, %r9d", "jnz $loop", "jmp $done");
        return;
    }
    # AES-256's odd half: SubWord of the new even half's last word
    emit("subl \$1, %r9d", "jz $done",
         "pshufd \$0xff, $K, $x");
    sbox_vec();
    emit("pxor .Lk_s63(%rip), $x");
    prefix_xor($K2, $T);
    emit("pxor $x, $K2", "movdqa $K2, 16(%r8)",
         "addq \$32, %r8", "jmp $loop");
}
sub expand_key {
    my ($k128, $k256, $done) = map { newlabel($_) } qw(k128 k256 kdone);
    emit("cmpl \$128, %esi", "je $k128", "cmpl \$256, %esi", "je $k256");
    expand_key_words();
    emit("jmp $done");
    label($k128);
    expand_key_vec(4, $done);
    label($k256);
    expand_key_vec(8, $done);
    label($done);
}
sub expand_key_words {
    my ($copy, $loop, $not0, $next, $nowrap) = map { newlabel($_) } qw(kcopy kloop knot0 knext knowrap);
    emit("movl %esi, %eax",
         "shrl \$5, %eax",               # Nk
         "leal 6(%rax), %ecx",           # Nr
         "movl %ecx, 240(%rdx)",
         "xorl %r8d, %r8d");
    label($copy);
    emit("movl (%rdi,%r8,4), %r9d",
         "movl %r9d, (%rdx,%r8,4)",
         "addq \$1, %r8",
         "cmpq %rax, %r8",
         "jb $copy",
         "leal 4(,%rcx,4), %r10d",       # words in the schedule
         "xorl %r11d, %r11d",            # i mod Nk
         ".ctasm_adr %rsi, .Lk_rcon");
    label($loop);
    emit("movl -4(%rdx,%r8,4), %r9d",
         "testl %r11d, %r11d",
         "jnz $not0",
         "rorl \$8, %r9d");              # RotWord
    subword();
    emit("movzbl (%rsi), %edi",          # rcon
         "xorl %edi, %r9d",
         "addq \$1, %rsi",
         "jmp $next");
    label($not0);
    emit("cmpl \$8, %eax",
         "jne $next",
         "cmpl \$4, %r11d",
         "jne $next");
    subword();
    label($next);
    emit("movq %r8, %rdi",
         "subq %rax, %rdi",
         "xorl (%rdx,%rdi,4), %r9d",
         "movl %r9d, (%rdx,%r8,4)",
         "addl \$1, %r11d",
         "cmpl %eax, %r11d",
         "jne $nowrap",
         "xorl %r11d, %r11d");
    label($nowrap);
    emit("addq \$1, %r8",
         "cmpq %r10, %r8",
         "jb $loop");
}

# int ctasm_vpaes_set_encrypt_key(const uint8_t *user_key, unsigned bits, void *key)
# ek[0] = phi(K0); ek[r] = SR^-r(phi(Kr ^ 0x63)) for 0 < r < Nr; ek[Nr] = K_Nr ^ 0x63.
{
    my $b = $A_;
    my $loop = newlabel("ekloop");
    emit(".ctasm_proc ctasm_vpaes_set_encrypt_key, global, args=3");
    load_consts();
    expand_key();
    emit("movdqa (%rdx), $b->{x}");
    per_block([$b], sub { lin_map($b, ".Lk_ipt_lo(%rip)", ".Lk_ipt_hi(%rip)") });
    emit("movdqa $b->{x}, (%rdx)",
         "leaq 16(%rdx), %rdi",
         "movl \$1, %r8d",               # r
         ".ctasm_adr %r10, .Lk_sr");
    label($loop);
    emit("movdqa (%rdi), $b->{x}",
         "pxor .Lk_s63(%rip), $b->{x}");
    per_block([$b], sub { lin_map($b, ".Lk_ipt_lo(%rip)", ".Lk_ipt_hi(%rip)") });
    emit("movl %r8d, %r9d",
         "negl %r9d",
         "andl \$3, %r9d",
         "shll \$4, %r9d",
         "pshufb (%r10,%r9), $b->{x}",
         "movdqa $b->{x}, (%rdi)",
         "addq \$16, %rdi",
         "addl \$1, %r8d",
         "cmpl %ecx, %r8d",
         "jb $loop",
         "movdqa (%rdi), $b->{x}",
         "pxor .Lk_s63(%rip), $b->{x}",
         "movdqa $b->{x}, (%rdi)",
         "xorl %eax, %eax",
         ".ctasm_ret", ".ctasm_endproc");
}

# int ctasm_vpaes_set_decrypt_key(const uint8_t *user_key, unsigned bits, void *key)
# dk[0] = psi(K_Nr); dk[n] = SR^n(psi(InvMixColumns(K_{Nr-n}))) for 0 < n < Nr;
# dk[Nr] = K0, with psi(z) = phi(Alin^-1(z ^ 0x63)).  Converted in place by
# pairs (n, Nr-n), both read before either is written.
{
    my ($X, $Y) = ($A_, $B_);
    my $loop = newlabel("dkloop");
    # psi(InvMixColumns(K)) of block b, unpermuted
    my $imc = sub {
        my $b = shift;
        my ($x, $hi, $ak, $t1, $t2) = @$b{qw(x hi ak t1 t2)};
        my @c = split_nib($b);
        for my $c (9, 13, 11, 14) {
            push @c, "pshufb .Lk_rot1(%rip), $ak" if $c != 9;
            push @c, "movdqa .Lk_kd${c}lo(%rip), $t1", "pshufb $x, $t1",
                     "movdqa .Lk_kd${c}hi(%rip), $t2", "pshufb $hi, $t2",
                     "pxor $t2, $t1";
            push @c, $c == 9 ? "movdqa $t1, $ak" : "pxor $t1, $ak";
        }
        (@c, "movdqa $ak, $x", "pxor .Lk_psi63(%rip), $x");
    };
    emit(".ctasm_proc ctasm_vpaes_set_decrypt_key, global, args=3");
    load_consts();
    expand_key();
    # pair (0, Nr): dk[0] = psi(K_Nr), dk[Nr] = K0 (unchanged in place)
    emit("movl %ecx, %eax",                # Nr
         "movl %ecx, %r8d",
         "shll \$4, %r8d",
         "movdqa (%rdx,%r8), $X->{x}",
         "movdqa (%rdx), $Y->{x}");
    per_block([$X], sub { lin_map($X, ".Lk_dipt_lo(%rip)", ".Lk_dipt_hi(%rip)"),
                          "pxor .Lk_psi63(%rip), $X->{x}" });
    emit("movdqa $X->{x}, (%rdx)",
         "movdqa $Y->{x}, (%rdx,%r8)",
         "movl \$1, %r9d",                # n
         "leaq 16(%rdx), %rdi",           # &dk[n]
         "leaq -16(%rdx,%r8), %rsi",      # &dk[Nr-n]
         "shrl \$1, %ecx",                # last n = Nr/2
         ".ctasm_adr %r10, .Lk_sr");
    label($loop);
    emit("movdqa (%rsi), $X->{x}",        # K_{Nr-n} -> dk[n]
         "movdqa (%rdi), $Y->{x}");       # K_n      -> dk[Nr-n]
    per_block([$X, $Y], $imc);
    emit("movl %r9d, %r11d",              # SR^n
         "andl \$3, %r11d",
         "shll \$4, %r11d",
         "pshufb (%r10,%r11), $X->{x}",
         "movl %eax, %r11d",              # SR^(Nr-n)
         "subl %r9d, %r11d",
         "andl \$3, %r11d",
         "shll \$4, %r11d",
         "pshufb (%r10,%r11), $Y->{x}",
         "movdqa $X->{x}, (%rdi)",
         "movdqa $Y->{x}, (%rsi)",
         "addq \$16, %rdi",
         "subq \$16, %rsi",
         "addl \$1, %r9d",
         "cmpl %ecx, %r9d",
         "jbe $loop",
         "xorl %eax, %eax",
         ".ctasm_ret", ".ctasm_endproc");
}

# ---------------------------------------------------------------------------
# void ctasm_vpaes_encrypt_key_to_bsaes(void *bsaes_key, const void *vpaes_key)
# Recovers round keys 0..Nr-1 (with the 0x63 of rounds 1..Nr, which bsaes
# folds the same way) from the vpaes encryption key: ek[0] = phi(K0),
# ek[r] = SR^-r(phi(Kr ^ 0x63)); then writes them in the bsaes form
# (bsaes-x86_64.pl): row-major byte order permuted by SR^-r (round r), 8
# planes of 16 bytes (byte q of plane i = 0xFF iff bit i of byte q is set),
# 128 bytes per round: 128 Nr bytes, at most 1792, which fit the key's extra
# area.  Round Nr stays in the vpaes key (ek[Nr] = K_Nr ^ 0x63, plain), and
# bsaes spreads it to planes per call.
{
    my $b = $A_;
    my ($bk, $vk) = ("%rdi", "%rsi");
    my ($loop, $first) = map { newlabel($_) } qw(bsk_loop bsk_first);
    emit(".ctasm_proc ctasm_vpaes_encrypt_key_to_bsaes, global, args=2");
    load_consts();
    emit("movl 240($vk), %ecx",
         "xorl %r8d, %r8d",                # r
         ".ctasm_adr %r10, .Lk_sr");
    label($loop);
    emit("movdqa ($vk), $b->{x}",
         "testl %r8d, %r8d",
         "jz $first",
         "movl %r8d, %r9d",                # middle: undo SR^-r, then phi
         "andl \$3, %r9d",
         "shll \$4, %r9d",
         "pshufb (%r10,%r9), $b->{x}");
    label($first);
    per_block([$b], sub { lin_map($b, ".Lk_opt_lo(%rip)", ".Lk_opt_hi(%rip)") });
    # row-major order, then bsaes' byte order after round r: C_r = SR^-r
    emit("movl %r8d, %r9d",
         "andl \$3, %r9d",
         "shll \$4, %r9d",
         ".ctasm_adr %r11, .Lk_bs_trc",
         "pshufb (%r11,%r9), $b->{x}");
    for my $i (0 .. 7) {
        emit("movdqa $b->{x}, $b->{hi}",
             "pand .Lk_bs_bit$i(%rip), $b->{hi}",
             "pcmpeqb .Lk_bs_bit$i(%rip), $b->{hi}",
             "movdqa $b->{hi}, " . 16 * $i . "($bk)");
    }
    emit("addq \$16, $vk",
         "addq \$128, $bk",
         "addl \$1, %r8d",
         "cmpl %ecx, %r8d",
         "jb $loop",
         "pxor $b->{x}, $b->{x}",
         "pxor $b->{hi}, $b->{hi}",
         ".ctasm_ret", ".ctasm_endproc");
}

# ---------------------------------------------------------------------------
# int ctasm_vpaes_set_encrypt_key_bsaes(const uint8_t *user_key, unsigned bits, void *key)
# AES-128 and AES-256: what ctasm_vpaes_set_encrypt_key and then
# ctasm_vpaes_encrypt_key_to_bsaes write (the vpaes key, its bsaes form in the
# extra area at byte 256), in one pass: each round key is converted to both
# forms as soon as it is made, so the conversions (stores and shuffles, no
# dependency on each other) fill the stalls of the expansion's dependency
# chain instead of running after it. Returns 1; 0 for other sizes, with
# nothing written (the caller then runs the two functions).
{
    my ($K, $T, $IDX, $RC, $R, $K2) = map { "%xmm$_" } 5, 6, 7, 8, 12, 13;
    my $C = { x => "%xmm14", hi => "%xmm15", t1 => $T };   # conversion temporaries
    my ($off, $steps, $trc, $sr) = ("%r8", "%r9d", "%r10", "%r11");
    my $x = $A_->{x};
    # round key r (r >= 1, 16 r in $off) in $k: K_r ^ 0x63 in both forms
    my $convert = sub {
        my ($k, $first) = @_;
        emit("movdqa $k, $C->{x}");
        emit("pxor .Lk_s63(%rip), $C->{x}") unless $first;
        # bsaes: bsaes' byte order after round r, then bit planes
        if ($first) {
            emit("movdqa $C->{x}, $C->{hi}", "pshufb ($trc), $C->{hi}");
        } else {
            emit("movl ${off}d, %eax", "andl \$48, %eax",
                 "movdqa $C->{x}, $C->{hi}", "pshufb ($trc,%rax), $C->{hi}");
        }
        for my $i (0 .. 7) {
            emit("movdqa $C->{hi}, $T",
                 "pand .Lk_bs_bit$i(%rip), $T",
                 "pcmpeqb .Lk_bs_bit$i(%rip), $T",
                 "movdqa $T, " . (256 + 16 * $i) . "(%rdx,$off,8)");
        }
        # vpaes: phi, then SR^-r (round 0: phi alone)
        emit(lin_map($C, ".Lk_ipt_lo(%rip)", ".Lk_ipt_hi(%rip)"));
        emit("movl ${off}d, %ecx", "negl %ecx", "andl \$48, %ecx",
             "pshufb ($sr,%rcx), $C->{x}") unless $first;
        emit("movdqa $C->{x}, (%rdx,$off)");
    };
    # $k = the next round key from $k and the last word of $from ($rot: RotWord and rcon)
    my $next = sub {
        my ($k, $from, $rot) = @_;
        if ($rot) {
            emit("movdqa $RC, $R", "pshufb $IDX, $R", "paddb .Lk_rcon_step(%rip), $IDX",
                 "movdqa $from, $x", "pshufb .Lk_rotbc(%rip), $x");
        } else {
            emit("pshufd \$0xff, $from, $x");
        }
        sbox_vec();
        emit($rot ? "pxor $R, $x" : "pxor .Lk_s63(%rip), $x");
        prefix_xor($k, $T);
        emit("pxor $x, $k");
    };
    my ($k128, $k256) = map { newlabel($_) } qw(fk128 fk256);
    emit(".ctasm_proc ctasm_vpaes_set_encrypt_key_bsaes, global, args=3");
    emit("cmpl \$128, %esi", "je $k128", "cmpl \$256, %esi", "je $k256",
         "xorl %eax, %eax", ".ctasm_ret");
    for my $nk (4, 8) {
        my ($loop, $out) = map { newlabel($_) } qw(fkloop fkout);
        my $nr = $nk + 6;
        label($nk == 4 ? $k128 : $k256);
        load_consts();
        emit("movl \$$nr, 240(%rdx)",
             ".ctasm_adr $trc, .Lk_bs_trc",
             ".ctasm_adr $sr, .Lk_sr",
             "movdqa .Lk_rcon63(%rip), $RC",
             "movdqa .Lk_rcon_idx(%rip), $IDX",
             "movdqu (%rdi), $K",
             "xorl %r8d, %r8d");
        emit("movdqu 16(%rdi), $K2") if $nk == 8;
        $convert->($K, 1);                                  # round 0
        emit("movl \$" . ($nk == 4 ? 10 : 7) . ", $steps");  # rcon steps
        if ($nk == 8) {
            emit("movl \$16, %r8d");
            $convert->($K2, 0);                             # round 1
        }
        label($loop);
        emit("addq \$16, $off");
        $next->($K, $nk == 4 ? $K : $K2, 1);                # K_r
        emit("subl \$1, $steps", "jz $out");
        $convert->($K, 0);
        if ($nk == 8) {
            emit("addq \$16, $off");
            $next->($K2, $K, 0);                            # K_(r+1)
            $convert->($K2, 0);
        }
        emit("jmp $loop");
        label($out);
        # round Nr stays plain (with 0x63) in the vpaes key; bsaes takes it from there
        emit("pxor .Lk_s63(%rip), $K",
             "movdqa $K, (%rdx,$off)",
             "movl \$1, %eax",
             ".ctasm_ret");
    }
    emit(".ctasm_endproc");
}

# ===========================================================================
# Tables
# ===========================================================================


emit(".ctasm_rodata", ".ctasm_align 64");
$code .= "# a = $A, beta = phi(X) = " . sprintf("0x%02x", $beta) . "\n";
bytes16(".Lk_s0F",  [(0x0f) x 16], "nibble mask");
bytes16(".Lk_inv",  \@t_inv,  "1/x in GF(2^4) = GF(2)[x]/(x^4+x+1), 1/0 = 0x80 (infinity)");
bytes16(".Lk_ainv", \@t_ainv, "a/x, a/0 = 0x80");
bytes16(".Lk_ipt_lo", \@ipt_lo, "phi: AES basis -> tower basis, low nibble");
bytes16(".Lk_ipt_hi", \@ipt_hi, "phi, high nibble");
bytes16(".Lk_sb1u", $sb1u, "phi(Alin(u P)), u = 1/io: middle-round S-box output");
bytes16(".Lk_sb1v", $sb1v, "phi(Alin(v Q)), v = 1/jo");
bytes16(".Lk_sb2u", $sb2u, "phi(2 Alin(u P))");
bytes16(".Lk_sb2v", $sb2v, "phi(2 Alin(v Q))");
bytes16(".Lk_sbou", $sbou, "Alin(u P) in the AES basis: last round and SubWord");
bytes16(".Lk_sbov", $sbov, "Alin(v Q)");
bytes16(".Lk_s63",  [(0x63) x 16], "AES affine constant");
bytes16(".Lk_opt_lo", [map { $phi_inv[$_] } 0 .. 15], "phi^-1, low nibble (key export to bsaes)");
bytes16(".Lk_opt_hi", [map { $phi_inv[$_ << 4] } 0 .. 15], "phi^-1, high nibble");
{
    # column-major -> row-major (n = 4 row + col), then permuted by C_r =
    # SR^-r, r = 0..3 (bsaes-x86_64.pl keeps round r's state in that order)
    my @tr = map { 4 * ($_ & 3) + ($_ >> 2) } 0 .. 15;
    my @sri = map { my ($r, $c) = ($_ >> 2, $_ & 3); 4 * $r + ($c - $r) % 4 } 0 .. 15;
    my @c = (0 .. 15);
    for my $r (0 .. 3) {
        bytes16($r ? "" : ".Lk_bs_trc", [map { $tr[$c[$_]] } 0 .. 15],
                $r ? "" : "column-major -> bsaes byte order after round r, r mod 4 = 0..3");
        @c = map { $sri[$c[$_]] } 0 .. 15;
    }
}
bytes16(".Lk_bs_bit$_", [(1 << $_) x 16], $_ ? "" : "bit i in every byte (bsaes planes)") for 0 .. 7;
bytes16(".Lk_dipt_lo", \@dipt_lo, "psi_lin = phi o Alin^-1, low nibble");
bytes16(".Lk_dipt_hi", \@dipt_hi, "psi_lin, high nibble");
bytes16(".Lk_psi63", [($psi_lin->(0x63)) x 16], "psi_lin(0x63)");
for my $c (9, 11, 13, 14) {
    bytes16(".Lk_dsb${c}u", $dsb{$c}[0], "psi_lin($c * phi^-1(u P)): InvMixColumns coefficient $c");
    bytes16(".Lk_dsb${c}v", $dsb{$c}[1], "psi_lin($c * phi^-1(v Q))");
}
bytes16(".Lk_dsbou", $dsbou, "phi^-1(u P): last decryption round");
bytes16(".Lk_dsbov", $dsbov, "phi^-1(v Q)");
for my $c (9, 11, 13, 14) {
    bytes16(".Lk_kd${c}lo", $kdm{$c}[0], "psi_lin($c * x), low nibble (decryption key schedule)");
    bytes16(".Lk_kd${c}hi", $kdm{$c}[1], "psi_lin($c * x), high nibble");
}
bytes16(".Lk_rot1", $R1, "R1: rotate every column by one row");
bytes16(".Lk_ctr_swap", [0 .. 11, 15, 14, 13, 12], "byte-swap the counter word");
bytes16(".Lk_ctr_one", [(0) x 12, 1, 0, 0, 0], "+1 on the (little-endian) counter word");
bytes16(".Lk_sr", $SRp[0], "SR^m, m = 0..3 (ShiftRows powers)");
bytes16("", $SRp[$_]) for 1 .. 3;
$code .= "# SR^-r R1 SR^r, SR^-r R3 SR^r for r = 0..15\n.Lk_mc_enc:\n";
bytes16("", $_) for @mc_enc;
$code .= "# SR^r R_k SR^-r, k = 1, 2, 3 (and a pad), for r = 0..15\n.Lk_mc_dec:\n";
bytes16("", $_) for @mc_dec;
bytes16(".Lk_rcon63", [(map { $_ ^ 0x63 } @rcon), (0x63) x 6],
        "rcon_i ^ 0x63 (i = 0..9), 0x63 at 10..15: the S-box constant and rcon per step");
bytes16(".Lk_rcon_idx", [(0, 15, 15, 15) x 4], "step 0's pick from .Lk_rcon63: rcon in byte 0 of each word");
bytes16(".Lk_rcon_step", [(1, 0, 0, 0) x 4], "next step's rcon");
bytes16(".Lk_rotbc", [(13, 14, 15, 12) x 4], "RotWord of word 3, in every word");
$code .= "# rcon: successive doublings of 1 in the AES field\n.Lk_rcon:\n";
$code .= "\t.byte " . join(",", map { sprintf "0x%02x", $_ } @rcon) . "\n";

finish();
