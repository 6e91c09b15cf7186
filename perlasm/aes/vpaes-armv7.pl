#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# vpaes-armv7.pl -- constant-time AES for ARMv7 NEON by vector permutes
# (M. Hamburg, "Accelerating AES with Vector Permute Instructions", CHES 2009).
#
# Idea.  Every secret-dependent table lookup is a 16-entry in-register lookup
# (vtbl.8 with a two-d-register table), so no memory address ever depends on
# data.  The S-box is computed from its algebra, not read from memory:
#
#   * GF(2^8) is viewed as GF(16)[y]/(y^2 + y + lambda).  With c = 1/lambda
#     and beta = c*y every field element is X = i*beta + k, i and k in GF(16)
#     (i is the high nibble of the state byte, k the low one).  The state is
#     kept in this basis ("phi") between rounds, so no per-round conversion.
#   * With j = i ^ k and N = k^2 + c*i*k + c*i^2 the norm of X:
#         iak = 1/i + c/k      io = j + 1/iak  = N / (k + c*i)
#         jak = 1/j + c/k      jo = i + 1/jak  = N / (k + c*j)
#     and X^-1 = M1(1/io) + M2(1/jo) with M1, M2 GF(2)-linear (derived in
#     build_tables below).  1/0 is encoded as 0x80: vtbl returns 0 for any
#     index >= 16, which is exactly 1/inf = 0, and inf ^ nibble stays >= 16.
#     Two lookups on io and jo therefore give any linear image of X^-1: the
#     affine map of SubBytes, times 2 for MixColumns, InvMixColumns factors.
#   * The constant 0x63 of SubBytes is not in the tables (a lookup of "inf"
#     must give 0); it is folded into the round keys instead.  It commutes
#     with (Inv)MixColumns because 2^3^1^1 = 14^11^13^9 = 1.
#   * ShiftRows is applied to the state before SubBytes (they commute);
#     MixColumns uses P1 = rotate each 32-bit column by one byte and
#     P2 = vrev32.16:  MC(a) = 2a ^ t ^ P1(3a ^ t) with t = P2(a).
#
# Key layout (ctasm_aes_key, 16-byte aligned): round keys 0..N at 16*r in
# the order they are used, rounds N (10/12/14) at byte 240.
#   encryption: slot 0 = phi(rk0), slot 1..N-1 = phi(rk_r ^ 0x63..), slot N = rk_N ^ 0x63..
#   decryption: slot 0 = phi(Ainv(rk_N ^ 0x63..)), slot s = phi(Ainv(InvMC(rk_{N-s}) ^ 0x63..)),
#               slot N = rk_0              (Ainv = inverse of the linear part of SubBytes)
#
# bsaes key (made by vpaes_*_key_to_bsaes, read by bsaes-armv7.pl): word 0 =
# rounds N, bytes 16.. the N+1 round keys as plain 16-byte vectors in order
# of use, with 0x63 folded as the bitsliced S-box circuits expect:
#   encryption: rk0, rk_r ^ 0x63 (r = 1..N-1), rk_N ^ 0x63
#   decryption: rk_N ^ 0x63, InvMC(rk_r) ^ 0x63 (r = N-1..1), rk_0
# Size 16*(N+2) bytes: at most 256 (AES-256), well inside the 1696 allowed.
#
# Register plan (NEON): q15 = 0x0f mask, q13 = 1/x table, q14 = c/x table,
# q8..q12 round tables (encryption: sb1u sb1t sb2u sb2t, ShiftRows index),
# q0 = state, q1..q6 temporaries of the inversion network, q7 = caller's
# (CTR keeps the counter block there).  GPR: r2 = walking key pointer,
# r3 = round counter, r12 = table pointer.

use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin, "$FindBin::RealBin/../lib";
use AesField qw(gmul gpow ginv aff);
use Perlasm qw($code finish);

Perlasm::open_output("arm", @ARGV);

