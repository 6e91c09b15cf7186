# SPDX-License-Identifier: Apache-2.0
package AesField;
# GF(2^8) with the AES polynomial x^8+x^4+x^3+x+1, and the S-box's affine map:
# the arithmetic the AES perlasm scripts derive their constant tables from at
# generation time (plain Perl, no tables taken from elsewhere).
use strict;
use warnings;
use Exporter 'import';
our @EXPORT_OK = qw(gmul gpow ginv aff);

# Shift-and-add product: the definition, used to build the tables below and for
# operands that are not bytes.
sub gmul_slow {
    my ($a, $b) = @_;
    my $r = 0;
    while ($b) {
        $r ^= $a if $b & 1;
        $a <<= 1;
        $a ^= 0x11b if $a & 0x100;
        $b >>= 1;
    }
    return $r;
}

# Powers and logarithms of the generator 3 (3^255 = 1), so that products, powers
# and inverses of bytes are lookups: the scripts derive and check their tables with
# some 10^5 field operations, which shift-and-add made most of gen_asm.py's time.
my (@EXP, @LOG);
{
    my $x = 1;
    for my $i (0 .. 254) { $EXP[$i] = $EXP[ $i + 255 ] = $x; $LOG[$x] = $i; $x = gmul_slow($x, 3); }
    die "AesField: 3 does not generate GF(2^8)*" if grep { !defined $LOG[$_] } 1 .. 255;
}

sub gmul {
    my ($a, $b) = @_;
    return gmul_slow($a, $b) if $a > 255 || $b > 255 || $a < 0 || $b < 0;
    return $a && $b ? $EXP[ $LOG[$a] + $LOG[$b] ] : 0;
}

# a^e for e >= 0 (a^0 = 1, as the empty product).
sub gpow {
    my ($a, $e) = @_;
    return 1 if $e <= 0;
    if ($a <= 255 && $a >= 0 && $e == int $e) { return $a ? $EXP[ ($LOG[$a] * $e) % 255 ] : 0; }
    my $r = 1;
    $r = gmul_slow($r, $a) for 1 .. $e;
    return $r;
}

# x^254 = 1/x for x != 0; AES maps 0 to 0.
sub ginv { my $a = shift; return $a ? gpow($a, 254) : 0; }

# The linear part of the S-box's affine map: z ^ rotl(z,1) ^ ... ^ rotl(z,4)
# (the S-box is aff(ginv(x)) ^ 0x63).
sub aff {
    my $z = shift;
    my $r = $z;
    $r ^= (($z << $_) | ($z >> (8 - $_))) & 0xff for 1 .. 4;
    return $r;
}

1;
