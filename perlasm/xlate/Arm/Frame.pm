# SPDX-License-Identifier: Apache-2.0
# .ctasm_proc parsing and frame planning for arm-xlate.pl (the prologue IR).
package Arm::Frame;
use strict;
use warnings;
use Exporter 'import';
use Arm::Common;
use Arm::Keywords qw($COND is_keyword_name);
use Arm::InsnsA64;
use Arm::InsnsA32;
use Xlate::Names qw(check_function_name);
use Xlate::ProcKeys qw(parse_proc_args $BROKEN_ABI);
use Arm::StackA64 qw($BROKEN_FRAME);
our @EXPORT = qw(parse_proc plan_a64 plan_a32 check_call);

# Register lists of .ctasm_proc save=/vsave=.
my %A64_ALIAS = (fp => 29, lr => 30);
my %A32_ALIAS = (sb => 9, sl => 10, fp => 11, ip => 12, lr => 14);

sub reg_num {
    my ($tok, $kind) = @_;    # kind: 'g' general or 'd' double
    $tok = lc $tok;
    if ($kind eq 'd') {
        return $1 if $tok =~ /^d([0-9]|[12][0-9]|3[01])$/;
    } elsif ($A64) {
        return $A64_ALIAS{$tok} if exists $A64_ALIAS{$tok};
        return $1 if $tok =~ /^x([0-9]|[12][0-9]|30)$/;
    } else {
        return $A32_ALIAS{$tok} if exists $A32_ALIAS{$tok};
        return $1 if $tok =~ /^r([0-9]|1[0-5])$/;
    }
    fail("bad register '$tok' in .ctasm_proc register list");
}

sub expand_regs {
    my ($items, $kind) = @_;
    my %seen;
    for my $it (@$items) {
        my ($lo, $hi) = split /-/, $it, 2;
        my $a = reg_num($lo, $kind);
        my $b = defined $hi ? reg_num($hi, $kind) : $a;
        fail("bad register range '$it'") if $b < $a || $b > 31;
        for ($a .. $b) {
            fail("register $_ listed twice in .ctasm_proc") if $seen{$_}++;
        }
    }
    return [sort { $a <=> $b } keys %seen];
}

# Function names (Xlate/Names.pm): what is a register (or read as one by some
# assembler), an operand keyword or a mnemonic on some ARM flavour.
my $REG_NAME = qr/^(?:[xwvqdshbrzpc]\d+|[xw]zr|w?sp|lr|fp|ip|ip[01]|pc|sb|sl|a[1-4]|v[1-8]|tr|apsr|cpsr|spsr|fpscr|fpsr|fpcr|nzcv)$/i;
my %ARM_NAMES = (
    register => sub { $_[0] =~ $REG_NAME },
    keyword  => \&is_keyword_name,    # Arm/Keywords.pm: the operands' table
    keyword_what => 'an operand keyword (shift, extend, condition or option)',
    mnemonic => sub { $A64_INSNS{lc $_[0]} || $A32_INSNS{lc $_[0]} || lc $_[0] eq 'b.cond' },
);
sub check_name { check_function_name($_[0], \%ARM_NAMES) }