######################################################################
# GF(2^8) with the AES polynomial x^8+x^4+x^3+x+1, in plain Perl.

my @sbox = map { aff(ginv($_)) ^ 0x63 } 0 .. 255;
die "S-box self-check" unless $sbox[0] == 0x63 && $sbox[1] == 0x7c && $sbox[0x53] == 0xed;
my @affinv;
$affinv[aff($_)] = $_ for 0 .. 255;

######################################################################
# The tower representation and every lookup table, derived and checked.

my (%T, $c, $beta);
my (@phi, @phiinv);

sub build_tables {
    # GF(16) = { x : x^16 = x } inside GF(2^8).  Nibble bit m stands for w^m,
    # w = 3^17 an element of order 15 (so 1, w, w^2, w^3 are independent).
    my %sub = map { ($_ => 1) } grep { gpow($_, 16) == $_ } 0 .. 255;
    die "subfield" unless keys(%sub) == 16;
    my $w = gpow(3, 17);
    my (@dec, %enc);
    for my $n (0 .. 15) {
        my $v = 0;
        for my $m (0 .. 3) { $v ^= gpow($w, $m) if $n >> $m & 1; }
        $dec[$n] = $v;
        $enc{$v} = $n;
    }
    die "nibble basis" unless keys(%enc) == 16 && !grep { !$sub{$_} } @dec;

    # y outside GF(16) with y^2 + y = lambda inside: the quadratic extension.
    my $y = (grep { !$sub{$_} && $sub{ gmul($_, $_) ^ $_ } } 2 .. 255)[0];
    my $lambda = gmul($y, $y) ^ $y;
    $c    = ginv($lambda);
    $beta = gmul($c, $y);

    # phi: AES byte -> (i << 4 | k) with X = dec(i)*beta + dec(k); linear.
    for my $b (0 .. 255) {
        my $x = gmul($dec[$b >> 4], $beta) ^ $dec[$b & 15];
        $phiinv[$b] = $x;
        $phi[$x]    = $b;
    }
    die "phi not bijective" if grep { !defined } @phi;

    $T{inv}  = [ map { $_ ? $enc{ ginv($dec[$_]) } : 0x80 } 0 .. 15 ];
    $T{inva} = [ map { $_ ? $enc{ gmul($c, ginv($dec[$_])) } : 0x80 } 0 .. 15 ];

    # X^-1 = beta*i/N + (c*i+k)/N.  With u = 1/io = (c*i+k)/N and
    # v = 1/jo = (c*i+k+c*k)/N:  k/N = (u+v)/c, i/N = u/c + (u+v)/c^2, so
    # X^-1 = u*(1 + beta/c + beta/c^2) + v*(beta/c^2).
    my $ic = ginv($c);
    my $m2 = gmul($beta, gmul($ic, $ic));
    my $m1 = 1 ^ gmul($beta, $ic) ^ $m2;
    # out tables of a linear map F on X^-1: U[io] ^ V[jo] = F(X^-1)
    my $outtab = sub {
        my $F = shift;
        my @u = map { $_ ? $F->(gmul($m1, ginv($dec[$_]))) : 0 } 0 .. 15;
        my @v = map { $_ ? $F->(gmul($m2, ginv($dec[$_]))) : 0 } 0 .. 15;
        return (\@u, \@v);
    };
    my $lin = sub { my $F = shift; return ([ map { $F->($_) } 0 .. 15 ], [ map { $F->($_ << 4) } 0 .. 15 ]); };

    @T{qw(ipt_lo ipt_hi)}   = $lin->(sub { $phi[ $_[0] ] });
    @T{qw(dipt_lo dipt_hi)} = $lin->(sub { $phi[ $affinv[ $_[0] ] ] });
    @T{qw(opt_lo opt_hi)}   = $lin->(sub { $phiinv[ $_[0] ] });
    @T{qw(dopt_lo dopt_hi)} = $lin->(sub { aff($phiinv[ $_[0] ]) });
    @T{qw(sb1u sb1t)} = $outtab->(sub { $phi[ aff($_[0]) ] });
    @T{qw(sb2u sb2t)} = $outtab->(sub { $phi[ gmul(2, aff($_[0])) ] });
    @T{qw(sbou sbot)} = $outtab->(sub { aff($_[0]) });
    for my $m (9, 11, 13, 14) {
        @T{ ("dsb${m}u", "dsb${m}t") } = $outtab->(sub { $phi[ $affinv[ gmul($m, $_[0]) ] ] });
    }
    @T{qw(dsbou dsbot)} = $outtab->(sub { $_[0] });

    # ShiftRows: byte 4c+r of the result is byte 4((c+r)%4)+r; InvShiftRows.
    $T{sr}  = [ map { my ($cc, $r) = (int($_ / 4), $_ % 4); 4 * (($cc + $r) % 4) + $r } 0 .. 15 ];
    $T{isr} = [ map { my ($cc, $r) = (int($_ / 4), $_ % 4); 4 * (($cc - $r + 4) % 4) + $r } 0 .. 15 ];

    # Check the whole network on all 256 inputs against the true S-boxes.
    my $look = sub { my ($t, $x) = @_; $x < 16 ? $T{$t}[$x] : 0 };
    for my $x (0 .. 255) {
        my $s = $look->('ipt_lo', $x & 15) ^ $look->('ipt_hi', $x >> 4);
        my ($io, $jo) = network($look, $s);
        my $got = $look->('sbou', $io) ^ $look->('sbot', $jo) ^ 0x63;
        die "S-box mismatch at $x" unless $got == $sbox[$x];
        my $want = gmul(2, $sbox[$x] ^ 0x63);
        die "sb2 mismatch at $x" unless ($look->('sb2u', $io) ^ $look->('sb2t', $jo)) == $phi[$want];
        # decryption: state phi(Ainv(x ^ 0x63)) inverts to InvSbox(x)
        my $d = $look->('dipt_lo', ($x ^ 0x63) & 15) ^ $look->('dipt_hi', ($x ^ 0x63) >> 4);
        ($io, $jo) = network($look, $d);
        my $z = $look->('dsbou', $io) ^ $look->('dsbot', $jo);
        die "InvS-box mismatch at $x" unless $sbox[$z] == $x;
        die "dsb14 mismatch at $x"
            unless ($look->('dsb14u', $io) ^ $look->('dsb14t', $jo)) == $phi[ $affinv[ gmul(14, $z) ] ];
        die "opt mismatch" unless ($look->('opt_lo', $phi[$x] & 15) ^ $look->('opt_hi', $phi[$x] >> 4)) == $x;
    }
}

