# SPDX-License-Identifier: Apache-2.0
# Operand forms of the instruction tables (Arm/InsnsA64.pm, Arm/InsnsA32.pm)
# and their matching against classified operands (Arm/Operands.pm).
#
# A form is a comma list of operand patterns; a trailing '?' makes a pattern
# (and every later one) optional.  Patterns:
#   x w        AArch64 64/32-bit register or xzr/wzr      xs ws  ... or sp/wsp
#   r          ARMv7 r0-r12, lr   rs  ... or sp   rb  rs with optional '!'   rw  with '!'
#   v16b v4s   AArch64 vector with that arrangement (any of 8b 16b 4h 8h 2s 4s 1d 2d 1q)
#   eb eh es ed  AArch64 vector element (index checked against the size)
#   fb fh fs fd fq  scalar SIMD/FP register of that size (ARMv7: fs fd fq)
#   ds         ARMv7 d register lane d0[1]
#   l.ARR.N-M  AArch64 list of N..M consecutive vectors of arrangement ARR
#   le.S.N-M   AArch64 lane list {v0.s, v1.s}[1]
#   dl.N-M     ARMv7 list of N..M consecutive d registers; dla (all lanes
#              {d0[]}), dle (one lane {d0[1]}); rl core register list
#   mu mp mo ms mr mv  AArch64 memory (Arm/ImmA64.pm): ldr/str, pairs,
#              ldur, prfm, register offset, SIMD structures
#   ma mh mn mvf mo  ARMv7 memory: ldr/str (imm or shifted register, pre/post);
#              ldrh/ldrd (no shift); NEON [rN{:align}]{!} or post register;
#              vldr [rN{, #imm}]; pld (offset only)
#   c          condition   lab  .L label or function of the file
#   sha        ARMv7 shift: lsl/lsr/asr/ror by #n or register, or rrx
#   ror        ARMv7 ror #n
#   opt        a named option (barriers, prefetch)
# AArch64 immediates (#...), shifts and extends, and memory patterns carry
# their field: Arm/ImmA64.pm lists them (e.g. `#0-4095`, `#logx`, `shx`,
# `lsl12`, `mu8`, `mp16`, `mv`).
# ARMv7 immediates (#...), lanes and alignments carry theirs too:
# Arm/ImmA32.pm lists them (e.g. `#0-65535`, `#mn`, `#vmov32`, `ds.4`,
# `dm.2`, `dle.1/8`, `mn:64:128`); `sha`, `ror`, `ma` and `mo` shift amounts
# are checked there as well.
package Arm::Forms;
use strict;
use warnings;
use Exporter 'import';
use Arm::Common;
use Arm::ImmA64;
use Arm::ImmA32;
our @EXPORT = qw(match_forms);

# Why the last match failed on a field (an immediate out of range ...), when a
# form matched in every operand's kind; reported by Arm/Insns.pm.
our $WHY;

# A field check (Arm/ImmA64.pm; ARMv7 float literals): undef fits, '' wrong shape, else the reason.
sub field {
    my ($why) = @_;
    return 1 unless defined $why;
    $WHY //= $why if $why ne '';
    return 0;
}

my %ES_LANES = (b => 16, h => 8, s => 4, d => 2);

# An ARMv7 immediate offset must fit its field, or GNU as and clang encode
# (or refuse) it differently: ldr/str/ldrb -4095..4095, ldrh/ldrd/ldrsb
# -255..255, vldr/vstr a multiple of 4 in -1020..1020. Offsets are plain
# integers by now (Arm/Expr.pm evaluated them); anything else is refused.
my %A32_OFFSET_MAX = (ma => 4095, mh => 255, mvf => 1020, mo => 4095);
sub a32_offset_ok {
    my ($text, $p) = @_;
    my $max = $A32_OFFSET_MAX{$p} // return 1;
    my ($neg, $num) = $text =~ /^#\s*([-+]?)\s*(0x[0-9a-fA-F]+|\d+)\s*$/ or return 0;
    return 0 if length($num) > 10;
    my $v = $num =~ /^0x/i ? hex($num) : $num + 0;
    return 0 if $v > $max;
    return $p ne 'mvf' || $v % 4 == 0;
}

