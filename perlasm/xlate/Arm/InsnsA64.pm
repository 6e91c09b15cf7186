# SPDX-License-Identifier: Apache-2.0
# The AArch64 instruction table of arm-xlate.pl: every mnemonic the dialect
# accepts, with its operand forms (patterns: Arm/Forms.pm).  One table for
# linux64, ios64 and win64: GNU as and clang accept different things (and
# clang's Apple default CPU more extensions), so what is not here is refused
# on every flavour.  Integer, logical, load/store, branch and the Advanced
# SIMD integer and permute instructions, in every arrangement; floating-point
# arithmetic is not part of the dialect yet.
package Arm::InsnsA64;
use strict;
use warnings;
use Exporter 'import';
our @EXPORT = qw(%A64_INSNS);

my @B    = qw(8b 16b);
my @BH   = (@B, qw(4h 8h));
my @BHS  = (@BH, qw(2s 4s));
my @BHSD = (@BHS, '2d');
my @HS   = qw(4h 8h 2s 4s);
my @ALL  = (@BHSD, '1d');
my %ES   = ('8b' => 'b', '16b' => 'b', '4h' => 'h', '8h' => 'h', '2s' => 's', '4s' => 's',
            '1d' => 'd', '2d' => 'd');
# Twice the element size, same number of bytes in the wide register.
my %WIDE = ('8b' => '8h', '16b' => '8h', '4h' => '4s', '8h' => '4s', '2s' => '2d', '4s' => '2d');
# Pairwise long: half as many elements of twice the size.
my %PAIRW = ('8b' => '4h', '16b' => '8h', '4h' => '2s', '8h' => '4s', '2s' => '1d', '4s' => '2d');

# 'R' stands for x/w and 'RS' for xs/ws (one width per form), also in the
# width-dependent field patterns (#shR, shR, #logR ...: Arm/ImmA64.pm).
sub gp { return map { /R/ ? ((s/RS/xs/gr =~ s/R/x/gr), (s/RS/ws/gr =~ s/R/w/gr)) : $_ } @_; }
sub v3 { return map { "v$_,v$_,v$_" } @_; }
sub v2 { return map { "v$_,v$_" } @_; }
# Element bits of an arrangement; shifts by immediate: left 0..bits-1, right 1..bits.
my %EBITS = map { $_ => 8 * { b => 1, h => 2, s => 4, d => 8 }->{ $ES{$_} } } keys %ES;
sub vshl { return map { "v$_,v$_,#0-" . ($EBITS{$_} - 1) } @_; }
sub vshr { return map { "v$_,v$_,#1-$EBITS{$_}" } @_; }
sub vzero { return map { "v$_,v$_,#0-0" } @_; }
my @NARROW = qw(8b 4h 2s);
my @UPPER  = qw(16b 8h 4s);
sub long3  { return map { "v$WIDE{$_},v$_,v$_" } $_[0] ? @UPPER : @NARROW; }
sub wide3  { return map { "v$WIDE{$_},v$WIDE{$_},v$_" } $_[0] ? @UPPER : @NARROW; }
sub narrow { my ($two, $sh) = @_; return map { "v$_,v$WIDE{$_}" . ($sh ? ",#1-$EBITS{$_}" : '') } $two ? @UPPER : @NARROW; }
sub longsh { return map { "v$WIDE{$_},v$_,#0-" . ($EBITS{$_} - 1) } $_[0] ? @UPPER : @NARROW; }
sub longx  { return map { "v$WIDE{$_},v$_" } $_[0] ? @UPPER : @NARROW; }
# By element: h elements for 4h/8h, s elements for 2s/4s.
sub by_elem { return map { "v$_,v$_,e$ES{$_}" } @HS; }
sub long_elem { return map { "v$WIDE{$_},v$_,e$ES{$_}" } $_[0] ? qw(8h 4s) : qw(4h 2s); }
sub reduce { return map { "f$ES{$_},v$_" } qw(8b 16b 4h 8h 4s); }
sub reduce_long { return ('fh,v8b', 'fh,v16b', 'fs,v4h', 'fs,v8h', 'fd,v4s'); }
sub pairw { return map { "v$PAIRW{$_},v$_" } @BHS; }
sub vmodimm { return map { "v$_,#0-255," . (/h/ ? 'lslh?' : 'lsls?') } @HS; }