# The inversion network (also what the assembly computes, step by step).
sub network {
    my ($look, $s) = @_;
    my ($i, $k) = ($s >> 4, $s & 15);
    my $j   = $i ^ $k;
    my $a   = $look->('inva', $k);
    my $iak = $look->('inv', $i) ^ $a;
    my $jak = $look->('inv', $j) ^ $a;
    return ($look->('inv', $iak) ^ $j, $look->('inv', $jak) ^ $i);
}

build_tables();

sub table {
    my ($label, @names) = @_;
    my $s = "$label:\n";
    for my $n (@names) {
        $s .= "\t.byte\t" . join(",", map { sprintf("0x%02x", $_) } @{ $T{$n} }) . "\t@ $n\n";
    }
    return $s;
}

######################################################################
# Instruction macros.  Registers are q-register numbers.

sub dlo { "d" . (2 * $_[0]) }
sub dhi { "d" . (2 * $_[0] + 1) }
# q$dst = 16-entry table q$tab indexed by q$idx (two vtbl.8 of 8 bytes)
sub tbl {
    my ($dst, $tab, $idx) = @_;
    die "vtbl destination overlaps its table" if $dst == $tab;
    my $t = "{" . dlo($tab) . "," . dhi($tab) . "}";
    return "\tvtbl.8\t" . dlo($dst) . ", $t, " . dlo($idx) . "\n"
         . "\tvtbl.8\t" . dhi($dst) . ", $t, " . dhi($idx) . "\n";
}

