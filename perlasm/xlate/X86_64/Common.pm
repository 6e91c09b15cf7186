# SPDX-License-Identifier: Apache-2.0
package X86_64::Common;
# State and helpers shared by every stage: flavour, registers, errors,
# symbol table, and symbol renaming inside expressions. The naming rules
# themselves (local/global names, the "here" symbol, the CTASM_PREFIX block)
# belong to each printer's flavour table, which installs them with
# use_symbol_rules before printing.
use strict;
use warnings;
use Exporter 'import';
use Xlate::Labels qw($LABEL $IS_LABEL);
our @EXPORT = qw($flavour $win64 %GPR %WIN_REGNUM is_reg fail set_position
                 %label_defined %global @global_order %proc_by_name @procs
                 use_symbol_rules local_name global_name sym_name xexpr xconst byte_lines bigint);

our $flavour;       # elf | macosx | nasm
our $win64;         # nasm: Win64 calling convention and unwind tables
our %label_defined; # every label name -> 1 (local .L labels and plain ones)
our %global;        # exported symbol -> 1
our @global_order;  # exported symbols in input order (prefix block)
our %proc_by_name;
our @procs;

# Registers.
my @GPR64 = qw(rax rcx rdx rbx rsp rbp rsi rdi r8 r9 r10 r11 r12 r13 r14 r15);
our %WIN_REGNUM;                                    # Win64 unwind register numbers
@WIN_REGNUM{@GPR64} = (0 .. 15);
our %GPR;                                           # every GPR name -> 64-bit parent
{
    my @l32 = qw(eax ecx edx ebx esp ebp esi edi);
    my @l16 = qw(ax cx dx bx sp bp si di);
    my @l8  = qw(al cl dl bl spl bpl sil dil);
    for my $i (0 .. 7) {
        $GPR{$_} = $GPR64[$i] for ($GPR64[$i], $l32[$i], $l16[$i], $l8[$i]);
    }
    @GPR{qw(ah ch dh bh)} = qw(rax rcx rdx rbx);
    for my $i (8 .. 15) { $GPR{$_} = "r$i" for ("r$i", "r${i}d", "r${i}w", "r${i}b") }
}
sub is_reg {
    my ($r) = @_;
    return exists $GPR{$r} || $r =~ /^[xyz]mm([0-9]|[12][0-9]|3[01])$/ || $r =~ /^k[0-7]$/
        || $r eq 'rip';
}

# ---------------------------------------------------------------------------
# Errors: always with the input line, never a silent guess.
my $cur_line = 0;
my $cur_text = '';
sub set_position { ($cur_line, $cur_text) = @_ }
sub fail {
    my ($msg, $item) = @_;
    my ($n, $t) = $item ? ($item->{line}, $item->{text}) : ($cur_line, $cur_text);
    die "x86_64-xlate.pl ($flavour): input line $n: $msg\n    $t\n";
}

# ---------------------------------------------------------------------------
# Symbol naming: {local => sub, global => sub, here => '.'} from the printer's
# flavour table (local .L labels, plain symbols, the current-address symbol).
my $RULES;
sub use_symbol_rules { $RULES = shift }
sub local_name  { $RULES->{local}->($_[0]) }
sub global_name { $RULES->{global}->($_[0]) }

