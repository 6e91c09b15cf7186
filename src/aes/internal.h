// AES internals: the assembly entry points (prototypes of docs/INTERNALS.md),
// the CPU feature each needs, the tiers and the test hooks.
#ifndef CTASM_SRC_AES_INTERNAL_H
#define CTASM_SRC_AES_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "cpu/cpu.h"
#include "ctasm/ctasm.h"
#include "internal/asm_config.h"
#include "internal/prefix.h"

// `key` below is the ctasm_aes_key (16-byte aligned); `bsaes_key` a 16-byte
// aligned buffer of kBsaesKeyBytes. Unaligned in/out are fine everywhere.
extern "C" {
#if defined(CTASM_X86_64_ASM) || defined(CTASM_AARCH64_ASM) || defined(CTASM_ARMV7_ASM)
#define CTASM_AES_ASM 1  // this build has a vpaes-based tier (kAesImplSimd below)
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
// Conversion from a vpaes-form encryption key to the bsaes form (8 blocks wide).
void ctasm_vpaes_encrypt_key_to_bsaes(void *bsaes_key, const void *vpaes_key);
// Same counter convention as ctasm_vpaes_ctr32_encrypt_blocks; a partial final batch
// computes all eight blocks and stores the ones asked for.
void ctasm_bsaes_ctr32_encrypt_blocks(const uint8_t *in, uint8_t *out, size_t blocks,
                                      const void *bsaes_key, const uint8_t ivec[16]);
#endif
#if defined(CTASM_ARMV7_ASM)
void ctasm_vpaes_decrypt_key_to_bsaes(void *bsaes_key, const void *vpaes_key);
// len a multiple of 16; ivec updated.
void ctasm_bsaes_cbc_decrypt(const uint8_t *in, uint8_t *out, size_t len, const void *bsaes_key,
                             uint8_t ivec[16]);
#endif
}  // extern "C"

namespace ctasm {

// The tier that formatted a key, stored in ctasm_aes_key.ctasm_private_impl.
// Zero means "no valid key" (a failed or missing set_*_key).
enum AesImpl : uint32_t {
  kAesImplNone = 0,
  kAesImplPortable = 1,
  kAesImplHybridX86_64 = 2,  // bsaes for bulk CTR, vpaes for the rest
  kAesImplVpaesArmv8 = 3,
  kAesImplHybridArmv7 = 4,
};

// The one assembly tier this architecture's build has (vpaes, or the
// bsaes+vpaes hybrid), or kAesImplNone; every dispatch tests against it.
#if defined(CTASM_X86_64_ASM)
constexpr AesImpl kAesImplSimd = kAesImplHybridX86_64;
#elif defined(CTASM_AARCH64_ASM)
constexpr AesImpl kAesImplSimd = kAesImplVpaesArmv8;
#elif defined(CTASM_ARMV7_ASM)
constexpr AesImpl kAesImplSimd = kAesImplHybridArmv7;
#else
constexpr AesImpl kAesImplSimd = kAesImplNone;
#endif

inline bool vpaes_capable() {
#if defined(CTASM_X86_64_ASM)
  return cpu_has(kSSSE3);
#elif defined(CTASM_AARCH64_ASM) || defined(CTASM_ARMV7_ASM)
  return cpu_has(kNEON);
#else
  return false;
#endif
}

// The check word a set key carries (ctasm_private_check) for its rounds, tier
// and direction (1 encrypt, 2 decrypt): public metadata only.
uint32_t aes_key_check_word(uint32_t rounds, uint32_t impl, uint32_t dir);

// The tier new keys get under the capabilities in force.
AesImpl aes_select_impl();
const char *aes_impl_name(AesImpl impl);

// bsaes-form key size for AES-256 (the largest), kept in the key's tier-extra
// area: on x86_64 rounds 0..Nr-1 of every encryption key (set_encrypt_key
// converts once, so CTR calls convert nothing) and the CBC decryption round
// keys of every decryption key (likewise); on ARMv7 the decryption form
// (its CTR converts per call into a stack buffer of this size).
#if defined(CTASM_X86_64_ASM)
constexpr size_t kBsaesKeyBytes = 1792;  // 14 x 128 bytes of planes
#else
constexpr size_t kBsaesKeyBytes = 1696;
#endif
static_assert(256 + kBsaesKeyBytes <= sizeof(ctasm_aes_key), "bsaes key must fit ctasm_aes_key");

// Hybrid tiers: CTR calls with at least this many whole blocks run bsaes, fewer
// run vpaes (bsaes computes 8 blocks per batch; on ARMv7 it also pays a key
// conversion per call, so short calls lose). Measured on each target.
#if defined(CTASM_X86_64_ASM)
// Measured (EPYC VM): bsaes for the whole batches plus vpaes for head and tail
// overtakes vpaes alone at about 16 blocks.
constexpr size_t kBsaesCtrMinBlocks = 16;
#else
constexpr size_t kBsaesCtrMinBlocks = 8;
#endif
// CBC decryption: calls with at least this many blocks run bsaes.
#if defined(CTASM_X86_64_ASM)
// x86_64: bsaes runs whole 8-block batches, and a final partial batch of at
// least this many blocks (fewer go to vpaes). Measured (EPYC VM, AES-128):
// one bsaes batch costs about as much as 6 to 7 blocks through vpaes.
constexpr size_t kBsaesCbcDecryptMinBlocks = 7;
#else
constexpr size_t kBsaesCbcDecryptMinBlocks = 8;
#endif

namespace testing {
// Called by the ARMv7 hybrid CTR path around the wipe of its stack bsaes key:
// after_wipe = false just before wiping (the buffer holds the key), true just
// after (it must be all zero). Null disables. Test-only, not exported.
using AesKeyWipeObserver = void (*)(const void *buf, size_t len, bool after_wipe);
void set_aes_key_wipe_observer(AesKeyWipeObserver observer);
}  // namespace testing

}  // namespace ctasm

#endif  // CTASM_SRC_AES_INTERNAL_H
