# SPDX-License-Identifier: Apache-2.0
# State shared by the stages of arm-xlate.pl: the selected flavour, the
# input line being translated (for diagnostics) and the function names.
package Arm::Common;
use strict;
use warnings;
use Exporter 'import';
our @EXPORT = qw($F $A64 $FLAVOUR $lineno %PROC_NAMES fail sym align_up);

our $F;             # the flavour's row of Arm::Flavours
our $A64;           # AArch64 (else ARMv7)
our $FLAVOUR = '';
our $lineno = 0;    # input line of the statement being translated
our %PROC_NAMES;    # every .ctasm_proc name of the input

# Diagnostics carry the input line number.
sub fail { die "arm-xlate.pl ($FLAVOUR): line $lineno: $_[0]\n"; }

# A function name as the object format spells it.
sub sym { return $F->{sym} . $_[0]; }

sub align_up { my ($v, $a) = @_; return ($v + $a - 1) & ~($a - 1); }

1;