# Symbol renaming inside expressions (displacements, immediates, data, targets).
sub sym_name {
    my ($id, $it) = @_;
    if ($id =~ $IS_LABEL) {
        fail("undefined local label $id", $it) unless $label_defined{$id};
        return local_name(substr($id, 2));
    }
    fail("undefined symbol '$id' (external symbols are not supported)", $it)
        unless $label_defined{$id};
    return global_name($id);
}
# Expressions (immediates, displacements, data, branch targets). Every assembler
# reads numbers and operator precedence its own way (gas: `1+2<<3` is 17, clang and
# nasm: 24; `010` is 8 on gas and 10 on nasm), so the translator parses them itself:
# sub-expressions without symbols are evaluated (C precedence) and written as one
# decimal number; a plain literal is kept as written. What is left around symbols may
# only add and subtract. Octal-looking literals are refused, and so is any mix of a
# shift or bitwise operator with another operator at one parenthesis level.
my @tok;
sub lex_expr {
    my ($e, $it) = @_;
    my @t;
    my $s = $e;
    while (length $s) {
        if ($s =~ s/^\s+//) { next }
        if ($s =~ s/^(0[xX][0-9a-fA-F]+)(?![\w.])//) { push @t, ['num', undef, $1]; next }
        if ($s =~ s/^(\d+)(?![\w.])//) {
            my $d = $1;
            fail("'$d': octal-looking literal (gas reads it as octal, nasm as decimal); "
                 . "write it without leading zeros or in hex", $it) if $d =~ /^0\d/;
            push @t, ['num', $d, $d];
            next;
        }
        if ($s =~ s/^($LABEL|[A-Za-z_]\w*)//) { push @t, ['sym', $1]; next }
        if ($s =~ s/^\.(?![\w])//) { push @t, ['here']; next }
        if ($s =~ s/^(<<|>>|[-+*\/%&|^~()])//) { push @t, ['op', $1]; next }
        fail("cannot translate expression '$e'", $it);
    }
    fail("empty expression", $it) unless @t;
    return @t;
}
my %PREC = ('|' => 1, '^' => 2, '&' => 3, '<<' => 4, '>>' => 4, '+' => 5, '-' => 5,
            '*' => 6, '/' => 6, '%' => 6);
my $EXPR_IT;
sub parse_expr {    # precedence climbing; node: [num, v, text] [sym, n] [here] [op, a, b] [neg/not, a]
    my ($min) = @_;
    my $lhs = parse_unary();
    my %seen;
    while (@tok && $tok[0][0] eq 'op' && exists $PREC{$tok[0][1]} && $PREC{$tok[0][1]} >= $min) {
        my $op = shift(@tok)->[1];
        $seen{$op} = 1;
        my $rhs = parse_expr($PREC{$op} + 1);
        $lhs = ['bin', $op, $lhs, $rhs];
    }
    return $lhs;
}
sub parse_unary {
    my $t = shift @tok;
    fail("incomplete expression", $EXPR_IT) unless $t;
    if ($t->[0] eq 'op' && $t->[1] eq '(') {
        my $e = parse_expr(1);
        my $c = shift @tok;
        fail("missing ')' in expression", $EXPR_IT) unless $c && $c->[0] eq 'op' && $c->[1] eq ')';
        return ['paren', $e];
    }
    if ($t->[0] eq 'op' && ($t->[1] eq '-' || $t->[1] eq '~' || $t->[1] eq '+')) {
        return ['un', $t->[1], parse_unary()];
    }
    return $t if $t->[0] ne 'op';
    fail("unexpected '$t->[1]' in expression", $EXPR_IT);
}
# Same answer whatever the assembler's precedence: shifts and bitwise operators only
# with parentheses around any other operator at their level.
sub check_mix {
    my ($n, $ops) = @_;
    if ($n->[0] eq 'bin') {
        $ops->{$n->[1]} = 1;
        check_mix($n->[2], $ops);
        check_mix($n->[3], $ops);
    } elsif ($n->[0] eq 'paren') {
        my %inner;
        check_mix($n->[1], \%inner);
        verdict(\%inner);
    } elsif ($n->[0] eq 'un') {
        check_mix($n->[2], $ops) if $n->[2][0] ne 'paren';
        if ($n->[2][0] eq 'paren') { check_mix($n->[2], {}) }
    }
}
sub verdict {
    my ($ops) = @_;
    my @o = sort keys %$ops;
    if (@o > 1 && grep { /^(<<|>>|&|\||\^)$/ } @o) {
        fail("operators " . join(' ', @o) . " mixed without parentheses: assemblers "
             . "disagree on their precedence", $EXPR_IT);
    }
}
sub has_sym {
    my ($n) = @_;
    return 1 if $n->[0] eq 'sym' || $n->[0] eq 'here';
    return 0 if $n->[0] eq 'num';
    return has_sym($n->[1]) if $n->[0] eq 'paren';
    return has_sym($n->[2]) if $n->[0] eq 'un';
    return has_sym($n->[2]) || has_sym($n->[3]);
}
# Math::BigInt is loaded on first use: it is most of the translator's start-up, and
# most inputs have no constant beyond 31 bits.
sub bigint { require Math::BigInt; return Math::BigInt->new($_[0]) }
my ($U64, $S64);
sub u64 { $U64 //= bigint("18446744073709551616") }
sub s64 { $S64 //= bigint("-9223372036854775808") }
# Exact integer arithmetic: plain Perl integers while every value is small (so
# no product, sum or shift below can leave the exact range), Math::BigInt
# otherwise. The two give the same numbers; the small case is most of the
# constants scripts write, and Math::BigInt costs ten times as much.
my $SMALL = 2147483648;    # 2^31
sub small { my $v = shift; return !ref($v) && $v > -$SMALL && $v < $SMALL }
sub big { my $v = shift; return ref($v) ? $v : bigint($v) }
sub num_str { my $v = shift; return ref($v) ? $v->bstr() : "$v" }
sub literal_value {
    my $t = shift;
    return hex($t) if $t =~ /^0[xX]([0-9a-fA-F]{1,7})$/;
    return 0 + $t if $t =~ /^[0-9]{1,9}$/;
    return bigint($t);
}
sub eval_node {    # exact integers; -2^63 .. 2^64-1 at every step
    my ($n) = @_;
    my $v;
    if ($n->[0] eq 'num') { $v = literal_value($n->[2]) }
    elsif ($n->[0] eq 'paren') { $v = eval_node($n->[1]) }
    elsif ($n->[0] eq 'un') {
        my $a = eval_node($n->[2]);
        $v = $n->[1] eq '-' ? -$a : $n->[1] eq '+' ? $a : -$a - 1;    # ~a: two's complement
    } else {
        my ($op, $a, $b) = ($n->[1], eval_node($n->[2]), eval_node($n->[3]));
        if ($op =~ m{^[/%]$}) {
            fail("division by zero in expression", $EXPR_IT) if $b == 0;
            fail("'$op' with a negative operand: assemblers round differently", $EXPR_IT)
                if $a < 0 || $b < 0;
        }
        if ($op =~ /^(<<|>>)$/) {
            fail("shift count out of range 0..63", $EXPR_IT) if $b < 0 || $b > 63;
            fail("'>>' of a negative value: assemblers shift differently", $EXPR_IT)
                if $op eq '>>' && $a < 0;
        }
        if (small($a) && small($b) && !($op =~ /^[&|^]$/ && ($a < 0 || $b < 0))
            && !($op eq '<<' && $b > 31)) {
            # Both below 2^31 (and shifts by at most 31): every result is exact.
            return $op eq '+' ? $a + $b : $op eq '-' ? $a - $b : $op eq '*' ? $a * $b
                 : $op eq '/' ? int($a / $b) : $op eq '%' ? $a % $b : $op eq '<<' ? $a << $b
                 : $op eq '>>' ? $a >> $b : $op eq '&' ? ($a & $b) : $op eq '|' ? ($a | $b)
                 : ($a ^ $b);
        }
        ($a, $b) = (big($a), big($b));
        if ($op =~ /^[&|^]$/ && ($a < 0 || $b < 0)) {
            $a = $a + u64() if $a < 0;
            $b = $b + u64() if $b < 0;
        }
        $v = $op eq '+' ? $a + $b : $op eq '-' ? $a - $b : $op eq '*' ? $a * $b
           : $op eq '/' ? $a / $b : $op eq '%' ? $a % $b : $op eq '<<' ? ($a << $b) % u64()
           : $op eq '>>' ? $a >> $b : $op eq '&' ? ($a & $b) : $op eq '|' ? ($a | $b) : ($a ^ $b);
    }
    return $v if small($v);
    fail("expression value out of the 64-bit range", $EXPR_IT) if big($v) < s64() || big($v) >= u64();
    return $v;
}
sub print_node {
    my ($n) = @_;
    my $k = $n->[0];
    return $n->[2] if $k eq 'num';
    return sym_name($n->[1], $EXPR_IT) if $k eq 'sym';
    return $RULES->{here} if $k eq 'here';
    unless (has_sym($n)) {
        # A literal (or a negated literal) stays as written; anything else is folded.
        return $n->[1] . $n->[2][2] if $k eq 'un' && $n->[1] eq '-' && $n->[2][0] eq 'num';
        return num_str(eval_node($n));
    }
    return '(' . print_node($n->[1]) . ')' if $k eq 'paren';
    if ($k eq 'un') {
        fail("only + and - may apply to a symbol", $EXPR_IT) unless $n->[1] eq '-';
        return '-' . print_node($n->[2]);
    }
    fail("only + and - may combine a symbol with other terms ('$n->[1]')", $EXPR_IT)
        unless $n->[1] eq '+' || $n->[1] eq '-';
    my $r = print_node($n->[3]);
    $r = "($r)" if $n->[3][0] eq 'bin' && has_sym($n->[3]);
    return print_node($n->[2]) . $n->[1] . $r;
}
# Value of a symbol-free expression (Math::BigInt), or undef when it names a symbol.
# Most expressions are one small literal or one symbol: answered without the parser
# (the same answers: a literal keeps its spelling, a symbol gets its flavour's name).
my $SMALL_LIT = qr/^\s*(0[xX][0-9a-fA-F]{1,7}|[1-9][0-9]{0,8}|0)\s*$/;
my $LONE_SYM = qr/^\s*($LABEL|[A-Za-z_]\w*)\s*$/;
sub xconst {
    my ($e, $it) = @_;
    return literal_value($1) if $e =~ $SMALL_LIT;
    return undef if $e =~ $LONE_SYM;
    $EXPR_IT = $it;
    @tok = lex_expr($e, $it);
    my $tree = parse_expr(1);
    fail("cannot translate expression '$e'", $it) if @tok;
    return has_sym($tree) ? undef : eval_node($tree);
}
sub xexpr {
    my ($e, $it) = @_;
    return '' if $e =~ /^\s*$/;
    return $1 if $e =~ $SMALL_LIT;
    return sym_name($1, $it) if $e =~ $LONE_SYM;
    $EXPR_IT = $it;
    @tok = lex_expr($e, $it);
    my $tree = parse_expr(1);
    fail("cannot translate expression '$e'", $it) if @tok;
    my %ops;
    check_mix($tree, \%ops);
    verdict(\%ops);
    return print_node($tree);
}

# Data lines of at most 16 values.
sub byte_lines {
    my ($dir, $v) = @_;
    my @l;
    for (my $i = 0; $i < @$v; $i += 16) {
        my $e = $i + 15 < $#$v ? $i + 15 : $#$v;
        push @l, "\t$dir\t" . join(',', @{$v}[$i .. $e]);
    }
    return @l;
}

1;
