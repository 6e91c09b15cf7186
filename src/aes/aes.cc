// The ctasm_aes_* API: picks a tier when a key is set, records it in the key
// and dispatches every later operation on that record, so a key is only ever
// used by the code that formatted it. Modes (ECB/CBC/CTR128) are built here on
// the tier's block, CBC and ctr32 primitives. Every argument is checked before
// anything is read or written (ctasm.h, "Misuse and what it does"), and C++
// code that handled secrets has its dead stack wiped before the call returns.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atomic>

#include "aes/aes_portable.h"
#include "aes/internal.h"
#include "internal/args.h"
#include "internal/ct.h"
#include "internal/stack_wipe.h"

static_assert(sizeof(ctasm_aes_key) == 2048, "ctasm_aes_key layout (docs/INTERNALS.md)");
static_assert(alignof(ctasm_aes_key) == 16, "ctasm_aes_key must be 16-byte aligned");
static_assert(offsetof(ctasm_aes_key, ctasm_private_rounds) == 240, "rounds at byte 240");
static_assert(offsetof(ctasm_aes_key, ctasm_private_impl) == 244, "impl at byte 244");
static_assert(offsetof(ctasm_aes_key, ctasm_private_direction) == 248, "direction at byte 248");
static_assert(offsetof(ctasm_aes_key, ctasm_private_check) == 252, "check word at byte 252");
static_assert(offsetof(ctasm_aes_key, ctasm_private_extra) == 256, "tier extra at byte 256");

