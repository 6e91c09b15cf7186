# SPDX-License-Identifier: Apache-2.0
package X86_64::Insns;
# The one instruction table of the x86_64 translator. Every flavour validates every
# instruction through classify() (Analyse.pm), so GAS flavours refuse what the NASM
# printer could not translate; the NASM printer then uses the same answer to
# translate the operands class by class (register, memory, immediate, mask,
# broadcast), never by naming individual AVX-512 forms.
use strict;
use warnings;
use Exporter 'import';
use X86_64::Common;
use X86_64::Forms;
our @EXPORT = qw(classify is_mnemonic %SIMD %SHIFT %IMPLICIT_WRITES);

our %SIZE_KW = (b => 'BYTE', w => 'WORD', l => 'DWORD', q => 'QWORD');
my %WIDTH = (b => 1, w => 2, l => 4, q => 8);
# Integer instructions that take an AT&T size suffix.
my %GPR_OP = map { $_ => 1 } qw(
    mov add adc sub sbb xor and or cmp test neg not inc dec shl shr sar sal rol ror rcl rcr
    lea push pop bswap mul imul div idiv xchg bt bts btr btc bsf bsr shld shrd xadd cmpxchg
    popcnt lzcnt tzcnt andn bzhi bextr blsi blsr blsmsk rorx sarx shlx shrx mulx adcx adox
    movbe nop);
our %SHIFT = map { $_ => 1 } qw(shl shr sar sal rol ror rcl rcr);
# Instructions without operands or whose name is the same in both syntaxes.
my %PLAIN = map { $_ => 1 } qw(
    ret nop jmp call clc stc cld cmc lfence mfence sfence ud2 int3 pause cpuid rdtsc rdtscp
    xgetbv vzeroupper vzeroall emms pushfq popfq endbr64 cqo cdq cdqe cwde std
    prefetcht0 prefetcht1 prefetcht2 prefetchnta clflush);
# String instructions (operands implicit: rsi/rdi/rax, rcx with a prefix): AT&T name ->
# Intel name. rep repeats movs/stos/lods; repe/repz/repne/repnz repeat cmps/scas.
my %STRING;
for my $base (qw(movs stos lods cmps scas)) {
    my @pfx = ('', $base =~ /^(cmps|scas)$/ ? qw(repe repz repne repnz) : 'rep');
    for my $sz (qw(b w l q)) {
        my $intel = $base . ($sz eq 'l' ? 'd' : $sz);
        $STRING{($_ eq '' ? '' : "$_ ") . "$base$sz"} = ($_ eq '' ? '' : "$_ ") . $intel for @pfx;
    }
}
# Registers instructions write without naming them (64-bit names), for the save
# analysis: the string instructions step rsi/rdi (rcx with a prefix; rax for lods).
our %IMPLICIT_WRITES = (cpuid => [qw(rax rbx rcx rdx)], rdtsc => [qw(rax rdx)],
                        rdtscp => [qw(rax rcx rdx)], xgetbv => [qw(rax rdx)]);
for my $op (keys %STRING) {
    my ($pfx, $base) = $op =~ /^(?:(\w+) )?(\w{4})/;
    my @w = { movs => [qw(rsi rdi)], cmps => [qw(rsi rdi)], scas => ['rdi'], stos => ['rdi'],
              lods => [qw(rsi rax)] }->{$base}->@*;
    push @w, 'rcx' if $pfx;
    $IMPLICIT_WRITES{$op} = \@w;
}
my %ATT_ALIAS = (retq => 'ret', callq => 'call', jmpq => 'jmp', cltq => 'cdqe', cqto => 'cqo',
                 cltd => 'cdq', cwtl => 'cwde', movabsq => 'movq');
my %CC = map { $_ => 1 } qw(o no b c nae ae nb nc e z ne nz be na a nbe s ns p pe np po
                            l nge ge nl le ng g nle);
