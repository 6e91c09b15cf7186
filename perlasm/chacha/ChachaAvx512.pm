# SPDX-License-Identifier: Apache-2.0
# ChachaAvx512.pm -- the AVX-512 part of chacha20_poly1305_x86_64.pl (issue 15
# part 2): the 16-block zmm ChaCha20 batch of the AVX-512 tier. It is emitted
# into the same object as the SSSE3 and AVX2 tiers (the script calls it), so the
# tier's AEADs reuse that object's code: the short paths, tails, Poly1305 and
# the wipe are the AVX2 tier's, generated again with vprold for every rotate
# (chacha20_poly1305_x86_64.pl, $evex; AVX-512VL on ymm: no zmm, so short
# messages pay no 512-bit frequency licence and a rotate is one instruction
# instead of the AVX2 shift+shift+or; on Zen 4 vprold's latency is 2, not 1, so
# a lone row set's rotates are split with vpternlogd instead: the script's
# header, "Zen 4 with AVX-512").
#
# The AVX-512 tier's functions (the same contract as the AVX2 ones,
# src/chacha/internal.h):
#   ctasm_chacha20_avx512(out, in, len, state)
#   ctasm_chacha20_poly1305_{seal,open}_avx512(out, tag, in, in_len, ad, ad_len, state)
# and the local ctasm_chacha20_xor_avx512 (rdi out, rsi in, rdx len, rcx B, as
# ctasm_chacha20_xor_avx2): while 1024 bytes or more remain, 16-block batches
# (zmm_loop below), directly from in to out; the rest as the AVX2 tier does its
# input (8-block ymm batches while 512 bytes remain, then one 8-block, 4-block or
# 1-3 short blocks through the frame buffer), with vprold. The AEADs run chunk by
# chunk (2 KiB) exactly as the AVX2 ones: ChaCha20 (two zmm batches per whole
# chunk) then the AVX2 vector Poly1305 over the same bytes while they are in L1,
# open MACing first so in place works. Up to 448 bytes (the AVX2 short paths)
# nothing touches a zmm register; from 449 to 1023 bytes, or the last part of a
# chunk below 1024 bytes, neither.
#
# Poly1305: the object's AVX2 one (radix 2^26, vpmuludq), not IFMA: this tier
# must not require IFMA (kAVX512 is F+BW+VL). Where the CPU has IFMA the
# chacha-avx512ifma tier runs instead: these AEADs with ChachaIfma.pm's radix-2^44
# Poly1305 for the chunks (measured on Zen 4 in the script's header).
#
# The zmm batch. Word i of the 16 blocks in zmm<i> (block j in dword lane j);
# the input words 4..15 stay in zmm16..zmm27 across batches (zmm24, word 12, is
# the per-lane counter: the state's counter + 0..15, + 16 per batch), the
# constant row 0..3 is broadcast from the frame's state at B; zmm28-31 are the
# temporaries of the output. vprold does every rotate in place, so the rounds
# need no temporary: the four quarter rounds of a round run interleaved, one
# instruction of each in turn (four independent chains of 12). vpternlogd has
# nothing to fuse here: every XOR of the round is followed by a rotate of its
# result, and every add feeds the next XOR alone.
# Output: per row group g (words 4g..4g+3) a 4x4 dword transpose within each
# 128-bit lane (vpunpck{l,h}{dq,qdq}) leaves, in register j of the group, lane
# L = the group's 16 bytes of block 4L + j; then for each j the four groups'
# registers are a 4x4 transpose of 128-bit lanes (two rounds of vshufi32x4),
# giving blocks j, 4 + j, 8 + j, 12 + j, each XORed with 64 bytes of input and
# stored (in place works: each block reads its input before it writes there).
# At the end zmm16-31 are zeroed (they held key and key stream; the global
# functions' vzeroall clears zmm0-15 in full, not them; Win64 preserves none of
# zmm16-31, so no save).

package ChachaAvx512;
use strict;
use warnings;
use Perlasm qw($code emit label newlabel bytes16);

my $ZB = 1024;    # bytes per zmm batch

# The 12 instructions of one quarter round on zmm words a, b, c, d (registers
# numbers), one string each.
sub qr_zmm {
    my ($a, $b, $c, $d) = map { "%zmm$_" } @_;
    return map { "\t$_\n" } (
        "vpaddd $b, $a, $a", "vpxord $a, $d, $d", "vprold \$16, $d, $d",
        "vpaddd $d, $c, $c", "vpxord $c, $b, $b", "vprold \$12, $b, $b",
        "vpaddd $b, $a, $a", "vpxord $a, $d, $d", "vprold \$8, $d, $d",
        "vpaddd $d, $c, $c", "vpxord $c, $b, $b", "vprold \$7, $b, $b");
}