namespace ctasm {

AesImpl aes_select_impl() {
  return kAesImplSimd != kAesImplNone && vpaes_capable() ? kAesImplSimd : kAesImplPortable;
}

const char *aes_impl_name(AesImpl impl) {
  switch (impl) {
    case kAesImplHybridX86_64:
      return "bsaes+vpaes-x86_64";
    case kAesImplVpaesArmv8:
      return "vpaes-armv8";
    case kAesImplHybridArmv7:
      return "bsaes+vpaes-armv7";
    case kAesImplPortable:
      return "portable";
    default:
      return "none";
  }
}

// The check word of a set key, over its public metadata (rounds, tier,
// direction): a struct that was never set (zero, or random bytes) or whose
// metadata was overwritten fails it (2^-32 by chance). Cheap on purpose: every
// call checks it.
uint32_t aes_key_check_word(uint32_t rounds, uint32_t impl, uint32_t dir) {
  return 0x6374616bu ^ rounds ^ (impl << 8) ^ (dir << 16);  // "ctak"
}

namespace {

std::atomic<testing::AesKeyWipeObserver> g_wipe_observer{nullptr};

// The direction a key was set for (ctasm_private_direction). vpaes and bsaes
// keep different schedules for each direction (the portable tier does not), so
// a key used against its direction would give garbage on one tier, the right
// answer on another, and on armv7 read past the key: refuse it on every tier.
enum KeyDir : uint32_t { kKeyDirNone = 0, kKeyDirEncrypt = 1, kKeyDirDecrypt = 2 };

bool key_aligned(const void *key) { return (reinterpret_cast<uintptr_t>(key) & 15) == 0; }

bool tier_in_build(uint32_t impl) {
  return impl == kAesImplPortable || (impl == kAesImplSimd && kAesImplSimd != kAesImplNone);
}

bool rounds_valid(uint32_t rounds) { return rounds == 10 || rounds == 12 || rounds == 14; }

// Says what is wrong with a key that failed key_impl's check, and aborts.
[[noreturn]] CTASM_COLD void key_misuse(const char *fn, const ctasm_aes_key *key, KeyDir dir) {
  if (key == nullptr) misuse(fn, "AES key is NULL");
  if (!key_aligned(key)) misuse(fn, "AES key is not 16-byte aligned (ctasm_aes_key requires it)");
  const uint32_t rounds = key->ctasm_private_rounds, impl = key->ctasm_private_impl;
  const uint32_t kdir = key->ctasm_private_direction;
  if (key->ctasm_private_check != aes_key_check_word(rounds, impl, kdir) ||
      (kdir != kKeyDirEncrypt && kdir != kKeyDirDecrypt)) {
    misuse(fn,
           "AES key not set, or corrupted (set_*_key never called or failed, or the struct "
           "was overwritten)");
  }
  if (!rounds_valid(rounds)) misuse(fn, "AES key corrupted (rounds)");
  if (!tier_in_build(impl)) misuse(fn, "AES key corrupted (unknown implementation)");
  if (kdir != dir) {
    misuse(fn, dir == kKeyDirEncrypt ? "AES decryption key used to encrypt (CTR, CBC/ECB enc=1)"
                                     : "AES encryption key used to decrypt");
  }
  misuse(fn, "AES key corrupted (bsaes rounds)");  // the armv7 check below
}

// The tier of a key about to be used in direction `dir`, after checking the
// key is one set_*_key made (aligned, check word, rounds, tier, direction):
// continuing with anything else would encrypt under an undefined key or read
// past it.
inline AesImpl key_impl(const char *fn, const ctasm_aes_key *key, KeyDir dir) {
  if (key != nullptr && key_aligned(key)) {
    const uint32_t rounds = key->ctasm_private_rounds, impl = key->ctasm_private_impl;
    bool ok = key->ctasm_private_check == aes_key_check_word(rounds, impl, dir) &&
              key->ctasm_private_direction == dir && rounds_valid(rounds) && tier_in_build(impl);
#if defined(CTASM_ARMV7_ASM)
    // The armv7 bsaes decryption form repeats Nr in its first word and runs
    // that many rounds: it must agree.
    ok = ok && !(impl == kAesImplSimd && dir == kKeyDirDecrypt &&
                 load_le32(key->ctasm_private_extra) != rounds);
#endif
    if (CTASM_LIKELY(ok)) return static_cast<AesImpl>(impl);
  }
  key_misuse(fn, key, dir);
}

#if defined(CTASM_X86_64_ASM)
// Multiplication by x in GF(2^8) of the four bytes of a word, constant-time.
inline uint32_t xtime4(uint32_t v) {
  return ((v & 0x7f7f7f7fu) << 1) ^ (((v >> 7) & 0x01010101u) * 0x1b);
}
inline uint32_t rotr32(uint32_t v, unsigned n) { return (v >> n) | (v << (32 - n)); }

// ctasm_bsaes_cbc_decrypt's key form (perlasm/aes/bsaes-x86_64.pl, "CBC decryption"):
// d_0 = K_Nr, d_r = InvMixColumns(K_{Nr-r}) for 0 < r < Nr, d_Nr = K_0, with
// 0x63 added to every byte of d_0..d_{Nr-1}. d_1..d_{Nr-1} are stored as
// planes (128 bytes each; byte n of plane i is 0xFF when bit i of d_r's byte
// 4 c + row is set, where row = n & 3 and c = ((n >> 2) + r row) mod 4: the
// byte order of round r there), then d_0 and d_Nr at kBsaesDecPlainOffset.
constexpr size_t kBsaesDecPlainOffset = 13 * 128;  // $DK0 in bsaes-x86_64.pl
static_assert(kBsaesDecPlainOffset + 32 <= kBsaesKeyBytes, "bsaes decryption key must fit");

void bsaes_decrypt_key(const uint8_t *raw, unsigned bits, uint8_t *out) {
  const unsigned rounds = bits / 32 + 6;
  uint8_t w[240];
  aes_portable::expand_key(raw, bits, w);
  for (unsigned r = 0; r <= rounds; r++) {
    const uint8_t *k = w + 16 * (rounds - r);
    uint32_t col[4];  // d_r by columns, byte `row` at bits 8 row
    for (int c = 0; c < 4; c++) {
      const uint32_t a = load_le32(k + 4 * c);
      if (r == 0 || r == rounds) {
        col[c] = a;
      } else {
        // InvMixColumns: out_i = 14 a_i ^ 11 a_{i+1} ^ 13 a_{i+2} ^ 9 a_{i+3}.
        const uint32_t x2 = xtime4(a), x4 = xtime4(x2), x8 = xtime4(x4);
        col[c] =
            (x8 ^ x4 ^ x2) ^ rotr32(x8 ^ x2 ^ a, 8) ^ rotr32(x8 ^ x4 ^ a, 16) ^ rotr32(x8 ^ a, 24);
      }
      if (r != rounds) col[c] ^= 0x63636363u;
    }
    if (r == 0 || r == rounds) {
      uint8_t *p = out + kBsaesDecPlainOffset + (r == 0 ? 0 : 16);
      for (int c = 0; c < 4; c++) store_le32(p + 4 * c, col[c]);
    } else {
      // byte n of the round's order: row n & 3 of column ((n >> 2) + r row) mod 4;
      // then bit i of each byte spread to the whole byte, eight bytes at a time
      uint8_t *planes = out + 128 * (r - 1);
      for (unsigned h = 0; h < 2; h++) {
        uint64_t v = 0;
        for (unsigned n = 8 * h; n < 8 * h + 8; n++) {
          const unsigned row = n & 3, c = ((n >> 2) + r * row) & 3;
          v |= static_cast<uint64_t>((col[c] >> (8 * row)) & 0xff) << (8 * (n - 8 * h));
        }
        for (int i = 0; i < 8; i++) {
          const uint64_t m = ((v >> i) & 0x0101010101010101ULL) * 0xff;
          memcpy(planes + 16 * i + 8 * h, &m, 8);
        }
      }
    }
    secure_wipe(col, sizeof(col));
  }
  secure_wipe(w, sizeof(w));
}
#endif

// Never inlined, so the public wrappers can wipe the stack it used; *cxx_key
// says whether C++ code expanded the key (the portable tier, the x86_64 bsaes
// decryption form), which only that wipe clears. The assembly leaves nothing.
CTASM_NOINLINE int set_key(ctasm_aes_key *key, const uint8_t *raw, size_t raw_len, bool decrypt,
                           bool *cxx_key) {
  *cxx_key = false;
  if (key == nullptr) return 0;
  const bool size_ok = raw_len == 16 || raw_len == 24 || raw_len == 32;
  // raw may lie inside *key: read it before the key is touched.
  uint8_t user_key[32];
  if (raw != nullptr && size_ok) memcpy(user_key, raw, raw_len);
  secure_wipe(key, sizeof(*key));  // check word 0: unusable until success
  if (raw == nullptr || !size_ok || !key_aligned(key)) return 0;
  const unsigned bits = static_cast<unsigned>(raw_len * 8);
  const AesImpl impl = aes_select_impl();
  switch (impl) {
#if defined(CTASM_AES_ASM)
    case kAesImplSimd:
      if (decrypt) {
        ctasm_vpaes_set_decrypt_key(user_key, bits, key);
#if defined(CTASM_X86_64_ASM)
        // bulk CBC decryption runs bsaes: keep its round keys ready.
        bsaes_decrypt_key(user_key, bits, key->ctasm_private_extra);
        *cxx_key = true;
#endif
#if defined(CTASM_ARMV7_ASM)
        // CBC decryption runs bsaes in bulk: keep its key form ready.
        ctasm_vpaes_decrypt_key_to_bsaes(key->ctasm_private_extra, key);
#endif
      } else {
        ctasm_vpaes_set_encrypt_key(user_key, bits, key);
#if defined(CTASM_X86_64_ASM)
        // bulk CTR runs bsaes: keep its key form ready (rounds 0..Nr-1).
        ctasm_vpaes_encrypt_key_to_bsaes(key->ctasm_private_extra, key);
#endif
      }
      break;
#endif
    default:
      (void)decrypt;  // the portable tier uses one key form for both
      aes_portable::set_key(user_key, bits, key);
      *cxx_key = true;
      break;
  }
  secure_wipe(user_key, sizeof(user_key));
  const uint32_t dir = decrypt ? kKeyDirDecrypt : kKeyDirEncrypt;
  key->ctasm_private_impl = impl;
  key->ctasm_private_direction = dir;
  key->ctasm_private_check = aes_key_check_word(key->ctasm_private_rounds, impl, dir);
  return 1;
}

void encrypt_one(AesImpl impl, const ctasm_aes_key *key, const uint8_t *in, uint8_t *out) {
#if defined(CTASM_AES_ASM)
  if (impl == kAesImplSimd) {
    ctasm_vpaes_encrypt(in, out, key);
    return;
  }
#endif
  (void)impl;
  aes_portable::encrypt_blocks(key, in, out, 1);
}

void decrypt_one(AesImpl impl, const ctasm_aes_key *key, const uint8_t *in, uint8_t *out) {
#if defined(CTASM_AES_ASM)
  if (impl == kAesImplSimd) {
    ctasm_vpaes_decrypt(in, out, key);
    return;
  }
#endif
  (void)impl;
  aes_portable::decrypt_blocks(key, in, out, 1);
}

#if defined(CTASM_ARMV7_ASM)
// Wipes the stack copy of a bsaes key; the observer lets tests see the buffer
// before and after.
void wipe_stack_key(void *buf, size_t len) {
  const testing::AesKeyWipeObserver obs = g_wipe_observer.load(std::memory_order_acquire);
  if (obs != nullptr) obs(buf, len, false);
  secure_wipe(buf, len);
  if (obs != nullptr) obs(buf, len, true);
}
#endif

// ctr32 primitive of the key's tier: counter in the last 4 bytes of ivec,
// big-endian, wrapping mod 2^32; ivec not written.
void ctr32_blocks(AesImpl impl, const ctasm_aes_key *key, const uint8_t *in, uint8_t *out,
                  size_t blocks, const uint8_t ivec[16]) {
#if defined(CTASM_X86_64_ASM) || defined(CTASM_ARMV7_ASM)
  if (impl == kAesImplSimd) {
    if (blocks >= kBsaesCtrMinBlocks) {
#if defined(CTASM_X86_64_ASM)
      // bsaes-x86_64 makes its counter planes cheaply when a batch starts at a
      // multiple of 8, and a partial batch costs a whole one: vpaes runs the
      // head up to such a counter and the tail of fewer than 8 blocks
      // (counter values are public).
      const uint32_t ctr0 = load_be32(ivec + 12);
      const size_t head = (0u - ctr0) & 7;
      const size_t bulk = (blocks - head) & ~static_cast<size_t>(7);
      const size_t tail = blocks - head - bulk;
      uint8_t iv_part[16];
      memcpy(iv_part, ivec, 16);
      if (head != 0) ctasm_vpaes_ctr32_encrypt_blocks(in, out, head, key, ivec);
      store_be32(iv_part + 12, ctr0 + static_cast<uint32_t>(head));
      in += 16 * head;
      out += 16 * head;
      ctasm_bsaes_ctr32_encrypt_blocks(in, out, bulk, key, iv_part);  // bsaes form set with the key
      if (tail != 0) {
        store_be32(iv_part + 12, ctr0 + static_cast<uint32_t>(head + bulk));
        ctasm_vpaes_ctr32_encrypt_blocks(in + 16 * bulk, out + 16 * bulk, tail, key, iv_part);
      }
#else
      // The key stays in vpaes form in the context; bsaes gets a converted copy
      // that lives only for this call.
      alignas(16) uint8_t bskey[kBsaesKeyBytes];
      ctasm_vpaes_encrypt_key_to_bsaes(bskey, key);
      ctasm_bsaes_ctr32_encrypt_blocks(in, out, blocks, bskey, ivec);
      wipe_stack_key(bskey, sizeof(bskey));
#endif
    } else {
      ctasm_vpaes_ctr32_encrypt_blocks(in, out, blocks, key, ivec);
    }
    return;
  }
#endif
#if defined(CTASM_AARCH64_ASM)
  if (impl == kAesImplSimd) {
    ctasm_vpaes_ctr32_encrypt_blocks(in, out, blocks, key, ivec);
    return;
  }
#endif
  (void)impl;
  aes_portable::ctr32_encrypt_blocks(in, out, blocks, key, ivec);
}

// Adds one to the upper 96 bits of the big-endian counter block, without
// branching on the counter value.
void increment_be96(uint8_t ivec[16]) {
  uint32_t carry = 1;
  for (int i = 11; i >= 0; i--) {
    carry += ivec[i];
    ivec[i] = static_cast<uint8_t>(carry);
    carry >>= 8;
  }
}

}  // namespace

namespace testing {
void set_aes_key_wipe_observer(AesKeyWipeObserver observer) {
  g_wipe_observer.store(observer, std::memory_order_release);
}
}  // namespace testing

}  // namespace ctasm

