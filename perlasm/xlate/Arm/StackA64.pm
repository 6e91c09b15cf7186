# SPDX-License-Identifier: Apache-2.0
# AArch64: sp-relative stores and loads stay inside the function's frame= scratch.
#
# After the prologue (Arm/Frame.pm plan_a64) sp points at the frame= scratch,
# frame= rounded up to 16 as the prologue allocates it; above it lie the save=
# and vsave= slots the prologue stored (x29/x30 frame record, x19.., d8..; the
# epilogue reloads them and the unwind data of every flavour says they hold the
# caller's registers, x30 signed with PAC on linux64), then the caller's frame;
# below sp nothing is kept (a signal handler may write there). A body store to any
# of those breaks the caller or the unwinder, so every sp-based store (str, stur,
# strb/strh, sturb/sturh, stp, stnp, st1-st4) must write inside [sp, #0 .. frame).
# Unlike ARMv7, loads are bounded too, to the scratch and the save=/vsave= slots
# just above it (see below): an AArch64 function has no stack arguments (args= is
# at most 8, docs/PERLASM.md), so a load higher up reads the caller's frame, and a
# load below sp reads what a signal handler left. Writeback forms of sp ([sp, #n]!, [sp], #n) and every other write of sp in
# a body are refused before this check (arm-xlate.pl check_body). The prologue's
# own stores are not body statements and are not checked here.
# Loads may also read the save= and vsave= slots just above the scratch: their
# layout is the same on every flavour (the PAC test reads the signed x30 there).
# prfm only hints and is not bounded. The one hole is test-only: broken_frame,
# accepted on ctasm_xlate_test_pac_corrupt alone, lets that PAC fixture store into
# its own frame record (it corrupts the signed x30 so that autiasp must fault).
package Arm::StackA64;
use strict;
use warnings;
use Exporter 'import';
use Arm::Common;
use Arm::ImmA64 ();
use Arm::Operands qw(classify_operands);
our @EXPORT_OK = qw(check_sp_access $BROKEN_FRAME);

our $BROKEN_FRAME = [qr/^ctasm_xlate_test_pac_corrupt$/, 'ctasm_xlate_test_pac_corrupt'];

my %FBYTES = (b => 1, h => 2, s => 4, d => 8, q => 16);
my %FIXED = (strb => 1, sturb => 1, ldrb => 1, ldurb => 1, ldrsb => 1, ldursb => 1,
             strh => 2, sturh => 2, ldrh => 2, ldurh => 2, ldrsh => 2, ldursh => 2,
             ldrsw => 4, ldursw => 4, ldpsw => 8);
my $MEMOP = qr/^(?:(st)(?:r|ur|n?p)[bh]?|(st)[1-4]|ld(?:r|ur)(?:s?[bh]|sw)?|ldn?p|ldpsw|ld[1-4]r?)$/;

# Bytes a register operand $r of a load/store covers.
sub reg_bytes {
    my ($r) = @_;
    return $r->{w} / 8 if $r->{k} eq 'r';
    return $FBYTES{ $r->{sz} } if $r->{k} eq 'f';
    return;
}

# (store?, $m, $bytes) of load/store $op with operands @$o: whether it writes, its
# memory operand, the bytes it covers from the address; () when it is none.
sub access {
    my ($op, $o) = @_;
    my @c = $op =~ $MEMOP or return;
    my $store = defined $c[0] || defined $c[1];
    my ($m) = grep { $_->{k} eq 'm' } @$o or return;
    my $first = $o->[0];
    my $n;
    if ($op =~ /^(?:ld|st)([1-4])(r?)$/) {
        my $l = $first;
        return unless $l->{k} eq 'l';
        my $arr = $l->{arr};
        my $regs = @{ $l->{regs} };
        if ($2 || defined $l->{lane} || $arr =~ /^[bhsd]$/) {
            $n = $regs * $FBYTES{ substr($arr, -1) };    # one element each (lane, replicate)
        } else {
            $n = $regs * ($arr =~ /^(?:16b|8h|4s|2d)$/ ? 16 : 8);
        }
    } elsif (exists $FIXED{$op}) {
        $n = $FIXED{$op};
    } else {
        $n = reg_bytes($first) // return;
        $n *= 2 if $op =~ /p$/;
    }
    return ($store, $m, $n);
}

# [$lo, $hi) bytes that operand $m (of width $n) covers from its base, or
# (undef, reason).
sub span {
    my ($m, $n) = @_;
    return (undef, 'a register offset cannot be bounded') if exists $m->{reg} && $m->{mode} ne 'post';
    my $v = $m->{mode} ne 'post' && exists $m->{imm} ? Arm::ImmA64::int_of($m->{imm}) : 0;
    return (undef, "offset $m->{imm} is not a plain integer") unless defined $v;
    return ($v, $v + $n);
}

# Fail unless the sp-based load or store $op $rest of function $p stays inside
# its frame= scratch.
sub check_sp_access {
    my ($p, $op, $rest) = @_;
    return unless $rest =~ /\bw?sp\b/i;
    my $lop = lc $op;
    my @o = classify_operands($op, $rest);
    my ($store, $m, $n) = access($lop, \@o) or return;
    return unless $m->{base}{sp};
    my ($lo, $hi) = span($m, $n);
    my $frame = Arm::StackA32::scratch($p);
    my $what = $store ? 'stores' : 'loads';
    my $where = "$p->{name}'s frame= scratch [sp, #0 .. #$frame)";
    fail("'$op $rest': $hi; sp-relative $what must stay inside $where") unless defined $lo;
    return if $lo >= 0 && $hi <= $frame;
    # The save area: 8 bytes a register, rounded up to 16 (Arm/Frame.pm plan_a64).
    my $top = $frame + ((8 * (@{ $p->{save} } + @{ $p->{vsave} }) + 15) & ~15);
    return if $lo >= 0 && $hi <= $top && (!$store || $p->{broken_frame});
    $where .= " or its saved registers [sp, #$frame .. #$top)" unless $store || $top == $frame;
    fail("'$op $rest' " . ($store ? 'stores to' : 'loads from') . " [sp, #$lo .. #$hi), outside $where:"
         . " above it are the saved registers and the caller's frame (AArch64 functions have no stack"
         . " arguments), below sp nothing is kept (frame= gives scratch space)");
}

1;
