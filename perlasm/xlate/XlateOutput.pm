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
# whole translation succeeded. Two ways:
#   each_flavour   the translator does its flavour-free work, then prints each
#                  flavour in turn, in the same process (x86_64-xlate.pl: parse and
#                  analysis once; it resets what a printer keeps between flavours);
#   fork_flavours  at the start: per flavour, a child (the process itself for the
#                  last) runs the whole translator;
#                  the results of pure checks the first child kept (cache()) are
#                  handed to the later ones (arm-xlate.pl, whose checks and printing
#                  are one pass).
use strict;
use warnings;
use Exporter 'import';
use POSIX ();
use Storable ();
# fork_flavours gives each flavour the input as an in-memory file, whose layer is an
# XS module perl loads on the first such open: loaded here, so that it is loaded
# once (by the job server, which preloads this module) and not in every flavour's
# process (~4 ms each, more than translating a small file).
use PerlIO::scalar ();
our @EXPORT_OK = qw(targets write_output each_flavour fork_flavours flavour_done cache);

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

# Runs $print->(flavour) -> text for each target in turn, in this process, each
# writing its output (a flavour that fails writes nothing, and the next ones still
# run). $print must leave nothing behind that another flavour's print reads (the
# x86_64 printers: x86_64-xlate.pl resets what they keep per flavour). Returns the
# exit status perl would give for a die (255) if any flavour failed (its message on
# stderr), else 0. (Each flavour once ran in a forked child: the child and the
# parent then copied each page of the shared parse they touched, ~60 ms on the
# ChaCha20-Poly1305 input per flavour, twice its printing.)
sub each_flavour {
    my ($tool, $targets, $print) = @_;
    if (@$targets == 1) {
        my ($f, $out) = @{ $targets->[0] };
        write_output($tool, $out, $print->($f));
        return 0;
    }
    my $status = 0;
    for my $t (@$targets) {
        my ($f, $out) = @$t;
        my $ok = eval { write_output($tool, $out, $print->($f)); 1 };
        next if $ok;
        print STDERR $@;
        $status = 255;
    }
    return $status;
}

# fork_flavours state: where this child saves its caches, if it is the first.
# $last_status: defined in the process that runs the last flavour itself (the status
# of the ones before).
my ($in_child, $save_cache, $last_status);
# True in a later flavour whose caches came from a first flavour that translated the
# whole input: every check that reads no flavour passed on this input, so a later
# flavour may leave out what only such checks record (arm-xlate.pl's replay).
our $FIRST_PASSED = 0;

# For a translator that is one pass: returns (flavour, outfile-or-undef) for the rest
# of the script to translate. With several targets it returns in a child per target
# in turn and, for the last, in this process (stdin read once and given to each);
# flavour_done() there exits with 255 if any failed. Each must end with flavour_done().
sub fork_flavours {
    my ($tool, $usage, @args) = @_;
    my $targets = targets($usage, @args);
    return @{ $targets->[0] } if @$targets == 1 && $args[0] !~ /=/;
    my $input = do { local $/; <STDIN> } // '';
    my $status = 0;
    for my $k (0 .. $#$targets) {
        my $file = $k == 0 && @$targets > 1 ? "$targets->[0][1].cache" : undef;
        # The last flavour runs in this process (a fork costs more than a small file):
        # flavour_done exits with the status of all of them.
        if ($k == $#$targets) {
            close(STDIN);
            open(STDIN, '<', \$input) or die "$tool: stdin: $!\n";
            ($in_child, $save_cache, $last_status) = (1, undef, $status);
            return @{ $targets->[$k] };
        }
        STDOUT->flush;
        STDERR->flush;
        my $pid = fork;
        die "$tool: fork: $!\n" unless defined $pid;
        if ($pid == 0) {
            close(STDIN);
            open(STDIN, '<', \$input) or die "$tool: stdin: $!\n";
            ($in_child, $save_cache, $last_status) = (1, $file, undef);
            return @{ $targets->[$k] };
        }
        waitpid($pid, 0);
        if ($?) { $status = 255; next; }
        if (defined $file && -f $file) {
            my $saved = Storable::retrieve($file);
            unlink $file;
            $FIRST_PASSED = 1;
            for my $name (sort keys %$saved) {
                my $h = cache($name);
                @$h{ keys %{ $saved->{$name} } } = values %{ $saved->{$name} };
            }
        }
    }
    die "$tool: no flavour\n";
}

# The end of a translation that succeeded: a fork_flavours child saves its caches
# (the first one) and leaves with _exit, so nothing of the parent runs twice.
sub flavour_done {
    return unless $in_child;
    Storable::nstore(\%CACHE, $save_cache) if defined $save_cache;
    exit $last_status if defined $last_status;
    STDOUT->flush;
    STDERR->flush;
    POSIX::_exit(0);
}

1;
