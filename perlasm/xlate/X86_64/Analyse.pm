# SPDX-License-Identifier: Apache-2.0
package X86_64::Analyse;
# Stage 2: symbol table, functions, Win64 register usage (transitive through
# direct calls), and the frame plan of each function.
use strict;
use warnings;
use Exporter 'import';
use X86_64::Common;
use X86_64::Insns;
use X86_64::LabelDiff qw(check_label_differences);
use X86_64::StackFrame qw(check_rsp_operands);
use X86_64::Reach qw(note_statement check_end_unreachable);
use X86_64::DataText qw(check_data_section);
# What a .byte/.short/.long/.quad value may be: -2^(bits-1) .. 2^bits - 1.
# (Plain numbers up to 32 bits, exact as doubles; Math::BigInt for 64, made when a
# value needs it: plain values are below 2^31, see Common.pm.)
my %DATA_MIN = map { ($_ => -(2 ** ($_ - 1))) } 8, 16, 32;
my %DATA_END = map { ($_ => 2 ** $_) } 8, 16, 32;
sub data_bounds {
    my ($bits, $v) = @_;
    return ($DATA_MIN{$bits}, $DATA_END{$bits}) if $bits < 64;
    return (-9**9**9, 9**9**9) unless ref $v;    # every plain value fits
    $DATA_MIN{64} //= -(bigint(2) ** 63);
    $DATA_END{64} //= bigint(2) ** 64;
    return ($DATA_MIN{64}, $DATA_END{64});
}
our @EXPORT = qw(analyse plan stack_arg);

