# SPDX-License-Identifier: Apache-2.0
# The ARMv7 (ARM state, NEON/VFP) instruction table of arm-xlate.pl: every
# mnemonic the dialect accepts, its data types and operand forms (patterns:
# Arm/Forms.pm).  One table for linux32 (GNU as) and ios32 (clang); what is
# not here is refused on both.
#
# Core instructions take a condition (UAL order: `adds` + `eq` = `addseq`)
# and, where marked, the S suffix.  NEON instructions are unconditional in
# ARM state and take the data types of the ARM ARM; a more specific type is
# accepted as both assemblers do (and encode alike): an `.iN` type also as
# `.sN`/`.uN`, an untyped `.N` also as `.iN`/`.sN`/`.uN`.  Floating-point
# arithmetic is not part of the dialect yet.
package Arm::InsnsA32;
use strict;
use warnings;
use Exporter 'import';
our @EXPORT = qw(%A32_INSNS %A32_SETFLAGS %A32_NOCOND);

# base => { data type ('' none) => [forms] }; base => 1 (S suffix allowed / no condition)
our (%A32_INSNS, %A32_SETFLAGS, %A32_NOCOND);

# Data types: I (iN, also sN/uN), N (N, also iN/sN/uN), SU (sN, uN), S, U, P.
sub dts {
    my ($class, @sizes) = @_;
    my %spell = (I => ['i', 's', 'u'], N => ['', 'i', 's', 'u'], SU => ['s', 'u'], S => ['s'],
                 U => ['u'], P => ['p']);
    return map { my $n = $_; map { "$_$n" } @{ $spell{$class} } } @sizes;
}

sub core {
    my ($names, $flags, @forms) = @_;
    for (split ' ', $names) {
        push @{ $A32_INSNS{$_}{''} }, @forms;
        $A32_SETFLAGS{$_} = 1 if $flags =~ /s/;
        $A32_NOCOND{$_} = 1 if $flags =~ /n/;
    }
}

sub neon {
    my ($names, $types, @forms) = @_;
    for my $n (split ' ', $names) { push @{ $A32_INSNS{$n}{$_} }, @forms for @$types; }
}

my @Q3 = ('fq,fq,fq', 'fd,fd,fd');
my @Q2 = ('fq,fq', 'fd,fd');
my @QI = ('fq,fq,i', 'fd,fd,i');
my @DP = ('r,r,i', 'r,r,r', 'r,r,r,sha', 'r,i', 'r,r');

# --- core
core('and eor sub rsb add adc sbc rsc orr bic', 's', @DP);
core('add sub', 's', 'r,rs,i', 'rs,rs,i', 'r,rs,r', 'r,rs,r,sha');
core('mov mvn', 's', 'r,i', 'r,r', 'r,r,sha');
core('mov', 's', 'r,rs');
core('movw movt', '', 'r,i');
core('cmp cmn tst teq', '', 'r,i', 'r,r', 'r,r,sha');
core('cmp', '', 'rs,i', 'rs,rs');
core('lsl lsr asr ror', 's', 'r,r,i', 'r,r,r');
core('rrx', 's', 'r,r');
core('mul', 's', 'r,r,r');
core('mla', 's', 'r,r,r,r');
core('mls umaal', '', 'r,r,r,r');
core('umull smull umlal smlal', 's', 'r,r,r,r');
core('clz rev rev16 revsh rbit', '', 'r,r');
core('uxtb uxth sxtb sxth uxtb16 sxtb16', '', 'r,r,ror?');
core('uxtab uxtah sxtab sxtah', '', 'r,r,r,ror?');
core('ubfx sbfx bfi', '', 'r,r,i,i');
core('bfc', '', 'r,i,i');
core('ldr str ldrb strb', '', 'r,ma');
core('ldr', '', 'r,lab');
core('ldrh strh ldrsb ldrsh', '', 'r,mh');
core('ldrd strd', '', 'r,r,mh');
core(join(' ', map { ("ldm$_", "stm$_") } '', qw(ia ib da db fd ea)), '', 'rb,rl');    # clang knows no ed/fa
core('b bl', '', 'lab');
core('bx blx', '', 'r');
core('adr', '', 'r,lab');
core('nop', '', '');
core('bkpt udf', 'n', 'i');
core('dmb dsb isb', 'n', 'opt?');
core('pld', 'n', 'mo');

