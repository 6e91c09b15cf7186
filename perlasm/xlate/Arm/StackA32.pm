# SPDX-License-Identifier: Apache-2.0
# ARMv7: sp-relative stores stay inside the function's frame= scratch.
#
# Above [sp, #frame) lie the vsave= and save= slots (which the epilogue
# reloads and the unwind data says hold the caller's registers) and then the
# caller's frame; below sp nothing is kept (a signal handler may write there).
# A store to any of those would break the caller or the unwinder on every
# flavour, so the translator refuses it with its line, as x86_64 bounds rsp
# operands: every sp-based store (str/strb/strh/strd, stm, vstr, vstm,
# vst1-vst4) must write inside [sp, #0 .. frame), frame= rounded up to 8 as the
# prologue allocates it.  Loads may read above the frame: the stack arguments
# are there (docs/PERLASM.md gives their offsets).
#
# Copies of sp (both ISAs; AArch64's own bounds are in Arm/StackA64.pm). A
# register set by `mov rX, sp` or `add/sub rX, sp, #imm` (or from such a copy)
# holds sp + a known offset until it is written again, a label is reached (a
# branch may enter with anything in it), a call or an unconditional branch, or
# .ctasm_adr/.ctasm_ret. A store through it ([rX], [rX, #off], stm rX, vst1
# {..}, [rX:128], with writeback stepping the copy) is bounded like an sp-based
# one. Only straight-line code is tracked: a store through a register the
# tracker does not know (after a label, or an offset in a register) is not
# checked, and is the script's responsibility.
#
# caller_frame=N: a local function without a prologue (no save=, vsave=, frame=)
# runs on its caller's sp, so it may write its caller's scratch [sp, #0 .. N)
# (bsaes-armv7's cores keep their spill slots there). Every call of it and every
# branch to it in the file must come from a function whose own scratch (frame=
# rounded up, or its own caller_frame=) covers N; it is checked at the end of the
# file.
package Arm::StackA32;
use strict;
use warnings;
use Exporter 'import';
use Arm::Common;
use Arm::ImmA64 ();
use Arm::StackA64 ();
use Arm::Operands qw(classify_operands);
our @EXPORT_OK = qw(check_sp_store track_copies scratch check_caller_frame_key check_caller_frames);

