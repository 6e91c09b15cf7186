#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# ghash-ssse3-x86_64.pl -- constant-time GHASH (GCM's universal hash) for
# x86_64 with SSSE3 and without carry-less multiply.
#
# ---------------------------------------------------------------------------
# Representation
#
# A block is kept in memory byte order: register lane k = byte k. GCM puts the
# coefficient of x^(8k+t) in bit 7-t of byte k, so multiplying by x^8 moves
# byte k to byte k+1: one pslldq. Bit shifts are only needed in the final
# reduction, where the value is byte-reversed once to make it a 128-bit
# integer (bit 127 = x^0) whose multiplication by x is a right shift.
#
# ---------------------------------------------------------------------------
# Algorithm: nibble tables read whole, selected by pshufb
#
# Write X = sum_k X_k x^(8k) with bytes X_k = u_k x^0..3 (high nibble) plus
# l_k x^4..7 (low nibble). With the 16-entry tables (v a nibble value)
#     U[v] = (v as the high nibble of byte 0) * H,   L[v] = (v as low nibble) * H
# X*H = sum_k (U[u_k] + L[l_k]) x^(8k). pshufb is sixteen parallel lookups in a
# 16-byte register, so the tables are stored transposed: row j of U holds byte j
# of U[0..15]. pshufb(U_j, u) with u = the high nibbles of X gives, in lane k,
# byte j of U[u_k], which belongs at byte k+j of the product. Summing by Horner
# over j,
#     A = 0;  for j = 15..0:  A = A x^8 + pshufb(U_j, u) + pshufb(L_j, l)
# gives the unreduced 256-bit product in A = (hi:lo): a step is one palignr
# and one pslldq (the 32-byte shift by one byte) and two lookups. Every lookup
# reads whole table rows at fixed offsets and every index lives in a register,
# so no address and no branch depends on H or the data.
#
# Reduction. The product has degree <= 127 + 120 = 247, so hi = h(x) has
# degree <= 119, and x^128 = x^7 + x^2 + x + 1 (mod P) gives
#     X*H = lo + h + h x + h x^2 + h x^7,
# whose degree is <= 126: one fold, no second one. On the byte-reversed h this
# is h ^ h>>1 ^ h>>2 ^ h>>7 as 128-bit shifts (per-qword psrlq, and the bits
# crossing the qword boundary by psllq 63/62/57 and one psrldq 8).
#
# Aggregation. Two blocks per reduction: Y' = (Y + B1) H^2 + B2 H. Both
# products are summed into the same Horner accumulator (a step is four
# lookups, one palignr, one pslldq), so the two blocks share the shifts and the
# reduction, and the two independent lookup streams hide pshufb latency. The
# 1024-byte key holds exactly the tables of H and H^2 (512 bytes each), which
# is why it is two and not four; a tail block runs alone with H.
#
# Why this and not the alternatives (cost per 16-byte block, estimated first,
# then the chosen one measured):
#  * the classic 4-bit table with one lookup per nibble (OpenSSL's
#    gcm_ghash_4bit): its addresses are the data, the leak this file removes;
#  * the same table read whole per nibble and selected with masks: 32 nibbles x
#    16 entries x 16 bytes of and/xor, thousands of instructions;
#  * integer multiplies with holes (as in BearSSL's ctmul64): about 100 64-bit
#    multiplies plus the masking, ~10 cycles/byte at one multiply per cycle;
#  * a bitsliced multiply: needs many independent products, so many stored
#    powers of H, and the key holds 1 KiB;
#  * this method: 32 pshufb per block plus the accumulator's byte shifts,
#    shared by the two blocks of a pair, and a reduction per pair: ~52 shuffle
#    uops per block. Zen 3 issues two shuffles per cycle, so the bound is about
#    1.6 cycles/byte; the dependency chain per pair (nibbles, 15 shift+xor
#    steps, reduction: ~45 cycles) stays under it.
# Variants considered and rejected (shuffle count per pair, same key size):
#  - Horner in x^16 steps with a pre-shifted index: the lane pushed out must
#    be looked up apart, which costs what the saved shifts save;
#  - keeping only the high-nibble tables (the low-nibble ones are them times
#    x^4), so that four powers fit the key: it needs a second accumulator chain
#    for the low nibbles, which cancels the gain of sharing shifts by four
#    blocks; four powers made per call would save ~15% of the shuffles for
#    long inputs at the price of a stack table to build and wipe.
#
# Measured (AMD EPYC Zen 3 VM, 2 vCPUs shared with other jobs; this thread's
# CPU time in reference cycles at 2.445 GHz; medians of 3; bench/ghash/
# ghash_speed.cc): 8 KiB 1.8-1.9 ref cycles/byte (~1300-1400 MB/s), 256 bytes
# 1.9, one block ~75 ref cycles; init ~900 ref cycles when it was C++ (now
# assembly, "Table construction" below: AES-128-GCM init went from 0.41x to
# 1.04x OpenSSL's with it and the key-setup changes of vpaes-x86_64.pl). OpenSSL
# 3.0's variable-time gcm_ghash_4bit at its SSSE3 tier (AES-GCM over AD only)
# 5.6-6.6 ref cycles/byte at 8 KiB, the portable constant-time C++ tier ~11.
# AES-128-GCM seal with this GHASH (bsaes+vpaes CTR) against OpenSSL at its
# SSSE3 tier: 1.76x at 8 KiB, 1.73x at 1350 bytes, 3.8x at 16 bytes.
#
# ---------------------------------------------------------------------------
# Key layout (1024 bytes, 16-aligned; written by ctasm_gcm_init_ssse3 below)
#   power p = 0 (H) at byte 0, p = 1 (H^2) at byte 512;
#   row j (0..15) of U at 512p + 32j, row j of L at 512p + 32j + 16:
#   byte v of row j = byte j of U[v] (resp. L[v]).
#
# Register plan (SysV names; on Win64 the translator saves the xmm6+ used)
#   %xmm0  accumulator lo / the hash value Y between blocks
#   %xmm1  accumulator hi
#   %xmm2, %xmm3  high / low nibbles of the block multiplied by H^2 (or H alone)
#   %xmm4, %xmm5  high / low nibbles of the block multiplied by H; for a
#                 single block, the second chain's accumulator (lo, hi)
#   %xmm6-%xmm9   table rows being selected, then reduction temporaries
#   the nibble mask and the byte-reversal mask are aligned memory operands,
#   so Win64 saves only xmm6-xmm9
#   %rdi x, %rsi key, %rdx in, %rcx blocks left
# No stack frame on SysV; on Win64 the frame holds only the caller's xmm6-xmm9.
# Nothing secret is ever spilled, so nothing needs wiping.

