// SPDX-License-Identifier: Apache-2.0
// The operations ctasm-speed measures, as one table, and the interface both
// libraries' implementations of an operation share.
//
// One Bench object does one operation per run() call on state prepared by its
// constructor (key schedule, buffers, contexts), so the timing loop measures
// only the operation: one chunk of a CTR/CBC stream, one key setup, or (AEADs)
// one whole message -- set nonce, 13-byte AD, seal or open, tag -- under a key
// set up once, as bssl speed does.
#ifndef CTASM_BENCH_SPEED_OPS_H
#define CTASM_BENCH_SPEED_OPS_H

#include <stddef.h>
#include <stdint.h>

#include <memory>
#include <string>
#include <vector>

// AEAD and GHASH rows need the AEAD API of docs/DESIGN.md. They are compiled when
// ctasm.h announces it (CTASM_HAS_AEAD) or when the build asks for them; the
// ChaCha20-Poly1305 rows when it also announces that AEAD
// (CTASM_HAS_CHACHA20_POLY1305).
#include "ctasm/ctasm.h"
#if defined(CTASM_HAS_AEAD) && !defined(CTASM_BENCH_AEAD)
#define CTASM_BENCH_AEAD 1
#endif

namespace ctasm_bench {

enum class OpId {
  kAes128Ctr,
  kAes256Ctr,
  kAes128CbcEncrypt,
  kAes128CbcDecrypt,
  kAes128EncryptSetup,
  kAes256EncryptSetup,
  kAes128DecryptSetup,
#if defined(CTASM_BENCH_AEAD)
  kAes128GcmSeal,
  kAes128GcmOpen,
  kAes256GcmSeal,
  kAes256GcmOpen,
#if defined(CTASM_HAS_CHACHA20_POLY1305)
  kChaCha20Poly1305Seal,
  kChaCha20Poly1305Open,
#endif
  kAes128Gmac,  // GHASH through the public API: empty message, chunk-sized AD
  kAes128GcmSetup,  // ctasm_aead_ctx_init (OpenSSL: re-keying an AES-128-GCM EVP context)
  kAes256GcmSetup,  // the same for AES-256-GCM
#endif
};

struct OpDef {
  OpId id;
  const char *name;    // "AES-128-CTR", "AES-128" (key setup)
  const char *suffix;  // "", "encrypt", "seal", "encrypt setup" (after the size, as bssl)
  bool sized;          // false: no chunk size, no MB/s (key setup)
  size_t multiple;     // chunk sizes must be a multiple of this (CBC: 16)
};

// Every operation, in output order.
const std::vector<OpDef> &all_ops();

// "AES-128-CTR (8192 bytes)", "AES-128-GCM (16 bytes) seal", "AES-128 encrypt setup".
std::string describe(const OpDef &op, size_t chunk);
// The name the -filter substring is matched against: name and suffix, no size.
std::string filter_name(const OpDef &op);

class Bench {
 public:
  virtual ~Bench() = default;
  // One operation. False on a library error (the measurement is abandoned).
  virtual bool run() = 0;
  // The implementation that runs, e.g. ctasm_aes_impl() at construction.
  virtual std::string impl() const = 0;
};

// nullptr when the operation does not exist for that chunk size or library.
std::unique_ptr<Bench> make_ctasm_bench(const OpDef &op, size_t chunk);
#if defined(CTASM_BENCH_OPENSSL)
std::unique_ptr<Bench> make_openssl_bench(const OpDef &op, size_t chunk);
std::string openssl_version();
#endif

// Deterministic non-secret filler for keys and inputs.
void fill_pattern(uint8_t *p, size_t n, uint8_t seed);

// A heap buffer whose data() is 64-byte aligned, as bssl speed's buffers.
class AlignedBuf {
 public:
  explicit AlignedBuf(size_t n) : storage_(n + 64) {
    uintptr_t a = reinterpret_cast<uintptr_t>(storage_.data());
    offset_ = static_cast<size_t>((64 - (a & 63)) & 63);
  }
  uint8_t *data() { return storage_.data() + offset_; }

 private:
  std::vector<uint8_t> storage_;
  size_t offset_;
};

}  // namespace ctasm_bench

#endif  // CTASM_BENCH_SPEED_OPS_H
