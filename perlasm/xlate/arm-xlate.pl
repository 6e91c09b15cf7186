#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# ARM translator for ctasm perlasm (see docs/PERLASM.md).
#
#   perl arm-xlate.pl FLAVOUR [OUTFILE] < input.S
#   perl arm-xlate.pl FLAVOUR=OUTFILE ... < input.S     (several flavours, XlateOutput.pm)
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
#   Frame.pm     .ctasm_proc parsing; AArch64 / ARMv7 frame plans (the IR)
#   Emit.pm      symbol directives, operands
#   Ext.pm       .ctasm_arch_ext: ISA extensions and their per-flavour spelling
#   Expr.pm      numbers and constant expressions, evaluated by the translator
#   Saves.pm     callee-saved registers written must be in save=/vsave=
#   Insns.pm     the instruction check: InsnsA64.pm / InsnsA32.pm (one table per
#                ISA), Operands.pm (operand classes), Forms.pm (form matching)
# Nothing is written unless the whole input translated.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use Arm::Common;
use Arm::Flavours;
use Arm::Frame;
use Arm::Emit;
use Arm::Ext;
use Arm::Expr;
use Arm::Insns;
use Arm::Keywords qw($COND);
use Arm::Saves;
use Arm::StackA32 ();
use Arm::StackA64 ();
use Arm::SehUnpacked qw(seh_unpacked_lines);
use Arm::Reach ();
use Arm::LabelDiff ();
use ElfNotes;
use XlateOutput;
use Xlate::Fail ();
use Xlate::Lex qw(split_line);
use Xlate::Align qw(align_log2);
use Xlate::Directives qw(raw_directive_refusal);
use Xlate::Labels qw($IS_LABEL $LEADING_LABEL take_labels define_label);
use Xlate::Prefix qw(prefix_block);

# The shared modules (Xlate/*.pm) refuse through this translator's fail(). Installed
# when the script runs, not when a module loads: the job server (util/perl_job_server.pl)
# preloads both translators' modules in one process.
Xlate::Fail::install(\&fail);

# Every FLAVOUR=OUTFILE target is translated in turn in this process (XlateOutput.pm
# each_flavour), the later ones reusing the checks the first one passed; what a
# flavour keeps is reset before each one (start_flavour below).
my $targets = XlateOutput::targets(
    "usage: arm-xlate.pl FLAVOUR [OUTFILE] < input  or  arm-xlate.pl FLAVOUR=OUTFILE... < input\n", @ARGV);
my @input;
while (my $l = <STDIN>) {
    $l =~ s/\r?\n$//;
    push @input, $l;
}

# What one flavour keeps (the named subs below read them).
my $COMMENT;          # comment markers (Xlate/Lex.pm)
my @GLOBALS;          # globals in order of appearance
my @out;
my $cur;              # current function: {p => parsed, plan => plan}
my $section;
my $I = "\t";
my %LABEL_FN;         # .L label => function it is defined in ('' outside)
my %BODY_OK;          # check_body's passed statements
my ($PASSED, $ONE_INSN);    # the caches below
my %REPLAY;           # this flavour's replayable lines (pass 2 below)

