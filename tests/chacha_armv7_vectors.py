#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes tests/vectors/chacha_armv7_vectors.json, the independent answers of
tests/chacha_armv7_tier_test.cc: ChaCha20-Poly1305 seals and raw ChaCha20 from
python3's cryptography package (OpenSSL underneath), at the lengths around the
ARMv7 tier's batches (64-byte blocks, 192-byte batches): n*64-1, n*64, n*64+1
for n up to 10, AD lengths 0..64 and a few long ones. Deterministic (seeded),
run once; the output is committed.

    python3 tests/chacha_armv7_vectors.py > tests/vectors/chacha_armv7_vectors.json
"""

import json
import random
import sys

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305


def main():
    rng = random.Random(0xC4A7)
    rb = lambda n: bytes(rng.getrandbits(8) for _ in range(n))
    aead = []
    lengths = sorted({0, 1, 15, 16, 17} | {l for n in range(1, 11) for l in (64 * n - 1, 64 * n, 64 * n + 1)})
    for i, pt_len in enumerate(lengths):
        ad_len = i % 65
        aead.append((pt_len, ad_len))
    aead += [(16, a) for a in range(65)]          # every AD length 0..64
    aead += [(0, 300), (1350, 13), (8192, 0), (4096 + 7, 1000)]
    doc = {"source": "python3 cryptography " + __import__("cryptography").__version__
                     + " (tests/chacha_armv7_vectors.py)", "aead": [], "chacha20": []}
    for pt_len, ad_len in aead:
        key, nonce, ad, pt = rb(32), rb(12), rb(ad_len), rb(pt_len)
        ct = ChaCha20Poly1305(key).encrypt(nonce, pt, ad)
        doc["aead"].append({"key": key.hex(), "nonce": nonce.hex(), "ad": ad.hex(),
                            "pt": pt.hex(), "ct": ct[:-16].hex(), "tag": ct[-16:].hex()})
    # Raw ChaCha20 from a given 32-bit counter (cryptography's 16-byte nonce is
    # le32(counter) || nonce), including counters near 2^32.
    for i, n in enumerate(lengths):
        counter = [0, 1, 7, 0xfffffff0 - 12, rng.getrandbits(31)][i % 5]
        key, nonce, pt = rb(32), rb(12), rb(n)
        enc = Cipher(algorithms.ChaCha20(key, counter.to_bytes(4, "little") + nonce), None).encryptor()
        doc["chacha20"].append({"key": key.hex(), "nonce": nonce.hex(), "counter": counter,
                                "in": pt.hex(), "out": enc.update(pt).hex()})
    json.dump(doc, sys.stdout, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