use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin, "$FindBin::RealBin/../lib";
use Perlasm qw($code emit label newlabel bytes16 finish);

Perlasm::open_output("x86_64", @ARGV);
Perlasm::set_label_prefix(".Lgh_");

my ($ACC_LO, $ACC_HI) = ("%xmm0", "%xmm1");
# Constants as aligned memory operands: a register for them would cost Win64
# two more xmm saves per call.
my ($MASK, $REV) = (".Lgh_nibble_mask(%rip)", ".Lgh_reverse(%rip)");
my @T = map { "%xmm$_" } 6 .. 9;
my ($R0, $R1, $R2) = @T[0 .. 2];    # the table rows are dead by the reduction
my $KEY = "%rsi";
use constant POWER_BYTES => 512;

# $x (memory order) -> high nibbles in $x, low nibbles in $lo.
sub nibbles {
    my ($x, $lo) = @_;
    emit("movdqa $x, $lo",
         "pand $MASK, $lo",
         "psrlw \$4, $x",
         "pand $MASK, $x");
}

# One Horner step j into the accumulator ($acc_lo, $acc_hi): the lookups of
# row j for every source [high-nibble reg, low-nibble reg, p], summed off the
# accumulator's dependency chain, then A = A x^8 + sum ($first: A = sum).
sub horner_step {
    my ($j, $srcs, $acc_lo, $acc_hi, $temps, $first) = @_;
    my @sel;
    my $t = 0;
    for my $s (@$srcs) {
        my ($hi, $lo, $p) = @$s;
        my $row = POWER_BYTES * $p + 32 * $j;
        emit("movdqa $row($KEY), $temps->[$t]", "pshufb $hi, $temps->[$t]");
        push @sel, $temps->[$t++];
        emit("movdqa " . ($row + 16) . "($KEY), $temps->[$t]", "pshufb $lo, $temps->[$t]");
        push @sel, $temps->[$t++];
    }
    while (@sel > 1) {
        my ($a, $b) = splice(@sel, 0, 2);
        emit("pxor $b, $a");
        push @sel, $a;
    }
    if ($first) {
        emit("movdqa $sel[0], $acc_lo", "pxor $acc_hi, $acc_hi");
    } else {
        emit("palignr \$15, $acc_lo, $acc_hi", "pslldq \$1, $acc_lo", "pxor $sel[0], $acc_lo");
    }
}

