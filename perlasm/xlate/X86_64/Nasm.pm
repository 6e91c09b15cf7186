# SPDX-License-Identifier: Apache-2.0
package X86_64::Nasm;
# Stage 3, nasm flavour: Intel syntax for `nasm -f win64`, Win64 prologues
# and epilogues, and the .pdata/.xdata unwind tables.
use strict;
use warnings;
use Exporter 'import';
use X86_64::Common;
use X86_64::Analyse;
use X86_64::Insns;
use Xlate::Prefix qw(prefix_block);
use Xlate::Labels qw($IS_LABEL);
our @EXPORT = qw(print_nasm);

my @out;
sub emit { push @out, @_ }

sub nasm_mem {
    my ($o, $size, $it) = @_;
    my $disp = $o->{disp} eq '' ? '' : xexpr($o->{disp}, $it);
    my $kw = defined $size ? $size : '';
    if (defined $o->{base} && $o->{base} eq 'rip') {
        fail("RIP-relative operand without a symbol", $it) if $disp eq '';
        return "${kw}[rel $disp]";
    }
    my @parts;
    push @parts, $o->{base} if defined $o->{base};
    push @parts, $o->{index} . '*' . ($o->{scale} // 1) if defined $o->{index};
    my $s = join('+', @parts);
    if ($disp ne '') {
        if    ($s eq '')                   { fail("absolute memory operand: use (%rip)", $it) }
        elsif ($disp =~ /^-?\w+$/)         { $s .= $disp =~ /^-/ ? $disp : "+$disp" }
        else                               { $s .= "+($disp)" }
    }
    return "${kw}[$s]";
}

# AVX-512 operand decorations, the same braces in Intel syntax (mask, zeroing and
# broadcast are properties of the operand class, not of the mnemonic).
sub nasm_decorations {
    my ($o) = @_;
    return ($o->{bcst} ? "{$o->{bcst}}" : '') . ($o->{mask} ? "{$o->{mask}}" : '')
         . ($o->{zero} ? '{z}' : '');
}

sub nasm_insn {
    my ($it) = @_;
    my $c = $it->{cls};
    my ($mn, $size, $extend) = @{$c}{qw(mn size extend)};
    my @ops = @{$it->{ops}};
    my $branch = $mn =~ /^(j\w+|call)$/;
    my @o;
    for my $i (0 .. $#ops) {
        my $x = $ops[$i];
        fail("'*' is only valid on jmp/call", $it) if $x->{star} && $mn !~ /^(jmp|call)$/;
        if ($x->{t} eq 'reg') { push @o, $x->{r} . nasm_decorations($x) }
        elsif ($x->{t} eq 'rc') { push @o, "{$x->{rc}}" }    # first in AT&T, last in Intel
        elsif ($x->{t} eq 'imm') { push @o, xexpr($x->{e}, $it) }
        elsif ($x->{t} eq 'sym') {
            fail("bare memory operand '$x->{e}': use (%rip)", $it) unless $branch && !$x->{star};
            push @o, xexpr($x->{e}, $it);
        } else {
            my $sz = $mn eq 'lea' ? undef : $x->{star} ? 'QWORD' : $size;
            # movzx/movsx: the size keyword describes the source only.
            $sz = undef if !$extend && $SIMD{$mn};
            push @o, nasm_mem($x, $sz, $it) . nasm_decorations($x);
        }
    }
    @o = reverse @o;
    push @o, '1' if $SHIFT{$mn} && @o == 1;    # AT&T "shrq %rax" shifts by one
    return "\t$mn" . (@o ? "\t" . join(',', @o) : '');
}

# NASM's symbol rules: local labels L$name ($ is NASM's "here"), exported names
# as written; CTASM_PREFIX renames them through the NASM preprocessor.
my %NAMES = (local => sub { "L\$$_[0]" }, global => sub { $_[0] }, here => '$');

sub print_nasm {
    my ($items) = @_;
    use_symbol_rules(\%NAMES);
    @out = ();
    my %line;    # instruction text => printed line
    my @tables;    # .pdata / .xdata text, emitted after all code
    my $section = 'text';
    emit('%ifndef CTASM_NO_ASM', prefix_block({ nasm => 1 }, @global_order), 'default rel', 'bits 64');
    for my $it (@$items) {
        my $k = $it->{k};
        if ($k eq 'label') {
            emit(($it->{name} =~ $IS_LABEL ? local_name(substr($it->{name}, 2)) : $it->{name}) . ':');
        } elsif ($k eq 'insn') {
            # The line depends only on the instruction's text.
            push @out, $line{$it->{key}} //= do { $XlateOutput::COUNT{printed}++; nasm_insn($it) };
        } elsif ($k eq 'section') {
            $section = $it->{which};
            emit($section eq 'text' ? 'section .text code align=64' : 'section .rdata rdata align=64');
        } elsif ($k eq 'align') {
            emit($section eq 'text' ? "align $it->{n}" : "align $it->{n}, db 0");
        } elsif ($k eq 'data') {
            my $d = { 1 => 'db', 2 => 'dw', 4 => 'dd', 8 => 'dq' }->{$it->{size}};
            emit("\t$d\t" . join(',', map { xexpr($_, $it) } @{$it->{vals}}));
        } elsif ($k eq 'bytes') {
            emit(byte_lines('db', $it->{vals}));
        } elsif ($k eq 'proc') {
            nasm_prologue($it);
        } elsif ($k eq 'ret') {
            nasm_epilogue($it->{proc});
        } elsif ($k eq 'endproc') {
            my $p = $it->{proc};
            emit("L\$_ctasm_$p->{name}_end:");
            push @tables, nasm_unwind($p);
        } elsif ($k eq 'adr') {
            emit("\tlea\t$it->{reg},[rel " . xexpr($it->{label}, $it) . ']');
        } elsif ($k eq 'stackarg') {
            my ($base, $off) = stack_arg($it->{proc}, $it->{n});
            emit("\tmov\t$it->{reg},QWORD[$base+$off]");
        }
        # cfi (broken_unwind test fixtures only): dropped, nasm's unwind data comes
        # from .ctasm_proc alone.
    }
    if (@tables) {
        emit('section .pdata rdata align=4');
        emit(map { @{$_->{pdata}} } @tables);
        emit('section .xdata rdata align=8');
        emit(map { @{$_->{xdata}} } @tables);
    }
    emit('%endif');
    return @out;
}

# Prologue with a label after every instruction the unwinder must know about.
sub nasm_prologue {
    my ($p) = @_;
    my $pl = plan($p);
    my $n = $p->{name};
    my @codes;    # [label, kind, value] in execution order
    emit("global $n") if $p->{global};
    emit('align 16', "$n:");
    my $i = 0;
    for my $r (@{$pl->{push}}) {
        emit("\tpush\t$r", "L\$_ctasm_${n}_p" . ++$i . ':');
        push @codes, [$i, 'push', $r];
    }
    my $alloc = $pl->{fp} ? $pl->{fixed} : $pl->{alloc};
    if ($alloc) {
        emit("\tsub\trsp,$alloc", "L\$_ctasm_${n}_p" . ++$i . ':');
        push @codes, [$i, 'alloc', $alloc];
    }
    if ($pl->{fp}) {
        # UWOP_SET_FPREG, frame offset 0: from here on the unwinder recovers rsp from
        # rbp, so the scratch allocation and the alignment below need no codes. It
        # comes before the xmm saves: Wine's unwinder reads save slots from the frame
        # register as soon as the function has one, even inside the prologue.
        emit("\tmov\trbp,rsp", "L\$_ctasm_${n}_p" . ++$i . ':');
        push @codes, [$i, 'setfp'];
    }
    my $xbase = $pl->{fp} ? 'rbp' : 'rsp';
    for my $j (0 .. $#{$pl->{xmm}}) {
        my $off = $pl->{xmm_off} + 16 * $j;
        emit("\tmovaps\t[$xbase+$off],xmm$pl->{xmm}[$j]", "L\$_ctasm_${n}_p" . ++$i . ':');
        push @codes, [$i, 'xmm', $pl->{xmm}[$j], $off];
    }
    $p->{codes} = \@codes;
    $p->{prolog_end} = $i;
    # Win64 -> SysV argument registers; the stack arguments sit above the home area.
    my @win = ('rcx', 'rdx', 'r8', 'r9');
    my @sysv = qw(rdi rsi rdx rcx r8 r9);
    my $nreg = $pl->{args} < 6 ? $pl->{args} : 6;
    for my $a (0 .. $nreg - 1) {
        my $src = $a < 4 ? $win[$a] : "QWORD[$pl->{base}+" . ($pl->{entry} + 8 + 32 + 8 * ($a - 4)) . ']';
        emit("\tmov\t$sysv[$a],$src");
    }
    if ($pl->{fp}) {
        emit("\tsub\trsp,$pl->{frame}") if $pl->{frame};
        emit("\tand\trsp,-$pl->{align}");
    }
}

# Canonical Win64 epilogue: xmm restores (body), then add rsp / pops / ret.
sub nasm_epilogue {
    my ($p) = @_;
    my $pl = plan($p);
    my $base = $pl->{fp} ? 'rbp' : 'rsp';
    for my $j (0 .. $#{$pl->{xmm}}) {
        emit("\tmovaps\txmm$pl->{xmm}[$j],[$base+" . ($pl->{xmm_off} + 16 * $j) . ']');
    }
    if ($pl->{fp}) { emit("\tlea\trsp,[rbp+$pl->{fixed}]") }    # an epilogue may start so
    elsif ($pl->{alloc}) { emit("\tadd\trsp,$pl->{alloc}") }
    emit("\tpop\t$_") for reverse @{$pl->{push}};
    emit("\tret");
}

# RUNTIME_FUNCTION (.pdata) and UNWIND_INFO (.xdata) for one function.
sub nasm_unwind {
    my ($p) = @_;
    my $n = $p->{name};
    my $start = $n;
    my $lab = sub { "L\$_ctasm_${n}_p$_[0]" };
    my @slots;    # reverse execution order, each [offset-label, op, info, extra slot lines]
    for my $c (reverse @{$p->{codes}}) {
        my ($i, $kind, $v, $off) = @$c;
        my $at = $lab->($i) . "-$start";
        if ($kind eq 'push') {
            push @slots, ["\tdb\t$at," . (0 | ($WIN_REGNUM{$v} << 4)), 1];
        } elsif ($kind eq 'alloc' && $v <= 128) {
            push @slots, ["\tdb\t$at," . (2 | ((($v - 8) / 8) << 4)), 1];    # UWOP_ALLOC_SMALL
        } elsif ($kind eq 'alloc') {
            push @slots, ["\tdb\t$at," . (1 | (0 << 4)) . "\n\tdw\t" . ($v / 8), 2];  # UWOP_ALLOC_LARGE
        } elsif ($kind eq 'setfp') {
            push @slots, ["\tdb\t$at,3", 1];                                # UWOP_SET_FPREG
        } else {
            push @slots, ["\tdb\t$at," . (8 | ($v << 4)) . "\n\tdw\t" . ($off / 16), 2];  # UWOP_SAVE_XMM128
        }
    }
    my $count = 0;
    $count += $_->[1] for @slots;
    my $prolog = $p->{prolog_end} ? $lab->($p->{prolog_end}) . "-$start" : '0';
    my @x = ('align 4', "L\$_ctasm_${n}_info:",
             "\tdb\t1,$prolog,$count," . (plan($p)->{fp} ? $WIN_REGNUM{rbp} : 0),
             # version 1, no handler; prolog size; codes; frame register (offset 0)
             map { split /\n/, $_->[0] } @slots);
    push @x, "\tdw\t0" if $count % 2;      # the code array is padded to a DWORD
    return { pdata => ["\tdd\t$start wrt ..imagebase", "\tdd\tL\$_ctasm_${n}_end wrt ..imagebase",
                       "\tdd\tL\$_ctasm_${n}_info wrt ..imagebase"],
             xdata => \@x };
}


1;
