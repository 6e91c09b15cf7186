#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# chacha20_poly1305_x86_64.pl -- ChaCha20 and ChaCha20-Poly1305 (RFC 8439)
# for x86_64: an SSSE3 tier and an AVX2 tier (src/chacha/tier_x86_64.cc), the
# AVX-512 tier: the AVX2 code with vprold plus zmm batches (ChachaAvx512.pm), and
# the AVX-512 IFMA tier: those AEADs with an IFMA Poly1305 (ChachaIfma.pm).
#
# ---------------------------------------------------------------------------
# Entry points (C prototypes and required features in src/chacha/tier_x86_64.cc)
#   ctasm_chacha20_{ssse3,avx2}(out, in, len, state)
#   ctasm_chacha20_poly1305_{seal,open}_{ssse3,avx2}(out, tag, in, in_len,
#                                                    ad, ad_len, state)
# state is the 48-byte ChaChaState (key, counter word, nonce); the AEAD
# functions take block 0 for the Poly1305 key themselves (the tier contract,
# src/chacha/internal.h).
#
# ---------------------------------------------------------------------------
# ChaCha20
#  * wide paths, "vertical": one register per state word, one block per
#    32-bit lane (SSSE3: 4 blocks in xmm, AVX2: 8 blocks in ymm). Words
#    x0-x7 and x12-x15 live in registers 0-11, the c row x8-x11 in the frame;
#    registers 12-15 are the temporaries of two quarter rounds run
#    interleaved (each loads its c word, uses it twice, stores it). The 16-
#    and 8-bit rotates are one pshufb, 12 and 7 shift+shift+or. The output is
#    a 4x4 dword transpose per row group (AVX2: within 128-bit lanes, then
#    vperm2i128 joins the halves of blocks k and k+4).
#  * short path, "horizontal": one to three blocks, each in four registers
#    (rows), the diagonal round by pshufd lane rotations, the blocks'
#    instructions interleaved so three cost about the latency of one. Below
#    three blocks the wide paths waste lanes and pay their transposes.
#  * ChaCha20 alone: wide batches while a whole one remains (SSSE3 4 blocks,
#    AVX2 8); then a tail of more than 256 bytes (AVX2) is one 8-block batch,
#    of more than 192 one 4-block batch (VEX xmm on AVX2), else 1-3 short
#    blocks; a tail's key stream goes through the frame buffer and is XORed
#    32 bytes, then (AVX2) 16 and 1 at a time or (AVX-512) the last 0-31 under
#    a byte mask (the length is public).
#  * AEAD messages up to 192 bytes (SSSE3) / 448 bytes (AVX2): blocks 0..
#    in one batch, so the Poly1305 key block shares the latency of the
#    message's key stream. SSSE3: up to 128 bytes horizontal (2-3 blocks),
#    129-192 one 4-block wide batch. AVX2: up to 320 bytes two blocks per ymm
#    row set (horiz_pairs, 1-3 sets) with Poly1305 inline, h in registers,
#    the message XORed from the row sets 32 bytes a piece (pairs_direct_xor:
#    the AVX-512 tiers the last piece under a byte mask, AVX2 its key stream
#    through the frame), the wipe covering only what the path wrote; 321-448
#    bytes AVX2 one 8-block wide batch into the buffer, then the scalar
#    Poly1305 (calls), the AVX-512 tiers a fourth row set (ymm12-15, their
#    temporaries in ymm16-18; unskewed). Zen 4 A/B (5th percentile of 4,000
#    samples of 16 calls) against the wide batch: IFMA seal 321 B 0.85, 352
#    0.89, 384 0.82, 400 0.86, 448 0.82, open 0.83-0.87 (in place 0.87-0.92);
#    AVX-512 seal 0.82-0.85, open 0.82-0.89 (in place 0.86-0.91).
#    With two or three sets the AVX2 and AVX-512 tiers skew the rounds
#    (below; not the IFMA tier).
#  * The skewed pairs path (AVX2 and AVX-512, 65-320 bytes; PAIRS_SKEW): the MAC needs
#    r, which only block 0 (set 0) gives, so unskewed it all waited for the
#    last double round (256 bytes: ~200 of ~590 reference cycles after the
#    rounds' ~370). Skewed, set i runs lead i double rounds ahead of the
#    last set: set 0 alone first, then all sets, and as a set is done the
#    others run on for its lead over the next with Poly1305 blocks woven in
#    (one scalar instruction after each vector one, the rest after the
#    last: a lone set's double round has 38 vector ones for two blocks' ~75;
#    spread evenly measured 0-3% slower); the AD's blocks go in
#    when set 0 is done. open MACs the ciphertext it was given: set 0 leads
#    the others by 6 (two sets: 2). seal MACs what it has XORed: a set that
#    leads XORs its blocks when done, set 0 the 64 bytes of block 1 (4 MAC
#    blocks: a lead of 2 over set 1), set 1 of three the next 128 (set 0
#    leads 6, set 1 4). A lone set's double round (~26 cycles,
#    latency-bound) costs more than its share of three (~37 for all three),
#    so each skewed round must hide more MAC than that costs: two blocks per
#    round did, one did not, and four measured worse than two.
#    Zen 3 (the A/B of "Long messages"), after / before: open 65 B 0.97,
#    100 B 0.94, 128 0.97-0.98, 160 0.97, 192 0.96, 193 0.92, 256 0.91 (in
#    place too), 320 0.92-0.97; seal 65-192 B 0.96-0.99, 193 0.92-0.94, 256
#    0.96, 320 0.94-0.99; 16 and 64 B (one set, no skew) unchanged.
#    Zen 4 (AMD EPYC family 25 model 17), the AVX-512 tier, the same leads
#    (a set running alone splits its rotates, %EVEX_SPLIT: unsplit there
#    measured 1.00-1.04), after / before: open 65-192 B 0.98-1.01, 193
#    0.92, 256 0.91 (in place too), 320 0.92; seal 65-192 B 0.97-1.00, 193
#    0.95, 256 0.95, 320 0.93-0.97. Other leads were slower there: open 4, 5,
#    8 (one block a round) or 6 2 over the last set 1.01-1.11, two sets 1
#    1.01-1.02; seal 4 2 1.01, 8 6 (one a round) 1.07, two sets 1 1.00-1.04.
#    The IFMA tier MACs from 12 blocks 4 a step in vector lanes after the
#    rounds (ChachaIfma.pm), which skewing does not help: the skewed scalar
#    MAC measured 1.05-1.15 against it at 192-320 bytes, and the lanes'
#    table and the AD made while the other sets run on (set 0 leading by 1,
#    2, 4) 1.00-1.02, 1.02-1.04, 1.10-1.13: a lone set's rounds cost more than
#    the scalar work they hide.
#
# Poly1305: scalar, 2^64 limbs h0, h1, h2 (h2 small) and r = r0 + 2^64 r1.
# Clamping makes r1 divisible by 4, so with s1 = r1 + r1/4 = 5 r1 / 4,
#   h1 r1 2^128 = h1 (r1/4) 2^130 == 5 (r1/4) h1 = s1 h1   (mod p = 2^130 - 5)
#   h2 r1 2^192 == s1 h2 2^64, and the product is
#   d0 = h0 r0 + h1 s1,  d1 = h0 r1 + h1 r0 + h2 s1,  d2 = h2 r0
# summed as t0 + 2^64 t2 + 2^128 t3 and partly reduced: h2 = t3 & 3 and
# 5 (t3 >> 2) = (t3 & ~3) + (t3 >> 2) added to the low limbs.
# Bounds: after a block h2 <= 4 (t3 & 3 plus one carry), and when that carry
# happened the low 128 bits are below 5 (t3 >> 2) < 2^64, so h < 2^130 + 2^64.
# Adding a block m < 2^129 (the pad bit included) gives h2 <= 6, so h2 s1 <
# 6 * 1.25 * 2^60 and h2 r0 < 2^63 fit 64 bits, and the sums of the 128-bit
# products cannot overflow t3 (each high half is below 2^60).
# Final reduction: h < 2^130 + 2^64 < 2p for every value the accumulator can
# hold, partially reduced ones (h2 = 4, or h in [p, 2^130)) included, so one
# conditional subtraction of p gives h mod p. It is the full three-limb
# subtraction g = h - p (sub/sbb/sbb over 192-bit h, p = 3:2^64-1:2^64-5),
# whose final borrow is set exactly when h < p as integers; g is taken by
# cmov on that borrow. An equality test of one limb (h2 == 3, say) would be
# wrong for h2 = 4 and for h in [p, 2^130) whose low limbs differ from p's;
# the borrow sees every limb. tag = (h mod p) + s mod 2^128.
#
# Long messages. SSSE3: whole 4-block batches through the fused loop over
# double rounds (below), the rest chunk by chunk. AVX2: chunk by chunk (2 KiB),
# ChaCha20 then Poly1305 over the same bytes while they are in L1 (open:
# Poly1305 first, so in place works), the chunks' Poly1305 the vector one
# (gen_poly_avx2: 4 blocks per step for a chunk of 16 blocks or more, its last
# 0-3 blocks and shorter chunks scalar). The AVX2 alternative, the woven loop,
# lost (measurements below) and is deleted; the last commit with it (behind
# AVX2_FUSED = 0, never built) is 52b455f (git log -S AVX2_FUSED).
# The AVX2 tier's key block: block 0 alone (one horizontal block, ~260
# reference cycles of latency that little overlaps) costs a call of more
# than 448 bytes what a lone tail block would. So blocks 0-7 are one wide
# batch (the key, then the first 448 bytes, MACed as one chunk) unless
# len mod 512 is 0 or above 448: there the rest would end in a lone block
# where block 0 alone leaves none, and a lone block at the end measured ~5%
# slower at 512 and 1024 bytes than one at the start. Zen 3 (AMD EPYC family
# 25 model 1 VM; one binary, before and after alternated per sample, the 5th
# percentile of 8,000-40,000 samples of 4 calls, minimum of 4 runs), after /
# before: seal 600 B 0.88, 700 B 0.91, 800 B 0.87, 960 B 0.87, 1100 B 0.93,
# 1350 B 0.91, 1450 B 0.91, 3000 B 0.96, 5000 B 0.97, 8000 B 0.98 (open the
# same within 0.02); 449, 512, 1000, 1024, 1500, 2048 B and 4, 8 and 16 KiB
# (the old order) 1.00-1.01. One wide batch shared with the 321-448 byte
# path (a length test after it) measured 1-2% slower at 400-1350 bytes than
# the two copies kept here. The AVX-512 tiers take the same wide first
# batch (ymm, 8 blocks), except also where len mod 2048 is 1025-1472: there
# block 0 alone leaves one zmm batch and a tail, the wide batch two ymm
# ones, measured 2-7% slower at 1100-1350 B (IFMA). With that rule, Zen 4
# (AMD EPYC family 25 model 17 VM, idle; one binary, before and after
# alternated, 5th percentile of 10,000 samples of 16 calls), after / before:
# IFMA seal 600 B 0.92, 800 B 0.93, 1700 B 0.97, 3000 B 0.96, 4 KiB 0.97,
# 449 B, 1000-1500 B, 2048 B, 8 and 16 KiB 0.98-1.01; AVX-512 (no IFMA) seal
# 600 0.92, 800 0.88, 1700 0.93, 3000 0.95, 4 KiB 0.96, 1000-1500 B and
# 8/16 KiB 1.00; open within 0.03 of seal (IFMA 600 B 0.86).
# Woven AVX2 (as it was): the AVX2 tier ran a long message's whole
# 8-block batches through one loop (ctasm_chacha20_poly1305_fused_avx2)
# whose ten double rounds were unrolled and carried the Poly1305 blocks of one
# batch's length woven in, one scalar instruction after each vector one
# (block i at quarter-round pair 40 i / 32): the integer multiplier and the
# vector units work at once, Zen 3's separate integer and vector schedulers
# holding both streams. open MACs the batch it is decrypting (the XOR comes
# after the rounds, so in place works); seal MACs the batch before, so its
# first batch runs alone and its last is MACed after the loop. The SSSE3
# tier does the same with its 4-block batches (open from 256 bytes, seal
# from 512), but its fused loop (ctasm_chacha20_poly1305_fused_ssse3) is a
# loop over double rounds, not unrolled: 6 iterations of one double round
# carrying two Poly1305 blocks, then 2 of two double rounds carrying one
# each (FUSE_SSSE3), a body of ~230 instructions that Zen 3's op cache
# holds. Its Poly1305 block (poly_block_rot) leaves the product in free
# registers instead of moving it back (roles swap back every two blocks).
# Everything else (every tail) runs chunk by chunk (2 KiB): ChaCha20 then
# Poly1305 over the same bytes while they are in L1 (open: Poly1305 first,
# so in place works).
# Measured (AMD EPYC Zen 3 VM, shared and noisy; seal, this thread's CPU time
# at the 2.445 GHz reference clock, fused and separate builds run
# alternately, medians of 4-7 samples, cycles/byte): AVX2 4 KiB 1.63 vs
# 1.76, 8 KiB 1.78 vs 1.73 (best 1.41 vs 1.67), 16 KiB 1.62 vs 1.69: a small
# gain, kept. SSSE3, first try: fully unrolled like AVX2, 1350 bytes 3.81 vs
# 3.12, 8 KiB 3.15 vs 2.69 separate: a loss, its ~2,400-instruction body per
# 256 bytes front-end bound (it misses the op cache; legacy decode is slow).
# SSSE3, the loop over double rounds (rdtsc reference cycles per byte, 13-byte
# AD, this build and the separate one alternated, best of 900 samples of 5
# calls, median in brackets; the machine's load swings, and the best case is
# the one it does not distort): seal 8 KiB 1.61 (1.63) vs 2.31 (2.32)
# separate, open 1.58 (2.47) vs 2.33 (2.70); OpenSSL 3.0.19's SSSE3 code in
# the same process 2.26 / 2.27. ChaCha20 alone runs 1.54 there, so Poly1305
# is nearly hidden and the vector side bounds the loop: 128 vector ALU ops
# per double round (32 cycles on Zen 3's four pipes) plus the transposes.
# Other shapes, seal 8 KiB best: two blocks in each of 8 double rounds and
# none in the last 2, 1.97; a body of five double rounds with 8 blocks spread
# evenly (~1,070 instructions), 2.42: a body that size is front-end bound
# again; 6 x (one double round, 2 blocks) + 4 x (one, 1 block, the
# accumulator moved back), 1.60: no better than the shape kept. The rotating Poly1305 block (33 instructions
# instead of 37) does not move the best case but is less work for a core
# that a busy machine shares (ctasm-speed's medians under load: seal 8 KiB
# 1.13x-1.27x OpenSSL where the separate code was 1.01x).
# Woven scalar (the deleted AVX2 loop) against vector Poly1305 later, same VM,
# builds alternated: alone on its core the woven loop is faster (rdtsc
# minimum of an 8 KiB seal 0.98 vs 1.18 reference cycles/byte: the vector
# Poly1305, ~0.42/byte, competes with ChaCha20 for the vector pipes, the
# woven one hides most of its scalar work), but in ctasm-speed -clock cpu
# (7 rounds, 3 runs each) it loses: seal 8 KiB 0.92 vs 1.01 x OpenSSL
# (medians), 16 KiB 0.93 vs 0.95, 1350 bytes 1.18 vs 1.35; open 8 KiB 0.83
# vs 1.04, 16 KiB 0.77 vs 0.97. The woven loop's rate swings with the load
# on the machine (1,250-1,850 MB/s at 8 KiB, OpenSSL 1,600-1,780): it needs
# the integer units and a front end for ~2,650 instructions per 512 bytes,
# which whatever else runs on the core takes from it; vector-only code (and
# OpenSSL's, AVX2 ChaCha20 + AVX2 Poly1305) is hit far less. Chosen: vector.
# AVX2 short messages (same VM, 3.25 GHz core clock measured against the
# 2.445 GHz reference; rdtsc minimums of 200 runs of a 16-byte seal with a
# 13-byte AD at the tier): 400-445 reference cycles before, ~335 after
# (pairs, inline Poly1305, partial wipe). Of those ~220 are the rounds: a
# run with one double round instead of ten measured 118, so a double round
# costs 22 reference = 29 core cycles, the 2 x 14-cycle dependency chain
# of a quarter round (two 2-cycle shift+or rotates; AVX2 has no vprold) plus
# a little. Poly1305 adds three dependent 15-cycle block steps (AD, message,
# lengths) after them. OpenSSL 3.0's whole EVP seal is 1,100-1,700 reference
# cycles here, so with ~60 more in the C glue the 16-byte ratio cannot pass
# about 4.5 on this CPU even with everything but the rounds and Poly1305 at
# zero. ctasm-speed -clock cpu, medians of 3 runs before and 5 after (each
# the median of 7 alternating rounds), 16 / 256 / 8 KiB seal ratio to
# OpenSSL: 3.04 / 2.36 / 0.82 before, 3.70 / 2.67 / 0.86 after (open 2.99 /
# 2.51 / 0.87 before, 3.57 / 2.62 / 0.85 after); 8 KiB, where nothing
# changed, varies 0.77-1.09 between runs of the same build. With the vector
# Poly1305 for long messages too (3 runs): seal 3.60 / 2.63 / 1.05, 1350
# bytes 1.40, 16 KiB 0.98; open 3.39 / 2.71 / 1.04, 1.36, 0.98.
# AVX2 pairs path at 193-320 bytes (issue 15 asks 3.0x OpenSSL at 256): where
# the time goes and what did not pay (same VM, 2 cores shared with other
# builds, load 2.3-5; an in-process A/B driver alternating this code with a
# variant, 20,000 samples of 4 seals of 256 bytes with a 13-byte AD each, the
# 5th-percentile rdtsc reference cycles per call (the tick is ~24); core
# clock ~3.2 GHz). Base: ~570-600 per 256-byte seal or open, of which the
# rounds ~270 (1 double round instead of 10 saves 245 at 256 and 100 bytes,
# 209 at 16: 27 per double round with 2 or 3 ymm sets, 23 with one; two sets
# cost what three do), the message's 16 Poly1305 blocks
# ~150 (leaving them out), 12 per 16 bytes of message (the 208-to-256 slope),
# the rest (setup, AD and lengths blocks, tag, XOR pass, wipe) ~80; leaving out
# the wipe, the XOR pass or the AD pad copy changes nothing measurable. The
# inline MAC is bound by the one integer multiplier about as much as by its
# serial chain: with every block's h zeroed (independent steps, wrong tag)
# it is only ~40 faster than the chain; a block has 4 mulq (measured 1.23
# core cycles apart) and 2 imul (1.0), ~7 core cycles of multiplier for
# ~40 instructions. Tried, measured, dropped:
#  * Two blocks per step, h = (h + m1) r^2 + m2 r summed before one partial
#    reduction (commit cc2bc52, git log -S poly_mul2: code and bound proof).
#    The single step's bound does not carry over: r^2 mod p is not clamped
#    (limbs up to 2^64, top limb not divisible by 4), so the s1 fold is gone,
#    and reduced once with a full-width multiplier Q = T >> 130 is as large
#    as x = h + m1 itself, 5 Q grows h by ~2.3 bits a step. What holds:
#    x = xl + 2^128 x2, x r^2 == xl R + x2 C with R = r^2 mod p (a2 <= 3) and
#    C == 2^128 R (c2 <= 7), T = m2 r (unreduced, < 2^190) + xl R (< 2^258) +
#    x2 C (< 2^135) < 1.04 2^258, one fold h' = (T mod 2^130) + 5 (T >> 130)
#    < 9.2 2^128: h2 <= 9 steady, folded once more before a single step
#    (which needs h2 <= 8). It takes 9 products for x r^2 and 4 for m2 r (13
#    multiplies for two blocks against 12) and more carries: the chain alone
#    (a loop over 256 blocks) 12.06 against 11.96 reference cycles a block
#    (13.3-13.8 in the first form, every carry rippled to the top limb, or
#    with shrd); in the AEAD 4-10% slower from 64 to 320 bytes (A/B p5: 64 B
#    1.05, 100 B 1.06, 192 B 1.08, 256 B 1.08, 320 B 1.10; with the XOR moved
#    into the MAC loop 1.19 at 256). ctasm-speed -clock cpu, 3 runs each,
#    builds alternated, medians: seal 256 836 MB/s (ratio 2.80) against 826
#    (2.32), open 768 (2.40) against 686 (2.45), seal 100 432 (3.69) against
#    390 (3.19); its OpenSSL figure swings 278-377 MB/s between runs, and 400
#    bytes (code not changed) 974 against 887: ratios there resolve ~10%.
#  * A fifth block in the general registers (193-256 bytes: two ymm sets and
#    one scalar ChaCha20 block spread among their instructions, row c in the
#    buffer): 1.00. The XOR moved into the MAC loop (16 bytes before or after
#    each block): 1.01 seal, 0.98 open. The 5 (t3 >> 2) of a step left
#    pending and added after the next block's words (one add off the chain):
#    the chain alone 12.06 to 10.6 a block, in the AEAD 0.99-1.00. Rotating
#    registers and lea (33 instructions a block instead of 40, as the SSSE3
#    fused loop does): 1.00-1.03. The sets' instructions staggered by 1-6
#    in horiz_pairs: 0.99-1.05. The vector Poly1305 for the message: its
#    powers cost 97 and 16 blocks 146, against 196-220 scalar.
#  * 193-320 bytes as two sets (blocks 0-3) and then set 2 alone with the
#    MAC of ciphertext bytes [0, 160) woven into its rounds (one Poly1305
#    block a double round; Zen 4, ctasm-speed -clock cpu against the build
#    without it, alternated, three runs): seal 256 B 2.42-2.65x OpenSSL
#    before, 2.34-2.49x with it, 320 B 2.70-2.90 against 2.53-2.69, open
#    256 B 2.50-2.57 against 2.41-2.50: three sets cost about what two do
#    (latency-bound), so running set 2 apart adds its ~240 cycles of rounds,
#    more than the ~130 of multiplies it hides. Not kept.
# So at 256 bytes the floor here is ~270 of rounds (latency-bound) plus the
# MAC's multiplies; 3.0x needs a MAC with fewer scalar multiplies a block or
# a core with a faster multiplier, not another arrangement of the chain.
# Per-call breakdown, AVX2 short path (issue 15 part 8; same VM, load 5-8;
# rdtsc reference cycles, the 5th percentile of 10,000 samples of 4 calls,
# best of 10-12 alternating runs; 13-byte AD; instruction counts callgrind).
# Before: 16 B seal 373 through ctasm_aead_seal, 318 the bare tier call
# (open 386 / 318-324); 256 B seal 637 / 594, open 674 / 600. The glue
# (src/aead: argument and overlap checks ~200 instructions, make_state, the
# indirect tier call, tag compare, wipes) is ~270 instructions, ~45-60
# cycles. The tier at 16 B ran 755 instructions, ~400 of them the rounds: one
# double round instead of ten measured 110, so ~210 rounds and ~110 the rest
# (three Poly1305 steps ~40, setup, tag, XOR, wipe, prologue); 78 of the
# rest were the byte loop copying the AD's 13-byte tail. Kept (together: 16 B
# seal 355 / 306, open 368 / 312; 256 B seal 619 / 576, open 655 / 588):
#  * the tails copied 8/4/2/1 bytes by the length's bits (755 -> 695
#    instructions at 16 B); about half of the gain;
#  * the counter/nonce row loaded by dwords (the glue then wrote the state
#    in 4/8-byte stores; one load of it since "Zen 4, the state's row 3"),
#    the tag stored as one 16-byte store (open reads the tag in one 16-byte
#    load: store-to-load forwarding); alone within noise;
#  * pairs path: r from xmm0 (vmovq/vpextrq) instead of a store and reload
#    through the buffer, no h / bytes-left / chunk-length frame stores, the
#    wipe's fixed part [0, 64) (the state) instead of [0, 224) (nothing
#    secret is written between 64 and the buffer there): 16 B -6 to -12.
# Measured, nothing to gain: vzeroall against vpxor of ymm1-15 plus
# vzeroupper (318.5 both); no wipe at all (16 B unchanged, 256 B -18, at the
# noise). Open at 256 B with the ciphertext MAC inside the rounds (the brief's
# direction 2) was not built: r comes from key-stream block 0, so the MAC can
# start only after block 0's ten double rounds (~230 alone, ~270 with the
# other sets), which bounds the overlap near 40 of ~600 cycles; set 0's
# blocks are finalised first and open's MAC follows them in program order,
# so the out-of-order window already takes some of it.
# Second pass (same VM, load 3-6; the same rdtsc method, builds alternated,
# minimum over 8-10 runs of the 5th percentile; callgrind instruction counts):
#  * glue (src/aead): ctasm_aead_seal/open tail-call a ChaCha half and a GCM
#    half (GCC had saved six registers and loaded the stack arguments for
#    the GCM path before branching; both halves inlined since "Zen 4, the
#    state's row 3"); the range and overlap checks are one
#    subtraction and one unsigned comparison per pair (buffers_ok, shared
#    with GCM since, argued there; BufferGeometry, tests/aead_geometry.h,
#    checks both AEADs against a byte-marking answer); the assembly tiers' state is built
#    inline and the tag compared in place a word at a time (a two-word copy
#    was spilled to the stack on ARMv7: the residue test). 16 B seal glue 260
#    -> 197 instructions, open 325 -> 231; 16 B seal 349 -> 337, open 361 ->
#    349, 256 B seal 625 -> 612, open 655 -> 619 (API). A first branchless form of
#    the checks (setcc/or, two tests per pair) was ~130 instructions: more
#    than the branches it replaced. GCC also made the 48-byte state wipe a
#    rep stos (~30 cycles) in the unlikely-looking open path until the branch
#    was marked likely;
#  * pairs path: rows 1-3 widened in registers from load_state's xmm1-3, not
#    reloaded from the frame just written (one store-to-load trip before the
#    first round): 16 B seal 337 -> 331, open 355 -> 343, bare 312 -> 306
#    (one tick each; 256 B -6 to -18);
#  * measured, dropped: r clamped by one vpand with a constant instead of two
#    movabs/and pairs (2 instructions fewer): no change beyond the tick.
#    Not built: the lengths block folded into the message block's multiply
#    needs r^2 (one more, unclamped multiply, the form cc2bc52 measured
#    slower) to take one step off the 16 B MAC chain.
# Together, integ's build against this one: 16 B seal 349 -> 331 (bare 312 ->
# 306), open 361 -> 343; 256 B seal 625 -> 594, open 655 -> 625; ctasm-speed
# (docs/PERFORMANCE.md) 16 / 256 B seal ratio 3.96 / 2.75 -> 4.45 / 2.96.
# Bare 16 B seal ~306: ~210 rounds, ~45 the three dependent MAC steps, the
# rest setup, tag, XOR and wipe; through the API ~25 more.
# Third pass (Zen 3, the A/B of "Long messages", bare 16 B seal ~276-300):
# one double round instead of ten 92, so ~24 a double round; no MAC at all
# -61; but the MAC's three blocks made independent (each block's add of the
# message a move: the same instructions without the chain) 1.00 +- 0.02, and
# 60 independent moves added after the tag +18 to +25. So the ~224
# instructions after the rounds (the MAC ~130 of them), not the MAC's chain,
# hold the next call's rounds back: with the next call's ~75 before its first
# round they fill Zen 3's 256-entry window. Cutting 18 of them (the 16-byte
# XOR from xmm12 without the xorbuf call) measured 1.000, so not kept. Nor
# was mulx in the pairs path's MAC (31 instructions a block for 37; the AVX2
# tier would need BMI2): 16 and 64 B 1.00, 100 B 1.00-1.02, 256 B seal 0.98,
# open 0.96, 320 B 0.98-1.00 (16-call samples).
#
# AVX-512 and IFMA, first timed on real AVX-512 (issue 15 part 2): AMD EPYC
# family 25 model 17 (Zen 4) VM, 2 cores shared with other builds; core clock
# ~3.3 GHz against the 2.6 GHz reference (rdtsc). ctasm-speed -compare openssl
# -filter ChaCha -clock cpu -rounds 7, three runs per tier alternated, one build
# (CTASM_CPU=-avx512ifma gives chacha-avx512, -avx512 chacha-avx2; OpenSSL
# 3.0.19 unmasked in every run: its AVX-512 ChaCha20 + IFMA Poly1305), ratio
# medians, seal / open:
#   tier        16 B         256 B        1350 B       8 KiB        16 KiB
#   avx512ifma  4.14 / 4.08  2.58 / 2.39  1.57 / 1.66  1.09 / 1.10  1.05 / 1.03
#   avx512      3.96 / 3.63  2.57 / 2.60  1.49 / 1.53  0.88 / 0.94  0.86 / 0.87
#   avx2 (1 run) 3.65 / 4.05 2.10 / 2.15  1.19 / 1.23  0.67 / 0.70  0.63 / 0.64
# (8 KiB seal 3,256 MB/s against OpenSSL's 3,030; chacha-avx512 2,738.) Up to
# 448 bytes the three AVX-512/AVX2 tiers ran the same short-path code (vprold
# the only difference; since, IFMA's 4-lane MAC from 192 bytes, below), so 16
# and 256 bytes differed by noise: ratios there move
# 0.3-0.7 between runs of one build. Where an 8 KiB seal goes (a scratch rdtsc
# driver outside the repository, 3,000 calls, 5th percentile, reference
# cycles/byte): ctasm_chacha20_avx512 alone 0.51, seal_avx512 0.94 (the AVX2
# Poly1305 and the rest 0.43, 46%), seal_avx512ifma 0.75-0.80 (0.25-0.30, a
# third); open the same; seal_avx2 1.24 (ChaCha20 0.82 there).
# The sum behaves as if vector throughput bound (~1 zmm op per core cycle
# between the ChaCha20 batches and the Poly1305 steps): tried, measured, dropped:
#  * two independent 8-lane chains (16 blocks a step with r^16; A/B: 8 KiB
#    0.78 vs 0.80, but 576 B 2.39 vs 2.12 and 1350 B 1.33 vs 1.25, the 15
#    serial scalar multiplies making r^1..r^16 for every message over 448
#    bytes); a chain's step is ~53 zmm ops for 8 blocks, little latency left
#    to hide;
#  * the carries' hi-sum shifts and the 5 c2 fold as vpmadd52luq by constants
#    (6 ops fewer a step, all on the multiplier): 8 KiB 0.81 vs 0.75, slower,
#    the IFMA pipes being the busier;
#  * kept: limb 1 of the message by one vpternlogq (one op fewer, ~1-2%).
# Next, not built: Poly1305 woven into the zmm ChaCha20 batch (the vector ALU
# ops of the rounds and the IFMA multiplies sharing cycles; the batch uses
# zmm0-31, so the inputs would move to the frame), or scalar mulx Poly1305 on
# the integer units beside it for part of the blocks. 16 B / 256 B remain below
# the issue's 4.9 / 3.0: that is the short path (rounds latency and scalar MAC
# chain, above), which IFMA did not touch then (its 4-lane short MAC: below).
#
# Zen 4 with AVX-512 (AMD EPYC family 25 model 17 VM, 2 vCPUs shared; core
# clock ~1.4x the TSC's 2.6 GHz reference; the first real AVX-512 timing of
# the AVX-512 tier, which had run only under Bochs). Latencies measured here
# (dependent chains, core cycles): vpaddd, vpxor, vpternlogd, vpslld, vpshufd
# 1; vprold 2 (not 1), pshufb 2, mulq 3, mulx 4, vpmadd52luq 4. Throughput:
# shifts and shuffles share two pipes, vprold runs on two others. So vprold
# bought the AVX-512 tier nothing over AVX2's shift+shift+or here (16 B seal,
# bare tier: 260 against 266 reference cycles), and its rounds were 16 cycles
# of chain. Where the cycles went, bare 16 B seal 267 (rdtsc p5): one double
# round instead of ten measured 71.5, so ~22 a double round (~31 core, two
# 16-cycle rounds), ~50 the rest (three MAC steps, setup, XOR, tag, wipe).
# 256 B: 480-520, ~27 a double round with three row sets (throughput-bound),
# ~170 the 18 serial Poly1305 steps (~14 core cycles each, the mulq chain).
# Done: a lone row set (up to 64 bytes; horiz(1) too) splits all four
# xor-rotates (qr_evex_ops: x <<< n made early, then (y << n), (y >> 32-n)
# and one vpternlogd), chain 12 a round; program order mattered as much
# (see qr_evex_ops): a loop of double rounds alone 32.4 -> 24.7 core cycles.
# Two and three sets are bound by the vector pipes, and every one of the 16
# split masks was slower there, so 65-448 bytes are unchanged. horiz rotates
# a, c, d instead of b (all tiers). The SSSE3 seal of 193-511 bytes starts
# with blocks 0-3 wide and MACs them during the rest (gen_aead). rdtsc p5
# reference cycles before -> after: AVX-512 seal 16 B 260-286 -> 234-247, 1350 B
# 1697 -> 1658; SSSE3 seal 16 B 351 -> 338, 128 B 507 -> 488, 256 B 839 ->
# 767, 320 B 1125 -> 930. ctasm-speed -compare openssl -filter ChaCha -clock
# cpu -rounds 7 -tiers default,vpaes, medians of 3 runs (seal ratio to
# OpenSSL 3.0.19, 16 / 256 / 1350 / 8192 / 16384 B): before, default
# (chacha-avx512) 4.03 / 2.34 / 1.39 / 0.88 / 0.86, vpaes (chacha-ssse3)
# 2.71 / 1.42 / 1.43 / 1.33 / 1.32; after (docs/PERFORMANCE.md has the
# alternated runs) default 4.06 / 2.33 / 1.50 / 0.92 / 0.86, vpaes 2.94 /
# 1.65 / 1.47 / 1.26 / 1.28. OpenSSL's own 16 B seal swings 28-35 MB/s
# between runs, so the 16 B ratio resolves ~10%; ctasm's 16 B seal went
# 119 -> 129 MB/s. Goals: SSE tier 2.0 / 1.5 / 1.13 met; all features
# 4.9 / 3.0 at 16 / 256 B not met. What stays: at 16 B ~170 reference
# cycles of rounds at the 12-cycle floor of this formulation plus ~30 of
# three dependent MAC steps (4.9x needs ~285 per call through ctasm-speed,
# ~350 now); at 256 B the 18-step mulq chain (~170) after throughput-bound
# rounds (~270).
# Two-stream scalar Poly1305 (issue 15 part 8), measured before building it
# and not built: it does not pay on Zen 4. Scratch rdtsc loops (same VM,
# 20,000 x 16 blocks, 7-9 runs, reference cycles a block): poly_mul chained
# 10.5-10.8; the same with h reloaded each block (no chain: the bound any
# number of streams could reach) 8.2-8.6; a mulx form 10.5 chained, ~7.7
# unchained; two interleaved chains of it (12 registers of h and products,
# r0 r1 s1 as memory operands) 7.9-8.5. So the chain is three quarters
# throughput-bound (~37 instructions, 6 multiplies a block) and a second
# stream saves at most ~2.5 a block, ~45 of the 18 blocks' ~189 at 256 B.
# Both exact orderings spend that on multiplies:
#  * even/odd blocks, h = h_A r^2 + h_B r (h_A, h_B Horner with r^2 over
#    blocks 0,2,.. and 1,3,..: block i then carries r^(n-i)): every step a
#    general multiply by the unclamped r^2 (no s1 fold; 9 partial products
#    or radix 2^44), ~1.5 steps of work each (counted): 18 x 1.5 x 8 > 189;
#  * halves, h = h_A r^b + h_B (h_A Horner with r over blocks 0..a-1 gives
#    sum c_i r^(a-i), times r^b is c_i r^(n-i); h_B over the last b blocks
#    already is): both chains keep the clamped fast step, but r^b (b = 8:
#    r^2 a fast step, r^4 and r^8 general squarings) and h_A r^8 add
#    multiplies after the rounds (r comes from block 0, which finishes with
#    them). A scratch model of the 18-block MAC, each call depending on the
#    last (min of 3,000 x 10 calls, reference cycles): serial 177-179; the
#    two chains alone 135-138; with 4 fast steps for the powers beside them
#    and 2 dependent ones for the final multiply 190-198: a loss; with the
#    powers made before (only the final multiply after) 151-159.
# What could pay a little: r before the rounds end, e.g. block 0 as a scalar
# block in the GPRs beside the row sets (a fifth scalar block cost nothing
# measurable on Zen 3, above), then the AD blocks and r^2..r^8 during the
# rounds and only the two chains and the final multiply after them: ~25-35
# of ~500 a 256 B seal (by the model), about 2.5 -> 2.65x OpenSSL, short of 3.0.
# Zen 4 again (issue 15 part 8; scratch rdtsc loops of double rounds, reference
# cycles each): r cannot come earlier. Block 0 as a GPR block (the c row two
# words at a time in registers, the other two in the frame) runs 25.2 alone,
# and beside two ymm sets 27.7, what three ymm sets take (27.4); one zmm set
# of four blocks 26.0 alone (ymm 22.5), beside a lone split ymm set 29.6; for
# three ymm sets every mix of vprold, vpshufb, shift pairs and split rotates
# over the four rotate amounts measured 27.3 (all vprold, kept) or slower.
# So the MAC after the rounds is what can shrink: the IFMA tier's short paths
# run it 4 blocks a step from 12 whole ciphertext blocks (ChachaIfma.pm,
# short_blocks; its table r^4..r^1 costs 3 serial scalar multiplies, an 8-lane
# one 7): the pairs path inline (then 321-448 bytes went through functions of
# it after the 8-block batch; now they are a fourth row set, above). An
# in-process A/B (20,000 samples of 4 calls, 13-byte AD, 8 alternated runs,
# the minimum of the 5th percentiles): seal 192 B 409 -> 377, 256 B 500 ->
# 429, 320 B 559 -> 454, 400 B 708 -> 624, 448 B 728 -> 695; open 256 B 500 ->
# 461, 320 B 546 -> 500, 400 B 715 -> 624, 448 B 747 -> 637. 128 bytes (8
# blocks) gained nothing, hence 12. A 256 B seal with the ciphertext's MAC left
# out (wrong tag) ran 422-429: what remains is the rounds (~273) and the rest
# (setup, AD and lengths steps, XOR, tag, wipe), not the MAC. The VEX tiers'
# xorbuf then XORs 32 bytes a step (the 4-lane MAC loads a seal's ciphertext
# 32 bytes at a time, which 16-byte stores cannot forward): A/B as above,
# 256 B seal 416 -> 409, open 455 -> 429, 448 B seal 617 -> 604, open 637 -> 604
# (seal's gain is within the drift between runs; open, whose MAC reads the
# caller's input, gained more, so forwarding is not the whole story). One A/B
# of both changes against the build before them, on an idle machine: seal
# 192 B 390 -> 351, 256 B 481 -> 409, 320 B 526 -> 429, 448 B 715 -> 604; open
# 256 B 494 -> 429, 448 B 734 -> 604. Tried after: each column's products in
# the order its limbs are ready (h2, h0, h1 rather than h0, h1, h2; modelled 4
# cycles a step off the chain): within +-2% at 192 B-8 KiB, not kept.
# Zen 4 once more (issue 15): what bounds 192-320 bytes is how much the core
# has to do, not the MAC's chain. Throughput measured here (independent ymm
# ops, core cycles): vpaddd, vprold, vpshufd, vpmadd52luq each ~2 a cycle,
# and any mix of them ~2.3 (8 vpaddd take 3.4): three row sets' 90 ops a
# double round are the 38.9 cycles it takes. Removing work moved the A/B
# (one binary, the two builds alternated per sample, 40,000 samples of 4
# calls, the 5th percentile, reference cycles; that harness gives 1.00 +-
# 0.01 against itself): the 4-lane MAC's carries left out -20 at 256 B, its
# powers' three scalar multiplies left out -26 to -39, the lengths step -13,
# the wipe -15 to -25. Shortening the chain without removing work did not:
#  * the carries in two parallel rounds (8 ops more, chain 13 -> 7), each
#    column's products in two accumulators (chain 12 -> 9), both, and the
#    h2-first product order: all 24.8 core cycles a 4-lane step, unchanged;
#  * the last lane step by r^5..r^2 with the product of the next block and r
#    made beside the lanes (one scalar step off the chain, two multiplies
#    more): +1.4 to 3.2% at 192-320 B;
#  * to44 by shrd (6 instructions fewer a power): +1-3%; a mulx poly_mul (7
#    instructions fewer a block, would need BMI2 in the tiers' predicates):
#    0-2%, within the harness's noise; the frame's arguments and wipe bounds
#    stored after the round loop: +2-5% at 16-64 B; the AD's tail by one
#    masked load (no branches): 0; set 0 of three with split rotates (its r
#    earlier): +2-9%.
# Kept: the AVX-512 tiers' pairs path XORs the message from the row sets
# (pairs_direct_xor: 32 bytes a piece, the last under a byte mask), so no key
# stream goes to the frame and the wipe is the state and s (and the IFMA
# table), not the buffer; an open not in place decrypts before its MAC (the
# XOR beside the powers' chain); the partial wipe stores 64 bytes a trip.
# A/B against the build before (session start, 5cdf2c6): 64 B -2 to -5%, 128 B
# -2 to -4%, 192 B -4 to -6%, 200 B -7 to -9%, 256 B -5 to -6%, 320 B -6%; 16 B
# and 400 B within noise. A 256 B seal is now ~1,260 vector ops (rounds ~920,
# the 4-lane MAC ~285, finalisation and XOR ~60): at ~2.3 a core cycle ~550
# core cycles, i.e. (core ~1.37 reference cycles) about the ~400 reference
# cycles it takes, the scalar side (~450 instructions) beside them. 3.0x there needs fewer vector ops a call, not a shorter chain; 16 B
# stays latency-bound (rounds ~178 of ~240).
# The AVX2 tier the same way (Zen 3, AMD EPYC family 25 model 1 VM, no
# AVX-512; the same one-binary A/B, 40,000 samples of 4 calls, the 5th
# percentile, the minimum of 4 runs, reference cycles): whole 32-byte
# pieces XORed from the row sets, the last partial one's key stream through
# KSTAIL (no byte masks in AVX2), the wipe two units instead of four a set;
# an open in place puts its blocks just below S_EV - 16 and wipes 4 units a
# set and one (AVX2 4 a set before; the AVX-512 tiers 16 units before, that
# change not timed: no AVX-512 here). seal 64 B 349 -> 343, 128 B 453 ->
# 441, 192 B 484 -> 478, 256 B 600 -> 576, 320 B 631 -> 600; open 64-320 B
# -1 to -2%; 16 B and open in place within a tick (~6) either way. The same binary against
# itself: 1.00 (one line of eight 0.96: the noise these figures sit in).
# Where a 256 B seal's ~576 go now (the same A/B, variants): three sets'
# rounds ~367 (one double round instead of ten: 276; ~37 a double round,
# the vector pipes, where one set alone takes ~26, its chain), the message's
# 16 MAC blocks ~200 after them (left out: 398), the rest ~30.
# Zen 4, the state's row 3 (issue 15, the 16 B goal; AMD EPYC family 25
# model 17 VM): a 16 B seal through ctasm_aead_seal took ~275 reference
# cycles, the bare tier call ~236, the checks alone ~16 of the difference.
# The rest was the state: C++ stored row 3 as 4 + 8 bytes (and the counter
# as 4), so load_state took it by dwords (a 16-byte load cannot be
# forwarded from smaller stores), four dependent loads and inserts on the
# way into the first round. Now src/chacha/state.h stores it in one 16-byte
# store and load_state loads it in one (every tier, the stream functions
# too). In-process A/B of the public API (two CTASM_PREFIX builds, the
# order alternated per sample, 20,000 samples of 16 calls, the 5th
# percentile): 16 B seal / open IFMA 0.94-0.97 / 0.96-0.98, AVX-512 0.98 /
# 0.96, AVX2 0.97 / 0.95, SSSE3 0.97 / 0.98; 64 B 0.97-0.99; 256 B-8 KiB
# 0.98-1.00; AES-GCM 1.00. With it the public seal and open are one
# function each (the ChaCha and GCM halves inlined): GCC had copied the
# four stack arguments out and back for the tail call to either half, and
# expanded the state's wipe as `rep stos` once inlined (chacha_wipe_state
# stores three zero rows).
#
# ---------------------------------------------------------------------------
# Frame (global functions; B = rsp rounded up to 32, all offsets from B)
#   0    the 16-word ChaCha20 state (constants, key, counter, nonce); the
#        counter word (48) advances as batches are made
#   64   Poly1305: r0, r1, h0, h1, h2 (64..103), s (104..119), remaining (120)
#   128  a 16-byte Poly1305 block: padded AD / ciphertext tail, lengths
#   144  out, tag, in, in_len, ad, ad_len; 192 the current chunk length,
#        200 the number of fused batches; 208 the SSSE3 fused batches left;
#        AVX2: 208/216 the wipe's 32-byte units and where they start
#        (wipe_and_return)
#   224  (AVX2 pairs path only) the zero-padded AD tail: public, not wiped;
#        256 (AVX-512 pairs seal) the message's last 32-byte ciphertext piece,
#        zero-padded (CTPAD)
#   224  the spilled c row of the wide paths (4 x 32) and x12 at entry (352)
#   384  512 bytes of key stream for a partial batch; the Poly1305 key block
#   864  (AVX2 tier's pairs path, skewed) r1 across the XOR call (R1_EV)
#   880  (pairs path) block 0's s (S_EV)
#   896  (AVX2 AEADs) the vector Poly1305's powers of r, PLOOP and PLAST (576);
#        the IFMA tier's 8-lane table (320) or its short paths' 4-lane one
#        (T4, 160) in their place; on the AVX2 tier's pairs path, 32 bytes of
#        key stream, the message's last piece (KSTAIL)
# Everything from 0 to 896 (AVX2 AEADs: 1472) is zeroed before return: key,
# key stream and the Poly1305 state are secrets. The pairs paths zero only
# what they wrote secrets to: the state at 0-63 and then [864, 928), r1 at
# 864 (skewed), s at 880 and on the AVX2 tier the last piece's key stream at 896 (the rest stays in
# registers, pairs_direct_xor; an open in place stores its 2 sets blocks to
# [864 - 128 sets, 864) and wipes from there to 896), and in the IFMA tier
# from 192 bytes the 4-lane table to 1056.
#
# Register plan
#   ChaCha20 (local ctasm_chacha20_xor_{ssse3,avx2}): rdi out, rsi in, rdx
#   length, rcx B; r8 round counter; rax, r9 scratch; vector registers 0-15
#   (wide: 0-7 words x0-x7, 8-11 words x12-x15, 12-15 temporaries; short:
#   rows of block i in 4i..4i+3, its temporary 12+i).
#   Fused loop (SSSE3): as ChaCha20 wide without r8's loop (r10 counts the
#   double-round loops), and the Poly1305 registers below with s1 in r8,
#   the MAC pointer in r9, r0/r1 read from the frame, the batches left at
#   208 in the frame.
#   Poly1305 (local ctasm_chacha_poly1305_blocks): rdi the state (B + 64),
#   rsi data, rcx blocks left; r8 r0, r9 r1, r10 s1, r11/r12/r13 h0/h1/h2,
#   r14 r15 rbx rbp the product, rax rdx for mul.
#   The global functions save rbx, rbp, r12-r15 once; everything they keep
#   across calls is in the frame.

