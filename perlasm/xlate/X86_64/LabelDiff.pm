# SPDX-License-Identifier: Apache-2.0
package X86_64::LabelDiff;
# A label difference (.long .Lb-.La) is a constant only when both labels lie in
# one section. Across sections each object format resolves it its own way: ELF
# and Mach-O write different values or relocations, NASM's COFF others again,
# and gas cannot resolve it at all on ELF once data sits in .text between them.
# So every expression that names two or more labels or functions of the file,
# in data or in an instruction operand, must name them in one section; anything
# else is refused with its line. (A single label is an address: relocated alike.)
use strict;
use warnings;
use Exporter 'import';
use X86_64::Common;
our @EXPORT_OK = qw(check_label_differences);

# Names an expression text mentions ('%' registers, numbers and suffixes aside).
sub names_in {
    my ($e) = @_;
    return $e =~ /(?<![\w.%])(\.?[A-Za-z_][\w.\$]*)/g;
}

sub check_label_differences {
    my ($items) = @_;
    my (%section_of, $section);
    $section = 'text';    # what the printers open the file with
    for my $it (@$items) {
        $section = $it->{which} if $it->{k} eq 'section';
        $section_of{ $it->{name} } //= $section if $it->{k} eq 'label' || $it->{k} eq 'proc';
    }
    for my $it (@$items) {
        my @exprs = $it->{k} eq 'data' ? @{ $it->{vals} } : $it->{k} eq 'insn' ? ($it->{args} // '') : ();
        for my $e (@exprs) {
            next if index($e, '-') < 0;    # a difference needs a minus
            my %seen;
            my @labels = grep { exists $section_of{$_} && !$seen{$_}++ } names_in($e);
            next unless @labels > 1;
            my %secs = map { $section_of{$_} => 1 } @labels;
            next if keys %secs == 1;
            fail("'$e' relates labels of different sections (" . join(', ', map { "$_ in $section_of{$_}" } @labels)
                 . "): each object format resolves that its own way; keep both labels in one section", $it);
        }
    }
}

1;
