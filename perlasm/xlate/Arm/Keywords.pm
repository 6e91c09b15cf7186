# SPDX-License-Identifier: Apache-2.0
package Arm::Keywords;
# The operand keywords of both ARM ISAs, one table: the condition codes, shifts and
# extends, barrier, hint and prefetch options. The operand checks (Arm/Emit.pm,
# Arm/Operands.pm), the mnemonic lookups (Arm/Insns.pm, Arm/Frame.pm, arm-xlate.pl)
# and the function-name check (Arm/Frame.pm: an assembler may read a symbol of a
# keyword's name as the keyword) all read it from here.
use strict;
use warnings;
use Exporter 'import';
our @EXPORT_OK = qw(@COND $COND %COND_OPERAND %SHIFT is_keyword is_keyword_name);

# The condition codes a mnemonic may end in (beq, b.ne, addge, blxlt...), and as a
# regex (no anchors; any case).
our @COND = qw(eq ne cs hs cc lo mi pl vs vc hi ls ge lt gt le al);
our $COND = do { my $alt = join '|', @COND; qr/(?:$alt)/i };
# Conditions as operands (csel, ccmp...): AArch64 takes nv too.
our %COND_OPERAND = map { $_ => 1 } @COND, 'nv';
# Shifts and extends of a register operand.
our %SHIFT = map { $_ => 1 } qw(lsl lsr asr ror rrx msl uxtb uxth uxtw uxtx sxtb sxth sxtw sxtx);
# Every operand keyword the dialect writes (lower case): those, the barrier options
# (dmb/dsb/isb), bti's targets and csync (psb/tsb); the prefetch options (prfm) are a
# pattern.
my %KEYWORD = map { $_ => 1 } keys %SHIFT, keys %COND_OPERAND, qw(
    sy st ld ish ishst ishld nsh nshst nshld osh oshst oshld
    c j jc csync
);
sub is_keyword {
    my ($n) = @_;
    return $KEYWORD{lc $n} || $n =~ /^p(?:ld|li|st)l[123](?:keep|strm)$/i;
}
# What a function may not be named: every keyword, and the ARMv7 assemblers' old
# barrier spellings un/unst (nsh/nshst), which they read as keywords though the
# dialect does not write them (AArch64 has no such option).
my %OLD_SPELLING = map { $_ => 1 } qw(un unst);
sub is_keyword_name { return is_keyword($_[0]) || $OLD_SPELLING{lc $_[0]} }

1;