# --- NEON (and the VFP moves and loads)
neon('vadd vsub', [dts('I', 8, 16, 32, 64)], @Q3, @Q2);
neon('vmul vmla vmls', [dts('I', 8, 16, 32)], @Q3);
neon('vmul vmla vmls', [dts('I', 16, 32)], 'fq,fq,ds', 'fd,fd,ds');
neon('vmul', [dts('P', 8)], @Q3);
# Bitwise operations ignore a data type; both assemblers take (and drop) one.
my @ANY = ('', dts('N', 8, 16, 32, 64));
neon('vand vorr veor vbic', \@ANY, @Q3, @Q2);
neon('vbsl vbit vbif', \@ANY, @Q3);    # clang has no two-operand form
neon('vorn', [''], @Q3);                # nor a typed vorn
neon('vorr vbic vmvn', [dts('I', 16, 32)], 'fq,i', 'fd,i');
neon('vmvn vswp', \@ANY, @Q2);
neon('vmov', [''], @Q2, 'r,r,fd', 'fd,r,r', 'r,fs', 'fs,r');
neon('vmov', [dts('N', 32)], 'r,ds', 'ds,r');
neon('vmov', [dts('N', 8, 16)], 'ds,r');
neon('vmov', [dts('SU', 8, 16)], 'r,ds');
neon('vmov', [dts('I', 8, 16, 32, 64)], 'fq,i', 'fd,i');
neon('vshl', [dts('I', 8, 16, 32, 64)], @QI);
neon('vshl vqshl vrshl vqrshl', [dts('SU', 8, 16, 32, 64)], @Q3);
neon('vshr vrshr vsra vrsra vqshl', [dts('SU', 8, 16, 32, 64)], @QI);
neon('vsli vsri', [dts('N', 8, 16, 32, 64)], @QI);
neon('vshll', [dts('SU', 8, 16, 32), dts('I', 8, 16, 32)], 'fq,fd,i');
neon('vshrn vrshrn', [dts('I', 16, 32, 64)], 'fd,fq,i');
neon('vqshrn vqrshrn', [dts('SU', 16, 32, 64)], 'fd,fq,i');
neon('vqshrun vqrshrun', [dts('S', 16, 32, 64)], 'fd,fq,i');
neon('vmovn', [dts('I', 16, 32, 64)], 'fd,fq');
neon('vqmovn', [dts('SU', 16, 32, 64)], 'fd,fq');
neon('vqmovun', [dts('S', 16, 32, 64)], 'fd,fq');
neon('vmovl', [dts('SU', 8, 16, 32)], 'fq,fd');
neon('vmull vmlal vmlsl', [dts('SU', 8, 16, 32)], 'fq,fd,fd');
neon('vmull vmlal vmlsl', [dts('SU', 16, 32)], 'fq,fd,ds');
neon('vqdmull vqdmlal vqdmlsl', [dts('S', 16, 32)], 'fq,fd,fd', 'fq,fd,ds');
neon('vmull', [dts('P', 8)], 'fq,fd,fd');
neon('vmull', ['p64'], 'fq,fd,fd');                 # .ctasm_arch_ext aes (Arm/Ext.pm)
neon('vaddl vsubl vabdl vabal', [dts('SU', 8, 16, 32)], 'fq,fd,fd');
neon('vaddw vsubw', [dts('SU', 8, 16, 32)], 'fq,fq,fd');
neon('vaddhn vsubhn vraddhn vrsubhn', [dts('I', 16, 32, 64)], 'fd,fq,fq');
neon('vext', [dts('N', 8, 16, 32, 64)], 'fq,fq,fq,i', 'fd,fd,fd,i');
neon('vrev16', [dts('N', 8)], @Q2);
neon('vrev32', [dts('N', 8, 16)], @Q2);
neon('vrev64', [dts('N', 8, 16, 32)], @Q2);
neon('vzip vuzp vtrn', [dts('N', 8, 16, 32)], @Q2);
neon('vtbl vtbx', [dts('N', 8)], 'fd,dl.1-4,fd');
neon('vdup', [dts('N', 8, 16, 32)], 'fq,r', 'fd,r', 'fq,ds', 'fd,ds');
neon('vld1 vst1', [dts('N', 8, 16, 32, 64)], 'dl.1-4,mn');
neon('vld1 vst1', [dts('N', 8, 16, 32)], 'dle.1,mn');
neon('vld1', [dts('N', 8, 16, 32)], 'dla.1-2,mn');
for my $n (2 .. 4) {
    neon("vld$n vst$n", [dts('N', 8, 16, 32)], "dl.$n,mn", "dle.$n,mn");
    neon("vld$n", [dts('N', 8, 16, 32)], "dla.$n,mn");
}
neon('vldm vstm vldmia vstmia', [''], 'rb,dl.1-16');
neon('vldmdb vstmdb', [''], 'rw,dl.1-16');
neon('vldr vstr', [''], 'fd,mvf', 'fs,mvf');
neon('vcnt', [dts('N', 8)], @Q2);
neon('vclz', [dts('I', 8, 16, 32)], @Q2);
neon('vcls vabs vneg vqabs vqneg', [dts('S', 8, 16, 32)], @Q2);
neon('vpadd', [dts('I', 8, 16, 32)], 'fd,fd,fd');
neon('vpmax vpmin', [dts('SU', 8, 16, 32)], 'fd,fd,fd');
neon('vpaddl vpadal', [dts('SU', 8, 16, 32)], @Q2);
neon('vceq', [dts('I', 8, 16, 32)], @Q3, @QI);
neon('vcge vcgt', [dts('SU', 8, 16, 32)], @Q3);
neon('vcge vcgt vcle vclt', [dts('S', 8, 16, 32)], @QI);
neon('vtst', [dts('N', 8, 16, 32)], @Q3);
neon('vmax vmin vhadd vhsub vrhadd vabd vaba', [dts('SU', 8, 16, 32)], @Q3);
neon('vqadd vqsub', [dts('SU', 8, 16, 32, 64)], @Q3);
neon('vqdmulh vqrdmulh', [dts('S', 16, 32)], @Q3, 'fq,fq,ds', 'fd,fd,ds');
neon('aese aesd aesmc aesimc', ['8'], 'fq,fq');     # .ctasm_arch_ext aes (Arm/Ext.pm)

1;
