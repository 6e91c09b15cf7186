# SPDX-License-Identifier: Apache-2.0
package X86_64::Forms;
# The operand forms of every mnemonic: which operand classes, in which order (AT&T,
# destination last), each instruction accepts. Insns.pm checks every instruction of
# every flavour against it, so gas (elf, macosx) refuses a wrong operand count or
# class exactly where nasm would, and no printer ever sees one.
#
# A form is a string of class letters, one per operand:
#   i immediate   m memory   b branch target (label or function)   R *%reg   M *mem
#   r general register of the instruction's size (integer instructions; the widths
#     are checked by Insns.pm)   c %cl as a shift count
#   d 32-bit, q 64-bit, h 8/16-bit general register (in SIMD instructions)
#   x xmm   y ymm   z zmm   k opmask
#   V xmm, ymm or zmm, Y ymm or zmm, A xmm or ymm: every V (Y, A) of one form is the
#     same size
# The empty form '' is an instruction without operands.
use strict;
use warnings;
use Exporter 'import';
our @EXPORT = qw(forms_of %SIMD_FORMS %VEX_ONLY form_names);

my %SPEC;           # form key -> [form strings as written]
my %FORMS;          # form key -> {signature => 1}, expanded on first use
our %SIMD_FORMS;    # the SIMD mnemonics (a subset of %FORMS)
# VEX-only (AVX, AVX2) mnemonics: no EVEX encoding, so no zmm, no xmm16-31/ymm16-31
# (AVX-512 spells them vpxord, vmovdqu8... and compares into an opmask).
our %VEX_ONLY = map { $_ => 1 } qw(
    vpxor vpor vpand vpandn vmovdqa vmovdqu vptest vpblendvb vblendvps vblendvpd vpblendw
    vblendps vblendpd vpsignb vpsignw vpsignd vphaddw vphaddd vphsubw vphsubd vpmovmskb
    vmovmskps vmovmskpd vlddqu vaesimc vaeskeygenassist vperm2i128 vperm2f128 vpblendd
    vpmaskmovd vpmaskmovq vinserti128 vextracti128 vinsertf128 vextractf128 vbroadcasti128);

sub expand {
    my ($f) = @_;
    return ($f) unless $f =~ /([VYA])/;
    my $l = $1;
    my $set = { V => [qw(x y z)], Y => [qw(y z)], A => [qw(x y)] }->{$l};
    return map { my $g = $f; $g =~ s/$l/$_/g; expand($g) } @$set;
}
sub forms {
    my ($spec, @mn) = @_;
    push @{$SPEC{$_}}, split ' ', $spec for @mn;
}
# The signatures form key $key takes ({signature => 1}), or undef for an unknown key.
# (Expanded on first use: a translation meets a few dozen of the 600 keys.)
sub forms_of {
    my ($key) = @_;
    return $FORMS{$key} //= do {
        my $spec = $SPEC{$key} or return undef;
        +{ map { $_ => 1 } map { expand($_) } map { $_ eq "''" ? '' : $_ } @$spec };
    };
}
# SIMD mnemonics: the legacy (SSE) forms for NAME, the VEX/EVEX forms for vNAME.
sub simd {
    my ($legacy, $vex, @mn) = @_;
    for my $m (@mn) {
        if ($legacy ne '-') { forms($legacy, $m); $SIMD_FORMS{$m} = 1 }
        if ($vex ne '-') {
            my $v = $legacy eq '-' ? $m : "v$m";
            forms($VEX_ONLY{$v} ? $vex =~ tr/V/A/r : $vex, $v);
            $SIMD_FORMS{$v} = 1;
        }
    }
}

# Integer instructions (r widths: Insns.pm). Keys are the mnemonics without their
# AT&T size suffix; jcc/setcc/cmovcc stand for every condition.
forms('ir im rr mr rm', qw(mov add adc sub sbb xor and or cmp));
forms('ir im rr rm', qw(test bt bts btr btc));
forms('r m', qw(neg not inc dec mul div idiv setcc));
forms('r', 'bswap');
forms('r m rr mr ir irr imr', 'imul');
forms('ir im cr cm r m', qw(shl shr sar sal rol ror rcl rcr));
forms('mr', 'lea');
forms('rr mr', qw(bsf bsr popcnt lzcnt tzcnt blsi blsr blsmsk adcx adox cmovcc));
forms('irr irm crr crm', qw(shld shrd));
forms('rr rm', qw(xadd cmpxchg));
forms('rr rm mr', 'xchg');
forms('rrr mrr', qw(andn mulx));
forms('rrr rmr', qw(bzhi bextr sarx shlx shrx));
forms('irr imr', 'rorx');
forms('mr rm', 'movbe');
forms('r m i', 'push');
forms('r m', 'pop');
forms("'' r m", 'nop');
forms('b R M', qw(jmp call));
forms('b', 'jcc');
forms("''", qw(ret clc stc cld std cmc lfence mfence sfence ud2 int3 pause cpuid rdtsc rdtscp
               xgetbv vzeroupper vzeroall emms pushfq popfq endbr64 cqo cdq cdqe cwde));
