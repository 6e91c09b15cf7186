# SPDX-License-Identifier: Apache-2.0
package XlateOutput;
# What both translators (x86_64-xlate.pl, arm-xlate.pl) share about their command line
# and output: one flavour to stdout or a file, or several flavours of one input in one
# run, which gen_asm.py uses so that the work that does not depend on the flavour is
# done once per input instead of once per flavour (docs/INTERNALS.md, "Generation"):
#
#   perl X-xlate.pl FLAVOUR [OUTFILE] < in          one flavour
#   perl X-xlate.pl FLAVOUR=OUTFILE ... < in        several, each to its file
#
# A flavour that fails writes nothing: the output file is written only when the
# whole translation succeeded. The flavours are translated one after another in
# the translator's process (each_flavour):
#   x86_64-xlate.pl  parses and analyses once, then prints each flavour (it resets
#                    what a printer keeps between flavours);
#   arm-xlate.pl     checks and prints in one pass, so it runs that pass per flavour
#                    (resetting what a flavour keeps); the results of pure checks the
#                    first flavour kept (cache()) serve the later ones.
# (Each flavour once ran in a forked child: the child and its parent copied each page
# they touched, ~60 ms of the x86_64 ChaCha20-Poly1305 job, ~7 ms per later ARM flavour.)
use strict;
use warnings;
use Exporter 'import';
our @EXPORT_OK = qw(targets write_output each_flavour cache);

# Results of pure checks: name => {input => result}. A name must say everything
# the result depends on besides the input text (e.g. the ISA).
our %CACHE;
sub cache { return $CACHE{ $_[0] } //= {} }

# Work counters, the regression guard of the speed goal that is not a timing
# (tests/xlate/multi_flavour.py): a translator adds to $COUNT{name}; with
# CTASM_XLATE_COUNTS=1 in the environment, a several-flavours run appends one line per
# flavour, "FLAVOUR name=N ...", to FIRST_OUTFILE.counts.
our %COUNT;
my $counts_file;
sub write_counts {
    my ($flavour) = @_;
    return unless defined $counts_file;
    open(my $fh, '>>', $counts_file) or die "can't append to $counts_file: $!\n";
    print $fh join(' ', $flavour, map { "$_=$COUNT{$_}" } sort keys %COUNT), "\n";
    close($fh) or die "can't append to $counts_file: $!\n";
}

# [[flavour, outfile-or-undef], ...] from the arguments; dies with $usage on a
# malformed list.
sub targets {
    my ($usage, @args) = @_;
    die $usage unless @args && defined $args[0];
    return [[$args[0], $args[1]]] if $args[0] !~ /=/ && @args <= 2;
    my @t;
    for (@args) {
        my ($f, $out) = /^([\w-]+)=(.+)$/ or die $usage;
        push @t, [$f, $out];
    }
    $counts_file = "$t[0][1].counts" if $ENV{CTASM_XLATE_COUNTS};
    return \@t;
}

# The translated text to $output (a path) or stdout.
sub write_output {
    my ($tool, $output, $text) = @_;
    if (defined $output) {
        open(my $fh, '>', $output) or die "$tool: can't write $output: $!\n";
        print $fh $text;
        close($fh) or die "$tool: can't write $output: $!\n";
    } else {
        print $text;
    }
}

# True in a later flavour whose caches came from a first flavour that translated the
# whole input: every check that reads no flavour passed on this input, so a later
# flavour may leave out what only such checks record (arm-xlate.pl's replay).
our $FIRST_PASSED = 0;

# Runs $print->(flavour) -> text for each target in turn, in this process, each
# writing its output (a flavour that fails writes nothing, and the next ones still
# run). $print must leave nothing behind that another flavour's print reads but
# what it means to share: the x86_64 printers the parse and analysis (x86_64-xlate.pl
# resets what they keep per flavour); with $replay (arm-xlate.pl, which resets what a
# flavour keeps), the caches, and only those of a first flavour that translated the
# whole input ($FIRST_PASSED below): after a failed first flavour, each later one starts
# with none, and every flavour's work counts start from zero. Returns the exit status
# perl would give for a die (255) if any flavour failed (its message on stderr), else 0.
sub each_flavour {
    my ($tool, $targets, $print, $replay) = @_;
    if (@$targets == 1) {
        my ($f, $out) = @{ $targets->[0] };
        write_output($tool, $out, $print->($f));
        return 0;
    }
    my $status = 0;
    for my $k (0 .. $#$targets) {
        my ($f, $out) = @{ $targets->[$k] };
        if ($replay) {
            %COUNT = ();
            %$_ = () for $k > 0 && !$FIRST_PASSED ? values %CACHE : ();
        }
        my $ok = eval { write_output($tool, $out, $print->($f)); 1 };
        $FIRST_PASSED = 1 if $replay && $k == 0 && $ok;
        next if $ok;
        print STDERR $@;
        $status = 255;
    }
    return $status;
}

1;