my ($qmask, $qinv, $qinva) = (15, 13, 14);

# Inversion network on q1 (phi basis).  Out: io in q4, jo in q5.
# Clobbers q2, q3, q6.
sub network_asm {
    return "\tvshr.u8\tq2, q1, #4\t\t@ i\n"
         . "\tvand\tq3, q1, q$qmask\t\t@ k\n"
         . tbl(4, $qinva, 3) . "\t\t\t\t@ q4 = c/k\n"
         . "\tveor\tq3, q3, q2\t\t@ j = i ^ k\n"
         . tbl(5, $qinv, 2)
         . "\tveor\tq5, q5, q4\t\t@ iak = 1/i + c/k\n"
         . tbl(6, $qinv, 3)
         . "\tveor\tq6, q6, q4\t\t@ jak = 1/j + c/k\n"
         . tbl(4, $qinv, 5)
         . "\tveor\tq4, q4, q3\t\t@ io = j + 1/iak\n"
         . tbl(5, $qinv, 6)
         . "\tveor\tq5, q5, q2\t\t@ jo = i + 1/jak\n";
}

# q$dst = U[io] ^ V[jo] with tables q$u, q$v; q$tmp clobbered.
sub outtab {
    my ($dst, $u, $v, $tmp) = @_;
    return tbl($dst, $u, 4) . tbl($tmp, $v, 5) . "\tveor\tq$dst, q$dst, q$tmp\n";
}

# Byte-linear map through two nibble tables: q$r = LO[q$r & 15] ^ HI[q$r >> 4].
sub lin2 {
    my ($r, $lo, $hi, $t1, $t2) = @_;
    return "\tvand\tq$t1, q$r, q$qmask\n"
         . "\tvshr.u8\tq$t2, q$r, #4\n"
         . tbl($r, $lo, $t1) . tbl($t1, $hi, $t2)
         . "\tveor\tq$r, q$r, q$t1\n";
}

# Zero the given q registers (key-derived values must not outlive the call;
# q4-q7 are restored by the epilogue anyway).
sub wipe_q { join("", map { "\tveor\tq$_, q$_, q$_\n" } @_) }

# q$dst = P1(q$src): rotate each 32-bit column right by one byte (row r <- row r+1)
sub p1 {
    my ($dst, $src) = @_;
    die "p1 in place" if $dst == $src;
    return "\tvshr.u32\tq$dst, q$src, #8\n\tvsli.32\tq$dst, q$src, #24\n";
}

$code .= <<___;
.ctasm_text

@ Tables for the encryption core, loaded in this order (see build_tables).
.ctasm_align 16
${\ table(".Lk_enc", qw(ipt_lo ipt_hi inv inva sb1u sb1t sb2u sb2t sr sbou sbot)) }
@ Tables for the decryption core.
${\ table(".Lk_dec", qw(dipt_lo dipt_hi inv inva isr dsb9u dsb9t dsb11u dsb11t dsb13u dsb13t dsb14u dsb14t dsbou dsbot)) }
___

