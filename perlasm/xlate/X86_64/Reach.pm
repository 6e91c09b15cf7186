# SPDX-License-Identifier: Apache-2.0
# x86_64: control must not reach the end of a function.
#
# Past .ctasm_endproc lies the next function, padding or data, and no unwind data
# describes it. The end is reachable exactly when the last statement of the body
# (alignment and raw CFI lines aside: they do not run after an exit) is not an
# unconditional exit, since a label there is a branch target and an instruction
# there falls through. Exits: .ctasm_ret, jmp (direct or indirect) and ud2.
package X86_64::Reach;
use strict;
use warnings;
use Exporter 'import';
use X86_64::Common;
our @EXPORT_OK = qw(note_statement check_end_unreachable);

# Item $it stands in the body of function $p (called for every item between
# .ctasm_proc and .ctasm_endproc, in order).
sub note_statement {
    my ($p, $it) = @_;
    $p->{reach_last} = $it unless $it->{k} eq 'align' || $it->{k} eq 'cfi' || $it->{k} eq 'proc';
}

# Fail (at the .ctasm_endproc item $end) when function $p's end is reachable.
sub check_end_unreachable {
    my ($p, $end) = @_;
    my $last = $p->{reach_last};
    return if $last && ($last->{k} eq 'ret' || ($last->{k} eq 'insn' && $last->{op} =~ /^(?:jmpq?|ud2)$/));
    my $what = !$last ? 'an empty body' : $last->{k} eq 'label' ? "label $last->{name} last"
             : $last->{k} eq 'insn' ? "'$last->{op}' last" : 'no exit last';
    fail("control reaches the end of $p->{name} ($what): end a function with .ctasm_ret,"
         . " jmp or ud2", $end);
}

1;
