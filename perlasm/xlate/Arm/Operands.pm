# SPDX-License-Identifier: Apache-2.0
# Operands of one ARM instruction, split and classified for the instruction
# tables (Arm/InsnsA64.pm, Arm/InsnsA32.pm).
#
# Each operand becomes a hash with a kind `k` and the fields of its kind:
#   r    general register: n (0..31), w (64, 32; A32: 32), zr, sp (sp/wsp),
#        wb (A32 'r0!', base writeback of ldm/stm/vldm)
#   v    AArch64 vector: n, arr ('16b', '4s', ...)
#   e    AArch64 vector element: n, es ('b', 'h', 's', 'd'), idx
#   f    scalar SIMD/FP register: n, sz (A64 'b h s d q'; A32 's d q')
#   ds   ARMv7 scalar d register lane: n, idx
#   l    register list: regs [n...], arr (A64), lane (A64 {v0.s}[1] / A32
#        {d0[1]}), all (A32 {d0[]}), rk ('d' or 'r' on A32)
#   m    memory: base (register hash), fields of what follows the base;
#        mode 'off' | 'pre' | 'post'; imm / reg (offset), shift, align (A32)
#   i    immediate (#...): text
#   sh   shift or extend keyword with optional amount: op, amt (text)
#   c    condition name
#   lab  .L label or function of this file
#   name anything else (barrier and prefetch options)
package Arm::Operands;
use strict;
use warnings;
use Exporter 'import';
use Arm::Common;
use Arm::Keywords qw(%COND_OPERAND %SHIFT);
use Xlate::Labels qw($IS_LABEL);
our @EXPORT = qw(split_operands classify_operands);

# Top-level commas separate operands ([] and {} group).
sub split_operands {
    my ($rest) = @_;
    if ($rest !~ /[\[\]{}]/) {    # nothing groups: a plain split (the same list)
        my @o = split /,/, $rest, -1;
        @o = () if @o == 1 && $o[0] !~ /\S/;
        s/^\s+//, s/\s+$// for @o;
        return @o;
    }
    my @o;
    my ($cur, $depth) = ('', 0);
    for my $c (split //, $rest) {
        if ($c eq '[' || $c eq '{') { $depth++; }
        elsif ($c eq ']' || $c eq '}') { $depth--; }
        if ($c eq ',' && $depth == 0) { push @o, $cur; $cur = ''; next; }
        $cur .= $c;
    }
    push @o, $cur if $cur =~ /\S/ || @o;
    s/^\s+|\s+$//g for @o;
    return @o;
}

my %A32_ALIAS = (sb => 9, sl => 10, fp => 11, ip => 12, sp => 13, lr => 14, pc => 15);

sub gpr {
    my ($t) = @_;
    $t = lc $t;
    if ($A64) {
        return { k => 'r', n => $2, w => $1 eq 'x' ? 64 : 32 } if $t =~ /^([xw])([0-9]|[12][0-9]|30)$/;
        # Spelled out: after a failed match $1 would still hold an earlier match's group.
        return { k => 'r', n => 31, w => $t eq 'wzr' ? 32 : 64, zr => 1 } if $t eq 'wzr' || $t eq 'xzr';
        return { k => 'r', n => 31, w => $1 ? 32 : 64, sp => 1 } if $t =~ /^(w)?sp$/;
        return { k => 'r', n => 29, w => 64 } if $t eq 'fp';
        return { k => 'r', n => 30, w => 64 } if $t eq 'lr';
        return;
    }
    return { k => 'r', n => $1, w => 32, sp => $1 == 13, pc => $1 == 15 } if $t =~ /^r([0-9]|1[0-5])$/;
    return { k => 'r', n => $A32_ALIAS{$t}, w => 32, sp => $t eq 'sp', pc => $t eq 'pc' }
        if exists $A32_ALIAS{$t};
    return;
}

sub a64_vreg {
    my ($t) = @_;
    $t = lc $t;
    return { k => 'v', n => $1, arr => $2 } if $t =~ /^v([0-9]|[12][0-9]|3[01])\.(8b|16b|4h|8h|2s|4s|1d|2d|1q)$/;
    return { k => 'e', n => $1, es => $2, idx => $3 } if $t =~ /^v([0-9]|[12][0-9]|3[01])\.([bhsd])\[(\d+)\]$/;
    return { k => 'f', n => $2, sz => $1 } if $t =~ /^([bhsdq])([0-9]|[12][0-9]|3[01])$/;
    return;
}

