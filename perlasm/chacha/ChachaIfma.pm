# SPDX-License-Identifier: Apache-2.0
# ChachaIfma.pm -- the IFMA Poly1305 of chacha20_poly1305_x86_64.pl (issue 15
# part 2): the bulk Poly1305 of the chacha-avx512ifma tier (AVX-512 F+BW+VL
# and IFMA). That tier's AEADs are the AVX-512 tier's (same short paths, same
# zmm ChaCha20, same 2 KiB chunks; the script generates them again with two
# names changed) with each chunk's Poly1305 done here instead of by the AVX2
# radix-2^26 code; its stream function is ctasm_chacha20_avx512 itself.
#
#   ctasm_chacha_poly1305_powers_ifma: rdi the Poly1305 state (B + 64); the
#     table of r^8..r^1 (below) from r, by the script's scalar multiply.
#   ctasm_chacha_poly1305_blocks_ifma: rdi the state, rsi data, rdx blocks
#     (each with the pad bit), the table made: 8 blocks a step while 8
#     remain, the last rdx mod 8 (and calls of fewer than 8) scalar.
#
# Radix 2^44: x = x0 + 2^44 x1 + 2^88 x2 (x0, x1 < 2^44, x2 < 2^42 when
# carried). vpmadd52luq / vpmadd52huq add the low / high 52 bits of the 104-bit
# product of two lanes' low 52 bits, so every multiplicand must be < 2^52 and a
# column is kept as lo + 2^52 hi. With 2^132 = 4 * 2^130 == 20 (mod p):
#   d0 = h0 r0 + h1 s2 + h2 s1,  d1 = h0 r1 + h1 r0 + h2 s2,  d2 = h0 r2 + h1 r1 + h2 r0
# with s1 = 20 r1, s2 = 20 r2.
# Bounds. The powers come from the scalar multiply, h < 2^130 + 2^64 (its
# header), so r0, r1 < 2^44, r2 <= 2^42, s1 < 2^49, s2 < 2^47: all < 2^52. At a
# step's start (carried) h0, h1 < 2^44 + 2^8, h2 < 2^42 (on entry, from 2^64
# limbs with h2 <= 4: h0, h1 < 2^44, h2 < 2^40 + 2^42); the message adds
# < 2^44, 2^44, 2^41 (the pad bit included): h0, h1 < 2^45, h2 < 2^43, all
# < 2^52. Products: d0 < 2^89 + 2^92 + 2^92 < 2^94, d1 < 2^89 + 2^89 + 2^90 <
# 2^91, d2 < 2^87 + 2^89 + 2^87 < 2^90, so each hi sum < 2^42 and each lo sum
# (three values < 2^52) < 2^54: no qword overflows. Carry: c0 = (lo0 >> 44) +
# (hi0 << 8) < 2^51; lo1 + c0 < 2^55, c1 = (.. >> 44) + (hi1 << 8) < 2^48;
# lo2 + c1 < 2^55, c2 = (.. >> 42) + (hi2 << 10) < 2^49; h0 = (lo0 & m44) +
# 5 c2 < 2^52, then h1 += h0 >> 44 (< 2^8), h0 &= m44: back to the start
# bounds, every step. The lanes' sum at the end is < 8 (2^44 + 2^8) per limb.
#
# Lanes. Eight blocks at rsi are loaded as two zmm; vpunpck{l,h}qdq leaves
# qword lane q holding block (0, 4, 1, 5, 2, 6, 3, 7)[q] of the eight (lane q
# takes the blocks 8g + that). Each step but the last multiplies every lane by
# r^8 (lane 0's entry of the table, broadcast {1to8}); the last multiplies lane
# q by r^(8 - its block), so the lanes' sum is Horner's h after all the blocks;
# h enters in lane 0 (block 0), added to the first step's block.
# Table (rdi + $T, 5 rows of 64 bytes: r0, r1, r2, s1, s2; qword q of a row the
# limb of the power lane q needs). Secret; in the frame the AEAD wipes.
# Registers: zmm0-15 only, which the AEADs' vzeroall clears (zmm16-31 would need
# their own clearing).
#
# Measured in the script's header (Zen 4).

package ChachaIfma;
use strict;
use warnings;
use Perlasm qw($code emit label newlabel);

my @BLOCK_OF_LANE = (0, 4, 1, 5, 2, 6, 3, 7);

