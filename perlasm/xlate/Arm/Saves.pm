# SPDX-License-Identifier: Apache-2.0
# Callee-saved registers for arm-xlate.pl: a global function returns every
# callee-saved register as it found it, so whatever it, or a function of the
# file it reaches (bl, b, cbz..., .ctasm_adr), writes must be listed in the
# save=/vsave= of one of them on the way.  The x86 translator keeps the same
# rule (X86_64/Analyse.pm).
#
# "Writes" is "mentions", in any width, explicit or in a register-list range
# (a superset is safe and needs no per-form destination table):
#   AArch64  x19-x29 (w19-w29, fp) -> save=;  v8-v15 as b/h/s/d/q/v -> vsave= d8-d15
#            (AAPCS64 keeps only their low 64 bits, but a write of any lane or
#            width counts: deciding which lanes an instruction writes is the
#            kind of per-form knowledge this check avoids)
#   ARMv7    r4-r11 (v1-v8, sb, sl, fp) -> save=;  d8-d15, q4-q7, s16-s31 -> vsave=
package Arm::Saves;
use strict;
use warnings;
use Exporter 'import';
use Arm::Common;
use XlateOutput;
our @EXPORT = qw(note_mentions check_saves);

my %FN;    # name => {global, broken_abi, saved => {reg}, writes => {reg => line}, callees => {name}}

# Callee-saved registers the operand text mentions, as save=/vsave= spell them
# (A64 'x19', 'd8'; A32 'r4', 'd8'), ranges in register lists expanded.
sub mentioned {
    my ($rest) = @_;
    my $t = $rest =~ s/#[^,\]}]*//gr;    # immediates: #8 is no register
    my @regs;
    # {v8.16b-v11.16b}, {r4-r11}, {d8-d15}: every register of the range.
    $t =~ s{(?<![\w.\$])([a-z]+)(\d+)((?:\.\w+)?)\s*-\s*\1(\d+)\3(?![\w\$])}
           {join(',', map { "$1$_$3" } ($2 <= $4 ? ($2 .. $4) : ($2)))}gie;
    while ($t =~ /(?<![\w.\$])([a-z]+)(\d*)(?![\w\$])/gi) {
        my ($p, $n) = (lc $1, $2);
        if ($A64) {
            push @regs, 'x29' if $p eq 'fp' && $n eq '';
            next if $n eq '';
            push @regs, "x$n" if $p =~ /^[xw]$/ && $n >= 19 && $n <= 29;
            push @regs, "d$n" if $p =~ /^[vqdshb]$/ && $n >= 8 && $n <= 15;
        } else {
            my %alias = (sb => 9, sl => 10, fp => 11);
            push @regs, "r$alias{$p}" if $n eq '' && $alias{$p};
            next if $n eq '';
            push @regs, "r$n" if $p eq 'r' && $n >= 4 && $n <= 11;
            push @regs, 'r' . ($n + 3) if $p eq 'v' && $n >= 1 && $n <= 8;
            push @regs, "d$n" if $p eq 'd' && $n >= 8 && $n <= 15;
            push @regs, 'd' . (2 * $n), 'd' . (2 * $n + 1) if $p eq 'q' && $n >= 4 && $n <= 7;
            push @regs, 'd' . ($n >> 1) if $p eq 's' && $n >= 16 && $n <= 31;
        }
    }
    return @regs;
}

# One statement of function $p (parsed .ctasm_proc) with operand text $rest.
my $MENTIONS;    # the cache below, looked up once per flavour (the ISA is fixed by then)

# A new flavour of the input (arm-xlate.pl): nothing recorded for the one before.
sub start_flavour { %FN = (); $MENTIONS = undef; }
sub note_mentions {
    my ($p, $rest) = @_;
    # operand text => [[registers mentioned], [function names]], shared by the flavours
    $MENTIONS //= XlateOutput::cache($A64 ? 'arm-mentions-a64' : 'arm-mentions-a32');
    my $f = $FN{ $p->{name} } //= do {
        my %saved = map { (($A64 ? 'x' : 'r') . $_) => 1 } @{ $p->{save} };
        $saved{"d$_"} = 1 for @{ $p->{vsave} };
        { global => $p->{global}, broken_abi => $p->{broken_abi}, saved => \%saved,
          writes => {}, callees => {} };
    };
    # A file repeats most operand texts: scan each once (the result depends only
    # on the text, the ISA and the function names, all fixed for the input).
    my $m = $MENTIONS->{$rest} //= do {
        my @names;
        while ($rest =~ /(?<![\w.\$])([A-Za-z_]\w*)(?![\w\$])/g) {
            push @names, $1 if $PROC_NAMES{$1};
        }
        [[mentioned($rest)], \@names];
    };
    $f->{writes}{$_} //= $lineno for @{ $m->[0] };
    $f->{callees}{$_} = 1 for grep { $_ ne $p->{name} } @{ $m->[1] };
}

# {reg => line} written by $name or what it reaches and saved by none of them.
sub unsaved {
    my ($name, $busy, $memo) = @_;
    return $memo->{$name} if $memo->{$name};
    my $f = $FN{$name} or return {};
    return {} if $busy->{$name}++;    # a cycle's registers count once
    my %u = %{ $f->{writes} };
    for my $c (sort keys %{ $f->{callees} }) {
        my $cu = unsaved($c, $busy, $memo);
        $u{$_} //= $cu->{$_} for keys %$cu;
    }
    delete @u{ keys %{ $f->{saved} } };
    return $memo->{$name} = \%u;
}

sub check_saves {
    for my $name (sort keys %FN) {
        my $f = $FN{$name};
        next unless $f->{global} && !$f->{broken_abi};
        my $u = unsaved($name, {}, {});    # fresh memo: a cycle is cut where it is entered
        my ($r) = sort { $u->{$a} <=> $u->{$b} || $a cmp $b } keys %$u or next;
        $lineno = $u->{$r};
        my $key = $r =~ /^d/ ? 'vsave' : 'save';
        fail("writes $r, callee-saved, but neither $name nor the function writing it lists it in $key="
             . ($r =~ /^d/ && $A64 ? ' (any width of v' . substr($r, 1) . ' counts)' : ''));
    }
}

1;
