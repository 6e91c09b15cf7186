# SPDX-License-Identifier: Apache-2.0
# ARMv7 (A32 and NEON) immediate, shift, lane and alignment fields for the
# operand patterns of Arm/Forms.pm, as Arm/ImmA64.pm is for AArch64.
#
# GNU as and clang refuse, wrap, or rewrite into another instruction what
# does not fit a field, and not alike: `vshl.i8 q0, q1, #8` is refused by
# GNU as and encoded as `#0` by clang, `vshr.u8 q0, q1, #0` becomes a vorr on
# GNU as only, `vdup.32 q0, d1[2]` and `cmp sp, #-4` pass GNU as only,
# `mov r0, #0x100000000` is `mov r0, #0` on both.  So every A32 immediate
# is checked here against its field, with the assembler substitutions both
# assemblers make alike (and the ARM ARM allows for): `add` of a negated,
# `and` of an inverted, `mov` of a 16-bit value (movw).  What fails is
# refused on every flavour.  Values are the plain integers Arm/Expr.pm left
# in the operand; anything else fails.
#
# Immediate patterns (operand `#...`):
#   #LO-HI   an integer in LO..HI (shift amounts, bit numbers, lanes, indexes)
#   #bfw     bit-field width 1..(32 - lsb), lsb the operand before
#   #m       modified immediate: 8 bits rotated right by an even amount
#            (orr eor rsb rsc tst teq, cmp with sp)
#   #mn      #m, or its negation #m (add sub cmp cmn: add <-> sub, cmp <-> cmn)
#   #mi      #m, or its inverse #m (and bic adc sbc mvn movs: and <-> bic ...)
#   #mov     #mi or 0..65535 (mov: mvn or movw when it does not fit)
#   #vmovN   NEON vmov/vmvn .iN: i8 0..255; i16 0x00XX/0xXX00; i32 XX shifted
#            by 0/8/16/24 or 0x0000XXFF/0x00XXFFFF; i64 every byte 0x00 or 0xFF
#   #vorrN   NEON vorr/vbic .iN: i16 0x00XX/0xXX00; i32 XX shifted by 0/8/16/24
#   (values of #vmovN/#vorrN are unsigned, 0..2^N-1: no negative spelling)
# Shift patterns:
#   sha      lsl #0..31, lsr/asr #1..32, ror #1..31, by a register, rrx
#   ror      ror #0/8/16/24 (extends)
# Register patterns with a field (matched in Arm/Forms.pm, checked here):
#   ds.L     d register lane d0[i], i < L (lanes of the data type)
#   dm.L     multiply by scalar: L = 4 (16-bit) d0-d7, L = 2 (32-bit) d0-d15
#   dle.N/L  lane list {d0[i], ...}, i < L
# Memory patterns:
#   ma mo    ldr/str, pld: register offset shift as sha (no register amount)
#   mn:A:B   NEON structure load/store: alignment :A or :B (`mn:` none)
package Arm::ImmA32;
use strict;
use warnings;
no warnings 'portable';    # 64-bit hex values
use Arm::ImmA64 ();

sub int_of { return Arm::ImmA64::int_of(@_); }

# $v as a 32-bit value (-2^31..2^32-1 fit, as both assemblers read it), or undef.
sub u32 {
    my ($v) = @_;
    return if $v > 0xffffffff || $v < -2147483648;
    return $v & 0xffffffff;
}

# A modified immediate: some rotation left by an even amount leaves 8 bits.
sub modimm_ok {
    my ($u) = @_;
    for (my $r = 0; $r < 32; $r += 2) {
        my $x = $r ? (($u << $r) | ($u >> (32 - $r))) & 0xffffffff : $u;
        return 1 if $x <= 0xff;
    }
    return 0;
}

# NEON modified immediates of vmov/vmvn (ones-fill too) or vorr/vbic, element size $n.
sub neon_imm_ok {
    my ($u, $n, $fill) = @_;
    return $u <= 0xff if $n == 8;
    if ($n == 16) { return ($u & 0xff00) == 0 || ($u & 0x00ff) == 0; }
    if ($n == 32) {
        for my $s (0, 8, 16, 24) { return 1 if ($u & ~(0xff << $s) & 0xffffffff) == 0; }
        return $fill && (($u & 0xffff00ff) == 0x000000ff || ($u & 0xff00ffff) == 0x0000ffff);
    }
    for my $b (0 .. 7) { my $x = ($u >> (8 * $b)) & 0xff; return 0 unless $x == 0 || $x == 0xff; }
    return 1;
}

my %MOD_HOW = (
    m   => 'a modified immediate (8 bits rotated right by an even amount)',
    mn  => 'a modified immediate (8 bits rotated right by an even amount), or the negation of one',
    mi  => 'a modified immediate (8 bits rotated right by an even amount), or the inverse of one',
    mov => 'a modified immediate (8 bits rotated right by an even amount), the inverse of one, or 0..65535',
);
my %NEON_HOW = (
    vmov8  => '0..255', vmov16 => '0x00XX or 0xXX00',
    vmov32 => '0xXX shifted left by 0, 8, 16 or 24, 0x0000XXFF or 0x00XXFFFF',
    vmov64 => 'a 64-bit value whose every byte is 0x00 or 0xFF',
    vorr16 => '0x00XX or 0xXX00', vorr32 => '0xXX shifted left by 0, 8, 16 or 24',
);

