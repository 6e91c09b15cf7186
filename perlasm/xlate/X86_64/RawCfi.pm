# SPDX-License-Identifier: Apache-2.0
# x86_64: the raw .cfi_* lines of the broken_unwind test fixtures, parsed and checked.
#
# Only functions with the test-only key broken_unwind (named ctasm_unwind_neg_*) may
# carry raw CFI (wrong on purpose, for tests/unwind_test.cc). It is printed on elf and
# macosx and dropped on nasm, so whatever is accepted must assemble alike with GNU as
# and clang: the directive comes from a closed list, each operand is a 64-bit GPR
# (%rax ... %r15) or a number of the translator's own expression grammar (xconst in
# X86_64/Common.pm: no symbols, no octal, the operator mixes of xexpr), printed as
# xexpr prints constants (folded to decimal, a lone literal keeping its spelling), in
# the range below. Anything else is refused with its line.
#   .cfi_def_cfa_offset N       N 0..2^31-1
#   .cfi_adjust_cfa_offset N    N -2^31..2^31-1
#   .cfi_def_cfa REG, N         N 0..2^31-1
#   .cfi_def_cfa_register REG
#   .cfi_offset REG, N          N -2^31..2^31-1, a multiple of 8 (the data alignment
#   .cfi_rel_offset REG, N        factor: GNU as refuses others, clang takes them)
#   .cfi_restore REG   .cfi_undefined REG   .cfi_same_value REG
#   .cfi_register REG, REG
# Not admitted: .cfi_startproc/.cfi_endproc (the translator writes them), state
# stacks (.cfi_remember_state/.cfi_restore_state: a restore without its remember
# does not assemble), .cfi_escape, personality, LSDA and the other directives.
package X86_64::RawCfi;
use strict;
use warnings;
use Exporter 'import';
use X86_64::Common;
our @EXPORT_OK = qw(raw_cfi);

my %FORMS = (
    '.cfi_def_cfa_offset'   => ['cfa'],
    '.cfi_adjust_cfa_offset' => ['adj'],
    '.cfi_def_cfa'          => ['reg', 'cfa'],
    '.cfi_def_cfa_register' => ['reg'],
    '.cfi_offset'           => ['reg', 'slot'],
    '.cfi_rel_offset'       => ['reg', 'slot'],
    '.cfi_restore'          => ['reg'],
    '.cfi_undefined'        => ['reg'],
    '.cfi_same_value'       => ['reg'],
    '.cfi_register'         => ['reg', 'reg'],
);
my %NUM = (cfa => [0, 'a CFA offset 0..2^31-1'], adj => [-2**31, 'an adjustment of 32 bits'],
           slot => [-2**31, 'a slot offset of 32 bits']);

# The cfi item of raw directive $d with operand text $rest (the current input line),
# or a refusal naming the line.
sub raw_cfi {
    my ($d, $rest) = @_;
    my $form = $FORMS{$d}
        or fail("raw $d is not one of the raw CFI directives a broken_unwind fixture may "
                . "use (" . join(' ', sort keys %FORMS) . ")");
    my @ops = $rest =~ /^\s*$/ ? () : map { s/^\s+|\s+$//gr } split /,/, $rest, -1;
    fail("$d takes " . scalar(@$form) . " operand(s) (" . join(', ', map { $_ eq 'reg' ? 'a register' : 'a number' } @$form)
         . "), not '$rest'") if @ops != @$form;
    my @out;
    for my $i (0 .. $#ops) {
        my ($want, $op) = ($form->[$i], $ops[$i]);
        if ($want eq 'reg') {
            $op =~ /^%(\w+)$/ && exists $GPR{$1} && $GPR{$1} eq $1 && $1 ne 'rip'
                or fail("$d: '$op' is not a 64-bit register (%rax ... %r15)");
            push @out, $op;
            next;
        }
        my $v = $op =~ /^[-+]?\s*[0-9]/ || $op =~ /^[-+~(]/ ? xconst($op) : undef;
        defined $v or fail("$d: '$op' is not a number");
        my ($min, $what) = @{$NUM{$want}};
        fail("$d: $op is not $what") if $v < $min || $v > 2**31 - 1;
        fail("$d: $op is not a multiple of 8 (the CFI data alignment factor)")
            if $want eq 'slot' && $v % 8;
        # Printed as every other constant is (xexpr: its operator mixes checked, a lone
        # literal keeping its spelling, anything else folded to decimal).
        push @out, xexpr($op);
    }
    return { k => 'cfi', dir => @out ? "$d\t" . join(', ', @out) : $d };
}

1;
