# SPDX-License-Identifier: Apache-2.0
package Xlate::Labels;
# Labels, for both translators: the leading "NAME:" of a statement, and what a
# label may be. Labels are .L labels only (each translator spells them per flavour:
# .L, L, L$); functions are .ctasm_proc, so no label becomes a symbol of its own on
# some flavour (Mach-O would export a plain "foo:" as _foo). Numeric labels (1:,
# 1f) are refused: no check could follow them. Each label is defined once per file.
use strict;
use warnings;
use Exporter 'import';
use Xlate::Fail qw(fail);
our @EXPORT_OK = qw($LABEL $IS_LABEL $LEADING_LABEL take_labels define_label);

# The one spelling of a label, for both translators: ".L" and word characters (no '$',
# no '.'). $LABEL matches one inside a text (no anchors, no capture group), $IS_LABEL
# a whole string that is one. The name after ".L" is substr($l, 2) (each flavour
# writes its own prefix before it).
our $LABEL = qr/\.L\w+/;
our $IS_LABEL = qr/^$LABEL$/;
# One leading "NAME:" of a statement, NAME in $1: what take_labels removes (and then
# checks against $IS_LABEL, so a wrong label is refused by name, not misread).
our $LEADING_LABEL = qr/^([.\w\$]+)\s*:\s*/;

# The labels at the start of statement $$st, removed from it; each must be a .L label.
sub take_labels {
    my ($st) = @_;
    my @l;
    while ($$st =~ s/$LEADING_LABEL//) {
        my $l = $1;
        fail("label $l: only .L labels (functions are .ctasm_proc)") unless $l =~ $IS_LABEL;
        push @l, $l;
    }
    return @l;
}

# Records label $l in %$defined (=> $value); refused if it is there already.
sub define_label {
    my ($l, $defined, $value, @ctx) = @_;
    fail("label $l defined twice", @ctx) if $defined->{$l};
    $defined->{$l} = $value;
}

1;
