# SPDX-License-Identifier: Apache-2.0
# x86_64: data only in .ctasm_rodata (outside functions), never in a function body.
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
# Inside a function data is refused too: bytes there run as instructions the
# translator never saw (.byte 0x5b is a pop %rbx no unwind data or Win64 save
# describes), and a partial instruction would merge with whatever follows it, on
# nasm a different epilogue. Instructions the dialect lacks belong in X86_64/Insns.pm.
package X86_64::DataText;
use strict;
use warnings;
use Exporter 'import';
use X86_64::Common;
our @EXPORT_OK = qw(check_data_section);

# Fail at item $it (a 'data' or 'bytes' item) in a function ($in_proc true), or outside
# one unless the current section $section ('' before any section directive) is
# .ctasm_rodata.
sub check_data_section {
    my ($it, $section, $in_proc) = @_;
    my ($d) = $it->{text} =~ /(\.(?:byte|value|short|word|long|int|quad|ascii|asciz|string))\b/;
    $d //= 'data';
    fail("$d in a function body: it would run as instructions the translator never checked "
         . "(no unwind data, no Win64 saves); write the instruction", $it) if $in_proc;
    return if $section eq 'rodata';
    my $where = $section eq 'text' ? 'in .ctasm_text outside a function' : 'before any section directive';
    fail("$d $where: tables only after .ctasm_rodata on x86_64 (in code they are decoded "
         . "as instructions, at offsets that differ per flavour)", $it);
}

1;
