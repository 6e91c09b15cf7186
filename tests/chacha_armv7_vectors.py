#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes tests/vectors/chacha_armv7_vectors.json, the independent answers of
tests/chacha_armv7_tier_test.cc: Poly1305 reduction edges ("edges") of the
ARMv7 tier. Each message's last ciphertext block is solved (mod p = 2^130 - 5)
so that the accumulator value before the final reduction is p - 1, p - 2,
2^130 - 2^26 (top limbs all ones, yet below p), 0..6 and other edge values; in
the ARMv7 tier's radix-2^32 arithmetic (emulated here, armv7_acc) the small
values (0..6, 2^26 - 1) reach its final reduction as p + value: at and just
above p, and at 2^130 and above. The tags come from python3's cryptography
package (OpenSSL underneath). Lengths, AD lengths and counters are the generic
tests' (tests/chacha_differential_test.cc against the portable tier and OpenSSL).
Deterministic (seeded), run once; the output is committed.

    python3 tests/chacha_armv7_vectors.py > tests/vectors/chacha_armv7_vectors.json
"""

import json
import random
import sys

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305


P = (1 << 130) - 5


def chacha_block0(key, nonce):
    enc = Cipher(algorithms.ChaCha20(key, bytes(4) + nonce), None).encryptor()
    return enc.update(bytes(64))


M32 = (1 << 32) - 1


def armv7_accumulator(key, nonce, ad, ct):
    """The ARMv7 tier's radix-2^32 Poly1305 (chacha20_poly1305_armv7.pl), word by
    word, with the bounds its header claims asserted: the accumulator H its
    final reduction receives (H < 5 * 2^128 < 2p)."""
    blk = chacha_block0(key, nonce)
    t = [int.from_bytes(blk[4 * i:4 * i + 4], "little") for i in range(4)]
    r = [t[0] & 0x0fffffff] + [w & 0x0ffffffc for w in t[1:]]
    s = [0] + [x + (x >> 2) for x in r[1:]]
    cols = [[r[0], s[3], s[2], s[1], 0], [r[1], r[0], s[3], s[2], s[1]],
            [r[2], r[1], r[0], s[3], s[2]], [r[3], r[2], r[1], r[0], s[3]]]
    h = [0] * 5
    data = (ad + bytes(-len(ad) % 16) + ct + bytes(-len(ct) % 16)
            + len(ad).to_bytes(8, "little") + len(ct).to_bytes(8, "little"))
    for off in range(0, len(data), 16):
        v = sum(x << (32 * i) for i, x in enumerate(h)) + int.from_bytes(data[off:off + 16], "little")
        v += 1 << 128
        h = [(v >> (32 * i)) & M32 for i in range(4)] + [v >> 128]
        assert h[4] <= 6
        carry, nh = 0, []
        for i in range(4):
            c = carry + sum(h[j] * cols[i][j] for j in range(5))
            assert c < 1 << 63
            nh.append(c & M32)
            carry = c >> 32
        c4 = h[4] * r[0] + carry
        assert c4 < 1 << 32 and 5 * (c4 >> 2) < 1 << 32
        v = sum(x << (32 * i) for i, x in enumerate(nh)) + ((c4 & 3) << 128) + 5 * (c4 >> 2)
        h = [(v >> (32 * i)) & M32 for i in range(4)] + [v >> 128]
        assert h[4] <= 4
    acc = sum(x << (32 * i) for i, x in enumerate(h))
    assert acc < 5 << 128
    return acc, h


def edges(rng):
    """AEAD cases whose Poly1305 accumulator lands on chosen values mod p.

    The tag is s + (acc mod p) with acc = sum of (block_i + 2^128) r^(k-i+1)
    over ad || pad || ct || pad || lengths; the last ciphertext block is solved
    for so that acc = target, retried with another nonce until the solution is
    a 16-byte block. The tag itself comes from the cryptography package."""
    rb = lambda n: bytes(rng.getrandbits(8) for _ in range(n))
    targets = [P - 1, P - 2, P - 6, (1 << 130) - (1 << 26), (1 << 130) - (1 << 52),
               (1 << 130) - (1 << 104), (1 << 128) - 1, 1 << 128, (1 << 26) - 1,
               0, 1, 2, 3, 4, 5, 6]
    out = []
    for target in targets:
        for ct_blocks, ad_len in ((1, 0), (13, 16), (24, 3)):
            key = rb(32)
            while True:
                nonce = rb(12)
                blk = chacha_block0(key, nonce)
                r = int.from_bytes(blk[:16], "little") & 0x0ffffffc0ffffffc0ffffffc0fffffff
                ad, ct = rb(ad_len), bytearray(rb(16 * ct_blocks))
                blocks = [ad[i:i + 16].ljust(16, b"\0") for i in range(0, ad_len, 16)]
                blocks += [bytes(ct[i:i + 16]) for i in range(0, len(ct), 16)]
                lens = ad_len.to_bytes(8, "little") + len(ct).to_bytes(8, "little")
                last = len(blocks) - 1          # the last ciphertext block
                acc = 0
                for b in blocks[:last]:
                    acc = (acc + int.from_bytes(b, "little") + (1 << 128)) * r % P
                # target = ((acc + x) r + L) r, x = the block + 2^128
                rinv = pow(r, P - 2, P)
                L = int.from_bytes(lens, "little") + (1 << 128)
                x = ((target * rinv - L) * rinv - acc) % P
                m = x - (1 << 128)
                if 0 <= m < (1 << 128):
                    break
            ct[-16:] = m.to_bytes(16, "little")
            enc = Cipher(algorithms.ChaCha20(key, (1).to_bytes(4, "little") + nonce), None).encryptor()
            pt = enc.update(bytes(ct))
            sealed = ChaCha20Poly1305(key).encrypt(nonce, pt, ad)
            assert sealed[:-16] == bytes(ct)
            s = int.from_bytes(blk[16:32], "little")
            assert int.from_bytes(sealed[-16:], "little") == (target % P + s) % (1 << 128)
            acc, _ = armv7_accumulator(key, nonce, ad, bytes(ct))
            assert acc % P == target % P
            out.append({"target": hex(target), "armv7_acc": hex(acc), "key": key.hex(), "nonce": nonce.hex(), "ad": ad.hex(),
                        "pt": pt.hex(), "ct": bytes(ct).hex(), "tag": sealed[-16:].hex()})
    return out


def main():
    rng = random.Random(0xC4A7)
    doc = {"source": "python3 cryptography " + __import__("cryptography").__version__
                     + " (tests/chacha_armv7_vectors.py)", "edges": edges(rng)}
    json.dump(doc, sys.stdout, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
