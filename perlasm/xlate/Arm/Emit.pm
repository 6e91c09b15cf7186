# SPDX-License-Identifier: Apache-2.0
# Per-flavour printing of symbols, notes and ordinary statements for arm-xlate.pl.
package Arm::Emit;
use strict;
use warnings;
use Exporter 'import';
use Arm::Common;
use Arm::Keywords qw($COND is_keyword);
use Xlate::Labels qw($LABEL $IS_LABEL);
use XlateOutput;
our @EXPORT = qw(proc_begin proc_end check_branch check_operand_names %BRANCH_USE
                 translate_operands %LABEL_DEF %LABEL_USE %PASS_DIRECTIVES);


sub proc_begin {
    my ($p) = @_;
    my $n = sym($p->{name});
    my @o;
    if ($F->{obj} eq 'elf') {
        push @o, ".globl $n", ".hidden $n" if $p->{global};
        push @o, ".type $n, %function";
    } elsif ($F->{obj} eq 'macho') {
        push @o, ".globl $n", ".private_extern $n" if $p->{global};
    } else {
        # COFF: storage class 2 = external, 3 = static; type 32 = function.
        push @o, ".def $n", '.scl ' . ($p->{global} ? 2 : 3), '.type 32', '.endef';
        push @o, ".globl $n" if $p->{global};
    }
    push @o, '.p2align 2';
    push @o, "$n:";
    push @o, '.seh_proc ' . $n if $F->{seh};
    push @o, '.fnstart' if $F->{ehabi};
    push @o, '.cfi_startproc' if $F->{cfi};
    return @o;
}

sub proc_end {
    my ($p) = @_;
    my $n = sym($p->{name});
    my @o;
    push @o, '.cfi_endproc' if $F->{cfi};
    push @o, '.fnend' if $F->{ehabi};
    push @o, '.seh_endproc' if $F->{seh};
    push @o, ".size $n, .-$n" if $F->{obj} eq 'elf';
    return @o;
}

# ---------------------------------------------------------------------------
# Ordinary statements: rename local labels and (on Apple) function names,
# refuse what cannot be made portable.

our (%LABEL_DEF, %LABEL_USE);

# Branches may only reach local labels and functions of this file: anything
# else would need per-flavour symbol spelling (and a PLT/veneer story).
my $BRANCH = qr/^(?:b|bl|blx|b\.\w+|b$COND|bl\w\w|cbz|cbnz|tbz|tbnz)$/i;
my $REG = qr/^(?:[rxw]\d+|lr|ip|sp|pc|fp|sb|sl|xzr|wzr)$/i;
our %BRANCH_USE;    # .L label => [function, line] of each branch to it
my %IS_BRANCH;       # mnemonic => whether it matches $BRANCH
sub check_branch {
    my ($op, $rest, $fn) = @_;
    return unless $IS_BRANCH{$op} //= $op =~ $BRANCH ? 1 : 0;
    my ($target) = $rest =~ /([^,\s]+)\s*$/ or return;
    if ($target =~ $REG) {
        return if lc $op eq 'blx';
        fail("'$op $target': a branch to a register is written " . ($A64 ? 'br/blr' : 'bx/blx'));
    }
    if ($target =~ $IS_LABEL) {
        push @{ $BRANCH_USE{$target} }, [$fn, $lineno];
        return;
    }
    fail("branch to '$target', which is not a function of this file (.ctasm_proc) or a .L label")
        unless $PROC_NAMES{$target};
}

# Names in instruction operands: registers, operand keywords, .L labels and
# functions of this file; anything else would be an external symbol (or a
# preprocessor macro on some flavour).
my $A64_REGNAME = qr/^(?:[xwvqdshbz]\d{1,2}(?:\.\d*[bhsdq])?|p\d{1,2}(?:\.[bhsd])?|w?sp|[xw]zr|fp|lr|ip[01])$/i;
my $A32_REGNAME = qr/^(?:r\d{1,2}|sp|lr|pc|ip|fp|sb|sl|a[1-4]|v[1-8]|[dsq]\d{1,2}|(?:apsr|cpsr|spsr)(?:_\w+)?|fpscr|fpexc|fpsid|mvfr[012])$/i;
# Operand texts that passed (the check depends on the ISA and the function names).
sub check_operand_names {
    my ($op, $rest) = @_;
    my $ok = XlateOutput::cache($A64 ? 'arm-names-a64' : 'arm-names-a32');
    return if $ok->{$rest};
    my $t = $rest =~ s/#[^,\]}]*//gr;    # immediates were checked by Arm::Expr
    while ($t =~ /(?<![\w.\$])([A-Za-z_.\$][\w.\$]*)/g) {
        my $n = $1;
        next if $n =~ ($A64 ? $A64_REGNAME : $A32_REGNAME) || is_keyword($n);
        next if $n =~ $IS_LABEL || $PROC_NAMES{$n};
        fail("operand '$n' is neither a register nor a .L label or function of this file"
             . " (external symbols are not part of the dialect)");
    }
    $ok->{$rest} = 1;
}

# Text => [translation, .L labels it uses]: the translation depends only on the
# text, the flavour and the function names, all fixed for the flavour.
my %TRANSLATED;

# A new flavour of the input (arm-xlate.pl runs every flavour in one process):
# the labels, branches and translations of the one before are forgotten.
sub start_flavour { %LABEL_DEF = %LABEL_USE = %BRANCH_USE = %TRANSLATED = (); }
sub translate_operands {
    my ($s) = @_;
    my $t = $TRANSLATED{$s} //= [translate_text($s), [$s =~ /(?<![\w.\$])($LABEL)/g]];
    $LABEL_USE{$_} //= $lineno for @{ $t->[1] };
    return $t->[0];
}

# The identifiers among the function names as one alternation (undef for none):
# each whole word of a text that is one, as a match of every word tested against
# %PROC_NAMES would find it, in one pass. Made again when the names change.
my ($NAMES_RE, $NAMES_N) = (undef, -1);
sub proc_names_re {
    my $n = keys %PROC_NAMES;
    return $NAMES_RE if $n == $NAMES_N;
    my @w = sort grep { /^[A-Za-z_]\w*$/ } keys %PROC_NAMES;
    $NAMES_N = $n;
    return $NAMES_RE = @w ? join('|', map { quotemeta } @w) : undef;
}

sub translate_text {
    my ($s) = @_;
    # Strings are data; leave them alone.
    my @parts = split /("(?:[^"\\]|\\.)*")/, $s;
    for my $i (0 .. $#parts) {
        next if $i % 2;
        local $_ = $parts[$i];
        fail("x18/w18 is reserved on Apple and Windows; use another register")
            if /(?<![\w.\$])[xw]18(?![\w\$])/i;
        fail("use .ctasm_adr for addresses of constants") if /:lo12:|\@PAGE|\badrp\b/i;
        s/(?<![\w.\$])($LABEL)/$F->{lbl} . substr($1, 2)/ge if index($_, '.L') >= 0;
        if ($F->{sym} ne '' && (my $names = proc_names_re())) {
            s/(?<![\w.\$])($names)(?![\w\$])/$F->{sym}$1/g;
        }
        $parts[$i] = $_;
    }
    return join '', @parts;
}

our %PASS_DIRECTIVES = map { $_ => 1 } qw(
    .byte .hword .short .word .long .int .quad .dword .octa .ascii .asciz .string
    .inst .space .skip .zero .fill .ltorg
);

1;
