# SPDX-License-Identifier: Apache-2.0
package X86_64::Parse;
# Stage 1: perlasm text (AT&T x86_64 + .ctasm_* directives) -> list of IR items.
use strict;
use warnings;
use Exporter 'import';
use X86_64::Common;
use X86_64::RawCfi qw(raw_cfi);
use X86_64::Insns qw(is_mnemonic);
use Xlate::Lex qw(split_line);
use Xlate::Labels qw($IS_LABEL take_labels define_label);
use Xlate::Names qw(check_function_name);
use Xlate::Align qw(align_log2);
use Xlate::Directives qw(raw_directive_refusal);
use Xlate::ProcKeys qw(parse_proc_args $BROKEN_ABI);
our @EXPORT = qw(parse);

my $COMMENT = qr/#/;    # '#' starts a comment outside string literals (Xlate/Lex.pm)

# Function names (Xlate/Names.pm): registers and NASM keywords (case does not matter to
# NASM), mnemonics of the instruction table.
my %NASM_KW = map { $_ => 1 } qw(
    byte word dword qword tword oword yword zword rel abs wrt seg strict nosplit near far
    short to times equ db dw dd dq dt do dy dz resb resw resd resq rest reso resy resz
    incbin section segment global extern common static required default bits use16 use32
    use64 align alignb absolute cpu float org struc endstruc istruc iend at ptr
    cs ds es fs gs ss cr0 cr2 cr3 cr4 cr8 dr0 dr1 dr2 dr3 dr6 dr7 st0 st1 st2 st3 st4 st5
    st6 st7 mm0 mm1 mm2 mm3 mm4 mm5 mm6 mm7 bnd0 bnd1 bnd2 bnd3 rep repe repz repne repnz
    lock o16 o32 o64 a16 a32 a64);
my %X86_NAMES = (
    register => sub { is_reg(lc $_[0]) },
    keyword  => sub { $NASM_KW{lc $_[0]} },
    keyword_what => 'a NASM keyword',
    mnemonic => sub { is_mnemonic($_[0]) },
);

# Set while inside a .ctasm_proc with the test-only key broken_unwind (see parse_proc).
our $RAW_CFI_OK = 0;

# IR items (hashes), each with {line, text}:
#   label   {name}
#   insn    {op, ops => [operand...], args => operand text, key => "op\0args"}
#           (key: what every memo of an instruction's text is keyed by, made once here)
#           (ops is shared by every instruction of the same operand text: read only)
#           operand: {t=>'reg', r} {t=>'imm', e} {t=>'mem', disp, base, index, scale}
#                    {t=>'sym', e}; any of them may carry star=>1 (indirect jmp/call)
#                    {t=>'rc', rc} EVEX rounding ('rn-sae'..'rz-sae') or 'sae'
#   section {which => 'text'|'rodata'}
#   align   {n}                      (bytes)
#   data    {size => 1|2|4|8, vals => [expr...]}
#   bytes   {vals => [numbers]}      (.ascii/.asciz, already decoded)
#   proc    {name, global, args, save => [...], frame}
#   ret / endproc
#   adr     {reg, label}
#   stackarg {n, reg}                (.ctasm_stack_arg)
#   cfi     {dir}                    (broken_unwind fixtures only: GAS passes it, NASM drops it)