use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin, "$FindBin::RealBin/../lib";
use Perlasm qw($code emit label newlabel bytes16 finish);
use ChachaAvx512;    # the AVX-512 tier's zmm batch (its header)
use ChachaIfma;      # the AVX-512 IFMA tier's Poly1305 (its header)

Perlasm::open_output("x86_64", @ARGV);
Perlasm::set_label_prefix(".Lcp_");

use constant {
    ST => 0, R0 => 64, R1 => 72, H0 => 80, H1 => 88, H2 => 96, S => 104, REM => 120,
    PAD => 128, A_OUT => 144, A_TAG => 152, A_IN => 160, A_INLEN => 168, A_AD => 176,
    # LEFT (SSSE3 fused loop) and WIPE_N (AVX2 AEADs) share 208: each tier uses one
    A_ADLEN => 184, CHUNKLEN => 192, NB => 200, LEFT => 208, WIPE_N => 208, WIPE_AT => 216,
    ADPAD => 224, SPILL => 224, X12 => 352, BUF => 384, USED => 896,
};
use constant FRAME => USED + 32;    # + the slack that rounds B up to 32
# AVX2 AEADs only: the radix-2^26 tables of the vector Poly1305 (gen_poly_avx2)
# after USED: PLOOP r^4 in every lane, PLAST r^4, r^2, r^3, r^1 by lane; each
# 9 rows of 32 bytes (limbs 0-4, then 5 x limbs 1-4).
use constant { PLOOP => USED, PLAST => USED + 288, USED_AVX2 => USED + 576 };
use constant FRAME_AVX2 => USED_AVX2 + 32;
# The IFMA tier's short paths: the 4-lane table (ChachaIfma::powers4, 5 rows
# of 32 bytes) where the AVX2 tables are (the short paths use neither those
# nor the 8-lane one there), and the fewest whole ciphertext blocks for which
# it is made.
use constant { T4 => USED, IFMA4_MIN => 12 };
die "T4: the table passes the AVX2 frame" if T4 + 160 > USED_AVX2;
# The pairs path (pairs_direct_xor): block 0's s at S_EV, next to the table,
# so one wipe from S_EV - 16 covers both (WIPE_EV units without the table);
# an open in place stores its 2 sets blocks just below S_EV - 16; the AVX-512
# tiers' seal puts its last ciphertext piece, zero-padded, at CTPAD (public;
# [256, 288) is the wide paths' spill, unused on this path).
use constant { S_EV => T4 - 16, CTPAD => 256, WIPE_EV => 2 };
die "S_EV: not 32-byte aligned less 16, or no room for 3 sets' blocks below it in the buffer"
    if (S_EV - 16) % 32 || S_EV - 16 - 384 < BUF;
