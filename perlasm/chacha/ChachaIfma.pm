# SPDX-License-Identifier: Apache-2.0
# ChachaIfma.pm -- the IFMA Poly1305 of chacha20_poly1305_x86_64.pl (issue 15
# part 2): the bulk Poly1305 of the chacha-avx512ifma tier (AVX-512 F+BW+VL
# and IFMA). That tier's AEADs are the AVX-512 tier's (same short paths, same
# zmm ChaCha20, same 2 KiB chunks; the script generates them again with $ifma
# set) with each chunk's Poly1305 done here instead of by the AVX2 radix-2^26
# code, and from 12 ciphertext blocks the short paths' too (4 lanes, below);
# its stream function is ctasm_chacha20_avx512 itself.
#
#   ctasm_chacha_poly1305_powers_ifma: rdi the Poly1305 state (B + 64); the
#     table of r^8..r^1 (below) from r, by the script's scalar multiply.
#   ctasm_chacha_poly1305_blocks_ifma: rdi the state, rsi data, rdx blocks
#     (each with the pad bit), the table made: 8 blocks a step while 8
#     remain, the last rdx mod 8 (and calls of fewer than 8) scalar.
# and the same in 4 lanes (ymm, AVX-512VL) for the short paths, where 8 would
# cost 7 serial scalar multiplies for the table (r^2..r^8) against 3:
#   inline in the pairs path (192-448 bytes: short_blocks, h and r in the
#     script's scalar registers, the table from powers4).
#
# Radix 2^44: x = x0 + 2^44 x1 + 2^88 x2 (x0, x1 < 2^44, x2 < 2^42 when
# carried). vpmadd52luq / vpmadd52huq add the low / high 52 bits of the 104-bit
# product of two lanes' low 52 bits, so every multiplicand must be < 2^52 and a
# column is kept as lo + 2^52 hi. With 2^132 = 4 * 2^130 == 20 (mod p):
#   d0 = h0 r0 + h1 s2 + h2 s1,  d1 = h0 r1 + h1 r0 + h2 s2,  d2 = h0 r2 + h1 r1 + h2 r0
# with s1 = 20 r1, s2 = 20 r2.
# Bounds. The powers come from the scalar multiply, h < 2^130 + 2^64 (its
# header), so r0, r1 < 2^44, r2 < 2^42 + 2^40, s1 < 2^49, s2 < 25 2^42 < 2^47:
# all < 2^52. At a
# step's start (carried) h0, h1 < 2^44 + 2^8, h2 < 2^42 (on entry, from 2^64
# limbs with h2 <= 4: h0, h1 < 2^44, h2 < 2^40 + 2^42); the message adds
# < 2^44, 2^44, 2^41 (the pad bit included): h0, h1 < 2^45, h2 < 2^43, all
# < 2^52. Products: d0 < 2^89 + 2^92 + 2^92 < 2^94, d1 < 2^89 + 2^89 + 2^90 <
# 2^91, d2 < 2^88 + 2^89 + 2^87 < 2^90, so each hi sum < 2^42 and each lo sum
# (three values < 2^52) < 2^54: no qword overflows. Carry: c0 = (lo0 >> 44) +
# (hi0 << 8) < 2^51; lo1 + c0 < 2^55, c1 = (.. >> 44) + (hi1 << 8) < 2^48;
# lo2 + c1 < 2^55, c2 = (.. >> 42) + (hi2 << 10) < 2^49; h0 = (lo0 & m44) +
# 5 c2 < 2^52, then h1 += h0 >> 44 (< 2^8), h0 &= m44: back to the start
# bounds, every step. The lanes' sum at the end is < n (2^44 + 2^8) per limb
# (n = 8 or 4 lanes; h2's < n 2^42), so h < 2^134: its top 2^64 limb < 2^6,
# folded as the scalar step folds (5 (h2 >> 2) into the low limbs, h2 & 3
# kept; leave) to h2 <= 4, h < 2^130 + 2^64: the scalar step's entry bound.
#
# Lanes (n = 8; 4 alike). Eight blocks at rsi are loaded as two zmm;
# vpunpck{l,h}qdq leaves qword lane q holding block (0, 4, 1, 5, 2, 6, 3, 7)[q]
# of the eight (4 lanes: (0, 2, 1, 3); lane q takes the blocks n g + that).
# Each step but the last multiplies every lane by r^n (lane 0's entry of the
# table, broadcast {1ton}); the last multiplies lane q by r^(n - its block), so
# the lanes' sum is Horner's h after all the blocks; h enters in lane 0 (block
# 0), added to the first step's block.
# Table ($T from its base, 5 rows of 8n bytes: r0, r1, r2, s1, s2; qword q of a
# row the limb of the power lane q needs). Secret; in the frame the AEAD wipes.
# Registers: zmm0-15 only, which the AEADs' vzeroall clears (zmm16-31 would need
# their own clearing).
#
# Measured in the script's header (Zen 4).

