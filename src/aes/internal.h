// SPDX-License-Identifier: Apache-2.0
// AES internals: every assembly entry point with its C prototype and the CPU
// feature it needs, the tier table the API dispatches on, key validation (for
// the modes here and GCM), and the test hooks.
#ifndef CTASM_SRC_AES_INTERNAL_H
#define CTASM_SRC_AES_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "cpu/cpu.h"
#include "ctasm/ctasm.h"
#include "internal/asm_config.h"
#include "internal/compiler.h"
#include "internal/prefix.h"

// `key` below is the ctasm_aes_key (16-byte aligned); `bsaes_key` a 16-byte
// aligned buffer of kBsaesKeyBytes. Unaligned in/out are fine everywhere.
extern "C" {
#if defined(CTASM_X86_64_ASM) || defined(CTASM_AARCH64_ASM) || defined(CTASM_ARMV7_ASM)
#define CTASM_AES_ASM 1  // this build has a vpaes-based tier
#endif

#if defined(CTASM_AES_ASM)
// vpaes: needs SSSE3 on x86_64, NEON on ARM (see vpaes_capable()).
int ctasm_vpaes_set_encrypt_key(const uint8_t *user_key, unsigned bits, void *key);  // returns 0
int ctasm_vpaes_set_decrypt_key(const uint8_t *user_key, unsigned bits, void *key);  // returns 0
void ctasm_vpaes_encrypt(const uint8_t in[16], uint8_t out[16], const void *key);
void ctasm_vpaes_decrypt(const uint8_t in[16], uint8_t out[16], const void *key);
// Counter = last 4 bytes of ivec, big-endian, wraps mod 2^32; ivec not written.
void ctasm_vpaes_ctr32_encrypt_blocks(const uint8_t *in, uint8_t *out, size_t blocks,
                                      const void *key, const uint8_t ivec[16]);
#endif
#if defined(CTASM_X86_64_ASM) || defined(CTASM_AARCH64_ASM)
// len a multiple of 16; ivec updated.
void ctasm_vpaes_cbc_encrypt(const uint8_t *in, uint8_t *out, size_t len, const void *key,
                             uint8_t ivec[16], int enc);
#endif
#if defined(CTASM_X86_64_ASM)
// bsaes: needs SSSE3, like vpaes (the hybrid is one tier).
// Writes round keys 0..Nr-1 of a vpaes-form encryption key in the bsaes form
// (8 blocks wide, 128 bytes per round, at most 1792 bytes): set_encrypt_key
// keeps them in the key's extra area (bytes 256..).
void ctasm_vpaes_encrypt_key_to_bsaes(void *bsaes_key, const void *vpaes_key);
// AES-128 and AES-256: both of the above in one pass (the vpaes key, and its
// bsaes form in the key's extra area); returns 1. Other sizes: 0, nothing written.
int ctasm_vpaes_set_encrypt_key_bsaes(const uint8_t *user_key, unsigned bits, void *key);
// `key`: a vpaes encryption key whose extra area holds its bsaes form (above);
// round Nr is read from the vpaes schedule. Same counter convention as
// ctasm_vpaes_ctr32_encrypt_blocks; a partial final batch computes all eight blocks
// and stores the ones asked for.
void ctasm_bsaes_ctr32_encrypt_blocks(const uint8_t *in, uint8_t *out, size_t blocks,
                                      const void *key, const uint8_t ivec[16]);
// `key`: a vpaes decryption key whose extra area holds the bsaes decryption
// round keys that set_decrypt_key writes there (src/aes/aes.cc). len a multiple
// of 16; ivec updated to the last ciphertext block; in == out allowed.
void ctasm_bsaes_cbc_decrypt(const uint8_t *in, uint8_t *out, size_t len, const void *key,
                             uint8_t ivec[16]);
#endif
#if defined(CTASM_ARMV7_ASM)
// bsaes: needs NEON, like vpaes (the hybrid is one tier).
// Conversion from a vpaes-form key to the bsaes form (kBsaesKeyBytes).
void ctasm_vpaes_encrypt_key_to_bsaes(void *bsaes_key, const void *vpaes_key);
void ctasm_vpaes_decrypt_key_to_bsaes(void *bsaes_key, const void *vpaes_key);
// The bsaes form expanded for the cores (kBsaesArmv7ExpandedKeyBytes at most;
// the middle round keys as bit planes); ctr != 0: round key 0 in the byte
// order of ctasm_bsaes_ctr32_encrypt_blocks, 0: for ctasm_bsaes_cbc_decrypt.
void ctasm_bsaes_expand_key(void *expanded_key, const void *bsaes_key, int ctr);
// `expanded_key` from ctasm_bsaes_expand_key(..., 1). Same counter convention as
// ctasm_vpaes_ctr32_encrypt_blocks; a partial final batch computes all eight
// blocks and stores the ones asked for.
void ctasm_bsaes_ctr32_encrypt_blocks(const uint8_t *in, uint8_t *out, size_t blocks,
                                      const void *expanded_key, const uint8_t ivec[16]);
// `expanded_key` from ctasm_bsaes_expand_key(..., 0). len a multiple of 16;
// ivec updated.
void ctasm_bsaes_cbc_decrypt(const uint8_t *in, uint8_t *out, size_t len,
                             const void *expanded_key, uint8_t ivec[16]);
#endif
}  // extern "C"