sub a32_vreg {
    my ($t) = @_;
    $t = lc $t;
    return { k => 'f', sz => 'q', n => $1 } if $t =~ /^q([0-9]|1[0-5])$/;
    return { k => 'f', sz => 'd', n => $1 } if $t =~ /^d([0-9]|[12][0-9]|3[01])$/;
    return { k => 'f', sz => 's', n => $1 } if $t =~ /^s([0-9]|[12][0-9]|3[01])$/;
    return { k => 'ds', n => $1, idx => $2 } if $t =~ /^d([0-9]|[12][0-9]|3[01])\[(\d)\]$/;
    return;
}

# {v0.16b, v1.16b} {v0.4s-v3.4s} {v2.s}[1]  |  {d0-d3} {d0, d1} {d0[1]} {d0[]} {r4-r11, lr}
sub reg_list {
    my ($body, $lane) = @_;
    my @items = map { s/^\s+|\s+$//gr } split /,/, $body;
    return unless @items;
    my (@regs, %l);
    for my $it (@items) {
        my ($a, $b) = split /\s*-\s*/, $it, 2;
        if ($A64) {
            my ($ra, $rb) = map { defined $_ ? a64_list_reg($_) : undef } ($a, $b);
            return unless $ra && (!defined $b || $rb);
            $rb //= $ra;
            return if defined $l{arr} && $l{arr} ne $ra->{arr} || $ra->{arr} ne $rb->{arr};
            $l{arr} = $ra->{arr};
            my $cnt = ($rb->{n} - $ra->{n}) % 32 + 1;
            push @regs, map { ($ra->{n} + $_) % 32 } 0 .. $cnt - 1;
        } elsif ($a =~ /^[rR]|^(?:sb|sl|fp|ip|sp|lr|pc)$/i) {
            my ($ra, $rb) = (gpr($a), defined $b ? gpr($b) : undef);
            return unless $ra && (!defined $b || $rb) && (!$l{rk} || $l{rk} eq 'r');
            $l{rk} = 'r';
            $rb //= $ra;
            return if $rb->{n} < $ra->{n};
            push @regs, $ra->{n} .. $rb->{n};
        } elsif ($a =~ /^q\d+$/i) {
            # {q0-q1}: the d registers of the q registers.
            my ($ra, $rb) = (a32_vreg($a), a32_vreg($b // $a));
            return unless $ra && $rb && $ra->{sz} eq 'q' && $rb->{sz} eq 'q' && $rb->{n} >= $ra->{n}
                && (!$l{rk} || $l{rk} eq 'd') && !$l{sfx};
            ($l{rk}, $l{sfx}) = ('d', '');
            push @regs, 2 * $ra->{n} .. 2 * $rb->{n} + 1;
        } else {
            my ($ta, $ia) = lc($a) =~ /^(d\d+)(\[\d*\])?$/ or return;
            my ($tb, $ib) = defined $b ? (lc($b) =~ /^(d\d+)(\[\d*\])?$/) : ($ta, $ia);
            return unless defined $tb && ($ia // '') eq ($ib // '') && (!$l{rk} || $l{rk} eq 'd');
            my ($ra, $rb) = (a32_vreg($ta), a32_vreg($tb));
            return unless $ra && $rb && $rb->{n} >= $ra->{n};
            return if defined $l{sfx} && $l{sfx} ne ($ia // '');
            ($l{rk}, $l{sfx}) = ('d', $ia // '');
            push @regs, $ra->{n} .. $rb->{n};
        }
    }
    if (!$A64 && ($l{rk} // '') eq 'd') {
        my $sfx = delete $l{sfx};
        $l{all} = 1 if $sfx eq '[]';
        $l{lane} = $1 if $sfx =~ /^\[(\d+)\]$/;
    }
    $l{lane} = $lane if defined $lane;
    return { k => 'l', regs => \@regs, %l };
}

sub a64_list_reg {
    my ($t) = @_;
    return { n => $1, arr => lc $2 } if $t =~ /^v([0-9]|[12][0-9]|3[01])\.(8b|16b|4h|8h|2s|4s|1d|2d|[bhsd])$/i;
    return;
}

# [base] [base, #imm] [base, #imm]! [base, reg{, shift}] [base:align]; post-index
# '#imm' / reg is merged in by classify_operands.
sub memory {
    my ($body, $bang) = @_;
    my @p = map { s/^\s+|\s+$//gr } split /,/, $body;
    my ($b, $align) = $p[0] =~ /^(\w+)(?:\s*:\s*(\d+))?$/ or return;
    my $base = gpr($b) or return;
    my %m = (k => 'm', base => $base, mode => $bang ? 'pre' : 'off');
    $m{align} = $align if defined $align;
    if (@p >= 2) {
        if ($p[1] =~ /^#/) { $m{imm} = $p[1]; return if @p > 2; }
        else {
            my ($neg, $r) = $p[1] =~ /^([-+]?)\s*(\w+)$/ or return;
            $m{reg} = gpr($r) or return;
            $m{neg} = 1 if $neg eq '-';
            if (@p == 3) { $m{shift} = shift_op($p[2]) or return; }
            return if @p > 3;
        }
    }
    return if $bang && @p < 2 && $A64;    # ARMv7 NEON [rN]! steps by the transfer size
    return \%m;
}

sub shift_op {
    my ($t) = @_;
    my ($op, $amt) = $t =~ /^(\w+)(?:\s+(#.*|\w+))?$/ or return;
    return unless $SHIFT{lc $op};
    return { k => 'sh', op => lc $op, amt => $amt };
}

sub classify {
    my ($t) = @_;
    return { k => 'i', text => $t } if $t =~ /^#/;
    if ($t =~ /^\[(.*)\](!?)$/) { return memory($1, $2); }
    if ($t =~ /^\{(.*)\}(?:\[(\d+)\])?$/) { return reg_list($1, $2); }
    if (my $r = gpr($t)) { return $r; }
    if ($t =~ /^(\w+)!$/ && !$A64) { my $r = gpr($1) or return; return { %$r, wb => 1 }; }
    if (my $v = $A64 ? a64_vreg($t) : a32_vreg($t)) { return $v; }
    if (my $s = shift_op($t)) { return $s; }
    return { k => 'c', name => lc $t } if $COND_OPERAND{lc $t};
    return { k => 'lab', name => $t } if $t =~ $IS_LABEL || $PROC_NAMES{$t};
    return { k => 'name', name => lc $t } if $t =~ /^\w+$/;
    return;
}

my %CLASSIFIED;    # operand text => classify()'s answer
my $CLASSIFIED_ISA = '';    # the ISA they were classified for

# A new flavour of the input (arm-xlate.pl runs every flavour of one input in one
# process): the answers depend on the ISA and the input's function names, not on
# the flavour, so they are kept unless the ISA changes.
sub start_flavour {
    my $isa = $A64 ? 'a64' : 'a32';
    %CLASSIFIED = () if $CLASSIFIED_ISA ne $isa;
    $CLASSIFIED_ISA = $isa;
}

# The classified operands, or fail naming the one that cannot be read.  A
# memory operand followed by one more operand is a post-index form.
sub classify_operands {
    my ($op, $rest) = @_;
    my @t = split_operands($rest);
    my @o;
    for (my $i = 0; $i < @t; $i++) {
        # Literal pools are placed differently by each assembler (and .ltorg).
        fail("$op: literal pool operand '$t[$i]' is not part of the dialect: put the constant"
             . " in .ctasm_rodata and load it through .ctasm_adr") if $t[$i] =~ /^=/;
        # Each operand text is classified once (the answer depends on nothing else for
        # the run); a copy, as a post-index below adds to it.
        my $c = ($CLASSIFIED{ $t[$i] } //= classify($t[$i])) or fail("$op: cannot read operand '$t[$i]'");
        $c = {%$c};
        if ($c->{k} eq 'm' && $c->{mode} eq 'off' && !exists $c->{imm} && !exists $c->{reg} && $i + 1 < @t) {
            my $post = $t[++$i];
            if ($post =~ /^#/) { $c->{imm} = $post; }
            else {
                my ($neg, $r) = $post =~ /^([-+]?)\s*(\w+)$/ or fail("$op: cannot read post-index '$post'");
                $c->{reg} = gpr($r) or fail("$op: post-index '$post' is not a register");
                $c->{neg} = 1 if $neg eq '-';
            }
            $c->{mode} = 'post';
            fail("$op: operands after the post-index '$post'") if $i + 1 < @t;
        }
        push @o, $c;
    }
    return @o;
}

1;
