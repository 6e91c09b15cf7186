# SPDX-License-Identifier: Apache-2.0
"""ChaCha20, Poly1305 and the AEAD of RFC 8439, written from the RFC in plain Python
(the independent answer of util/bochs512's ChaCha20-Poly1305 stage, chacha_aead.c),
and the generator of that stage's case table (chacha_aead_cases.h)."""
import os
import random
import struct

M32 = 0xffffffff


def _rotl(x, n):
    return ((x << n) | (x >> (32 - n))) & M32


def _qr(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & M32
    s[d] = _rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & M32
    s[b] = _rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & M32
    s[d] = _rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & M32
    s[b] = _rotl(s[b] ^ s[c], 7)


def block(key, counter, nonce):
    """RFC 8439 2.3: one 64-byte block; the 32-bit counter taken mod 2^32."""
    init = list(struct.unpack("<4I", b"expand 32-byte k")) + list(struct.unpack("<8I", key)) \
        + [counter & M32] + list(struct.unpack("<3I", nonce))
    s = init[:]
    for _ in range(10):
        _qr(s, 0, 4, 8, 12); _qr(s, 1, 5, 9, 13); _qr(s, 2, 6, 10, 14); _qr(s, 3, 7, 11, 15)
        _qr(s, 0, 5, 10, 15); _qr(s, 1, 6, 11, 12); _qr(s, 2, 7, 8, 13); _qr(s, 3, 4, 9, 14)
    return struct.pack("<16I", *[(x + y) & M32 for x, y in zip(s, init)])


def stream_xor(key, counter, nonce, data):
    """RFC 8439 2.4 (the counter wraps mod 2^32 past the contract's limit, as the
    assembly's 32-bit lanes do)."""
    out = bytearray()
    for i in range(0, len(data), 64):
        ks = block(key, counter + i // 64, nonce)
        out += bytes(a ^ b for a, b in zip(data[i:i + 64], ks))
    return bytes(out)


def poly1305(key, msg):
    """RFC 8439 2.5."""
    r = int.from_bytes(key[:16], "little") & 0x0ffffffc0ffffffc0ffffffc0fffffff
    s = int.from_bytes(key[16:], "little")
    p = (1 << 130) - 5
    acc = 0
    for i in range(0, len(msg), 16):
        n = int.from_bytes(msg[i:i + 16] + b"\x01", "little")
        acc = (acc + n) * r % p
    return ((acc + s) & ((1 << 128) - 1)).to_bytes(16, "little")


def _pad16(b):
    return b"\0" * (-len(b) % 16)


def aead_tag(key, nonce, ad, ct):
    otk = block(key, 0, nonce)[:32]
    mac = ad + _pad16(ad) + ct + _pad16(ct) + struct.pack("<QQ", len(ad), len(ct))
    return poly1305(otk, mac)


def seal(key, nonce, ad, pt):
    """RFC 8439 2.8: (ciphertext, tag)."""
    ct = stream_xor(key, 1, nonce, pt)
    return ct, aead_tag(key, nonce, ad, ct)


def fnv64(b):
    h = 0xcbf29ce484222325
    for c in b:
        h = ((h ^ c) * 0x100000001b3) & ((1 << 64) - 1)
    return h


RFC_KEY = bytes(range(0x80, 0xa0))
RFC_NONCE = bytes.fromhex("070000004041424344454647")
RFC_AD = bytes.fromhex("50515253c0c1c2c3c4c5c6c7")
RFC_PT = (b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for "
          b"the future, sunscreen would be it.")
RFC_CT = bytes.fromhex(
    "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
    "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
    "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
    "3ff4def08e4b7a9de576d26586cec64b6116")
RFC_TAG = bytes.fromhex("1ae10b594f09e26a7e902ecbd0600691")


def self_check():
    """The RFC's own answers: 2.3.2 (block), 2.5.2 (Poly1305), 2.8.2 (AEAD)."""
    k = bytes(range(32))
    b = block(k, 1, bytes.fromhex("000000090000004a00000000"))
    assert b[:16].hex() == "10f1e7e4d13b5915500fdd1fa32071c4", "RFC 8439 2.3.2"
    tag = poly1305(bytes.fromhex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b"),
                   b"Cryptographic Forum Research Group")
    assert tag.hex() == "a8061dc1305136c6c22b8baf0c0127a9", "RFC 8439 2.5.2"
    assert seal(RFC_KEY, RFC_NONCE, RFC_AD, RFC_PT) == (RFC_CT, RFC_TAG), "RFC 8439 2.8.2"


PATTERN = 8192 + 256  # bytes of pseudo-random input the cases take slices of


def lengths():
    """Around every batch boundary of the AVX-512 code (16-block zmm batches, the AVX2
    tails' 8/4/1-3 blocks, the 2 KiB AEAD chunks and the short paths' 64/192/320/448)."""
    ls = {0, 1, 15, 16, 17}
    for n in list(range(1, 18)) + [24, 31, 32, 33, 47, 48, 49, 64]:
        ls |= {n * 64 - 1, n * 64, n * 64 + 1}
    return sorted(ls)


def _c_bytes(b):
    return "{" + ",".join("%d" % c for c in b) + "}"


def write_cases(path, seed=512):
    """chacha_aead_cases.h: the input pattern, the RFC vector and one row per case with
    the answers computed here (FNV-1a 64 of outputs, tags in full)."""
    self_check()
    rng = random.Random(seed)
    pat = bytes(rng.getrandbits(8) for _ in range(PATTERN))
    rows_s, rows_a = [], []
    for i, n in enumerate(lengths()):
        # stream: counter small, or ending exactly at 2^32 (the contract's limit), or
        # wrapping past it (outside the contract: every tier's lanes wrap mod 2^32)
        nblk = (n + 63) // 64
        kind = i % 5
        ctr = {0: 0, 1: 1, 2: rng.getrandbits(20), 3: (1 << 32) - nblk, 4: (1 << 32) - nblk // 2 - 1}[kind]
        ctr &= M32
        ko, no, mo = rng.randrange(0, PATTERN - 32), rng.randrange(0, PATTERN - 12), rng.randrange(0, PATTERN - n + 1)
        ia, oa, inplace = rng.randrange(0, 64), rng.randrange(0, 64), i % 4 == 1
        key, nonce, msg = pat[ko:ko + 32], pat[no:no + 12], pat[mo:mo + n]
        out = stream_xor(key, ctr, nonce, msg)
        rows_s.append("  {%du, %du, %du, %du, %du, %du, %du, %d, 0x%016xull}," % (
            n, ctr, ko, no, mo, ia, oa, inplace, fnv64(out)))
        # AEAD: AD lengths 0..64 in turn, one large
        adl = 1000 if i == 40 else (i * 7) % 65
        ao = rng.randrange(0, PATTERN - adl + 1)
        ad = pat[ao:ao + adl]
        ct, tag = seal(key, nonce, ad, msg)
        # the tampered ciphertext (one bit of byte n/2), or the AD's for n = 0
        if n:
            bad_ct = bytearray(ct)
            bad_ct[n // 2] ^= 1 << (i % 8)
            bad_ct, bad_ad = bytes(bad_ct), ad
        else:
            # (n = 0 with no AD: nothing to tamper with; the C side skips the case)
            bad_ct, bad_ad = ct, (bytes([ad[0] ^ 1]) + ad[1:]) if ad else ad
        bad_tag = aead_tag(key, nonce, bad_ad, bad_ct)
        bad_pt = stream_xor(key, 1, nonce, bad_ct)
        rows_a.append("  {%du, %du, %du, %du, %du, %du, %du, %du, %d, 0x%016xull, %s, %s, 0x%016xull}," % (
            n, adl, ko, no, mo, ao, ia, oa, inplace, fnv64(ct), _c_bytes(tag), _c_bytes(bad_tag),
            fnv64(bad_pt)))
    with open(path, "w") as f:
        f.write("/* generated by util/bochs512/run.py (chacha_ref.py): answers of RFC 8439 in Python */\n")
        f.write("#define BX_PATTERN %d\n" % PATTERN)
        f.write("static const uint8_t bx_pat[BX_PATTERN] = %s;\n" % _c_bytes(pat))
        f.write("static const uint8_t bx_rfc_key[32] = %s, bx_rfc_nonce[12] = %s, bx_rfc_ad[%d] = %s;\n"
                % (_c_bytes(RFC_KEY), _c_bytes(RFC_NONCE), len(RFC_AD), _c_bytes(RFC_AD)))
        f.write("static const uint8_t bx_rfc_pt[%d] = %s;\n" % (len(RFC_PT), _c_bytes(RFC_PT)))
        f.write("static const uint8_t bx_rfc_ct[%d] = %s;\n" % (len(RFC_CT), _c_bytes(RFC_CT)))
        f.write("static const uint8_t bx_rfc_tag[16] = %s;\n" % _c_bytes(RFC_TAG))
        f.write("struct bx_stream_case { uint32_t len, ctr, key, nonce, msg, ia, oa; int inplace; uint64_t fnv; };\n")
        f.write("static const struct bx_stream_case bx_stream_cases[] = {\n%s\n};\n" % "\n".join(rows_s))
        f.write("struct bx_aead_case { uint32_t len, adlen, key, nonce, msg, ad, ia, oa; int inplace;\n"
                "  uint64_t ct_fnv; uint8_t tag[16], bad_tag[16]; uint64_t bad_pt_fnv; };\n")
        f.write("static const struct bx_aead_case bx_aead_cases[] = {\n%s\n};\n" % "\n".join(rows_a))
    return len(rows_s), len(rows_a)


if __name__ == "__main__":
    self_check()
    print("chacha_ref: RFC 8439 2.3.2, 2.5.2, 2.8.2 OK")