# (hi:lo) = sum over @$srcs of block * H^(p+1), unreduced; at most two
# sources (four table temporaries). Used by the pair loop, throughput-bound.
sub horner {
    my ($srcs) = @_;
    die "horner: at most two sources" if @$srcs > 2;
    horner_step($_, $srcs, $ACC_LO, $ACC_HI, \@T, $_ == 15) for reverse 0 .. 15;
}

# The same for one block, latency-bound (gmult, the odd tail block): rows
# 15..8 and 7..0 in two independent chains, A = A1 x^64 + A0, which halves the
# chain of shift+xor steps for two more shuffles. Uses %xmm4/%xmm5 as A0.
sub horner_one {
    my ($src) = @_;
    my ($lo0, $hi0) = ("%xmm4", "%xmm5");
    for my $i (0 .. 7) {
        horner_step(15 - $i, [$src], $ACC_LO, $ACC_HI, [@T[0, 1]], $i == 0);
        horner_step(7 - $i, [$src], $lo0, $hi0, [@T[2, 3]], $i == 0);
    }
    emit("palignr \$8, $ACC_LO, $ACC_HI", "pslldq \$8, $ACC_LO",
         "pxor $lo0, $ACC_LO", "pxor $hi0, $ACC_HI");
}

# $ACC_LO = (hi:lo) mod P (see "Reduction").
sub reduce {
    emit("pshufb $REV, $ACC_HI",
         # in-qword parts of h>>1 ^ h>>2 ^ h>>7
         "movdqa $ACC_HI, $R0", "psrlq \$1, $R0",
         "movdqa $ACC_HI, $R1", "psrlq \$2, $R1", "pxor $R1, $R0",
         "movdqa $ACC_HI, $R1", "psrlq \$7, $R1", "pxor $R1, $R0",
         # the bits the high qword passes to the low one
         "movdqa $ACC_HI, $R1", "psllq \$63, $R1",
         "movdqa $ACC_HI, $R2", "psllq \$62, $R2", "pxor $R2, $R1",
         "movdqa $ACC_HI, $R2", "psllq \$57, $R2", "pxor $R2, $R1",
         "psrldq \$8, $R1",
         "pxor $R0, $ACC_HI", "pxor $R1, $ACC_HI",
         "pshufb $REV, $ACC_HI",
         "pxor $ACC_HI, $ACC_LO");
}

emit(".ctasm_text");

# ---------------------------------------------------------------------------
# void ctasm_gcm_gmult_ssse3(uint8_t x[16], const void *key): x = x * H
emit(".ctasm_proc ctasm_gcm_gmult_ssse3, global, args=2");
emit("movdqu (%rdi), %xmm2");
nibbles("%xmm2", "%xmm3");
horner_one(["%xmm2", "%xmm3", 0]);
reduce();
emit("movdqu $ACC_LO, (%rdi)", ".ctasm_ret", ".ctasm_endproc");

# ---------------------------------------------------------------------------
# void ctasm_gcm_ghash_ssse3(uint8_t x[16], const void *key, const uint8_t *in,
#                            size_t len): for each block B, x = (x + B) * H
{
    my ($loop, $tail, $done, $ret) =
        (newlabel("pair"), newlabel("tail"), newlabel("done"), newlabel("ret"));
    emit(".ctasm_proc ctasm_gcm_ghash_ssse3, global, args=4");
    emit("shr \$4, %rcx",
         "jz $ret");    # len 0: x is not even read
        emit("movdqu (%rdi), $ACC_LO",
         "cmp \$2, %rcx",
         "jb $tail");
    label($loop);
    emit("movdqu (%rdx), %xmm2",
         "pxor $ACC_LO, %xmm2",
         "movdqu 16(%rdx), %xmm4");
    nibbles("%xmm2", "%xmm3");
    nibbles("%xmm4", "%xmm5");
    horner([["%xmm2", "%xmm3", 1], ["%xmm4", "%xmm5", 0]]);
    reduce();
    emit("add \$32, %rdx",
         "sub \$2, %rcx",
         "cmp \$2, %rcx",
         "jae $loop");
    label($tail);
    emit("test %rcx, %rcx",
         "jz $done",
         "movdqu (%rdx), %xmm2",
         "pxor $ACC_LO, %xmm2");
    nibbles("%xmm2", "%xmm3");
    horner_one(["%xmm2", "%xmm3", 0]);
    reduce();
    label($done);
    emit("movdqu $ACC_LO, (%rdi)");
    label($ret);
    emit(".ctasm_ret", ".ctasm_endproc");
}