my %T;
sub add_insn { my ($names, @forms) = @_; push @{ $T{$_} }, @forms for split ' ', $names; }

# --- general-purpose registers
add_insn('add sub', gp('RS,RS,#0-4095,lsl12?', 'R,R,R,shR?'), 'xs,xs,w,extw', 'xs,xs,x,extx?', 'ws,ws,w,ext?',
         v3(@BHSD), 'fd,fd,fd');
add_insn('adds subs', gp('R,RS,#0-4095,lsl12?', 'R,R,R,shR?'), 'x,xs,w,extw', 'x,xs,x,extx?', 'w,ws,w,ext?');
add_insn('cmp cmn', gp('RS,#0-4095,lsl12?', 'R,R,shR?'), 'xs,w,extw', 'xs,x,extx?', 'ws,w,ext?');
add_insn('neg negs', gp('R,R,shR?'));
add_insn('neg', v2(@BHSD), 'fd,fd');
add_insn('adc adcs sbc sbcs', gp('R,R,R'));
add_insn('ngc ngcs', gp('R,R'));
add_insn('and orr eor', gp('RS,R,#logR', 'R,R,R,shrR?'), v3(@B));
add_insn('ands', gp('R,R,#logR', 'R,R,R,shrR?'));
add_insn('bic bics orn eon', gp('R,R,R,shrR?'));
add_insn('bic', gp('RS,R,#bicR'));    # and with the inverted mask (GNU as: bic only, not bics/orn/eon)
add_insn('bic orn', v3(@B));
add_insn('orr bic', vmodimm());
add_insn('tst', gp('R,#logR', 'R,R,shrR?'));
add_insn('mvn', gp('R,R,shrR?'), v2(@B));
add_insn('mov', gp('RS,RS', 'R,R', 'R,#movR'), v2(@B),
         'eb,w', 'eh,w', 'es,w', 'ed,x', 'w,es', 'x,ed', 'eb,eb', 'eh,eh', 'es,es', 'ed,ed',
         'fb,eb', 'fh,eh', 'fs,es', 'fd,ed');
add_insn('movz movk movn', gp('R,#0-65535,lslmR?'));
add_insn('lsl lsr asr ror', gp('R,R,#shR', 'R,R,R'));
add_insn('lslv lsrv asrv rorv', gp('R,R,R'));
add_insn('mul mneg sdiv udiv', gp('R,R,R'));
add_insn('madd msub', gp('R,R,R,R'));
add_insn('smulh umulh', 'x,x,x');
add_insn('smull umull smnegl umnegl', 'x,w,w');
add_insn('smaddl umaddl smsubl umsubl', 'x,w,w,x');
add_insn('extr', gp('R,R,R,#shR'));
add_insn('csel csinc csinv csneg', gp('R,R,R,c'));
add_insn('cset csetm', gp('R,c'));
add_insn('cinc cinv cneg', gp('R,R,c'));
add_insn('ccmp ccmn', gp('R,R,#0-15,c', 'R,#0-31,#0-15,c'));
add_insn('ubfx sbfx ubfiz sbfiz bfi bfxil', gp('R,R,#shR,#bfR'));    # lsb, width
add_insn('ubfm sbfm bfm', gp('R,R,#shR,#shR'));
add_insn('uxtb uxth', 'w,w');
add_insn('sxtb sxth', 'w,w', 'x,w');
add_insn('sxtw', 'x,w');
add_insn('rev rev16 rbit clz cls', gp('R,R'));
add_insn('rev32', 'x,x');
add_insn('adr', 'x,lab');

