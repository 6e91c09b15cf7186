# SPDX-License-Identifier: Apache-2.0
# Numbers, constant expressions and operand names for arm-xlate.pl.
#
# The assemblers behind the ARM flavours read expressions differently: GNU as
# gives << and >> the precedence of * (so `1+2<<3` is 17), clang's Darwin
# parser uses C's (24); `010` is octal to some readers.  So the translator
# evaluates every constant expression itself and prints the value:
#   - numbers are decimal, 0x hex or 0b binary; a leading 0 followed by digits
#     (octal-looking) is refused;
#   - operators: unary - + ~, binary * / % + - << >> & ^ |.  One parenthesis
#     level may mix * / % with + - (every reader agrees: * binds tighter);
#     any other mix needs parentheses;
#   - values are exact integers (no wrap-around), checked against the range of
#     their use; / and % take non-negative operands, >> a non-negative left one;
#   - an expression that names symbols (.L labels, functions of this file) is
#     not evaluated: it may use + and - only and is printed as written.
# A single plain decimal or hex literal is printed as written (so existing
# output keeps its spelling); any other constant expression as its decimal value.
package Arm::Expr;
use strict;
use warnings;
no warnings 'portable';    # hex literals of 9..13 digits (fix_expr)
use Exporter 'import';
use Math::BigInt;
use Scalar::Util qw(refaddr);
use Arm::Common;
use XlateOutput;
our @EXPORT = qw(eval_expr fix_expr fix_insn_numbers fix_data);

my %CLASS = ('*' => 'mul', '/' => 'mul', '%' => 'mul', '+' => 'add', '-' => 'add',
             '<<' => 'shift', '>>' => 'shift', '&' => 'and', '^' => 'xor', '|' => 'or');

sub tokens {
    my ($s) = @_;
    my @t;
    pos($s) = 0;
    while (pos($s) < length $s) {
        if ($s =~ /\G\s+/gc) { next; }
        if ($s =~ /\G(0[xX][0-9a-fA-F]+|0[bB][01]+|[0-9]+)(?![\w.\$])/gc) {
            my $n = $1;
            fail("octal-looking number '$n' (assemblers disagree): write it in decimal or 0x hex")
                if $n =~ /^0[0-9]+$/;
            my $v = $n =~ /^0[bB]/ ? Math::BigInt->from_bin($n) : Math::BigInt->new($n);
            push @t, ['num', $v, $n];
        } elsif ($s =~ /\G([A-Za-z_.\$][\w.\$]*)/gc) {
            push @t, ['sym', $1];
        } elsif ($s =~ /\G(<<|>>|[-+*\/%&^|~()])/gc) {
            push @t, ['op', $1];
        } else {
            fail("cannot read expression '$s'");
        }
    }
    return \@t;
}

# Parse one parenthesis level: [kind, ...] trees; symbols make it symbolic.
sub parse_group {
    my ($t, $i, $src) = @_;
    my (@operands, @ops);
    while (1) {
        my @unary;
        while ($$i < @$t && $t->[$$i][0] eq 'op' && $t->[$$i][1] =~ /^[-+~]$/) {
            push @unary, $t->[$$i++][1];
        }
        fail("incomplete expression '$src'") if $$i >= @$t;
        my $tok = $t->[$$i++];
        my $node;
        if ($tok->[0] eq 'num') { $node = ['num', $tok->[1]]; }
        elsif ($tok->[0] eq 'sym') { $node = ['sym', $tok->[1]]; }
        elsif ($tok->[1] eq '(') {
            $node = parse_group($t, $i, $src);
            fail("missing ')' in '$src'") unless $$i < @$t && $t->[$$i][1] eq ')';
            $$i++;
        } else { fail("unexpected '$tok->[1]' in expression '$src'"); }
        $node = ['un', $_, $node] for reverse @unary;
        push @operands, $node;
        last unless $$i < @$t && $t->[$$i][0] eq 'op' && exists $CLASS{ $t->[$$i][1] };
        push @ops, $t->[$$i++][1];
    }
    my %classes = map { $CLASS{$_} => 1 } @ops;
    delete @classes{qw(mul add)} if keys %classes == 2 && $classes{mul} && $classes{add};
    if (keys %classes > 1) {
        my @c = sort keys %classes;
        fail("'$src' mixes operators that assemblers rank differently ($c[0], $c[1]): add parentheses");
    }
    # Fold: * / % before + -; otherwise one class, left to right.
    my $mixed = grep { $CLASS{$_} eq 'add' } @ops;
    my @terms = (shift @operands);
    my @tops;
    while (@ops) {
        my ($op, $rhs) = (shift @ops, shift @operands);
        if ($mixed && $CLASS{$op} eq 'mul') {
            $terms[-1] = ['bin', $op, $terms[-1], $rhs];
        } else {
            push @tops, $op;
            push @terms, $rhs;
        }
    }
    my $node = shift @terms;
    $node = ['bin', shift @tops, $node, shift @terms] while @terms;
    return $node;
}