# SSE..SSE4.1, AES-NI, PCLMUL, SHA, AVX2, AVX-512 and the opmask instructions: every
# mnemonic with its operand forms in Forms.pm.
our %SIMD = %SIMD_FORMS;
# Operand sizes the integer instructions take (the rest: 8, 16, 32 and 64 bits).
my %GPR_WIDTHS;
$GPR_WIDTHS{$_} = [4, 8] for qw(bswap andn bzhi bextr blsi blsr blsmsk rorx sarx shlx shrx
                                mulx adcx adox);
$GPR_WIDTHS{$_} = [2, 4, 8] for qw(bsf bsr popcnt lzcnt tzcnt cmovcc movbe bt bts btr btc
                                   shld shrd lea);
$GPR_WIDTHS{setcc} = [1];

sub gpr_width {
    my ($r) = @_;
    return undef unless exists $GPR{$r};
    return 8 if $r =~ /^r(?:[a-ds]x|[sb]p|[sd]i|\d+)$/;
    return 4 if $r =~ /^e\w+$|^r\d+d$/;
    return 2 if $r =~ /^(?:[a-d]x|[sb]p|[sd]i|r\d+w)$/;
    return 1;
}

# EVEX static rounding ({rn-sae} {rd-sae} {ru-sae} {rz-sae}) and {sae}: only these
# mnemonics, only on zmm registers (the 512-bit register form is the one that
# encodes it), written as the first AT&T operand.
my %ROUNDING = map { $_ => 1 } qw(vaddps vaddpd vsubps vsubpd vmulps vmulpd vdivps vdivpd);
my %SAE = map { $_ => 1 } qw(vmaxps vmaxpd vminps vminpd);
sub check_rounding {
    my ($it, $mn) = @_;
    my @all = @{$it->{ops}};
    my @rc = grep { $_->{t} eq 'rc' } @all or return;
    fail("{$rc[0]{rc}} must be the first operand, once", $it) if @rc > 1 || $all[0]{t} ne 'rc';
    my $rc = $rc[0]{rc};
    fail("'$it->{op}' takes no " . ($rc eq 'sae' ? '{sae}' : "embedded rounding {$rc}"), $it)
        unless $rc eq 'sae' ? $SAE{$mn} : $ROUNDING{$mn};
    fail("{$rc} needs zmm register operands (no memory, no broadcast)", $it)
        if grep { $_->{t} ne 'reg' || $_->{r} !~ /^zmm/ } @all[1 .. $#all];
}

# Operand classes every printer can express; the rest is refused on every flavour.
sub check_operands {
    my ($it, $mn, $suffix, $kind, $form) = @_;
    check_rounding($it, $mn);
    my @ops = grep { $_->{t} ne 'rc' } @{$it->{ops}};
    my $evex = $kind eq 'simd' && $mn =~ /^v/;
    for my $o (@ops) {
        # A bare symbol or number is an absolute address: 32-bit absolute relocations
        # on elf/macosx (no PIE), refused by nasm. Only branch targets are bare.
        fail("bare memory operand '$o->{e}': use $o->{e}(%rip)", $it)
            if $o->{t} eq 'sym' && ($kind ne 'branch' || $o->{star});
        if (($o->{mask} || $o->{bcst} || $o->{zero}) && !$evex) {
            fail("'$it->{op}' takes no opmask or broadcast (AVX-512 forms are v-prefixed)", $it);
        }
        fail("{z} needs an opmask {%kN} on the same operand", $it) if $o->{zero} && !$o->{mask};
        fail("{1toN} broadcast applies to a memory operand", $it) if $o->{bcst} && $o->{t} ne 'mem';
        # Addresses are 64-bit: base and index are 64-bit GPRs (gas refuses (%xmm6); a
        # 32-bit base takes a 0x67 prefix clang refuses with a symbol).
        for my $r (grep { defined } @{$o}{qw(base index)}) {
            next if $o->{t} ne 'mem' || $r eq 'rip';
            fail("address register %$r is not a 64-bit general register", $it)
                unless (gpr_width($r) // 0) == 8;
        }
        # An indirect branch target is a 64-bit register (gas refuses *%ah, nasm not).
        fail("indirect target %$o->{r} of '$it->{op}' is not a 64-bit register", $it)
            if $o->{star} && $o->{t} eq 'reg' && (gpr_width($o->{r}) // 0) != 8;
        if ($o->{t} eq 'reg' && $o->{r} =~ /^k[0-7]$/ && $kind ne 'simd') {
            fail("opmask register %$o->{r} in '$it->{op}'", $it);
        }
        if ($o->{t} eq 'reg' && $o->{r} =~ /^[yz]mm/ && $kind ne 'simd') {
            fail("vector register %$o->{r} in '$it->{op}'", $it);
        }
    }
    if ($kind eq 'simd' && $mn !~ /^v|^k/) {
        for my $o (@ops) {
            fail("%$o->{r} needs the VEX/EVEX form of '$it->{op}' (v-prefixed)", $it)
                if $o->{t} eq 'reg' && $o->{r} =~ /^([yz]mm|xmm(1[6-9]|[23]\d))/;
        }
    }
    if ($VEX_ONLY{$mn}) {
        for my $o (@ops) {
            fail("%$o->{r} needs an EVEX instruction; '$it->{op}' is VEX-only (AVX-512 spells "
                 . "it with an element size, e.g. vpxord, vmovdqu64)", $it)
                if $o->{t} eq 'reg' && $o->{r} =~ /^(zmm|[xy]mm(1[6-9]|[23]\d))/;
        }
    }
    check_form($it, $form, $kind, \@ops) if defined $form;
    check_immediates($it, $mn, $suffix, $kind, \@ops);
    check_broadcast($it, $mn, \@ops) if $kind eq 'simd';
    return unless $kind eq 'gpr';
    # Integer instructions: every GPR operand has the width of the suffix (or all the
    # same width without one); the count of a shift may be %cl.
    # (The %cl count of a shift, first of several operands, has no say in the size.)
    my $count = @ops > 1 && $ops[0]{t} eq 'reg' && $ops[0]{r} eq 'cl'
                && ($SHIFT{$mn} || $mn =~ /^sh[lr]d$/);
    my @regs = grep { $_->{t} eq 'reg' } @ops[($count ? 1 : 0) .. $#ops];
    my $want = defined $suffix ? $WIDTH{$suffix} : undef;
    for my $i (0 .. $#regs) {
        my $r = $regs[$i]{r};
        my $w = gpr_width($r);
        fail("%$r is not an integer register operand of '$it->{op}'", $it) unless defined $w;
        $want //= $w;
        fail("operand size mismatch in '$it->{op}': %$r is not "
             . (8 * $want) . "-bit", $it) if $w != $want;
    }
    $want //= $WIDTH{$suffix} if defined $suffix;
    if (defined $want && (my $ok = $GPR_WIDTHS{$form // ''})) {
        fail("'$it->{op}' takes no " . (8 * $want) . "-bit operands", $it)
            unless grep { $_ == $want } @$ok;
    }
    my $mem = grep { $_->{t} eq 'mem' } @ops;
    if ($mem && !@regs && !defined $suffix && $mn !~ /^(lea|push|pop|nop|jmp|call)$/) {
        fail("'$it->{op}' with a memory operand and no register needs a size suffix", $it);
    }
}

# The operand classes of one instruction as a form signature (Forms.pm), checked
# against the forms its mnemonic takes.
my %VEC_LETTER = (x => 'x', y => 'y', z => 'z');
sub check_form {
    my ($it, $form, $kind, $ops) = @_;
    my $sig = '';
    for my $i (0 .. $#$ops) {
        my $o = $ops->[$i];
        my $t = $o->{t};
        if ($t eq 'imm') { $sig .= 'i' }
        elsif ($t eq 'mem') { $sig .= $o->{star} ? 'M' : 'm' }
        elsif ($t eq 'sym') { $sig .= 'b' }
        elsif ($o->{star}) { $sig .= 'R' }
        else {
            my $r = $o->{r};
            if ($r =~ /^([xyz])mm/) { $sig .= $1 }
            elsif ($r =~ /^k[0-7]$/) { $sig .= 'k' }
            elsif ($kind ne 'simd') { $sig .= ($r eq 'cl' && $i == 0 && @$ops > 1) ? 'c' : 'r' }
            else { my $w = gpr_width($r); $sig .= $w == 4 ? 'd' : $w == 8 ? 'q' : 'h' }
        }
    }
    my $f = forms_of($form) or fail("no operand forms known for '$it->{op}'", $it);
    return if $f->{$sig};
    (my $plain = $sig) =~ tr/c/r/;
    return if $f->{$plain};
    fail("'$it->{op}' does not take (" . form_names($sig) . "); it takes "
         . join(' | ', map { form_names($_) } sort keys %$f), $it);
}

# Embedded broadcast: the instructions that take {1toN} and their element size in
# bits; N must be the vector width over the element size.
my %BCST;
$BCST{$_} = 64 for qw(
    vpxorq vporq vpandq vpandnq vpaddq vpsubq vpmuludq vpmuldq vpmullq vpternlogq vprolq
    vprorq vprolvq vprorvq vpsraq vpsravq vpsllvq vpsrlvq vpsllq vpsrlq vpermi2q vpermt2q
    vpermq vpblendmq vpcmpq vpcmpuq vpcmpeqq vpcmpgtq vptestmq vptestnmq vpshldq vpshrdq
    vpshldvq vpshrdvq vpmadd52luq vpmadd52huq valignq vshufi64x2 vshuff64x2 vpunpcklqdq
    vpunpckhqdq vgf2p8affineqb vgf2p8affineinvqb);
$BCST{$_} = 32 for qw(
    vpxord vpord vpandd vpandnd vpaddd vpsubd vpmulld vpternlogd vprold vprord vprolvd
    vprorvd vpsrad vpsravd vpsllvd vpsrlvd vpslld vpsrld vpermi2d vpermt2d vpermd vpblendmd
    vpcmpd vpcmpud vpcmpeqd vpcmpgtd vptestmd vptestnmd vpshldd vpshrdd vpshldvd vpshrdvd
    valignd vshufi32x4 vshuff32x4 vpunpckldq vpunpckhdq vpshufd vpminud vpminsd vpmaxud
    vpmaxsd vpabsd);
sub check_broadcast {
    my ($it, $mn, $ops) = @_;
    my ($b) = grep { $_->{bcst} } @$ops;
    return unless $b;
    my $elem = $BCST{$mn}
        or fail("'$it->{op}' takes no embedded broadcast", $it);
    my $vlen = 0;
    for (@$ops) {
        next unless $_->{t} eq 'reg' && $_->{r} =~ /^([xyz])mm/;
        my $l = { x => 128, y => 256, z => 512 }->{$1};
        $vlen = $l if $l > $vlen;
    }
    my $n = $vlen / $elem;
    fail("{$b->{bcst}} in '$it->{op}': a " . ($vlen || '?') . "-bit vector of $elem-bit "
         . "elements needs {1to$n}", $it) if $b->{bcst} ne "1to$n";
}

# Constant immediates must fit the field the instruction encodes: gas refuses or
# truncates, nasm warns and sign-extends, so out-of-range values differ by flavour.
my %IMM8_OP = map { $_ => 1 } qw(shl shr sar sal rol ror rcl rcr bt bts btr btc shld shrd rorx);
my %BOUND;    # range ends as Math::BigInt, made once
sub check_immediates {
    my ($it, $mn, $suffix, $kind, $ops) = @_;
    my @imm = grep { $_->{t} eq 'imm' } @$ops;
    return unless @imm;
    my ($lo, $hi);
    if ($kind eq 'simd' || ($kind eq 'gpr' && $IMM8_OP{$mn})) {
        ($lo, $hi) = (-128, 255);
    } elsif ($kind eq 'gpr') {
        my ($r) = grep { $_->{t} eq 'reg' } @$ops;
        my $w = defined $suffix ? $WIDTH{$suffix} : $r ? gpr_width($r->{r}) : undef;
        return unless defined $w;
        if ($w == 8 && $mn eq 'mov' && $ops->[-1]{t} eq 'reg') {
            ($lo, $hi) = ('-9223372036854775808', '18446744073709551615');    # mov r64, imm64
        } elsif ($w == 8) {
            ($lo, $hi) = (-2147483648, 2147483647);                   # sign-extended imm32
        } else {
            ($lo, $hi) = (-(2 ** (8 * $w - 1)), 2 ** (8 * $w) - 1);
        }
    } else {
        return;
    }
    for my $o (@imm) {
        my $v = xconst($o->{e}, $it);
        next unless defined $v;
        fail("immediate $o->{e} does not fit '$it->{op}' (range $lo..$hi)", $it)
            if ref($v) ? ($v < ($BOUND{$lo} //= bigint($lo)) || $v > ($BOUND{$hi} //= bigint($hi)))
               : length($lo) > 15 ? 0    # plain values are below 2^63 (Common.pm)
               : ($v < $lo || $v > $hi);
    }
}

# AT&T mnemonic -> {mn => Intel mnemonic, size => memory size keyword or undef,
# extend => movzx/movsx, kind => gpr|simd|plain|branch}; fails on anything unknown.
# Mnemonic and operand text => the answer: it depends on nothing else, and a file
# repeats most instructions (printers only read the answer, so it is shared).
my %CLASSIFIED;
sub classify {
    my ($it) = @_;
    my $key = $it->{key} // (defined $it->{args} ? "$it->{op}\0$it->{args}" : undef);
    return $CLASSIFIED{$key} if defined $key && $CLASSIFIED{$key};
    $XlateOutput::COUNT{classified}++;
    my $c = classify_name($it);
    check_operands($it, $c->{mn}, $c->{suffix}, $c->{kind}, $c->{form});
    $CLASSIFIED{$key} = $c if defined $key;
    return $c;
}

# Whether a name would read as an instruction (a label or function of that name
# breaks NASM, which takes the line for the instruction).
sub is_mnemonic {
    my ($n) = @_;
    my $ok = eval { classify_name({ op => lc $n, ops => [], line => 0, text => '' }); 1 };
    return $ok ? 1 : 0;
}

sub classify_name {
    my ($it) = @_;
    my $op = $it->{op};
    $op = $ATT_ALIAS{$op} if exists $ATT_ALIAS{$op};
    my @ops = @{$it->{ops}};
    my $has_simd_reg = grep { $_->{t} eq 'reg' && $_->{r} =~ /mm/ } @ops;
    if ($op eq 'movq') {
        return $has_simd_reg ? { mn => 'movq', kind => 'simd', form => 'movq' }
                             : { mn => 'mov', size => 'QWORD', suffix => 'q', kind => 'gpr',
                                 form => 'mov' };
    }
    return { mn => $op, kind => 'simd', form => $op } if $SIMD{$op};
    if ($PLAIN{$op}) {
        return { mn => $op, kind => ($op =~ /^(jmp|call)$/ ? 'branch' : 'plain'), form => $op };
    }
    return { mn => $STRING{$op}, kind => 'plain', form => 'string' } if $STRING{$op};
    fail("'$1' repeats only " . ($1 eq 'rep' ? 'movs, stos and lods (cmps and scas take repe or repne)'
                                             : 'cmps and scas (movs, stos and lods take rep)'), $it)
        if $op =~ /^(rep\w*) /;
    return { mn => "j$1", kind => 'branch', form => 'jcc' } if $op =~ /^j(\w+)$/ && $CC{$1};
    return { mn => "set$1", size => 'BYTE', suffix => 'b', kind => 'gpr', form => 'setcc' }
        if ($op =~ /^set(\w+)$/ && $CC{$1}) || ($op =~ /^set(\w+)b$/ && $CC{$1});
    if ($op =~ /^cmov(\w+)$/) {
        my $cc = $1;
        return { mn => "cmov$cc", kind => 'gpr', form => 'cmovcc' } if $CC{$cc};
        return { mn => "cmov$1", size => $SIZE_KW{$2}, suffix => $2, kind => 'gpr',
                 form => 'cmovcc' } if $cc =~ /^(\w+)([wlq])$/ && $CC{$1};
    }
    if ($op =~ /^mov([zs])([bw])([wlq])$/) {
        my ($zs, $from, $to) = ($1, $2, $3);
        my @r = grep { $_->{t} eq 'reg' } @ops;
        fail("'$op': the destination must be a " . (8 * $WIDTH{$to}) . "-bit register", $it)
            unless @ops == 2 && $ops[1]{t} eq 'reg' && (gpr_width($ops[1]{r}) // 0) == $WIDTH{$to};
        fail("'$op': the source must be " . (8 * $WIDTH{$from}) . "-bit", $it)
            if $ops[0]{t} eq 'reg' && (gpr_width($ops[0]{r}) // 0) != $WIDTH{$from};
        fail("'$op': bad operands", $it) unless $ops[0]{t} =~ /^(reg|mem)$/;
        return { mn => $zs eq 'z' ? 'movzx' : 'movsx', size => $SIZE_KW{$from}, extend => 1,
                 kind => 'extend' };
    }
    if ($op =~ /^crc32([bwlq])$/) {
        # SSE4.2: the suffix is the source's width; the accumulator is r32 (r64 for
        # crc32q, and crc32b may take either).
        my $sfx = $1;
        my $dw = @ops == 2 && $ops[1]{t} eq 'reg' ? gpr_width($ops[1]{r}) // 0 : 0;
        fail("'$op' needs a " . ($sfx eq 'q' ? '64' : $sfx eq 'b' ? '32- or 64' : '32')
             . "-bit register destination", $it)
            unless $sfx eq 'q' ? $dw == 8 : $sfx eq 'b' ? ($dw == 4 || $dw == 8) : $dw == 4;
        fail("'$op': the source must be a " . (8 * $WIDTH{$sfx}) . "-bit register or memory", $it)
            unless $ops[0]{t} eq 'mem' || ($ops[0]{t} eq 'reg' && (gpr_width($ops[0]{r}) // 0) == $WIDTH{$sfx});
        return { mn => 'crc32', size => $SIZE_KW{$sfx}, extend => 1, kind => 'extend' };
    }
    if ($op eq 'movslq') {
        fail("'movslq' needs a 32-bit source and a 64-bit register", $it)
            unless @ops == 2 && $ops[1]{t} eq 'reg' && (gpr_width($ops[1]{r}) // 0) == 8
            && ($ops[0]{t} eq 'mem' || (gpr_width($ops[0]{r} // '') // 0) == 4);
        return { mn => 'movsxd', size => 'DWORD', extend => 1, kind => 'extend' };
    }
    return { mn => $op, kind => 'gpr', form => $op } if $GPR_OP{$op};
    return { mn => $1, size => $SIZE_KW{$2}, suffix => $2, kind => 'gpr', form => $1 }
        if $op =~ /^(\w+)([bwlq])$/ && $GPR_OP{$1};
    fail("unknown instruction '$it->{op}'", $it);
}

1;
