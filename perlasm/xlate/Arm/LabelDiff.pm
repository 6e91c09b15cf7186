# SPDX-License-Identifier: Apache-2.0
# A label difference (.quad .Lb-.La) is a constant only when both labels lie in
# one section. Across sections each object format resolves it its own way
# (AArch64: ELF a PC-relative relocation, Mach-O an absolute one against the
# function, COFF none), so every expression naming two or more labels or
# functions of the file, in data or in an instruction operand, must name them in
# one section; X86_64/LabelDiff.pm is the x86_64 twin. ARMv7 keeps its
# constants in .text, so there every label is in one section.
package Arm::LabelDiff;
use strict;
use warnings;
use Arm::Common;

my %SECTION;    # label => section ('text' or 'rodata') where it is defined
my @USES;       # [expression text, input line] naming a label twice or more

# A new flavour of the input (arm-xlate.pl): nothing defined or used yet.
sub start_flavour { %SECTION = (); @USES = (); }

sub section_key { my ($s) = @_; return $A64 ? $s : 'text'; }

sub define { my ($label, $section) = @_; $SECTION{$label} //= section_key($section); }

# The operand or data text of a statement on the current input line.
sub note {
    my ($text) = @_;
    return unless $text =~ /-/;
    for my $e (split /,/, $text) {
        my %seen;
        my @names = grep { !$seen{$_}++ } $e =~ /(?<![\w.\$])(\.L[\w\$]+|[A-Za-z_][\w\$]*)/g;
        push @USES, [$e =~ s/^\s+|\s+$//gr, $lineno] if @names > 1;
    }
}

# After the whole input: fail on the first difference across sections.
sub check {
    for my $u (@USES) {
        my ($e, $line) = @$u;
        my %seen;
        my @labels = grep { !$seen{$_}++ && ($PROC_NAMES{$_} || exists $SECTION{$_}) }
                     $e =~ /(?<![\w.\$])(\.L[\w\$]+|[A-Za-z_][\w\$]*)/g;
        my %where = map { $_ => $PROC_NAMES{$_} ? 'text' : $SECTION{$_} } @labels;
        my %secs = map { $_ => 1 } values %where;
        next unless keys %secs > 1;
        $lineno = $line;
        fail("'$e' relates labels of different sections (" . join(', ', map { "$_ in $where{$_}" } @labels)
             . "): each object format resolves that its own way; keep both labels in one section");
    }
}

1;
