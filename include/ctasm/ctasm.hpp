// SPDX-License-Identifier: Apache-2.0
// C++ wrapper over the C API of ctasm.h: RAII (keys are wiped when they go out
// of scope) and span overloads. It adds no cryptographic behaviour; span
// overloads only check that buffer sizes agree and return false otherwise.
// Works with C++17 (ctasm::span is std::span from C++20 on, a minimal
// pointer + size view before).
#ifndef CTASM_CTASM_HPP
#define CTASM_CTASM_HPP

#include <stddef.h>
#include <stdint.h>

#include <type_traits>
#include <utility>

#include "ctasm/ctasm.h"

#if __cplusplus >= 202002L && defined(__has_include)
#if __has_include(<span>)
#include <span>
#define CTASM_HAVE_STD_SPAN 1
#endif
#endif

namespace ctasm {

#if defined(CTASM_HAVE_STD_SPAN)
template <class T>
using span = std::span<T>;
#else
// The subset of std::span the wrapper needs: a pointer and a length.
template <class T>
class span {
 public:
  constexpr span() noexcept : data_(nullptr), size_(0) {}
  constexpr span(T *data, size_t size) noexcept : data_(data), size_(size) {}
  template <class U, size_t N,
            class = typename std::enable_if<std::is_convertible<U *, T *>::value>::type>
  constexpr span(U (&arr)[N]) noexcept : data_(arr), size_(N) {}
  // Any contiguous container with data() and size() (std::vector, std::array,
  // std::string, ...), and span<T> -> span<const T>.
  template <class C, class = typename std::enable_if<std::is_convertible<
                         decltype(std::declval<C &>().data()), T *>::value>::type>
  constexpr span(C &c) noexcept : data_(c.data()), size_(c.size()) {}
  constexpr T *data() const noexcept { return data_; }
  constexpr size_t size() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }

 private:
  T *data_;
  size_t size_;
};
#endif

// An AES key owned by one object: not copyable (no stray key copies), wiped on
// destruction.
class AesKey {
 public:
  AesKey() noexcept : key_() {}
  ~AesKey() { wipe(); }
  AesKey(const AesKey &) = delete;
  AesKey &operator=(const AesKey &) = delete;

  bool set_encrypt_key(const uint8_t *raw, size_t raw_len) noexcept {
    return ctasm_aes_set_encrypt_key(&key_, raw, raw_len) == 1;
  }
  bool set_encrypt_key(span<const uint8_t> raw) noexcept {
    return set_encrypt_key(raw.data(), raw.size());
  }
  bool set_decrypt_key(const uint8_t *raw, size_t raw_len) noexcept {
    return ctasm_aes_set_decrypt_key(&key_, raw, raw_len) == 1;
  }
  bool set_decrypt_key(span<const uint8_t> raw) noexcept {
    return set_decrypt_key(raw.data(), raw.size());
  }

  void encrypt_block(const uint8_t in[16], uint8_t out[16]) const noexcept {
    ctasm_aes_encrypt_block(&key_, in, out);
  }
  void decrypt_block(const uint8_t in[16], uint8_t out[16]) const noexcept {
    ctasm_aes_decrypt_block(&key_, in, out);
  }

  void ecb(const uint8_t *in, uint8_t *out, size_t len, bool enc) const noexcept {
    ctasm_aes_ecb_encrypt(&key_, in, out, len, enc ? 1 : 0);
  }
  bool ecb(span<const uint8_t> in, span<uint8_t> out, bool enc) const noexcept {
    if (in.size() != out.size() || in.size() % 16 != 0) return false;
    ecb(in.data(), out.data(), in.size(), enc);
    return true;
  }

  void cbc(const uint8_t *in, uint8_t *out, size_t len, uint8_t ivec[16], bool enc) const noexcept {
    ctasm_aes_cbc_encrypt(&key_, in, out, len, ivec, enc ? 1 : 0);
  }
  bool cbc(span<const uint8_t> in, span<uint8_t> out, span<uint8_t> ivec, bool enc) const noexcept {
    if (in.size() != out.size() || in.size() % 16 != 0 || ivec.size() != 16) return false;
    cbc(in.data(), out.data(), in.size(), ivec.data(), enc);
    return true;
  }

