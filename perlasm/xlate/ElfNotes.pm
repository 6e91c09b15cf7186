# SPDX-License-Identifier: Apache-2.0
package ElfNotes;
# The ELF notes every generated .S file ends with, whatever its flavour, shared by
# both translators.
#
# They stand outside the file's arch/format guard on purpose. A vendoring build
# may compile every file of every target; the files for other targets (and all
# files under CTASM_NO_ASM) then assemble to empty objects. On ELF, an object
# without .note.GNU-stack asks for an executable stack, and one without the GNU
# property note turns IBT/SHSTK (x86_64) or BTI/PAC (AArch64) off for the whole
# linked program (the linker ANDs the property over all inputs). So every object
# carries the notes of the machine it is assembled for.
use strict;
use warnings;
use Exporter 'import';
our @EXPORT_OK = qw(elf_notes_footer);

# One NT_GNU_PROPERTY_TYPE_0 note with a single 4-byte AND-feature property
# (ELF64 layout: 8-byte alignment and padding).
sub property_note {
    my ($pr_type, $bits, $what) = @_;
    return ('.pushsection .note.gnu.property,"a",%note',
            "\t.p2align\t3",
            "\t.long\t4",             # n_namesz: "GNU\0"
            "\t.long\t16",            # n_descsz: one property, padded to 8
            "\t.long\t5",             # NT_GNU_PROPERTY_TYPE_0
            "\t.asciz\t\"GNU\"",
            "\t.long\t$pr_type",
            "\t.long\t4",             # pr_datasz
            "\t.long\t$bits\t/* $what */",
            "\t.p2align\t3",          # pr_padding
            '.popsection');
}

sub elf_notes_footer {
    return ('#if defined(__ELF__)',
            '.pushsection .note.GNU-stack,"",%progbits',
            '.popsection',
            '#if defined(__x86_64__)',
            property_note('0xc0000002', 3, 'GNU_PROPERTY_X86_FEATURE_1_AND: IBT | SHSTK'),
            '#elif defined(__aarch64__)',
            property_note('0xc0000000', 3, 'GNU_PROPERTY_AARCH64_FEATURE_1_AND: BTI | PAC'),
            '#endif',
            '#endif');
}

1;
