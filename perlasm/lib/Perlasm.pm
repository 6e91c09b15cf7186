# SPDX-License-Identifier: Apache-2.0
package Perlasm;
# What every perlasm script shares: where its output goes (through its ISA's
# translator, or as the raw dialect for gen_asm.py), and the helpers that
# build the code text.
#
#   use FindBin; use lib "$FindBin::RealBin/../lib";
#   use Perlasm qw($code emit label newlabel bytes16 byte_list finish);
#   Perlasm::open_output("x86_64", @ARGV);      # FLAVOUR [OUTFILE]
#   ... $code .= ...; emit(...); label(...);
#   finish();                                    # prints $code, closes the output
#
# FLAVOUR "dialect" writes the script's input dialect untranslated: gen_asm.py
# runs each script once that way and translates the text for every flavour of
# the ISA (docs/PERLASM.md, "Invocation").
use strict;
use warnings;
use Exporter 'import';
use File::Basename qw(dirname);
use File::Spec;

our @EXPORT_OK = qw($code emit label newlabel bytes16 byte_list finish);

# The text being built; the scripts append to it.
our $code = "";

my %translator = (x86_64 => "x86_64-xlate.pl", arm => "arm-xlate.pl");

# Sends STDOUT to the translator of $isa ("x86_64" or "arm") for $flavour, or
# for "dialect" straight to $output (or stdout).
sub open_output {
    my ($isa, $flavour, $output) = @_;
    die "usage: $0 FLAVOUR [OUTFILE]\n" unless defined $flavour;
    my $xl = $translator{$isa} or die "Perlasm::open_output: unknown ISA '$isa'\n";
    if ($flavour eq "dialect") {
        if (defined $output) {
            open(my $fh, ">", $output) or die "can't write $output: $!";
            *STDOUT = $fh;
        }
        return;
    }
    my $xlate = File::Spec->catfile(dirname(__FILE__), "..", "xlate", $xl);
    -f $xlate or die "can't locate $xl";
    open(my $fh, "| \"$^X\" \"$xlate\" $flavour" . (defined $output ? " \"$output\"" : ""))
        or die "can't call $xlate: $!";
    *STDOUT = $fh;
}

# Instructions, one per line, tab-indented.
sub emit { $code .= join("", map { "\t$_\n" } @_) }

sub label { $code .= "$_[0]:\n" }

# Fresh local labels: PREFIX NAME_ N, or PREFIX N without a name (the prefix
# is set once per script, e.g. ".Lvp_").
my $label_prefix = ".L";
my $label_count = 0;
sub set_label_prefix { $label_prefix = shift }
sub newlabel {
    my $name = shift;
    return $label_prefix . (defined $name ? "${name}_" : "") . $label_count++;
}

# "0x..,0x.." for a list of bytes.
sub byte_list { join(",", map { sprintf "0x%02x", $_ } @{ $_[0] }) }

# A 16-byte constant: an optional comment line, an optional label, one .byte row.
sub bytes16 {
    my ($name, $t, $comment) = @_;
    die "$name: not 16 bytes" unless @$t == 16;
    $code .= "# $comment\n" if $comment;
    $code .= "$name:\n" if defined $name && $name ne "";
    $code .= "\t.byte " . byte_list($t) . "\n";
}

sub finish {
    print $code;
    close STDOUT or die "error closing STDOUT: $!";
}

1;
