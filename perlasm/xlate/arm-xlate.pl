#!/usr/bin/env perl
# ARM translator for ctasm perlasm (see docs/PERLASM.md).
#
#   perl arm-xlate.pl FLAVOUR [OUTFILE] < input.S
#
# Input: GNU unified-syntax ARM assembly plus the .ctasm_* pseudo-directives.
# Flavours: linux64, ios64, win64 (AArch64); linux32, ios32 (ARMv7 + NEON).
#
# Pipeline: read every input line (two passes are needed: the CTASM_PREFIX
# block at the top lists every global, and Apple renames calls to functions
# defined later) -> split into statements -> translate each statement.
# Prologues are planned once per function as a list of abstract steps (an IR);
# each step carries its instruction, its inverse and its unwind annotations,
# and the flavour table picks which annotations are printed.  One module each
# under Arm/:
#   Common.pm    shared state: selected flavour, input line, errors, symbol names
#   Flavours.pm  the flavour table (every per-flavour difference)
#   Lex.pm       lines -> statements + comment
#   Frame.pm     .ctasm_proc parsing; AArch64 / ARMv7 frame plans (the IR)
#   Emit.pm      symbol directives, CTASM_PREFIX block, ELF notes, operands
#   Ext.pm       .ctasm_arch_ext: ISA extensions and their per-flavour spelling
#   Expr.pm      numbers and constant expressions, evaluated by the translator
# Nothing is written unless the whole input translated.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use Arm::Common;
use Arm::Flavours;
use Arm::Lex;
use Arm::Frame;
use Arm::Emit;
use Arm::Ext;
use Arm::Expr;
use ElfNotes;

my $flavour = shift;
my $output  = shift;
defined $flavour or die "usage: arm-xlate.pl FLAVOUR [OUTFILE] < input\n";
Arm::Flavours::select_flavour($flavour);

# ---------------------------------------------------------------------------
# Main.
my @input;
while (my $l = <STDIN>) {
    $l =~ s/\r?\n$//;
    push @input, $l;
}