die "CTPAD: overlaps the AD's tail or the buffer" if CTPAD < ADPAD + 16 || CTPAD + 32 > BUF || CTPAD % 32;
# The AVX2 tier's pairs path (pairs_direct_xor without byte masks): the key
# stream of the message's last, partial 32-byte piece at KSTAIL, inside the
# wipe from S_EV - 16 (on that tier the vector Poly1305's table there is
# unused up to 320 bytes).
use constant KSTAIL => T4;
die "KSTAIL: on s or outside the pairs path's wipe"
    if KSTAIL % 32 || KSTAIL < S_EV + 16 || KSTAIL + 32 > S_EV - 16 + 32 * WIPE_EV;
# The skewed pairs path (the header; AVX2 and AVX-512, not IFMA): on the
# AVX2 tier r1 kept at R1_EV across the XOR call that takes r9, inside the
# wipe, under s and above an open in place's blocks. By the
# number of row sets, each set's lead in double rounds over the last
# (horiz_pairs), PAIRS_WEAVE Poly1305 blocks woven into each double round of
# a lead: no more than the path's shortest message has (open 65 and 193
# bytes), for seal no more than it has XORed. Zen 3, open 193-320 bytes
# (lead, blocks a round): 5 and 2 0.93, 4 and 3 0.94-0.98 against 6 and 2's
# 0.91-0.92; two sets: 1 and 2 0.98-1.00, 1 and 4 1.00-1.03 against 2 and
# 2's 0.96-0.98. seal, three sets: leads 5 3, 4 2, 6 5 and 5 4 all within
# 0.92-0.98 like 6 4's (noise).
use constant { R1_EV => S_EV - 16, PAIRS_WEAVE => 2 };
use constant { PAIRS_SKEW => [[], [0], [2, 0], [6, 0, 0]], PAIRS_SKEW_SEAL => [[], [0], [2, 0], [6, 4, 0]] };
die "R1_EV: outside the pairs path's wipe, or on s or an open in place's blocks"
    if R1_EV < S_EV - 16 || R1_EV + 8 > S_EV;
use constant CHUNK => 2048;
# The SSSE3 fused loop's double rounds: [iterations, double rounds per
# iteration, Poly1305 blocks woven into each iteration], 10 double rounds and
# 16 blocks (one 256-byte batch) in all.
use constant FUSE_SSSE3 => [[6, 1, 2], [2, 2, 2]];
{   # checked here, not by the tests alone: other totals would give a wrong key stream or MAC
    my ($drs, $blocks) = (0, 0);
    for (@{+FUSE_SSSE3}) { $drs += $_->[0] * $_->[1]; $blocks += $_->[0] * $_->[2] }
    die "FUSE_SSSE3: $drs double rounds and $blocks Poly1305 blocks, not 10 and 16" if $drs != 10 || $blocks != 16;
}
# The registers of the fused loop's Poly1305: h0, h1, h2, then four free
use constant POLY_ROLES => qw(%r11 %r12 %r13 %r14 %r15 %rbx %rbp);
# The row of the wide paths kept in the frame: 2 (c). 0 (a, whose last update
# in a quarter round comes early, so its store-to-load trip could leave the
# critical path) measured no faster on the Zen 3 VM (SSSE3 ChaCha20 8 KiB 1.8 vs 1.7).
use constant MEMROW => 2;
use constant POLY => "ctasm_chacha_poly1305_blocks";

# ---------------------------------------------------------------------------
# Vector instruction helpers: $vex selects the VEX three-operand forms.
my $vex = 0;
# $evex (the AVX-512 tier): the same VEX code with every rotate one vprold
# (AVX-512VL on xmm/ymm; registers 0-15 only, so nothing else changes).
my $evex = 0;
# $ifma (the AVX-512 IFMA tier): the AVX-512 AEADs with the IFMA bulk Poly1305
# (ChachaIfma.pm); they call the AVX-512 tier's ChaCha20 (its xor functions).
my $ifma = 0;
sub set_tier {
    my ($tier) = @_;
    $vex = $tier ne "ssse3";
    $evex = $tier =~ /^avx512/;
    $ifma = $tier eq "avx512ifma";
}

# dst = op(src1, src2); SSE needs dst == src1 or a copy first (dst != src2).
sub op3 {
    my ($op, $src2, $src1, $dst) = @_;
    if ($vex) { emit("v$op $src2, $src1, $dst"); return }
    if ($dst ne $src1) {
        die "op3: $dst is $src2" if $dst eq $src2;
        emit("movdqa $src1, $dst");
    }
    emit("$op $src2, $dst");
}
sub op2 { my ($op, $src, $dst) = @_; op3($op, $src, $dst, $dst) }
sub mova { my ($src, $dst) = @_; emit(($vex ? "vmovdqa" : "movdqa") . " $src, $dst") }
sub movu { my ($src, $dst) = @_; emit(($vex ? "vmovdqu" : "movdqu") . " $src, $dst") }

# x <<<= n (32-bit lanes); 16 and 8 by a byte shuffle, the rest through $t.
sub rotl {
    my ($x, $n, $t) = @_;
    if ($evex) { emit("vprold \$$n, $x, $x"); return }
    if ($n == 16 || $n == 8) {
        op2("pshufb", ".Lcp_rot$n(%rip)", $x);
        return;
    }
    if ($vex) {
        emit("vpsrld \$" . (32 - $n) . ", $x, $t", "vpslld \$$n, $x, $x", "vpor $t, $x, $x");
    } else {
        emit("movdqa $x, $t", "pslld \$$n, $x", "psrld \$" . (32 - $n) . ", $t", "por $t, $x");
    }
}

