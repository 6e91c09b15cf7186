# SPDX-License-Identifier: Apache-2.0
package AesField;
# GF(2^8) with the AES polynomial x^8+x^4+x^3+x+1, and the S-box's affine map:
# the arithmetic the AES perlasm scripts derive their constant tables from at
# generation time (plain Perl, no tables taken from elsewhere).
use strict;
use warnings;
use Exporter 'import';
our @EXPORT_OK = qw(gmul gpow ginv aff);

sub gmul {
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

sub gpow { my ($a, $e) = @_; my $r = 1; $r = gmul($r, $a) for 1 .. $e; return $r; }

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
