# SPDX-License-Identifier: Apache-2.0
# AArch64 immediate and offset fields for the operand patterns of Arm/Forms.pm.
#
# GNU as and clang refuse, or encode differently, values outside the field of
# an instruction (`mov w0, #0x100000000`, `prfm pldl1keep, [x1, #-256]` and
# `ext v0.8b, v1.8b, v2.8b, #8` pass clang only), so every AArch64 immediate
# is checked here against its field; what fails is refused on every flavour.
# Values are the plain integers Arm/Expr.pm left in the operand (a float
# only for fmov; anything else, a symbol included, fails).
#
# Immediate patterns (operand `#...`):
#   #LO-HI   an integer in LO..HI
#   #shx #shw   0..63 / 0..31 (shift amounts, bit numbers, lsb)
#   #bfx #bfw   bit-field width 1..(64|32 - lsb), lsb the operand before
#   #logx #logw  logical (bitmask) immediate of and/orr/eor/ands/tst
#   #bicx #bicw  bic: its inverse is a bitmask immediate
#   #movx #movw  mov: movz, movn or bitmask encodable
#   #mask    movi .2d / d: every byte 0x00 or 0xff
#   #fp      fmov: an 8-bit floating-point value, n/16 * 2^e (n 16..31, e -3..4)
# Shift and extend patterns (a trailing `, lsl #n` ...):
#   shx shw shrx shrw  lsl/lsr/asr (shr: also ror) #0..63 / #0..31
#   lsl12   lsl #0 or #12 (add/sub)      lslmx lslmw  lsl #0/16/32/48, #0/16 (movz)
#   lslh    lsl #0/8 (.4h/.8h)           lsls  lsl #0/8/16/24 (.2s/.4s)
#   msls    lsls or msl #8/16 (movi/mvni .2s/.4s)
#   ext     extend or lsl, #0..4         extw  [us]xt[bhw] (W index, 64-bit op)
#   extx    uxtx/sxtx/lsl (X index, 64-bit op)
# Memory patterns (size in bytes):
#   muN   ldr/str: offset 0..4095*N in multiples of N, or -256..255; pre/post -256..255
#   msN   prfm: offset 0..4095*N in multiples of N
#   mpN   ldp/stp: -64*N..63*N in multiples of N (offset, pre, post)
#   mpoN  ldnp/stnp: as mpN, offset only
#   mo    ldur/stur: offset -256..255
#   mrN   register offset: X index with lsl/sxtx, W index with uxtw/sxtw; amount 0 or log2 N
#   mv    ld1-4/st1-4: post-index immediate equal to the bytes transferred, or an X register
#   mvr   ld1r-ld4r: the same, for replicating loads
package Arm::ImmA64;
use strict;
use warnings;
no warnings 'portable';    # 64-bit hex values

my @MASK = map { $_ == 64 ? 0xffffffffffffffff : (1 << $_) - 1 } 0 .. 64;

# The integer of an immediate text ('#-8', '# 0x1f'), or undef.
sub int_of {
    my ($t) = @_;
    my ($neg, $n) = $t =~ /^#\s*(-?)\s*(0[xX][0-9a-fA-F]{1,16}|[0-9]{1,20})\s*$/ or return;
    my $v = $n =~ /^0[xX]/ ? hex $n : $n + 0;
    return $neg ? -$v : $v;
}

# $v (an integer in -2^(w-1)..2^w-1) as a w-bit unsigned value, or undef.
sub unsigned {
    my ($v, $w) = @_;
    return if $v > $MASK[$w] || $v < -(2**($w - 1));
    return $v & $MASK[$w];
}

# A bitmask immediate: a w-bit value that repeats an element of 2..w bits whose
# bits are one run of ones, rotated (not all zeros, not all ones).
sub bitmask_ok {
    my ($u, $w) = @_;
    return 0 if $u == 0 || $u == $MASK[$w];
    my $e = 2;
    $e *= 2 while $e < $w && !repeats($u, $e, $w);
    my $x = $u & $MASK[$e];
    my $rot = (($x >> 1) | (($x & 1) << ($e - 1))) & $MASK[$e];
    return popcount($x ^ $rot) == 2;
}

sub repeats {
    my ($u, $e, $w) = @_;
    my $x = $u & $MASK[$e];
    for (my $s = $e; $s < $w; $s += $e) { return 0 if (($u >> $s) & $MASK[$e]) != $x; }
    return 1;
}

sub popcount { my $n = unpack('%32b*', pack('Q', $_[0])); return $n; }

# movz: at most one non-zero 16-bit chunk.
sub movz_ok {
    my ($u, $w) = @_;
    my $chunks = grep { ($u >> $_) & 0xffff } map { 16 * $_ } 0 .. $w / 16 - 1;
    return $chunks <= 1;
}