using namespace ctasm;

extern "C" {

int ctasm_aes_set_encrypt_key(ctasm_aes_key *key, const uint8_t *raw, size_t raw_len) {
  bool cxx_key;
  const int ok = set_key(key, raw, raw_len, /*decrypt=*/false, &cxx_key);
  if (cxx_key) wipe_stack_below();
  return ok;
}

int ctasm_aes_set_decrypt_key(ctasm_aes_key *key, const uint8_t *raw, size_t raw_len) {
  bool cxx_key;
  const int ok = set_key(key, raw, raw_len, /*decrypt=*/true, &cxx_key);
  if (cxx_key) wipe_stack_below();
  return ok;
}

// The portable tier computes in C++ (aes_portable.h: never inlined here), so
// each call into it is followed by a stack wipe; the assembly tiers keep
// secrets in registers or wipe their own frames.

void ctasm_aes_encrypt_block(const ctasm_aes_key *key, const uint8_t in[16], uint8_t out[16]) {
  static const char kFn[] = "ctasm_aes_encrypt_block";
  const AesImpl impl = key_impl(kFn, key, kKeyDirEncrypt);
  CTASM_CHECK_BUFFERS(kFn, /*in_place=*/true, BufArg{"in", in, 16, false},
                      BufArg{"out", out, 16, true}, BufArg{"key", key, sizeof(*key), false});
  encrypt_one(impl, key, in, out);
  if (impl == kAesImplPortable) wipe_stack_below();
}

void ctasm_aes_decrypt_block(const ctasm_aes_key *key, const uint8_t in[16], uint8_t out[16]) {
  static const char kFn[] = "ctasm_aes_decrypt_block";
  const AesImpl impl = key_impl(kFn, key, kKeyDirDecrypt);
  CTASM_CHECK_BUFFERS(kFn, /*in_place=*/true, BufArg{"in", in, 16, false},
                      BufArg{"out", out, 16, true}, BufArg{"key", key, sizeof(*key), false});
  decrypt_one(impl, key, in, out);
  if (impl == kAesImplPortable) wipe_stack_below();
}

void ctasm_aes_ecb_encrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t len,
                           int enc) {
  static const char kFn[] = "ctasm_aes_ecb_encrypt";
  if (len == 0) return;
  const AesImpl impl = key_impl(kFn, key, enc ? kKeyDirEncrypt : kKeyDirDecrypt);
  if (len % 16 != 0) return;
  CTASM_CHECK_BUFFERS(kFn, /*in_place=*/true, BufArg{"in", in, len, false},
                      BufArg{"out", out, len, true}, BufArg{"key", key, sizeof(*key), false});
  const size_t blocks = len / 16;
  if (impl == kAesImplPortable) {
    if (enc) {
      aes_portable::encrypt_blocks(key, in, out, blocks);
    } else {
      aes_portable::decrypt_blocks(key, in, out, blocks);
    }
    wipe_stack_below();
    return;
  }
  for (size_t i = 0; i < blocks; i++) {
    if (enc) {
      encrypt_one(impl, key, in + 16 * i, out + 16 * i);
    } else {
      decrypt_one(impl, key, in + 16 * i, out + 16 * i);
    }
  }
}