# --- loads and stores
# Memory patterns carry the access size in bytes (offset scaling, index shift).
my %SIZE = (x => 8, w => 4, b => 1, h => 2, s => 4, d => 8, q => 16);
sub ldst { my ($r, $n) = @_; return ("$r,mu$n", "$r,mr$n"); }
add_insn('ldr str', ldst('x', 8), ldst('w', 4), map { ldst("f$_", $SIZE{$_}) } qw(b h s d q));
add_insn('ldr', gp('R,lab'), 'fs,lab', 'fd,lab', 'fq,lab');
add_insn('ldrb strb', ldst('w', 1));
add_insn('ldrh strh', ldst('w', 2));
add_insn('ldrsb', ldst('x', 1), ldst('w', 1));
add_insn('ldrsh', ldst('x', 2), ldst('w', 2));
add_insn('ldrsw', ldst('x', 4), 'x,lab');
add_insn('ldur stur', gp('R,mo'), map { "f$_,mo" } qw(b h s d q));
add_insn('ldurb sturb ldurh sturh', 'w,mo');
add_insn('ldursb ldursh', gp('R,mo'));
add_insn('ldursw', 'x,mo');
add_insn('ldp stp', map { "$_,$_,mp$SIZE{substr $_, -1}" } qw(x w fs fd fq));
add_insn('ldnp stnp', map { "$_,$_,mpo$SIZE{substr $_, -1}" } qw(x w fs fd fq));
add_insn('ldpsw', 'x,x,mp4');
add_insn('prfm', 'opt,ms8', 'opt,mr8', 'opt,lab');
add_insn('ld1 st1', map { "l.$_.1-4,mv" } @ALL);
for my $n (1 .. 4) {
    my @lane = map { "le.$_.$n,mv" } qw(b h s d);
    add_insn("ld$n st$n", @lane);
    add_insn("ld${n}r", map { "l.$_.$n,mvr" } @ALL);
    add_insn("ld$n st$n", map { "l.$_.$n,mv" } @BHSD) if $n > 1;
}

# --- branches and system
add_insn('b bl', 'lab');
add_insn('b.cond', 'lab');
add_insn('cbz cbnz', gp('R,lab'));
add_insn('tbz tbnz', gp('R,#shR,lab'));
add_insn('br blr', 'x');
add_insn('ret', 'x?');
add_insn('nop', '');
# No raw `hint`: #25/#29 (paciasp/autiasp) and #34.. (bti) belong to the prologue.
add_insn('brk udf', '#0-65535');
add_insn('dmb dsb', 'opt', '#0-15');
add_insn('isb', 'opt?');

# --- Advanced SIMD and scalar moves
add_insn('fmov', 'fd,fd', 'fs,fs', 'fd,x', 'x,fd', 'fs,w', 'w,fs', 'fd,#fp', 'fs,#fp', 'ed,x', 'x,ed');
add_insn('movi', 'v8b,#0-255', 'v16b,#0-255', 'v4h,#0-255,lslh?', 'v8h,#0-255,lslh?', 'v2s,#0-255,msls?',
         'v4s,#0-255,msls?', 'v2d,#mask', 'fd,#mask');
add_insn('mvni', 'v4h,#0-255,lslh?', 'v8h,#0-255,lslh?', 'v2s,#0-255,msls?', 'v4s,#0-255,msls?');
add_insn('dup', (map { "v$_,e$ES{$_}" } @BHSD), (map { "v$_,w" } @BHS), 'v2d,x',
         'fb,eb', 'fh,eh', 'fs,es', 'fd,ed');
