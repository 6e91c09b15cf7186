# SPDX-License-Identifier: Apache-2.0
package Xlate::Align;
# Alignment directives, read alike by both translators. .ctasm_align and .balign
# count bytes, .p2align a power of two; .align is what GNU as makes of it on ELF for
# the ISA (bytes on x86_64, a power of two on ARM), whatever the flavour's assembler
# would think. Plain decimal only (010 is octal to some readers), and at most 4096
# bytes: the page, which every object format's section alignment reaches (COFF stops
# at 8192), so every flavour places what follows alike.
use strict;
use warnings;
use Exporter 'import';
use Xlate::Fail qw(fail);
our @EXPORT_OK = qw(align_log2);

my $MAX_LOG2 = 12;

# log2 of the alignment directive $d with operand $n; $align_log2: .align is log2.
sub align_log2 {
    my ($d, $n, $align_log2) = @_;
    $n =~ s/^\s+|\s+$//g;
    if ($d eq '.p2align' || ($d eq '.align' && $align_log2)) {
        fail("$d needs a small log2 count (plain decimal 0..$MAX_LOG2), not '$n'")
            unless $n =~ /^(?:0|[1-9][0-9]?)$/ && $n <= $MAX_LOG2;
        return 0 + $n;
    }
    fail("$d needs a power-of-two byte count (plain decimal, at most " . (1 << $MAX_LOG2)
         . "), not '$n'")
        unless $n =~ /^[1-9][0-9]{0,3}$/ && $n <= (1 << $MAX_LOG2) && ($n & ($n - 1)) == 0;
    my $l = 0;
    $l++ while (1 << $l) < $n;
    return $l;
}

1;
