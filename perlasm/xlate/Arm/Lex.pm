# SPDX-License-Identifier: Apache-2.0
# Lexing for arm-xlate.pl.
package Arm::Lex;
use strict;
use warnings;
use Exporter 'import';
use Arm::Common;
our @EXPORT = qw(split_line);

# Lexing: split one input line into statements and a trailing comment.
# ';' separates statements (Apple arm64 would read it as a comment), '//'
# starts a comment in both ISAs, '@' too on ARMv7.  Strings are respected.
# Line => [statements, comment]: a file repeats most lines (the split depends
# only on the line and the ISA, fixed for the run; callers only read the list).
my %SPLIT;
sub split_line {
    my ($line) = @_;
    return @{ $SPLIT{$line} //= [split_text($line)] };
}

sub split_text {
    my ($line) = @_;
    # Without a string (almost every line) the same split by regex: the first
    # comment marker ends the statements, ';' separates them.
    if (index($line, '"') < 0) {
        my ($body, $comment) = ($line);
        if ($line =~ ($A64 ? qr{//} : qr{//|\@})) {
            $body = substr($line, 0, $-[0]);
            $comment = substr($line, $+[0]) =~ s/\s+$//r;
        }
        return ([grep { /\S/ } split /;/, $body, -1], $comment);
    }
    my (@stmts, $cur, $comment) = ();
    $cur = '';
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
        if (substr($line, $i, 2) eq '//' || (!$A64 && $c eq '@')) {
            $comment = substr($line, $i + ($c eq '@' ? 1 : 2));
            last;
        }
        if ($c eq ';') { push @stmts, $cur; $cur = ''; next; }
        $cur .= $c;
    }
    fail("unterminated string") if $in_str;
    push @stmts, $cur;
    @stmts = grep { /\S/ } @stmts;
    $comment =~ s/\s+$// if defined $comment;
    return (\@stmts, $comment);
}

1;