# Instruction texts (Parse.pm's key) that passed the checks below that read nothing
# but the text: no bare ret, and no move of the stack pointer.
my %TEXT_OK;
sub analyse {
    my ($items) = @_;
    my $cur;
    my $section = '';
    for my $it (@$items) {
        my $k = $it->{k};
        note_statement($cur, $it) if $cur && $k ne 'endproc';    # X86_64/Reach.pm
        if ($k eq 'section') { $section = $it->{which} }
        if ($k eq 'proc') {
            fail("nested .ctasm_proc (missing .ctasm_endproc for $cur->{name})", $it) if $cur;
            fail(".ctasm_proc outside .ctasm_text", $it) if $section ne 'text';
            $cur = $it;
            $it->{body} = [];
            $proc_by_name{$it->{name}} = $it;
            push @procs, $it;
        } elsif ($k eq 'endproc') {
            fail(".ctasm_endproc without .ctasm_proc", $it) unless $cur;
            check_end_unreachable($cur, $it);    # X86_64/Reach.pm
            $it->{proc} = $cur;
            undef $cur;
        } elsif ($k eq 'ret') {
            fail(".ctasm_ret outside a function", $it) unless $cur;
            $it->{proc} = $cur;
        } elsif ($k eq 'stackarg') {
            fail(".ctasm_stack_arg outside a function", $it) unless $cur;
            fail(".ctasm_stack_arg $it->{n}: arguments 1-6 arrive in registers (SysV view); "
                 . "the stack ones are 7..args", $it) if $it->{n} < 7;
            fail(".ctasm_stack_arg $it->{n}: $cur->{name} has args=$cur->{args}", $it)
                if $it->{n} > $cur->{args};
            fail(".ctasm_stack_arg into %rsp would overwrite the stack pointer", $it)
                if $it->{reg} eq 'rsp';
            $it->{proc} = $cur;
            push @{$cur->{body}}, $it;
        } elsif ($cur) {
            fail("section change inside function $cur->{name}", $it) if $k eq 'section';
            # (Both checks read only the instruction's text: each passed text once.)
            if ($k eq 'insn' && !$TEXT_OK{$it->{key}}) {
                # A bare ret would skip the epilogue some flavour adds (Win64 always may).
                fail("bare $it->{op} inside a .ctasm_proc: use .ctasm_ret", $it)
                    if $it->{op} =~ /^retq?$/;
                # The unwind data of every flavour comes from .ctasm_proc alone: a body may
                # not move the stack pointer (push/pop, sub/add/and/lea/mov to rsp...).
                unless ($cur->{broken}) {
                    my $last = $it->{ops}[-1];
                    fail("'$it->{op}' moves the stack pointer, which the unwind data cannot "
                         . "follow: use frame= for scratch space (align= for alignment)", $it)
                        if $it->{op} =~ /^(push|pop)(f?[wlq]?|fq)$|^(leave|enter)[wlq]?$/
                        || ($last && $last->{t} eq 'reg' && ($GPR{$last->{r}} // '') eq 'rsp'
                            && $it->{op} !~ /^(cmp|test)[bwlq]?$/)
                        || ($it->{op} =~ /^(xchg|xadd|cmpxchg)[bwlq]?$/
                            && grep { $_->{t} eq 'reg' && ($GPR{$_->{r}} // '') eq 'rsp' } @{$it->{ops}});
                    $TEXT_OK{$it->{key}} = 1;
                }
            }
            if (($k eq 'adr' || $k eq 'stackarg') && $it->{reg} eq 'rsp') {
                fail(".ctasm_adr into %rsp would overwrite the stack pointer", $it);
            }
            push @{$cur->{body}}, $it;
        }
        if ($k eq 'proc' && $it->{global}) {
            push @global_order, $it->{name} unless $global{$it->{name}}++;
        }
        if ($k eq 'insn') {
            fail("instruction outside .ctasm_text", $it) if $section ne 'text';
            # Code outside a function has no unwind data and no Win64 saves.
            fail("instruction outside .ctasm_proc", $it) unless $cur;
            # One table for every flavour: what NASM could not take, GAS refuses too.
            $it->{cls} = classify($it);
            check_rsp_operands($it, $cur) unless $cur->{broken};    # inside frame=
            next;
        }
        check_data_section($it, $section, $cur) if $k eq 'data' || $k eq 'bytes';    # X86_64/DataText.pm
        if ($k eq 'data') {
            # Each value must fit its size, signed or unsigned (assemblers differ in
            # what they do with the rest).
            my $bits = 8 * $it->{size};
            for my $e (@{$it->{vals}}) {
                my $v = xconst($e, $it);
                next unless defined $v;
                my ($min, $end) = data_bounds($bits, $v);
                fail("value $e does not fit in $it->{size} byte(s)", $it)
                    if $v < $min || $v >= $end;
            }
        }
    }
    fail("end of input inside function $cur->{name} (missing .ctasm_endproc)", $cur) if $cur;
    check_label_differences($items);    # both labels of a difference in one section
    register_usage();
}

# Register usage per function, transitively through direct calls to local functions:
# Win64 must preserve rdi, rsi and xmm6-xmm15, which SysV code treats as scratch.
# Mentioning a register anywhere counts as writing it (a superset is safe).
my %CALLEE_SAVED = map { $_ => 1 } qw(rbx rbp r12 r13 r14 r15);
# What the registers an operand list names say: callee-saved parents in order, the
# first rbp-family register, xmm6-15 numbers, dirty upper halves, rdi/rsi. Depends
# only on the operand text (%USAGE), which a file repeats.
my %USAGE;
# The same facts of one register name: [callee-saved parent, rbp family, xmm6-15
# number, dirty upper half, rdi/rsi family] (a file names few registers).
my %REG_USAGE;
sub reg_usage {
    my ($r) = @_;
    my $g = $GPR{$r};
    my ($n) = $r =~ /^[xyz]mm(\d+)$/;
    return [defined $g && $CALLEE_SAVED{$g} ? $g : undef, ($g // '') eq 'rbp',
            defined $n && $n >= 6 && $n <= 15 ? $n : undef,
            defined $n && $r !~ /^x/ && $n <= 15, defined $g && $g =~ /^r[ds]i$/];
}
sub operand_usage {
    my ($ops) = @_;
    my (@saved, $rbp, %xmm, $upper, $rdi_rsi);
    for my $o (@$ops) {
        for (grep { defined } ($o->{r}, $o->{base}, $o->{index})) {
            my $ru = $REG_USAGE{$_} //= reg_usage($_);
            push @saved, $ru->[0] if defined $ru->[0];
            $rbp //= $_ if $ru->[1];
            $xmm{$ru->[2]} = 1 if defined $ru->[2];
            $upper = 1 if $ru->[3];
            $rdi_rsi = 1 if $ru->[4];
        }
    }
    return { saved => \@saved, rbp => $rbp, xmm => [sort { $a <=> $b } keys %xmm],
             upper => $upper, rdi_rsi => $rdi_rsi };
}
# What direct_usage reads of an instruction, by its text (Parse.pm's key): the
# operands' usage, vzeroall/vzeroupper, implicit writes and a direct branch target.
my %INSN_USAGE;
sub insn_usage {
    my ($it) = @_;
    my $ops = $it->{ops};
    my $direct = $it->{op} =~ /^(call|j[a-z]+)q?$/ && @$ops == 1 && $ops->[0]{t} eq 'sym'
                 && !$ops->[0]{star};
    return { u => ($USAGE{$it->{args}} //= operand_usage($ops)),
             vzall => $it->{op} eq 'vzeroall', vzu => scalar($it->{op} =~ /^vzero(upper|all)$/),
             implicit => $IMPLICIT_WRITES{$it->{op}} // [],
             target => $direct ? $ops->[0]{e} : undef };
}
sub direct_usage {
    my ($p) = @_;
    my (%xmm, $rdi_rsi, @callees, $upper, $vzu, %saved_regs, %done);
    for my $it (@{$p->{body}}) {
        # Pseudo-ops write their register too.
        if ($it->{k} eq 'adr' || $it->{k} eq 'stackarg') {
            fail("align=$p->{align}: rbp is the frame pointer here", $it)
                if $p->{align} > 16 && $it->{reg} eq 'rbp';
            $rdi_rsi = 1 if $it->{reg} =~ /^r[ds]i$/;
            $saved_regs{$it->{reg}} //= $it if $CALLEE_SAVED{$it->{reg}};
            next;
        }
        next unless $it->{k} eq 'insn';
        # A text met before in this body adds nothing: what it sets is set, the first
        # instruction naming each register is recorded, its checks passed, its callee
        # is listed (in first-call order, which the reports below follow).
        next if $done{$it->{key}}++;
        my $iu = $INSN_USAGE{$it->{key}} //= insn_usage($it);
        %xmm = map { $_ => 1 } 6 .. 15 if $iu->{vzall};
        $vzu = 1 if $iu->{vzu};
        # Implicit operands (Insns.pm): string instructions step rsi/rdi (Win64
        # callee-saved), cpuid writes rbx (callee-saved everywhere).
        for my $r (@{$iu->{implicit}}) {
            $rdi_rsi = 1 if $r =~ /^r[ds]i$/;
            $saved_regs{$r} //= $it if $CALLEE_SAVED{$r};
        }
        my $u = $iu->{u};
        $saved_regs{$_} //= $it for @{$u->{saved}};
        fail("align=$p->{align}: rbp is the frame pointer of this function, the body "
             . "cannot use %$u->{rbp}", $it) if $p->{align} > 16 && defined $u->{rbp};
        $xmm{$_} = 1 for @{$u->{xmm}};
        $upper = 1 if $u->{upper};
        $rdi_rsi = 1 if $u->{rdi_rsi};
        if (defined(my $target = $iu->{target})) {
            if (my $callee = $proc_by_name{$target}) {
                # A global function's Win64 entry expects Win64 arguments: calling it
                # with SysV registers from assembly would break on one flavour.
                fail("direct $it->{op} to global function $target: not portable to Win64; "
                     . "call a local (non-global) function instead", $it) if $callee->{global};
                # A tail jump skips this function's epilogue, which Win64 adds to every
                # global function and every flavour to one with save= or frame=.
                fail("$it->{op} to function $target skips the epilogue of $p->{name}", $it)
                    if $it->{op} !~ /^call/
                    && ($p->{global} || @{$p->{save}} || $p->{frame} || $p->{align} > 16);
                push @callees, $callee;
            }
        }
    }
    return (\%xmm, $rdi_rsi, \@callees, $upper, $vzu, \%saved_regs);
}
# Callee-saved registers (both ABIs) a function writes, or the local functions it
# calls write, and nobody on the way saves: {register => the instruction}.
sub unsaved {
    my ($p, $busy) = @_;
    return $p->{unsaved} if $p->{unsaved};
    return {} if $busy->{$p->{name}}++;    # recursion: the cycle's own registers count once
    my %u = %{$p->{dsaved}};
    for my $q (@{$p->{callees}}) {
        my $cu = unsaved($q, $busy);
        $u{$_} //= $cu->{$_} for keys %$cu;
    }
    delete @u{@{$p->{save}}};
    delete $u{rbp} if $p->{align} > 16;    # the frame pointer, saved by the translator
    return $p->{unsaved} = \%u;
}
sub register_usage {
    for my $p (@procs) { @{$p}{qw(dxmm drdi callees dupper vzu dsaved)} = direct_usage($p) }
    # A global function returns every callee-saved register as it found it: whatever
    # it (or a local function it calls) writes must be in its own save= or in the
    # save= of the callee that writes it. "Writes" is "mentions", as for Win64.
    for my $p (grep { $_->{global} && !$_->{broken_abi} } @procs) {
        my $u = unsaved($p, {});
        my ($r) = sort keys %$u or next;
        my $it = $u->{$r};
        my $how = $IMPLICIT_WRITES{$it->{op} // ''} ? "$it->{op} writes $r" : "writes %$r";
        fail("$how, callee-saved, but neither $p->{name} nor the function writing it "
             . "lists it in save=", $it);
    }
    for my $p (@procs) {
        my (%xmm, $rdi_rsi, %seen, $upper);
        my @work = ($p);
        while (my $q = shift @work) {
            next if $seen{$q->{name}}++;
            $xmm{$_} = 1 for keys %{$q->{dxmm}};
            $rdi_rsi ||= $q->{drdi};
            $upper ||= $q->{dupper};
            push @work, @{$q->{callees}};
        }
        $p->{xmm_used} = [sort { $a <=> $b } keys %xmm];
        $p->{rdi_rsi_used} = $rdi_rsi ? 1 : 0;
        # Dirty upper halves of ymm0-15/zmm0-15 slow down the caller's SSE code (and
        # Win64 restores only the low 128 bits of xmm6-15): an exported function whose
        # code, or whose callees' code, writes them must clear them before it returns.
        fail("$p->{name} writes ymm/zmm registers (itself or through the functions it "
             . "calls) but never executes vzeroupper: clear the upper halves before "
             . ".ctasm_ret", $p) if $p->{global} && $upper && !$p->{vzu};
    }
}

# Frame plan of one function for this flavour. Layout after the prologue:
#   [rsp, rsp+frame16)                  scratch frame (.ctasm_proc frame=N)
#   [rsp+frame16, +16*nxmm)             Win64: saved xmm6-xmm15 the body writes
#   optional 8 bytes of padding         so that rsp is 16-aligned
#   pushes (last pushed lowest), return address
# With align=32/64 rbp is the frame pointer and is pushed last; then (Win64) the
# xmm save area, rbp = rsp; then the scratch frame and rsp rounded down to the
# alignment (body code after the prologue: the unwinder follows rbp):
#   [rsp, rsp+frame16)                  scratch frame, rsp aligned to `align`
#   ... padding ...
#   [rbp, rbp+16*nxmm (+8))             Win64: saved xmm6-xmm15
#   pushes (rbp lowest), return address
# Win64 applies only to global functions: local ones are reached from this file's own
# code with SysV registers already set, and their callers save what they clobber.
# base/entry: the register the stack arguments are addressed from and its distance
# to the stack pointer at entry (the return address).
sub plan {
    my ($p) = @_;
    return $p->{plan} if $p->{plan};
    my $w = $win64 && $p->{global};
    my @push = ($w && ($p->{args} > 0 || $p->{rdi_rsi_used})) ? ('rdi', 'rsi') : ();
    push @push, @{$p->{save}};
    my @xmm = $w ? @{$p->{xmm_used}} : ();
    my $frame = ($p->{frame} + 15) & ~15;
    my $pl;
    if ($p->{align} > 16) {
        push @push, 'rbp';
        my $fixed = 16 * @xmm;
        $fixed += 8 if $fixed && (8 + 8 * @push + $fixed) % 16;
        $pl = { push => \@push, xmm => \@xmm, xmm_off => 0, fixed => $fixed, frame => $frame,
                align => $p->{align}, fp => 1, alloc => 0, trivial => 0,
                base => 'rbp', entry => $fixed + 8 * @push };
    } else {
        my $alloc = $frame + 16 * @xmm;
        $alloc += 8 if (@push || $alloc) && (8 + 8 * @push + $alloc) % 16;
        $pl = { push => \@push, xmm => \@xmm, xmm_off => $frame, alloc => $alloc, fp => 0,
                trivial => !@push && !$alloc, base => 'rsp', entry => $alloc + 8 * @push };
    }
    $pl->{args} = $w ? $p->{args} : 0;
    $pl->{win} = $w;
    return $p->{plan} = $pl;
}

# Where stack argument N (7 or more) of function p is, as [base register, offset]:
# SysV: above the return address, argument 7 first; Win64 (global functions): above
# the return address and the 32-byte home area, argument 5 first.
sub stack_arg {
    my ($p, $n) = @_;
    my $pl = plan($p);
    my $off = $pl->{entry} + 8 + ($pl->{win} ? 32 + 8 * ($n - 5) : 8 * ($n - 7));
    return ($pl->{base}, $off);
}

1;
