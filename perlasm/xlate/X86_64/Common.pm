package X86_64::Common;
# State and helpers shared by every stage: flavour, registers, errors,
# symbol table, symbol naming, expressions, and the CTASM_PREFIX block.
use strict;
use warnings;
use Exporter 'import';
our @EXPORT = qw($flavour $win64 %GPR %WIN_REGNUM is_reg fail set_position
                 %label_defined %global @global_order %proc_by_name @procs
                 local_name global_name sym_name xexpr byte_lines prefix_block);

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
# Symbol naming per flavour: local (.L) labels and plain symbols.
my %NAMING = (
    elf    => { local => sub { ".L$_[0]" },  global => sub { $_[0] } },
    macosx => { local => sub { "L$_[0]" },   global => sub { "_$_[0]" } },
    nasm   => { local => sub { "L\$$_[0]" }, global => sub { $_[0] } },
);
sub local_name  { $NAMING{$flavour}{local}->($_[0]) }
sub global_name { $NAMING{$flavour}{global}->($_[0]) }

# Symbol renaming inside expressions (displacements, immediates, data, targets).
sub sym_name {
    my ($id, $it) = @_;
    if ($id =~ /^\.L(\w+)$/) {
        fail("undefined local label $id", $it) unless $label_defined{$id};
        return local_name($1);
    }
    fail("undefined symbol '$id' (external symbols are not supported)", $it)
        unless $label_defined{$id};
    return global_name($id);
}
sub xexpr {
    my ($e, $it) = @_;
    $e =~ s{(0[xX][0-9a-fA-F]+|\d+)|(\.L\w+|[A-Za-z_]\w*)|(\.)(?![\w])}{
        defined $1 ? $1 : defined $2 ? sym_name($2, $it) : ($win64 ? '$' : '.')
    }ge;
    fail("cannot translate expression '$e'", $it) if $e =~ /[%"'\@`]/;
    return $e;
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

# CTASM_PREFIX: the one place that renames exported symbols (C preprocessor for the
# .S flavours, NASM preprocessor for nasm).
sub prefix_block {
    return () unless @global_order;
    if ($flavour eq 'nasm') {
        return ('%ifdef CTASM_PREFIX',
                (map { "%xdefine $_ CTASM_PREFIX %+ _$_" } @global_order),
                '%endif');
    }
    my @l = ('#if defined(CTASM_PREFIX)');
    if ($flavour eq 'macosx') {
        push @l, '#define CTASM_MPFX2(p,n) _##p##_##n', '#define CTASM_MPFX(p,n) CTASM_MPFX2(p,n)';
        push @l, "#define _$_ CTASM_MPFX(CTASM_PREFIX, $_)" for @global_order;
    } else {
        push @l, '#define CTASM_PFX2(p,n) p##_##n', '#define CTASM_PFX(p,n) CTASM_PFX2(p,n)';
        push @l, "#define $_ CTASM_PFX(CTASM_PREFIX, $_)" for @global_order;
    }
    push @l, '#endif';
    return @l;
}

1;