# Per separator, compiled once: the plain split, and the tokens of a line with
# parentheses or strings (runs of ordinary characters, string literals, one character).
my %SPLIT = map { my $q = quotemeta $_;
                  ($_ => [qr/$q/, qr/\G([^()"$q]+|"(?:[^"\\]|\\.)*"|.)/s]) } (',', ';');
sub split_top {    # split on $sep outside parentheses and string literals
    my ($s, $sep) = @_;
    return ('') if $s eq '';
    # No separator and no string (most statements split on ';'): one part.
    return ($s =~ s/^\s+|\s+$//gr) if index($s, $sep) < 0 && index($s, '"') < 0;
    my ($plain, $token) = @{$SPLIT{$sep}};
    my @out;
    if ($s !~ /[("]/) {    # most lines: nothing to skip over
        @out = split $plain, $s, -1;
    } else {
        my ($depth, $cur) = (0, '');
        while ($s =~ /$token/g) {
            my $t = $1;
            fail("unterminated string") if $t eq '"';
            if ($t eq '(') { $depth++ }
            elsif ($t eq ')') { $depth-- }
            elsif ($t eq $sep && $depth == 0) { push @out, $cur; $cur = ''; next }
            $cur .= $t;
        }
        push @out, $cur;
    }
    for (@out) { s/^\s+//; s/\s+$// }
    return @out;
}

sub parse_operand {
    my ($s) = @_;
    my $star = ($s =~ s/^\*\s*//) ? 1 : 0;
    # EVEX static rounding / suppress-all-exceptions: an operand of its own, first in
    # AT&T (Insns.pm checks which instructions take it).
    return { t => 'rc', rc => $1 } if !$star && $s =~ /^\{\s*(r[nduz]-sae|sae)\s*\}$/;
    # AVX-512 decorations: {%kN} opmask, {z} zeroing, {1toN} embedded broadcast.
    my %dec;
    while (index($s, '{') >= 0 && $s =~ s/\s*\{\s*([^{}]*?)\s*\}$//) {
        my $d = $1;
        if ($d =~ /^%(k[0-7])$/) {
            fail("{%k0} is not a write mask (k0 means no masking)") if $1 eq 'k0';
            fail("two opmasks on one operand") if $dec{mask};
            $dec{mask} = $1;
        } elsif ($d eq 'z') {
            fail("{z} given twice") if $dec{zero}++;
        } elsif ($d =~ /^1to(2|4|8|16|32)$/) {
            fail("two broadcasts on one operand") if $dec{bcst};
            $dec{bcst} = $d;
        } else {
            fail("unsupported operand decoration {$d} (rounding {rn-sae}..{rz-sae} and {sae} stand alone, first)");
        }
    }
    fail("cannot parse operand '$s'") if $s =~ /[{}]/;
    my $o;
    if ($s =~ /^%(\w+)$/) {
        is_reg($1) && $1 ne 'rip' or fail("unknown register %$1");
        $o = { t => 'reg', r => $1 };
    } elsif ($s =~ /^\$(.+)$/) {
        $o = { t => 'imm', e => $1 };
    } elsif ($s =~ /^(.*?)\(\s*(?:%(\w+))?\s*(?:,\s*%(\w+)\s*(?:,\s*(\d+))?)?\s*\)$/) {
        my ($disp, $base, $index, $scale) = ($1, $2, $3, $4);
        $disp =~ s/\s+$//;
        fail("segment overrides are not supported") if $disp =~ /%/;
        disp_in_range($disp) if $disp ne '';
        for ($base, $index) { fail("unknown register %$_") if defined $_ && !is_reg($_) }
        fail("bad scale $scale") if defined $scale && $scale !~ /^[1248]$/;
        fail("%rip cannot be an index") if defined $index && $index eq 'rip';
        # A number alone would be an absolute address on nasm ([rel 8]) but 8 bytes past
        # the next instruction on gas.
        fail("RIP-relative operand needs a symbol (got '$disp')")
            if defined $base && $base eq 'rip' && $disp !~ /[A-Za-z_.]/;
        # Neither base nor index: an absolute address (32-bit relocation on gas, refused
        # by nasm's default rel); a symbol's address is symbol(%rip).
        fail("absolute memory operand '$s': address memory through registers or "
             . "symbol(%rip)") if !defined $base && !defined $index;
        $o = { t => 'mem', disp => $disp, base => $base, index => $index, scale => $scale };
    } elsif ($s =~ /^%/) {
        fail("cannot parse operand '$s'");
    } elsif ($s ne '') {
        $o = { t => 'sym', e => $s };
    } else {
        fail("empty operand");
    }
    $o->{star} = 1 if $star;
    @{$o}{keys %dec} = values %dec;
    return $o;
}

# A displacement is a signed 32-bit field: gas refuses more, nasm and the Mach-O
# assembler wrap it, each its own way. A constant one is evaluated; next to a symbol
# each number must fit (the symbol's address is the linker's).
sub disp_in_range {
    my ($d) = @_;
    my $v = xconst($d);
    if (defined $v) {
        fail("displacement $d does not fit in 32 bits (signed)")
            if $v < -2147483648 || $v > 2147483647;
        return;
    }
    while ($d =~ /(?<![\w.])(0[xX]0*([0-9a-fA-F]*)|[0-9]+)(?![\w.])/g) {
        my ($n, $hex) = ($1, $2);
        my $big = defined $hex ? length($hex) > 8 || hex("0$hex") > 2147483647
                               : length($n) > 10 || $n > 2147483647;
        fail("displacement $d: $n does not fit in 32 bits (signed)") if $big;
    }
}

sub decode_string {    # GAS string literal -> list of byte values
    my ($lit) = @_;
    $lit =~ /^"(.*)"$/s or fail("expected a string literal");
    my $s = $1;
    my @b;
    while (length $s) {
        if ($s =~ s/^\\([0-7]{1,3})//)       { push @b, oct($1) & 0xff }
        elsif ($s =~ s/^\\x([0-9a-fA-F]+)//) { push @b, hex($1) & 0xff }
        elsif ($s =~ s/^\\(.)//s) {
            my %e = (n => 10, t => 9, r => 13, b => 8, f => 12, '\\' => 92, '"' => 34);
            exists $e{$1} or fail("unknown escape \\$1");
            push @b, $e{$1};
        } else { $s =~ s/^(.)//s; push @b, ord($1) }
    }
    return @b;
}

my %DATA_SIZE = ('.byte' => 1, '.value' => 2, '.short' => 2, '.word' => 2,
                 '.long' => 4, '.int' => 4, '.quad' => 8);

# .ctasm_proc keys (Xlate/ProcKeys.pm reads them; the values are checked here).
my %PROC_KEYS = (
    flags => {
        global => undef,
        # Test-only: the negative fixtures of tests/unwind_test.cc need wrong unwind
        # data on purpose (raw .cfi_*, push/pop in the body). Only under the names the
        # CFI checkers already treat as deliberate negatives.
        broken_unwind => [qr/^ctasm_unwind_neg_/, 'ctasm_unwind_neg_*'],
        broken_abi => $BROKEN_ABI,
    },
    numbers => {
        args  => { unit => 'argument count', max => 16, tail => ' integer arguments' },
        # With the Win64 xmm area the allocation must stay below one page: no stack probes.
        frame => { unit => 'byte count', max => 3840, tail => ' bytes (no stack probing)' },
        align => { unit => 'byte count', values => [16, 32, 64], what => 'the frame alignment' },
    },
    lists => { save => 1 },
);

sub parse_proc {
    my ($args) = @_;
    my ($name, $k) = parse_proc_args($args, \%PROC_KEYS);
    my $p = { k => 'proc', name => $name, global => $k->{global} // 0, args => $k->{args} // 0,
              save => $k->{save} // [], frame => $k->{frame} // 0, align => $k->{align} // 16 };
    $p->{broken} = 1 if $k->{broken_unwind};
    $p->{broken_abi} = 1 if $k->{broken_abi};
    my %seen;
    for (@{$p->{save}}) {
        s/^%//;
        /^(rbx|rbp|r12|r13|r14|r15)$/
            or fail("save=$_: only the callee-saved rbx rbp r12-r15 can be listed");
        fail("save=$_ listed twice") if $seen{$_}++;
    }
    fail("save=rbp with align=$p->{align}: rbp is the frame pointer of an aligned frame "
         . "(saved by the translator, not usable in the body)")
        if $p->{align} > 16 && grep { $_ eq 'rbp' } @{$p->{save}};
    return $p;
}

sub parse_directive {
    my ($d, $rest) = @_;
    if ($d eq '.ctasm_text') { return { k => 'section', which => 'text' } }
    if ($d eq '.ctasm_rodata') { return { k => 'section', which => 'rodata' } }
    # Raw section, symbol, unwind and assembly-time directives (Xlate/Directives.pm);
    # raw CFI only in the broken_unwind test fixtures.
    if (defined(my $why = raw_directive_refusal($d))) {
        return raw_cfi($d, $rest) if $d =~ /^\.cfi_/ && $RAW_CFI_OK;    # X86_64/RawCfi.pm
        fail($why);
    }
    if ($d =~ /^\.(?:ctasm_align|align|balign|p2align)$/) {    # .align counts bytes (Xlate/Align.pm)
        return { k => 'align', n => 1 << align_log2($d, $rest, 0) };
    }
    if (exists $DATA_SIZE{$d}) {
        my @v = split_top($rest, ',');
        fail("$d without values") unless @v && $v[0] ne '';
        return { k => 'data', size => $DATA_SIZE{$d}, vals => \@v };
    }
    if ($d eq '.ascii' || $d eq '.asciz' || $d eq '.string') {
        my @b;
        for my $lit (split_top($rest, ',')) {
            push @b, decode_string($lit);
            push @b, 0 if $d ne '.ascii';
        }
        return { k => 'bytes', vals => \@b };
    }
    if ($d eq '.ctasm_proc')    { return parse_proc($rest) }
    if ($d eq '.ctasm_ret')     { fail(".ctasm_ret takes no operands") if $rest ne ''; return { k => 'ret' } }
    if ($d eq '.ctasm_endproc') { fail(".ctasm_endproc takes no operands") if $rest ne ''; return { k => 'endproc' } }
    if ($d eq '.ctasm_adr') {
        my ($r, $l) = split_top($rest, ',');
        defined $l && $r =~ /^%?(\w+)$/ && exists $GPR{$1} && $GPR{$1} eq $1
            or fail(".ctasm_adr needs a 64-bit register and a label");
        $r =~ s/^%//;
        $l =~ $IS_LABEL or fail(".ctasm_adr: '$l' is not a local (.L) label");
        return { k => 'adr', reg => $r, label => $l };
    }
    if ($d eq '.ctasm_stack_arg') {
        my ($n, $r) = split_top($rest, ',');
        defined $r && $n =~ /^\d+$/ && $r =~ /^%?(\w+)$/ && exists $GPR{$1} && $GPR{$1} eq $1
            or fail(".ctasm_stack_arg needs an argument number and a 64-bit register");
        $r =~ s/^%//;
        return { k => 'stackarg', n => 0 + $n, reg => $r };
    }
    fail("unknown directive $d");
}


my %OPERANDS;    # operand text => parsed operands (parse_operand depends on nothing else)
my %OPERAND;     # one operand's text => its parse, shared like the lists (read only)
my %LINE_INSN;   # input line that is one instruction => [mnemonic, operand text, parsed]

sub parse {
    my ($fh) = @_;
    my @items;
    my $n = 0;
    while (my $raw = <$fh>) {
        $n++;
        chomp $raw;
        $raw =~ s/\r$//;
        set_position($n, $raw);
        # A line that was one instruction and nothing else before is that again.
        if (my $c = $LINE_INSN{$raw}) {
            push @items, { k => 'insn', op => $c->[0], ops => $c->[2],
                           args => $c->[1], key => $c->[3], line => $n, text => $raw };
            next;
        }
        my $first = @items;
        my ($stmts) = split_line($raw, $COMMENT);
        for my $s (@$stmts) {
            my $stmt = $s;    # a copy: take_labels edits it, $stmts is split_line's memo
            my @new;
            for my $l (index($stmt, ':') < 0 ? () : take_labels(\$stmt)) {
                define_label($l, \%label_defined, 1);
                push @new, { k => 'label', name => $l };
            }
            if ($stmt eq '') {
            } elsif ($stmt =~ /^(\.\w+)\s*(.*)$/) {
                my $d = parse_directive($1, $2);
                if ($d->{k} eq 'proc') {
                    check_function_name($d->{name}, \%X86_NAMES);
                    fail("function $d->{name} defined twice") if $label_defined{$d->{name}}++;
                }
                $RAW_CFI_OK = $d->{broken} ? 1 : 0 if $d->{k} eq 'proc';
                $RAW_CFI_OK = 0 if $d->{k} eq 'endproc';
                push @new, $d;
            } elsif ($stmt =~ /^([a-z][a-z0-9]*)\b\s*(.*)$/) {
                my ($op, $rest) = ($1, $2);
                # A rep prefix is part of the string instruction it repeats.
                if ($op =~ /^rep(e|z|ne|nz)?$/ && $rest =~ /^([a-z]+)\b\s*(.*)$/) {
                    ($op, $rest) = ("$op $1", $2);
                }
                # A file repeats most operand lists: parse each once. Every instruction
                # of that text shares the one list: no stage writes to an operand (a
                # copy per instruction was a third of the parse and of its memory).
                my $parsed = $OPERANDS{$rest} //=
                    [$rest eq '' ? () : map { $OPERAND{$_} //= parse_operand($_) } split_top($rest, ',')];
                push @new, { k => 'insn', op => $op, ops => $parsed, args => $rest,
                             key => "$op\0$rest" };
            } else {
                fail("cannot parse statement '$stmt'");
            }
            for (@new) { $_->{line} = $n; $_->{text} = $raw; push @items, $_ }
        }
        if (@items == $first + 1 && $items[-1]{k} eq 'insn') {
            my $it = $items[-1];
            $LINE_INSN{$raw} = [$it->{op}, $it->{args}, $OPERANDS{$it->{args}}, $it->{key}];
        }
    }
    return \@items;
}

1;
