# SPDX-License-Identifier: Apache-2.0
package X86_64::Gas;
# Stage 3, GAS flavours (elf, macosx): the flavour table and the printer.
# Instructions stay in AT&T syntax; only symbols, sections and directives differ.
use strict;
use warnings;
use Exporter 'import';
use X86_64::Common;
use X86_64::Analyse;
use ElfNotes;
use Xlate::Prefix qw(prefix_block);
use Xlate::Labels qw($IS_LABEL);
our @EXPORT = qw(print_gas);

# ---------------------------------------------------------------------------
# Flavour table: every difference between the GAS flavours lives here.
# CTASM_PREFIX renames exported symbols through the C preprocessor, once, in the
# block at the top of the file (prefix: its spelling, see Xlate/Prefix.pm).
my %FLAVOUR = (
    elf => {
        guard  => '#if defined(__x86_64__) && defined(__ELF__) && !defined(CTASM_NO_ASM)',
        names  => { local => sub { ".L$_[0]" }, global => sub { $_[0] }, here => '.' },
        prefix => { sym => '', macro => 'CTASM_PFX', sep => ', ' },
        text   => ".text",
        rodata => ".section .rodata",
        export => sub { (".globl $_[0]", ".hidden $_[0]") },
        typefn => sub { (".type $_[0],\@function") },
        sizefn => sub { (".size $_[0],.-$_[0]") },
        endbr  => 1,
    },
    macosx => {
        guard  => '#if defined(__x86_64__) && defined(__APPLE__) && !defined(CTASM_NO_ASM)',
        names  => { local => sub { "L$_[0]" }, global => sub { "_$_[0]" }, here => '.' },
        prefix => { sym => '_', macro => 'CTASM_MPFX', sep => ', ' },
        text   => ".section __TEXT,__text,regular,pure_instructions",
        rodata => ".section __TEXT,__const",
        export => sub { (".globl $_[0]", ".private_extern $_[0]") },
        typefn => sub { () },
        sizefn => sub { () },
        endbr  => 1,
    },
);

my @out;
sub emit { push @out, @_ }
my $F;

sub att_operand { my ($o, $it) = @_; return att_operand_base($o, $it) . decorations($o) }
sub decorations {
    my ($o) = @_;
    return ($o->{bcst} ? "{$o->{bcst}}" : '') . ($o->{mask} ? "{%$o->{mask}}" : '')
         . ($o->{zero} ? '{z}' : '');
}
sub att_operand_base {
    my ($o, $it) = @_;
    my $s = $o->{star} ? '*' : '';
    if ($o->{t} eq 'reg') { return "$s%$o->{r}" }
    if ($o->{t} eq 'rc') { return "{$o->{rc}}" }
    if ($o->{t} eq 'imm') { return "$s\$" . xexpr($o->{e}, $it) }
    if ($o->{t} eq 'sym') { return $s . xexpr($o->{e}, $it) }
    my $m = $s . xexpr($o->{disp}, $it) . '(';
    $m .= "%$o->{base}" if defined $o->{base};
    $m .= ",%$o->{index}" if defined $o->{index};
    $m .= ",$o->{scale}" if defined $o->{scale};
    return "$m)";
}