######################################################################
# _vpaes_encrypt_core: q0 = block in / out, r2 = key (advanced).
# Clobbers r2, r3, r12, q0-q6, q8-q15; q7 is preserved for the caller.
{
my $sr = 12;
$code .= <<___;
.ctasm_align 16
.ctasm_proc _vpaes_encrypt_core
	.ctasm_adr	r12, .Lk_enc
	ldr	r3, [r2, #240]
	vmov.i8	q$qmask, #0x0f
	vld1.64	{d8-d11}, [r12]!		@ q4, q5 = input transform phi
	vld1.64	{d26-d29}, [r12]!		@ q13 = 1/x, q14 = c/x
	vld1.64	{d16-d19}, [r12]!		@ q8, q9 = sb1 (phi(A z))
	vld1.64	{d20-d23}, [r12]!		@ q10, q11 = sb2 (phi(2 A z))
	vld1.64	{d24-d25}, [r12]!		@ q12 = ShiftRows index
${\ lin2(0, 4, 5, 1, 2) }
	vld1.64	{d2-d3}, [r2]!
	veor	q0, q0, q1			@ phi(in ^ rk0)
	sub	r3, r3, #1
.Lenc_round:
${\ tbl(1, 0, $sr) }
${\ network_asm() }
${\ outtab(1, 8, 9, 3) }			@ q1 = a = phi(A z)
${\ outtab(2, 10, 11, 3) }			@ q2 = phi(2 A z)
	@ MixColumns: out = 2a ^ t ^ P1(3a ^ t), t = P2(a)
	vrev32.16	q3, q1
	veor	q1, q1, q2
	veor	q2, q2, q3
	veor	q1, q1, q3
${\ p1(0, 1) }
	veor	q0, q0, q2
	vld1.64	{d2-d3}, [r2]!
	veor	q0, q0, q1
	subs	r3, r3, #1
	bne	.Lenc_round
	@ last round: SubBytes (standard basis out), ShiftRows, AddRoundKey
	vld1.64	{d20-d23}, [r12]		@ q10, q11 = sbo (A z)
${\ tbl(1, 0, $sr) }
${\ network_asm() }
${\ outtab(0, 10, 11, 3) }
	vld1.64	{d2-d3}, [r2]
	veor	q0, q0, q1
.ctasm_ret
.ctasm_endproc
___
}

######################################################################
# _vpaes_decrypt_core: q0 = block in / out, r2 = key (advanced).
# Clobbers r2, r3, r12, q0-q6, q8-q15.
{
my $isr = 12;
$code .= <<___;
.ctasm_align 16
.ctasm_proc _vpaes_decrypt_core
	.ctasm_adr	r12, .Lk_dec
	ldr	r3, [r2, #240]
	vmov.i8	q$qmask, #0x0f
	vld1.64	{d8-d11}, [r12]!		@ q4, q5 = phi(Ainv x)
	vld1.64	{d26-d29}, [r12]!		@ q13 = 1/x, q14 = c/x
	vld1.64	{d24-d25}, [r12]!		@ q12 = InvShiftRows index
${\ lin2(0, 4, 5, 1, 2) }
	vld1.64	{d2-d3}, [r2]!
	veor	q0, q0, q1
	sub	r3, r3, #1
.Ldec_round:
${\ tbl(1, 0, $isr) }
${\ network_asm() }
	vld1.64	{d16-d19}, [r12]!		@ 9
	vld1.64	{d20-d23}, [r12]!		@ 11
${\ outtab(0, 8, 9, 1) }
${\ outtab(1, 10, 11, 2) }
	vld1.64	{d16-d19}, [r12]!		@ 13
	vld1.64	{d20-d23}, [r12]		@ 14
	sub	r12, r12, #96
${\ outtab(2, 8, 9, 3) }
${\ outtab(3, 10, 11, 6) }
	@ InvMixColumns: out = 14 ^ P2(13) ^ P1(11 ^ P2(9))
	vrev32.16	q0, q0
	veor	q1, q1, q0
${\ p1(0, 1) }
	vrev32.16	q2, q2
	veor	q0, q0, q2
	veor	q0, q0, q3
	vld1.64	{d2-d3}, [r2]!
	veor	q0, q0, q1
	subs	r3, r3, #1
	bne	.Ldec_round
	add	r12, r12, #128
	vld1.64	{d20-d23}, [r12]		@ q10, q11 = dsbo (z itself)
${\ tbl(1, 0, $isr) }
${\ network_asm() }
${\ outtab(0, 10, 11, 3) }
	vld1.64	{d2-d3}, [r2]
	veor	q0, q0, q1
.ctasm_ret
.ctasm_endproc
___
}

######################################################################
# Single blocks.
for my $dir (qw(encrypt decrypt)) {
$code .= <<___;
.ctasm_align 16
.ctasm_proc ctasm_vpaes_$dir, global, save=r4,lr, vsave=d8-d15
	vld1.8	{d0-d1}, [r0]
	bl	_vpaes_${dir}_core
	vst1.8	{d0-d1}, [r1]
	veor	q1, q1, q1			@ leave no round key behind
.ctasm_ret
.ctasm_endproc
___
}

######################################################################
# ctasm_vpaes_ctr32_encrypt_blocks(in, out, blocks, key, ivec): one block at a time;
# the counter is the big-endian last word of ivec and wraps mod 2^32.
$code .= <<___;
.ctasm_align 16
.ctasm_proc ctasm_vpaes_ctr32_encrypt_blocks, global, save=r4-r8,lr, vsave=d8-d15
	ldr	r8, [sp, #88]			@ ivec (5th argument)
	cmp	r2, #0
	beq	.Lctr_done
	mov	r4, r0
	mov	r5, r1
	mov	r6, r2
	mov	r7, r3
	vld1.8	{d14-d15}, [r8]			@ q7 = counter block template
	vmov.32	r8, d15[1]
	rev	r8, r8				@ counter, native order
.Lctr_loop:
	vmov	q0, q7
	rev	r3, r8
	vmov.32	d1[1], r3
	mov	r2, r7
	bl	_vpaes_encrypt_core
	vld1.8	{d2-d3}, [r4]!
	veor	q0, q0, q1
	vst1.8	{d0-d1}, [r5]!
	add	r8, r8, #1
	subs	r6, r6, #1
	bne	.Lctr_loop
	veor	q0, q0, q0
	veor	q1, q1, q1
.Lctr_done:
.ctasm_ret
.ctasm_endproc
___

######################################################################
# Key schedule.  The FIPS-197 word recurrence runs in ARM registers (its
# branches depend only on the word index); SubWord goes through the NEON
# S-box, so no key byte ever indexes memory.  The standard schedule is
# written into the key buffer and then converted in place.
#
# In: r0 = user key, r1 = bits, r2 = key.  Out: r5 = rounds.
# Tables: q8, q9 = phi, q13 = 1/x, q14 = c/x, q10, q11 = sbo, q15 = 0x0f,
# q12 = 0x63.  Clobbers r0, r1, r3, r4-r12, q0-q6.
sub sbox_std {    # q0 = S-box(q0) bytewise, standard basis in and out
    return lin2(0, 8, 9, 1, 2) . "\tvmov\tq1, q0\n" . network_asm() . outtab(0, 10, 11, 1) . "\tveor\tq0, q0, q12\n";
}
sub subword {
    my $r = shift;
    return "\tvdup.32\tq0, $r\n" . sbox_std() . "\tvmov.32\t$r, d0[0]\n";
}
sub schedule {
    my $sfx = shift;
    return <<___;
	.ctasm_adr	r12, .Lk_sched
	vmov.i8	q$qmask, #0x0f
	vmov.i8	q12, #0x63
	vld1.64	{d16-d19}, [r12]!		@ q8, q9 = phi
	vld1.64	{d26-d29}, [r12]!		@ q13, q14 = 1/x, c/x
	vld1.64	{d20-d23}, [r12]!		@ q10, q11 = sbo
	lsr	r4, r1, #5			@ Nk = 4, 6 or 8
	add	r5, r4, #6			@ rounds
	str	r5, [r2, #240]
	mov	r7, r2
	mov	r8, r4
.Lcopy$sfx:
	vld1.8	{d0}, [r0]!
	vst1.8	{d0}, [r7]!
	subs	r8, r8, #2
	bne	.Lcopy$sfx
	add	r9, r5, #1
	rsb	r9, r4, r9, lsl #2		@ words left: 4*(rounds+1) - Nk
	mov	r8, #0				@ i mod Nk
	mov	r10, #1				@ rcon
	lsl	r11, r4, #2			@ 4*Nk
.Lexpand$sfx:
	ldr	r3, [r7, #-4]			@ w[i-1]
	cmp	r8, #0
	bne	.Lnot0$sfx
	ror	r3, r3, #8			@ RotWord (little-endian word)
${\ subword("r3") }
	eor	r3, r3, r10
	lsl	r10, r10, #1			@ next rcon (public)
	tst	r10, #0x100
	eorne	r10, r10, #0x1b
	andne	r10, r10, #0xff
	b	.Ladd$sfx
.Lnot0$sfx:
	cmp	r4, #8
	cmpeq	r8, #4
	bne	.Ladd$sfx
${\ subword("r3") }
.Ladd$sfx:
	ldr	r0, [r7, -r11]			@ w[i-Nk]
	eor	r3, r3, r0
	str	r3, [r7], #4
	add	r8, r8, #1
	cmp	r8, r4
	moveq	r8, #0
	subs	r9, r9, #1
	bne	.Lexpand$sfx
___
}

# Tables sit right before their users: ARM-mode adr reaches about 1 KiB.
$code .= <<___;
@ Key-schedule tables: phi, 1/x, c/x, sbo.
.ctasm_align 16
${\ table(".Lk_sched", qw(ipt_lo ipt_hi inv inva sbou sbot)) }
.ctasm_align 16
.ctasm_proc _vpaes_schedule
${\ schedule("") }
.ctasm_ret
.ctasm_endproc

.ctasm_align 16
.ctasm_proc ctasm_vpaes_set_encrypt_key, global, save=r3-r11,lr, vsave=d8-d15
	bl	_vpaes_schedule
	@ slot 0 = phi(rk0), slots 1..N-1 = phi(rk ^ 0x63), slot N = rk ^ 0x63
	mov	r7, r2
	vld1.64	{d0-d1}, [r7]
${\ lin2(0, 8, 9, 1, 2) }
	vst1.64	{d0-d1}, [r7]!
	sub	r9, r5, #1
.Lenc_mangle:
	vld1.64	{d0-d1}, [r7]
	veor	q0, q0, q12
${\ lin2(0, 8, 9, 1, 2) }
	vst1.64	{d0-d1}, [r7]!
	subs	r9, r9, #1
	bne	.Lenc_mangle
	vld1.64	{d0-d1}, [r7]
	veor	q0, q0, q12
	vst1.64	{d0-d1}, [r7]
${\ wipe_q(0 .. 3) }
	mov	r0, #0
.ctasm_ret
.ctasm_endproc
___

# InvMixColumns of q0 in the standard basis (q14 = 0x1b); clobbers q1-q7.
sub xtime {
    my ($dst, $src, $t) = @_;
    return "\tvshr.s8\tq$t, q$src, #7\n\tvand\tq$t, q$t, q14\n\tvshl.i8\tq$dst, q$src, #1\n\tveor\tq$dst, q$dst, q$t\n";
}
sub invmix {
    return xtime(1, 0, 4) . xtime(2, 1, 4) . xtime(3, 2, 4)    # q1 = 2a, q2 = 4a, q3 = 8a
         . "\tveor\tq5, q3, q2\n\tveor\tq5, q5, q1\t\t@ 14a\n"
         . "\tveor\tq6, q3, q1\n\tveor\tq6, q6, q0\t\t@ 11a\n"
         . "\tveor\tq7, q3, q2\n\tveor\tq7, q7, q0\t\t@ 13a\n"
         . "\tveor\tq3, q3, q0\t\t@ 9a\n"
         . "\tvrev32.16\tq3, q3\n\tveor\tq6, q6, q3\n" . p1(0, 6)
         . "\tvrev32.16\tq7, q7\n\tveor\tq0, q0, q7\n\tveor\tq0, q0, q5\n";
}

$code .= <<___;
.ctasm_align 16
${\ table(".Lk_sched_dipt", qw(dipt_lo dipt_hi)) }
.ctasm_align 16
.ctasm_proc ctasm_vpaes_set_decrypt_key, global, save=r3-r11,lr, vsave=d8-d15
	bl	_vpaes_schedule
	@ Reverse the order and convert: slot s <- f_s(rk_{N-s}),
	@ f_0(k) = phi(Ainv(k ^ 0x63)), f_s(k) = phi(Ainv(InvMC(k) ^ 0x63)), f_N(k) = k.
	.ctasm_adr	r12, .Lk_sched_dipt
	vld1.64	{d16-d19}, [r12]		@ q8, q9 = phi(Ainv x)
	vmov.i8	q14, #0x1b
	mov	r7, r2				@ slot s
	add	r6, r2, r5, lsl #4		@ slot N - s
	vld1.64	{d0-d1}, [r6]
	vld1.64	{d20-d21}, [r7]
	vst1.64	{d20-d21}, [r6]
	veor	q0, q0, q12
${\ lin2(0, 8, 9, 1, 2) }
	vst1.64	{d0-d1}, [r7]!
	sub	r6, r6, #16
	lsr	r9, r5, #1			@ N/2 pairs; the middle slot pairs with itself
.Ldec_mangle:
	vld1.64	{d0-d1}, [r6]
	vld1.64	{d20-d21}, [r7]			@ q10 = rk_s
${\ invmix() }
	veor	q0, q0, q12
${\ lin2(0, 8, 9, 1, 2) }
	vmov	q11, q0
	vmov	q0, q10
${\ invmix() }
	veor	q0, q0, q12
${\ lin2(0, 8, 9, 1, 2) }
	vst1.64	{d22-d23}, [r7]!
	vst1.64	{d0-d1}, [r6]
	sub	r6, r6, #16
	subs	r9, r9, #1
	bne	.Ldec_mangle
${\ wipe_q(0 .. 3, 10, 11) }
	mov	r0, #0
.ctasm_ret
.ctasm_endproc
___

######################################################################
# Key conversion to the bsaes form (see the header): a fixed byte-linear
# map per round key through nibble tables, so it is constant time too.
# encryption: phi^-1 on slots 0..N-1;  decryption: A(phi^-1) on slots 0..N-1;
# slot N is copied.  r0 = bsaes key, r1 = vpaes key.
for my $name (qw(encrypt decrypt)) {
    my $lab = ".Lk_conv_" . substr($name, 0, 3);
    my @t = $name eq "encrypt" ? qw(opt_lo opt_hi) : qw(dopt_lo dopt_hi);
$code .= <<___;
.ctasm_align 16
${\ table($lab, @t) }
.ctasm_align 16
.ctasm_proc ctasm_vpaes_${name}_key_to_bsaes, global
	.ctasm_adr	r12, $lab
	vld1.64	{d16-d19}, [r12]
	vmov.i8	q$qmask, #0x0f
	ldr	r2, [r1, #240]
	str	r2, [r0], #16
.L${name}_conv:
	vld1.64	{d0-d1}, [r1]!
${\ lin2(0, 8, 9, 1, 2) }
	vst1.64	{d0-d1}, [r0]!
	subs	r2, r2, #1
	bne	.L${name}_conv
	vld1.64	{d0-d1}, [r1]
	vst1.64	{d0-d1}, [r0]
${\ wipe_q(0 .. 2) }
.ctasm_ret
.ctasm_endproc
___
}

finish();
