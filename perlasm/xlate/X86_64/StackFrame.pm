# SPDX-License-Identifier: Apache-2.0
# x86_64: rsp-relative operands stay inside the function's frame= scratch.
#
# After the prologue, [rsp, rsp + frame16) is the scratch frame= asked for
# (frame= rounded up to 16, as every flavour's prologue allocates it, X86_64/
# Analyse.pm plan()). Above it each flavour keeps something else: the Win64 xmm6-15
# save area and the rdi/rsi pushes of a global function, padding, the save= pushes,
# the return address, then the caller's frame (stack arguments are read through
# .ctasm_stack_arg, which knows where each flavour put them). An operand past the
# scratch would name a different slot per flavour, so it is refused with its line,
# as ARMv7 bounds its sp stores (Arm/StackA32.pm). lea computes an address, no
# access: its displacement may point at the end of the scratch (an end pointer).
# An operand with an index register (bsaes-x86_64 indexes its scratch tables:
# 224(%rsp,%rdx)) adds a run-time value the translator cannot bound, so only its
# constant part is: the displacement with index 0 must be an access inside the
# scratch as above (lea: an address in [0, frame16]); that the index keeps the whole
# access inside [0, frame16) is the script's promise (docs/PERLASM.md), as is memory
# reached through another register holding an rsp-derived address.
package X86_64::StackFrame;
use strict;
use warnings;
use Exporter 'import';
use X86_64::Common;
use X86_64::Insns ();
our @EXPORT_OK = qw(check_rsp_operands);

my %VEC = (x => 16, y => 32, z => 64);
my %SUFFIX = (BYTE => 1, WORD => 2, DWORD => 4, QWORD => 8);

# Bytes an instruction's memory operand covers, as far as its registers or size
# say (at least 1).
sub access_width {
    my ($it) = @_;
    my $w = $SUFFIX{ $it->{cls}{size} // '' } // 0;
    for my $o (@{ $it->{ops} }) {
        next unless $o->{t} eq 'reg';
        my $r = $o->{r};
        my $n = $r =~ /^([xyz])mm\d+$/ ? $VEC{$1} : X86_64::Insns::gpr_width($r) // 0;
        $w = $n if $n > $w;
    }
    return $w || 1;
}

# Fail unless every rsp-based memory operand of instruction $it (in function $p)
# lies inside $p's scratch frame.
my %NO_RSP;    # operand texts without an rsp-based memory operand: nothing to check
sub check_rsp_operands {
    my ($it, $p) = @_;
    return if $NO_RSP{ $it->{args} };
    $NO_RSP{ $it->{args} } = 1
        unless grep { $_->{t} eq 'mem' && defined $_->{base} && ($GPR{ $_->{base} } // '') eq 'rsp' } @{ $it->{ops} };
    for my $o (@{ $it->{ops} }) {
        next unless $o->{t} eq 'mem' && defined $o->{base} && ($GPR{ $o->{base} } // '') eq 'rsp';
        my $frame = ($p->{frame} + 15) & ~15;
        my $where = "$p->{name}'s frame= scratch [0, $frame) from %rsp";
        my $lea = $it->{op} =~ /^lea[wlq]?$/;
        my $d = $o->{disp} eq '' ? 0 : xconst($o->{disp}, $it);
        fail("'$it->{op}': displacement '$o->{disp}' on %rsp is not a constant", $it) unless defined $d;
        my $end = $d + ($lea ? 0 : access_width($it));
        next if $d >= 0 && $end <= $frame && ($lea || $d < $frame);
        fail("'$it->{op}' with index %$o->{index}: displacement $d " . ($lea ? '' : "(bytes [$d, $end)) ")
             . "is outside $where; the index may only add to an in-frame displacement", $it)
            if defined $o->{index};
        fail("'$it->{op}' reaches [$d, $end) from %rsp, outside $where: above it each flavour keeps"
             . " other slots (saves, return address, caller's frame); stack arguments through"
             . " .ctasm_stack_arg", $it);
    }
}

1;