# ---------------------------------------------------------------------------
# Table construction (see "Key layout"). Row j of U at v is byte j of
#     U[v] = sum_t bit (3-t) of v * Y_t,   Y_t = y x^t (t = 0..3)
# (L likewise with Y_4..Y_7 and the low nibble). Split v into its two bit
# pairs: U_j[v] = P_j[v & 3] ^ Q_j[v >> 2] with P_j = (0, Y3, Y2, Y2+Y3) and
# Q_j = (0, Y1, Y0, Y0+Y1) at row j. So the six vectors Y0..Y3, Z01 = Y0+Y1,
# Z23 = Y2+Y3 are transposed (three unpack stages: row j gets the eight bytes
# Y0 Y1 Y2 Y3 Z01 Z23 Z01 Z23 of byte j, two rows per register), and each row
# is two pshufb of that register (index 0x80 gives the zero entries) and a
# pxor. y only meets shifts, XORs, unpacks and fixed shuffles: no secret
# index, no branch; the transposition replaces 256 table entries by 64 row
# stores.

# $v (a field element as a 128-bit integer: bit 127 = x^0) = $v * x, the
# reduction by P folded in with a mask (no branch). Uses $t, $m.
sub times_x {
    my ($v, $t, $m) = @_;
    emit("movdqa $v, $t", "psllq \$63, $t",      # the bit each qword shifts out, at bit 63
         "movdqa $t, $m", "psrldq \$8, $t",      # high qword's bit 0 -> low qword's bit 63
         "pslldq \$8, $m", "psrad \$31, $m",     # x^127's bit -> all ones in the top dword
         "pand .Lgh_poly(%rip), $m",             # R = 0xe1 || 0^120 where it was set
         "psrlq \$1, $v", "por $t, $v", "pxor $m, $v");
}

# The 256 bytes of U (or L, $half = 16) rows for power $p from Y_t in @$y
# (memory order, t = 0..3); clobbers @$y and @$tmp (eleven registers).
sub table_rows {
    my ($p, $half, $y, $tmp) = @_;
    my ($a0, $a1, $a2, $a3) = @$y;
    my ($z01, $z23, $s0, $s1, $s2, $s3, $s4, $s5, $s6, $ta, $tb) = @$tmp;
    emit("movdqa $a0, $z01", "pxor $a1, $z01",
         "movdqa $a2, $z23", "pxor $a3, $z23",
         # byte pairs: (Y0,Y1), (Y2,Y3), (Z01,Z23) of bytes 0..7 and 8..15
         "movdqa $a0, $s0", "punpckhbw $a1, $s0", "punpcklbw $a1, $a0",
         "movdqa $a2, $s1", "punpckhbw $a3, $s1", "punpcklbw $a3, $a2",
         "movdqa $z01, $s2", "punpckhbw $z23, $s2", "punpcklbw $z23, $z01",
         # dwords (Y0 Y1 Y2 Y3) of rows 0-3, 4-7, 8-11, 12-15; (Z01 Z23 Z01 Z23)
         "movdqa $a0, $a1", "punpcklwd $a2, $a1", "punpckhwd $a2, $a0",
         "movdqa $s0, $a2", "punpcklwd $s1, $a2", "punpckhwd $s1, $s0",
         "movdqa $z01, $a3", "punpcklwd $a3, $a3", "punpckhwd $z01, $z01",
         "movdqa $s2, $z23", "punpcklwd $z23, $z23", "punpckhwd $s2, $s2",
         # qwords: rows (0,1) (2,3) ... (14,15)
         "movdqa $a1, $s1", "punpckldq $a3, $s1", "punpckhdq $a3, $a1",
         "movdqa $a0, $s3", "punpckldq $z01, $s3", "punpckhdq $z01, $a0",
         "movdqa $a2, $s4", "punpckldq $z23, $s4", "punpckhdq $z23, $a2",
         "movdqa $s0, $s5", "punpckldq $s2, $s5", "punpckhdq $s2, $s0");
    my @pairs = ($s1, $a1, $s3, $a0, $s4, $a2, $s5, $s0);
    for my $j (0 .. 15) {
        my ($r, $o) = ($pairs[$j >> 1], $j & 1);
        emit("movdqa $r, $ta", "pshufb .Lgh_idx_p$o(%rip), $ta",
             "movdqa $r, $tb", "pshufb .Lgh_idx_q$o(%rip), $tb",
             "pxor $tb, $ta",
             "movdqa $ta, " . (POWER_BYTES * $p + 32 * $j + $half) . "($KEY)");
    }
}

