#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# Writes one sample instruction per form of the ARM instruction tables
# (perlasm/xlate/Arm/InsnsA64.pm, InsnsA32.pm): every data type of every
# ARMv7 mnemonic, every form of its first data type, each form with and
# without its optional operands, and each addressing mode.
#
#   perl tests/xlate/arm_insn_samples.pl a64|a32 > tests/xlate/arm/{a64,a32}_insns.s
#
# The output is a golden input (tests/xlate/run_golden.py arm checks it is current): the
# golden runner assembles it for every flavour of the ISA and compares the
# instruction streams, so every form the table accepts is shown to assemble
# alike on GNU as and clang.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../../perlasm/xlate";
use Arm::Common;
use Arm::InsnsA64;
use Arm::InsnsA32;

my $isa = shift // '';
die "usage: arm_insn_samples.pl a64|a32\n" unless $isa eq 'a64' || $isa eq 'a32';
$A64 = $isa eq 'a64';

my %ES_BYTES = (b => 1, h => 2, s => 4, d => 8);

# Immediate for operand $i of mnemonic $m (data type $dt) in form $form.
sub imm {
    my ($m, $dt, $form, $i) = @_;
    my ($size) = $dt =~ /(\d+)$/;
    return '#0' if $m =~ /^(?:cm(?:eq|ge|gt|le|lt)|vc(?:eq|ge|gt|le|lt))$/ && $form =~ /i$/;
    return '#1.0' if $m eq 'fmov';
    return '#0xff00ff00ff00ff00' if $m =~ /^movi$/ && $form =~ /^(?:v2d|fd),/;
    return '#85' if $m =~ /^(?:movi|mvni)$/ || $A64 && $m =~ /^(?:orr|bic)$/ && $form =~ /^v\w+,i/;
    return '#0xff00' if $m =~ /^(?:vmov|vorr|vbic|vmvn)$/ && ($size // 0) == 64;
    return '#85' if $m =~ /^(?:vmov|vorr|vbic|vmvn)$/;
    return "#$size" if $m eq 'vshll' && $dt =~ /^i/;
    return '#0' if $m eq 'vext' && $size == 64 && $form =~ /^fd/;
    return '#1';
}

# Sample text of each pattern (several for memory, lists and optional shifts).
sub samples {
    my ($p, $i, $m, $dt, $form) = @_;
    my $n = $i + 1;
    if ($A64) {
        return "x$n" if $p eq 'x' || $p eq 'xs';
        return "w$n" if $p eq 'w' || $p eq 'ws';
        return "v$n.$1" if $p =~ /^v(\w+)$/;
        return "v$n.$1\[1]" if $p =~ /^e([bhsd])$/;
        return "$1$n" if $p =~ /^f([bhsdq])$/;
        if ($p =~ /^l(e?)\.(\w+)\.(\d+)(?:-(\d+))?$/) {
            my ($lane, $arr) = ($1 ? '[1]' : '', $2);
            return map { '{' . join(', ', map { "v" . (4 + $_) . ".$arr" } 0 .. $_ - 1) . "}$lane" }
                   grep { defined } ($3, $4);
        }
        return ('[x9, #16]', '[x9, #16]!', '[x9], #16', '[x9]') if $p eq 'mi';
        return ('[x9, #16]', '[x9]') if $p eq 'mo';
        return ('[x9, x10]', '[x9, w10, uxtw]') if $p eq 'mr';
        return ('[x9]', '[x9], x10') if $p eq 'mv';
        return 'eq' if $p eq 'c';
        return '.Lsample' if $p eq 'lab';
        return $m eq 'prfm' ? 'pldl1keep' : $m eq 'isb' ? 'sy' : 'ish' if $p eq 'opt';
        return 'lsl #2' if $p eq 'sh';
        return 'ror #2' if $p eq 'shr';
        return $form =~ /,w,ext/ ? 'uxtw #2' : 'lsl #2' if $p eq 'ext';
        return $m =~ /^mov[zkn]$/ ? 'lsl #16' : $m =~ /^(?:add|sub|adds|subs|cmp|cmn)$/ ? 'lsl #12' : 'lsl #8'
            if $p eq 'lsl';
        return 'msl #8' if $p eq 'msl';
    } else {
        return 'r' . ($n + 1) if $p eq 'r' || $p eq 'rs';
        return ('r9', 'r9!') if $p eq 'rb';
        return '{r4, r5}' if $p eq 'rl';
        return "$1" . ($n + 1) if $p =~ /^f([sdq])$/;
        return 'd4[1]' if $p eq 'ds';
        if ($p =~ /^dl(a|e)?\.(\d+)(?:-(\d+))?$/) {
            my $sfx = !defined $1 ? '' : $1 eq 'a' ? '[]' : '[1]';
            return map { '{' . join(', ', map { "d" . (16 + $_) . $sfx } 0 .. $_ - 1) . '}' }
                   grep { defined } ($2, $3);
        }
        return ('[r9, #4]', '[r9, #4]!', '[r9], #4', '[r9, r10]', '[r9, -r10, lsl #2]', '[r9]') if $p eq 'ma';
        return ('[r9, #4]', '[r9, #4]!', '[r9], #4', '[r9, r10]', '[r9]') if $p eq 'mh';
        return ('[r9]', '[r9]!', '[r9], r10') if $p eq 'mn';
        return ('[r9, #4]', '[r9, r10]', '[r9, -r10, lsl #2]') if $p eq 'mo';
        return 'r9!' if $p eq 'rw';
        return '[r9, #8]' if $p eq 'mvf';
        return '.Lsample' if $p eq 'lab';
        return $m eq 'isb' ? 'sy' : 'ish' if $p eq 'opt';
        return ('lsl #2', 'ror r8', 'rrx') if $p eq 'sha';
        return 'ror #8' if $p eq 'ror';
    }
    return imm($m, $dt, $form, $i) if $p eq 'i';
    die "arm_insn_samples.pl: no sample for pattern '$p' ($m)\n";
}

# Operand lists of a form: the first sample of every pattern, then each other
# sample of one pattern at a time; with and without the optional tail.
sub operand_lists {
    my ($m, $dt, $form) = @_;
    my @pats = split /,/, $form;
    my @s = map { [samples($pats[$_] =~ s/\?$//r, $_, $m, $dt, $form)] } 0 .. $#pats;
    my @lists = ([map { $_->[0] } @s]);
    for my $i (0 .. $#s) {
        for my $alt (@{ $s[$i] }[1 .. $#{ $s[$i] }]) {
            my @l = map { $_->[0] } @s;
            $l[$i] = $alt;
            push @lists, \@l;
        }
    }
    my ($first_opt) = grep { $pats[$_] =~ /\?$/ } 0 .. $#pats;
    push @lists, [map { $_->[0] } @s[0 .. $first_opt - 1]] if defined $first_opt;
    return @lists;
}

my @lines;
sub insn { my ($op, $ops) = @_; push @lines, "\t$op" . (@$ops ? "\t" . join(', ', @$ops) : ''); }

if ($A64) {
    for my $m (sort keys %A64_INSNS) {
        my $op = $m eq 'b.cond' ? 'b.ne' : $m;
        for my $f (@{ $A64_INSNS{$m} }) { insn($op, $_) for operand_lists($m, '', $f); }
    }
} else {
    for my $m (sort keys %A32_INSNS) {
        my @dts = sort keys %{ $A32_INSNS{$m} };
        for my $k (0 .. $#dts) {
            my $dt = $dts[$k];
            my @forms = @{ $A32_INSNS{$m}{$dt} };
            @forms = ($forms[0]) if $k;    # all forms for the first data type only
            my $op = $m . ($dt eq '' ? '' : ".$dt");
            for my $f (@forms) { insn($op, $_) for operand_lists($m, $dt, $f); }
        }
        next if $m =~ /^v|^aes/;
        my @f0 = operand_lists($m, '', $A32_INSNS{$m}{''}[0]);
        insn("${m}s", $f0[0]) if $A32_SETFLAGS{$m};
        next if $A32_NOCOND{$m};
        insn("${m}ne", $f0[0]);
        insn("${m}sne", $f0[0]) if $A32_SETFLAGS{$m};
    }
}
# Drop duplicates (a sample can stand for several forms).
my %seen;
@lines = grep { !$seen{$_}++ } @lines;

my $c = $A64 ? '//' : '@';
print "$c generated by tests/xlate/arm_insn_samples.pl $isa: one sample per form of the"
    . " instruction table; do not edit\n";
print "\t.ctasm_arch_ext aes\n\t.ctasm_text\n\t.ctasm_proc ${isa}_insn_samples\n.Lsample:\n";
print "$_\n" for @lines;
print "\t.ctasm_endproc\n";