# .ctasm_proc NAME, global, save=x19-x22,x29,x30, vsave=d8-d15, frame=N (broken_abi: tests);
# Xlate/ProcKeys.pm reads the keys. frame= is read here, not by an assembler; the
# limit keeps every flavour's encoding and unwind data exact. args= needs nothing
# (AAPCS is the same everywhere).
my %PROC_KEYS = (
    flags   => { global => undef, broken_abi => $BROKEN_ABI, broken_frame => $BROKEN_FRAME },
    numbers => { args  => { unit => 'argument count', max => 8, tail => ' integer arguments' },
                 frame => { unit => 'byte count', max => 4080, tail => ' bytes' },
                 caller_frame => { unit => 'byte count', max => 4080, tail => ' bytes' } },
    lists   => { save => 1, vsave => 1 },
);
sub parse_proc {
    my ($args) = @_;
    my ($name, $k) = parse_proc_args($args, \%PROC_KEYS);
    check_name($name);
    my $p = { name => $name, global => $k->{global} // 0, broken_abi => $k->{broken_abi} // 0,
             broken_frame => $k->{broken_frame} // 0,
             save => expand_regs($k->{save} // [], 'g'), vsave => expand_regs($k->{vsave} // [], 'd'),
             frame => $k->{frame} // 0, caller_frame => $k->{caller_frame} // 0 };
    Arm::StackA32::check_caller_frame_key($p);    # a local function without a prologue
    return $p;
}


# ---------------------------------------------------------------------------
# Frame planning.  A plan is a list of steps; each step has:
#   pro / epi          prologue instruction / its inverse in the epilogue
#   pro_cfi, epi_cfi   DWARF CFI after the instruction
#   pro_seh, epi_seh   Windows unwind directive after the instruction
#   pro_eh             ARM EHABI directive
# Epilogue = the steps in reverse order, then the return.

# AArch64 layout (high to low): [padding] d-regs, x19.. regs, x29/x30 frame
# record, then frame= scratch at [sp].  Registers are paired (n, n+1) in
# ascending order because Windows unwind codes can only describe such pairs;
# the same layout is used on every flavour.  x29 is saved but not pointed at
# the frame record: save= lets the body use x29 as a scratch register, so the
# CFA stays sp-based and win64 gets no .seh_set_fp (which would make the
# unwinder recover sp from x29).
sub plan_a64 {
    my ($p) = @_;
    my @g = @{ $p->{save} };
    my @d = @{ $p->{vsave} };
    for (@g) { fail("save= allows x19-x30 only (x$_)") unless $_ >= 19 && $_ <= 30; }
    for (@d) { fail("vsave= allows d8-d15 only (d$_)") unless $_ >= 8 && $_ <= 15; }
    fail("x18 is reserved on Apple and Windows") if grep { $_ == 18 } @g;
    my %has = map { $_ => 1 } @g;
    fail("save= must list x29 and x30 together (a frame record)") if ($has{29} xor $has{30});

    my @slots;    # {kind => 'fplr'|'x'|'d', regs => [...]}
    push @slots, { kind => 'fplr', regs => [29, 30] } if $has{29};
    for my $group (['x', grep { $_ < 29 } @g], ['d', @d]) {
        my ($kind, @r) = @$group;
        while (@r) {
            if (@r >= 2 && $r[1] == $r[0] + 1) { push @slots, { kind => $kind, regs => [shift @r, shift @r] }; }
            else { push @slots, { kind => $kind, regs => [shift @r] }; }
        }
    }
    my $used = 0;
    $used += 8 * @{ $_->{regs} } for @slots;
    my $S = align_up($used, 16);
    my $frame = align_up($p->{frame}, 16);
    fail("frame=$p->{frame} too large (max 4080)") if $frame > 4080;

    my @steps;
    if ($p->{global} && $F->{bti}) {
        push @steps, { pro => 'hint #34 // bti c', epi => undef, pro_seh => ['.seh_nop'] };
    }
    if ($has{30} && $F->{pac}) {
        push @steps, {
            pro => 'hint #25 // paciasp', epi => 'hint #29 // autiasp',
            pro_cfi => ['.cfi_negate_ra_state'], epi_cfi => ['.cfi_negate_ra_state'],
        };
    }
    my $off = 0;
    for my $s (@slots) {
        my $pfx = $s->{kind} eq 'd' ? 'd' : 'x';
        my @names = map { "$pfx$_" } @{ $s->{regs} };
        my $pair = @names == 2;
        my $regs = join(', ', @names);
        my $first = $off == 0;
        my ($pro, $epi);
        if ($first) {
            $pro = ($pair ? 'stp' : 'str') . " $regs, [sp, #-$S]!";
            $epi = ($pair ? 'ldp' : 'ldr') . " $regs, [sp], #$S";
        } else {
            $pro = ($pair ? 'stp' : 'str') . " $regs, [sp, #$off]";
            $epi = ($pair ? 'ldp' : 'ldr') . " $regs, [sp, #$off]";
        }
        my @cfi;
        push @cfi, ".cfi_def_cfa_offset $S" if $first;
        for my $i (0 .. $#names) { push @cfi, ".cfi_offset $names[$i], " . ($off + 8 * $i - $S); }
        my @epi_cfi = map { ".cfi_restore $_" } @names;
        push @epi_cfi, '.cfi_def_cfa_offset 0' if $first;
        my $x = $first ? '_x' : '';
        my $amount = $first ? $S : $off;
        my $seh;
        if ($s->{kind} eq 'fplr') { $seh = ".seh_save_fplr$x $amount"; }
        elsif ($s->{kind} eq 'x') { $seh = ($pair ? ".seh_save_regp$x" : ".seh_save_reg$x") . " $names[0], $amount"; }
        else { $seh = ($pair ? ".seh_save_fregp$x" : ".seh_save_freg$x") . " $names[0], $amount"; }
        push @steps, {
            pro => $pro, epi => $epi, pro_cfi => \@cfi, epi_cfi => \@epi_cfi,
            pro_seh => [$seh], epi_seh => [$seh],
        };
        $off += 8 * @names;
    }
    if ($frame) {
        push @steps, {
            pro => "sub sp, sp, #$frame", epi => "add sp, sp, #$frame",
            pro_cfi => [".cfi_def_cfa_offset " . ($S + $frame)],
            epi_cfi => [".cfi_def_cfa_offset $S"],
            pro_seh => [".seh_stackalloc $frame"], epi_seh => [".seh_stackalloc $frame"],
        };
    }
    # frame_only: a frame= allocation and no register saves, the one prologue
    # whose CFI clang 14 turns into wrong Mach-O compact unwind (see emit_ret).
    return { steps => \@steps, ret => 'ret', frame_only => ($frame && !@slots) };
}

# ARMv7 modified immediate: 8 bits rotated right by an even amount.
sub a32_imm_ok {
    my ($v) = @_;
    for (my $r = 0; $r < 32; $r += 2) {
        my $x = (($v << $r) | ($v >> (32 - $r))) & 0xffffffff;
        $x = $v if $r == 0;
        return 1 if $x < 256;
    }
    return 0;
}

# ARMv7 layout (high to low): caller's stack args, push {save}, vpush
# {vsave}, frame= scratch at [sp]; so argument 5 is at
# [sp, #frame + 8*nvsave + 4*nsave] (docs/PERLASM.md).  No padding is
# inserted (it would move the arguments): sp stays 8-aligned, as AAPCS
# wants at calls, when the script saves an even number of registers.
sub plan_a32 {
    my ($p) = @_;
    my @g = @{ $p->{save} };
    my @d = @{ $p->{vsave} };
    # r0-r3/r12 are allowed too: pushing one is the usual way to keep sp
    # 8-aligned when an odd number of callee-saved registers is saved.
    for (@g) { fail("save= allows r0-r12 and lr only (r$_)") unless $_ <= 12 || $_ == 14; }
    for (@d) { fail("vsave= allows d8-d15 only (d$_)") unless $_ >= 8 && $_ <= 15; }
    fail("vsave= must be one contiguous range (one vpush)") if @d && $d[-1] - $d[0] != $#d;
    my $frame = align_up($p->{frame}, 8);
    fail("frame=$frame is not an ARM immediate") if $frame && ($frame >= 2**32 || !a32_imm_ok($frame));
    my $rn = sub { $_[0] == 14 ? 'lr' : "r$_[0]" };
    my @steps;
    my $cfa = 0;
    my $has_lr = grep { $_ == 14 } @g;
    if (@g) {
        my $list = join(', ', map { $rn->($_) } @g);
        my $poplist = join(', ', map { $_ == 14 ? 'pc' : $rn->($_) } @g);
        $cfa += 4 * @g;
        my @cfi = (".cfi_def_cfa_offset $cfa");
        push @cfi, ".cfi_offset " . $rn->($g[$_]) . ", " . (4 * $_ - $cfa) for 0 .. $#g;
        push @steps, {
            pro => "push {$list}", epi => "pop {$poplist}",
            pro_cfi => \@cfi, epi_cfi => [".cfi_def_cfa_offset 0", map { ".cfi_restore " . $rn->($_) } @g],
            pro_eh => [".save {$list}"],
        };
    }
    if (@d) {
        my $list = @d == 1 ? "d$d[0]" : "d$d[0]-d$d[-1]";
        my $base = $cfa;
        $cfa += 8 * @d;
        my @cfi = (".cfi_def_cfa_offset $cfa");
        push @cfi, ".cfi_offset d$d[$_], " . (8 * $_ - $cfa) for 0 .. $#d;
        push @steps, {
            pro => "vpush {$list}", epi => "vpop {$list}",
            pro_cfi => \@cfi, epi_cfi => [".cfi_def_cfa_offset $base", map { ".cfi_restore d$_" } @d],
            pro_eh => [".vsave {$list}"],
        };
    }
    if ($frame) {
        push @steps, {
            pro => "sub sp, sp, #$frame", epi => "add sp, sp, #$frame",
            pro_cfi => [".cfi_def_cfa_offset " . ($cfa + $frame)], epi_cfi => [".cfi_def_cfa_offset $cfa"],
            pro_eh => [".pad #$frame"],
        };
    }
    # pop {..., pc} returns (and interworks); otherwise return through lr.
    return { steps => \@steps, ret => ($has_lr ? undef : 'bx lr') };
}

# A call (bl/blr; ARMv7 bl/blx, any condition) overwrites the return address,
# so a function that calls must save it: x30 (AArch64, with x29) or lr in save=.
# Otherwise its own return would jump back behind the call.
my $A32_CALL = qr/^blx?$COND?$/i;
sub check_call {
    my ($p, $op) = @_;
    my $call = $A64 ? $op =~ /^blr?$/i : $op =~ $A32_CALL;
    return unless $call;
    my $lr = $A64 ? 30 : 14;
    return if grep { $_ == $lr } @{ $p->{save} };
    fail("'$op' in $p->{name} overwrites the return address: a function that calls needs "
         . ($A64 ? 'x29,x30' : 'lr') . " in save=");
}

1;
