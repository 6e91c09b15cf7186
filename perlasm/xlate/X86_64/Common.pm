package X86_64::Common;
# State and helpers shared by every stage: flavour, registers, errors,
# symbol table, and symbol renaming inside expressions. The naming rules
# themselves (local/global names, the "here" symbol, the CTASM_PREFIX block)
# belong to each printer's flavour table, which installs them with
# use_symbol_rules before printing.
use strict;
use warnings;
use Exporter 'import';
our @EXPORT = qw($flavour $win64 %GPR %WIN_REGNUM is_reg fail set_position
                 %label_defined %global @global_order %proc_by_name @procs
                 use_symbol_rules local_name global_name sym_name xexpr byte_lines);

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
        defined $1 ? $1 : defined $2 ? sym_name($2, $it) : $RULES->{here}
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

1;
