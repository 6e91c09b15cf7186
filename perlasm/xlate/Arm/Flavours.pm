# SPDX-License-Identifier: Apache-2.0
# The flavour table of arm-xlate.pl: every per-flavour difference is a field here.
package Arm::Flavours;
use strict;
use warnings;
use Arm::Common;

#   isa       a64 (AArch64) or a32 (ARMv7 ARM state)
#   obj       elf / macho / coff: symbol directives and section names
#   guard     the arch + object-format test of the per-file #if
#   sym       prefix the object format puts on C symbol names
#   lbl       spelling of assembler-local labels (input always uses .L)
#   prefix    spelling of the CTASM_PREFIX block (Xlate/Prefix.pm)
#   rodata    section for .ctasm_rodata
#   adr       how .ctasm_adr is expanded
#   cfi       emit DWARF CFI;  seh: Windows ARM64 unwind directives;
#   ehabi     ARM EHABI .fnstart/.save/.vsave/.pad/.fnend
#   pac       sign/authenticate x30 (paciasp/autiasp) when it is saved
#   compact   the assembler derives Mach-O compact unwind from the CFI (clang
#             14 arm64): a frame-only function must be kept on DWARF
#   bti       "bti c" landing pad at exported entries
#   header    lines after the prefix block
#   ext       per .ctasm_arch_ext name: the lines printed where it stands
#   a32_crypto  ARMv7 crypto instructions: 'arch' (bracketed by .arch/.fpu) or
#             'inst' (encoded by the translator); see Arm/Ext.pm
our %FLAVOURS = (
    linux64 => {
        isa => 'a64', obj => 'elf', sym => '', lbl => '.L',
        prefix => { sym => '', macro => 'CTASM_PFX', sep => ',' },
        guard  => 'defined(__aarch64__) && defined(__ELF__)',
        rodata => '.section .rodata',
        adr    => 'lo12',
        cfi => 1, seh => 0, ehabi => 0, pac => 1, bti => 1,
        ext => { aes => ['.arch_extension aes'] },
        header => [],
    },
    ios64 => {
        isa => 'a64', obj => 'macho', sym => '_', lbl => 'L',
        prefix => { sym => '_', macro => 'CTASM_PFX', sep => ',' },
        guard  => 'defined(__aarch64__) && defined(__APPLE__)',
        rodata => '.section __TEXT,__const',
        adr    => 'page',
        cfi => 1, seh => 0, ehabi => 0, pac => 1, bti => 1, compact => 1,
        ext => { aes => ['.arch_extension aes'] },
        header => [],
    },
    win64 => {
        isa => 'a64', obj => 'coff', sym => '', lbl => '.L',
        prefix => { sym => '', macro => 'CTASM_PFX', sep => ',' },
        guard  => 'defined(__aarch64__) && defined(_WIN32)',
        rodata => '.section .rdata,"dr"',
        adr    => 'lo12',
        cfi => 0, seh => 1, ehabi => 0, bti => 1,
        # No PAC on win64.  Windows unwind data must describe every prologue
        # instruction, and paciasp is described only by the pac_sign_lr
        # unwind code (.seh_pac_sign_lr), which LLVM 14 cannot emit.
        # Describing paciasp as .seh_nop would hand the unwinder a signed
        # return address it never strips, corrupting every unwind through
        # these functions on PAC-enabled Windows; an unsigned x30 with
        # correct unwind data is the safe choice.  "bti c" is a hint the
        # unwinder need not undo, so it is described by .seh_nop.
        pac => 0,
        ext => { aes => ['.arch_extension aes'] },
        header => [],
    },
    linux32 => {
        isa => 'a32', obj => 'elf', sym => '', lbl => '.L',
        prefix => { sym => '', macro => 'CTASM_PFX', sep => ',' },
        guard  => 'defined(__arm__) && defined(__ELF__)',
        rodata => '.text',    # constants stay next to the code so adr reaches them
        adr    => 'adr',
        cfi => 1, seh => 0, ehabi => 1, pac => 0, bti => 0,
        # ARM state, not Thumb-2: the code is NEON-heavy, where Thumb-2 saves
        # little space, and ARM state needs no IT blocks around conditionals.
        ext => { aes => [] }, a32_crypto => 'arch',
        header => ['.syntax unified', '.arch armv7-a', '.fpu neon', '.arm'],
    },
    ios32 => {
        isa => 'a32', obj => 'macho', sym => '_', lbl => 'L',
        prefix => { sym => '_', macro => 'CTASM_PFX', sep => ',' },
        guard  => 'defined(__arm__) && defined(__APPLE__)',
        rodata => '.text',
        adr    => 'adr',
        cfi => 1, seh => 0, ehabi => 0, pac => 0, bti => 0,
        # ARM state (see linux32); the NEON unit is chosen by -mfpu=neon.
        ext => { aes => [] }, a32_crypto => 'inst',
        header => ['.syntax unified', '.code 32'],
    },
);

# Selects FLAVOUR for every stage; dies on an unknown name.
sub select_flavour {
    my ($name) = @_;
    my $row = $FLAVOURS{$name}
        or die "arm-xlate.pl: unknown flavour '$name' (one of: "
            . join(' ', sort keys %FLAVOURS) . ")\n";
    ($FLAVOUR, $F, $A64) = ($name, $row, $row->{isa} eq 'a64');
}

1;