# CFI-annotated prologue / epilogue (SysV): one description, both GAS flavours.
# CFA offsets are absolute (.cfi_def_cfa_offset): LLVM's assembler (clang, Mach-O) does
# not rewind its running total for .cfi_adjust_cfa_offset at .cfi_restore_state, so
# relative adjustments after a mid-function .ctasm_ret would come out wrong there.
sub gas_prologue {
    my ($p) = @_;
    my $pl = plan($p);
    my $cfa = 8;
    for my $r (@{$pl->{push}}) {
        $cfa += 8;
        emit("\tpushq\t%$r", "\t.cfi_def_cfa_offset\t$cfa", "\t.cfi_offset\t%$r,-$cfa");
    }
    if ($pl->{alloc}) {
        $cfa += $pl->{alloc};
        emit("\tsubq\t\$$pl->{alloc},%rsp", "\t.cfi_def_cfa_offset\t$cfa");
    }
    if ($pl->{fp}) {
        # rbp, pushed last, becomes the CFA register; then the scratch frame and the
        # alignment, which the CFI need not follow.
        emit("\tmovq\t%rsp,%rbp", "\t.cfi_def_cfa_register\t%rbp");
        emit("\tsubq\t\$$pl->{frame},%rsp") if $pl->{frame};
        emit("\tandq\t\$-$pl->{align},%rsp");
    }
}
sub gas_epilogue {
    my ($p) = @_;
    my $pl = plan($p);
    if ($pl->{trivial}) { emit("\tret"); return }
    my $cfa = 8 + 8 * @{$pl->{push}};
    emit("\t.cfi_remember_state");
    emit("\taddq\t\$$pl->{alloc},%rsp", "\t.cfi_def_cfa_offset\t$cfa") if $pl->{alloc};
    emit("\tmovq\t%rbp,%rsp", "\t.cfi_def_cfa\t%rsp,$cfa") if $pl->{fp};
    for my $r (reverse @{$pl->{push}}) {
        $cfa -= 8;
        emit("\tpopq\t%$r", "\t.cfi_def_cfa_offset\t$cfa", "\t.cfi_restore\t%$r");
    }
    emit("\tret", "\t.cfi_restore_state");
}

sub gas_align { my $n = shift; my $l = 0; $l++ while (1 << $l) < $n; return "\t.p2align\t$l" }

sub print_gas {
    my ($items) = @_;
    $F = $FLAVOUR{$flavour};
    use_symbol_rules($F->{names});
    @out = ();
    my %line;    # instruction text => printed line
    emit($F->{guard});
    emit(prefix_block($F->{prefix}, @global_order));
    for my $it (@$items) {
        my $k = $it->{k};
        if ($k eq 'label') {
            emit(($it->{name} =~ $IS_LABEL ? local_name(substr($it->{name}, 2)) : global_name($it->{name})) . ':');
        } elsif ($k eq 'insn') {
            # The line depends only on the instruction's text (and the flavour).
            push @out, $line{$it->{key}} //= do {
                $XlateOutput::COUNT{printed}++;
                my @o = map { att_operand($_, $it) } @{$it->{ops}};
                "\t$it->{op}" . (@o ? "\t" . join(',', @o) : '');
            };
        } elsif ($k eq 'section') {
            emit($F->{$it->{which}});
        } elsif ($k eq 'align') {
            emit(gas_align($it->{n}));
        } elsif ($k eq 'data') {
            my $d = { 1 => '.byte', 2 => '.short', 4 => '.long', 8 => '.quad' }->{$it->{size}};
            emit("\t$d\t" . join(',', map { xexpr($_, $it) } @{$it->{vals}}));
        } elsif ($k eq 'bytes') {
            emit(byte_lines('.byte', $it->{vals}));
        } elsif ($k eq 'proc') {
            my $name = global_name($it->{name});
            emit($F->{export}->($name)) if $it->{global};
            emit($F->{typefn}->($name));
            emit("\t.p2align\t4", "$name:", "\t.cfi_startproc");
            emit("\tendbr64") if $F->{endbr};
            gas_prologue($it);
        } elsif ($k eq 'ret') {
            gas_epilogue($it->{proc});
        } elsif ($k eq 'endproc') {
            emit("\t.cfi_endproc", $F->{sizefn}->(global_name($it->{proc}{name})));
        } elsif ($k eq 'adr') {
            emit("\tleaq\t" . xexpr($it->{label}, $it) . "(%rip),%$it->{reg}");
        } elsif ($k eq 'stackarg') {
            my ($base, $off) = stack_arg($it->{proc}, $it->{n});
            emit("\tmovq\t$off(%$base),%$it->{reg}");
        } elsif ($k eq 'cfi') {
            emit("\t$it->{dir}");
        }
    }
    emit('#endif');
    # Outside the main guard, in every flavour: see ElfNotes.pm.
    emit(ElfNotes::elf_notes_footer());
    return @out;
}

1;
