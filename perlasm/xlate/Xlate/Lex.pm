# SPDX-License-Identifier: Apache-2.0
package Xlate::Lex;
# Lexing of input lines, for both translators: one line -> its statements and its
# trailing comment. ';' separates statements on every flavour (Apple arm64 would
# read the rest of the line as a comment); the comment markers are the ISA's
# (x86_64 '#', AArch64 '//', ARMv7 '//' and '@'). Markers and ';' inside string
# literals are text.
use strict;
use warnings;
use Exporter 'import';
use Xlate::Fail qw(fail);
our @EXPORT_OK = qw(split_line);

# (statements, comment): the statements trimmed and non-empty, the comment (after
# its marker, trailing blanks removed) or undef. $marker: a regex of the markers.
# Memoised by line and markers: a file repeats most lines. The list is the memo's
# own: callers read it, and copy a statement before editing it (take_labels).
my %SPLIT;
sub split_line {
    my ($line, $marker) = @_;
    return @{ $SPLIT{"$marker\0$line"} //= [split_text($line, $marker)] };
}

sub split_text {
    my ($line, $marker) = @_;
    # Without a string (almost every line) the same split by regex: the first
    # comment marker ends the statements, ';' separates them.
    if (index($line, '"') < 0) {
        my ($body, $comment) = ($line);
        if ($line =~ $marker) {
            $body = substr($line, 0, $-[0]);
            $comment = substr($line, $+[0]) =~ s/\s+$//r;
        }
        # (two anchored substitutions: one alternation of both is twice as slow)
        return ([grep { $_ ne '' } map { s/^\s+//r =~ s/\s+$//r } split /;/, $body, -1], $comment);
    }
    my (@stmts, $comment);
    my $cur = '';
    my $in_str = 0;
    my $n = length $line;
    for (my $i = 0; $i < $n; $i++) {
        my $c = substr($line, $i, 1);
        if ($in_str) {
            $cur .= $c;
            if ($c eq '\\' && $i + 1 < $n) { $cur .= substr($line, ++$i, 1); next; }
            $in_str = 0 if $c eq '"';
            next;
        }
        if ($c eq '"') { $in_str = 1; $cur .= $c; next; }
        pos($line) = $i;
        if ($line =~ /\G(?:$marker)/g) {
            $comment = substr($line, pos($line));
            last;
        }
        if ($c eq ';') { push @stmts, $cur; $cur = ''; next; }
        $cur .= $c;
    }
    fail("unterminated string") if $in_str;
    push @stmts, $cur;
    @stmts = grep { $_ ne '' } map { s/^\s+|\s+$//gr } @stmts;
    $comment =~ s/\s+$// if defined $comment;
    return (\@stmts, $comment);
}

1;
