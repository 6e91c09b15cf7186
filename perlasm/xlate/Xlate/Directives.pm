# SPDX-License-Identifier: Apache-2.0
package Xlate::Directives;
# Raw assembler directives that neither translator passes through, one table for
# both, with what the dialect has instead. Sections, symbols and unwind data come
# from the .ctasm_* directives (a raw one would bypass the exports with their Win64
# entries, the prefix block and the unwind tables); assembly-time repetition,
# symbols and conditionals would hide from the translator's checks what they
# expand to (x18, stack moves, names), and target directives are each flavour's
# header. Any other directive a translator does not know is refused as unknown.
use strict;
use warnings;
use Exporter 'import';
our @EXPORT_OK = qw(raw_directive_refusal);

my %USE;
$USE{".$_"} = '.ctasm_text / .ctasm_rodata'
    for qw(text data bss rodata section previous pushsection popsection);
$USE{".$_"} = '.ctasm_proc NAME, global'
    for qw(globl global type size hidden protected weak local private_extern extern comm
           lcomm def scl endef);
$USE{".$_"} = '.ctasm_proc / .ctasm_ret (the translator writes the unwind data)'
    for qw(fnstart fnend save vsave pad);
$USE{".$_"} = 'Perl in the script for repetition, names and conditions'
    for qw(rept endr irp irpc macro endm exitm purgem set equ equiv eqv req unreq dn qn
           include incbin else elseif endif err error warning altmacro noaltmacro);
$USE{".$_"} = 'the flavour header the translator writes (.ctasm_arch_ext for ISA extensions)'
    for qw(thumb arm code syntax fpu arch arch_extension cpu object_arch inst.n inst.w);

# The refusal of raw directive $d, or undef when it is not one of the table.
sub raw_directive_refusal {
    my ($d) = @_;
    my $use = $USE{$d}
        // ($d =~ /^\.(?:cfi|seh)_\w+$/ ? $USE{'.fnstart'}
          : $d =~ /^\.if\w*$/          ? $USE{'.rept'} : undef);
    return defined $use ? "raw $d is not part of the dialect: use $use" : undef;
}

1;