# h (three 2^64 limbs h0, h1, h2 as operands) -> radix 2^44 limbs in GPRs
# @l (3); $m a GPR holding 2^44 - 1; clobbers rax.
sub to44 {
    my ($h0, $h1, $h2, $m, @l) = @_;
    emit("movq $h0, $l[0]", "andq $m, $l[0]",
         "movq $h0, $l[1]", "shrq \$44, $l[1]", "movq $h1, %rax", "shlq \$20, %rax", "orq %rax, $l[1]",
         "andq $m, $l[1]",
         "movq $h1, $l[2]", "shrq \$24, $l[2]", "movq $h2, %rax", "shlq \$40, %rax", "orq %rax, $l[2]");
}

# $poly_mul: the script's scalar h = h r (r8 r0, r9 r1, r10 s1, h r11-r13,
# clobbers r14 r15 rbx rbp rax rdx); $T: the table's offset from rdi.
sub gen_powers {
    my ($poly_mul, $T) = @_;
    emit(".ctasm_proc ctasm_chacha_poly1305_powers_ifma",
         "movq 0(%rdi), %r8", "movq 8(%rdi), %r9", "movq %r9, %r10", "shrq \$2, %r10", "addq %r9, %r10",
         "movq %r8, %r11", "movq %r9, %r12", "xorl %r13d, %r13d");
    for my $k (1 .. 8) {
        $poly_mul->() if $k > 1;    # h = r^k
        my $q = (grep { $BLOCK_OF_LANE[$_] == 8 - $k } 0 .. 7)[0];
        emit("movabsq \$0xfffffffffff, %rsi");
        to44("%r11", "%r12", "%r13", "%rsi", "%r14", "%r15", "%rbx");
        emit("movq %r14, " . ($T + 8 * $q) . "(%rdi)", "movq %r15, " . ($T + 64 + 8 * $q) . "(%rdi)",
             "movq %rbx, " . ($T + 128 + 8 * $q) . "(%rdi)",
             # s = 20 x = 4 (x + 4 x)
             "leaq (%r15,%r15,4), %r15", "shlq \$2, %r15", "movq %r15, " . ($T + 192 + 8 * $q) . "(%rdi)",
             "leaq (%rbx,%rbx,4), %rbx", "shlq \$2, %rbx", "movq %rbx, " . ($T + 256 + 8 * $q) . "(%rdi)");
    }
    emit(".ctasm_ret", ".ctasm_endproc");
}

