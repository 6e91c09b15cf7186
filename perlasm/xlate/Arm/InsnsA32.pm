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
#
# Every immediate, shift amount, lane and structure alignment names its field
# (`#mn`, `#1-8`, `ds.2`, `mn:64:128`; Arm/ImmA32.pm), so the ranges and
# the assembler substitutions both assemblers make alike are checked here,
# per data type where the size decides them (neon() forms given as subs).
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

# A form may be a sub: called with the element size of each data type (undef
# for none), it returns that type's forms (the fields that depend on the size:
# Arm/ImmA32.pm).
sub neon {
    my ($names, $types, @forms) = @_;
    for my $n (split ' ', $names) {
        for my $t (@$types) {
            my ($size) = $t =~ /(\d+)$/;
            push @{ $A32_INSNS{$n}{$t} }, map { ref $_ ? $_->($size) : $_ } @forms;
        }
    }
}

my @Q3 = ('fq,fq,fq', 'fd,fd,fd');
my @Q2 = ('fq,fq', 'fd,fd');
my @QZ = ('fq,fq,#0-0', 'fd,fd,#0-0');    # compare with zero
# Shift by immediate with the amount range LO-HI (a sub for neon()).
sub qi { my ($range) = @_; return sub { my $r = $range->($_[0]); ("fq,fq,#$r", "fd,fd,#$r") }; }
# Data processing with the immediate field of the mnemonic (Arm/ImmA32.pm).
sub dp { my ($imm) = @_; return ("r,r,$imm", 'r,r,r', 'r,r,r,sha', "r,$imm", 'r,r'); }

# --- core
# Immediates: both assemblers turn add of a negated modified immediate into
# sub, and of an inverted one into bic (adc/sbc, mov/mvn, cmp/cmn likewise),
# and mov of a 16-bit value into movw; movs has no movw.
core('and bic adc sbc', 's', dp('#mi'));
core('add sub', 's', dp('#mn'));
core('eor rsb rsc orr', 's', dp('#m'));
core('add sub', 's', 'r,rs,#mn', 'rs,rs,#mn', 'r,rs,r', 'r,rs,r,sha');
core('mov', '', 'r,#mov', 'r,r', 'r,r,sha', 'r,rs');
core('movs', '', 'r,#mi', 'r,r', 'r,r,sha', 'r,rs');
core('mvn', 's', 'r,#mi', 'r,r', 'r,r,sha');
core('movw movt', '', 'r,#0-65535');
core('cmp cmn', '', 'r,#mn', 'r,r', 'r,r,sha');
core('tst teq', '', 'r,#m', 'r,r', 'r,r,sha');
core('cmp', '', 'rs,#m', 'rs,rs');    # clang has no cmn for cmp sp, #-4
core('lsl', 's', 'r,r,#0-31', 'r,r,r');
core('lsr asr', 's', 'r,r,#1-32', 'r,r,r');
core('ror', 's', 'r,r,#1-31', 'r,r,r');
core('rrx', 's', 'r,r');
core('mul', 's', 'r,r,r');
core('mla', 's', 'r,r,r,r');
core('mls umaal', '', 'r,r,r,r');
core('umull smull umlal smlal', 's', 'r,r,r,r');
core('clz rev rev16 revsh rbit', '', 'r,r');
core('uxtb uxth sxtb sxth uxtb16 sxtb16', '', 'r,r,ror?');
core('uxtab uxtah sxtab sxtah', '', 'r,r,r,ror?');
core('ubfx sbfx bfi', '', 'r,r,#0-31,#bfw');
core('bfc', '', 'r,#0-31,#bfw');
core('ldr str ldrb strb', '', 'r,ma');
core('ldr', '', 'r,lab');
core('ldrh strh ldrsb ldrsh', '', 'r,mh');
core('ldrd strd', '', 'r,r,mh');
core(join(' ', map { ("ldm$_", "stm$_") } '', qw(ia ib da db fd ea)), '', 'rb,rl');    # clang knows no ed/fa
core('b bl', '', 'lab');
core('bx blx', '', 'r');
core('adr', '', 'r,lab');
core('nop', '', '');
core('bkpt udf', 'n', '#0-65535');
core('dmb dsb isb', 'n', 'opt?');
core('pld', 'n', 'mo');

