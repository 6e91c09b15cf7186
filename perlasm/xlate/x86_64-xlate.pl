#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# x86_64 perlasm translator: AT&T-syntax perlasm (docs/PERLASM.md) on stdin ->
# GAS ELF (.S), GAS Mach-O (.S) or NASM win64 (.asm).
#
#   perl x86_64-xlate.pl FLAVOUR [OUTFILE]      FLAVOUR: elf | macosx | nasm
#   perl x86_64-xlate.pl FLAVOUR=OUTFILE ...    several flavours, one parse (XlateOutput.pm)
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
use XlateOutput;
use Xlate::Fail ();

# The shared modules (Xlate/*.pm) refuse through this translator's fail(). Installed
# when the script runs, not when a module loads: the job server (util/perl_job_server.pl)
# preloads both translators' modules in one process.
Xlate::Fail::install(\&fail);

my $usage = "usage: $0 elf|macosx|nasm [OUTFILE]  or  $0 FLAVOUR=OUTFILE...\n";
my $targets = XlateOutput::targets($usage, @ARGV);
$_->[0] =~ /^(elf|macosx|nasm)$/ or die $usage for @$targets;

# Parsing and the analysis read no flavour (plan() is per flavour and runs while
# printing), so several flavours share one parse and analysis; errors before
# printing name the first flavour.
# The flavours print one after another in this process (XlateOutput.pm): what a
# printer keeps is reset before each one, the frame plans (plan() caches the
# flavour's plan in the function) and nasm's prologue codes, and the work counts
# start from the analysis' again.
$flavour = $targets->[0][0];
my $items = parse(\*STDIN);
analyse($items);
my %analysed = %XlateOutput::COUNT;
exit XlateOutput::each_flavour('x86_64-xlate.pl', $targets, sub {
    ($flavour) = @_;
    $win64 = $flavour eq 'nasm';
    delete @{$_}{qw(plan codes prolog_end)} for @procs;
    %XlateOutput::COUNT = %analysed;
    my @out = $win64 ? print_nasm($items) : print_gas($items);
    XlateOutput::write_counts($flavour);
    return join("\n", @out) . "\n";
});