# $scalar: the scalar blocks function (rdi, rsi, rdx as here) for the rest.
sub gen_blocks {
    my ($scalar, $T) = @_;
    my @H = map { "%zmm$_" } 0 .. 2;
    my @L = map { "%zmm$_" } 3 .. 5;     # the columns' lo sums
    my @U = map { "%zmm$_" } 6 .. 8;     # and hi sums
    my ($m0, $m1, $t) = map { "%zmm$_" } 9 .. 11;
    my ($m44, $m42, $pad) = map { "%zmm$_" } 12 .. 14;
    my ($loop, $last, $rest) = (newlabel("ipoly"), newlabel("ipolylast"), newlabel("ipolyrest"));
    emit(".ctasm_proc ctasm_chacha_poly1305_blocks_ifma",
         "cmpq \$8, %rdx", "jb $rest",
         "movabsq \$0xfffffffffff, %r11");
    to44("16(%rdi)", "24(%rdi)", "32(%rdi)", "%r11", "%r8", "%r9", "%r10");
    # h into lane 0 (vmovq zeroes the rest of each zmm)
    emit("vmovq %r" . (8 + $_) . ", %xmm$_") for 0 .. 2;
    emit("vpbroadcastq %r11, $m44", "shrq \$2, %r11", "vpbroadcastq %r11, $m42",
         "movabsq \$0x10000000000, %rax", "vpbroadcastq %rax, $pad",
         "movq %rdx, %rcx", "shrq \$3, %rcx", "andl \$7, %edx");
    my $step = sub {
        my ($bcst) = @_;
        # row k of the table: every lane's own entry, or lane 0's broadcast
        my $R = sub { $bcst ? ($T + 64 * $_[0]) . "(%rdi){1to8}" : ($T + 64 * $_[0]) . "(%rdi)" };
        my ($r0, $r1, $r2, $s1, $s2) = map { $R->($_) } 0 .. 4;
        emit("vmovdqu64 0(%rsi), $m0", "vmovdqu64 64(%rsi), $m1",
             "vpunpcklqdq $m1, $m0, $t",     # the blocks' low qwords
             "vpunpckhqdq $m1, $m0, $m1",    # high qwords
             "vpandq $m44, $t, $m0", "vpaddq $m0, $H[0], $H[0]",
             # t = (t >> 44 | m1 << 20) & m44: vpternlogq 0xa8 is (A | B) & C,
             # A the destination (AT&T: imm, C, B, A)
             "vpsrlq \$44, $t, $t", "vpsllq \$20, $m1, $m0", "vpternlogq \$0xa8, $m44, $m0, $t",
             "vpaddq $t, $H[1], $H[1]",
             "vpsrlq \$24, $m1, $m1", "vporq $pad, $m1, $m1", "vpaddq $m1, $H[2], $H[2]",
             "leaq 128(%rsi), %rsi");
        emit("vpxorq $_, $_, $_") for @L, @U;
        # column i: the operands of h0, h1, h2
        my @col = ([$r0, $s2, $s1], [$r1, $r0, $s2], [$r2, $r1, $r0]);
        # h0's products first in every column, then h1's, h2's: consecutive
        # multiplies are independent, and h1, h2 are ready later than h0
        for my $j (0 .. 2) {
            for my $i (0 .. 2) {
                emit("vpmadd52luq $col[$i][$j], $H[$j], $L[$i]", "vpmadd52huq $col[$i][$j], $H[$j], $U[$i]");
            }
        }
        # carries (the bounds of the header)
        emit("vpsrlq \$44, $L[0], $t", "vpsllq \$8, $U[0], $m0", "vpaddq $m0, $t, $t", "vpandq $m44, $L[0], $H[0]",
             "vpaddq $t, $L[1], $L[1]",
             "vpsrlq \$44, $L[1], $t", "vpsllq \$8, $U[1], $m0", "vpaddq $m0, $t, $t", "vpandq $m44, $L[1], $H[1]",
             "vpaddq $t, $L[2], $L[2]",
             "vpsrlq \$42, $L[2], $t", "vpsllq \$10, $U[2], $m0", "vpaddq $m0, $t, $t", "vpandq $m42, $L[2], $H[2]",
             "vpsllq \$2, $t, $m0", "vpaddq $m0, $t, $t", "vpaddq $t, $H[0], $H[0]",    # + 5 c2
             "vpsrlq \$44, $H[0], $t", "vpandq $m44, $H[0], $H[0]", "vpaddq $t, $H[1], $H[1]");
    };
    emit("decq %rcx", "jz $last");
    label($loop);
    $step->(1);
    emit("decq %rcx", "jnz $loop");
    label($last);
    $step->(0);
    # sum each limb's lanes into r8, r9, r10
    for my $k (0 .. 2) {
        emit("vextracti64x4 \$1, $H[$k], %ymm11", "vpaddq %ymm11, %ymm$k, %ymm$k",
             "vextracti128 \$1, %ymm$k, %xmm11", "vpaddq %xmm11, %xmm$k, %xmm$k",
             "vpshufd \$0x4e, %xmm$k, %xmm11", "vpaddq %xmm11, %xmm$k, %xmm$k", "vmovq %xmm$k, %r" . (8 + $k));
    }
    # back to 2^64 limbs: a + 2^44 b + 2^88 c (8 lanes: a < 2^47, b < 2^48, c < 2^45)
    emit("movq %r9, %rax", "shlq \$44, %rax", "shrq \$20, %r9", "addq %rax, %r8", "adcq \$0, %r9",
         "movq %r10, %rax", "shlq \$24, %rax", "shrq \$40, %r10", "addq %rax, %r9", "adcq \$0, %r10",
         # h2 = 4 q + e -> 5 q into the low limbs, as the scalar step does
         "movq %r10, %rax", "andq \$-4, %rax", "andq \$3, %r10", "movq %rax, %r11", "shrq \$2, %r11",
         "addq %r11, %rax", "addq %rax, %r8", "adcq \$0, %r9", "adcq \$0, %r10",
         "movq %r8, 16(%rdi)", "movq %r9, 24(%rdi)", "movq %r10, 32(%rdi)");
    label($rest);
    emit("jmp $scalar", ".ctasm_endproc");
}

1;