sub consecutive {
    my ($regs, $mod) = @_;
    for my $i (1 .. $#$regs) { return 0 unless $regs->[$i] == ($regs->[$i - 1] + 1) % $mod; }
    return 1;
}

sub count_ok {
    my ($n, $range) = @_;
    my ($lo, $hi) = $range =~ /^(\d+)(?:-(\d+))?$/;
    return $n >= $lo && $n <= ($hi // $lo);
}

sub a64_base_ok { my ($b) = @_; return $b->{w} == 64 && !$b->{zr}; }
sub a32_base_ok { my ($b) = @_; return !$b->{pc}; }

sub pat_ok {
    my ($p, $o, $ops, $i) = @_;
    my $k = $o->{k};
    return $k eq 'r' && $o->{w} == 64 && !$o->{sp} if $p eq 'x';
    return $k eq 'r' && $o->{w} == 32 && !$o->{sp} if $p eq 'w';
    return $k eq 'r' && $o->{w} == 64 && !$o->{zr} if $p eq 'xs';
    return $k eq 'r' && $o->{w} == 32 && !$o->{zr} if $p eq 'ws';
    return $k eq 'r' && !$o->{sp} && !$o->{pc} && !$o->{wb} if $p eq 'r';
    return $k eq 'r' && !$o->{pc} && !$o->{wb} if $p eq 'rs';
    return $k eq 'r' && !$o->{pc} if $p eq 'rb';
    return $k eq 'r' && !$o->{pc} && $o->{wb} if $p eq 'rw';
    return $k eq 'v' && $o->{arr} eq $1 if $p =~ /^v(\w+)$/;
    return $k eq 'e' && $o->{es} eq $1 && $o->{idx} < $ES_LANES{$1} if $p =~ /^e([bhsd])$/;
    return $k eq 'f' && $o->{sz} eq $1 if $p =~ /^f([bhsdq])$/;
    return $k eq 'ds' && $o->{idx} < 8 if $p eq 'ds';    # the data type limits it further
    return $k eq 'ds' && field(Arm::ImmA32::lane_why($p, $o)) if $p =~ /^d[sm]\.\d+$/;
    if ($p =~ /^l\.(\w+)\.([\d-]+)$/) {
        return $k eq 'l' && !defined $o->{lane} && ($o->{arr} // '') eq $1
            && count_ok(scalar @{ $o->{regs} }, $2) && consecutive($o->{regs}, 32);
    }
    if ($p =~ /^le\.([bhsd])\.([\d-]+)$/) {
        return $k eq 'l' && defined $o->{lane} && ($o->{arr} // '') eq $1 && $o->{lane} < $ES_LANES{$1}
            && count_ok(scalar @{ $o->{regs} }, $2) && consecutive($o->{regs}, 32);
    }
    if ($p =~ /^dl(a|e)?\.([\d-]+)(?:\/(\d+))?$/) {
        my ($v, $lanes) = ($1 // '', $3);
        return 0 if defined $lanes && $k eq 'l' && defined $o->{lane}
            && !field($o->{lane} < $lanes ? undef : "lane [$o->{lane}] out of range: this data type has lanes 0.." . ($lanes - 1));
        return 0 unless $k eq 'l' && ($o->{rk} // '') eq 'd' && count_ok(scalar @{ $o->{regs} }, $2)
            && consecutive($o->{regs}, 1000) && $o->{regs}[-1] < 32;
        return $v eq 'a' ? $o->{all} : $v eq 'e' ? defined $o->{lane} : !$o->{all} && !defined $o->{lane};
    }
    return $k eq 'l' && ($o->{rk} // '') eq 'r' && !grep({ $_ == 13 || $_ == 15 } @{ $o->{regs} })
        if $p eq 'rl';
    if ($k eq 'm') {
        my ($imm, $reg, $mode) = (exists $o->{imm}, exists $o->{reg}, $o->{mode});
        if ($A64) {
            return 0 unless a64_base_ok($o->{base}) && !exists $o->{align} && !$o->{neg};
            return field(Arm::ImmA64::mem_why($p, $o, $ops->[0]));
        }
        return 0 unless a32_base_ok($o->{base});
        return 0 if $imm && !a32_offset_ok($o->{imm}, $p);
        my $step = $mode eq 'off' || $imm || $reg;    # [rN]! is NEON-only
        return $step && !exists $o->{align} && (!$reg || !$o->{reg}{sp} && !$o->{reg}{pc})
            && field(Arm::ImmA32::mem_why($p, $o)) if $p eq 'ma';
        return $step && !exists $o->{align} && !$o->{shift} && (!$reg || !$o->{reg}{sp} && !$o->{reg}{pc}) if $p eq 'mh';
        return !$imm && !$o->{neg} && !$o->{shift} && !$o->{base}{sp}
            && ($mode ne 'post' || !$o->{reg}{sp} && !$o->{reg}{pc})
            && (!exists $o->{align} || $o->{align} =~ /^(?:16|32|64|128|256)$/)
            && field(Arm::ImmA32::mem_why($p, $o)) if $p =~ /^mn(?::|$)/;
        return $mode eq 'off' && !$reg && !exists $o->{align} if $p eq 'mvf';
        return $mode eq 'off' && !exists $o->{align} && (!$reg || !$o->{reg}{sp} && !$o->{reg}{pc})
            && field(Arm::ImmA32::mem_why($p, $o)) if $p eq 'mo';
        return 0;
    }
    if ($A64 && $p =~ /^#/) {
        return $k eq 'i' && field(Arm::ImmA64::imm_why($p, $o, $i ? $ops->[$i - 1] : undef));
    }
    if (!$A64 && $p =~ /^#/) {    # an A32 field (Arm/ImmA32.pm)
        return $k eq 'i' && field(Arm::ImmA32::imm_why($p, $o, $i ? $ops->[$i - 1] : undef));
    }
    return $k eq 'c' if $p eq 'c';
    return $k eq 'lab' if $p eq 'lab';
    return $k eq 'name' if $p eq 'opt';
    if ($k eq 'sh') {
        my ($op, $amt) = ($o->{op}, $o->{amt});
        my $imm = defined $amt && $amt =~ /^#/;
        return field(Arm::ImmA64::shift_why($p, $o)) if $A64;
        return $imm && $op eq 'ror' && field(Arm::ImmA32::shift_why($p, $o)) if $p eq 'ror';
        if ($p eq 'sha') {
            return !defined $amt if $op eq 'rrx';
            return 0 unless $op =~ /^(?:lsl|lsr|asr|ror)$/ && defined $amt;
            return field(Arm::ImmA32::shift_why($p, $o)) if $imm;
            my $r = Arm::Operands::gpr($amt);
            return $r && !$r->{sp} && !$r->{pc};
        }
    }
    return 0;
}

# Compiled forms: [ [pattern, optional], ... ].
my %COMPILED;
sub compile {
    my ($f) = @_;
    return $COMPILED{$f} //= [map { [s/\?$//r, /\?$/ ? 1 : 0] } split /,/, $f];
}

sub form_ok {
    my ($form, $ops) = @_;
    my $pats = compile($form);
    return 0 if @$ops > @$pats;
    for my $i (0 .. $#$pats) {
        my ($p, $opt) = @{ $pats->[$i] };
        if ($i >= @$ops) { return $opt; }
        return 0 unless pat_ok($p, $ops->[$i], $ops, $i);
    }
    return 1;
}

# True if the operands match one of the forms.
sub match_forms {
    my ($forms, $ops) = @_;
    $WHY = undef;
    for my $f (@$forms) { return 1 if form_ok($f, $ops); }
    return 0;
}

1;
