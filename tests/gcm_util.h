// SPDX-License-Identifier: Apache-2.0
// AES-GCM seal and open for tests, with any AES key size: 16- and 32-byte
// keys through the public API, 24-byte ones (the CAVP and Wycheproof AES-192
// vectors) through the internal GCM layer the API calls (src/aead/gcm.h),
// under the same tiers.
#ifndef CTASM_TESTS_GCM_UTIL_H
#define CTASM_TESTS_GCM_UTIL_H

#include <stdint.h>
#include <string.h>

#include <memory>
#include <vector>

#include "aead/gcm.h"
#include "ctasm/ctasm.h"
#include "ghash/internal.h"

namespace ctasm_test {

inline const ctasm_aead *GcmAead(size_t key_len) {
  return key_len == 16 ? ctasm_aead_aes_128_gcm() : key_len == 32 ? ctasm_aead_aes_256_gcm() : nullptr;
}

// A GCM key of any size, made under the tiers in force.
class GcmTestKey {
 public:
  // False when the key (or tag length) is refused.
  bool Init(const std::vector<uint8_t> &key, size_t tag_len) {
    tag_len_ = tag_len;
    if (const ctasm_aead *aead = GcmAead(key.size())) {
      internal_ = false;
      return ctasm_aead_ctx_init(&ctx_, aead, key.data(), key.size(), tag_len) == 1;
    }
    if (key.size() != 24 || !ctasm::gcm_tag_len_ok(tag_len)) return false;
    internal_ = true;
    memset(&ikey_, 0, sizeof(ikey_));
    ghash_ = &ctasm::ghash_select_tier();
    bool cxx;
    return ctasm::gcm_init(&ikey_, key.data(), key.size(), *ghash_, &cxx);
  }

  // ciphertext || tag, or false when refused.
  bool Seal(const std::vector<uint8_t> &nonce, const std::vector<uint8_t> &pt,
            const std::vector<uint8_t> &ad, std::vector<uint8_t> *out) const {
    out->assign(pt.size() + tag_len_, 0);
    if (!internal_) {
      size_t n = 0;
      const int ok = ctasm_aead_seal(&ctx_, out->data(), &n, out->size(), nonce.data(), nonce.size(),
                                     pt.data(), pt.size(), ad.data(), ad.size());
      return ok == 1 && n == out->size();
    }
    if (nonce.empty()) return false;
    uint8_t tag[16];
    ctasm::gcm_seal(&ikey_, Tiers(), out->data(), tag, nonce.data(), nonce.size(), pt.data(),
                    pt.size(), ad.data(), ad.size());
    memcpy(out->data() + pt.size(), tag, tag_len_);
    return true;
  }

  // The plaintext of ciphertext || tag, or false (out then still holds
  // what it held: open writes nothing on failure).
  bool Open(const std::vector<uint8_t> &nonce, const std::vector<uint8_t> &in,
            const std::vector<uint8_t> &ad, std::vector<uint8_t> *out) const {
    if (in.size() < tag_len_) return false;
    const size_t pt_len = in.size() - tag_len_;
    out->resize(pt_len);
    if (!internal_) {
      size_t n = 0;
      const int ok = ctasm_aead_open(&ctx_, out->data(), &n, out->size(), nonce.data(), nonce.size(),
                                     in.data(), in.size(), ad.data(), ad.size());
      return ok == 1 && n == pt_len;
    }
    if (nonce.empty()) return false;
    return ctasm::gcm_open(&ikey_, Tiers(), out->data(), nonce.data(), nonce.size(), in.data(),
                           pt_len, ad.data(), ad.size(), in.data() + pt_len, tag_len_);
  }

  ~GcmTestKey() { ctasm_aead_ctx_cleanup(&ctx_); }

 private:
  ctasm::GcmTiers Tiers() const {
    return {ctasm::kAesTierByImpl[ikey_.aes.ctasm_private_impl], ghash_, true};
  }

  ctasm_aead_ctx ctx_{};
  ctasm::GcmKey ikey_;
  const ctasm::GhashTier *ghash_ = nullptr;
  size_t tag_len_ = 16;
  bool internal_ = false;
};

}  // namespace ctasm_test

#endif  // CTASM_TESTS_GCM_UTIL_H