add_insn('ins', 'eb,eb', 'eh,eh', 'es,es', 'ed,ed', 'eb,w', 'eh,w', 'es,w', 'ed,x');
add_insn('umov', 'w,eb', 'w,eh', 'w,es', 'x,ed');
add_insn('smov', 'w,eb', 'w,eh', 'x,eb', 'x,eh', 'x,es');
add_insn('ext', 'v8b,v8b,v8b,#0-7', 'v16b,v16b,v16b,#0-15');
add_insn('tbl tbx', 'v8b,l.16b.1-4,v8b', 'v16b,l.16b.1-4,v16b');
add_insn('cmeq cmge cmgt cmhi cmhs cmtst sqadd uqadd sqsub uqsub sshl ushl srshl urshl addp',
         v3(@BHSD));
add_insn('cmeq cmge cmgt cmhi cmhs cmtst sqadd uqadd sqsub uqsub sshl ushl srshl urshl', 'fd,fd,fd');
add_insn('addp', 'fd,v2d');
add_insn('cmeq cmge cmgt cmle cmlt', vzero(@BHSD), 'fd,fd,#0-0');    # compare with zero
add_insn('mul mla mls uhadd shadd urhadd srhadd uhsub shsub umax umin smax smin umaxp uminp'
         . ' smaxp sminp uabd sabd uaba saba', v3(@BHS));
add_insn('sqdmulh sqrdmulh', v3(@HS), by_elem());
add_insn('mul mla mls', by_elem());
add_insn('pmul bsl bit bif', v3(@B));
add_insn('abs neg sqabs sqneg', v2(@BHSD));
add_insn('abs', 'fd,fd');
add_insn('cls clz', v2(@BHS));
add_insn('cnt not rbit rev16', v2(@B));
add_insn('rev32', v2(@BH));
add_insn('rev64', v2(@BHS));
add_insn('shl sli sqshl uqshl', vshl(@BHSD), 'fd,fd,#0-63');
add_insn('ushr sshr urshr srshr usra ssra ursra srsra sri', vshr(@BHSD), 'fd,fd,#1-64');
for my $two ('', '2') {
    add_insn(join(' ', map { "$_$two" } qw(umull smull umlal smlal umlsl smlsl uaddl saddl usubl ssubl
                                            uabdl sabdl uabal sabal)), long3($two));
    add_insn(join(' ', map { "$_$two" } qw(umull smull umlal smlal umlsl smlsl)), long_elem($two));
    add_insn("sqdmull$two", grep { !/v8h/ } long3($two));
    add_insn(join(' ', map { "$_$two" } qw(uaddw saddw usubw ssubw)), wide3($two));
    add_insn(join(' ', map { "$_$two" } qw(xtn sqxtn uqxtn sqxtun)), narrow($two));
    add_insn(join(' ', map { "$_$two" } qw(shrn rshrn sqshrn uqshrn sqrshrn uqrshrn sqshrun sqrshrun)),
             narrow($two, 1));
    add_insn(join(' ', map { "$_$two" } qw(addhn raddhn subhn rsubhn)),
             map { "v$_,v$WIDE{$_},v$WIDE{$_}" } $two ? @UPPER : @NARROW);
    add_insn(join(' ', map { "$_$two" } qw(ushll sshll)), longsh($two));
    add_insn(join(' ', map { "$_$two" } qw(uxtl sxtl)), longx($two));
}
add_insn('pmull', 'v8h,v8b,v8b', 'v1q,v1d,v1d');     # .1q: .ctasm_arch_ext aes (Arm/Ext.pm)
add_insn('pmull2', 'v8h,v16b,v16b', 'v1q,v2d,v2d');
add_insn('uaddlp saddlp uadalp sadalp', pairw());
add_insn('addv umaxv uminv smaxv sminv', grep { !/v2s/ } reduce());
add_insn('uaddlv saddlv', reduce_long());
add_insn('zip1 zip2 uzp1 uzp2 trn1 trn2', v3(@BHSD));
add_insn('aese aesd aesmc aesimc', 'v16b,v16b');

our %A64_INSNS = %T;

1;