forms("''", 'string');
forms('m', qw(prefetcht0 prefetcht1 prefetcht2 prefetchnta clflush));

# SSE..SSE4.1, AES-NI, PCLMULQDQ, GFNI: legacy form, then the v-prefixed VEX/EVEX form.
# Two-operand arithmetic gains a first source in VEX (dst = src1 op src2).
my $NDS = 'VVV mVV';
simd('xx mx', $NDS, qw(
    pxor por pand pandn xorps orps andps andnps xorpd orpd andpd andnpd
    paddb paddw paddd paddq paddusb paddusw paddsb paddsw psubb psubw psubd psubq psubusb
    psubusw psubsb psubsw pmuludq pmuldq pmulld pmullw pmulhw pmulhuw pmulhrsw pmaddwd
    pmaddubsw psadbw pavgb pavgw psignb psignw psignd phaddw phaddd phsubw phsubd pshufb
    punpcklbw punpckhbw punpcklwd punpckhwd punpckldq punpckhdq punpcklqdq punpckhqdq
    packsswb packssdw packuswb packusdw
    pminub pminuw pminud pminsb pminsw pminsd pmaxub pmaxuw pmaxud pmaxsb pmaxsw pmaxsd
    unpcklps unpckhps unpcklpd unpckhpd addps addpd subps subpd mulps mulpd
    aesenc aesenclast aesdec aesdeclast gf2p8mulb
    divps divpd maxps maxpd minps minpd));
# Compares: the EVEX forms write an opmask.
simd('xx mx', 'AAA mAA VVk mVk', qw(pcmpeqb pcmpeqw pcmpeqd pcmpeqq pcmpgtb pcmpgtw pcmpgtd
                                 pcmpgtq));
simd('ixx imx', 'iVVV imVV', qw(palignr pblendw blendps blendpd shufps shufpd pclmulqdq
                                gf2p8affineqb gf2p8affineinvqb));
simd('ixx imx', 'ixxx imxx', 'insertps');
simd('ixx imx', 'iAAA imAA', 'mpsadbw');
simd('xx mx', 'xx mx', 'phminposuw');
simd('ixx imx', 'ixx imx', qw(pcmpestri pcmpestrm pcmpistri pcmpistrm));
simd('ixx imx', 'iVV imV', qw(pshufd pshufhw pshuflw));
simd('ixx imx', 'ixx imx', 'aeskeygenassist');
simd('xx mx', 'VV mV', qw(pabsb pabsw pabsd ptest));
simd('xx mx', 'xx mx', 'aesimc');
simd('xx mx', 'xV yY mV', qw(pmovzxbw pmovzxbd pmovzxbq pmovzxwd pmovzxwq pmovzxdq pmovsxbw
                            pmovsxbd pmovsxbq pmovsxwd pmovsxwq pmovsxdq));
simd('xx mx xm', 'VV mV Vm', qw(movdqa movdqu movaps movups movapd movupd));
simd('xm', 'Vm', 'movntdq');
simd('mx', 'mV', qw(movntdqa lddqu));
simd('xx mx xm', 'xxx mx xm', qw(movss movsd));
simd('xx', 'xxx', qw(movhlps movlhps));
simd('mx xm', 'mxx xm', qw(movhps movlps movhpd movlpd));
simd('dx mx xd xm', 'dx mx xd xm', 'movd');
simd('qx mx xq xm xx', 'qx mx xq xm xx', 'movq');
simd('xd xq', 'xd xq yd yq', qw(movmskps movmskpd pmovmskb));
simd('ixd ixq ixm', 'ixd ixq ixm', qw(pextrb pextrw extractps));
simd('ixd ixm', 'ixd ixm', 'pextrd');
simd('ixq ixm', 'ixq ixm', 'pextrq');
simd('idx imx', 'idxx imxx', qw(pinsrb pinsrw pinsrd));
simd('iqx imx', 'iqxx imxx', 'pinsrq');
# Legacy blendv reads %xmm0 implicitly; VEX names the mask first.
simd('xx mx', 'VVVV VmVV', qw(pblendvb blendvps blendvpd));
# Shifts: by an xmm count (always xmm), by an immediate; whole-register byte shifts.
simd('xx mx ix', 'xVV mVV iVV imV', qw(psrlw psrld psrlq psllw pslld psllq psraw psrad));
simd('ix', 'iVV imV', qw(psrldq pslldq));
simd('ixx imx', '-', 'sha1rnds4');
simd('xx mx', '-', qw(sha1nexte sha1msg1 sha1msg2 sha256msg1 sha256msg2));
# sha256rnds2 reads %xmm0 implicitly (it may also be written out first).
simd('xx mx xxx mxx', '-', 'sha256rnds2');