# Pass 1: names of every function, globals in order of appearance.
my @GLOBALS;
for my $i (0 .. $#input) {
    $lineno = $i + 1;
    next unless $input[$i] =~ /^\s*\.ctasm_proc\s+(.*)$/;
    my ($stmts) = split_line($input[$i]);
    my $p = parse_proc($stmts->[0] =~ s/^\s*\.ctasm_proc\s+//r);
    fail("function $p->{name} defined twice") if $PROC_NAMES{ $p->{name} };
    $PROC_NAMES{ $p->{name} } = 1;
    push @GLOBALS, $p->{name} if $p->{global};
}

# Pass 2: translate.
my @out;
my $cur;              # current function: {p => parsed, plan => plan}
my $section = 'text';
my $I = "\t";

sub emit_steps_pro {
    my ($plan) = @_;
    for my $s (@{ $plan->{steps} }) {
        push @out, $I . $s->{pro};
        push @out, map { $I . $_ } @{ $s->{pro_cfi} // [] } if $F->{cfi};
        push @out, map { $I . $_ } @{ $s->{pro_seh} // [] } if $F->{seh};
        push @out, map { $I . $_ } @{ $s->{pro_eh}  // [] } if $F->{ehabi};
    }
    push @out, "$I.seh_endprologue" if $F->{seh};
}

sub emit_ret {
    my ($last) = @_;
    my $plan = $cur->{plan};
    my @steps = grep { defined $_->{epi} } reverse @{ $plan->{steps} };
    my $keep = $F->{cfi} && !$last && @steps;
    push @out, "$I.cfi_remember_state" if $keep;
    push @out, "$I.seh_startepilogue" if $F->{seh} && @steps;
    for my $s (@steps) {
        push @out, $I . $s->{epi};
        push @out, map { $I . $_ } @{ $s->{epi_cfi} // [] } if $F->{cfi};
        push @out, map { $I . $_ } @{ $s->{epi_seh} // [] } if $F->{seh};
    }
    push @out, "$I.seh_endepilogue" if $F->{seh} && @steps;
    push @out, $I . $plan->{ret} if defined $plan->{ret};
    push @out, "$I.cfi_restore_state" if $keep;
}

# Symbols an expression may name: .L labels and functions of this file.
sub expr_symbol {
    my ($n) = @_;
    return if $n =~ /^\.L[\w\$]+$/ || $PROC_NAMES{$n};
    fail("'$n' in an expression is neither a .L label nor a function of this file");
}

# Is the next statement after input line $i the end of the function?
sub next_is_endproc {
    my ($i, $k) = @_;
    my ($stmts) = split_line($input[$i]);
    return $stmts->[$k + 1] =~ /^\s*\.ctasm_endproc\b/ if $k + 1 < @$stmts;
    for my $j ($i + 1 .. $#input) {
        my ($st) = split_line($input[$j]);
        next unless @$st;
        return $st->[0] =~ /^\s*\.ctasm_endproc\b/;
    }
    return 0;
}

for my $i (0 .. $#input) {
    $lineno = $i + 1;
    my $line = $input[$i];
    # Preprocessor lines pass through; other '#' lines are comments.
    if ($line =~ /^\s*#/) {
        if ($line =~ /^\s*#\s*(if|ifdef|ifndef|elif|else|endif|define|undef|include|error)\b/) {
            push @out, $line;
        } else {
            push @out, '// ' . ($line =~ s/^\s*#\s?//r);
        }
        next;
    }
    my ($stmts, $comment) = split_line($line);
    if (!@$stmts) {
        push @out, defined $comment ? ($line =~ /^\s/ ? $I : '') . "//$comment" : '';
        next;
    }
    for my $k (0 .. $#$stmts) {
        my $st = $stmts->[$k];
        $st =~ s/^\s+|\s+$//g;
        # A linux32 .arch armv8-a bracket ends before anything but the next
        # extension instruction.
        push @out, map { $I . $_ } ext_close()
            unless $st =~ /^([^\s:]+)(?:\s|$)/ && is_ext_op($1);
        # Leading labels.
        while ($st =~ s/^([.\w\$]+):\s*//) {
            my $l = $1;
            fail("label $l defined twice") if $l =~ /^\.L/ && $LABEL_DEF{$l};
            $LABEL_DEF{$l} //= $lineno;
            push @out, translate_operands($l) . ':';
        }
        next unless length $st;
        my ($op, $rest) = $st =~ /^(\S+)\s*(.*)$/;
        if ($op eq '.ctasm_text' || $op eq '.text') {
            push @out, "$I.text" if $section ne 'text';
            $section = 'text';
        } elsif ($op eq '.ctasm_rodata') {
            fail(".ctasm_rodata inside function $cur->{p}{name}") if $cur;
            push @out, "$I$F->{rodata}";
            $section = 'rodata';
        } elsif ($op eq '.ctasm_align' || $op eq '.balign' || $op eq '.p2align' || $op eq '.align') {
            my $n = $rest =~ s/\s+$//r;
            # .align is log2 on ARM GNU as; .ctasm_align and .balign count bytes.
            my $l = ($op eq '.p2align' || $op eq '.align') ? ($n =~ /^\d+$/ ? $n : fail("bad $op '$n'"))
                                                           : log2_exact($n);
            push @out, "$I.p2align $l";
        } elsif ($op eq '.ctasm_proc') {
            fail(".ctasm_proc inside function $cur->{p}{name} (missing .ctasm_endproc)") if $cur;
            fail(".ctasm_proc in the rodata section (use .ctasm_text)") if $section ne 'text';
            my $p = parse_proc($rest);
            my $plan = $A64 ? plan_a64($p) : plan_a32($p);
            $cur = { p => $p, plan => $plan };
            push @out, '';
            push @out, map { /:$/ ? $_ : $I . $_ } proc_begin($p);
            emit_steps_pro($plan);
        } elsif ($op eq '.ctasm_ret') {
            fail(".ctasm_ret outside a function") unless $cur;
            emit_ret(next_is_endproc($i, $k));
        } elsif ($op eq '.ctasm_endproc') {
            fail(".ctasm_endproc outside a function") unless $cur;
            push @out, map { $I . $_ } proc_end($cur->{p});
            $cur = undef;
        } elsif ($op eq '.ctasm_adr') {
            my ($reg, $label) = split /\s*,\s*/, $rest;
            fail(".ctasm_adr wants REG, LABEL") unless defined $label && $label =~ /^[.\w\$]+$/;
            fail(".ctasm_adr wants a 64-bit x register") if $A64 && $reg !~ /^x([0-9]|1[0-79]|2[0-9]|30)$/;
            fail(".ctasm_adr wants a core register") if !$A64 && $reg !~ /^(r\d+|ip|lr|sb|sl|fp)$/;
            my $lbl = translate_operands($label);
            if ($F->{adr} eq 'lo12') {
                push @out, "${I}adrp $reg, $lbl", "${I}add $reg, $reg, :lo12:$lbl";
            } elsif ($F->{adr} eq 'page') {
                push @out, "${I}adrp $reg, $lbl\@PAGE", "${I}add $reg, $reg, $lbl\@PAGEOFF";
            } else {
                push @out, "${I}adr $reg, $lbl";
            }
        } elsif ($op eq '.ctasm_arch_ext') {
            fail(".ctasm_arch_ext inside function $cur->{p}{name} (put it before the functions)") if $cur;
            push @out, map { $I . $_ } arch_ext($rest =~ s/\s+$//r);
        } elsif ($op =~ /^\.ctasm_/) {
            fail("unknown pseudo-directive $op");
        } elsif ($op =~ /^\.(globl|global|type|size|hidden|private_extern|section|rodata|data|bss|cfi_\w+|seh_\w+|fnstart|fnend|save|vsave|pad|thumb|arm|code|syntax|fpu|arch|previous|pushsection|popsection|extern|arch_extension|cpu|object_arch|inst\.n|inst\.w)$/) {
            fail("$op is the translator's job; use the .ctasm_* directives (docs/PERLASM.md)");
        } elsif ($op =~ /^\./ && !$PASS_DIRECTIVES{$op}) {
            fail("unknown directive $op");
        } elsif ($op =~ /^\./) {
            $st = substr($st, 0, length($st) - length($rest)) . fix_data($op, $rest, \&expr_symbol)
                if $op =~ /^\.(?:byte|hword|short|word|long|int|quad|dword|octa|inst|space|skip|zero|fill)$/;
            push @out, $I . translate_operands($st);
        } else {
            fail("instruction in .ctasm_rodata: $st") if $section eq 'rodata';
            fail("instruction outside .ctasm_proc: $st") unless $cur;
            my $fixed = fix_insn_numbers($rest, \&expr_symbol);
            $st = substr($st, 0, length($st) - length($rest)) . $fixed;
            $rest = $fixed;
            check_branch($op, $rest);
            my $text = translate_operands($st);
            my @ext = ext_insn($op, $rest, $text);
            push @out, map { $I . $_ } (@ext ? @ext : ($text));
        }
    }
    $out[-1] .= "\t//$comment" if defined $comment && @out;
}
push @out, map { $I . $_ } ext_close();
$lineno = scalar @input;
fail("missing .ctasm_endproc for $cur->{p}{name}") if $cur;
for my $l (sort { $LABEL_USE{$a} <=> $LABEL_USE{$b} || $a cmp $b } keys %LABEL_USE) {
    next if $LABEL_DEF{$l};
    $lineno = $LABEL_USE{$l};
    fail("label $l is used but never defined");
}

# ---------------------------------------------------------------------------
# Assemble the file.
my @file;
push @file, "#if $F->{guard} && !defined(CTASM_NO_ASM)";
push @file, prefix_block(@GLOBALS);
push @file, map { "$I$_" } @{ $F->{header} };
push @file, "$I.text";
push @file, @out;
push @file, '#endif';
# Outside the guard, in every flavour: see ElfNotes.pm.
push @file, ElfNotes::elf_notes_footer();

# One layout for every line: tab, mnemonic or directive, tab, operands.
for (@file) {
    next unless /^\t/;
    s/^\t(\S+)[ \t]+(?=\S)(?!\/\/)/\t$1\t/;
}
my $text = join("\n", @file) . "\n";
if (defined $output) {
    open(my $fh, '>', $output) or die "arm-xlate.pl: can't write $output: $!\n";
    print $fh $text;
    close($fh) or die "arm-xlate.pl: can't write $output: $!\n";
} else {
    print $text;
}
