// SPDX-License-Identifier: Apache-2.0
// The operation table and ctasm's side of each operation.
#include "speed_ops.h"

#include <string.h>

namespace ctasm_bench {

const std::vector<OpDef> &all_ops() {
  static const std::vector<OpDef> ops = {
#if defined(CTASM_BENCH_AEAD)
      {OpId::kAes128GcmSeal, "AES-128-GCM", "seal", true, 1},
      {OpId::kAes128GcmOpen, "AES-128-GCM", "open", true, 1},
      {OpId::kAes256GcmSeal, "AES-256-GCM", "seal", true, 1},
      {OpId::kAes256GcmOpen, "AES-256-GCM", "open", true, 1},
#if defined(CTASM_HAS_CHACHA20_POLY1305)
      {OpId::kChaCha20Poly1305Seal, "ChaCha20-Poly1305", "seal", true, 1},
      {OpId::kChaCha20Poly1305Open, "ChaCha20-Poly1305", "open", true, 1},
#endif
      {OpId::kAes128Gmac, "GHASH (AES-128-GMAC)", "", true, 1},
      {OpId::kAes128GcmSetup, "AES-128-GCM", "init", false, 1},
      {OpId::kAes256GcmSetup, "AES-256-GCM", "init", false, 1},
#endif
      {OpId::kAes128Ctr, "AES-128-CTR", "", true, 1},
      {OpId::kAes256Ctr, "AES-256-CTR", "", true, 1},
      {OpId::kAes128CbcEncrypt, "AES-128-CBC", "encrypt", true, 16},
      {OpId::kAes128CbcDecrypt, "AES-128-CBC", "decrypt", true, 16},
      {OpId::kAes128EncryptSetup, "AES-128", "encrypt setup", false, 1},
      {OpId::kAes256EncryptSetup, "AES-256", "encrypt setup", false, 1},
      {OpId::kAes128DecryptSetup, "AES-128", "decrypt setup", false, 1},
  };
  return ops;
}

std::string describe(const OpDef &op, size_t chunk) {
  std::string d = op.name;
  if (op.sized) d += " (" + std::to_string(chunk) + " bytes)";
  if (op.suffix[0] != '\0') d += std::string(" ") + op.suffix;
  return d;
}

std::string filter_name(const OpDef &op) {
  std::string d = op.name;
  if (op.suffix[0] != '\0') d += std::string(" ") + op.suffix;
  return d;
}

void fill_pattern(uint8_t *p, size_t n, uint8_t seed) {
  uint32_t x = 0x9e3779b9u ^ seed;
  for (size_t i = 0; i < n; i++) {
    x = x * 1664525u + 1013904223u;
    p[i] = static_cast<uint8_t>(x >> 24);
  }
}

namespace {

// One chunk of a CTR stream per call; the counter carries on across calls.
class CtasmCtr : public Bench {
 public:
  CtasmCtr(size_t key_len, size_t chunk) : chunk_(chunk), in_(chunk), out_(chunk) {
    uint8_t raw[32];
    fill_pattern(raw, key_len, 1);
    ok_ = ctasm_aes_set_encrypt_key(&key_, raw, key_len) == 1;
    fill_pattern(iv_, 16, 2);
    fill_pattern(in_.data(), chunk, 3);
    impl_ = ctasm_aes_impl();
  }
  bool ok() const { return ok_; }
  bool run() override {
    ctasm_aes_ctr128_encrypt(&key_, in_.data(), out_.data(), chunk_, iv_, ecount_, &num_);
    return true;
  }
  std::string impl() const override { return impl_; }

 private:
  size_t chunk_;
  AlignedBuf in_, out_;
  ctasm_aes_key key_;
  uint8_t iv_[16];
  uint8_t ecount_[16] = {0};
  unsigned num_ = 0;
  bool ok_;
  std::string impl_;
};

// One chunk of a CBC chain per call; the IV carries on across calls.
class CtasmCbc : public Bench {
 public:
  CtasmCbc(bool enc, size_t chunk) : enc_(enc), chunk_(chunk), in_(chunk), out_(chunk) {
    uint8_t raw[16];
    fill_pattern(raw, 16, 4);
    ok_ = (enc ? ctasm_aes_set_encrypt_key(&key_, raw, 16)
               : ctasm_aes_set_decrypt_key(&key_, raw, 16)) == 1;
    fill_pattern(iv_, 16, 5);
    fill_pattern(in_.data(), chunk, 6);
    impl_ = ctasm_aes_impl();
  }
  bool ok() const { return ok_; }
  bool run() override {
    ctasm_aes_cbc_encrypt(&key_, in_.data(), out_.data(), chunk_, iv_, enc_ ? 1 : 0);
    return true;
  }
  std::string impl() const override { return impl_; }

