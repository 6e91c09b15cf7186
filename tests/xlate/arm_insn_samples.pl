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

# ARMv7 field patterns (perlasm/xlate/Arm/ImmA32.pm): samples at the edges of
# each field and of each assembler substitution (add of a negative is sub, and
# of an inverted value bic, mov of a 16-bit value movw), so both assemblers are
# shown to encode them alike.  #LO-HI fields take LO and HI.
my %A32_IMM = (
    bfw => ['#1', '#32'],
    m => ['#1', '#0xf000000f', '#0xff000000', '#0x3fc'],
    mn => ['#1', '#-8', '#0xff000000', '#-1020', '#0x80000000'],
    mi => ['#1', '#-2', '#0xff000000', '#-256'],
    mov => ['#1', '#-1', '#0xffff', '#0x1234', '#0xff000000', '#-257'],
    vmov8 => ['#85', '#0', '#255'], vmov16 => ['#85', '#0xff00', '#0'],
    vmov32 => ['#85', '#0xff000000', '#0x12ff', '#0x12ffff', '#0x8000'],
    vmov64 => ['#0xff00', '#0xffffffffffffffff', '#0'],
    vorr16 => ['#85', '#0xff00'], vorr32 => ['#85', '#0xff000000', '#0x10000'],
);
my @A32_SHIFTS = ('lsl #2', 'ror r8', 'rrx', 'lsl #31', 'lsr #32', 'asr #1', 'ror #31');

# AArch64 field patterns (perlasm/xlate/Arm/ImmA64.pm): samples at the edges of
# each field, so both assemblers are shown to encode the extremes alike.
my %A64_IMM = (
    shx => ['#1', '#63'], shw => ['#1', '#31'], bfx => ['#1', '#63'], bfw => ['#1', '#31'],
    logx => ['#0x5555555555555555', '#-4', '#0x7ffffffffffffffe'], logw => ['#0x0f0f0f0f', '#0x80000000'],
    bicx => ['#1', '#0xffffffff00000000'], bicw => ['#0xfffffffe', '#-2'],
    movx => ['#0x12340000', '#-1', '#0xffffffffffff1234', '#0x5555555555555555', '#0xffff000000000000'],
    movw => ['#0x12340000', '#0xffffffff', '#0x0f0f0f0f', '#0'],
    mask => ['#0xff00ff00ff00ff00', '#0', '#-1'], fp => ['#1.0', '#-0.125', '#31.0', '#2.5'],
);
my %A64_SHIFT = (
    shx => ['lsl #2', 'asr #63'], shw => ['lsr #2', 'asr #31'],
    shrx => ['ror #2', 'ror #63', 'lsl #0'], shrw => ['ror #2', 'ror #31'],
    lsl12 => ['lsl #12', 'lsl #0'], lslmx => ['lsl #16', 'lsl #48'], lslmw => ['lsl #16', 'lsl #0'],
    lslh => ['lsl #8'], lsls => ['lsl #8', 'lsl #24'], msls => ['msl #8', 'msl #16', 'lsl #24'],
    ext => ['uxtw #2', 'sxtx #4', 'uxtb'], extw => ['uxtw #2', 'sxtb #4', 'sxtw'],
    extx => ['lsl #2', 'sxtx #4', 'uxtx'],
);
my %LOG2 = (1 => 0, 2 => 1, 4 => 2, 8 => 3, 16 => 4);
my %BYTES = ('8b' => 8, '4h' => 8, '2s' => 8, '1d' => 8, '16b' => 16, '8h' => 16, '4s' => 16, '2d' => 16,
             b => 1, h => 2, s => 4, d => 8);
my %ES_OF = ('8b' => 1, '16b' => 1, '4h' => 2, '8h' => 2, '2s' => 4, '4s' => 4, '1d' => 8, '2d' => 8);

sub a64_memory {
    my ($p, $form) = @_;
    my ($kind, $n) = $p =~ /^m(u|s|po|p|r|o|vr|v)(\d*)$/ or return;
    return ("[x9, #" . (2 * $n) . "]", "[x9, #" . (4095 * $n) . "]", '[x9, #-256]', '[x9, #255]',
            '[x9, #-256]!', '[x9], #255', '[x9]') if $kind eq 'u';
    return ("[x9, #" . (2 * $n) . "]", "[x9, #" . (4095 * $n) . "]", '[x9]') if $kind eq 's';
    return ("[x9, #" . (2 * $n) . "]", "[x9, #" . (-64 * $n) . "]!", "[x9], #" . (63 * $n), '[x9]')
        if $kind eq 'p';
    return ("[x9, #" . (-64 * $n) . "]", "[x9, #" . (63 * $n) . "]", '[x9]') if $kind eq 'po';
    return ('[x9, #-256]', '[x9, #255]', '[x9]') if $kind eq 'o';
    return ('[x9, x10]', '[x9, w10, uxtw]', "[x9, x10, lsl #$LOG2{$n}]", "[x9, w10, sxtw #$LOG2{$n}]",
            '[x9, x10, sxtx]') if $kind eq 'r';
    # Post-increment by the bytes the first sample of the list transfers.
    my ($lane, $arr, $count) = (split /,/, $form)[0] =~ /^l(e?)\.(\w+)\.(\d+)/;
    my $each = $kind eq 'vr' ? $ES_OF{$arr} : $BYTES{$arr};
    return ('[x9]', '[x9], x10', '[x9], #' . ($count * $each));
}