# The zmm batches at the head of ctasm_chacha20_xor_avx512 (rdi out, rsi in,
# rdx len, rcx B; r8 the round counter): while rdx >= 1024. Advances rdi, rsi,
# rdx and the counter word at 48(B); falls through to the AVX2-shaped rest.
sub zmm_loop {
    my ($skip, $loop, $dround) = map { newlabel($_) } qw(zskip zloop zdround);
    my $z = sub { "%zmm$_[0]" };
    emit("cmpq \$$ZB, %rdx", "jb $skip");
    # the inputs of words 4..15, word 12 by lane
    emit("vpbroadcastd " . (4 * $_) . "(%rcx), " . $z->(12 + $_)) for 4 .. 15;
    emit("vpaddd .Lcp_zinc(%rip), %zmm24, %zmm24");
    label($loop);
    emit("vpbroadcastd " . (4 * $_) . "(%rcx), " . $z->($_)) for 0 .. 3;
    emit("vmovdqa64 " . $z->(12 + $_) . ", " . $z->($_)) for 4 .. 15;
    emit("movl \$10, %r8d");
    label($dround);
    for my $round ([[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15]],
                   [[0, 5, 10, 15], [1, 6, 11, 12], [2, 7, 8, 13], [3, 4, 9, 14]]) {
        my @q = map { [qr_zmm(@$_)] } @$round;
        for my $k (0 .. 11) { $code .= $_->[$k] for @q }
    }
    emit("decl %r8d", "jnz $dround");
    # add the input words
    for my $i (0 .. 3) {
        emit("vpbroadcastd " . (4 * $i) . "(%rcx), " . $z->(28 + $i), "vpaddd " . $z->(28 + $i) . ", " . $z->($i) . ", " . $z->($i));
    }
    emit("vpaddd " . $z->(12 + $_) . ", " . $z->($_) . ", " . $z->($_)) for 4 .. 15;
    # transposes (see the header); @free: the registers holding nothing needed
    my @free = map { $z->($_) } 28 .. 31;
    my @rows;    # $rows[g][j]: lane L = words 4g..4g+3 of block 4L + j
    for my $g (0 .. 3) {
        my @k = map { $z->(4 * $g + $_) } 0 .. 3;
        my @t = splice(@free, 0, 4);
        emit("vpunpckldq $k[1], $k[0], $t[0]", "vpunpckhdq $k[1], $k[0], $t[1]",
             "vpunpckldq $k[3], $k[2], $t[2]", "vpunpckhdq $k[3], $k[2], $t[3]");
        push @free, @k;
        my @r = splice(@free, 0, 4);
        emit("vpunpcklqdq $t[2], $t[0], $r[0]", "vpunpckhqdq $t[2], $t[0], $r[1]",
             "vpunpcklqdq $t[3], $t[1], $r[2]", "vpunpckhqdq $t[3], $t[1], $r[3]");
        push @free, @t;
        $rows[$g] = \@r;
    }
    for my $j (0 .. 3) {
        my ($a, $b, $c, $d) = map { $rows[$_][$j] } 0 .. 3;
        my @u = splice(@free, 0, 4);
        emit("vshufi32x4 \$0x44, $b, $a, $u[0]", "vshufi32x4 \$0xee, $b, $a, $u[1]",
             "vshufi32x4 \$0x44, $d, $c, $u[2]", "vshufi32x4 \$0xee, $d, $c, $u[3]");
        push @free, $a, $b, $c, $d;
        # (imm, the pair of u, the block)
        for my $o ([0x88, 0, $j], [0xdd, 0, 4 + $j], [0x88, 1, 8 + $j], [0xdd, 1, 12 + $j]) {
            my ($imm, $p, $blk) = @$o;
            my $x = shift @free;
            emit(sprintf("vshufi32x4 \$0x%02x, %s, %s, %s", $imm, $u[2 + $p], $u[$p], $x),
                 "vpxord " . (64 * $blk) . "(%rsi), $x, $x", "vmovdqu32 $x, " . (64 * $blk) . "(%rdi)");
            push @free, $x;
        }
        push @free, @u;
    }
    emit("vpaddd .Lcp_z16(%rip), %zmm24, %zmm24",
         "addl \$16, 48(%rcx)", "addq \$$ZB, %rdi", "addq \$$ZB, %rsi", "subq \$$ZB, %rdx",
         "cmpq \$$ZB, %rdx", "jae $loop");
    # zmm16-31: key words and key stream; nothing else clears them
    emit("vpxord %xmm$_, %xmm$_, %xmm$_") for 16 .. 31;
    label($skip);
}

# Its constants (in the script's .ctasm_rodata).
sub rodata {
    emit(".ctasm_align 64");
    my @inc = map { ($_, 0, 0, 0) } 0 .. 15;
    bytes16(".Lcp_zinc", [@inc[0 .. 15]], "AVX-512: the lanes' block offsets 0..15, the batch step 16");
    bytes16("", [@inc[16 * $_ .. 16 * $_ + 15]]) for 1 .. 3;
    bytes16(".Lcp_z16", [(16, 0, 0, 0) x 4]);
    bytes16("", [(16, 0, 0, 0) x 4]) for 1 .. 3;
}

1;