# --- NEON (and the VFP moves and loads)
neon('vadd vsub', [dts('I', 8, 16, 32, 64)], @Q3, @Q2);
neon('vmul vmla vmls', [dts('I', 8, 16, 32)], @Q3);
# By scalar: 16-bit d0-d7[0..3], 32-bit d0-d15[0..1].
my $SC = sub { 'dm.' . 64 / $_[0] };
neon('vmul vmla vmls', [dts('I', 16, 32)], sub { ('fq,fq,' . $SC->(@_), 'fd,fd,' . $SC->(@_)) });
neon('vmul', [dts('P', 8)], @Q3);
# Bitwise operations ignore a data type; both assemblers take (and drop) one.
my @ANY = ('', dts('N', 8, 16, 32, 64));
neon('vand vorr veor vbic', \@ANY, @Q3, @Q2);
neon('vbsl vbit vbif', \@ANY, @Q3);    # clang has no two-operand form
neon('vorn', [''], @Q3);                # nor a typed vorn
neon('vorr vbic', [dts('I', 16, 32)], sub { ("fq,#vorr$_[0]", "fd,#vorr$_[0]") });
neon('vmvn', [dts('I', 16, 32)], sub { ("fq,#vmov$_[0]", "fd,#vmov$_[0]") });
neon('vmvn vswp', \@ANY, @Q2);
neon('vmov', [''], @Q2, 'r,r,fd', 'fd,r,r', 'r,fs', 'fs,r');
# Lanes: d0[0..64/size-1].
my $LANE = sub { 'ds.' . 64 / $_[0] };
neon('vmov', [dts('N', 32)], sub { ('r,' . $LANE->(@_), $LANE->(@_) . ',r') });
neon('vmov', [dts('N', 8, 16)], sub { $LANE->(@_) . ',r' });
neon('vmov', [dts('SU', 8, 16)], sub { 'r,' . $LANE->(@_) });
neon('vmov', [dts('I', 8, 16, 32, 64)], sub { ("fq,#vmov$_[0]", "fd,#vmov$_[0]") });
# Shift amounts (ARM ARM ranges; clang wraps a left shift by the size, GNU as
# rewrites a right shift by 0): left 0..size-1, right 1..size, narrowing
# right 1..size/2, vshll 1..size (.iN: exactly size).
my $LEFT = qi(sub { '0-' . ($_[0] - 1) });
my $RIGHT = qi(sub { "1-$_[0]" });
neon('vshl', [dts('I', 8, 16, 32, 64)], $LEFT);
neon('vshl vqshl vrshl vqrshl', [dts('SU', 8, 16, 32, 64)], @Q3);
neon('vqshl', [dts('SU', 8, 16, 32, 64)], $LEFT);
neon('vshr vrshr vsra vrsra', [dts('SU', 8, 16, 32, 64)], $RIGHT);
neon('vsli', [dts('N', 8, 16, 32, 64)], $LEFT);
neon('vsri', [dts('N', 8, 16, 32, 64)], $RIGHT);
neon('vshll', [dts('SU', 8, 16, 32)], sub { "fq,fd,#1-$_[0]" });
neon('vshll', [dts('I', 8, 16, 32)], sub { "fq,fd,#$_[0]-$_[0]" });
my $NARROW = sub { 'fd,fq,#1-' . $_[0] / 2 };
neon('vshrn vrshrn', [dts('I', 16, 32, 64)], $NARROW);
neon('vqshrn vqrshrn', [dts('SU', 16, 32, 64)], $NARROW);
neon('vqshrun vqrshrun', [dts('S', 16, 32, 64)], $NARROW);
neon('vmovn', [dts('I', 16, 32, 64)], 'fd,fq');
neon('vqmovn', [dts('SU', 16, 32, 64)], 'fd,fq');
neon('vqmovun', [dts('S', 16, 32, 64)], 'fd,fq');
neon('vmovl', [dts('SU', 8, 16, 32)], 'fq,fd');
neon('vmull vmlal vmlsl', [dts('SU', 8, 16, 32)], 'fq,fd,fd');
neon('vmull vmlal vmlsl', [dts('SU', 16, 32)], sub { 'fq,fd,' . $SC->(@_) });
neon('vqdmull vqdmlal vqdmlsl', [dts('S', 16, 32)], 'fq,fd,fd', sub { 'fq,fd,' . $SC->(@_) });
neon('vmull', [dts('P', 8)], 'fq,fd,fd');
neon('vmull', ['p64'], 'fq,fd,fd');                 # .ctasm_arch_ext aes (Arm/Ext.pm)
neon('vaddl vsubl vabdl vabal', [dts('SU', 8, 16, 32)], 'fq,fd,fd');
neon('vaddw vsubw', [dts('SU', 8, 16, 32)], 'fq,fq,fd');
neon('vaddhn vsubhn vraddhn vrsubhn', [dts('I', 16, 32, 64)], 'fd,fq,fq');
# vext: an element index, 0..elements-1; clang has no .64 form on d registers.
neon('vext', [dts('N', 8, 16, 32, 64)], sub {
    ('fq,fq,fq,#0-' . (128 / $_[0] - 1), $_[0] < 64 ? ('fd,fd,fd,#0-' . (64 / $_[0] - 1)) : ()) });
