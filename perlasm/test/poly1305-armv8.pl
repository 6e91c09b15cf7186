#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# Test-only AArch64 object (gen_asm.py kind "test": linked into ctasm_tests, not
# into libctasm): ctasm_poly1305_pad16_armv8, Poly1305 alone as the fused
# ChaCha20-Poly1305 code runs it, for its direct tests and for
# util/count_insns.py --chacha-armv8 (the fused seal against ChaCha20 and
# Poly1305 run separately). perlasm/chacha/chacha20_poly1305_armv8.pl generates
# it with the AEAD's own Poly1305 code when $poly1305_test_entry is set.
#
#   void ctasm_poly1305_pad16_armv8(uint8_t tag[16], const uint8_t key[32],
#                                   const uint8_t *in, size_t len);
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use Perlasm ();

Perlasm::open_output("arm", @ARGV);
our $poly1305_test_entry = 1;
my $generator = "$FindBin::RealBin/../chacha/chacha20_poly1305_armv8.pl";
unless (defined do $generator) {
    die $@ if $@;
    die "poly1305-armv8.pl: cannot run $generator: $!\n";
}