package ChachaIfma;
use strict;
use warnings;
use Perlasm qw($code emit label newlabel);

# The block of the $n (4 or 8) that qword lane q holds: two vmovdqu of $n / 2
# blocks each, then vpunpck{l,h}qdq pair 128-bit lane l of the first with
# lane l of the second: (0, 4, 1, 5, 2, 6, 3, 7) for 8, (0, 2, 1, 3) for 4.
sub block_of_lane {
    my ($n) = @_;
    return map { ($_ >> 1) + ($_ & 1) * $n / 2 } 0 .. $n - 1;
}

# h (three 2^64 limbs h0, h1, h2 as operands) -> radix 2^44 limbs in GPRs
# @l (3); $m a GPR holding 2^44 - 1; clobbers rax.
sub to44 {
    my ($h0, $h1, $h2, $m, @l) = @_;
    emit("movq $h0, $l[0]", "andq $m, $l[0]",
         "movq $h0, $l[1]", "shrq \$44, $l[1]", "movq $h1, %rax", "shlq \$20, %rax", "orq %rax, $l[1]",
         "andq $m, $l[1]",
         "movq $h1, $l[2]", "shrq \$24, $l[2]", "movq $h2, %rax", "shlq \$40, %rax", "orq %rax, $l[2]");
}

# The table of $n lanes at $T($base): rows of 8 $n bytes r0, r1, r2, s1, s2;
# r^k (h in r11-r13, as 2^64 limbs) into the lane of block $n - k. Clobbers
# rsi, r14, r15, rbx, rax.
sub store_power {
    my ($n, $k, $T, $base) = @_;
    my @bl = block_of_lane($n);
    my $q = (grep { $bl[$_] == $n - $k } 0 .. $n - 1)[0];
    my $at = sub { ($T + 8 * $n * $_[0] + 8 * $q) . "($base)" };
    emit("movabsq \$0xfffffffffff, %rsi");
    to44("%r11", "%r12", "%r13", "%rsi", "%r14", "%r15", "%rbx");
    emit("movq %r14, " . $at->(0), "movq %r15, " . $at->(1), "movq %rbx, " . $at->(2),
         # s = 20 x = 4 (x + 4 x)
         "leaq (%r15,%r15,4), %r15", "shlq \$2, %r15", "movq %r15, " . $at->(3),
         "leaq (%rbx,%rbx,4), %rbx", "shlq \$2, %rbx", "movq %rbx, " . $at->(4));
}

# r from the Poly1305 state at rdi into the scalar step's registers: r8 r0,
# r9 r1, r10 s1 = r1 + r1 / 4.
sub load_r {
    emit("movq 0(%rdi), %r8", "movq 8(%rdi), %r9", "movq %r9, %r10", "shrq \$2, %r10", "addq %r9, %r10");
}

# $poly_mul: the script's scalar h = h r (r8 r0, r9 r1, r10 s1, h r11-r13,
# clobbers r14 r15 rbx rbp rax rdx); $T: the table's offset from rdi.
sub gen_powers {
    my ($poly_mul, $T) = @_;
    emit(".ctasm_proc ctasm_chacha_poly1305_powers_ifma");
    load_r();
    emit("movq %r8, %r11", "movq %r9, %r12", "xorl %r13d, %r13d");
    for my $k (1 .. 8) {
        $poly_mul->() if $k > 1;    # h = r^k
        store_power(8, $k, $T, "%rdi");
    }
    emit(".ctasm_ret", ".ctasm_endproc");
}