sub start_flavour {
    my ($flavour) = @_;
    Arm::Flavours::select_flavour($flavour);
    $COMMENT = $A64 ? qr{//} : qr{//|\@};
    $lineno = 0;
    %PROC_NAMES = ();
    Arm::Emit::start_flavour();
    Arm::Ext::start_flavour();
    Arm::LabelDiff::start_flavour();
    Arm::Operands::start_flavour();
    Arm::Saves::start_flavour();
    Arm::StackA32::start_flavour();
    @GLOBALS = @out = ();
    ($cur, $section) = (undef, 'text');
    %LABEL_FN = %BODY_OK = %REPLAY = ();
    # (function, instruction statement) => [statement, operands] with numbers fixed, for
    # the statements that passed every check; none depends on the flavour (XlateOutput.pm).
    $PASSED = XlateOutput::cache($A64 ? 'arm-passed-a64' : 'arm-passed-a32');
    # Input lines that are one instruction statement and nothing else (no label, no
    # comment; not '#', not a directive) => [statement, mnemonic]: a repeated one that
    # passed in its function is replayed without the line's lexing and dispatch below
    # (the same steps as the replay there, in the same order). Pure (the line's text and
    # the ISA): a later flavour starts with the first one's, so it replays a line's first
    # occurrence too.
    $ONE_INSN = XlateOutput::cache($A64 ? 'arm-one-insn-a64' : 'arm-one-insn-a32');
}

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
    # clang 14 writes compact unwind "frameless, stack N" for a function whose
    # only CFI is .cfi_def_cfa_offset, taking N from the last one (the
    # epilogue's 0): wrong in the whole body.  An unpaired remember/restore
    # has no compact encoding, so the function keeps its (right) DWARF FDE.
    my $keep = $F->{cfi} && @steps && (!$last || ($F->{compact} && $plan->{frame_only}));
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

# The body of a function may not move sp (no flavour's unwind data would
# describe it; frame= gives scratch space) and, when the function has a
# prologue to undo, may leave only through .ctasm_ret.
# Statements that passed, by (framed, text): the rest is fixed for the input.
sub check_body {
    my ($op, $rest) = @_;
    my $framed = grep { defined $_->{epi} } @{ $cur->{plan}{steps} };
    my $key = ($framed ? 1 : 0) . "\0$op\0$rest";
    return if $BODY_OK{$key};
    my $lop = lc $op;
    my ($first) = map { lc s/^\s+|\s+$//gr } $rest =~ /^([^,]*)/;
    my $why = "(unwind data describes only the .ctasm_proc prologue; use frame=)";
    if ($A64) {
        fail("'$op $rest' moves sp $why")
            if $rest =~ /\[\s*w?sp\s*(?:,[^\]]*)?\]\s*!|\[\s*w?sp\s*\]\s*,/i
            || ($first =~ /^w?sp$/ && $lop !~ /^(?:cmp|cmn|tst|st\w*)$/);
        if ($framed) {
            fail("'$op' leaves $cur->{p}{name} without its epilogue: use .ctasm_ret")
                if $lop =~ /^(?:ret|retaa|retab|eret|br|braa|brab|braaz|brabz)$/;
        }
    } else {
        (my $base = $lop) =~ s/\..*//;
        my $list = $rest =~ /\{([^}]*)\}/ ? lc $1 : '';
        my $pc = $first =~ /^(?:pc|r15)$/ && $base !~ /^(?:cmp|cmn|tst|teq|str\w*|stm\w*)$/
            || ($base =~ /^(?:ldm\w*|pop\w*)$/ && $list =~ /\b(?:pc|r15)\b/);
        fail("'$op $rest' moves sp $why")
            if $base =~ /^(?:push|pop|vpush|vpop)\w*$/
            || $rest =~ /\[\s*(?:sp|r13)\s*(?:,[^\]]*)?\]\s*!|\[\s*(?:sp|r13)\s*\]\s*,/i
            || $first =~ /^(?:sp|r13)!$/
            || ($first =~ /^(?:sp|r13)$/ && $base !~ /^(?:cmp|cmn|tst|teq|str\w*|stm\w*|ldm\w*|vstm\w*|vldm\w*|vst\w*|vld\w*|pld\w*)$/)
            || ($base =~ /^ldm\w*$/ && $list =~ /\b(?:sp|r13)\b/);
        fail("'$op $rest' writes pc: leave through .ctasm_ret (or bx)") if $pc;
        fail("'$op' leaves $cur->{p}{name} without its epilogue: use .ctasm_ret")
            if $framed && $base =~ /^bx\w*$/;
    }
    # A tail branch to another function skips this one's epilogue.
    if ($framed && $op =~ /^(?:b|b\.\w+|b$COND|cbn?z|tbn?z)$/i) {
        my ($target) = $rest =~ /([^,\s]+)\s*$/;
        fail("tail branch from $cur->{p}{name} (which has a prologue) to $target: call it and use .ctasm_ret")
            if defined $target && $PROC_NAMES{$target};
    }
    $BODY_OK{$key} = 1;
}

# Symbols an expression may name: .L labels and functions of this file.
sub expr_symbol {
    my ($n) = @_;
    return if $n =~ $IS_LABEL || $PROC_NAMES{$n};
    fail("'$n' in an expression is neither a .L label nor a function of this file");
}

# Is the next statement after input line $i the end of the function?
sub next_is_endproc {
    my ($i, $k) = @_;
    my ($stmts) = split_line($input[$i], $COMMENT);
    return $stmts->[$k + 1] =~ /^\s*\.ctasm_endproc\b/ if $k + 1 < @$stmts;
    for my $j ($i + 1 .. $#input) {
        my ($st) = split_line($input[$j], $COMMENT);
        next unless @$st;
        return $st->[0] =~ /^\s*\.ctasm_endproc\b/;
    }
    return 0;
}

