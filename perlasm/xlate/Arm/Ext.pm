# SPDX-License-Identifier: Apache-2.0
# ISA extensions for arm-xlate.pl: `.ctasm_arch_ext NAME` and the
# instructions each extension makes available.
#
# The one extension so far is `aes`: AArch64 aese/aesd/aesmc/aesimc and the
# 64x64-bit pmull/pmull2 (.1q); AArch32 aese.8/aesd.8/aesmc.8/aesimc.8 and
# vmull.p64.  Its spelling differs per assembler (all checked with the
# toolchains of docs/PERLASM.md):
#   linux64, ios64, win64  `.arch_extension aes` once, where the directive
#                          stands.  (`.arch_extension crypto` does not enable
#                          the instructions for clang's aarch64-linux and
#                          aarch64-windows targets.)
#   linux32                each run of the instructions is bracketed by
#                          `.arch armv8-a` + `.fpu crypto-neon-fp-armv8` and
#                          `.arch armv7-a` + `.fpu neon`, so no other ARMv8
#                          instruction is accepted by accident and the object's
#                          build attributes stay ARMv7/NEONv1 (GNU as and clang).
#   ios32                  clang 14 has no directive for it on Mach-O (`.arch`
#                          and `.fpu` are unknown there, `.arch_extension
#                          crypto` wants an ARMv8 base), so the translator
#                          encodes the instructions as `.inst` words itself.
# Without the directive every one of these instructions is refused, on every
# flavour: clang's arm64-apple default CPU would accept them where linux64 does
# not.
package Arm::Ext;
use strict;
use warnings;
use Exporter 'import';
use Arm::Common;
our @EXPORT = qw(arch_ext ext_insn ext_close is_ext_op);

my %KNOWN = (aes => 1);
my %ON;
my $a32_open = 0;    # linux32: inside an .arch armv8-a bracket

# A new flavour of the input (arm-xlate.pl): no extension on, no bracket open.
sub start_flavour { %ON = (); $a32_open = 0; }

# `.ctasm_arch_ext NAME`: the lines to print where it stands.
sub arch_ext {
    my ($name) = @_;
    fail(".ctasm_arch_ext wants one extension name (known: " . join(' ', sort keys %KNOWN) . ")")
        unless defined $name && $KNOWN{$name};
    fail(".ctasm_arch_ext $name given twice") if $ON{$name};
    $ON{$name} = 1;
    return @{ $F->{ext}{$name} };
}

# Extension instructions the translator knows but cannot enable: refused on
# every flavour (some assembler's default CPU would take them).
my $A64_OTHER = qr/^(?:sha1[chmp]|sha1su[01]|sha256h2?|sha256su[01]|sha512h2?|sha512su[01]|eor3|rax1|xar|bcax|sm3\w+|sm4e|sm4ekey)$/;
my $A32_OTHER = qr/^(?:sha1[chmp]|sha1su[01]|sha256h2?|sha256su[01])(?:\.32)?$/;

my %A32_AES = ('aese.8' => 0xf3b00300, 'aesd.8' => 0xf3b00340,
               'aesmc.8' => 0xf3b00380, 'aesimc.8' => 0xf3b003c0);

# D register number of an operand ('q' registers are pairs of d registers).
sub a32_dnum {
    my ($tok, $kind) = @_;
    my $r = lc($tok // '');
    return 2 * $1 if $kind eq 'q' && $r =~ /^q(\d+)$/ && $1 < 16;
    return $1 if $kind eq 'd' && $r =~ /^d(\d+)$/ && $1 < 32;
    fail("operand '" . ($tok // '') . "' should be a $kind register");
}
# Field positions of the Advanced SIMD encodings: Vd/D, Vn/N, Vm/M.
sub vd { return (($_[0] & 15) << 12) | ((($_[0] >> 4) & 1) << 22); }
sub vn { return (($_[0] & 15) << 16) | ((($_[0] >> 4) & 1) << 7); }
sub vm { return ($_[0] & 15) | ((($_[0] >> 4) & 1) << 5); }

sub a32_encode {
    my ($op, $rest) = @_;
    my @o = map { s/^\s+|\s+$//gr } split /,/, $rest;
    if (exists $A32_AES{$op}) {
        fail("$op wants qD, qM") unless @o == 2;
        return $A32_AES{$op} | vd(a32_dnum($o[0], 'q')) | vm(a32_dnum($o[1], 'q'));
    }
    fail("$op wants qD, dN, dM") unless @o == 3;
    return 0xf2a00e00 | vd(a32_dnum($o[0], 'q')) | vn(a32_dnum($o[1], 'd')) | vm(a32_dnum($o[2], 'd'));
}

# An instruction statement: () if it belongs to no extension (print it as
# usual), else the lines that stand for it.
sub ext_insn {
    my ($op, $rest, $text) = @_;
    my $lop = lc $op;
    my $ext;
    if ($A64) {
        fail("$op: this extension is not supported by .ctasm_arch_ext (known: aes)") if $lop =~ $A64_OTHER;
        $ext = 'aes' if $lop =~ /^(?:aese|aesd|aesmc|aesimc)$/
            || ($lop =~ /^pmull2?$/ && $rest =~ /\.1q\b/i);
    } else {
        fail("$op: this extension is not supported by .ctasm_arch_ext (known: aes)") if $lop =~ $A32_OTHER;
        fail("$op: crypto instructions take no condition") if $lop =~ /^(?:aes(?:e|d|mc|imc)\w+\.8|vmull\w+\.p64)$/;
        $ext = 'aes' if exists $A32_AES{$lop} || $lop eq 'vmull.p64';
    }
    return () unless $ext;
    fail("$op needs .ctasm_arch_ext $ext before it") unless $ON{$ext};
    return ($text) if $A64;
    if ($F->{a32_crypto} eq 'inst') {
        return (sprintf(".inst 0x%08x // %s", a32_encode($lop, $rest), $text =~ s/\s+/ /r));
    }
    a32_encode($lop, $rest);    # the same operand checks on every flavour
    my @o;
    push @o, '.arch armv8-a', '.fpu crypto-neon-fp-armv8' unless $a32_open;
    $a32_open = 1;
    return (@o, $text);
}

# Does this statement belong to an extension (keeps a linux32 bracket open)?
sub is_ext_op {
    my ($op) = @_;
    my $lop = lc $op;
    return $A64 ? 0 : (exists $A32_AES{$lop} || $lop eq 'vmull.p64');
}

# Lines that end an open linux32 bracket (before any other statement).
sub ext_close {
    return () unless $a32_open;
    $a32_open = 0;
    return ('.arch armv7-a', '.fpu neon');
}

1;
