# SPDX-License-Identifier: Apache-2.0
# AArch64 and ARMv7: control must not reach the end of a function.
#
# Past .ctasm_endproc lies the next function, padding or a table, and no unwind
# data describes it. The end is reachable exactly when the last statement of the
# body (alignment aside: it does not run after an exit) is not an unconditional
# exit, since a label there is a branch target and an instruction there falls
# through. Exits: .ctasm_ret; AArch64 b, br, ret (and their PAC forms, in leaf
# functions), udf and brk (traps); ARMv7 b, bx, udf, bkpt (unconditional only).
# The x86_64 twin is X86_64/Reach.pm.
package Arm::Reach;
use strict;
use warnings;
use Exporter 'import';
use Arm::Common;
our @EXPORT_OK = qw(note_label note_statement note_insn check_end_unreachable);

my $A64_EXIT = qr/^(?:b|br|braa|brab|braaz|brabz|ret|retaa|retab|udf|brk)$/i;
my $A32_EXIT = qr/^(?:b|bal|bx|bxal|udf|bkpt)$/i;
my $NOT_RUN = qr/^\.(?:ctasm_endproc|ctasm_align|balign|p2align|align)$/;

# Label $l is defined in the body of function $cur.
sub note_label { $_[0]{reach_last} = "label $_[1]"; }

# Statement $st (labels taken off) stands in the body of function $cur.
sub note_statement {
    my ($cur, $st) = @_;
    my ($op) = $st =~ /^(\S+)/ or return;
    $cur->{reach_last} = $op unless $op =~ $NOT_RUN;
}

# The same for an instruction statement whose mnemonic is $op (already split off).
sub note_insn { $_[0]{reach_last} = $_[1]; }

# At .ctasm_endproc of $cur: fail when its end is reachable.
sub check_end_unreachable {
    my ($cur) = @_;
    my $last = $cur->{reach_last};
    return if defined $last && ($last eq '.ctasm_ret' || $last =~ ($A64 ? $A64_EXIT : $A32_EXIT));
    my $what = !defined $last ? 'an empty body' : $last =~ /^label / ? "$last last" : "'$last' last";
    fail("control reaches the end of $cur->{p}{name} ($what): end a function with .ctasm_ret"
         . " or an unconditional branch");
}

1;