void ctasm_aes_cbc_encrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t len,
                           uint8_t ivec[16], int enc) {
  static const char kFn[] = "ctasm_aes_cbc_encrypt";
  if (len == 0) return;
  const AesImpl impl = key_impl(kFn, key, enc ? kKeyDirEncrypt : kKeyDirDecrypt);
  if (len % 16 != 0) return;
  CTASM_CHECK_BUFFERS(kFn, /*in_place=*/true, BufArg{"in", in, len, false},
                      BufArg{"out", out, len, true}, BufArg{"key", key, sizeof(*key), false},
                      BufArg{"ivec", ivec, 16, true});
  const size_t blocks = len / 16;
  switch (impl) {
#if defined(CTASM_X86_64_ASM)
    case kAesImplSimd:
      if (!enc) {
        // bsaes decrypts 8 blocks per batch and a partial batch costs a whole
        // one: it takes the whole batches, and the last partial one when that
        // has at least kBsaesCbcDecryptMinBlocks blocks, else vpaes decrypts
        // those (the length is public). ivec chains from one to the other.
        const size_t tail = blocks % 8;
        const size_t bulk = tail >= kBsaesCbcDecryptMinBlocks ? blocks : blocks - tail;
        if (bulk != 0)
          ctasm_bsaes_cbc_decrypt(in, out, 16 * bulk, key, ivec);  // key form set with the key
        if (bulk != blocks) {
          ctasm_vpaes_cbc_encrypt(in + 16 * bulk, out + 16 * bulk, 16 * (blocks - bulk), key, ivec,
                                  0);
        }
      } else {
        ctasm_vpaes_cbc_encrypt(in, out, len, key, ivec, 1);
      }
      return;
#endif
#if defined(CTASM_AARCH64_ASM)
    case kAesImplSimd:
      ctasm_vpaes_cbc_encrypt(in, out, len, key, ivec, enc ? 1 : 0);
      return;
#endif
#if defined(CTASM_ARMV7_ASM)
    case kAesImplSimd:
      // The stack copies hold plaintext (or plaintext ^ IV): wiped after.
      if (enc) {
        uint8_t x[16];
        for (size_t i = 0; i < blocks; i++) {
          for (int j = 0; j < 16; j++) x[j] = in[16 * i + j] ^ ivec[j];
          ctasm_vpaes_encrypt(x, out + 16 * i, key);
          memcpy(ivec, out + 16 * i, 16);
        }
        secure_wipe(x, sizeof(x));
      } else if (blocks >= kBsaesCbcDecryptMinBlocks) {
        ctasm_bsaes_cbc_decrypt(in, out, len, key->ctasm_private_extra, ivec);
      } else {
        uint8_t c[16], p[16];
        for (size_t i = 0; i < blocks; i++) {
          memcpy(c, in + 16 * i, 16);  // out may alias in
          ctasm_vpaes_decrypt(c, p, key);
          for (int j = 0; j < 16; j++) out[16 * i + j] = p[j] ^ ivec[j];
          memcpy(ivec, c, 16);
        }
        secure_wipe(p, sizeof(p));
      }
      return;
#endif
    default:
      if (enc) {
        aes_portable::cbc_encrypt(key, in, out, blocks, ivec);
      } else {
        aes_portable::cbc_decrypt(key, in, out, blocks, ivec);
      }
      wipe_stack_below();
      return;
  }
}

