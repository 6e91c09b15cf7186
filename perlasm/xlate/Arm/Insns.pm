# SPDX-License-Identifier: Apache-2.0
# Instruction validation for arm-xlate.pl: every instruction statement is
# looked up in its ISA's table (Arm/InsnsA64.pm, Arm/InsnsA32.pm) before any
# flavour prints it, so an unknown mnemonic, a wrong data type or operands of
# the wrong class, count or arrangement are refused on every flavour alike.
package Arm::Insns;
use strict;
use warnings;
use Exporter 'import';
use Arm::Common;
use Arm::Keywords qw($COND);
use Arm::Operands;
use Arm::Forms;
use Arm::InsnsA64;
use Arm::InsnsA32;
use XlateOutput;
our @EXPORT = qw(check_insn);

# ARMv7: (table entry, base, data type) of a mnemonic, or fail.
sub a32_lookup {
    my ($op) = @_;
    my ($m, $dt) = split /\./, lc $op, 2;
    $dt //= '';
    my @cands = ($m);
    push @cands, $1 if $m =~ /^([^v].*?)$COND$/;    # NEON takes no condition in ARM state
    for my $k (0 .. $#cands) {
        my $c = $cands[$k];
        my $base = $A32_INSNS{$c} ? $c : $c =~ /^(.+)s$/ && $A32_SETFLAGS{$1} ? $1 : next;
        fail("'$op': $base takes no condition") if $k && $A32_NOCOND{$base};
        return ($A32_INSNS{$base}, $base, $dt);
    }
    fail("unknown instruction '$op'" . ($m =~ /^v/ && $m =~ /$COND$/ ? ' (NEON takes no condition in ARM state)' : ''));
}

# Statements that passed: the check depends only on the text (and the ISA and
# the function names, fixed for the input), and a file repeats most statements.
# Shared with the input's other flavours (XlateOutput.pm).
sub check_insn {
    my ($op, $rest) = @_;
    my $passed = XlateOutput::cache($A64 ? 'arm-insn-a64' : 'arm-insn-a32');
    return if $passed->{"$op\0$rest"};
    my ($forms, $base);
    if ($A64) {
        $base = lc $op;
        $base = 'b.cond' if $base =~ /^b\.$COND$/;
        $forms = $A64_INSNS{$base} or fail("unknown instruction '$op'");
    } else {
        my ($entry, $b, $dt) = a32_lookup($op);
        $base = $b;
        $forms = $entry->{$dt};
        fail("'$op': NEON takes no condition in ARM state")
            if !$forms && $dt =~ /^(\w*?)$COND$/ && $entry->{$1};
        unless ($forms) {
            my @ok = map { $_ eq '' ? 'none' : ".$_" } sort keys %$entry;
            fail("'$op': data type " . ($dt eq '' ? 'missing' : "'.$dt' not accepted") . " for $base (one of: @ok)");
        }
    }
    my @ops = classify_operands($op, $rest);
    return $passed->{"$op\0$rest"} = 1 if match_forms($forms, \@ops);
    # A field out of range (Arm/ImmA64.pm) says which; otherwise the forms.
    fail("'$op $rest': operands do not match any form of $base: $Arm::Forms::WHY")
        if defined $Arm::Forms::WHY;
    my @show = @$forms > 6 ? (@$forms[0 .. 5], '...') : @$forms;
    fail("'$op $rest': operands do not match any form of $base (forms, as in Arm/Forms.pm: "
         . join(' | ', map { $_ eq '' ? 'no operands' : $_ } @show) . ")");
}

1;