# AVX2 and AVX-512 (F, BW, VL, IFMA, VBMI, VBMI2, VAES, VPCLMULQDQ): VEX/EVEX only.
simd('-', $NDS, qw(
    vpsrlvd vpsrlvq vpsllvd vpsllvq vpsravd vpsravq vprolvd vprolvq vprorvd
    vprorvq vpxord vpxorq vpord vporq vpandd vpandq vpandnd vpandnq vpmullq
    vpermi2b vpermi2w vpermi2d vpermi2q vpermt2b vpermt2w vpermt2d vpermt2q vpermb vpermw
    vpmadd52luq vpmadd52huq vpblendmb vpblendmw vpblendmd vpblendmq
    vpshldvd vpshldvq vpshrdvd vpshrdvq vpminuq vpmaxuq vpminsq vpmaxsq));
simd('-', 'VV mV', 'vpabsq');
simd('-', 'ixxx imxx iyyy imyy', 'vpblendd');
simd('-', 'iVVV imVV', qw(vpternlogd vpternlogq valignd valignq vpshldd vpshldq
                          vpshrdd vpshrdq));
simd('-', 'iVV imV', qw(vprold vprolq vprord vprorq));
simd('-', 'iYY imY YYY mYY', qw(vpermq vpermpd));
simd('-', 'YYY mYY', qw(vpermd vpermps));
simd('-', 'xVV mVV iVV imV', 'vpsraq');
simd('-', 'iyyy imyy', qw(vperm2i128 vperm2f128));
simd('-', 'iYYY imYY', qw(vshufi64x2 vshufi32x4 vshuff64x2 vshuff32x4));
simd('-', 'ixyy imyy', qw(vinserti128 vinsertf128));
simd('-', 'iyx iym', qw(vextracti128 vextractf128));
simd('-', 'ixYY imYY', qw(vinserti32x4 vinserti64x2));
simd('-', 'iyzz imzz', qw(vinserti32x8 vinserti64x4));
simd('-', 'iYx iYm', qw(vextracti32x4 vextracti64x2));
simd('-', 'izy izm', qw(vextracti32x8 vextracti64x4));
simd('-', 'xV mV dV', qw(vpbroadcastb vpbroadcastw vpbroadcastd));
simd('-', 'xV mV qV', 'vpbroadcastq');
simd('-', 'xV mV', 'vbroadcastss');
simd('-', 'xY mY', 'vbroadcastsd');
simd('-', 'my', 'vbroadcasti128');
simd('-', 'mY', qw(vbroadcasti32x4 vbroadcasti64x2));
simd('-', 'mz', qw(vbroadcasti32x8 vbroadcasti64x4));
simd('-', 'mxx xxm myy yym', qw(vpmaskmovd vpmaskmovq));
simd('-', 'VV mV Vm', qw(vmovdqu8 vmovdqu16 vmovdqu32 vmovdqu64 vmovdqa32 vmovdqa64));
simd('-', 'iVVk imVk', qw(vpcmpb vpcmpub vpcmpw vpcmpuw vpcmpd vpcmpud vpcmpq vpcmpuq));
simd('-', 'VVk mVk', qw(vptestmb vptestmw vptestmd vptestmq vptestnmb vptestnmw vptestnmd
                        vptestnmq));
simd('-', 'VV Vm', qw(vpcompressd vpcompressq));
# Down-converting moves (truncating, signed- and unsigned-saturating): the
# destination holds half, a quarter or an eighth of the source's bits (xmm at least).
my @DOWN2 = qw(vpmovqd vpmovsqd vpmovusqd vpmovdw vpmovsdw vpmovusdw vpmovwb vpmovswb vpmovuswb);
my @DOWN4 = qw(vpmovqw vpmovsqw vpmovusqw vpmovdb vpmovsdb vpmovusdb vpmovqb vpmovsqb vpmovusqb);
simd('-', 'zy yx xx zm ym xm', @DOWN2);
simd('-', 'zx yx xx zm ym xm', @DOWN4);
simd('-', 'VV mV', qw(vpexpandd vpexpandq));
# Opmask instructions: the letter after the operation is the mask width.
for my $w (qw(b w d q)) {
    my $g = $w eq 'q' ? 'q' : 'd';
    simd('-', "kk mk km ${g}k k$g", "kmov$w");
    simd('-', 'kkk', map { "k$_$w" } qw(and andn or xor xnor add));
    simd('-', 'kk', map { "k$_$w" } qw(not ortest test));
    simd('-', 'ikk', map { "k$_$w" } qw(shiftl shiftr));
}
simd('-', 'kkk', qw(kunpckbw kunpckwd kunpckdq));

# SSE4.2 crc32 (size suffix b w l q: the source's width) is checked in Insns.pm:
# its destination is r32 or r64 whatever the source.

# Words for the classes, for error messages.
my %WORD = (i => 'imm', m => 'mem', b => 'label', R => '*reg', M => '*mem', r => 'reg',
            c => '%cl', d => 'r32', q => 'r64', h => 'r8/r16', x => 'xmm', y => 'ymm',
            z => 'zmm', k => 'k');
sub form_names {
    my ($sig) = @_;
    return $sig eq '' ? 'no operands' : join(',', map { $WORD{$_} // $_ } split //, $sig);
}

1;