// OpenSSL's CRYPTO_ctr128_encrypt_ctr32 semantics: the tier's ctr32 primitive
// wraps at 2^32, so calls are split at that boundary and the carry goes into
// the upper 96 bits here.
void ctasm_aes_ctr128_encrypt(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t len,
                              uint8_t ivec[16], uint8_t ecount_buf[16], unsigned *num) {
  static const char kFn[] = "ctasm_aes_ctr128_encrypt";
  if (len == 0) return;
  const AesImpl impl = key_impl(kFn, key, kKeyDirEncrypt);
  CTASM_CHECK_BUFFERS(kFn, /*in_place=*/true, BufArg{"in", in, len, false},
                      BufArg{"out", out, len, true}, BufArg{"key", key, sizeof(*key), false},
                      BufArg{"ivec", ivec, 16, true}, BufArg{"ecount_buf", ecount_buf, 16, true},
                      BufArg{"num", num, sizeof(*num), true});
  unsigned n = *num % 16;
  // Finish the key-stream block a previous call started.
  while (n != 0 && len != 0) {
    *out++ = *in++ ^ ecount_buf[n];
    n = (n + 1) % 16;
    len--;
  }
  uint32_t ctr = load_be32(ivec + 12);
  while (len >= 16) {
    size_t blocks = len / 16;
    const uint64_t to_wrap = (static_cast<uint64_t>(1) << 32) - ctr;
    if (static_cast<uint64_t>(blocks) > to_wrap) blocks = static_cast<size_t>(to_wrap);
    ctr32_blocks(impl, key, in, out, blocks, ivec);
    ctr += static_cast<uint32_t>(blocks);
    store_be32(ivec + 12, ctr);
    if (ctr == 0) increment_be96(ivec);
    in += 16 * blocks;
    out += 16 * blocks;
    len -= 16 * blocks;
  }
  if (len != 0) {
    memset(ecount_buf, 0, 16);
    ctr32_blocks(impl, key, ecount_buf, ecount_buf, 1, ivec);
    ctr++;
    store_be32(ivec + 12, ctr);
    if (ctr == 0) increment_be96(ivec);
    for (; n < len; n++) out[n] = in[n] ^ ecount_buf[n];
  }
  *num = n;
  if (impl == kAesImplPortable) wipe_stack_below();
}

const char *ctasm_aes_impl(void) { return aes_impl_name(aes_select_impl()); }

}  // extern "C"
