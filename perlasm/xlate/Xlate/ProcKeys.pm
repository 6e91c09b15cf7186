# SPDX-License-Identifier: Apache-2.0
package Xlate::ProcKeys;
# The arguments of .ctasm_proc, read alike by both translators:
#
#   .ctasm_proc NAME, FLAG, KEY=N, LIST=ITEM, ITEM, ...
#
# A list value contains commas, so a bare item extends the last list key. Refused,
# the same way on every ISA: a missing or malformed name; a key the ISA does not
# have; a key given twice; a flag with a value; a key without one; an empty item
# (",," or a trailing comma); a number that is not plain decimal (010 is octal to
# some readers) or is out of its range; a test-only flag outside its test fixtures.
# What the values mean (registers, frame sizes) each translator checks itself.
use strict;
use warnings;
use Exporter 'import';
use Xlate::Fail qw(fail);
our @EXPORT_OK = qw(parse_proc_args $BROKEN_ABI);

# The test-only key of the ABI checkers' negative fixtures (both ISAs): callee-saved
# registers written without save=, so the trampolines can prove they notice.
our $BROKEN_ABI = [qr/^ctasm_(?:abi|xlate)_test_clobber(?:_\w+)?$/,
                   'ctasm_abi_test_clobber* and ctasm_xlate_test_clobber*'];

# $spec: flags   => {NAME => undef, or [name regex, its description] for test-only flags}
#        numbers => {KEY => {unit => TEXT, max => N, tail => TEXT} or
#                           {unit => TEXT, values => [N...], what => TEXT}}
#        lists   => {KEY => 1}
# Returns (name, {flag => 1, number key => value, list key => [items]}).
sub parse_proc_args {
    my ($args, $spec) = @_;
    my @tok = map { s/^\s+|\s+$//gr } split /,/, $args, -1;
    my $name = shift @tok;
    fail(".ctasm_proc needs a function name") unless defined $name && $name =~ /^[A-Za-z_]\w*$/;
    my (%k, $list);
    for my $t (@tok) {
        if ($t =~ /^(\w+)\s*=\s*(.*)$/) {
            my ($key, $v) = ($1, $2);
            fail("'$key' takes no value") if exists $spec->{flags}{$key};
            my $num = $spec->{numbers}{$key};
            fail("unknown .ctasm_proc key '$key'") unless $num || $spec->{lists}{$key};
            fail("duplicate .ctasm_proc key '$key'") if exists $k{$key};
            fail("$key= without a value") if $v eq '';
            $list = undef;
            if ($num) { $k{$key} = number($key, $v, $num) }
            else { $k{$key} = [$v]; $list = $key }
        } elsif (exists $spec->{flags}{$t}) {
            fail("duplicate .ctasm_proc key '$t'") if exists $k{$t};
            my $only = $spec->{flags}{$t};
            fail("$t is only for the $only->[1] test fixtures") if $only && $name !~ $only->[0];
            $k{$t} = 1;
            $list = undef;
        } elsif (defined $list && $t =~ /^[%\w-]+$/) {
            push @{ $k{$list} }, $t;
        } elsif ($t eq '') {
            fail("empty .ctasm_proc item (two commas in a row, or one at the end)");
        } else {
            fail("unknown .ctasm_proc key '$t'");
        }
    }
    return ($name, \%k);
}

sub number {
    my ($key, $v, $n) = @_;
    fail("$key= wants a decimal $n->{unit} (no leading zeros, no expression): '$v'")
        unless $v =~ /^(?:0|[1-9][0-9]*)$/;
    if ($n->{values}) {
        fail("$key=$v: $n->{what} is " . join(', ', @{ $n->{values} }[0 .. $#{ $n->{values} } - 1])
             . " or $n->{values}[-1]") unless grep { $_ == $v } @{ $n->{values} };
    } else {
        fail("$key=$v: at most $n->{max}$n->{tail}") if length($v) > 9 || $v > $n->{max};
    }
    return 0 + $v;
}

1;
