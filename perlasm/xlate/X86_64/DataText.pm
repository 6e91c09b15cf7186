# SPDX-License-Identifier: Apache-2.0
# x86_64: data outside functions only in .ctasm_rodata.
#
# Bytes in .text between functions are decoded as instructions by every disassembler,
# and where they start depends on the code before them: the Win64 prologues and
# argument moves of nasm are longer than the SysV ones of elf/macosx, so the same table
# starts at another offset (another alignment padding before it) and the flavours'
# instruction streams differ; the cross-flavour check cannot tell such data from code.
# No script keeps tables in .text on x86_64 (RIP-relative addressing reaches
# .ctasm_rodata from anywhere), so .byte .value .short .word .long .int .quad .ascii
# .asciz .string are refused outside a function unless the section is .ctasm_rodata
# (in .ctasm_text between functions, and before any section directive).
# Inside a function (always .ctasm_text) data stays what it is today: the encoding of
# an instruction the table does not name (perlasm/test/abi-x86_64.pl writes std as
# .byte 0xfd); it runs in the body, at the same place on every flavour.
package X86_64::DataText;
use strict;
use warnings;
use Exporter 'import';
use X86_64::Common;
our @EXPORT_OK = qw(check_data_section);

# Fail at item $it (a 'data' or 'bytes' item) outside any function ($in_proc false)
# unless the current section $section ('' before any section directive) is .ctasm_rodata.
sub check_data_section {
    my ($it, $section, $in_proc) = @_;
    return if $section eq 'rodata' || $in_proc;
    my ($d) = $it->{text} =~ /(\.(?:byte|value|short|word|long|int|quad|ascii|asciz|string))\b/;
    $d //= 'data';
    my $where = $section eq 'text' ? 'in .ctasm_text outside a function' : 'before any section directive';
    fail("$d $where: tables only after .ctasm_rodata on x86_64 (in code they are decoded "
         . "as instructions, at offsets that differ per flavour)", $it);
}

1;