# Why the immediate operand $o fails pattern $p (undef: it fits).  $prev is the
# operand before it (bit-field lsb).
sub imm_why {
    my ($p, $o, $prev) = @_;
    my $t = $o->{text};
    my $v = int_of($t);
    if (!defined $v) {
        return "$t: a floating-point literal is not an immediate of any ARMv7 form"
            if $t =~ /^#\s*[-+]?[0-9.]+[eE.]/;
        return "$t is not a plain integer (this field is checked by the translator)";
    }
    if (my ($lo, $hi) = $p =~ /^#(\d+)-(\d+)$/) {
        return $v >= $lo && $v <= $hi ? undef : "immediate $t out of range $lo..$hi";
    }
    if ($p eq '#bfw') {
        my $lsb = int_of($prev->{text} // '') // 0;
        my $max = 32 - $lsb;
        return $v >= 1 && $v <= $max ? undef : "bit-field width $t out of range 1..$max (lsb $lsb)";
    }
    if (my ($class) = $p =~ /^#(m|mn|mi|mov)$/) {
        my $u = u32($v);
        return "immediate $t does not fit 32 bits" unless defined $u;
        return if modimm_ok($u);
        return if $class eq 'mn' && modimm_ok(-$u & 0xffffffff);
        return if ($class eq 'mi' || $class eq 'mov') && modimm_ok(~$u & 0xffffffff);
        return if $class eq 'mov' && $u <= 0xffff;
        return "$t is not $MOD_HOW{$class}";
    }
    if (my ($kind, $n) = $p =~ /^#(vmov|vorr)(8|16|32|64)$/) {
        my $u = $v >= 0 && ($n == 64 || $v < 2**$n) ? $v : undef;
        $u = undef if defined $u && $n == 64 && $v > 0xffffffffffffffff;
        return "immediate $t does not fit $n bits unsigned (write the element value)" unless defined $u;
        return neon_imm_ok($u, $n, $kind eq 'vmov') ? undef : "$t is not a NEON .i$n immediate of this"
            . " instruction: $NEON_HOW{\"$kind$n\"}";
    }
    die "Arm/ImmA32.pm: unknown immediate pattern '$p'\n";
}

# The amount range of an immediate shift in an operand (sha, memory offsets).
my %SHIFT_RANGE = (lsl => [0, 31], lsr => [1, 32], asr => [1, 32], ror => [1, 31]);

# Why shift operand $o fails the amount rule of $p ('sha' or 'ror'): undef if it
# fits, '' if it is of the wrong shape (the caller decides that).
sub shift_why {
    my ($p, $o) = @_;
    my ($op, $amt) = ($o->{op}, $o->{amt});
    return undef unless defined $amt && $amt =~ /^#/;
    my $v = int_of($amt);
    return "shift amount $amt is not a plain integer" unless defined $v;
    if ($p eq 'ror') {
        return grep({ $v == $_ } 0, 8, 16, 24) ? undef : "rotation $amt: one of #0, #8, #16, #24";
    }
    my $r = $SHIFT_RANGE{$op} or return '';
    return $v >= $r->[0] && $v <= $r->[1] ? undef : "$op $amt: the amount is $r->[0]..$r->[1]";
}

# Why the lane/scalar register $o fails ds.L / dm.L (undef: it fits, '' wrong kind).
sub lane_why {
    my ($p, $o) = @_;
    my ($kind, $l) = $p =~ /^(ds|dm)\.(\d+)$/ or return '';
    return '' unless $o->{k} eq 'ds';
    return "lane d$o->{n}\[$o->{idx}] out of range: this data type has lanes 0.." . ($l - 1)
        if $o->{idx} >= $l;
    my $top = $l == 4 ? 7 : 15;
    return "scalar d$o->{n}\[$o->{idx}]: a multiply by a " . (64 / $l) . "-bit scalar takes d0-d$top"
        if $kind eq 'dm' && $o->{n} > $top;
    return undef;
}

# Why memory operand $m fails the field rules of pattern $p (undef fits, '' not
# a rule here).  ma: the register offset's shift; mn:...: the alignment.
sub mem_why {
    my ($p, $m) = @_;
    if ($p eq 'ma' || $p eq 'mo') {
        return undef unless $m->{shift};
        return '' if defined $m->{shift}{amt} && $m->{shift}{amt} !~ /^#/;    # no register amounts
        return '' if $m->{shift}{op} eq 'rrx' ? defined $m->{shift}{amt} : !defined $m->{shift}{amt};
        return undef if $m->{shift}{op} eq 'rrx';
        return shift_why('sha', $m->{shift});
    }
    if (my ($list) = $p =~ /^mn:([\d:]*)$/) {
        return undef unless exists $m->{align};
        my @ok = split /:/, $list;
        return undef if grep { $_ == $m->{align} } @ok;
        return "alignment :$m->{align} not allowed here (" . (@ok ? 'one of :' . join(', :', @ok)
            : 'this form takes no alignment') . ")";
    }
    return '';
}

1;