 private:
  bool enc_;
  size_t chunk_;
  AlignedBuf in_, out_;
  ctasm_aes_key key_;
  uint8_t iv_[16];
  bool ok_;
  std::string impl_;
};

class CtasmSetup : public Bench {
 public:
  CtasmSetup(bool enc, size_t key_len) : enc_(enc), key_len_(key_len) {
    fill_pattern(raw_, key_len, 7);
    impl_ = ctasm_aes_impl();
  }
  bool run() override {
    return (enc_ ? ctasm_aes_set_encrypt_key(&key_, raw_, key_len_)
                 : ctasm_aes_set_decrypt_key(&key_, raw_, key_len_)) == 1;
  }
  std::string impl() const override { return impl_; }

 private:
  bool enc_;
  size_t key_len_;
  uint8_t raw_[32];
  ctasm_aes_key key_;
  std::string impl_;
};

#if defined(CTASM_BENCH_AEAD)
// One context keyed per call (a TLS server keys one per connection).
class CtasmAeadSetup : public Bench {
 public:
  explicit CtasmAeadSetup(const ctasm_aead *aead) : aead_(aead) {
    fill_pattern(raw_, sizeof(raw_), 7);
    impl_ = ctasm_aead_impl(aead);
  }
  ~CtasmAeadSetup() override { ctasm_aead_ctx_cleanup(&ctx_); }
  bool run() override {
    return ctasm_aead_ctx_init(&ctx_, aead_, raw_, ctasm_aead_key_length(aead_), 0) == 1;
  }
  std::string impl() const override { return impl_; }

 private:
  const ctasm_aead *aead_;
  uint8_t raw_[32];
  ctasm_aead_ctx ctx_;
  std::string impl_;
};

// Whole messages under one key: nonce, 13-byte AD, seal or open, tag.
// gmac: empty message and a chunk-sized AD, i.e. GHASH plus one AES block.
class CtasmAead : public Bench {
 public:
  enum Mode { kSeal, kOpen, kGmac };
  CtasmAead(const ctasm_aead *aead, Mode mode, size_t chunk)
      : mode_(mode), chunk_(chunk), in_(chunk + 16), out_(chunk + 16),
        ad_(mode == kGmac ? chunk : 13) {
    uint8_t raw[32];
    size_t key_len = ctasm_aead_key_length(aead);
    fill_pattern(raw, key_len, 8);
    fill_pattern(nonce_, sizeof(nonce_), 9);
    fill_pattern(ad_.data(), mode == kGmac ? chunk : 13, 10);
    fill_pattern(in_.data(), chunk, 11);
    ok_ = ctasm_aead_ctx_init(&ctx_, aead, raw, key_len, 0) == 1;
    if (ok_ && mode == kOpen) {
      // Open what seal made, so every timed open succeeds.
      size_t len = 0;
      ok_ = ctasm_aead_seal(&ctx_, out_.data(), &len, chunk + 16, nonce_, 12, in_.data(), chunk,
                            ad_.data(), 13) == 1;
      memcpy(in_.data(), out_.data(), len);
    }
    impl_ = ctasm_aead_impl(aead);
  }
  ~CtasmAead() override {
    if (ok_) ctasm_aead_ctx_cleanup(&ctx_);
  }
  bool ok() const { return ok_; }
  bool run() override {
    size_t len = 0;
    switch (mode_) {
      case kSeal:
        return ctasm_aead_seal(&ctx_, out_.data(), &len, chunk_ + 16, nonce_, 12, in_.data(),
                               chunk_, ad_.data(), 13) == 1;
      case kOpen:
        return ctasm_aead_open(&ctx_, out_.data(), &len, chunk_, nonce_, 12, in_.data(),
                               chunk_ + 16, ad_.data(), 13) == 1;
      case kGmac:
        return ctasm_aead_seal(&ctx_, out_.data(), &len, 16, nonce_, 12, in_.data(), 0,
                               ad_.data(), chunk_) == 1;
    }
    return false;
  }
  std::string impl() const override { return impl_; }

