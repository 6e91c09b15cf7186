// SPDX-License-Identifier: Apache-2.0
// OpenSSL's side of each operation, through EVP, set up the same way as
// ctasm's: key and context prepared once, then one chunk / key setup / whole
// message per run(). Built only with CTASM_BENCH_OPENSSL.
#if defined(CTASM_BENCH_OPENSSL)

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <string.h>

#include "speed_ops.h"

namespace ctasm_bench {

std::string openssl_version() { return OpenSSL_version(OPENSSL_VERSION); }

namespace {

// Explicit fetch once, so no run() pays for an implicit algorithm lookup.
class Cipher {
 public:
  explicit Cipher(const char *name) : c_(EVP_CIPHER_fetch(nullptr, name, nullptr)) {}
  ~Cipher() { EVP_CIPHER_free(c_); }
  Cipher(const Cipher &) = delete;
  Cipher &operator=(const Cipher &) = delete;
  EVP_CIPHER *get() const { return c_; }

 private:
  EVP_CIPHER *c_;
};

class OsslBench : public Bench {
 public:
  explicit OsslBench(const char *cipher) : cipher_(cipher), ctx_(EVP_CIPHER_CTX_new()) {
    ok_ = cipher_.get() != nullptr && ctx_ != nullptr;
  }
  ~OsslBench() override { EVP_CIPHER_CTX_free(ctx_); }
  bool ok() const { return ok_; }
  std::string impl() const override { return "openssl"; }

 protected:
  Cipher cipher_;
  EVP_CIPHER_CTX *ctx_;
  bool ok_;
};

// CTR and CBC: one EVP_*Update per chunk; the stream/chain carries on.
class OsslStream : public OsslBench {
 public:
  OsslStream(const char *cipher, int enc, size_t key_len, size_t chunk)
      : OsslBench(cipher), chunk_(chunk), in_(chunk), out_(chunk + 32) {
    uint8_t raw[32], iv[16];
    fill_pattern(raw, key_len, 1);
    fill_pattern(iv, 16, 2);
    fill_pattern(in_.data(), chunk, 3);
    ok_ = ok_ && EVP_CipherInit_ex(ctx_, cipher_.get(), nullptr, raw, iv, enc) == 1 &&
          EVP_CIPHER_CTX_set_padding(ctx_, 0) == 1;
  }
  bool run() override {
    int out_len = 0;
    return EVP_CipherUpdate(ctx_, out_.data(), &out_len, in_.data(), static_cast<int>(chunk_)) ==
               1 &&
           static_cast<size_t>(out_len) == chunk_;
  }

 private:
  size_t chunk_;
  AlignedBuf in_, out_;
};

// Key setup: re-key an ECB context, which runs the key schedule of the tier
// OpenSSL dispatched to (aesni / vpaes / table) behind EVP's provider call.
class OsslSetup : public OsslBench {
 public:
  OsslSetup(const char *cipher, int enc, size_t key_len) : OsslBench(cipher), enc_(enc) {
    fill_pattern(raw_, key_len, 7);
    ok_ = ok_ && EVP_CipherInit_ex(ctx_, cipher_.get(), nullptr, raw_, nullptr, enc) == 1;
  }
  bool run() override { return EVP_CipherInit_ex(ctx_, nullptr, nullptr, raw_, nullptr, enc_) == 1; }