# ---------------------------------------------------------------------------
# Main: one flavour, from the input lines to the file's text.
sub translate_flavour {
    my ($flavour) = @_;
    start_flavour($flavour);
    # Pass 1: names of every function, globals in order of appearance.
    for my $i (0 .. $#input) {
        $lineno = $i + 1;
        next if index($input[$i], '.ctasm_proc') < 0 || $input[$i] =~ /^\s*#/ || $input[$i] !~ /\.ctasm_proc\b/;
        my ($stmts) = split_line($input[$i], $COMMENT);
        for my $st (@$stmts) {    # after ';' and labels too
            my $s = $st;
            1 while $s =~ s/$LEADING_LABEL//;    # the labels (checked in pass 2)
            next unless $s =~ /^\.ctasm_proc\s+(.*)$/;
            my $p = parse_proc($1);
            fail("function $p->{name} defined twice") if $PROC_NAMES{ $p->{name} };
            $PROC_NAMES{ $p->{name} } = 1;
            push @GLOBALS, $p->{name} if $p->{global};
        }
    }

    # Pass 2: translate.
    for my $i (0 .. $#input) {
        $lineno = $i + 1;
        my $line = $input[$i];
        # A line replayed before in this flavour and function: its printed line and
        # what the replay below needs, without the key, the lookups and the translation
        # (its labels' first uses are already recorded). [function, mnemonic, operands,
        # printed line, whether it is an extension instruction (linux32's bracket)]
        if ($cur && $section ne 'rodata' && (my $r = $REPLAY{$line})) {
            if ($r->[0] eq $cur->{p}{name}) {
                push @out, map { $I . $_ } ext_close() unless $A64 || $r->[4];
                $XlateOutput::COUNT{replayed}++;
                Arm::Reach::note_insn($cur, $r->[1]);
                Arm::StackA32::track_copies($cur, $r->[1], $r->[2]) unless $XlateOutput::FIRST_PASSED;
                push @out, $r->[3];
                next;
            }
        }
        if ($cur && $section ne 'rodata' && (my $one = $ONE_INSN->{$line})) {
            my ($st, $op) = @$one;
            if (my $seen = $PASSED->{"$cur->{p}{name}\0$st"}) {
                my $ext = !$A64 && is_ext_op($op);
                push @out, map { $I . $_ } ext_close() unless $A64 || $ext;
                $XlateOutput::COUNT{replayed}++;
                my ($fixed, $rest) = @$seen;
                my $text = translate_operands($fixed);
                Arm::Reach::note_insn($cur, $op);    # as the statement loop does
                # (copies of sp: left out after a first flavour that passed, as below)
                Arm::StackA32::track_copies($cur, $op, $rest) unless $XlateOutput::FIRST_PASSED;
                push @out, $I . $text;
                $REPLAY{$line} = [$cur->{p}{name}, $op, $rest, $out[-1], $ext];
                next;
            }
        }
        # '#' lines are comments.  The translator writes the file's only
        # preprocessor lines: a directive in the input (#if, #define ...) would
        # mean something else per flavour (predefined macros) or rename tokens
        # behind the translator's checks, so it is refused; "# if ..." with a
        # space is a comment like any other and never reaches the preprocessor.
        if ($line =~ /^\s*#/) {
            fail("preprocessor directive '$1' is not part of the dialect (use Perl)")
                if $line =~ /^\s*(#(?:if|ifdef|ifndef|elif|else|endif|define|undef|include|include_next|import|error|warning|pragma|line|assert|unassert|ident|sccs))\b/;
            push @out, '// ' . ($line =~ s/^\s*#\s?//r);
            next;
        }
        my ($stmts, $comment) = split_line($line, $COMMENT);
        $ONE_INSN->{$line} = [$stmts->[0], $1]
            if @$stmts == 1 && !defined $comment && index($stmts->[0], ':') < 0
            && $stmts->[0] =~ /^([^.\s]\S*)(?:\s|$)/;
        if (!@$stmts) {
            push @out, defined $comment ? ($line =~ /^\s/ ? $I : '') . "//$comment" : '';
            next;
        }
        for my $k (0 .. $#$stmts) {
            my $st = $stmts->[$k];
            # A linux32 .arch armv8-a bracket ends before anything but the next
            # extension instruction.
            # (AArch64 has no such bracket.)
            push @out, map { $I . $_ } ext_close()
                unless $A64 || $st =~ /^([^\s:]+)(?:\s|$)/ && is_ext_op($1);
            # Leading labels.
            for my $l (index($st, ':') < 0 ? () : take_labels(\$st)) {
                define_label($l, \%LABEL_DEF, $lineno);
                Arm::Reach::note_label($cur, $l) if $cur;
                delete $cur->{spc} if $cur;    # copies of sp: a branch may enter here (Arm/StackA32.pm)
                $LABEL_FN{$l} = $cur ? $cur->{p}{name} : '';
                Arm::LabelDiff::define($l, $section);
                push @out, translate_operands($l) . ':';
            }
            next unless length $st;
            Arm::Reach::note_statement($cur, $st) if $cur;    # for the .ctasm_endproc check
            my ($op, $rest) = $st =~ /^(\S+)\s*(.*)$/;
            if ($op eq '.ctasm_text') {
                push @out, "$I.text" if $section ne 'text';
                $section = 'text';
            } elsif ($op eq '.ctasm_rodata') {
                fail(".ctasm_rodata inside function $cur->{p}{name}") if $cur;
                push @out, "$I$F->{rodata}";
                $section = 'rodata';
            } elsif ($op eq '.ctasm_align' || $op eq '.balign' || $op eq '.p2align' || $op eq '.align') {
                # .align is log2 on ARM GNU as; .ctasm_align and .balign count bytes.
                my $log2 = align_log2($op, $rest, 1);
                # ARMv7 keeps constants in .text: GNU as pads code alignment beyond 64 bytes
                # with zeros after its nops, clang with nops only (docs/PERLASM.md).
                fail("$op $rest: at most 64 bytes on ARMv7 (in .text, where constants live, GNU as"
                     . " and clang fill a larger alignment with different bytes)") if !$A64 && $log2 > 6;
                push @out, "$I.p2align $log2";
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
                delete $cur->{spc};
            } elsif ($op eq '.ctasm_endproc') {
                fail(".ctasm_endproc outside a function") unless $cur;
                Arm::Reach::check_end_unreachable($cur);
                push @out, map { $I . $_ } seh_unpacked_lines($cur->{plan});    # win64: no packed .pdata
                push @out, map { $I . $_ } proc_end($cur->{p});
                $cur = undef;
            } elsif ($op eq '.ctasm_adr') {
                fail(".ctasm_adr outside a function") unless $cur;
                delete $cur->{spc};
                my ($reg, $label, @more) = split /\s*,\s*/, $rest;
                fail(".ctasm_adr wants REG, LABEL") unless defined $label && !@more && $label =~ /^[.\w\$]+$/;
                fail(".ctasm_adr $label: only .L labels and functions of this file (external symbols are not part of the dialect)")
                    unless $label =~ $IS_LABEL || $PROC_NAMES{$label};
                fail(".ctasm_adr wants a 64-bit x register") if $A64 && $reg !~ /^x([0-9]|1[0-79]|2[0-9]|30)$/;
                # not sp (r13: an address there is an untracked stack pointer
                # update, found by the fuzzer) nor pc (r15: a jump)
                fail(".ctasm_adr wants a core register other than sp and pc")
                    if !$A64 && $reg !~ /^(r(?:\d|1[0-24])|ip|lr|sb|sl|fp)$/;
                note_mentions($cur->{p}, $rest);
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
            } elsif (defined(my $why = raw_directive_refusal($op))) {
                # Sections, symbols, unwind data, target directives, assembly-time
                # repetition, macros, symbols and conditionals (Xlate/Directives.pm).
                fail($why);
            } elsif ($op =~ /^\.ctasm_/) {
                fail("unknown pseudo-directive $op");
            } elsif ($op =~ /^\./ && !$PASS_DIRECTIVES{$op}) {
                fail("unknown directive $op");
            } elsif ($op =~ /^\./) {
                # Words in a body run as instructions that no check sees (the
                # instruction table, x18, sp moves, returns): write the instruction.
                fail("$op inside function $cur->{p}{name}: data in a body runs as unchecked instructions"
                     . " (write the instruction; tables go outside functions)")
                    if $cur && $op =~ /^\.(?:byte|hword|short|word|long|int|quad|dword|octa|inst|space|skip|zero|fill|ascii|asciz|string|ltorg)$/;
                $st = substr($st, 0, length($st) - length($rest)) . fix_data($op, $rest, \&expr_symbol)
                    if $op =~ /^\.(?:byte|hword|short|word|long|int|quad|dword|octa|inst|space|skip|zero|fill)$/;
                Arm::LabelDiff::note($rest);    # labels of one section (checked at the end)
                push @out, $I . translate_operands($st);
            } else {
                fail("$1 is not part of the dialect: generate repetition, names and conditions in Perl")
                    if $rest =~ /^(\.(?:req|dn|qn))\b/i;
                fail("instruction in .ctasm_rodata: $st") if $section eq 'rodata';
                fail("instruction outside .ctasm_proc: $st") unless $cur;
                # A statement that passed every check before in this function is checked:
                # only what it records is redone. (Keyed by the function: a check may read
                # the function too, its frame or its save= list. A check that reads anything
                # else, such as the statements around it, does not belong under this memo.)
                my $key = "$cur->{p}{name}\0$st";
                if (my $seen = $PASSED->{$key}) {
                    $XlateOutput::COUNT{replayed}++;
                    ($st, $rest) = @$seen;
                    # What the branch and callee-saved checks record is checked at the end
                    # of the input, by the first record of each (function, statement): a
                    # replay is of one recorded before in this function, in this flavour or
                    # in a first one that passed the whole input, so it records nothing new.
                    # A later flavour after a first one that passed leaves out the copies of
                    # sp too (Arm/StackA32.pm): their state is made by the statements before,
                    # in the same order in every flavour, and bounded by nothing a flavour
                    # changes (XlateOutput.pm, $FIRST_PASSED).
                    my $text = translate_operands($st);
                    Arm::StackA32::track_copies($cur, $op, $rest) unless $XlateOutput::FIRST_PASSED;
                    push @out, $I . $text;
                    next;
                }
                $XlateOutput::COUNT{checked}++;
                my $fixed = fix_insn_numbers($rest, \&expr_symbol);
                $st = substr($st, 0, length($st) - length($rest)) . $fixed;
                $rest = $fixed;
                check_branch($op, $rest, $cur->{p}{name});
                check_body($op, $rest);
                my $text = translate_operands($st);
                check_operand_names($op, $rest);
                my @ext = ext_insn($op, $rest, $text);
                check_insn($op, $rest);
                Arm::LabelDiff::note($rest);
                $A64 ? Arm::StackA64::check_sp_access($cur->{p}, $op, $rest)     # inside frame=
                     : Arm::StackA32::check_sp_store($cur->{p}, $op, $rest);
                Arm::StackA32::track_copies($cur, $op, $rest);    # stores through copies of sp
                check_call($cur->{p}, $op);
                note_mentions($cur->{p}, $rest);
                push @out, map { $I . $_ } (@ext ? @ext : ($text));
                $PASSED->{$key} = [$st, $rest] unless @ext;    # extensions keep their state
                $XlateOutput::COUNT{extension}++ if @ext;
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
    # A branch stays inside its function: entering another one skips its prologue,
    # leaving skips the epilogue.
    for my $l (sort keys %BRANCH_USE) {
        for my $u (@{ $BRANCH_USE{$l} }) {
            next if $LABEL_FN{$l} eq $u->[0];
            $lineno = $u->[1];
            fail("branch from $u->[0] to $l, a label " . ($LABEL_FN{$l} eq '' ? 'outside any function'
                 : "of function $LABEL_FN{$l}") . " (call the function instead)");
        }
    }
    Arm::LabelDiff::check();
    check_saves();
    Arm::StackA32::check_caller_frames();

    # ---------------------------------------------------------------------------
    # Assemble the file.
    my @file;
    push @file, "#if $F->{guard} && !defined(CTASM_NO_ASM)";
    push @file, prefix_block($F->{prefix}, @GLOBALS);
    push @file, map { "$I$_" } @{ $F->{header} };
    push @file, "$I.text";
    push @file, @out;
    push @file, '#endif';
    # Outside the guard, in every flavour: see ElfNotes.pm.
    push @file, ElfNotes::elf_notes_footer();

    # One layout for every line: tab, mnemonic or directive, tab, operands.
    # (Only where the blanks after the first word are not one tab already: most lines
    # are so, and one match that fails is cheaper than two tests.)
    for (@file) {
        s/^\t(\S+)[ \t]+(?=\S)(?!\/\/)/\t$1\t/ if /^\t\S+(?: [ \t]*|\t[ \t]+)(?=\S)(?!\/\/)/;
    }
    XlateOutput::write_counts($flavour);
    return join("\n", @file) . "\n";
}

exit XlateOutput::each_flavour('arm-xlate.pl', $targets, \&translate_flavour, 'replay');
