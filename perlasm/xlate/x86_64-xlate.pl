#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# x86_64 perlasm translator: AT&T-syntax perlasm (docs/PERLASM.md) on stdin ->
# GAS ELF (.S), GAS Mach-O (.S) or NASM win64 (.asm).
#
#   perl x86_64-xlate.pl FLAVOUR [OUTFILE]      FLAVOUR: elf | macosx | nasm
#
# Three stages, one module each under X86_64/:
#   Parse.pm    input lines -> list of IR items (labels, instructions, directives)
#   Analyse.pm  symbol table, functions, Win64 register usage, frame plans
#   Gas.pm      printer for elf and macosx (flavour table inside)
#   Nasm.pm     printer for nasm: Intel syntax, Win64 prologues, .pdata/.xdata
#   Insns.pm    the one instruction table: every flavour validates mnemonics and
#               operand classes through it, the nasm printer translates with it
#   Forms.pm    the operand forms (classes, order, vector lengths) of each mnemonic
# Common.pm holds what they share (registers, errors, symbol naming, CTASM_PREFIX).
# The whole input is read before anything is printed, so forward references, register
# scans and unwind tables can be computed; output is written only when translation
# succeeded, so a failed run never leaves a half-written file.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use X86_64::Common;
use X86_64::Parse;
use X86_64::Analyse;
use X86_64::Gas;
use X86_64::Nasm;

$flavour = shift;
my $output = shift;
die "usage: $0 elf|macosx|nasm [OUTFILE]\n"
    unless defined $flavour && $flavour =~ /^(elf|macosx|nasm)$/;
$win64 = $flavour eq 'nasm';

my $items = parse(\*STDIN);
analyse($items);
my @out = $win64 ? print_nasm($items) : print_gas($items);

my $text = join("\n", @out) . "\n";
if (defined $output) {
    open(my $fh, '>', $output) or die "x86_64-xlate.pl: cannot write $output: $!\n";
    print $fh $text;
    close($fh) or die "x86_64-xlate.pl: cannot write $output: $!\n";
} else {
    print $text;
}