 private:
  Mode mode_;
  size_t chunk_;
  AlignedBuf in_, out_, ad_;
  uint8_t nonce_[12];
  ctasm_aead_ctx ctx_;
  bool ok_;
  std::string impl_;
};
#endif

template <typename T>
std::unique_ptr<Bench> checked(std::unique_ptr<T> b) {
  if (!b->ok()) return nullptr;
  return std::unique_ptr<Bench>(std::move(b));
}

}  // namespace

std::unique_ptr<Bench> make_ctasm_bench(const OpDef &op, size_t chunk) {
  if (op.sized && (chunk == 0 || chunk % op.multiple != 0)) return nullptr;
  switch (op.id) {
    case OpId::kAes128Ctr:
      return checked(std::unique_ptr<CtasmCtr>(new CtasmCtr(16, chunk)));
    case OpId::kAes256Ctr:
      return checked(std::unique_ptr<CtasmCtr>(new CtasmCtr(32, chunk)));
    case OpId::kAes128CbcEncrypt:
      return checked(std::unique_ptr<CtasmCbc>(new CtasmCbc(true, chunk)));
    case OpId::kAes128CbcDecrypt:
      return checked(std::unique_ptr<CtasmCbc>(new CtasmCbc(false, chunk)));
    case OpId::kAes128EncryptSetup:
      return std::unique_ptr<Bench>(new CtasmSetup(true, 16));
    case OpId::kAes256EncryptSetup:
      return std::unique_ptr<Bench>(new CtasmSetup(true, 32));
    case OpId::kAes128DecryptSetup:
      return std::unique_ptr<Bench>(new CtasmSetup(false, 16));
#if defined(CTASM_BENCH_AEAD)
    case OpId::kAes128GcmSeal:
      return checked(std::unique_ptr<CtasmAead>(
          new CtasmAead(ctasm_aead_aes_128_gcm(), CtasmAead::kSeal, chunk)));
    case OpId::kAes128GcmOpen:
      return checked(std::unique_ptr<CtasmAead>(
          new CtasmAead(ctasm_aead_aes_128_gcm(), CtasmAead::kOpen, chunk)));
    case OpId::kAes256GcmSeal:
      return checked(std::unique_ptr<CtasmAead>(
          new CtasmAead(ctasm_aead_aes_256_gcm(), CtasmAead::kSeal, chunk)));
    case OpId::kAes256GcmOpen:
      return checked(std::unique_ptr<CtasmAead>(
          new CtasmAead(ctasm_aead_aes_256_gcm(), CtasmAead::kOpen, chunk)));
#if defined(CTASM_HAS_CHACHA20_POLY1305)
    case OpId::kChaCha20Poly1305Seal:
      return checked(std::unique_ptr<CtasmAead>(
          new CtasmAead(ctasm_aead_chacha20_poly1305(), CtasmAead::kSeal, chunk)));
    case OpId::kChaCha20Poly1305Open:
      return checked(std::unique_ptr<CtasmAead>(
          new CtasmAead(ctasm_aead_chacha20_poly1305(), CtasmAead::kOpen, chunk)));
#endif
    case OpId::kAes128Gmac:
      return checked(std::unique_ptr<CtasmAead>(
          new CtasmAead(ctasm_aead_aes_128_gcm(), CtasmAead::kGmac, chunk)));
    case OpId::kAes128GcmSetup:
      return std::unique_ptr<Bench>(new CtasmAeadSetup(ctasm_aead_aes_128_gcm()));
    case OpId::kAes256GcmSetup:
      return std::unique_ptr<Bench>(new CtasmAeadSetup(ctasm_aead_aes_256_gcm()));
#endif
  }
  return nullptr;
}

}  // namespace ctasm_bench