my $LIMIT = Math::BigInt->new(2)->bpow(128);

sub value {
    my ($n, $src) = @_;
    my $k = $n->[0];
    return $n->[1]->copy if $k eq 'num';
    die "symbolic\n" if $k eq 'sym';
    my $v;
    if ($k eq 'un') {
        my $a = value($n->[2], $src);
        $v = $n->[1] eq '-' ? $a->bneg : $n->[1] eq '~' ? $a->bneg->bdec : $a;
    } else {
        my ($op, $a, $b) = ($n->[1], value($n->[2], $src), value($n->[3], $src));
        if ($op eq '+') { $v = $a->badd($b); }
        elsif ($op eq '-') { $v = $a->bsub($b); }
        elsif ($op eq '*') { $v = $a->bmul($b); }
        elsif ($op eq '/' || $op eq '%') {
            fail("'$src': division by zero") if $b->is_zero;
            fail("'$src': / and % want non-negative operands (assemblers round differently)")
                if $a->is_neg || $b->is_neg;
            $v = $op eq '/' ? $a->bdiv($b) : $a->bmod($b);
        } elsif ($op eq '<<' || $op eq '>>') {
            fail("'$src': shift count out of range (0..63)") if $b->is_neg || $b > 63;
            fail("'$src': >> of a negative value") if $op eq '>>' && $a->is_neg;
            $v = $op eq '<<' ? $a->blsft($b) : $a->brsft($b);
        } else {
            # Bitwise operators on two's complement values of any width.
            my $m = Math::BigInt->new(2)->bpow(130);
            my ($x, $y) = map { $_->is_neg ? $_->copy->badd($m) : $_ } ($a, $b);
            $v = $op eq '&' ? $x->band($y) : $op eq '|' ? $x->bior($y) : $x->bxor($y);
            $v->bsub($m) if $v >= $m->copy->brsft(1);
        }
    }
    fail("'$src': value out of range") if $v->copy->babs >= $LIMIT;
    return $v;
}

# Evaluate a constant expression: a Math::BigInt, or undef when it names
# symbols (then only + and - are allowed, and each symbol is checked by $sym).
sub eval_expr {
    my ($src, $sym) = @_;
    my $t = tokens($src);
    fail("empty expression") unless @$t;
    my $i = 0;
    my $tree = parse_group($t, \$i, $src);
    fail("unexpected '$t->[$i][1]' in expression '$src'") if $i < @$t;
    my @syms = map { $_->[1] } grep { $_->[0] eq 'sym' } @$t;
    if (@syms) {
        for (@$t) {
            fail("'$src': only + and - may combine symbols with numbers")
                if $_->[0] eq 'op' && $_->[1] !~ /^[-+()]$/;
        }
        $sym->($_) for @syms;
        return undef;
    }
    return value($tree, $src);
}

