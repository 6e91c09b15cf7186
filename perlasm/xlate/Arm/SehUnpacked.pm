# SPDX-License-Identifier: Apache-2.0
# win64 (AArch64): every prologue is described by explicit unwind codes, never by
# the packed .pdata form.
#
# For a function whose prologue matches one of the "canonical" shapes (a local
# function: no bti c, so no .seh_nop first), clang 14 folds the .seh_* opcodes
# into a packed .pdata word (RegI/RegF/CR/FrameSize) and writes no .xdata.  That
# form is not what the directives say:
#   - a prologue that saves only d registers (vsave= without save=) starts with
#     stp d8, d9, [sp, #-N]!, a packed shape Windows releases have read
#     differently (later LLVM stopped packing it);
#   - util/check_cfi.py, the project's unwind checker, does not decode the packed
#     form, so no test would see a wrong one.
# MC packs only when it writes the unwind data at the end of the file; a
# .seh_handlerdata before .seh_endproc makes it write the .xdata there, unpacked
# (no handler is named, so the record says "no exception data"), after which
# .text goes back to the function's section.  Global functions start with bti c
# (.seh_nop), which no packed form has, so they are unpacked already and their
# output is unchanged.
package Arm::SehUnpacked;
use strict;
use warnings;
use Exporter 'import';
use Arm::Common;
our @EXPORT_OK = qw(seh_unpacked_lines);

# Lines to print before .seh_endproc for a function planned as $plan: none unless
# the flavour writes SEH and the prologue could be taken for a packed one.
sub seh_unpacked_lines {
    my ($plan) = @_;
    return () unless $F->{seh};
    my @seh = map { @{ $_->{pro_seh} // [] } } @{ $plan->{steps} };
    return () if !@seh || $seh[0] eq '.seh_nop';
    return ('.seh_handlerdata', '.text');
}

1;