  void ctr128(const uint8_t *in, uint8_t *out, size_t len, uint8_t ivec[16], uint8_t ecount_buf[16],
              unsigned *num) const noexcept {
    ctasm_aes_ctr128_encrypt(&key_, in, out, len, ivec, ecount_buf, num);
  }
  bool ctr128(span<const uint8_t> in, span<uint8_t> out, span<uint8_t> ivec,
              span<uint8_t> ecount_buf, unsigned &num) const noexcept {
    if (in.size() != out.size() || ivec.size() != 16 || ecount_buf.size() != 16) return false;
    ctr128(in.data(), out.data(), in.size(), ivec.data(), ecount_buf.data(), &num);
    return true;
  }

  const ctasm_aes_key *get() const noexcept { return &key_; }

 private:
  void wipe() noexcept {
    volatile uint8_t *p = reinterpret_cast<volatile uint8_t *>(&key_);
    for (size_t i = 0; i < sizeof(key_); i++) p[i] = 0;
  }

  ctasm_aes_key key_;
};

// A keyed AEAD context owned by one object: not copyable (no stray key
// copies), wiped on destruction (ctasm_aead_ctx_cleanup). The span overloads
// write ciphertext || tag (seal) or the plaintext (open) into `out` and return
// how many bytes, or 0 with nothing written on any failure; the pointer
// overloads are the C functions.
class AeadCtx {
 public:
  AeadCtx() noexcept : ctx_() {}
  ~AeadCtx() { ctasm_aead_ctx_cleanup(&ctx_); }
  AeadCtx(const AeadCtx &) = delete;
  AeadCtx &operator=(const AeadCtx &) = delete;

  bool init(const ctasm_aead *aead, const uint8_t *key, size_t key_len,
            size_t tag_len = 0) noexcept {
    return ctasm_aead_ctx_init(&ctx_, aead, key, key_len, tag_len) == 1;
  }
  bool init(const ctasm_aead *aead, span<const uint8_t> key, size_t tag_len = 0) noexcept {
    return init(aead, key.data(), key.size(), tag_len);
  }
  void cleanup() noexcept { ctasm_aead_ctx_cleanup(&ctx_); }

  bool seal(uint8_t *out, size_t *out_len, size_t max_out_len, const uint8_t *nonce,
            size_t nonce_len, const uint8_t *in, size_t in_len, const uint8_t *ad,
            size_t ad_len) const noexcept {
    return ctasm_aead_seal(&ctx_, out, out_len, max_out_len, nonce, nonce_len, in, in_len, ad,
                           ad_len) == 1;
  }
  size_t seal(span<uint8_t> out, span<const uint8_t> nonce, span<const uint8_t> in,
              span<const uint8_t> ad) const noexcept {
    size_t n = 0;
    return seal(out.data(), &n, out.size(), nonce.data(), nonce.size(), in.data(), in.size(),
                ad.data(), ad.size())
               ? n
               : 0;
  }
  bool open(uint8_t *out, size_t *out_len, size_t max_out_len, const uint8_t *nonce,
            size_t nonce_len, const uint8_t *in, size_t in_len, const uint8_t *ad,
            size_t ad_len) const noexcept {
    return ctasm_aead_open(&ctx_, out, out_len, max_out_len, nonce, nonce_len, in, in_len, ad,
                           ad_len) == 1;
  }
  // Returns false (not 0) on failure, since an empty plaintext is valid.
  bool open(span<uint8_t> out, size_t *out_len, span<const uint8_t> nonce,
            span<const uint8_t> in, span<const uint8_t> ad) const noexcept {
    return open(out.data(), out_len, out.size(), nonce.data(), nonce.size(), in.data(),
                in.size(), ad.data(), ad.size());
  }

  const ctasm_aead_ctx *get() const noexcept { return &ctx_; }

 private:
  ctasm_aead_ctx ctx_;
};

// Raw ChaCha20 (ctasm_chacha20): false, with nothing written, when the sizes
// do not match (out as long as in, a 32-byte key, a 12-byte nonce) or the C
// function refuses.
inline bool chacha20(span<const uint8_t> in, span<uint8_t> out, span<const uint8_t> key,
                     span<const uint8_t> nonce, uint32_t counter) noexcept {
  if (in.size() != out.size() || key.size() != 32 || nonce.size() != 12) return false;
  return ctasm_chacha20(out.data(), in.data(), in.size(), key.data(), nonce.data(), counter) == 1;
}

// Names of what is in force (see ctasm.h).
inline const char *aes_impl_string() noexcept { return ctasm_aes_impl(); }
inline const char *aead_impl_string(const ctasm_aead *aead) noexcept { return ctasm_aead_impl(aead); }
inline const char *cpu_caps_string() noexcept { return ctasm_cpu_caps(); }

}  // namespace ctasm

#endif  // CTASM_CTASM_HPP