my $COND = qr/(?:eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?/;
my %STORE_BYTES = (str => 4, strb => 1, strh => 2, strd => 8);

# ($wb, $base register operand, $first byte, $end) written relative to the base
# by store $base with operands @o ($size: a NEON element size), or ($wb, $base,
# undef, reason) when it cannot be bounded; () when it is no store.  $wb: the
# base's step by writeback, undef when there is none, '' when it is unknown.
sub store_span {
    my ($base, $o, $size) = @_;
    if (my $n = $STORE_BYTES{$base}) {
        my ($m) = grep { $_->{k} eq 'm' } @$o;
        return unless $m;
        return (mem_wb($m, $n), $m->{base}, undef, 'a register offset from sp cannot be bounded')
            if exists $m->{reg} && $m->{mode} ne 'post';
        my $v = exists $m->{imm} ? Arm::ImmA64::int_of($m->{imm}) : 0;
        return (mem_wb($m, $n), $m->{base}, undef, "offset $m->{imm} is not a plain integer") unless defined $v;
        $v = 0 if $m->{mode} eq 'post';
        return (mem_wb($m, $n), $m->{base}, $v, $v + $n);
    }
    if ($base eq 'vstr') {
        my ($r, $m) = @$o;
        return unless $m && $m->{k} eq 'm';
        my $v = exists $m->{imm} ? Arm::ImmA64::int_of($m->{imm}) : 0;
        return (undef, $m->{base}, undef, "offset $m->{imm} is not a plain integer") unless defined $v;
        return (undef, $m->{base}, $v, $v + ($r->{sz} eq 's' ? 4 : 8));
    }
    if ($base =~ /^vst[1-4]$/) {
        my ($l, $m) = @$o;
        return unless $l && $l->{k} eq 'l' && $m && $m->{k} eq 'm';
        my $n = @{ $l->{regs} } * (defined $l->{lane} ? ($size // 8) / 8 : 8);
        return (mem_wb($m, $n), $m->{base}, 0, $n);
    }
    if (my ($kind, $mode) = $base =~ /^(stm|vstm)(ia|ib|da|db|fd|ea)?$/) {
        my ($r, $l) = @$o;
        return unless $r && $r->{k} eq 'r' && $l && $l->{k} eq 'l';
        my $bytes = ($kind eq 'vstm' ? 8 : 4) * @{ $l->{regs} };
        $mode //= 'ia';
        my $wb = $r->{wb} ? ($mode =~ /^(?:ia|ib|ea)$/ ? $bytes : -$bytes) : undef;
        return ($wb, $r, 0, $bytes) if $mode eq 'ia' || $mode eq 'ea';
        return ($wb, $r, 4, 4 + $bytes) if $mode eq 'ib';
        return ($wb, $r, $mode eq 'da' ? 4 - $bytes : -$bytes, $mode eq 'da' ? 4 : 0);
    }
    return;
}

# The step writeback gives the base of memory operand $m (an access of $n
# bytes): undef for none, '' when it is not a known number.
sub mem_wb {
    my ($m, $n) = @_;
    return undef if $m->{mode} eq 'off';    ## no critic: one value in a list
    return '' if exists $m->{reg};
    return $n unless exists $m->{imm};    # NEON [rN]!: the transfer size
    return Arm::ImmA64::int_of($m->{imm}) // '';
}

my $STORE = qr/^(strb|strh|strd|str|vstr|vstm(?:ia|db)?|stm(?:ia|ib|da|db|fd|ea)?|vst[1-4])$COND(?:\.(\d+))?$/;

# Fail unless the sp-based store $op $rest of function $p writes inside its frame.
sub check_sp_store {
    my ($p, $op, $rest) = @_;
    return unless $rest =~ /\b(?:sp|r13)\b/i;
    my ($base, $size) = lc($op) =~ $STORE or return;
    my (undef, $b, $lo, $hi) = store_span($base, [classify_operands($op, $rest)], $size);
    return unless $b && $b->{sp};
    bound($p, "'$op $rest'", 0, $lo, $hi, scratch($p));
}

# Bytes of scratch at [sp] function $p may write: its frame= as the prologue
# allocates it (rounded up to 16 on AArch64, 8 on ARMv7), or its caller_frame=.
sub scratch {
    my ($p) = @_;
    return $p->{caller_frame} if $p->{caller_frame};
    return $A64 ? ($p->{frame} + 15) & ~15 : ($p->{frame} + 7) & ~7;
}

my @CALLS;    # [calling function, target, input line] of every bl/b to a function name
my %PROC;     # name => the .ctasm_proc hash (caller_frame= users only)

# A new flavour of the input (arm-xlate.pl): no calls or functions recorded yet.
sub start_flavour { @CALLS = (); %PROC = (); }

# At .ctasm_proc: caller_frame= only on a local function without a prologue.
sub check_caller_frame_key {
    my ($p) = @_;
    return unless $p->{caller_frame};
    $PROC{ $p->{name} } = $p;
    fail("caller_frame= needs a local function without save=, vsave= or frame= (it runs on its"
         . " caller's sp)") if $p->{global} || @{ $p->{save} } || @{ $p->{vsave} } || $p->{frame};
}


# At the end of the file: each call of or branch to a caller_frame= function comes
# from a function whose own scratch covers it.
sub check_caller_frames {
    for my $c (@CALLS) {
        my ($p, $t, $line) = @$c;
        my $q = $PROC{$t} or next;
        next if scratch($p) >= $q->{caller_frame};
        $lineno = $line;
        fail("$p->{name} calls $t, which writes its caller's scratch [sp, #0 .. #$q->{caller_frame})"
             . " (caller_frame=), but $p->{name}'s own is [sp, #0 .. #" . scratch($p) . ")");
    }
}

# Fail unless bytes [$off + $lo, $off + $hi) from sp (or $lo undef, $hi the
# reason) lie in $p's frame [0, $frame).
sub bound {
    my ($p, $what, $off, $lo, $hi, $frame, $via) = @_;
    my $where = "$p->{name}'s frame= scratch [sp, #0 .. #$frame)";
    fail("$what: $hi; sp-relative stores must stay inside $where") unless defined $lo;
    ($lo, $hi) = ($lo + $off, $hi + $off);
    return if $lo >= 0 && $hi <= $frame;
    fail("$what stores to [sp, #$lo .. #$hi)" . ($via // '') . ", outside $where: above it are the saved"
         . " registers and the caller's frame, below sp nothing is kept (frame= gives scratch space)");
}

# ---------------------------------------------------------------------------
# Copies of sp: $cur->{spc} = {register number => its offset from sp}.

my %KEEP_A32 = map { $_ => 1 } qw(cmp cmn tst teq b bl blx bx);    # write no register
my %KEEP_A64 = map { $_ => 1 } qw(cmp cmn tst ccmp ccmn cbz cbnz tbz tbnz b bl blr br);

# Statement $op $rest of function $cur: update the copies of sp it makes or
# ends, and bound a store through one. Every statement goes through here
# (replayed ones too: the answer depends on the statements before).
sub track_copies {
    my ($cur, $op, $rest) = @_;
    # b/bl (any condition) to a function: for check_caller_frames.
    push @CALLS, [$cur->{p}, $1, $lineno]
        if (ord($op) | 32) == 98 && $op =~ /^b(?:l?$COND|\.\w+)$/i && $rest =~ /^\s*([A-Za-z_]\w*)\s*$/;
    my $c = $cur->{spc};
    my $sp = $A64 ? $rest =~ /\bsp\b/i : $rest =~ /\b(?:sp|r13)\b/i;
    return unless $c || $sp;
    # (a statement that names neither sp nor a copy, nor branches, changes nothing;
    # ldm {r4-r11} names r7 only in its range)
    return if !$sp && (ord($op) | 32) != 98 && $rest !~ ($c->{''} //= names_re($c))
        && ($A64 || index($rest, '{') < 0 || $op !~ /^ldm/i);
    my $lop = lc $op;
    my ($cop, $cc) = $A64 ? ($lop, '') : $lop =~ /^(\w+?)($COND)(?:\.\w+)?$/ ? ($1, $2) : ($lop, '');
    $cc = '' if $cc eq 'al';
    if ($A64 ? $lop =~ /^(?:bl|blr|b|br)$/ : ($cop =~ /^(?:bl|blx)$/ || ($cop =~ /^(?:b|bx)$/ && $cc eq ''))) {
        delete $cur->{spc};    # a call may change any caller-saved register; b leaves
        return;
    }
    my @o = classify_operands($op, $rest);
    # A copy: mov rX, sp|copy; add/sub rX, sp|copy, #imm (unconditional).
    if ($cc eq '' && ($cop eq 'mov' && @o == 2 || ($cop eq 'add' || $cop eq 'sub') && @o == 3)
        && $o[0]{k} eq 'r' && !$o[0]{sp} && !$o[0]{zr} && $o[1]{k} eq 'r') {
        my $from = $o[1]{sp} ? 0 : $c ? $c->{ $o[1]{n} } : undef;
        my $d = $cop eq 'mov' ? 0 : $o[2]{k} eq 'i' ? Arm::ImmA64::int_of($o[2]{text}) : undef;
        if (defined $from && defined $d && (!$A64 || $o[0]{w} == 64)) {
            ($cur->{spc} //= {})->{ $o[0]{n} } = $from + ($cop eq 'sub' ? -$d : $d);
            delete $cur->{spc}{''};
            return;
        }
    }
    return unless $c;
    # A store through a copy.
    my ($wb, $b);
    if ($A64) {
        my ($store, $m, $n) = Arm::StackA64::access($lop, \@o);
        if ($m) {
            $b = $m->{base};
            $wb = mem_wb($m, $n);
            if ($store && !$b->{sp} && defined(my $off = $c->{ $b->{n} })) {
                my ($lo, $hi) = Arm::StackA64::span($m, $n);
                bound($cur->{p}, "'$op $rest'", $off, $lo, $hi, scratch($cur->{p}),
                      " through x$b->{n} (sp + $off)") if defined $lo;
            }
        }
    } elsif (my ($base, $size) = $lop =~ $STORE) {
        ($wb, $b, my ($lo, $hi)) = store_span($base, \@o, $size);
        if ($b && !$b->{sp} && defined(my $off = $c->{ $b->{n} })) {
            bound($cur->{p}, "'$op $rest'", $off, $lo, $hi, scratch($cur->{p}),
                  " through r$b->{n} (sp + $off)") if defined $lo;
        }
    } elsif ($lop =~ /^(?:ldr\w*|vldr\w*|vld[1-4]\S*|pld\w*)$/) {
        my ($m) = grep { $_->{k} eq 'm' } @o;
        ($b, $wb) = ($m->{base}, mem_wb($m, 0)) if $m;
        $wb = '' if defined $wb && $wb eq '0' && !exists $m->{imm};    # [rN]!: size not computed
    } elsif ($lop =~ /^v?ldm/) {
        ($b, $wb) = ($o[0], $o[0]{wb} ? '' : undef);
    }
    # Writes: the base by writeback; of the other core registers named, none for
    # a compare, a test or a conditional branch, the destination for strex, none for
    # another store, and every one otherwise (a superset of what it writes).
    my $keep = $A64 ? $KEEP_A64{$lop} : $KEEP_A32{$cop};
    my $is_store = $A64 ? $lop =~ /^st/ : $lop =~ $STORE;
    my $strex = !$A64 && $cop =~ /^strex/;
    unless ($keep) {
        for my $i (0 .. $#o) {
            my $x = $o[$i];
            next if $b && $x == $b;
            if ($x->{k} eq 'r') {
                delete $c->{ $x->{n} } unless $is_store && !($strex && $i == 0);
            } elsif ($x->{k} eq 'l' && ($x->{rk} // '') eq 'r' && !$is_store) {
                delete @$c{ @{ $x->{regs} } };
            }
        }
    }
    if ($b && !$b->{sp} && exists $c->{ $b->{n} } && defined $wb) {
        if ($wb eq '') { delete $c->{ $b->{n} } }
        else { $c->{ $b->{n} } += $wb }
    }
    delete $c->{''};
    delete $cur->{spc} unless %$c;
}

# A pattern matching the names of the registers that hold copies in $c (its
# numeric keys; the key '' caches this pattern).
my %ALIAS_A32 = (9 => 'sb', 10 => 'sl', 11 => 'fp', 12 => 'ip', 14 => 'lr');
my %ALIAS_A64 = (29 => 'fp', 30 => 'lr');
sub names_re {
    my ($c) = @_;
    my @n = grep { $_ ne '' } keys %$c;
    my @names = $A64 ? map { ("x$_", "w$_", $ALIAS_A64{$_} // ()) } @n
                     : map { ("r$_", $ALIAS_A32{$_} // ()) } @n;
    my $alt = join '|', @names;
    return qr/\b(?:$alt)\b/i;
}

1;