sub mov_ok {
    my ($u, $w) = @_;
    return movz_ok($u, $w) || movz_ok(~$u & $MASK[$w], $w) || bitmask_ok($u, $w);
}

# fmov's 8-bit values n/16 * 2^e, as normalised decimal text.
my %FP8;
for my $n (16 .. 31) {
    for my $e (-3 .. 4) {
        my ($num, $den) = ($n * 2**($e + 3), 128);    # exact: n/16 * 2^e = n*2^(e+3)/128
        my $int = int($num / $den);
        my $frac = $num % $den;
        my $digits = '';
        while ($frac) { $frac *= 10; $digits .= int($frac / $den); $frac %= $den; }
        $FP8{ $int . ($digits eq '' ? '' : ".$digits") } = 1;
    }
}

sub fp_ok {
    my ($t) = @_;
    my ($int, $frac) = $t =~ /^#\s*-?\s*([0-9]+)(?:\.([0-9]+))?\s*$/ or return 0;
    $int =~ s/^0+(?=\d)//;
    $frac = ($frac // '') =~ s/0+$//r;
    return $FP8{ $int . ($frac eq '' ? '' : ".$frac") } ? 1 : 0;
}

my %WIDTH = (x => 64, w => 32);

# Why the immediate operand $o fails pattern $p (undef: it fits).  $prev is the
# operand before it (bit-field width).
sub imm_why {
    my ($p, $o, $prev) = @_;
    my $t = $o->{text};
    if ($p eq '#fp') {
        return if fp_ok($t);
        return "$t is not an fmov immediate (n/16 * 2^e with n 16..31, e -3..4, written"
             . " as a plain decimal such as #1.5 or #-0.125)";
    }
    my $v = int_of($t);
    if (!defined $v) {
        return "$t: a floating-point literal is only an fmov operand" if $t =~ /^#\s*[-+]?[0-9.]+[eE.]/;
        return "$t is not a plain integer (this field is checked by the translator)";
    }
    if (my ($lo, $hi) = $p =~ /^#(\d+)-(\d+)$/) {
        return $v >= $lo && $v <= $hi ? undef : "immediate $t out of range $lo..$hi";
    }
    my ($class, $r) = $p =~ /^#([a-z]+?)([xw]?)$/;
    my $w = $WIDTH{$r // ''} // 64;
    if ($class eq 'sh') {
        return $v >= 0 && $v < $w ? undef : "immediate $t out of range 0.." . ($w - 1);
    }
    if ($class eq 'bf') {
        my $lsb = int_of($prev->{text} // '') // 0;
        my $max = $w - $lsb;
        return $v >= 1 && $v <= $max ? undef : "bit-field width $t out of range 1..$max (lsb $lsb)";
    }
    if ($class eq 'mask') {
        my $u = unsigned($v, 64);
        return if defined $u && !grep { my $b = ($u >> $_) & 0xff; $b != 0 && $b != 0xff } map { 8 * $_ } 0 .. 7;
        return "$t is not a byte mask (every byte 0x00 or 0xff)";
    }
    my $u = unsigned($v, $w);
    return "immediate $t does not fit $w bits" unless defined $u;
    if ($class eq 'log') {
        return bitmask_ok($u, $w) ? undef : "$t is not a $w-bit logical (bitmask) immediate";
    }
    if ($class eq 'bic') {
        return bitmask_ok(~$u & $MASK[$w], $w) ? undef
            : "$t is not a bic immediate (its $w-bit inverse must be a bitmask immediate)";
    }
    if ($class eq 'mov') {
        return mov_ok($u, $w) ? undef
            : "mov $t is not encodable in $w bits (movz, movn or bitmask immediate)";
    }
    die "Arm/ImmA64.pm: unknown immediate pattern '$p'\n";
}

# Shift and extend operands: the ops and amounts each pattern takes.
my %SHIFTS = (
    lsl12 => { lsl => [0, 12] },
    lslmx => { lsl => [0, 16, 32, 48] }, lslmw => { lsl => [0, 16] },
    lslh  => { lsl => [0, 8] },
    lsls  => { lsl => [0, 8, 16, 24] },
    msls  => { lsl => [0, 8, 16, 24], msl => [8, 16] },
);

sub amount { my ($o) = @_; return defined $o->{amt} ? int_of($o->{amt}) : undef; }

# Why the shift/extend operand $o fails pattern $p: undef if it fits, '' if the
# pattern is no shift pattern of this module.
sub shift_why {
    my ($p, $o) = @_;
    my ($op, $amt) = ($o->{op}, amount($o));
    my $has = defined $o->{amt};
    return "shift amount $o->{amt} is not a plain integer" if $has && !defined $amt;
    if (my ($ror, $r) = $p =~ /^sh(r?)([xw])$/) {
        return '' unless $has && ($op =~ /^(?:lsl|lsr|asr)$/ || $ror && $op eq 'ror');
        my $max = $WIDTH{$r} - 1;
        return $amt >= 0 && $amt <= $max ? undef : "shift amount $o->{amt} out of range 0..$max";
    }
    if (my $s = $SHIFTS{$p}) {
        return '' unless $has && $s->{$op};
        return undef if grep { $_ == $amt } @{ $s->{$op} };
        return "$op $o->{amt}: the amount is one of #" . join(', #', @{ $s->{$op} });
    }
    if (my ($idx) = $p =~ /^ext([wx]?)$/) {
        my $ok = $idx eq 'w' ? $op =~ /^[us]xt[bhw]$/
               : $idx eq 'x' ? $op =~ /^(?:[us]xtx|lsl)$/
               : $op =~ /^(?:[us]xt[bhwx]|lsl)$/;
        return '' unless $ok && ($has || $op ne 'lsl');
        return !$has || ($amt >= 0 && $amt <= 4) ? undef : "extend amount $o->{amt} out of range 0..4";
    }
    return '';
}

my %LIST_BYTES = ('8b' => 8, '4h' => 8, '2s' => 8, '1d' => 8, '16b' => 16, '8h' => 16, '4s' => 16,
                  '2d' => 16, '1q' => 16, b => 1, h => 2, s => 4, d => 8);
my %ES_BYTES = ('8b' => 1, '16b' => 1, '4h' => 2, '8h' => 2, '2s' => 4, '4s' => 4, '1d' => 8, '2d' => 8);
my %LOG2 = (1 => 0, 2 => 1, 4 => 2, 8 => 3, 16 => 4);

# Why memory operand $m (mode, imm, reg, shift: Arm/Operands.pm) fails the
# offset rule of pattern $p: undef if it fits, '' if $p is not a pattern here
# or the operand is of the wrong shape.  $list: the register list before it (mv).
sub mem_why {
    my ($p, $m, $list) = @_;
    my ($kind, $n) = $p =~ /^m(u|s|po|p|r|o|vr|v)(\d*)$/ or return '';
    my $mode = $m->{mode};
    my ($imm, $reg) = (exists $m->{imm}, exists $m->{reg});
    if ($kind eq 'r') {
        return '' unless $reg && $mode eq 'off' && !$m->{reg}{sp};
        my $sh = $m->{shift};
        my $x = $m->{reg}{w} == 64;
        return undef unless $sh;
        return '' unless $x ? $sh->{op} =~ /^(?:lsl|sxtx)$/ : $sh->{op} =~ /^[us]xtw$/;
        return '' if $sh->{op} eq 'lsl' && !defined $sh->{amt};
        return undef unless defined $sh->{amt};
        my $a = amount($sh);
        return defined $a && ($a == 0 || $a == $LOG2{$n}) ? undef
            : "index shift $sh->{amt}: #0 or #$LOG2{$n} for a $n-byte access";
    }
    if ($kind eq 'v' || $kind eq 'vr') {
        return undef if $mode eq 'off' && !$imm && !$reg;
        return '' unless $mode eq 'post' && $list && $list->{k} eq 'l';
        if ($reg) {
            my $r = $m->{reg};
            return $r->{w} == 64 && !$r->{sp} && !$r->{zr} ? undef : '';
        }
        my $each = $kind eq 'vr' ? $ES_BYTES{ $list->{arr} } : $LIST_BYTES{ $list->{arr} };
        my $size = @{ $list->{regs} } * ($each // 0);
        my $v = int_of($m->{imm});
        return defined $v && $v == $size ? undef
            : "post-increment $m->{imm} must be the $size bytes transferred (or an x register)";
    }
    return '' if $reg;
    return '' if ($kind eq 'o' || $kind eq 's' || $kind eq 'po') && $mode ne 'off';
    return undef unless $imm;
    my $v = int_of($m->{imm});
    return "offset $m->{imm} is not a plain integer" unless defined $v;
    if ($kind eq 'p' || $kind eq 'po') {
        return $v >= -64 * $n && $v <= 63 * $n && $v % $n == 0 ? undef
            : "pair offset $m->{imm} out of range: a multiple of $n in " . (-64 * $n) . ".." . (63 * $n);
    }
    my $unscaled = $v >= -256 && $v <= 255;
    return $unscaled ? undef : "offset $m->{imm} out of range -256..255" if $kind eq 'o';
    my $scaled = $v >= 0 && $v <= 4095 * $n && $v % $n == 0;
    return $scaled ? undef : "offset $m->{imm} out of range: a multiple of $n in 0.." . (4095 * $n)
        if $kind eq 's';
    return $scaled || $unscaled ? undef
        : "offset $m->{imm} out of range: a multiple of $n in 0.." . (4095 * $n) . ", or -256..255"
        if $mode eq 'off';
    return $unscaled ? undef : "pre/post-index offset $m->{imm} out of range -256..255";
}

1;