 private:
  int enc_;
  uint8_t raw_[32];
};

// Whole AEAD messages under one key: new nonce (no re-key), 13-byte AD,
// message, tag. gmac: no message, chunk-sized AD.
class OsslAead : public OsslBench {
 public:
  enum Mode { kSeal, kOpen, kGmac };
  OsslAead(const char *cipher, size_t key_len, Mode mode, size_t chunk)
      : OsslBench(cipher), mode_(mode), chunk_(chunk), in_(chunk + 16), out_(chunk + 32),
        ad_(mode == kGmac ? chunk : 13) {
    uint8_t raw[32];
    fill_pattern(raw, key_len, 8);
    fill_pattern(nonce_, sizeof(nonce_), 9);
    fill_pattern(ad_.data(), mode == kGmac ? chunk : 13, 10);
    fill_pattern(in_.data(), chunk, 11);
    int enc = mode == kOpen ? 0 : 1;
    ok_ = ok_ && EVP_CipherInit_ex(ctx_, cipher_.get(), nullptr, raw, nullptr, enc) == 1 &&
          EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_AEAD_SET_IVLEN, 12, nullptr) == 1;
    if (ok_ && mode == kOpen) {
      // A valid ciphertext and tag to open, made by a separate sealing context.
      OsslAead sealer(cipher, key_len, kSeal, chunk);
      ok_ = sealer.ok() && sealer.run();
      memcpy(in_.data(), sealer.out_.data(), chunk);
      memcpy(tag_, sealer.tag_, 16);
    }
  }
  bool run() override {
    int len = 0;
    const int enc = mode_ == kOpen ? 0 : 1;
    if (EVP_CipherInit_ex(ctx_, nullptr, nullptr, nullptr, nonce_, enc) != 1) return false;
    size_t ad_len = mode_ == kGmac ? chunk_ : 13;
    if (EVP_CipherUpdate(ctx_, nullptr, &len, ad_.data(), static_cast<int>(ad_len)) != 1)
      return false;
    if (mode_ != kGmac &&
        EVP_CipherUpdate(ctx_, out_.data(), &len, in_.data(), static_cast<int>(chunk_)) != 1)
      return false;
    if (mode_ == kOpen) {
      if (EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_AEAD_SET_TAG, 16, tag_) != 1) return false;
      return EVP_CipherFinal_ex(ctx_, out_.data() + chunk_, &len) == 1;
    }
    if (EVP_CipherFinal_ex(ctx_, out_.data() + chunk_, &len) != 1) return false;
    return EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_AEAD_GET_TAG, 16, tag_) == 1;
  }

 private:
  Mode mode_;
  size_t chunk_;
  AlignedBuf in_, out_, ad_;
  uint8_t nonce_[12];
  uint8_t tag_[16] = {0};
};

template <typename T>
std::unique_ptr<Bench> checked(T *b) {
  std::unique_ptr<T> p(b);
  if (!p->ok()) return nullptr;
  return std::unique_ptr<Bench>(std::move(p));
}

}  // namespace

std::unique_ptr<Bench> make_openssl_bench(const OpDef &op, size_t chunk) {
  if (op.sized && (chunk == 0 || chunk % op.multiple != 0)) return nullptr;
  switch (op.id) {
    case OpId::kAes128Ctr:
      return checked(new OsslStream("AES-128-CTR", 1, 16, chunk));
    case OpId::kAes256Ctr:
      return checked(new OsslStream("AES-256-CTR", 1, 32, chunk));
    case OpId::kAes128CbcEncrypt:
      return checked(new OsslStream("AES-128-CBC", 1, 16, chunk));
    case OpId::kAes128CbcDecrypt:
      return checked(new OsslStream("AES-128-CBC", 0, 16, chunk));
    case OpId::kAes128EncryptSetup:
      return checked(new OsslSetup("AES-128-ECB", 1, 16));
    case OpId::kAes256EncryptSetup:
      return checked(new OsslSetup("AES-256-ECB", 1, 32));
    case OpId::kAes128DecryptSetup:
      return checked(new OsslSetup("AES-128-ECB", 0, 16));
#if defined(CTASM_BENCH_AEAD)
    case OpId::kAes128GcmSeal:
      return checked(new OsslAead("AES-128-GCM", 16, OsslAead::kSeal, chunk));
    case OpId::kAes128GcmOpen:
      return checked(new OsslAead("AES-128-GCM", 16, OsslAead::kOpen, chunk));
    case OpId::kAes256GcmSeal:
      return checked(new OsslAead("AES-256-GCM", 32, OsslAead::kSeal, chunk));
    case OpId::kAes256GcmOpen:
      return checked(new OsslAead("AES-256-GCM", 32, OsslAead::kOpen, chunk));
#if defined(CTASM_HAS_CHACHA20_POLY1305)
    case OpId::kChaCha20Poly1305Seal:
      return checked(new OsslAead("ChaCha20-Poly1305", 32, OsslAead::kSeal, chunk));
    case OpId::kChaCha20Poly1305Open:
      return checked(new OsslAead("ChaCha20-Poly1305", 32, OsslAead::kOpen, chunk));
#endif
    case OpId::kAes128Gmac:
      return checked(new OsslAead("AES-128-GCM", 16, OsslAead::kGmac, chunk));
    case OpId::kAes128GcmSetup:
      return checked(new OsslSetup("AES-128-GCM", 1, 16));
    case OpId::kAes256GcmSetup:
      return checked(new OsslSetup("AES-256-GCM", 1, 32));
#endif
  }
  return nullptr;
}

}  // namespace ctasm_bench

#endif  // CTASM_BENCH_OPENSSL
