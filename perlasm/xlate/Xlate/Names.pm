# SPDX-License-Identifier: Apache-2.0
package Xlate::Names;
# Function names, for both translators. A name is a symbol on every flavour and a
# token to the preprocessor that reads every generated file (C's for .S, NASM's for
# .asm), so names that mean something else to some assembler or preprocessor of
# the ISA are refused: registers, operand or assembler keywords and instruction
# mnemonics (the ISA's tables, given by the translator), macros a compiler
# predefines on some target (GCC: linux, unix; mingw: WIN32 ...), names reserved
# to the C implementation (__x, _X: __APPLE__, _WIN32), and CTASM_*, the prefix
# block's own macros.
use strict;
use warnings;
use Exporter 'import';
use Xlate::Fail qw(fail);
our @EXPORT_OK = qw(check_function_name);

# Compared in lower case: one list for every ISA (a superset is harmless).
my %MACRO = map { $_ => 1 } qw(linux unix i386 x86_64 arm aarch64 mips sparc win32 win64 winnt);

# $isa: {register => sub, keyword => sub, keyword_what => TEXT, mnemonic => sub}, each
# sub true for a name that is one on some flavour of the ISA. @ctx goes to fail().
sub check_function_name {
    my ($n, $isa, @ctx) = @_;
    my $why = $isa->{register}->($n)  ? 'a register name on some flavour'
            : $isa->{keyword}->($n)   ? $isa->{keyword_what}
            : $isa->{mnemonic}->($n)  ? 'an instruction mnemonic on some flavour'
            : $MACRO{lc $n}           ? 'a preprocessor macro on some flavour'
            : $n =~ /^_[_A-Z]/        ? 'reserved (leading __ or _ and a capital: compiler macros)'
            : $n =~ /^CTASM_/         ? 'reserved for the CTASM_PREFIX block'
            : undef;
    fail("function name '$n' is $why: choose another", @ctx) if $why;
}

1;
