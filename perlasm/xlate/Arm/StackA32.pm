# SPDX-License-Identifier: Apache-2.0
# ARMv7: sp-relative stores stay inside the function's frame= scratch.
#
# Above [sp, #frame) lie the vsave= and save= slots (which the epilogue
# reloads and the unwind data says hold the caller's registers) and then the
# caller's frame; below sp nothing is kept (a signal handler may write there).
# A store to any of those would break the caller or the unwinder on every
# flavour, so the translator refuses it with its line, as x86_64 bounds rsp
# operands: every sp-based store (str/strb/strh/strd, stm, vstr, vstm) must
# write inside [sp, #0 .. frame), frame= rounded up to 8 as the prologue
# allocates it.  Loads may read above the frame: the stack arguments are there
# (docs/PERLASM.md gives their offsets).  A store through another register
# that holds an sp-derived address is the script's responsibility.
package Arm::StackA32;
use strict;
use warnings;
use Exporter 'import';
use Arm::Common;
use Arm::ImmA64 ();
use Arm::Operands qw(classify_operands);
our @EXPORT_OK = qw(check_sp_store);

my $COND = qr/(?:eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?/;
my %STORE_BYTES = (str => 4, strb => 1, strh => 2, strd => 8);

# ($first byte, $end) written relative to sp by store $op with operands @o, or
# (undef, reason) when it cannot be bounded; () when it is no sp-based store.
sub sp_span {
    my ($base, $o) = @_;
    if (my $n = $STORE_BYTES{$base}) {
        my ($m) = grep { $_->{k} eq 'm' } @$o;
        return unless $m && $m->{base}{sp};
        return (undef, 'a register offset from sp cannot be bounded') if exists $m->{reg};
        my $v = exists $m->{imm} ? Arm::ImmA64::int_of($m->{imm}) : 0;
        return (undef, "offset $m->{imm} is not a plain integer") unless defined $v;
        return ($v, $v + $n);
    }
    if ($base eq 'vstr') {
        my ($r, $m) = @$o;
        return unless $m && $m->{k} eq 'm' && $m->{base}{sp};
        my $v = exists $m->{imm} ? Arm::ImmA64::int_of($m->{imm}) : 0;
        return (undef, "offset $m->{imm} is not a plain integer") unless defined $v;
        return ($v, $v + ($r->{sz} eq 's' ? 4 : 8));
    }
    if (my ($kind, $mode) = $base =~ /^(stm|vstm)(ia|ib|da|db|fd|ea)?$/) {
        my ($r, $l) = @$o;
        return unless $r && $r->{k} eq 'r' && $r->{sp} && $l && $l->{k} eq 'l';
        my $bytes = ($kind eq 'vstm' ? 8 : 4) * @{ $l->{regs} };
        $mode //= 'ia';
        return (0, $bytes) if $mode eq 'ia' || $mode eq 'ea';
        return (4, 4 + $bytes) if $mode eq 'ib';
        return ($mode eq 'da' ? 4 - $bytes : -$bytes, $mode eq 'da' ? 4 : 0);
    }
    return;
}

# Fail unless the sp-based store $op $rest of function $p writes inside its frame.
sub check_sp_store {
    my ($p, $op, $rest) = @_;
    return unless $rest =~ /\b(?:sp|r13)\b/i;
    my ($base) = lc($op) =~ /^(strb|strh|strd|str|vstr|vstm(?:ia|db)?|stm(?:ia|ib|da|db|fd|ea)?)$COND(?:\.\w+)?$/
        or return;
    my ($lo, $hi) = sp_span($base, [classify_operands($op, $rest)]);
    return unless defined $lo || defined $hi;
    my $frame = ($p->{frame} + 7) & ~7;
    my $where = "$p->{name}'s frame= scratch [sp, #0 .. #$frame)";
    fail("'$op $rest': $hi; sp-relative stores must stay inside $where") unless defined $lo;
    return if $lo >= 0 && $hi <= $frame;
    fail("'$op $rest' stores to [sp, #$lo .. #$hi), outside $where: above it are the saved registers"
         . " and the caller's frame, below sp nothing is kept (frame= gives scratch space)");
}

1;