# The instructions of one quarter round on words (a, b, c, d), row $MEMROW's
# word at a memory operand, with temporaries $tm (that word) and $tr (the
# rotates), as a list so two can be interleaved. The spilled word is loaded
# where it is first needed and stored right after its last update.
sub qr_ops {
    my ($a, $b, $c, $d, $tm, $tr) = @_;
    my @l;
    my $save = $code;
    my $grab = sub { my $f = shift; $code = ""; $f->(); push @l, $code; };
    if (MEMROW == 0) {
        my $am = $a;
        $a = $tm;
        $grab->(sub { mova($am, $a) });
        $grab->(sub { op2("paddd", $b, $a) });
        $grab->(sub { op2("pxor", $a, $d) });
        $grab->(sub { rotl($d, 16, $tr) });
        $grab->(sub { op2("paddd", $d, $c) });
        $grab->(sub { op2("pxor", $c, $b) });
        $grab->(sub { rotl($b, 12, $tr) });
        $grab->(sub { op2("paddd", $b, $a) });
        $grab->(sub { op2("pxor", $a, $d) });
        $grab->(sub { mova($a, $am) });
        $grab->(sub { rotl($d, 8, $tr) });
        $grab->(sub { op2("paddd", $d, $c) });
        $grab->(sub { op2("pxor", $c, $b) });
        $grab->(sub { rotl($b, 7, $tr) });
    } else {
        my $cm = $c;
        $c = $tm;
        $grab->(sub { op2("paddd", $b, $a) });
        $grab->(sub { op2("pxor", $a, $d) });
        $grab->(sub { rotl($d, 16, $tr) });
        $grab->(sub { mova($cm, $c) });
        $grab->(sub { op2("paddd", $d, $c) });
        $grab->(sub { op2("pxor", $c, $b) });
        $grab->(sub { rotl($b, 12, $tr) });
        $grab->(sub { op2("paddd", $b, $a) });
        $grab->(sub { op2("pxor", $a, $d) });
        $grab->(sub { rotl($d, 8, $tr) });
        $grab->(sub { op2("paddd", $d, $c) });
        $grab->(sub { op2("pxor", $c, $b) });
        $grab->(sub { rotl($b, 7, $tr) });
        $grab->(sub { mova($c, $cm) });
    }
    $code = $save;
    return @l;
}