namespace ctasm {

// ---- Tiers ------------------------------------------------------------------
// An AES tier is one implementation of every operation: its entry (AesTier
// below) names its functions, what the CPU needs for them (`capable`) and the
// name ctasm_aes_impl() reports. kAesTiers lists this build's tiers best first;
// a key is formatted by the first capable one and records it (its impl id), and
// every later call on the key runs that tier's functions. Hardware tiers
// (AES-NI/VAES, ARMv8 CE) go before the ones below when they come.

// The tier that formatted a key, stored in ctasm_aes_key.ctasm_private_impl.
// Zero means "no valid key" (a failed or missing set_*_key). Ids are never
// reused, so a key from an older tier set is refused, not misread.
enum AesImpl : uint32_t {
  kAesImplNone = 0,
  kAesImplPortable = 1,      // bitsliced C++ (aes_portable.h), every target
  kAesImplHybridX86_64 = 2,  // bsaes for bulk CTR and CBC decryption, vpaes for the rest
  kAesImplVpaesArmv8 = 3,
  kAesImplHybridArmv7 = 4,   // bsaes for bulk CTR and CBC decryption, vpaes for the rest
  kAesImplCount = 5,
};

// The direction a key was set for (ctasm_private_direction). vpaes and bsaes
// keep different schedules for each (the portable tier does not), so a key
// used against its direction is refused on every tier.
enum AesKeyDir : uint32_t { kAesKeyNone = 0, kAesKeyEncrypt = 1, kAesKeyDecrypt = 2 };

// AesTier::cxx_secrets: which functions compute on secrets in C++, so their
// caller wipes the dead stack after them (internal/stack_wipe.h).
enum : uint8_t { kCxxEncryptKey = 1, kCxxDecryptKey = 2, kCxxData = 4 };

struct AesTier {
  AesImpl impl;
  const char *name;    // what ctasm_aes_impl() reports for it
  bool (*capable)();   // the CPU in force (after CTASM_CPU) can run it
  // Key setup: raw holds bits / 8 bytes (128, 192 or 256 bits), key is zeroed
  // (but see encrypt_key_defines_all) and 16-byte aligned; fills rd_key, rounds
  // and the tier extra area.
  void (*set_encrypt_key)(const uint8_t *raw, unsigned bits, ctasm_aes_key *key);
  void (*set_decrypt_key)(const uint8_t *raw, unsigned bits, ctasm_aes_key *key);
  // One block, with the assembly's argument order so a tier can name its
  // assembly directly (no wrapper on the single-block path).
  void (*encrypt_block)(const uint8_t in[16], uint8_t out[16], const void *key);
  void (*decrypt_block)(const uint8_t in[16], uint8_t out[16], const void *key);
  // Data functions on blocks >= 1 whole blocks; in == out allowed, no other
  // overlap (the public functions have checked every argument).
  void (*encrypt_blocks)(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out,
                         size_t blocks);  // ECB
  void (*decrypt_blocks)(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out,
                         size_t blocks);
  // ivec updated to the last ciphertext block.
  void (*cbc_encrypt)(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                      uint8_t ivec[16]);
  void (*cbc_decrypt)(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                      uint8_t ivec[16]);
  // CTR with a 32-bit counter: the last 4 bytes of ivec, big-endian, wrapping
  // mod 2^32; ivec is not written (GCM's counter mode, and CTR128's inner loop).
  // The key and data are secret; the counter is public from kBsaesCtrMinBlocks
  // blocks on: the hybrid tiers pick their path by its low bits there (and
  // x86_64 bsaes its round-1 cache by its low byte). A caller with a secret
  // counter (GCM's J0 from a non-96-bit nonce) calls with fewer blocks.
  void (*ctr32_blocks)(const ctasm_aes_key *key, const uint8_t *in, uint8_t *out, size_t blocks,
                       const uint8_t ivec[16]);
  // Optional: tier-specific consistency of a key whose metadata checked out
  // (armv7: its bsaes form repeats the round count), or nullptr.
  bool (*key_consistent)(const ctasm_aes_key *key, AesKeyDir dir);
  uint8_t cxx_secrets;  // kCxx* flags
  // set_encrypt_key writes every byte of the key but impl, direction and check
  // (zeroing what its schedule does not use), so it takes a key of any
  // contents and aes_set_key does not wipe it first: a wipe costs as much as
  // the schedule. False (the default) for tiers that need a zeroed key.
  bool encrypt_key_defines_all = false;
};

// Each tier's entry, in its own file (src/aes/tier_*.cc).
extern const AesTier kAesTierPortable;
#if defined(CTASM_X86_64_ASM)
extern const AesTier kAesTierHybridX86_64;
#elif defined(CTASM_AARCH64_ASM)
extern const AesTier kAesTierVpaesArmv8;
#elif defined(CTASM_ARMV7_ASM)
extern const AesTier kAesTierHybridArmv7;
#endif

// This build's tiers, best first, the portable tier last (src/aes/tiers.cc).
extern const AesTier *const kAesTiers[];
extern const size_t kAesTierCount;
// By impl id: the tier, or nullptr when this build has none with that id.
extern const AesTier *const kAesTierByImpl[kAesImplCount];

// The tier new keys get under the capabilities in force: the first capable.
const AesTier &aes_select_tier();

inline bool vpaes_capable() {
#if defined(CTASM_X86_64_ASM)
  return cpu_has(kSSSE3);
#elif defined(CTASM_AARCH64_ASM) || defined(CTASM_ARMV7_ASM)
  return cpu_has(kNEON);
#else
  return false;
#endif
}

// ---- Keys (src/aes/aes_key.cc) ----------------------------------------------------

// The check word a set key carries (ctasm_private_check), over its public
// metadata (rounds, tier, direction): a struct that was never set (zero or
// random bytes) or whose metadata was overwritten fails it (2^-32 by chance).
// Cheap on purpose: every call checks it.
inline uint32_t aes_key_check_word(uint32_t rounds, uint32_t impl, uint32_t dir) {
  return 0x6374616bu ^ rounds ^ (impl << 8) ^ (dir << 16);  // "ctak"
}

// set_*_key: formats *key for the selected tier (or returns 0 on bad
// arguments, the key wiped). Never inlined, so its callers can wipe the stack
// it used; *cxx_key says whether C++ code computed on the key (then they must).
CTASM_NOINLINE int aes_set_key(ctasm_aes_key *key, const uint8_t *raw, size_t raw_len,
                               AesKeyDir dir, bool *cxx_key);

// Names what is wrong with a key that failed aes_key_tier's check and aborts.
[[noreturn]] CTASM_COLD void aes_key_misuse(const char *fn, const ctasm_aes_key *key,
                                            AesKeyDir dir);

// The tier of a key about to be used in direction `dir` by public function
// `fn`, after checking it is a key set_*_key made: aligned, check word,
// rounds, a tier of this build, direction. Anything else aborts (continuing
// would encrypt under an undefined key or read past it).
inline const AesTier &aes_key_tier(const char *fn, const ctasm_aes_key *key, AesKeyDir dir) {
  if (key != nullptr && (reinterpret_cast<uintptr_t>(key) & 15) == 0) {
    const uint32_t rounds = key->ctasm_private_rounds, impl = key->ctasm_private_impl;
    const AesTier *t = impl < kAesImplCount ? kAesTierByImpl[impl] : nullptr;
    const bool ok = key->ctasm_private_check == aes_key_check_word(rounds, impl, dir) &&
                    key->ctasm_private_direction == dir &&
                    (rounds == 10 || rounds == 12 || rounds == 14) && t != nullptr &&
                    (t->key_consistent == nullptr || t->key_consistent(key, dir));
    if (CTASM_LIKELY(ok)) return *t;
  }
  aes_key_misuse(fn, key, dir);
}

// ---- Tier internals shared by files ----------------------------------------------

// bsaes-form key size for AES-256 (the largest), kept in the key's tier-extra
// area: on x86_64 rounds 0..Nr-1 of every encryption key (set_encrypt_key
// converts once, so CTR calls convert nothing) and the CBC decryption round
// keys of every decryption key (likewise). ARMv7 keeps its expanded form
// there instead (kBsaesArmv7ExpandedKeyBytes).
#if defined(CTASM_X86_64_ASM)
constexpr size_t kBsaesKeyBytes = 1792;  // 14 x 128 bytes of planes
#else
constexpr size_t kBsaesKeyBytes = 16 * 16;  // ARMv7 bsaes form: Nr, then Nr + 1 round keys
#endif
static_assert(256 + kBsaesKeyBytes <= sizeof(ctasm_aes_key), "bsaes key must fit ctasm_aes_key");

// Hybrid tiers: CTR calls with at least this many whole blocks run bsaes, fewer
// run vpaes (bsaes computes 8 blocks per batch, so short calls lose). Measured
// on each target.
#if defined(CTASM_X86_64_ASM)
// Measured (EPYC VM): bsaes for the whole batches plus vpaes for head and tail
// overtakes vpaes alone at about 16 blocks.
constexpr size_t kBsaesCtrMinBlocks = 16;
#else
// ARMv7 (instruction counts in tier_armv7.cc): one bsaes batch, 8 blocks
// computed whatever the call uses, costs less than 6 blocks through vpaes.
constexpr size_t kBsaesCtrMinBlocks = 6;
#endif
// CBC decryption: calls with at least this many blocks run bsaes.
#if defined(CTASM_X86_64_ASM)
// x86_64: bsaes runs whole 8-block batches, and a final partial batch of at
// least this many blocks (fewer go to vpaes). Measured (EPYC VM, AES-128):
// one bsaes batch costs about as much as 6 to 7 blocks through vpaes.
constexpr size_t kBsaesCbcDecryptMinBlocks = 7;
#else
// ARMv7: one bsaes batch (any 1..8 blocks) costs less than 5 blocks through
// vpaes (counts in tier_armv7.cc).
constexpr size_t kBsaesCbcDecryptMinBlocks = 5;
#endif
#if defined(CTASM_ARMV7_ASM)
// ARMv7: the expanded bsaes key of every key, in its extra area (set_*_key;
// AES-256, the largest: header, first and last round keys, 13 x 8 planes).
constexpr size_t kBsaesArmv7ExpandedKeyBytes = 16 * 3 + 128 * 13;
static_assert(kBsaesArmv7ExpandedKeyBytes <= sizeof(ctasm_aes_key::ctasm_private_extra),
              "expanded bsaes key must fit the key's extra area");
// ARMv7: after the whole bsaes batches of a call, a tail of at least this many
// blocks (at most 7) runs as one more bsaes batch, a shorter one through vpaes
// (the counts are in tier_armv7.cc).
constexpr size_t kBsaesArmv7CtrTailMinBlocks = 6;
constexpr size_t kBsaesArmv7CbcTailMinBlocks = 5;
#endif

}  // namespace ctasm

#endif  // CTASM_SRC_AES_INTERNAL_H