# The text to print for expression $src whose value must lie in [$lo, $hi]
# (Math::BigInt or numbers; undef: no check).
# refaddr of a Math::BigInt bound => [the bound, as a Perl number]; holding the object
# keeps its address from being reused by another one.
my %NATIVE;
sub native { my ($b) = @_; return ref $b ? ($NATIVE{ refaddr $b } //= [$b, $b->numify])->[1] : $b; }

sub fix_expr {
    my ($src, $lo, $hi, $what, $sym) = @_;
    my $s = $src =~ s/^\s+|\s+$//gr;
    # Most operands are one literal below 2**52, exact as a Perl number: the same
    # checks and text without Math::BigInt (most of the translator's time otherwise).
    if ($s =~ /^(?:0[xX]([0-9a-fA-F]{1,13})|(-?[1-9][0-9]{0,14}|0))$/) {
        my $v = defined $1 ? hex $1 : 0 + $2;
        fail("$what '$s' = $v is out of range ($lo..$hi)")
            if (defined $lo && $v < native($lo)) || (defined $hi && $v > native($hi));
        return $s;
    }
    my $v = eval_expr($s, $sym);
    return $s unless defined $v;
    fail("$what '$s' = $v is out of range ($lo..$hi)")
        if (defined $lo && $v < Math::BigInt->new($lo)) || (defined $hi && $v > Math::BigInt->new($hi));
    return $s if $s =~ /^(?:0[xX][0-9a-fA-F]+|[1-9][0-9]*|0)$/;
    return $v->bstr;
}

my $I64_MIN = Math::BigInt->new(2)->bpow(63)->bneg;
my $U64_MAX = Math::BigInt->new(2)->bpow(64)->bdec;

# Operands of one instruction: every #EXPR is evaluated (floating-point
# immediates pass as written); a number written without '#' must stand alone.
# "symbol check\0operands" => result: the same text gives the same result.
my $FIXED = XlateOutput::cache('arm-fixed-numbers');
sub fix_insn_numbers {
    my ($rest, $sym) = @_;
    my $key = (refaddr($sym) // "") . "\0$rest";
    return $FIXED->{$key} if exists $FIXED->{$key};
    my ($out, $bare) = ('', '');
    my $n = length $rest;
    my $i = 0;
    while ($i < $n) {
        my $c = substr($rest, $i, 1);
        if ($c eq '"') { fail("string in an instruction operand"); }
        if ($c ne '#') { $out .= $c; $bare .= $c; $i++; next; }
        my ($j, $depth) = ($i + 1, 0);
        for (; $j < $n; $j++) {
            my $d = substr($rest, $j, 1);
            if ($d eq '(') { $depth++; }
            elsif ($d eq ')') { last if $depth == 0; $depth--; }
            elsif ($depth == 0 && $d =~ /[,\]}!]/) { last; }
        }
        my $e = substr($rest, $i + 1, $j - $i - 1);
        my ($lead, $trail) = ($e =~ /^(\s*)/, $e =~ /(\s*)$/);
        $e =~ s/^\s+|\s+$//g;
        fail("relocation operators (#:...:) are the translator's job") if $e =~ /^:/;
        if ($e !~ /^[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?$/ || $e !~ /[.eE]/) {
            $e = fix_expr($e, $I64_MIN, $U64_MAX, 'immediate', $sym);
        }
        $out .= "#$lead$e$trail";
        $bare .= ' ';
        $i = $j;
    }
    while ($bare =~ /(?<![\w.\$])(\d\w*)/g) {
        my ($num, $at) = ($1, $-[1]);
        fail("octal-looking number '$num' (assemblers disagree): write it in decimal or 0x hex")
            if $num =~ /^0[0-9]+$/;
        my $before = substr($bare, 0, $at) =~ s/\s+$//r;
        my $after = substr($bare, $at + length $num) =~ s/^\s+//r;
        fail("write the immediate as #EXPR (near '$num')")
            if $before =~ /[-+*\/%<>&|^~(]$/ || $after =~ /^[-+*\/%<>&|^)]/;
    }
    return $FIXED->{$key} = $out;
}

# Items of a data directive, each an expression checked against the range of
# the directive's size.
my %DATA_RANGE;    # directive => [lo, hi], made once (the bounds' Math::BigInt objects are kept)
my %DATA_BITS = ('.byte' => 8, '.hword' => 16, '.short' => 16, '.word' => 32, '.long' => 32,
                 '.int' => 32, '.inst' => 32, '.quad' => 64, '.dword' => 64, '.octa' => 128);
# "symbol check\0directive\0items" => result, shared by the flavours like $FIXED.
my $FIXED_DATA = XlateOutput::cache('arm-fixed-data');
sub fix_data {
    my ($op, $rest, $sym) = @_;
    return $rest if $op =~ /^\.(?:ascii|asciz|string)$/;
    my $key = (refaddr($sym) // "") . "\0$op\0$rest";
    return $FIXED_DATA->{$key} //= fix_data_items($op, $rest, $sym);
}

sub fix_data_items {
    my ($op, $rest, $sym) = @_;
    my @items = split /,/, $rest, -1;
    my @o;
    for my $k (0 .. $#items) {
        my $it = $items[$k];
        my ($lead, $trail) = ($it =~ /^(\s*)/, $it =~ /(\s*)$/);
        my ($lo, $hi);
        if (my $b = $DATA_BITS{$op}) {
            ($lo, $hi) = @{ $DATA_RANGE{$op} //= [
                $op eq '.inst' ? 0 : Math::BigInt->new(2)->bpow($b - 1)->bneg,
                Math::BigInt->new(2)->bpow($b)->bdec] };
        } else {
            # .space/.skip/.zero SIZE[, FILL]; .fill REPEAT[, SIZE[, VALUE]]
            ($lo, $hi) = $k == 0 || $op eq '.fill' && $k == 1 ? (0, 65536) : (-128, 255);
            ($lo, $hi) = ($I64_MIN, $U64_MAX) if $op eq '.fill' && $k == 2;
        }
        push @o, $lead . fix_expr($it, $lo, $hi, "$op value", $sym) . $trail;
    }
    return join ',', @o;
}

1;