# The tables of power $p of H from y (memory order) in $y; clobbers every xmm.
sub power_tables {
    my ($p, $y) = @_;
    my ($v, $t, $m) = ("%xmm1", "%xmm2", "%xmm3");
    my @y = map { "%xmm$_" } 4 .. 7;
    my @tmp = map { "%xmm$_" } 0, 8 .. 15, 2, 3;
    emit("movdqa $y, $y[0]", "movdqa $y, $v", "pshufb $REV, $v");
    for my $half (0, 16) {
        if ($half) {
            emit("movdqa $v, $y[0]", "pshufb $REV, $y[0]");
        }
        for my $i (1 .. 3) {
            times_x($v, $t, $m);
            emit("movdqa $v, $y[$i]", "pshufb $REV, $y[$i]");
        }
        times_x($v, $t, $m);                    # y x^4 for the low nibble's tables
        table_rows($p, $half, \@y, [grep { $_ ne $v } @tmp]);
    }
}

# ---------------------------------------------------------------------------
# void ctasm_gcm_init_ssse3(void *key, const uint8_t h[16]): the key of H
# (the tables of H and H^2), into a zeroed GhashKey.
{
    emit(".ctasm_proc ctasm_gcm_init_ssse3, global, args=2");
    emit("movq %rsi, %rax",          # h (read twice)
         "movq %rdi, $KEY",
         "movdqu (%rax), %xmm0");
    power_tables(0, "%xmm0");
    # H^2 = H * H with the tables of H just written
    emit("movdqu (%rax), %xmm2");
    nibbles("%xmm2", "%xmm3");
    horner_one(["%xmm2", "%xmm3", 0]);
    reduce();
    power_tables(1, $ACC_LO);
    # H and its powers leave no copy in the vector registers
    emit("pxor %xmm$_, %xmm$_") for 0 .. 15;
    emit(".ctasm_ret", ".ctasm_endproc");
}

emit(".ctasm_rodata", ".ctasm_align 16");
bytes16(".Lgh_poly", [(0) x 15, 0xe1], "x^128 mod P, reflected: 0xe1 || 0^120 as a 128-bit integer");
# Row selection (table_rows): lane v takes P[v & 3] (resp. Q[v >> 2]) from
# the row at byte offset 8o of the register; entry 0 is zero (index 0x80).
for my $o (0, 1) {
    my %p = (1 => 3, 2 => 2, 3 => 5);    # Y3, Y2, Z23
    my %q = (1 => 1, 2 => 0, 3 => 4);    # Y1, Y0, Z01
    bytes16(".Lgh_idx_p$o", [map { ($_ & 3) ? 8 * $o + $p{$_ & 3} : 0x80 } 0 .. 15],
            $o ? "" : "P_j[v & 3] and Q_j[v >> 2] of row 2i + o");
    bytes16(".Lgh_idx_q$o", [map { ($_ >> 2) ? 8 * $o + $q{$_ >> 2} : 0x80 } 0 .. 15]);
}
bytes16(".Lgh_nibble_mask", [(0x0f) x 16], "0x0f in every byte");
bytes16(".Lgh_reverse", [reverse 0 .. 15], "pshufb: reverse the byte order");

finish();