# The short paths' table (4 lanes, r^4..r^1) at $T($base), inline: r in r8,
# r9, r10 (s1) as the scalar step has it; clobbers h (r11-r13) and what
# $poly_mul and store_power do.
sub powers4 {
    my ($poly_mul, $T, $base) = @_;
    emit("movq %r8, %r11", "movq %r9, %r12", "xorl %r13d, %r13d");
    for my $k (1 .. 4) {
        $poly_mul->() if $k > 1;
        store_power(4, $k, $T, $base);
    }
}

# The vector registers of a step of $n lanes (ymm for 4, zmm for 8).
sub regs {
    my ($n) = @_;
    my $v = $n == 8 ? "%zmm" : "%ymm";
    return {
        H => [map { "$v$_" } 0 .. 2],
        L => [map { "$v$_" } 3 .. 5],    # the columns' lo sums
        U => [map { "$v$_" } 6 .. 8],    # and hi sums
        m0 => "${v}9", m1 => "${v}10", t => "${v}11",
        m44 => "${v}12", m42 => "${v}13", pad => "${v}14",
    };
}

# h (GPRs @h, 2^64 limbs) into lane 0 of H, radix 2^44 (vmovq zeroes the other
# lanes), and the masks; clobbers rax, $m and the GPRs @$tmp (3).
sub enter {
    my ($n, $h, $m, $tmp) = @_;
    my $R = regs($n);
    emit("movabsq \$0xfffffffffff, $m");
    to44(@$h, $m, @$tmp);
    emit("vmovq $tmp->[$_], %xmm$_") for 0 .. 2;
    emit("vpbroadcastq $m, $R->{m44}", "shrq \$2, $m", "vpbroadcastq $m, $R->{m42}",
         "movabsq \$0x10000000000, %rax", "vpbroadcastq %rax, $R->{pad}");
}

# One step over $n blocks at rsi (advanced): H = (H + M) R, where R is every
# lane's own power ($bcst 0: the last step) or lane 0's r^$n broadcast.
sub step {
    my ($n, $T, $base, $bcst) = @_;
    my $R = regs($n);
    my (@H) = @{ $R->{H} };
    my (@L) = @{ $R->{L} };
    my (@U) = @{ $R->{U} };
    my ($m0, $m1, $t, $m44, $m42, $pad) = @$R{qw(m0 m1 t m44 m42 pad)};
    # row k of the table: every lane's own entry, or lane 0's broadcast
    my $row = sub { $bcst ? ($T + 8 * $n * $_[0]) . "($base){1to$n}" : ($T + 8 * $n * $_[0]) . "($base)" };
    my ($r0, $r1, $r2, $s1, $s2) = map { $row->($_) } 0 .. 4;
    my $mv = $n == 8 ? "vmovdqu64" : "vmovdqu";
    emit("$mv 0(%rsi), $m0", "$mv " . (8 * $n) . "(%rsi), $m1",
         "vpunpcklqdq $m1, $m0, $t",     # the blocks' low qwords
         "vpunpckhqdq $m1, $m0, $m1",    # high qwords
         "vpandq $m44, $t, $m0", "vpaddq $m0, $H[0], $H[0]",
         # t = (t >> 44 | m1 << 20) & m44: vpternlogq 0xa8 is (A | B) & C,
         # A the destination (AT&T: imm, C, B, A)
         "vpsrlq \$44, $t, $t", "vpsllq \$20, $m1, $m0", "vpternlogq \$0xa8, $m44, $m0, $t",
         "vpaddq $t, $H[1], $H[1]",
         "vpsrlq \$24, $m1, $m1", "vporq $pad, $m1, $m1", "vpaddq $m1, $H[2], $H[2]",
         "leaq " . (16 * $n) . "(%rsi), %rsi");
    emit("vpxorq $_, $_, $_") for @L, @U;
    # column i: the operands of h0, h1, h2
    my @col = ([$r0, $s2, $s1], [$r1, $r0, $s2], [$r2, $r1, $r0]);
    # h0's products in every column, then h1's, h2's: consecutive multiplies
    # are independent. (The limbs are ready h2 first, then h0, then h1; h2's
    # products first measured no different: the script's header.)
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
}