neon('vrev16', [dts('N', 8)], @Q2);
neon('vrev32', [dts('N', 8, 16)], @Q2);
neon('vrev64', [dts('N', 8, 16, 32)], @Q2);
neon('vzip vuzp vtrn', [dts('N', 8, 16, 32)], @Q2);
neon('vtbl vtbx', [dts('N', 8)], 'fd,dl.1-4,fd');
neon('vdup', [dts('N', 8, 16, 32)], 'fq,r', 'fd,r', sub { ('fq,' . $LANE->(@_), 'fd,' . $LANE->(@_)) });
# Structure loads and stores: the alignments each takes (ARM ARM), by the
# number of registers (whole registers) or by the element size (one lane,
# all lanes); a lane index below the lanes of the size.
my %MULTI_ALIGN = (1 => '64', 2 => '64:128', 3 => '64', 4 => '64:128:256');
my %LANE_ALIGN = (1 => { 8 => '', 16 => '16', 32 => '32' }, 2 => { 8 => '16', 16 => '32', 32 => '64' },
                  3 => { 8 => '', 16 => '', 32 => '' }, 4 => { 8 => '32', 16 => '64', 32 => '64:128' });
neon('vld1 vst1', [dts('N', 8, 16, 32, 64)], map { "dl.$_,mn:$MULTI_ALIGN{$_}" } 1 .. 4);
neon('vld1 vst1', [dts('N', 8, 16, 32)], sub { 'dle.1/' . 64 / $_[0] . ",mn:$LANE_ALIGN{1}{$_[0]}" });
neon('vld1', [dts('N', 8, 16, 32)], sub { "dla.1-2,mn:$LANE_ALIGN{1}{$_[0]}" });
for my $n (2 .. 4) {
    neon("vld$n vst$n", [dts('N', 8, 16, 32)], "dl.$n,mn:$MULTI_ALIGN{$n}",
         sub { "dle.$n/" . 64 / $_[0] . ",mn:$LANE_ALIGN{$n}{$_[0]}" });
    neon("vld$n", [dts('N', 8, 16, 32)], sub { "dla.$n,mn:$LANE_ALIGN{$n}{$_[0]}" });
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
neon('vceq', [dts('I', 8, 16, 32)], @Q3, @QZ);
neon('vcge vcgt', [dts('SU', 8, 16, 32)], @Q3);
neon('vcge vcgt vcle vclt', [dts('S', 8, 16, 32)], @QZ);
neon('vtst', [dts('N', 8, 16, 32)], @Q3);
neon('vmax vmin vhadd vhsub vrhadd vabd vaba', [dts('SU', 8, 16, 32)], @Q3);
neon('vqadd vqsub', [dts('SU', 8, 16, 32, 64)], @Q3);
neon('vqdmulh vqrdmulh', [dts('S', 16, 32)], @Q3, sub { ('fq,fq,' . $SC->(@_), 'fd,fd,' . $SC->(@_)) });
neon('aese aesd aesmc aesimc', ['8'], 'fq,fq');     # .ctasm_arch_ext aes (Arm/Ext.pm)

1;