sub interleave {
    my ($x, $y) = @_;
    for my $i (0 .. $#$x) { $code .= $x->[$i] . $y->[$i] }
}

# 4x4 dword transpose of @k (in place where it can be) with two temporaries;
# returns (the four rows in order, the two registers left free).
sub transpose4 {
    my ($k, $t0, $t1) = @_;
    my ($k0, $k1, $k2, $k3) = @$k;
    op3("punpckldq", $k1, $k0, $t0);
    op3("punpckhdq", $k1, $k0, $k0);
    op3("punpckldq", $k3, $k2, $t1);
    op3("punpckhdq", $k3, $k2, $k2);
    op3("punpcklqdq", $t1, $t0, $k1);
    op3("punpckhqdq", $t1, $t0, $t0);
    op3("punpcklqdq", $k2, $k0, $k3);
    op3("punpckhqdq", $k2, $k0, $k0);
    return ([$k1, $t0, $k3, $k0], [$k2, $t1]);
}

# One 16/32-byte piece of output: key stream $x XORed into out+$off (direct)
# or stored to the frame buffer at $off.
sub put {
    my ($x, $off, $direct, $t) = @_;
    if (!$direct) {
        mova($x, (BUF + $off) . "(%rcx)");
    } elsif ($vex) {
        emit("vpxor $off(%rsi), $x, $x", "vmovdqu $x, $off(%rdi)");
    } else {
        emit("movdqu $off(%rsi), $t", "pxor $x, $t", "movdqu $t, $off(%rdi)");
    }
}

# The wide batch: $lanes blocks (4: xmm, 8: ymm) from the counter at 48(B),
# into out/in (direct) or the buffer. Does not advance the counter.
sub wide_batch {
    my ($lanes, $direct, $fuse) = @_;    # $fuse: the SSSE3 fused loop's parts (see gen_fused)
    my $y = $lanes == 8;
    my @R = map { ($y ? "%ymm" : "%xmm") . $_ } 0 .. 15;
    my $L = $y ? 32 : 16;
    my @reg;    # state word -> register or memory (row MEMROW)
    my $M = MEMROW;
    my @inreg = grep { ($_ >> 2) != $M } 0 .. 15;
    $reg[$inreg[$_]] = $R[$_] for 0 .. 11;
    $reg[4 * $M + $_] = (SPILL + $L * $_) . "(%rcx)" for 0 .. 3;
    # broadcast word i of the state into $dst
    my $bcast = sub {
        my ($i, $dst) = @_;
        if ($vex) {
            emit("vpbroadcastd " . (4 * $i) . "(%rcx), $dst");
        } else {
            emit(sprintf("pshufd \$0x%02x, %d(%%rcx), %s", 0x55 * ($i & 3), 16 * ($i >> 2), $dst));
        }
    };
    for my $i (@inreg) { $bcast->($i, $reg[$i]) }
    op2("paddd", ".Lcp_inc(%rip)", $reg[12]);
    mova($reg[12], X12 . "(%rcx)");
    for my $i (4 * $M .. 4 * $M + 3) { $bcast->($i, $R[12]); mova($R[12], $reg[$i]) }
    my @T = @R[12 .. 15];
    my @rounds = ([[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15]],
                  [[0, 5, 10, 15], [1, 6, 11, 12], [2, 7, 8, 13], [3, 4, 9, 14]]);
    my $pair_ops = sub {
        my ($round, $pair) = @_;
        my @q = map { [qr_ops((map { $reg[$_] } @{ $round->[$_] }), @T[2 * ($_ & 1), 2 * ($_ & 1) + 1])] } @$pair;
        return map { ($q[0][$_], $q[1][$_]) } 0 .. $#{ $q[0] };
    };
    if (ref $fuse) {
        # SSSE3: loops over double rounds, part [$iters, $drs, $blocks]
        # running $iters times a body of $drs double rounds with $blocks
        # Poly1305 blocks woven in (block k from quarter-round pair
        # 4 $drs k / $blocks on, one scalar instruction after each vector
        # one); r10 counts, r8 is s1, r9 advances once per body (see gen_fused)
        my @roles = POLY_ROLES;
        for my $part (@$fuse) {
            my ($iters, $drs, $blocks) = @$part;
            next unless $iters;
            emit("movl \$$iters, %r10d");
            my $loop = newlabel("dround_f");
            label($loop);
            my @pending;
            my ($step, $k) = (0, 0);
            for my $dr (1 .. $drs) {
                for my $round (@rounds) {
                    for my $pair ([0, 1], [2, 3]) {
                        while ($k < $blocks && int(4 * $drs * $k / $blocks) == $step) {
                            push @pending, poly_block_rot(\@roles, 16 * $k++);
                        }
                        for my $op ($pair_ops->($round, $pair)) {
                            $code .= $op;
                            $code .= shift @pending if @pending;
                        }
                        $step++;
                    }
                }
            }
            $code .= join("", @pending);
            die "wide_batch: Poly1305 roles must come back by the loop's end" if "@roles" ne join(" ", POLY_ROLES);
            emit("addq \$" . (16 * $blocks) . ", %r9") if $blocks;
            emit("decl %r10d", "jnz $loop");
        }
    } else {
        emit("movl \$10, %r8d");
        my $loop = newlabel("dround");
        label($loop);
        for my $round (@rounds) {
            for my $pair ([0, 1], [2, 3]) { $code .= join("", $pair_ops->($round, $pair)) }
        }
        emit("decl %r8d", "jnz $loop");
    }
    # add the input words
    for my $i (grep { $_ != 12 } @inreg) { $bcast->($i, $T[0]); op2("paddd", $T[0], $reg[$i]) }
    op2("paddd", X12 . "(%rcx)", $reg[12]);
    # a and b rows, then c and d
    if (!$y) {
        my @free = @T;
        for my $g ((grep { $_ != $M } 0 .. 3), $M) {
            my @k;
            if ($g == $M) {
                # the spilled row: into registers freed by the others, plus its input
                @k = @free[3 .. 6];
                for my $j (0 .. 3) {
                    mova($reg[4 * $M + $j], $k[$j]);
                    $bcast->(4 * $M + $j, $free[0]);
                    op2("paddd", $free[0], $k[$j]);
                }
            } else {
                @k = map { $reg[4 * $g + $_] } 0 .. 3;
            }
            my ($rows, $fr) = transpose4(\@k, $free[0], $free[1]);
            for my $j (0 .. 3) { put($rows->[$j], 64 * $j + 16 * $g, $direct, $free[2]) }
            # the rows' registers are free again, keep two known temporaries
            @free = (@$fr, @free[2 .. $#free], @$rows);
        }
    } else {
        my @free = @T;
        my $half = sub {
            my ($ga, $gb, $off) = @_;
            my ($ra, $fa) = transpose4($ga, $free[0], $free[1]);
            @free = (@$fa, @free[2 .. $#free]);
            my ($rb, $fb) = transpose4($gb, $free[0], $free[1]);
            @free = (@$fb, @free[2 .. $#free]);
            for my $j (0 .. 3) {
                emit("vperm2i128 \$0x20, $rb->[$j], $ra->[$j], $free[0]");
                put($free[0], 64 * $j + $off, $direct);
                emit("vperm2i128 \$0x31, $rb->[$j], $ra->[$j], $free[0]");
                put($free[0], 64 * ($j + 4) + $off, $direct);
            }
            @free = (@free, @$ra, @$rb);
        };
        # the half without the spilled row first, then that row into freed registers
        my $hm = $M >> 1;
        my $h = 1 - $hm;
        $half->([@reg[8 * $h .. 8 * $h + 3]], [@reg[8 * $h + 4 .. 8 * $h + 7]], 32 * $h);
        my @m = @free[0 .. 3];
        @free = @free[4 .. $#free];
        for my $j (0 .. 3) {
            mova($reg[4 * $M + $j], $m[$j]);
            $bcast->(4 * $M + $j, $free[0]);
            op2("paddd", $free[0], $m[$j]);
        }
        my @g = map { $_ >> 2 == $M ? $m[$_ & 3] : $reg[$_] } 8 * $hm .. 8 * $hm + 7;
        $half->([@g[0 .. 3]], [@g[4 .. 7]], 32 * $hm);
    }
}

# The ops of one quarter round on rows (or words) $a, $b, $c, $d all in
# registers, rotates through $t, one string each, so several can be
# interleaved (the short paths; the wide ones keep a row in memory: qr_ops).
sub qr_reg_ops {
    my ($a, $b, $c, $d, $t) = @_;
    my @l;
    my $save = $code;
    for my $f (sub { op2("paddd", $b, $a) }, sub { op2("pxor", $a, $d) }, sub { rotl($d, 16, $t) },
               sub { op2("paddd", $d, $c) }, sub { op2("pxor", $c, $b) }, sub { rotl($b, 12, $t) },
               sub { op2("paddd", $b, $a) }, sub { op2("pxor", $a, $d) }, sub { rotl($d, 8, $t) },
               sub { op2("paddd", $d, $c) }, sub { op2("pxor", $c, $b) }, sub { rotl($b, 7, $t) }) {
        $code = "";
        $f->();
        push @l, $code;
    }
    $code = $save;
    return \@l;
}

# The AVX-512 tier's quarter round on rows in registers (the short paths): the
# same steps as qr_reg_ops, but the xor-rotates that $split names (four flags:
# d <<<= 16, b <<<= 12, d <<<= 8, b <<<= 7) are split. On Zen 4 vprold (like
# pshufb, or AVX2's shift+shift+or) has latency 2, so x = (x ^ y) <<< n costs 3
# after y and a round 16. A rotate distributes over XOR, so
#   x' = (x <<< n) ^ (y << n) ^ (y >> (32 - n)),
# where x <<< n is made while y is still being computed (x's last read is the
# add before), and the two shifts and the 3-way XOR (vpternlogd 0x96) cost 2
# after y: a round 12 on the critical path. Each rotate of x is emitted right
# after the add that last reads the old x: in the order of the quarter round
# (after the add of its own step) Zen 4 ran a double round in 28-30 cycles,
# this way in ~25 (the ops enter the scheduler in program order, and a rotate
# emitted late delays the chain behind it). Two more ops per split rotate,
# shifts on the two pipes that also run the shuffles: with two or three row
# sets side by side the rounds are bound by throughput, and splitting any
# rotate made them slower (%EVEX_SPLIT). $u: the second temporary (ymm16+,
# EVEX only).
sub qr_evex_ops {
    my ($a, $b, $c, $d, $t, $u, $split) = @_;
    # $x += $y; $z = ($z ^ $x) <<< $n
    my @steps = ([$a, $b, $d, 16], [$c, $d, $b, 12], [$a, $b, $d, 8], [$c, $d, $b, 7]);
    my @l;
    push @l, "\tvprold \$16, $d, $d\n" if $split->[0];
    for my $k (0 .. 3) {
        my ($x, $y, $z, $n) = @{ $steps[$k] };
        push @l, "\tvpaddd $y, $x, $x\n";
        # this add was the last read of the next step's $z: rotate it now
        # (an empty op keeps the lists of all sets the same length)
        my $next = $k < 3 && $split->[$k + 1] ? $steps[$k + 1] : undef;
        push @l, $next ? "\tvprold \$$next->[3], $next->[2], $next->[2]\n" : "";
        if ($split->[$k]) {
            push @l, "\tvpslld \$$n, $x, $t\n", "\tvpsrld \$" . (32 - $n) . ", $x, $u\n",
                     "\tvpternlogd \$0x96, $u, $t, $z\n";
        } else {
            push @l, "\tvpxor $x, $z, $z\n", "\tvprold \$$n, $z, $z\n";
        }
    }
    return \@l;
}

# The split rotates (qr_evex_ops) of the AVX-512 short paths by the number of
# row sets side by side (Zen 4, a loop of double rounds alone, core cycles
# per double round with no / all rotates split; every other mask measured in
# between or worse): one set 32.4 / 24.7, two 32.9 / 39.6, three 38.9 / 48.7.
# Keyed by the sets running at once: the skewed path's lone sets split.
my %EVEX_SPLIT = (1 => [1, 1, 1, 1], 2 => [0, 0, 0, 0], 3 => [0, 0, 0, 0], 4 => [0, 0, 0, 0]);

# The short path: $n (1..3) blocks from the counter at 48(B) into the buffer,
# block i in rows 4i..4i+3, one temporary per block (registers 12-14), the
# blocks' instructions interleaved so they share the latency of one.
# Does not advance the counter.
# With $fuse (SSSE3 seal, one block): the loop also runs Poly1305 over 10
# blocks at r9 (advanced), in the registers of the fused loop (r8 s1, h in
# r11-r13, r0 r1 in the frame); r10 counts the trips instead of r8.
sub horiz {
    my ($n, $fuse) = @_;
    my @rows = map { my $i = $_; [map { "%xmm" . (4 * $i + $_) } 0 .. 3] } 0 .. $n - 1;
    my @t = map { "%xmm" . (12 + $_) } 0 .. $n - 1;
    for my $i (0 .. $n - 1) {
        for my $j (0 .. 3) { mova((16 * $j) . "(%rcx)", $rows[$i][$j]) }
        op2("paddd", ".Lcp_blk" . $i . "(%rip)", $rows[$i][3]) if $i;
    }
    emit($fuse ? "movl \$5, %r10d" : "movl \$10, %r8d");
    my $loop = newlabel("dround_h");
    label($loop);
    # rows a, c and d rotate for the diagonal round, not b (as in
    # horiz_pairs): b's last update ends a round and is the next round's first
    # input, so a shuffle of b would add its latency to every round
    my $shuf = sub {
        my ($ia, $ic, $id) = @_;
        my $p = $vex ? "vpshufd" : "pshufd";
        for my $r (@rows) {
            emit("$p \$$ia, $r->[0], $r->[0]", "$p \$$ic, $r->[2], $r->[2]", "$p \$$id, $r->[3], $r->[3]");
        }
    };
    # the AVX-512 tier splits the rotates of a lone block (qr_evex_ops)
    my $round = sub {
        my @q = map {
            $evex && $n == 1 ? qr_evex_ops(@{ $rows[$_] }, $t[$_], "%xmm16", $EVEX_SPLIT{1})
                             : qr_reg_ops(@{ $rows[$_] }, $t[$_])
        } 0 .. $n - 1;
        for my $k (0 .. $#{ $q[0] }) { $code .= $_->[$k] for @q }
    };
    my $dround = sub {
        $round->();
        # lane k of b meets a's lane k-1, c's k+1, d's k+2: (x0,x5,x10,x15) at k = 1
        $shuf->(0x93, 0x39, 0x4e);
        $round->();
        $shuf->(0x39, 0x93, 0x4e);
    };
    if ($fuse) {
        # two double rounds a trip, each with one Poly1305 block woven in (one
        # scalar instruction after each vector one, as the fused loop does)
        my @roles = POLY_ROLES;
        for my $k (0, 1) {
            my $save = $code;
            $code = "";
            $dround->();
            my @ops = split /^/m, $code;
            $code = $save;
            my @p = poly_block_rot(\@roles, 16 * $k);
            for my $op (@ops) { $code .= $op; $code .= shift @p if @p }
            $code .= join("", @p);
        }
        die "horiz: Poly1305 roles must come back by the loop's end" if "@roles" ne join(" ", POLY_ROLES);
        emit("addq \$32, %r9", "decl %r10d", "jnz $loop");
    } else {
        $dround->();
        emit("decl %r8d", "jnz $loop");
    }
    for my $i (0 .. $n - 1) {
        for my $j (0 .. 3) {
            if ($i && $j == 3) {
                # the counter row of block i: state row 3 plus (i, 0, 0, 0)
                mova("48(%rcx)", $t[$i]);
                op2("paddd", ".Lcp_blk" . $i . "(%rip)", $t[$i]);
                op2("paddd", $t[$i], $rows[$i][3]);
            } else {
                op2("paddd", (16 * $j) . "(%rcx)", $rows[$i][$j]);
            }
            mova($rows[$i][$j], (BUF + 64 * $i + 16 * $j) . "(%rcx)");
        }
    }
}

# The AVX2 short path: 2 $sets (1..3) blocks from the counter at 48(B), left
# in the row sets, two blocks per ymm row set (block 2i in the low lanes of ymm
# 4i..4i+3, block 2i+1 in the high ones, temporary 12+i): six blocks cost
# about the latency of one. The diagonal round rotates rows a, c and d (by
# 3, 1, 2 lanes), not b: b's last update ends a round and is the first input
# of the next, so rotating it would add a shuffle's latency to every round;
# a, c and d are ready early enough for theirs to run in its shadow.
# Does not advance the counter. With $in_regs, rows 1-3 of the state are
# still in xmm1-xmm3 (load_state's; the AEADs' pad_copy touches only xmm0):
# they are widened in registers (vinserti128), not reloaded from the frame
# that load_state has just stored them to, one store-to-load trip less
# before the first round. The blocks stay in the row sets for
# pairs_direct_xor (or keystream_to_buf); only block 0's s goes to the frame,
# at S_EV. $skew (the skewed path, header): {lead}, each set's lead in
# double rounds over the last set; {done}, called with i as set i is done
# (its input added; the later sets' rows still in the rounds; ymm12, set 0's
# temporary, free); {weave}, the scalar instructions each double round of
# a lead carries, one after each vector one, counted in {ctr}
# (r8d counts the double rounds before set 0 is done).
sub horiz_pairs {
    my ($sets, $in_regs, $skew) = @_;
    my @rows = map { my $i = $_; [map { "%ymm" . (4 * $i + $_) } 0 .. 3] } 0 .. $sets - 1;
    my @t = map { "%ymm" . (12 + $_) } 0 .. $sets - 1;
    if ($in_regs) {
        emit("vbroadcasti128 .Lcp_sigma(%rip), %ymm0");
        emit("vinserti128 \$1, %xmm$_, %ymm$_, %ymm$_") for 1 .. 3;
        for my $i (1 .. $sets - 1) { emit("vmovdqa $rows[0][$_], $rows[$i][$_]") for 0 .. 3 }
    }
    for my $i (0 .. $sets - 1) {
        emit("vbroadcasti128 " . (16 * $_) . "(%rcx), $rows[$i][$_]") for $in_regs ? () : 0 .. 3;
        emit("vpaddd .Lcp_blk" . (2 * $i) . "(%rip), $rows[$i][3], $rows[$i][3]");
    }
    # $trips double rounds of the sets listed, counted in $ctr; $weave (a list
    # of scalar instructions, one after each vector one) goes into every trip
    my $drounds = sub {
        my ($which, $trips, $ctr, $weave) = @_;
        my $save = $code;
        $code = "";
        my $round = sub {
            my @q = map {
                $evex ? qr_evex_ops(@{ $rows[$_] }, $t[$_], "%ymm" . (16 + $_), $EVEX_SPLIT{scalar @$which})
                      : qr_reg_ops(@{ $rows[$_] }, $t[$_])
            } @$which;
            for my $k (0 .. $#{ $q[0] }) { $code .= $_->[$k] for @q }
        };
        my $shuf = sub {
            my ($ia, $ic, $id) = @_;
            for my $r (@rows[@$which]) {
                emit("vpshufd \$$ia, $r->[0], $r->[0]", "vpshufd \$$ic, $r->[2], $r->[2]",
                     "vpshufd \$$id, $r->[3], $r->[3]");
            }
        };
        $round->();
        # lane k of b meets a's lane k-1, c's k+1, d's k+2: (x0,x5,x10,x15) at k = 1
        $shuf->(0x93, 0x39, 0x4e);
        $round->();
        $shuf->(0x39, 0x93, 0x4e);
        my @ops = split /^/m, $code;
        $code = $save;
        my $loop = newlabel("dround_p");
        emit("movl \$$trips, $ctr");
        label($loop);
        my @w = @{ $weave // [] };
        for my $op (@ops) { $code .= $op; $code .= shift @w if @w }
        $code .= join("", @w);
        emit("decl $ctr", "jnz $loop");
    };
    # add the input to set $i
    my $finish = sub {
        my ($i) = @_;
        my $r = $rows[$i];
        for my $j (0 .. 3) {
            emit("vbroadcasti128 " . (16 * $j) . "(%rcx), $t[$i]");
            emit("vpaddd .Lcp_blk" . (2 * $i) . "(%rip), $t[$i], $t[$i]") if $j == 3;
            emit("vpaddd $t[$i], $r->[$j], $r->[$j]");
        }
    };
    if ($skew) {
        # set i runs lead i double rounds ahead of the last set: first the
        # sets 0..i for lead i - lead i+1 (r8d counts), then all of them, then
        # as each is done, the rest for its lead over the next with the weave
        my @lead = @{ $skew->{lead} };
        die "horiz_pairs: leads @lead: not $sets falling to 0 within 10 double rounds"
            if @lead != $sets || $lead[-1] || $lead[0] > 10 || grep { $lead[$_] < $lead[$_ + 1] } 0 .. $sets - 2;
        for my $i (0 .. $sets - 2) {
            $drounds->([0 .. $i], $lead[$i] - $lead[$i + 1], "%r8d") if $lead[$i] > $lead[$i + 1];
        }
        $drounds->([0 .. $sets - 1], 10 - $lead[0], "%r8d") if $lead[0] < 10;
        for my $i (0 .. $sets - 1) {
            $finish->($i);
            emit("vmovdqa %xmm1, " . S_EV . "(%rcx)") if $i == 0;
            $skew->{done}->($i);
            my $n = $i < $sets - 1 ? $lead[$i] - $lead[$i + 1] : 0;
            $drounds->([$i + 1 .. $sets - 1], $n, $skew->{ctr}, $skew->{weave}) if $n;
        }
        return;
    }
    $drounds->([0 .. $sets - 1], 10, "%r8d");
    if ($sets == 4) {
        # four sets (AVX-512 only) fill ymm0-15: the input rows once in
        # ymm16-18 (the AVX-512 short paths' temporaries, which the wipe
        # covers; ymm19-31 stay the caller's), row d last in ymm18
        emit("vbroadcasti32x4 " . (16 * $_) . "(%rcx), %ymm" . (16 + $_)) for 0 .. 2;
        for my $r (@rows) { emit("vpaddd %ymm" . (16 + $_) . ", $r->[$_], $r->[$_]") for 0 .. 2 }
        emit("vbroadcasti32x4 48(%rcx), %ymm18");
        emit("vpaddd %ymm18, $rows[$_][3], $rows[$_][3]", "vpaddd .Lcp_blk" . (2 * $_) . "(%rip), $rows[$_][3], $rows[$_][3]")
            for 0 .. 3;
    } else {
        $finish->($_) for 0 .. $sets - 1;
    }
    # block 0's s (row b's low lane) to the frame for the tag
    emit("vmovdqa %xmm1, " . S_EV . "(%rcx)");
}

# $sets row sets from set $first (0 unless given; set i in ymm 4i..4i+3) to
# the frame, block k at $base + 64 k (BUF unless given), through $t (ymm12
# unless given).
sub keystream_to_buf {
    my ($sets, $first, $t, $base) = @_;
    $first //= 0;
    $t //= "%ymm12";
    $base //= BUF;
    for my $i ($first .. $first + $sets - 1) {
        my @r = map { "%ymm" . (4 * $i + $_) } 0 .. 3;
        my $o = $base + 128 * $i;
        my $k = 0;
        for my $sel ([0, 1, 0], [2, 3, 0], [0, 1, 1], [2, 3, 1]) {
            my ($x, $y, $hi) = @$sel;
            if (evex_reg($t)) {
                emit("vshufi32x4 \$" . ($hi ? 3 : 0) . ", $r[$y], $r[$x], $t", "vmovdqa64 $t, " . ($o + 32 * $k++) . "(%rcx)");
            } else {
                emit("vperm2i128 \$" . ($hi ? "0x31" : "0x20") . ", $r[$y], $r[$x], $t",
                     "vmovdqa $t, " . ($o + 32 * $k++) . "(%rcx)");
            }
        }
    }
}

# The pairs path's key stream, kept in the row sets horiz_pairs left (ymm
# 4i..4i+3: blocks 2i, 2i + 1): 32-byte piece $j of the message is half
# $j & 1 of block 1 + ($j >> 1), into $t.
sub ks_piece {
    my ($j, $t) = @_;
    my $b = 1 + ($j >> 1);
    my ($set, $hi) = ($b >> 1, $b & 1);
    my ($x, $y) = map { "%ymm" . (4 * $set + $_) } $j & 1 ? (2, 3) : (0, 1);
    if (evex_reg($t)) { emit("vshufi32x4 \$" . ($hi ? 3 : 0) . ", $y, $x, $t") }
    else { emit("vperm2i128 \$" . ($hi ? "0x31" : "0x20") . ", $y, $x, $t") }
}

# Whether $r is one of ymm16-31 (EVEX encodings only: vshufi32x4, vpxorq,
# vmovdqu64 for vperm2i128, vpxor, vmovdqu)
sub evex_reg { $_[0] =~ /^%[xyz]mm(\d+)$/ && $1 >= 16 }

# out = in ^ key stream from the rows for the $len bytes in rdx (rdi out, rsi
# in), $min of them sure (the path's shortest message), 32 bytes a piece and
# the last piece under a byte mask (k1; AVX-512): no key stream in memory,
# nothing written past out + len, nothing read past in + len (masked loads do not
# fault). $ctpad (seal): the last piece's ciphertext, zero-padded, to CTPAD
# too, so the MAC takes its padded tail block from there, not from bytes of
# out that only a masked store wrote (a whole block of that piece it still
# reads from out). Uses ymm12-14 and k1 (the mask: public), rdx, rsi, rdi;
# the length is public. The AVX2 tier (no byte masks): the last piece's key
# stream to KSTAIL and ctasm_chacha20_xorbuf_avx2 over its n bytes (16, then
# 1 at a time), which also clobbers rax, r9 and ymm0 (so r is taken from xmm0
# first).
# The whole 32-byte piece $j: out = in ^ its key stream (rdi out, rsi in),
# through ymm12
sub xor_piece {
    my ($j, $t) = @_;
    $t //= "%ymm12";
    my $e = evex_reg($t);
    ks_piece($j, $t);
    emit(($e ? "vpxorq " : "vpxor ") . (32 * $j) . "(%rsi), $t, $t",
         ($e ? "vmovdqu64 " : "vmovdqu ") . "$t, " . (32 * $j) . "(%rdi)");
}

sub pairs_direct_xor {
    my ($sets, $min, $ctpad, $from) = @_;
    my $pieces = 4 * $sets - 2;
    # key stream, data, mask: four sets fill ymm0-15 (AVX-512 only)
    my ($K, $D, $M) = map { "%ymm$_" } $sets == 4 ? (16 .. 18) : (12 .. 14);
    my $done = newlabel("dxdone");
    my @tails;
    for my $j (($from // 0) .. $pieces - 1) {
        if (32 * ($j + 1) > $min) {
            my $tl = newlabel("dxtail");
            push @tails, [$j, $tl];
            emit("cmpq \$" . (32 * ($j + 1)) . ", %rdx", "jb $tl");
        }
        xor_piece($j, $K);
    }
    emit("jmp $done");
    my $vtail = $evex ? undef : newlabel("dxvtail");
    for my $tj (@tails) {
        my ($j, $tl) = @$tj;
        label($tl);
        # n = len - 32 j bytes (0..31) of piece j; none: done
        emit($j ? "subq \$" . (32 * $j) . ", %rdx" : "testq %rdx, %rdx", "jz $done");
        ks_piece($j, $K);
        if (!$evex) {
            emit("vmovdqa %ymm12, " . KSTAIL . "(%rcx)");
            emit("addq \$" . (32 * $j) . ", %rsi", "addq \$" . (32 * $j) . ", %rdi") if $j;
            emit("jmp $vtail") if $tj != $tails[-1];
            next;
        }
        emit("vpbroadcastb %edx, $M", "vpcmpub \$6, .Lcp_iota(%rip), $M, %k1",
             "vmovdqu8 " . (32 * $j) . "(%rsi), $D\{%k1}{z}", ($sets == 4 ? "vpxorq" : "vpxor") . " $K, $D, $D",
             "vmovdqu8 $D, " . (32 * $j) . "(%rdi){%k1}");
        # past n the XOR left key stream: zeroed before the frame gets it
        emit("vmovdqu8 $D, $D\{%k1}{z}", ($sets == 4 ? "vmovdqa64" : "vmovdqa") . " $D, " . CTPAD . "(%rcx)")
            if $ctpad;
        emit("jmp $done");
    }
    if (!$evex) {
        label($vtail);
        emit("leaq " . KSTAIL . "(%rcx), %r9", "call ctasm_chacha20_xorbuf_avx2");
    }
    label($done);
}

# ctasm_chacha20_xorbuf_<tier>: out[0..len) = in ^ key stream at r9; rdi out,
# rsi in, rdx len (public). Clobbers rax, xmm0 (ymm0 in the VEX tiers) and
# the flags; advances rsi, rdi and r9 by len and leaves rdx 0.
sub gen_xorbuf {
    my ($tier) = @_;
    set_tier($tier);
    my ($b16, $b1, $bend, $done) = map { newlabel($_) } qw(t16 t1 tend tdone);
    emit(".ctasm_proc ctasm_chacha20_xorbuf_$tier");
    my $step16 = sub {
        if ($vex) {
            emit("vmovdqu (%rsi), %xmm0", "vpxor (%r9), %xmm0, %xmm0", "vmovdqu %xmm0, (%rdi)");
        } else {
            emit("movdqu (%rsi), %xmm0", "movdqu (%r9), %xmm1", "pxor %xmm1, %xmm0", "movdqu %xmm0, (%rdi)");
        }
        emit("addq \$16, %rsi", "addq \$16, %rdi", "addq \$16, %r9", "subq \$16, %rdx");
    };
    if ($vex) {
        # 32 bytes a step, then at most one 16 (made for the IFMA tier's MAC,
        # which loads a seal's ciphertext 32 bytes at a time; measured in the
        # header: a few percent from 192 bytes, open gaining more than seal)
        my $b32 = newlabel("t32");
        emit("cmpq \$32, %rdx", "jb $b16");
        label($b32);
        emit("vmovdqu (%rsi), %ymm0", "vpxor (%r9), %ymm0, %ymm0", "vmovdqu %ymm0, (%rdi)",
             "addq \$32, %rsi", "addq \$32, %rdi", "addq \$32, %r9", "subq \$32, %rdx",
             "cmpq \$32, %rdx", "jae $b32");
        label($b16);
        if ($evex) {
            # AVX-512: the last 0-31 bytes in one step under a byte mask, not
            # 16 then a loop trip a byte; ymm16 is wiped with the short paths'
            # temporaries (wipe_and_return)
            emit("testq %rdx, %rdx", "jz $done",
                 "vpbroadcastb %edx, %ymm16", "vpcmpub \$6, .Lcp_iota(%rip), %ymm16, %k1",
                 "vmovdqu8 (%rsi), %ymm16{%k1}{z}", "vmovdqu8 (%r9), %ymm0{%k1}{z}",
                 "vpxorq %ymm16, %ymm0, %ymm0", "vmovdqu8 %ymm0, (%rdi){%k1}",
                 "addq %rdx, %rsi", "addq %rdx, %rdi", "addq %rdx, %r9", "xorl %edx, %edx",
                 "jmp $done");
        }
        emit("cmpq \$16, %rdx", "jb $b1");
        $step16->();
    } else {
        emit("cmpq \$16, %rdx", "jb $b1");
        label($b16);
        $step16->();
        emit("cmpq \$16, %rdx", "jae $b16");
    }
    label($b1);
    emit("testq %rdx, %rdx", "jz $done");
    label($bend);
    emit("movzbl (%rsi), %eax", "xorb (%r9), %al", "movb %al, (%rdi)",
         "incq %rsi", "incq %rdi", "incq %r9", "decq %rdx", "jnz $bend");
    label($done);
    emit(".ctasm_ret", ".ctasm_endproc");
}

# ---------------------------------------------------------------------------
# ctasm_chacha20_xor_<tier>: out[0..len) = in ^ key stream; rdi out, rsi in,
# rdx len, rcx B. Advances the counter word by the blocks made.
sub gen_xor {
    my ($tier) = @_;
    set_tier($tier);
    my $W = $vex ? 8 : 4;
    my $WB = 64 * $W;
    my ($wide_loop, $tail_small, $tail_buf, $done) = map { newlabel($_) } qw(wide small tailbuf done);
    emit(".ctasm_proc ctasm_chacha20_xor_$tier");
    ChachaAvx512::zmm_loop() if $evex;    # 16-block batches first
    emit("cmpq \$$WB, %rdx", "jb $tail_small");
    label($wide_loop);
    wide_batch($W, 1);
    emit("addl \$$W, 48(%rcx)", "addq \$$WB, %rdi", "addq \$$WB, %rsi", "subq \$$WB, %rdx",
         "cmpq \$$WB, %rdx", "jae $wide_loop");
    label($tail_small);
    emit("testq %rdx, %rdx", "jz $done");
    if ($vex) {
        my $not8 = newlabel("not8");
        emit("cmpq \$256, %rdx", "jbe $not8");
        wide_batch(8, 0);
        emit("addl \$8, 48(%rcx)", "jmp $tail_buf");
        label($not8);
    }
    my ($not4, $h1, $h2) = (newlabel("not4"), newlabel("h1"), newlabel("h2"));
    emit("cmpq \$192, %rdx", "jbe $not4");
    wide_batch(4, 0);
    emit("addl \$4, 48(%rcx)", "jmp $tail_buf");
    label($not4);
    # up to three blocks side by side
    emit("cmpq \$64, %rdx", "jbe $h1", "cmpq \$128, %rdx", "jbe $h2");
    horiz(3);
    emit("addl \$3, 48(%rcx)", "jmp $tail_buf");
    label($h2);
    horiz(2);
    emit("addl \$2, 48(%rcx)", "jmp $tail_buf");
    label($h1);
    horiz(1);
    emit("incl 48(%rcx)");
    # XOR rdx (< one batch) bytes with the key stream in the buffer
    label($tail_buf);
    emit("leaq " . BUF . "(%rcx), %r9", "call ctasm_chacha20_xorbuf_$tier");
    label($done);
    emit(".ctasm_ret", ".ctasm_endproc");
}

# ---------------------------------------------------------------------------
# The SSSE3 fused loop. Registers: r11/r12/r13 h0/h1/h2, r14 r15 rbx rbp the
# product, r8 s1, r9 the MAC pointer, r0 and r1 read from the frame (B in
# rcx), rax rdx for mul; rdi, rsi the batch's out and in, r10 the double-round
# loops (the batches left in the frame at LEFT).
# The SSSE3 fused loop's Poly1305 block (16 bytes at $off(%r9), pad bit
# set), one string per instruction, on roles [h0, h1, h2, f0, f1, f2, f3]
# (the accumulator and four free registers) that it permutes: the product
# lands in free registers, so no moves bring it back to h0..h2. The
# permutation is its own inverse, so an even number of blocks per loop body
# leaves every role where it started. r0, r1 are read from the frame, s1 is
# r8, rax rdx for mul. The reduction takes 5 (t3 >> 2) as lea.
sub poly_block_rot {
    my ($roles, $off) = @_;
    my ($h0, $h1, $h2, $f0, $f1, $f2, $f3) = @$roles;
    my ($r0, $r1) = (R0 . "(%rcx)", R1 . "(%rcx)");
    @$roles = ($f0, $f2, $f3, $h0, $f1, $h1, $h2);
    return map { "\t$_\n" } (
        "addq $off(%r9), $h0", "adcq " . ($off + 8) . "(%r9), $h1", "adcq \$1, $h2",
        # d0 = h0 r0 + h1 s1 -> f1:f0, d1 = h0 r1 + h1 r0 + h2 s1 -> f3:f2
        "movq $r0, %rax", "mulq $h0", "movq %rax, $f0", "movq %rdx, $f1",
        "movq $r1, %rax", "mulq $h0", "movq %rax, $f2", "movq %rdx, $f3",
        "movq %r8, %rax", "mulq $h1", "addq %rax, $f0", "adcq %rdx, $f1",
        "movq $r0, %rax", "mulq $h1", "addq %rax, $f2", "adcq %rdx, $f3",
        "movq %r8, %rax", "imulq $h2, %rax", "addq %rax, $f2", "adcq \$0, $f3",
        "imulq $r0, $h2",    # d2 = h2 r0
        # f0 + 2^64 (f1 + f2) + 2^128 (f3 + d2)
        "addq $f1, $f2", "adcq $h2, $f3",
        # h = f0 + 2^64 f2 + 2^128 (f3 & 3) + 5 (f3 >> 2)
        "movq $f3, %rax", "shrq \$2, %rax", "leaq (%rax,%rax,4), %rax", "andq \$3, $f3",
        "addq %rax, $f0", "adcq \$0, $f2", "adcq \$0, $f3");
}

# ctasm_chacha20_poly1305_fused_ssse3: rdx (>= 1) whole 4-block batches from
# in (rsi) to out (rdi), and during each batch's rounds Poly1305 over the
# batch's length of data at r9 (advancing r9), with the state at B + 64.
sub gen_fused {
    $vex = 0;
    my ($W, $WB) = (4, 256);
    my $loop = newlabel("fused");
    # the double-round loops need r10, so the batches left are in the frame
    my $left = LEFT . "(%rcx)";
    emit(".ctasm_proc ctasm_chacha20_poly1305_fused_ssse3",
         "movq %rdx, $left",
         "movq " . H0 . "(%rcx), %r11", "movq " . H1 . "(%rcx), %r12", "movq " . H2 . "(%rcx), %r13",
         "movq " . R1 . "(%rcx), %r8", "shrq \$2, %r8", "addq " . R1 . "(%rcx), %r8");
    label($loop);
    wide_batch($W, 1, FUSE_SSSE3);
    emit("addl \$$W, 48(%rcx)", "addq \$$WB, %rdi", "addq \$$WB, %rsi", "decq $left", "jnz $loop",
         "movq %r11, " . H0 . "(%rcx)", "movq %r12, " . H1 . "(%rcx)", "movq %r13, " . H2 . "(%rcx)",
         ".ctasm_ret", ".ctasm_endproc");
}

# h = (h + m) r, partly reduced (the arithmetic and bounds of the header), the
# registers of every scalar Poly1305 here but the SSSE3 fused loop's: r8 r0,
# r9 r1, r10 s1, r11/r12/r13 h0/h1/h2, r14 r15 rbx rbp the product, rax rdx for
# mul. @m: the three limbs of the block to add first (the pad bit in the
# third, as operands), or none for h = h r (the powers of r).
sub poly_mul {
    my @m = @_;
    my ($r0, $r1, $s1, $h0, $h1, $h2) = qw(%r8 %r9 %r10 %r11 %r12 %r13);
    my ($t0, $t1, $t2, $t3) = qw(%r14 %r15 %rbx %rbp);
    emit("addq $m[0], $h0", "adcq $m[1], $h1", "adcq $m[2], $h2") if @m;
    # d0 = h0 r0 + h1 s1 -> t1:t0, d1 = h0 r1 + h1 r0 + h2 s1 -> t3:t2
    emit("movq $r0, %rax", "mulq $h0", "movq %rax, $t0", "movq %rdx, $t1",
         "movq $r1, %rax", "mulq $h0", "movq %rax, $t2", "movq %rdx, $t3",
         "movq $s1, %rax", "mulq $h1", "addq %rax, $t0", "adcq %rdx, $t1",
         "movq $r0, %rax", "mulq $h1", "addq %rax, $t2", "adcq %rdx, $t3",
         "movq $h2, %rax", "imulq $s1, %rax", "addq %rax, $t2", "adcq \$0, $t3",
         "imulq $r0, $h2",    # d2 = h2 r0
         # t0 + 2^64 (t1 + t2) + 2^128 (t3 + d2)
         "addq $t1, $t2", "adcq $h2, $t3",
         # h = t0 + 2^64 t2 + 2^128 (t3 & 3) + 5 (t3 >> 2)
         "movq $t3, $h2", "andq \$3, $h2",
         "movq $t3, %rax", "andq \$-4, %rax", "shrq \$2, $t3", "addq $t3, %rax",
         "movq $t0, $h0", "movq $t2, $h1",
         "addq %rax, $h0", "adcq \$0, $h1", "adcq \$0, $h2");
}

# ---------------------------------------------------------------------------
# ctasm_chacha_poly1305_blocks: rdi the Poly1305 state (r0, r1, h0, h1, h2),
# rsi data, rdx the number of 16-byte blocks (each with the 2^128 pad bit:
# the AEAD pads every block to 16 bytes). Clobbers every GPR but rsp, rdi.
sub gen_poly {
    my ($r0, $r1, $s1, $h0, $h1, $h2) = qw(%r8 %r9 %r10 %r11 %r12 %r13);
    my ($loop, $done) = (newlabel("poly"), newlabel("polydone"));
    emit(".ctasm_proc " . POLY,
         "testq %rdx, %rdx", "jz $done",
         "movq %rdx, %rcx",
         "movq 0(%rdi), $r0", "movq 8(%rdi), $r1",
         "movq $r1, $s1", "shrq \$2, $s1", "addq $r1, $s1",
         "movq 16(%rdi), $h0", "movq 24(%rdi), $h1", "movq 32(%rdi), $h2");
    label($loop);
    poly_mul("0(%rsi)", "8(%rsi)", "\$1");
    emit("leaq 16(%rsi), %rsi", "decq %rcx", "jnz $loop",
         "movq $h0, 16(%rdi)", "movq $h1, 24(%rdi)", "movq $h2, 32(%rdi)");
    label($done);
    emit(".ctasm_ret", ".ctasm_endproc");
}

# ---------------------------------------------------------------------------
# AVX2 Poly1305: four blocks at a time in ymm lanes, radix 2^26 (limb k of a
# lane in the low 26 bits of its qword k), with r^4 per step and r^4, r^2,
# r^3, r^1 on the last (a lane's blocks are 4g + (0, 2, 1, 3): the order
# vpunpck{l,h}qdq leaves two loaded block pairs in). With limbs h_k < 2^28
# (carried, plus a message limb), r_k < 2^27 and 5 r_k < 2^30, each of the
# five products of a column is below 2^57 and their sum below 2^60: no
# qword overflows. The carry pass after a multiply leaves every limb below
# 2^26 plus a few bits. Measured against the scalar woven loop in the header.

# h (three 2^64 limbs) -> radix 2^26 limbs in $l0..$l4 (GPRs); clobbers rax.
sub to26 {
    my ($h0, $h1, $h2, @l) = @_;
    emit("movq $h0, $l[0]", "andl \$0x3ffffff, " . r32($l[0]),
         "movq $h0, $l[1]", "shrq \$26, $l[1]", "andl \$0x3ffffff, " . r32($l[1]),
         "movq $h0, $l[2]", "shrq \$52, $l[2]", "movq $h1, %rax", "shlq \$12, %rax", "orq %rax, $l[2]",
         "andl \$0x3ffffff, " . r32($l[2]),
         "movq $h1, $l[3]", "shrq \$14, $l[3]", "andl \$0x3ffffff, " . r32($l[3]),
         "movq $h1, $l[4]", "shrq \$40, $l[4]", "movq $h2, %rax", "shlq \$24, %rax", "orq %rax, $l[4]");
}
sub r32 {
    my ($r) = @_;
    return "%r$1d" if $r =~ /^%r(\d+)$/;
    return "%e$1" if $r =~ /^%r([a-z]{2})$/;
    die "r32: $r";
}

# ctasm_chacha_poly1305_powers_avx2: rdi the Poly1305 state (B + 64); fills
# PLOOP and PLAST from r. Clobbers the GPRs but rsp, rdi and ymm0-2.
sub gen_powers {
    my $T = PLAST - R0;    # the tables from rdi
    emit(".ctasm_proc ctasm_chacha_poly1305_powers_avx2",
         "movq 0(%rdi), %r8", "movq 8(%rdi), %r9", "movq %r9, %r10", "shrq \$2, %r10", "addq %r9, %r10");
    # lane 3 of PLAST is r itself
    to26("%r8", "%r9", "\$0", map { "%r$_" } 11 .. 15);
    emit("movq %r" . (11 + $_) . ", " . ($T + 32 * $_ + 24) . "(%rdi)") for 0 .. 4;
    emit("movq %r8, %r11", "movq %r9, %r12", "xorl %r13d, %r13d");
    # r^2 (lane 1), r^3 (lane 2), r^4 (lane 0): h = h r, no block added
    for my $lane (1, 2, 0) {
        poly_mul();
        # h2 <= 4 here, so limb 4 < 2^27; the lanes' sums are reduced later
        to26("%r11", "%r12", "%r13", "%rbp", "%rbx", "%r14", "%r15", "%rdx");
        my @l = ("%rbp", "%rbx", "%r14", "%r15", "%rdx");
        emit("movq $l[$_], " . ($T + 32 * $_ + 8 * $lane) . "(%rdi)") for 0 .. 4;
    }
    # 5 r_k for k = 1..4; PLOOP = lane 0 of PLAST everywhere
    for my $k (0 .. 4) {
        emit("vmovdqa " . ($T + 32 * $k) . "(%rdi), %ymm0");
        if ($k) {
            emit("vpsllq \$2, %ymm0, %ymm1", "vpaddq %ymm0, %ymm1, %ymm1",
                 "vmovdqa %ymm1, " . ($T + 32 * ($k + 4)) . "(%rdi)",
                 "vpermq \$0, %ymm1, %ymm2", "vmovdqa %ymm2, " . (PLOOP - R0 + 32 * ($k + 4)) . "(%rdi)");
        }
        emit("vpermq \$0, %ymm0, %ymm0", "vmovdqa %ymm0, " . (PLOOP - R0 + 32 * $k) . "(%rdi)");
    }
    emit(".ctasm_ret", ".ctasm_endproc");
}

# ctasm_chacha_poly1305_blocks_avx2: as ctasm_chacha_poly1305_blocks (rdi
# the state, rsi data, rdx blocks, each with the pad bit), the tables made;
# below 16 blocks, and for the last rdx mod 4, the scalar one.
sub gen_poly_avx2 {
    my @H = map { "%ymm$_" } 0 .. 4;
    my @D = map { "%ymm$_" } 5 .. 9;
    my ($m0, $m1, $t, $mask) = map { "%ymm$_" } 10 .. 13;
    my ($loop, $last, $scalar) = (newlabel("vpoly"), newlabel("vpolylast"), newlabel("vpolyscalar"));
    emit(".ctasm_proc ctasm_chacha_poly1305_blocks_avx2",
         "cmpq \$16, %rdx", "jb $scalar");
    # h into lane 0 (vmovq zeroes the other lanes)
    to26("16(%rdi)", "24(%rdi)", "32(%rdi)", map { "%r$_" } 8 .. 12);
    emit("vmovq %r" . (8 + $_) . ", " . ($H[$_] =~ s/y/x/r)) for 0 .. 4;
    emit("vmovdqu .Lcp_m26(%rip), $mask", "movq %rdx, %rcx", "shrq \$2, %rcx", "andl \$3, %edx");
    # one step: H = (H + the 4 blocks at rsi) * table at rdi + $tab
    my $step = sub {
        my ($tab) = @_;
        my $R = sub { ($tab - R0 + 32 * $_[0]) . "(%rdi)" };    # limb k (k < 5), 5 limb k-4 (k > 4)
        emit("vmovdqu 0(%rsi), $m0", "vmovdqu 32(%rsi), $m1",
             "vpunpcklqdq $m1, $m0, $t",     # low halves of blocks (0, 2 | 1, 3)
             "vpunpckhqdq $m1, $m0, $m1",    # high halves
             "vpand $mask, $t, $m0", "vpaddq $m0, $H[0], $H[0]",
             "vpsrlq \$26, $t, $m0", "vpand $mask, $m0, $m0", "vpaddq $m0, $H[1], $H[1]",
             "vpsrlq \$52, $t, $t", "vpsllq \$12, $m1, $m0", "vpor $t, $m0, $m0", "vpand $mask, $m0, $m0",
             "vpaddq $m0, $H[2], $H[2]",
             "vpsrlq \$14, $m1, $m0", "vpand $mask, $m0, $m0", "vpaddq $m0, $H[3], $H[3]",
             "vpsrlq \$40, $m1, $m1", "vpor .Lcp_pad24(%rip), $m1, $m1", "vpaddq $m1, $H[4], $H[4]",
             "leaq 64(%rsi), %rsi");
        # d_i = sum_j h_j r_{i-j}, 5 r where i - j wraps (column i)
        # summed as (p0 + p1) + (p2 + p3) + p4: two adds after the last product
        my ($u, $v) = ("%ymm14", "%ymm15");
        for my $i (0 .. 4) {
            my @op = map { my $k = $i - $_; $k >= 0 ? $R->($k) : $R->(5 + $k + 4) } 0 .. 4;
            emit("vpmuludq $op[0], $H[0], $D[$i]", "vpmuludq $op[1], $H[1], $t",
                 "vpmuludq $op[2], $H[2], $u", "vpmuludq $op[3], $H[3], $v",
                 "vpaddq $t, $D[$i], $D[$i]", "vpaddq $v, $u, $u",
                 "vpmuludq $op[4], $H[4], $t", "vpaddq $u, $D[$i], $D[$i]", "vpaddq $t, $D[$i], $D[$i]");
        }
        # carry: 0->1, 3->4, 1->2, 4->0 (times 5), 2->3, 0->1, 3->4
        for my $c ([0, 1], [3, 4], [1, 2], [4, 0], [2, 3], [0, 1], [3, 4]) {
            my ($a, $b) = @$c;
            emit("vpsrlq \$26, $D[$a], $t", "vpand $mask, $D[$a], $D[$a]");
            emit("vpsllq \$2, $t, $m0", "vpaddq $m0, $t, $t") if $a == 4;
            emit("vpaddq $t, $D[$b], $D[$b]");
        }
        emit("vmovdqa $D[$_], $H[$_]") for 0 .. 4;
    };
    emit("decq %rcx", "jz $last");
    label($loop);
    $step->(PLOOP);
    emit("decq %rcx", "jnz $loop");
    label($last);
    $step->(PLAST);
    # sum the lanes of each limb into r8..r12
    for my $k (0 .. 4) {
        my $x = $H[$k] =~ s/y/x/r;
        my $tx = $t =~ s/y/x/r;
        emit("vextracti128 \$1, $H[$k], $tx", "vpaddq $tx, $x, $x", "vpshufd \$0x4e, $x, $tx",
             "vpaddq $tx, $x, $x", "vmovq $x, %r" . (8 + $k));
    }
    # back to 2^64 limbs: l0 + 2^26 l1 + 2^52 l2 + 2^78 l3 + 2^104 l4 (l_k < 2^29)
    emit("movq %r9, %rax", "shlq \$26, %rax", "addq %rax, %r8",
         "movq %r10, %rax", "shlq \$52, %rax", "shrq \$12, %r10", "addq %rax, %r8", "adcq \$0, %r10",
         "shlq \$14, %r11", "addq %r11, %r10",
         "movq %r12, %rax", "shlq \$40, %rax", "shrq \$24, %r12", "addq %rax, %r10", "adcq \$0, %r12",
         # h2 = 4 q + e -> 5 q into the low limbs, as the scalar step does
         "movq %r12, %rax", "andq \$-4, %rax", "andq \$3, %r12", "movq %rax, %r11", "shrq \$2, %r11",
         "addq %r11, %rax", "addq %rax, %r8", "adcq \$0, %r10", "adcq \$0, %r12",
         "movq %r8, 16(%rdi)", "movq %r10, 24(%rdi)", "movq %r12, 32(%rdi)");
    label($scalar);
    emit("jmp " . POLY, ".ctasm_endproc");
}

# ---------------------------------------------------------------------------
# Global functions.
sub frame_base { emit("leaq 31(%rsp), %rcx", "andq \$-32, %rcx") }

# The 16-word state at B from the ChaChaState at $p.
sub load_state {
    my ($p) = @_;
    mova(".Lcp_sigma(%rip)", "%xmm0");
    movu("0($p)", "%xmm1");
    movu("16($p)", "%xmm2");
    # the counter and nonce row in one load too: the C++ callers store it in
    # one 16-byte store (src/chacha/state.h), which forwards to it (by dwords
    # before, from 4- and 8-byte stores: ~11 reference cycles more a 16-byte
    # seal, the header's "Zen 4, the state's row 3")
    movu("32($p)", "%xmm3");
    for my $j (0 .. 3) { mova("%xmm$j", (16 * $j) . "(%rcx)") }
}

# The partial wipe's count of 32-byte units (WIPE_N), a constant.
sub set_wipe_n {
    my ($n) = @_;
    die "WIPE_N: the wipe needs at least 2 units" if $n < 2;
    emit("movl \$$n, " . WIPE_N . "(%rcx)");
}

# Zero the frame and the vector registers; the volatile GPRs that held
# secrets too: rax, rdx, r8-r11 (the callee-saved ones are restored by the
# epilogue). On every path the other volatile ones hold only public values
# at return: rcx B (or past it here), rsi and rdi pointers and counts (the
# tag's top limb is reduced in its own h2 register, r13 or r10: poly_tag).
# $partial (the AVX2 AEADs): [0, 64) (the state) and then WIPE_N 32-byte
# units from B + WIPE_AT, the part of the rest the path taken wrote secrets to
# (the pairs path s at S_EV, the AVX2 tier's KSTAIL and R1_EV, or for an open in
# place its blocks below S_EV - 16 and s; from 192 bytes on to the end of
# the IFMA tier's 4-lane table: a 16-byte message need not pay for 1,472
# bytes of stores; the other paths everything from 64).
sub wipe_and_return {
    my ($partial) = @_;
    my $l = newlabel("wipe");
    frame_base();
    if ($vex) { emit("vpxor %xmm0, %xmm0, %xmm0") } else { emit("pxor %xmm0, %xmm0") }
    if ($partial) {
        # 64 bytes a trip after an odd unit (WIPE_N >= 2: set_wipe_n): the
        # wipe's instructions retire behind the tag's chain, and at 192-320
        # bytes 4 a unit measured 3-5% of the call (header)
        my $even = newlabel("wipeeven");
        emit("movl " . WIPE_N . "(%rcx), %eax", "movq " . WIPE_AT . "(%rcx), %rdx");
        emit("vmovdqa %ymm0, 0(%rcx)", "vmovdqa %ymm0, 32(%rcx)");
        emit("addq %rdx, %rcx", "testb \$1, %al", "jz $even", "vmovdqa %ymm0, 0(%rcx)", "addq \$32, %rcx");
        label($even);
        emit("shrl %eax");
        label($l);
        emit("vmovdqa %ymm0, 0(%rcx)", "vmovdqa %ymm0, 32(%rcx)", "addq \$64, %rcx", "decl %eax", "jnz $l");
    } else {
    emit("movl \$" . (USED / 64) . ", %eax");
    label($l);
    if ($vex) {
        emit("vmovdqa %ymm0, 0(%rcx)", "vmovdqa %ymm0, 32(%rcx)");    # B is 32-aligned
    } else {
        mova("%xmm0", "$_(%rcx)") for 0, 16, 32, 48;
    }
    emit("addq \$64, %rcx", "decl %eax", "jnz $l");
    }
    if ($vex) {
        emit("vzeroall");
        # the AVX-512 short paths' second temporaries (qr_evex_ops): vzeroall
        # does not reach them
        emit("vpxord %xmm$_, %xmm$_, %xmm$_") for $evex ? 16 .. 18 : ();
    } else {
        emit("pxor %xmm$_, %xmm$_") for 1 .. 15;
    }
    emit("xorl %eax, %eax", "xorl %edx, %edx", "xorl %r8d, %r8d", "xorl %r9d, %r9d",
         "xorl %r10d, %r10d", "xorl %r11d, %r11d");
    emit(".ctasm_ret", ".ctasm_endproc");
}

sub gen_stream {
    my ($tier) = @_;
    set_tier($tier);
    emit(".ctasm_proc ctasm_chacha20_$tier, global, args=4, frame=" . FRAME);
    emit("movq %rcx, %rax");
    frame_base();
    load_state("%rax");
    emit("call ctasm_chacha20_xor_$tier");
    wipe_and_return();
}

# Poly1305 over the tail (len & 15 bytes) of the buffer at frame slots
# $ptr/$len zero-padded to a block (pad_copy); nothing when there is none.
# Clobbers what ctasm_chacha_poly1305_blocks does and xmm0; reloads B.
sub poly_padded {
    my ($ptr, $len) = @_;
    pad_copy($ptr, $len, PAD, sub {
        emit("leaq " . PAD . "(%rcx), %rsi", "leaq " . R0 . "(%rcx), %rdi", "movl \$1, %edx",
             "call " . POLY);
        frame_base();
    });
}

# ---------------------------------------------------------------------------
# The AVX2 short path's Poly1305, inline with the state in registers (no
# calls, no stores of h between blocks): r8 r0, r9 r1, r10 s1, r11-r13 h,
# r14 r15 rbx rbp the product, rax rdx for mul; rsi the data, rdi blocks.

# Poly1305 over the whole blocks of the $len bytes at the pointer in frame
# slot $ptr, then their zero-padded tail: at B + $pad (already there), or
# copied to PAD first (pad_copy) when $pad is undef. Public lengths only.
# $wide (the IFMA tier): from IFMA4_MIN whole blocks, 4 a step
# (ChachaIfma::short_blocks, the table pairs_mac made), the rest as above.
sub poly_inline {
    my ($ptr, $len, $pad, $wide, $skip_blocks) = @_;
    my ($loop, $skip, $tail) = (newlabel("ipoly"), newlabel("ipolyend"), newlabel("ipolytail"));
    if (!defined $pad) {
        pad_copy($ptr, $len, PAD);
        $pad = PAD;
    }
    emit("movq $ptr(%rcx), %rsi", "movq $len(%rcx), %rdi", "shrq \$4, %rdi");
    emit("addq \$" . (16 * $skip_blocks) . ", %rsi", "subq \$$skip_blocks, %rdi") if $skip_blocks;
    emit("jz $skip");
    if ($wide) {
        # IFMA tier: 4 blocks a step from IFMA4_MIN whole blocks (the table
        # exists exactly then: pairs_mac), the last rdi mod 4 below
        my $narrow = newlabel("ipolynarrow");
        emit("cmpq \$" . IFMA4_MIN . ", %rdi", "jb $narrow");
        ChachaIfma::short_blocks(T4, "%rcx", "%rdi", "%rdx", "%rdx");
        emit("testq %rdi, %rdi", "jz $skip");
        label($narrow);
    }
    label($loop);
    poly_mul("0(%rsi)", "8(%rsi)", "\$1");
    emit("leaq 16(%rsi), %rsi", "decq %rdi", "jnz $loop");
    label($skip);
    emit("testq \$15, $len(%rcx)", "jz $tail");
    poly_mul("$pad(%rcx)", ($pad + 8) . "(%rcx)", "\$1");
    label($tail);
}

# Copy the tail (len & 15 bytes) of the buffer at frame slots $ptr/$len to the
# zeroed block at B + $dst; nothing when there is none. $then (optional) emits
# what follows the copy, skipped with it. Uses rax, rdx, rsi, rdi, xmm0; the
# length is public. The AVX2 short path copies the AD's tail before the rounds:
# its stores retire while they run, so the Poly1305 load of it after them is
# not held up by them.
sub pad_copy {
    my ($ptr, $len, $dst, $then) = @_;
    my $skip = newlabel("padpreend");
    emit("movq $len(%rcx), %rdx", "andq \$15, %rdx", "jz $skip");
    if ($vex) { emit("vpxor %xmm0, %xmm0, %xmm0") } else { emit("pxor %xmm0, %xmm0") }
    mova("%xmm0", "$dst(%rcx)");
    emit("movq $len(%rcx), %rsi", "andq \$-16, %rsi", "addq $ptr(%rcx), %rsi",
         "leaq $dst(%rcx), %rdi");
    # 8, 4, 2, then 1 byte as the bits of the length say (at most four moves,
    # not one loop trip a byte: a 13-byte AD took ~80 instructions that way)
    for my $w ([8, "movq (%rsi), %rax", "movq %rax, (%rdi)"], [4, "movl (%rsi), %eax", "movl %eax, (%rdi)"],
               [2, "movzwl (%rsi), %eax", "movw %ax, (%rdi)"], [1, "movzbl (%rsi), %eax", "movb %al, (%rdi)"]) {
        my ($n, $ld, $st) = @$w;
        my $next = newlabel("padpre");
        emit("testb \$$n, %dl", "jz $next", $ld, $st);
        emit("addq \$$n, %rsi", "addq \$$n, %rdi") if $n > 1;
        label($next);
    }
    $then->() if $then;
    label($skip);
}

# The tag from h in registers $h0..$h2: h mod p by the borrow of g = h - p over
# all three limbs (see the header), g's low limbs in $g0, $g1 and its top one
# in $h2 itself (no other register holds a value derived from h2), then + s
# (16 bytes at B + $s), stored through A_TAG (rax).
sub poly_tag {
    my ($h0, $h1, $h2, $g0, $g1, $s) = @_;
    emit("movq $h0, $g0", "movq $h1, $g1",
         "subq \$-5, $g0", "sbbq \$-1, $g1", "sbbq \$3, $h2",
         "cmovaeq $g0, $h0", "cmovaeq $g1, $h1",
         "addq $s(%rcx), $h0", "adcq " . ($s + 8) . "(%rcx), $h1",
         "movq " . A_TAG . "(%rcx), %rax");
    # one 16-byte store: the caller (open's tag compare) reads the tag with a
    # 16-byte load, which two 8-byte stores could not forward to
    if ($vex) {
        emit("vmovq $h0, %xmm0", "vpinsrq \$1, $h1, %xmm0, %xmm0", "vmovdqu %xmm0, 0(%rax)");
    } else {
        emit("movq $h0, %xmm0", "movq $h1, %xmm1", "punpcklqdq %xmm1, %xmm0", "movdqu %xmm0, 0(%rax)");
    }
}

# r0, r1 (from r8, r11: block 0's row a) clamped into r8, r9, s1 in r10
sub pairs_r {
    emit("movabsq \$0x0ffffffc0fffffff, %r9", "andq %r9, %r8",
         "movabsq \$0x0ffffffc0ffffffc, %r9", "andq %r11, %r9",
         "movq %r9, %r10", "shrq \$2, %r10", "addq %r9, %r10");
}

# After horiz_pairs and pairs_direct_xor (the message XORed from the row
# sets, but for an open in place): Poly1305 over AD (its tail at ADPAD), the
# ciphertext and the lengths with h in registers, the tag; then to $done (the
# wipe). $woven: the skewed path's count of ciphertext blocks already MACed
# (with r and the AD). open in place decrypts from its blocks at WIPE_AT
# (S_EV - 16 - 128 sets) after the MAC has read the ciphertext; every other
# call XORed first, beside the MAC's wait for r (the header's A/B).
sub pairs_mac {
    my ($seal, $done, $woven) = @_;
    if ($woven) {
        # the skewed path (gen_aead): r, the AD and $woven ciphertext blocks
        # done, h in r11-r13; AVX2: r1 back from the frame (the XOR call
        # took r9)
        emit("movq " . R1_EV . "(%rcx), %r9") if !$evex;
        if ($evex && $seal) {
            ctpad_tail();
            poly_inline(A_OUT, A_INLEN, PAD, 0, $woven);
        } else {
            poly_inline($seal ? A_OUT : A_IN, A_INLEN, undef, 0, $woven);
        }
        pairs_mac_end($seal, $done);
        return;
    }
    pairs_r();
    if ($ifma) {
        # r^4..r^1 for the 4-lane MAC (ChachaIfma::short_blocks), which the
        # wipe then covers: to the table's end from where the path's starts
        # (S_EV - 16, or for an open in place its blocks' base: at least 6
        # units)
        my $none = newlabel("nopow4");
        emit("cmpq \$" . (16 * IFMA4_MIN) . ", " . A_INLEN . "(%rcx)", "jb $none",
             "movl \$" . (T4 + 160) . ", %eax", "subl " . WIPE_AT . "(%rcx), %eax", "shrl \$5, %eax",
             "movl %eax, " . WIPE_N . "(%rcx)");
        ChachaIfma::powers4(\&poly_mul, T4, "%rcx");
        label($none);
    }
    emit("xorl %r11d, %r11d", "xorl %r12d, %r12d", "xorl %r13d, %r13d");
    poly_inline(A_AD, A_ADLEN, ADPAD);
    if ($evex && $seal) {
        ctpad_tail();
        poly_inline(A_OUT, A_INLEN, PAD, $ifma);
    } else {
        poly_inline($seal ? A_OUT : A_IN, A_INLEN, undef, $ifma);
    }
    pairs_mac_end($seal, $done);
}

# AVX-512 seal: the ciphertext's padded tail block to PAD from the zero-padded
# last piece (CTPAD), its 16-byte half len & 16, when len has a tail
sub ctpad_tail {
    my $none = newlabel("notail");
    emit("movq " . A_INLEN . "(%rcx), %rax", "testq \$15, %rax", "jz $none", "andl \$16, %eax",
         "vmovdqa " . CTPAD . "(%rcx,%rax), %xmm0", "vmovdqa %xmm0, " . PAD . "(%rcx)");
    label($none);
}

# The lengths block, the tag, an open in place's XOR; then to $done
sub pairs_mac_end {
    my ($seal, $done) = @_;
    poly_mul(A_ADLEN . "(%rcx)", A_INLEN . "(%rcx)", "\$1");
    poly_tag("%r11", "%r12", "%r13", "%rax", "%rdx", S_EV);
    if (!$seal) {
        # open in place (out == in; the tier's contract allows no other
        # overlap): the key stream from block 1, at WIPE_AT + 64
        my $skip = newlabel("xorskip");
        emit("movq " . A_OUT . "(%rcx), %rdi", "cmpq " . A_IN . "(%rcx), %rdi", "jne $skip",
             "movq %rdi, %rsi", "movq " . A_INLEN . "(%rcx), %rdx", "movq " . WIPE_AT . "(%rcx), %r9",
             "leaq 64(%rcx,%r9), %r9", "call ctasm_chacha20_xorbuf_avx2");
        label($skip);
    }
    emit("jmp $done");
}

sub gen_aead {
    my ($tier, $seal) = @_;
    set_tier($tier);
    my $name = "ctasm_chacha20_poly1305_" . ($seal ? "seal" : "open") . "_$tier";
    my $ctier = $ifma ? "avx512" : $tier;    # whose ChaCha20 (xor, xorbuf) it calls
    my $xor = "ctasm_chacha20_xor_$ctier";
    emit(".ctasm_proc $name, global, args=7, save=rbx,rbp,r12,r13,r14,r15, frame=" . ($vex ? FRAME_AVX2 : FRAME));
    emit(".ctasm_stack_arg 7, %rax");
    emit("movq %rcx, %r10");
    frame_base();
    emit("movq %rdi, " . A_OUT . "(%rcx)", "movq %rsi, " . A_TAG . "(%rcx)",
         "movq %rdx, " . A_IN . "(%rcx)", "movq %r10, " . A_INLEN . "(%rcx)",
         "movq %r8, " . A_AD . "(%rcx)", "movq %r9, " . A_ADLEN . "(%rcx)");
    load_state("%rax");
    # h = 0, the bytes left and the chunk length in the frame; the AVX2 pairs
    # path keeps h in registers and needs none of them (stored after its branch)
    my $frame_poly = sub {
        if ($vex) { emit("vpxor %xmm0, %xmm0, %xmm0") } else { emit("pxor %xmm0, %xmm0") }
        mova("%xmm0", H0 . "(%rcx)");
        emit("movq \$0, " . H2 . "(%rcx)", "movq %r10, " . REM . "(%rcx)",
             "movq %r10, " . CHUNKLEN . "(%rcx)");
    };
    $frame_poly->() if !$vex;
    my ($big, $short3, $short_key, $chunk, $data_done) =
        map { newlabel($_) } qw(big short3 shortkey chunk datadone);
    my ($pairs_key, $tag_out) = $vex ? map { newlabel($_) } qw(pairskey tagout) : ();
    my @woven;    # the skewed paths' MACs: [label, ciphertext blocks done]
    my $ct = $seal ? A_OUT : A_IN;    # where the ciphertext is
    # Poly1305 key from block 0 (in the buffer), then the AD
    my $key_and_ad = sub {
        emit("movq \$0x0ffffffc0fffffff, %rax", "andq " . BUF . "(%rcx), %rax",
             "movq %rax, " . R0 . "(%rcx)",
             "movq \$0x0ffffffc0ffffffc, %rax", "andq " . (BUF + 8) . "(%rcx), %rax",
             "movq %rax, " . R1 . "(%rcx)");
        mova((BUF + 16) . "(%rcx)", "%xmm0");
        movu("%xmm0", S . "(%rcx)");
        emit("movq " . A_AD . "(%rcx), %rsi", "movq " . A_ADLEN . "(%rcx), %rdx", "shrq \$4, %rdx",
             "leaq " . R0 . "(%rcx), %rdi", "call " . POLY);
        frame_base();
        poly_padded(A_AD, A_ADLEN);
    };
    # Poly1305 over CHUNKLEN bytes of ciphertext, a partial last block padded
    my $mac = sub {
        my ($poly) = @_;
        emit("movq $ct(%rcx), %rsi", "movq " . CHUNKLEN . "(%rcx), %rdx", "shrq \$4, %rdx",
             "leaq " . R0 . "(%rcx), %rdi", "call " . ($poly // POLY));
        frame_base();
        poly_padded($ct, CHUNKLEN);
    };
    # XOR CHUNKLEN bytes of the message with the key stream from block 1 in the buffer
    my $xor_short = sub {
        emit("movq " . A_OUT . "(%rcx), %rdi", "movq " . A_IN . "(%rcx), %rsi",
             "movq " . CHUNKLEN . "(%rcx), %rdx", "leaq " . (BUF + 64) . "(%rcx), %r9",
             "call ctasm_chacha20_xorbuf_$ctier");
        frame_base();
    };
    # The first $n bytes of the message done: on to the rest
    my $advance = sub {
        my ($n) = @_;
        emit("movl \$$n, %eax", "addq %rax, " . A_OUT . "(%rcx)", "addq %rax, " . A_IN . "(%rcx)",
             "subq %rax, " . REM . "(%rcx)");
    };
    # CHUNKLEN bytes from the buffer's key stream: seal XORs then MACs, open
    # MACs the ciphertext first (in place overwrites it)
    my $xor_and_mac = sub {
        my ($poly) = @_;
        if ($seal) { $xor_short->(); $mac->($poly) } else { $mac->($poly); $xor_short->() }
    };
    # Up to one batch less a block: blocks 0.. in one batch (short: up to 128
    # bytes; wide: 4 blocks, AVX2 also 8), so the key block costs nothing
    # extra; the message is XORed from the buffer.
    my ($s4, $s8) = (newlabel("short4"), newlabel("short8"));
    if ($vex) {
        # AVX2: up to 5 message blocks in pairs (horiz_pairs), 8 blocks
        # vertically up to 7; the wipe covers what the path wrote (the pairs
        # path: the state at [0, 64) and two units from S_EV - 16, or for an
        # open in place from its blocks below that; it writes nothing secret
        # to [64, BUF): the AD and ciphertext tails are public)
        # The AVX-512 tiers: a fourth set (ymm12-15; the temporaries in
        # ymm16+) up to 448 bytes, where AVX2 runs its wide batch
        my ($p2, $p3, $p4) = (newlabel("pairs2"), newlabel("pairs3"), newlabel("pairs4"));
        my $max_sets = $evex ? 4 : 3;
        emit("movq \$64, " . WIPE_AT . "(%rcx)");
        set_wipe_n((USED_AVX2 - 64) / 32);
        emit("cmpq \$" . (128 * $max_sets - 64) . ", %r10", "ja $s8", "movq \$" . BUF . ", " . WIPE_AT . "(%rcx)",
             "cmpq \$64, %r10", "ja $p2");
        for my $sets (1 .. $max_sets) {
            label($p2) if $sets == 2;
            label($p3) if $sets == 3;
            label($p4) if $sets == 4;
            emit("cmpq \$192, %r10", "ja $p3") if $sets == 2;
            emit("cmpq \$320, %r10", "ja $p4") if $sets == 3 && $max_sets == 4;
            emit("movq \$" . (S_EV - 16) . ", " . WIPE_AT . "(%rcx)");
            set_wipe_n(WIPE_EV);
            pad_copy(A_AD, A_ADLEN, ADPAD);
            # the message XORed from the rows now (pairs_direct_xor), but an
            # open in place only after its MAC: its key stream to the frame
            # then, below S_EV - 16, and the wipe from there (WIPE_AT must
            # stay that base: pairs_mac's XOR reads it). r from block 0's
            # row a (xmm0) first, not through the frame (a store-to-load
            # trip less on the path to the MAC), before AVX2's XOR call
            # clobbers ymm0
            my $min = (0, 0, 65, 193, 321)[$sets];    # the path's shortest message
            my @lead = $ifma || $sets == 4 ? () : @{ ($seal ? PAIRS_SKEW_SEAL : PAIRS_SKEW)->[$sets] };
            my $per = PAIRS_WEAVE;
            my $mac_at = $pairs_key;
            # seal: the sets that lead XOR their blocks when done, for the MAC
            my $xdone = $seal ? grep { $_ } @lead : 0;
            if (@lead && $lead[0]) {
                push @woven, [newlabel("pairswoven"), $per * $lead[0]];
                $mac_at = $woven[-1][0];
                # skewed (header): when set 0 is done, r from it and the
                # AD's MAC; $per ciphertext blocks into each double round of
                # the other sets' leads (seal: blocks 1.. XORed first)
                my $weave = do {
                    my $save = $code;
                    $code = "";
                    poly_mul((16 * $_) . "(%rsi)", (16 * $_ + 8) . "(%rsi)", "\$1") for 0 .. $per - 1;
                    emit("leaq " . (16 * $per) . "(%rsi), %rsi");
                    my @w = split /^/m, $code;
                    $code = $save;
                    \@w;
                };
                for my $i (0 .. $sets - 2) {
                    my $have = $seal ? 64 + 128 * $i : $min;
                    die "PAIRS_SKEW: $sets sets weave more blocks than the path's shortest message has"
                        . " (seal: than it has XORed), or seal XORs more of it when set $i is done"
                        if 16 * $per * ($lead[0] - $lead[$i + 1]) > $have || ($seal && $i && 128 * $i + 64 > $min);
                }
                my $done = sub {
                    my ($i) = @_;
                    if ($i < $xdone) {
                        emit("movq " . A_OUT . "(%rcx), %rdi", "movq " . A_IN . "(%rcx), %rsi");
                        xor_piece($_) for ($i ? 4 * $i - 2 : 0) .. 4 * $i + 1;
                        # the MAC's place again: after the blocks woven so far
                        emit("leaq " . (16 * $per * ($lead[0] - $lead[$i])) . "(%rdi), %rsi") if $i;
                    }
                    return if $i;
                    emit("vmovq %xmm0, %r8", "vpextrq \$1, %xmm0, %r11");
                    pairs_r();
                    emit("movq %r9, " . R1_EV . "(%rcx)") if !$evex;
                    emit("xorl %r11d, %r11d", "xorl %r12d, %r12d", "xorl %r13d, %r13d");
                    poly_inline(A_AD, A_ADLEN, ADPAD);
                    emit("movq $ct(%rcx), %rsi");
                };
                horiz_pairs($sets, 1, { lead => \@lead, ctr => "%edi", weave => $weave, done => $done });
            } else {
                horiz_pairs($sets, 1);
                emit("vmovq %xmm0, %r8", "vpextrq \$1, %xmm0, %r11");
            }
            emit("movq " . A_OUT . "(%rcx), %rdi", "movq " . A_IN . "(%rcx), %rsi",
                 "movq " . A_INLEN . "(%rcx), %rdx");
            if ($seal) {
                pairs_direct_xor($sets, $min, $evex, $xdone ? 4 * $xdone - 2 : 0);
            } else {
                my $inplace = newlabel("inplace");
                emit("cmpq %rsi, %rdi", "je $inplace");
                pairs_direct_xor($sets, $min, 0);
                emit("jmp $mac_at");
                # the blocks end where the wipe of s begins (S_EV - 16), so one
                # wipe of 4 units a set and one more covers them and s
                label($inplace);
                my $kb = S_EV - 16 - 128 * $sets;
                keystream_to_buf($sets, 0, $sets == 4 ? "%ymm16" : undef, $kb);
                emit("movq \$$kb, " . WIPE_AT . "(%rcx)");
                set_wipe_n((S_EV + 16 - $kb) / 32);
            }
            emit("jmp $mac_at");
        }
        label($s8);
        $frame_poly->();
        if ($evex) {
            emit("jmp $big");
        } else {
            emit("cmpq \$448, %r10", "ja $big");
            wide_batch(8, 0);
        }
    } else {
    emit("cmpq \$128, %r10", "ja $s4", "cmpq \$64, %r10", "ja $short3");
    horiz(2);
    emit("jmp $short_key");
    label($short3);
    horiz(3);
    emit("jmp $short_key");
    label($s4);
    emit("cmpq \$192, %r10", "ja $s8");
    wide_batch(4, 0);
    emit("jmp $short_key");
    label($s8);
    if ($seal) {
        # SSSE3 seal of 193-511 bytes (no two whole batches for the fused
        # loop): blocks 0-3 in one wide batch (the key and 192 bytes), then
        # the rest from block 4 while the first ciphertext is MACed. Before,
        # block 0 ran alone, then the message, then the whole MAC after the
        # last rounds. Up to 256 bytes block 4 carries 10 MAC blocks in its
        # rounds (horiz with $fuse); above, the 12 blocks' MAC precedes the
        # rest's rounds in program order (at 256 bytes that overlapped too
        # little: 884 against 838 before). Zen 4, rdtsc p5 reference cycles,
        # before -> after: 193 B 839 -> 748, 256 B 839 -> 767, 320 B 1125 ->
        # 930, 400 B 1300 -> 1112.
        my $over256 = newlabel("over256");
        emit("cmpq \$512, %r10", "jae $big");
        wide_batch(4, 0);
        $key_and_ad->();
        emit("movq \$192, " . CHUNKLEN . "(%rcx)");
        $xor_short->();
        emit("addl \$4, 48(%rcx)", "cmpq \$256, " . A_INLEN . "(%rcx)", "ja $over256");
        # 193-256 bytes: block 4 alone, the first 10 ciphertext blocks' MAC
        # woven into its rounds (horiz with $fuse), then its XOR and the rest
        emit("movq " . H0 . "(%rcx), %r11", "movq " . H1 . "(%rcx), %r12", "movq " . H2 . "(%rcx), %r13",
             "movq " . R1 . "(%rcx), %r8", "shrq \$2, %r8", "addq " . R1 . "(%rcx), %r8",
             "movq " . A_OUT . "(%rcx), %r9");
        horiz(1, 1);
        emit("movq %r11, " . H0 . "(%rcx)", "movq %r12, " . H1 . "(%rcx)", "movq %r13, " . H2 . "(%rcx)",
             "movq " . A_OUT . "(%rcx), %rdi", "addq \$192, %rdi", "movq " . A_IN . "(%rcx), %rsi",
             "addq \$192, %rsi", "movq " . A_INLEN . "(%rcx), %rdx", "subq \$192, %rdx",
             "leaq " . BUF . "(%rcx), %r9", "call ctasm_chacha20_xorbuf_$ctier");
        frame_base();
        emit("addq \$160, " . A_OUT . "(%rcx)", "movq " . A_INLEN . "(%rcx), %rax", "subq \$160, %rax",
             "movq %rax, " . CHUNKLEN . "(%rcx)");
        $mac->();
        emit("jmp $data_done");
        # 257-511 bytes: those 192 bytes MACed, then the rest chunk by chunk
        label($over256);
        $mac->();
        $advance->(192);
        emit("jmp $chunk");
    } else {
        emit("jmp $big");
    }
    }
    if ($vex) {
        emit("jmp $short_key") if !$evex;
        label($pairs_key);
        pairs_mac($seal, $tag_out);
        for (@woven) { label($_->[0]); pairs_mac($seal, $tag_out, $_->[1]) }
    }
    # the key block and the message in one batch: SSSE3 up to 192 bytes, AVX2
    # 321-448 (the pairs path has its own MAC); the AVX-512 tiers have no such
    # path (four row sets up to 448 bytes)
    if (!$evex) {
        label($short_key);
        $key_and_ad->();
        $xor_and_mac->();
        emit("jmp $data_done");
    }
    label($big);
    my $bulk_poly = $ifma ? POLY . "_ifma" : $vex ? POLY . "_avx2" : POLY;
    my ($WB, $shift) = (256, 8);
    my $nofuse = newlabel("nofuse");
    if ($vex) {
        my $key_alone = newlabel("keyalone");
        # AVX2: blocks 0-7 in one wide batch (the key and the first 448
        # bytes' key stream), not block 0 alone: its ten double rounds ran
        # by themselves (latency-bound) before the first batch. Unless the
        # length mod 512 is 0 or above 448: then the rest would end in one
        # lone block where block 0 alone leaves none, and that last one costs
        # more (header, "Long messages")
        emit("movq " . A_INLEN . "(%rcx), %rax", "andl \$511, %eax", "jz $key_alone",
             "cmpl \$448, %eax", "ja $key_alone");
        # AVX-512: nor where len mod 2048 is 1025-1472: block 0 alone leaves
        # one zmm batch and a tail there, the wide first batch two ymm ones
        emit("movl " . A_INLEN . "(%rcx), %eax", "andl \$2047, %eax", "subl \$1025, %eax",
             "cmpl \$448, %eax", "jb $key_alone") if $evex;
        wide_batch(8, 0);
        emit("addl \$8, 48(%rcx)");
        $key_and_ad->();
        emit("leaq " . R0 . "(%rcx), %rdi",
             "call ctasm_chacha_poly1305_powers_" . ($ifma ? "ifma" : "avx2"));
        frame_base();
        emit("movq \$448, " . CHUNKLEN . "(%rcx)");
        $xor_and_mac->($bulk_poly);
        $advance->(448);
        emit("jmp $chunk");
        label($key_alone);
    }
    horiz(1);
    emit("incl 48(%rcx)");
    $key_and_ad->();
    # SSSE3: whole 4-block batches through the fused loop. open MACs each
    # batch while it makes its key stream (the XOR comes after the rounds);
    # seal MACs the batch before (its first batch runs alone, its last is
    # MACed after).
    if ($vex) {
        # the vector Poly1305's powers of r, for the chunks below
        emit("leaq " . R0 . "(%rcx), %rdi",
             "call ctasm_chacha_poly1305_powers_" . ($ifma ? "ifma" : "avx2"));
        frame_base();
    } else {
        emit("movq " . A_INLEN . "(%rcx), %rax", "shrq \$$shift, %rax",
             "cmpq \$" . ($seal ? 2 : 1) . ", %rax", "jb $nofuse", "movq %rax, " . NB . "(%rcx)");
        if ($seal) {
            emit("movq " . A_OUT . "(%rcx), %rdi", "movq " . A_IN . "(%rcx), %rsi", "movl \$$WB, %edx",
                 "call $xor");
            frame_base();
            emit("movq " . A_OUT . "(%rcx), %r9", "leaq $WB(%r9), %rdi",
                 "movq " . A_IN . "(%rcx), %rsi", "addq \$$WB, %rsi",
                 "movq " . NB . "(%rcx), %rdx", "decq %rdx",
                 "call ctasm_chacha20_poly1305_fused_ssse3");
            frame_base();
            emit("movq " . NB . "(%rcx), %rsi", "decq %rsi", "shlq \$$shift, %rsi",
                 "addq " . A_OUT . "(%rcx), %rsi", "movl \$" . ($WB / 16) . ", %edx",
                 "leaq " . R0 . "(%rcx), %rdi", "call " . POLY);
            frame_base();
        } else {
            emit("movq " . A_OUT . "(%rcx), %rdi", "movq " . A_IN . "(%rcx), %rsi", "movq %rsi, %r9",
                 "movq " . NB . "(%rcx), %rdx", "call ctasm_chacha20_poly1305_fused_ssse3");
            frame_base();
        }
        emit("movq " . NB . "(%rcx), %rax", "shlq \$$shift, %rax",
             "addq %rax, " . A_OUT . "(%rcx)", "addq %rax, " . A_IN . "(%rcx)",
             "subq %rax, " . REM . "(%rcx)");
    }
    label($nofuse);
    # the message, chunk by chunk
    label($chunk);
    emit("movq " . REM . "(%rcx), %rdx", "testq %rdx, %rdx", "jz $data_done",
         "movl \$" . CHUNK . ", %eax", "cmpq %rax, %rdx", "cmovaq %rax, %rdx",
         "movq %rdx, " . CHUNKLEN . "(%rcx)");
    my $enc = sub {
        emit("movq " . A_OUT . "(%rcx), %rdi", "movq " . A_IN . "(%rcx), %rsi",
             "movq " . CHUNKLEN . "(%rcx), %rdx", "call $xor");
        frame_base();
    };
    # open MACs the ciphertext before it decrypts it (in place overwrites it)
    if ($seal) { $enc->(); $mac->($bulk_poly) } else { $mac->($bulk_poly); $enc->() }
    emit("movq " . CHUNKLEN . "(%rcx), %rdx",
         "addq %rdx, " . A_OUT . "(%rcx)", "addq %rdx, " . A_IN . "(%rcx)",
         "subq %rdx, " . REM . "(%rcx)", "jmp $chunk");
    label($data_done);
    # le64(ad_len) || le64(in_len)
    emit("movq " . A_ADLEN . "(%rcx), %rax", "movq %rax, " . PAD . "(%rcx)",
         "movq " . A_INLEN . "(%rcx), %rax", "movq %rax, " . (PAD + 8) . "(%rcx)",
         "leaq " . PAD . "(%rcx), %rsi", "leaq " . R0 . "(%rcx), %rdi", "movl \$1, %edx",
         "call " . POLY);
    frame_base();
    emit("movq " . H0 . "(%rcx), %r8", "movq " . H1 . "(%rcx), %r9", "movq " . H2 . "(%rcx), %r10");
    poly_tag("%r8", "%r9", "%r10", "%r11", "%rdx", S);
    label($tag_out) if $vex;
    wipe_and_return($vex);
}

emit(".ctasm_text");
for my $tier (qw(ssse3 avx2)) {
    gen_stream($tier);
    gen_aead($tier, 1);
    gen_aead($tier, 0);
    gen_xor($tier);
    gen_xorbuf($tier);
}
gen_fused();
gen_poly();
gen_powers();
gen_poly_avx2();
# The AVX-512 tier: the AVX2 tier's functions again with $evex (vprold), its
# xor with the zmm batches in front (ChachaAvx512.pm)
for my $tier ("avx512") { gen_stream($tier); gen_aead($tier, 1); gen_aead($tier, 0); gen_xor($tier); gen_xorbuf($tier) }
# The AVX-512 IFMA tier: those AEADs again with the IFMA Poly1305 for the chunks
# (its table in the AVX2 tables' place, which it fits: 320 of 576 bytes)
for my $tier ("avx512ifma") { gen_aead($tier, 1); gen_aead($tier, 0) }
ChachaIfma::gen_powers(\&poly_mul, USED - R0);
ChachaIfma::gen_blocks(POLY, USED - R0);
set_tier("ssse3");

emit(".ctasm_rodata", ".ctasm_align 32");
bytes16(".Lcp_sigma", [map { ord } split //, "expand 32-byte k"], "the ChaCha20 constants");
my @r16 = map { my $w = $_; map { 4 * $w + $_ } 2, 3, 0, 1 } 0 .. 3;
my @r8 = map { my $w = $_; map { 4 * $w + $_ } 3, 0, 1, 2 } 0 .. 3;
bytes16(".Lcp_rot16", \@r16, "pshufb masks: each dword rotated left by 16, by 8 (both lanes)");
bytes16("", \@r16);
bytes16(".Lcp_rot8", \@r8);
bytes16("", \@r8);
my @inc = map { my $v = $_; ($v, 0, 0, 0) } 0 .. 7;
bytes16(".Lcp_inc", [@inc[0 .. 15]], "block offsets of the lanes: 0..3 (xmm), 0..7 (ymm)");
bytes16("", [@inc[16 .. 31]]);
# block i of the short paths: row 3 + (i, 0, 0, 0); the AVX2 pairs read 32 bytes
# from .Lcp_blk(2i) (blocks 2i and 2i + 1)
bytes16(".Lcp_blk$_", [$_, (0) x 15]) for 0 .. 7;
my @m26 = (0xff, 0xff, 0xff, 0x03, (0) x 4);
bytes16(".Lcp_m26", [(@m26) x 2], "vector Poly1305: the 26-bit limb mask, the pad bit in limb 4");
bytes16("", [(@m26) x 2]);
my @pad = (0, 0, 0, 1, (0) x 4);
bytes16(".Lcp_pad24", [(@pad) x 2]);
bytes16("", [(@pad) x 2]);
bytes16(".Lcp_iota", [0 .. 15], "byte indices 0..31: the AVX-512 pairs path's tail mask (pairs_direct_xor)");
bytes16("", [16 .. 31]);
ChachaAvx512::rodata();
finish();