# Sample text of each pattern (several for memory, lists and optional shifts).
sub samples {
    my ($p, $i, $m, $dt, $form) = @_;
    my $n = $i + 1;
    if ($A64) {
        if ($p =~ /^#(\d+)-(\d+)$/) { return $1 == $2 ? "#$1" : ("#$1", "#$2"); }
        if ($p =~ /^#(\w+)$/) { return @{ $A64_IMM{$1} // die "arm_insn_samples.pl: no sample for '$p'\n" }; }
        return @{ $A64_SHIFT{$p} } if $A64_SHIFT{$p};
        if (my @mem = a64_memory($p, $form)) { return @mem; }
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
        return 'eq' if $p eq 'c';
        return '.Lsample' if $p eq 'lab';
        return $m eq 'prfm' ? 'pldl1keep' : $m eq 'isb' ? 'sy' : 'ish' if $p eq 'opt';
    } else {
        if ($p =~ /^#(\d+)-(\d+)$/) { return $1 == $2 ? "#$1" : ("#$1", "#$2"); }
        if ($p =~ /^#(\w+)$/) { return @{ $A32_IMM{$1} // die "arm_insn_samples.pl: no sample for '$p'\n" }; }
        return 'r' . ($n + 1) if $p eq 'r' || $p eq 'rs';
        return ('r9', 'r9!') if $p eq 'rb';
        return '{r4, r5}' if $p eq 'rl';
        return "$1" . ($n + 1) if $p =~ /^f([sdq])$/;
        return ('d4[1]', 'd4[' . ($1 - 1) . ']') if $p =~ /^ds\.(\d+)$/;
        return ('d4[1]', $1 == 4 ? 'd7[3]' : 'd15[1]') if $p =~ /^dm\.(\d+)$/;
        if ($p =~ /^dl(a|e)?\.(\d+)(?:-(\d+))?(?:\/(\d+))?$/) {
            my @sfx = !defined $1 ? ('') : $1 eq 'a' ? ('[]') : ('[1]', '[' . ($4 - 1) . ']');
            my @counts = grep { defined } ($2, $3);
            return map { my $s = $_; map { '{' . join(', ', map { "d" . (16 + $_) . $s } 0 .. $_ - 1) . '}' } @counts }
                   $sfx[0], grep { $_ ne $sfx[0] } @sfx[1 .. $#sfx];
        }
        return ('[r9, #4]', '[r9, #4]!', '[r9], #4', '[r9, r10]', '[r9, -r10, lsl #2]', '[r9]',
                '[r9, #-4095]', '[r9], #4095', '[r9, r10, lsr #32]', '[r9, -r10, ror #31]!', '[r9, r10, rrx]')
            if $p eq 'ma';
        return ('[r9, #4]', '[r9, #4]!', '[r9], #4', '[r9, r10]', '[r9]', '[r9, #-255]', '[r9], #255') if $p eq 'mh';
        return ('[r9]', '[r9]!', '[r9], r10', map { "[r9:$_]" } split /:/, $1) if $p =~ /^mn:([\d:]*)$/;
        return ('[r9, #4]', '[r9, r10]', '[r9, -r10, lsl #2]', '[r9, #-4095]', '[r9, #4095]', '[r9, r10, asr #32]')
            if $p eq 'mo';
        return 'r9!' if $p eq 'rw';
        return '[r9, #8]' if $p eq 'mvf';
        return '.Lsample' if $p eq 'lab';
        return $m eq 'isb' ? 'sy' : 'ish' if $p eq 'opt';
        return @A32_SHIFTS if $p eq 'sha';
        return ('ror #8', 'ror #24', 'ror #0') if $p eq 'ror';
    }
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

# Calls overwrite the return address, so they go to a second function that
# saves it (the translator refuses a call without it in save=).
my $CALL = $A64 ? qr/^\t(?:bl|blr)\t/ : qr/^\tblx?(?:eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?\t/;
my @calls = map { s/\.Lsample\b/.Lcall/gr } grep { $_ =~ $CALL } @lines;
@lines = grep { $_ !~ $CALL } @lines;

my $c = $A64 ? '//' : '@';
print "$c generated by tests/xlate/arm_insn_samples.pl $isa: one sample per form of the"
    . " instruction table; do not edit\n";
print "\t.ctasm_arch_ext aes\n\t.ctasm_text\n\t.ctasm_proc ${isa}_insn_samples\n.Lsample:\n";
print "$_\n" for @lines;
print "\t.ctasm_ret\n\t.ctasm_endproc\n";    # control must not reach the end (Arm/Reach.pm)
print "\t.ctasm_proc ${isa}_insn_calls, save=" . ($A64 ? 'x29,x30' : 'r4,lr') . "\n.Lcall:\n";
print "$_\n" for @calls;
print "\t.ctasm_ret\n\t.ctasm_endproc\n";