# The lanes' sum, back to 2^64 limbs in @h (3 GPRs) and partly reduced as the
# scalar step leaves h (h2 <= 4); clobbers rax, $t, and register 11.
sub leave {
    my ($n, $h, $t) = @_;
    for my $k (0 .. 2) {
        emit("vextracti64x4 \$1, %zmm$k, %ymm11", "vpaddq %ymm11, %ymm$k, %ymm$k") if $n == 8;
        emit("vextracti128 \$1, %ymm$k, %xmm11", "vpaddq %xmm11, %xmm$k, %xmm$k",
             "vpshufd \$0x4e, %xmm$k, %xmm11", "vpaddq %xmm11, %xmm$k, %xmm$k", "vmovq %xmm$k, $h->[$k]");
    }
    my ($a, $b, $c) = @$h;
    # a + 2^44 b + 2^88 c (8 lanes: a < 2^47, b < 2^48, c < 2^45; 4 lanes less)
    emit("movq $b, %rax", "shlq \$44, %rax", "shrq \$20, $b", "addq %rax, $a", "adcq \$0, $b",
         "movq $c, %rax", "shlq \$24, %rax", "shrq \$40, $c", "addq %rax, $b", "adcq \$0, $c",
         # h2 = 4 q + e -> 5 q into the low limbs, as the scalar step does
         "movq $c, %rax", "andq \$-4, %rax", "andq \$3, $c", "movq %rax, $t", "shrq \$2, $t",
         "addq $t, %rax", "addq %rax, $a", "adcq \$0, $b", "adcq \$0, $c");
}

# $scalar: the scalar blocks function (rdi, rsi, rdx as here) for the rest.
sub gen_blocks {
    my ($scalar, $T) = @_;
    my ($loop, $last, $rest) = (newlabel("ipoly"), newlabel("ipolylast"), newlabel("ipolyrest"));
    emit(".ctasm_proc ctasm_chacha_poly1305_blocks_ifma",
         "cmpq \$8, %rdx", "jb $rest");
    enter(8, ["16(%rdi)", "24(%rdi)", "32(%rdi)"], "%r11", ["%r8", "%r9", "%r10"]);
    emit("movq %rdx, %rcx", "shrq \$3, %rcx", "andl \$7, %edx");
    emit("decq %rcx", "jz $last");
    label($loop);
    step(8, $T, "%rdi", 1);
    emit("decq %rcx", "jnz $loop");
    label($last);
    step(8, $T, "%rdi", 0);
    leave(8, ["%r8", "%r9", "%r10"], "%r11");
    emit("movq %r8, 16(%rdi)", "movq %r9, 24(%rdi)", "movq %r10, 32(%rdi)");
    label($rest);
    emit("jmp $scalar", ".ctasm_endproc");
}

# The 4-lane MAC, inline: h in r11-r13 (2^64 limbs, as the scalar step leaves
# it), rsi data, $cnt whole blocks (4 or more), the table of powers4 at
# $T($base). Leaves h in r11-r13, rsi past the blocks it took, $cnt the rest
# ($cnt mod 4). $m, $loop_cnt: two more GPRs it clobbers, besides rax, r14,
# r15, rbx and ymm0-14 (vzeroall clears them); r (r8-r10) stays.
sub short_blocks {
    my ($T, $base, $cnt, $m, $loop_cnt) = @_;
    my ($loop, $last) = (newlabel("ipoly4"), newlabel("ipoly4last"));
    enter(4, ["%r11", "%r12", "%r13"], $m, ["%r14", "%r15", "%rbx"]);
    emit("movq $cnt, $loop_cnt", "shrq \$2, $loop_cnt", "andq \$3, $cnt");
    emit("decq $loop_cnt", "jz $last");
    label($loop);
    step(4, $T, $base, 1);
    emit("decq $loop_cnt", "jnz $loop");
    label($last);
    step(4, $T, $base, 0);
    leave(4, ["%r11", "%r12", "%r13"], "%r14");
}

1;
