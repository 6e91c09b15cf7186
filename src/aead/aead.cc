// SPDX-License-Identifier: Apache-2.0
// The ctasm_aead_* API: descriptors, context setup and the argument checks of
// seal and open (ctasm.h, "Misuse and what it does"); the ciphers themselves
// are in gcm.cc and chacha_aead.cc. Every refusal happens before anything is
// read from or written to the caller's buffers.
#include <stdio.h>
#include <string.h>

#include "aead/chacha_aead.h"
#include "aead/gcm.h"
#include "aead/internal.h"
#include "ghash/internal.h"
#include "internal/ct.h"
#include "internal/stack_wipe.h"

static_assert(sizeof(ctasm_aead_ctx) == 3088, "ctasm_aead_ctx size is documented in ctasm.h");
static_assert(alignof(ctasm_aead_ctx) == 16, "ctasm_aead_ctx must be 16-byte aligned");

// Forced inlining for the short-message path's helpers (the compiler keeps
// buffers_ok out of line otherwise, with four stack arguments pushed).
#if defined(__GNUC__) || defined(__clang__)
#define CTASM_AEAD_INLINE inline __attribute__((always_inline))
#else
#define CTASM_AEAD_INLINE __forceinline
#endif

namespace ctasm {

static_assert(sizeof(GcmKey) <= sizeof(ctasm_aead_ctx::ctasm_private_state),
              "the GCM state must fit ctasm_aead_ctx");
static_assert(alignof(GcmKey) <= 16, "the GCM state needs no more than the context's alignment");
static_assert(sizeof(ChachaAeadKey) <= sizeof(ctasm_aead_ctx::ctasm_private_state),
              "the ChaCha20-Poly1305 state must fit ctasm_aead_ctx");

namespace {

const ctasm_aead kAes128Gcm = {kAeadAes128Gcm, 16, 12, kGcmMaxTagBytes, kGcmMaxTagBytes};
const ctasm_aead kAes256Gcm = {kAeadAes256Gcm, 32, 12, kGcmMaxTagBytes, kGcmMaxTagBytes};

const ctasm_aead kChacha20Poly1305 = {kAeadChacha20Poly1305, kChachaKeyBytes, kChachaNonceBytes,
                                      kChachaTagBytes, kChachaTagBytes};
const ctasm_aead kXChacha20Poly1305 = {kAeadXChacha20Poly1305, kChachaKeyBytes, kXChachaNonceBytes,
                                       kChachaTagBytes, kChachaTagBytes};

const ctasm_aead *known_aead(const ctasm_aead *aead) {
  return aead == &kAes128Gcm || aead == &kAes256Gcm || aead == &kChacha20Poly1305 ||
                 aead == &kXChacha20Poly1305
             ? aead
             : nullptr;
}

bool is_chacha(uint32_t id) { return id == kAeadChacha20Poly1305 || id == kAeadXChacha20Poly1305; }

// Tag lengths ctx_init accepts (after 0 became the default).
bool tag_len_ok(const ctasm_aead *aead, size_t tag_len) {
  return is_chacha(aead->id) ? tag_len == kChachaTagBytes : gcm_tag_len_ok(tag_len);
}

bool misaligned(const void *p) { return (reinterpret_cast<uintptr_t>(p) & 15) != 0; }

// A buffer of len > 0 bytes that is NULL or runs past the end of the address
// space. Zero-length buffers are never read, so any pointer will do for them.
bool bad_range(const void *p, size_t len) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  return len != 0 && (a == 0 || a > UINTPTR_MAX - len);
}

// Two non-empty, non-wrapping ranges sharing a byte.
bool overlap(const void *p, size_t lp, const void *q, size_t lq) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p), b = reinterpret_cast<uintptr_t>(q);
  return lp != 0 && lq != 0 && a < b + lq && b < a + lp;
}

// One buffer of a seal or open: its address as an integer and its length.
struct Span {
  uintptr_t p;
  size_t len;
};

// The misuse contract of one seal or open (ctasm.h), written once for every
// AEAD: every buffer passes `bad`; out (written, out_bytes) and out_len
// (written) share no byte with anything else, except that out may equal in
// exactly. bad(s) says s is NULL or wraps; meet(s, t) that s and t share a
// byte; both are only asked about spans `bad` passed (ctx is real memory).
template <typename Bad, typename Meet>
CTASM_AEAD_INLINE bool buffers_contract(Bad bad, Meet meet, Span out, Span out_len, Span nonce,
                                        Span in, Span ad, Span ctx) {
  if (bad(out_len) || bad(nonce) || bad(out) || bad(in) || bad(ad)) return false;
  return !(meet(out, nonce) || meet(out, ad) || meet(out, ctx) ||
           (meet(out, in) && out.p != in.p) || meet(out_len, nonce) || meet(out_len, ad) ||
           meet(out_len, ctx) || meet(out_len, in) || meet(out_len, out));
}

// The contract for any lengths, with the plain tests above; buffers_ok's
// answer when a length is too large for its single comparisons.
// (buffers_ok's arguments, so its call needs no new frame.)
CTASM_NOINLINE bool buffers_ok_any_length(const ctasm_aead_ctx *ctx, const uint8_t *out,
                                          size_t out_bytes, const size_t *out_len,
                                          const uint8_t *nonce, size_t nonce_len,
                                          const uint8_t *in, size_t in_len, const uint8_t *ad,
                                          size_t ad_len) {
  const auto at = [](const void *p, size_t len) { return Span{reinterpret_cast<uintptr_t>(p), len}; };
  const auto bad = [](Span s) { return bad_range(reinterpret_cast<const void *>(s.p), s.len); };
  const auto meet = [](Span s, Span t) {
    return overlap(reinterpret_cast<const void *>(s.p), s.len, reinterpret_cast<const void *>(t.p),
                   t.len);
  };
  return buffers_contract(bad, meet, at(out, out_bytes), at(out_len, sizeof(*out_len)),
                          at(nonce, nonce_len), at(in, in_len), at(ad, ad_len), at(ctx, sizeof(*ctx)));
}

// The buffers of one seal or open, for every AEAD: out (written, out_bytes),
// out_len (written), and what is read: nonce, in, ad and the context itself.
// Precondition (the callers' length checks): nonce_len != 0, so a NULL nonce
// is a bad range. The same answer as buffers_ok_any_length in fewer
// instructions (~200 before, measured in ChaCha's 16-byte seal): a length
// above SIZE_MAX / 4 (an AD that long; on 32-bit targets a message or a GCM
// nonce too) goes there, so the sum of any two lengths fits a size_t. With
// that bound every range test is one subtraction and one comparison:
//  * an empty range's pointer is replaced by 1 (never read: any pointer will
//    do for it, and 1 makes both tests below false for it);
//  * bad: p - 1 >= UINTPTR_MAX - len, for len > 0 exactly "p is NULL (p - 1
//    wraps to UINTPTR_MAX) or p + len > UINTPTR_MAX" (bad_range); for the
//    empty range (p = 1) never;
//  * overlap of non-empty, non-wrapping [a, a + la) and [b, b + lb): a - b in
//    (-la, lb), i.e. X = a - b + la - 1 in [0, la + lb - 1). la + lb - 1 is
//    exact (the bounds), and a negative X is at least lb + la - 1 - UINTPTR_MAX
//    (a >= 0, b <= UINTPTR_MAX - lb), so X mod 2^64 >= la + lb: one unsigned
//    X < la + lb - 1. With a's range empty (a = 1, la = 0) X = -b, i.e.
//    2^64 - b, is below lb - 1 only if b + lb > 2^64 + 1; with b's empty
//    (b = 1, lb = 0), X < la - 1 means a < 1, but a non-empty range that
//    passed the bad test is not NULL; both empty: X = UINTPTR_MAX, not below.
// tests/chacha_misuse_test.cc and tests/gcm_misuse_test.cc (BufferGeometry)
// check the answer against a byte-marking one, every tier and target.
CTASM_AEAD_INLINE bool buffers_ok(const ctasm_aead_ctx *ctx, const uint8_t *out, size_t out_bytes,
                                  const size_t *out_len, const uint8_t *nonce, size_t nonce_len,
                                  const uint8_t *in, size_t in_len, const uint8_t *ad,
                                  size_t ad_len) {
  constexpr size_t kBig = SIZE_MAX >> 2;  // 2^k - 1: one OR tests every length
  if (CTASM_UNLIKELY((ad_len | in_len | out_bytes) > kBig || nonce_len > kBig)) {
    return buffers_ok_any_length(ctx, out, out_bytes, out_len, nonce, nonce_len, in, in_len, ad,
                                 ad_len);
  }
  const auto at = [](const void *p) { return reinterpret_cast<uintptr_t>(p); };
  const Span c = {at(ctx), sizeof(*ctx)}, l = {at(out_len), sizeof(*out_len)};
  const auto span = [](const void *p, size_t len) {
    return Span{len != 0 ? reinterpret_cast<uintptr_t>(p) : 1, len};
  };
  const auto bad = [](Span s) { return s.p - 1 >= UINTPTR_MAX - s.len; };
  const auto meet = [](Span s, Span t) { return s.p - t.p + (s.len - 1) < s.len + t.len - 1; };
  return buffers_contract(bad, meet, span(out, out_bytes), l, span(nonce, nonce_len),
                          span(in, in_len), span(ad, ad_len), c);
}

GcmKey *gcm_key(ctasm_aead_ctx *ctx) { return reinterpret_cast<GcmKey *>(ctx->ctasm_private_state); }
const GcmKey *gcm_key(const ctasm_aead_ctx *ctx) {
  return reinterpret_cast<const GcmKey *>(ctx->ctasm_private_state);
}

// A context ctx_init made for AES-GCM: its check word, AEAD, tag length and
// both tiers; the AES key inside it passes the checks aes_key_tier makes
// (answered here instead of aborting). Fills the tiers and the tag length.
bool gcm_ctx(const ctasm_aead_ctx *ctx, GcmTiers *t, size_t *tag_len) {
  if (ctx == nullptr || misaligned(ctx)) return false;
  const uint32_t aead = ctx->ctasm_private_aead, tag = ctx->ctasm_private_tag_len,
                 impl = ctx->ctasm_private_impl;
  if (ctx->ctasm_private_check != aead_check_word(aead, tag, impl)) return false;
  if ((aead != kAeadAes128Gcm && aead != kAeadAes256Gcm) || !gcm_tag_len_ok(tag)) return false;
  const uint32_t aes_impl = impl & 0xff, ghash_impl = impl >> 8;
  if (aes_impl >= kAesImplCount || ghash_impl >= kGhashImplCount) return false;
  const AesTier *a = kAesTierByImpl[aes_impl];
  const GhashTier *g = kGhashTierByImpl[ghash_impl];
  const ctasm_aes_key &k = gcm_key(ctx)->aes;
  const uint32_t rounds = aead == kAeadAes128Gcm ? 10 : 14;
  if (a == nullptr || g == nullptr || k.ctasm_private_impl != aes_impl ||
      k.ctasm_private_rounds != rounds || k.ctasm_private_direction != kAesKeyEncrypt ||
      k.ctasm_private_check != aes_key_check_word(rounds, aes_impl, kAesKeyEncrypt) ||
      (a->key_consistent != nullptr && !a->key_consistent(&k, kAesKeyEncrypt))) {
    return false;
  }
  t->aes = a;
  t->ghash = g;
  t->cxx_data = (a->cxx_secrets & kCxxData) != 0 || (g->cxx_secrets & kGhashCxxData) != 0;
  *tag_len = tag;
  return true;
}

ChachaAeadKey *chacha_key(ctasm_aead_ctx *ctx) {
  return reinterpret_cast<ChachaAeadKey *>(ctx->ctasm_private_state);
}
const ChachaAeadKey *chacha_key(const ctasm_aead_ctx *ctx) {
  return reinterpret_cast<const ChachaAeadKey *>(ctx->ctasm_private_state);
}

// A context ctx_init made for (X)ChaCha20-Poly1305: its check word, AEAD, tag
// length and a tier this build has. Fills the tier and whether it is XChaCha.
// ctx is non-NULL and 16-byte aligned (ctasm_aead_seal/open checked).
bool chacha_ctx(const ctasm_aead_ctx *ctx, const ChachaTier **tier, bool *xchacha) {
  const uint32_t aead = ctx->ctasm_private_aead, tag = ctx->ctasm_private_tag_len,
                 impl = ctx->ctasm_private_impl;
  if (ctx->ctasm_private_check != aead_check_word(aead, tag, impl)) return false;
  if (!is_chacha(aead) || tag != kChachaTagBytes || impl >= kChachaImplCount) return false;
  *tier = kChachaTierByImpl[impl];
  *xchacha = aead == kAeadXChacha20Poly1305;
  return *tier != nullptr;
}

bool chacha_lengths_ok(bool xchacha, size_t pt_len, size_t nonce_len) {
  return nonce_len == (xchacha ? kXChachaNonceBytes : kChachaNonceBytes) &&
         static_cast<uint64_t>(pt_len) <= kChachaMaxPlaintextBytes;
}

// Room for the tag after a plaintext that seal takes: on 32-bit targets every
// size_t is below the plaintext limit, and in_len + 16 could wrap to a short
// (even empty, so unchecked) out. Folds away where size_t has 64 bits.
bool tag_fits(size_t pt_len, size_t tag_len) { return pt_len <= SIZE_MAX - tag_len; }

// The ChaCha halves of ctasm_aead_seal/open, inlined there with the GCM
// halves: one prologue for either. As tail calls to two out-of-line halves
// GCC copied the four stack arguments out and back in before the jump, ~15
// instructions of a 16-byte seal (perlasm/chacha/chacha20_poly1305_x86_64.pl,
// "Zen 4, the state's row 3").
CTASM_AEAD_INLINE int chacha_seal(const ctasm_aead_ctx *ctx, uint8_t *out, size_t *out_len,
                                  size_t max_out_len, const uint8_t *nonce, size_t nonce_len,
                                  const uint8_t *in, size_t in_len, const uint8_t *ad, size_t ad_len) {
  const ChachaTier *tier;
  bool x;
  if (!chacha_ctx(ctx, &tier, &x) || !chacha_lengths_ok(x, in_len, nonce_len) ||
      !tag_fits(in_len, kChachaTagBytes)) {
    return 0;
  }
  const size_t out_bytes = in_len + kChachaTagBytes;  // no overflow: tag_fits
  if (max_out_len < out_bytes ||
      !buffers_ok(ctx, out, out_bytes, out_len, nonce, nonce_len, in, in_len, ad, ad_len)) {
    return 0;
  }
  if (CTASM_LIKELY(!chacha_aead_needs_wipe(*tier, x))) {
    chacha_aead_seal_asm(chacha_key(ctx), *tier, out, out + in_len, nonce, in, in_len, ad, ad_len);
  } else {
    chacha_aead_seal(chacha_key(ctx), *tier, x, out, out + in_len, nonce, in, in_len, ad, ad_len);
    wipe_stack_below();
  }
  *out_len = out_bytes;
  return 1;
}

CTASM_AEAD_INLINE int chacha_open(const ctasm_aead_ctx *ctx, uint8_t *out, size_t *out_len,
                                  size_t max_out_len, const uint8_t *nonce, size_t nonce_len,
                                  const uint8_t *in, size_t in_len, const uint8_t *ad, size_t ad_len) {
  const ChachaTier *tier;
  bool x;
  if (!chacha_ctx(ctx, &tier, &x) || in_len < kChachaTagBytes) return 0;
  const size_t pt_len = in_len - kChachaTagBytes;
  if (!chacha_lengths_ok(x, pt_len, nonce_len) || max_out_len < pt_len ||
      !buffers_ok(ctx, out, pt_len, out_len, nonce, nonce_len, in, in_len, ad, ad_len)) {
    return 0;
  }
  bool ok;
  if (CTASM_LIKELY(!chacha_aead_needs_wipe(*tier, x))) {
    ok = chacha_aead_open_asm(chacha_key(ctx), *tier, out, nonce, in, pt_len, ad, ad_len, in + pt_len);
  } else {
    ok = chacha_aead_open(chacha_key(ctx), *tier, x, out, nonce, in, pt_len, ad, ad_len, in + pt_len);
    wipe_stack_below();
  }
  if (!ok) return 0;
  *out_len = pt_len;
  return 1;
}

bool lengths_ok(size_t pt_len, size_t nonce_len, size_t ad_len) {
  return nonce_len != 0 && static_cast<uint64_t>(nonce_len) <= kGcmMaxNonceBytes &&
         static_cast<uint64_t>(pt_len) <= kGcmMaxPlaintextBytes &&
         static_cast<uint64_t>(ad_len) <= kGcmMaxAdBytes;
}

// The AES-GCM halves of ctasm_aead_seal/open (inlined, as chacha_seal/open).
CTASM_AEAD_INLINE int gcm_seal_call(const ctasm_aead_ctx *ctx, uint8_t *out, size_t *out_len,
                                     size_t max_out_len, const uint8_t *nonce, size_t nonce_len,
                                     const uint8_t *in, size_t in_len, const uint8_t *ad, size_t ad_len) {
  GcmTiers t;
  size_t tag_len;
  if (!gcm_ctx(ctx, &t, &tag_len) || !lengths_ok(in_len, nonce_len, ad_len) ||
      !tag_fits(in_len, tag_len)) {
    return 0;
  }
  const size_t out_bytes = in_len + tag_len;  // no overflow: tag_fits
  if (max_out_len < out_bytes ||
      !buffers_ok(ctx, out, out_bytes, out_len, nonce, nonce_len, in, in_len, ad, ad_len)) {
    return 0;
  }
  uint8_t tag[kGcmMaxTagBytes];
  gcm_seal(gcm_key(ctx), t, out, tag, nonce, nonce_len, in, in_len, ad, ad_len);
  memcpy(out + in_len, tag, tag_len);
  if (t.cxx_data) wipe_stack_below();
  *out_len = out_bytes;
  return 1;
}

CTASM_AEAD_INLINE int gcm_open_call(const ctasm_aead_ctx *ctx, uint8_t *out, size_t *out_len,
                                     size_t max_out_len, const uint8_t *nonce, size_t nonce_len,
                                     const uint8_t *in, size_t in_len, const uint8_t *ad, size_t ad_len) {
  GcmTiers t;
  size_t tag_len;
  if (!gcm_ctx(ctx, &t, &tag_len) || in_len < tag_len) return 0;
  const size_t pt_len = in_len - tag_len;
  if (!lengths_ok(pt_len, nonce_len, ad_len) || max_out_len < pt_len ||
      !buffers_ok(ctx, out, pt_len, out_len, nonce, nonce_len, in, in_len, ad, ad_len)) {
    return 0;
  }
  const bool ok = gcm_open(gcm_key(ctx), t, out, nonce, nonce_len, in, pt_len, ad, ad_len,
                           in + pt_len, tag_len);
  if (t.cxx_data) wipe_stack_below();
  if (!ok) return 0;
  *out_len = pt_len;
  return 1;
}

// "<AES tier>+<GHASH tier>" for every pair this build has, made once.
struct GcmImplNames {
  char name[kAesImplCount][kGhashImplCount][64];
};
GcmImplNames make_gcm_impl_names() {
  GcmImplNames n;
  memset(&n, 0, sizeof(n));
  for (size_t a = 0; a < kAesImplCount; a++) {
    for (size_t g = 0; g < kGhashImplCount; g++) {
      if (kAesTierByImpl[a] != nullptr && kGhashTierByImpl[g] != nullptr) {
        snprintf(n.name[a][g], sizeof(n.name[a][g]), "%s+%s", kAesTierByImpl[a]->name,
                 kGhashTierByImpl[g]->name);
      }
    }
  }
  return n;
}

}  // namespace
}  // namespace ctasm

using namespace ctasm;

extern "C" {

const ctasm_aead *ctasm_aead_aes_128_gcm(void) { return &kAes128Gcm; }
const ctasm_aead *ctasm_aead_aes_256_gcm(void) { return &kAes256Gcm; }
const ctasm_aead *ctasm_aead_chacha20_poly1305(void) { return &kChacha20Poly1305; }
const ctasm_aead *ctasm_aead_xchacha20_poly1305(void) { return &kXChacha20Poly1305; }

size_t ctasm_aead_key_length(const ctasm_aead *aead) {
  return known_aead(aead) ? aead->key_len : 0;
}
size_t ctasm_aead_nonce_length(const ctasm_aead *aead) {
  return known_aead(aead) ? aead->nonce_len : 0;
}
size_t ctasm_aead_max_overhead(const ctasm_aead *aead) {
  return known_aead(aead) ? aead->max_overhead : 0;
}

int ctasm_aead_ctx_init(ctasm_aead_ctx *ctx, const ctasm_aead *aead, const uint8_t *key,
                        size_t key_len, size_t tag_len) {
  if (ctx == nullptr || misaligned(ctx)) return 0;
  aead = known_aead(aead);
  if (aead != nullptr && tag_len == 0) tag_len = aead->default_tag_len;
  const bool bad = aead == nullptr || key == nullptr || key_len != aead->key_len ||
                   !tag_len_ok(aead, tag_len) || bad_range(key, key_len) ||
                   overlap(key, key_len, ctx, sizeof(*ctx));
  if (bad) {
    secure_wipe(ctx, sizeof(*ctx));  // check word 0: unusable
    return 0;
  }
  if (is_chacha(aead->id)) {
    // The raw key only: nothing is computed from it until a message comes.
    // The rest of the state is wiped: a previous GCM key may be there.
    secure_wipe(ctx, sizeof(*ctx));
    memcpy(chacha_key(ctx)->key, key, kChachaKeyBytes);
    const uint32_t impl = chacha_select_tier().impl, tag = static_cast<uint32_t>(tag_len);
    ctx->ctasm_private_aead = aead->id;
    ctx->ctasm_private_tag_len = tag;
    ctx->ctasm_private_impl = impl;
    ctx->ctasm_private_check = aead_check_word(aead->id, tag, impl);
    return 1;
  }
  // gcm_init writes every byte of the state, whatever a previous key left
  // there (wiping it first would cost as much as the key setup); the header
  // is written below, the check word last.
  static_assert(sizeof(GcmKey) == sizeof(ctx->ctasm_private_state), "GcmKey is the whole state");
  ctx->ctasm_private_check = 0;
  const GhashTier &g = ghash_select_tier();
  bool cxx = false;
  GcmKey *k = gcm_key(ctx);
  const bool ok = gcm_init(k, key, key_len, g, &cxx);
  if (cxx) wipe_stack_below();
  if (!ok) return 0;  // not reached: key_len was checked
  const uint32_t impl = gcm_impl_word(k->aes.ctasm_private_impl, g.impl);
  const uint32_t tag = static_cast<uint32_t>(tag_len);
  ctx->ctasm_private_aead = aead->id;
  ctx->ctasm_private_tag_len = tag;
  ctx->ctasm_private_impl = impl;
  ctx->ctasm_private_check = aead_check_word(aead->id, tag, impl);
  return 1;
}

void ctasm_aead_ctx_cleanup(ctasm_aead_ctx *ctx) {
  if (ctx != nullptr) secure_wipe(ctx, sizeof(*ctx));
}

int ctasm_aead_seal(const ctasm_aead_ctx *ctx, uint8_t *out, size_t *out_len, size_t max_out_len,
                    const uint8_t *nonce, size_t nonce_len, const uint8_t *in, size_t in_len,
                    const uint8_t *ad, size_t ad_len) {
  if (ctx != nullptr && !misaligned(ctx) && is_chacha(ctx->ctasm_private_aead)) {
    return chacha_seal(ctx, out, out_len, max_out_len, nonce, nonce_len, in, in_len, ad, ad_len);
  }
  return gcm_seal_call(ctx, out, out_len, max_out_len, nonce, nonce_len, in, in_len, ad, ad_len);
}

int ctasm_aead_open(const ctasm_aead_ctx *ctx, uint8_t *out, size_t *out_len, size_t max_out_len,
                    const uint8_t *nonce, size_t nonce_len, const uint8_t *in, size_t in_len,
                    const uint8_t *ad, size_t ad_len) {
  if (ctx != nullptr && !misaligned(ctx) && is_chacha(ctx->ctasm_private_aead)) {
    return chacha_open(ctx, out, out_len, max_out_len, nonce, nonce_len, in, in_len, ad, ad_len);
  }
  return gcm_open_call(ctx, out, out_len, max_out_len, nonce, nonce_len, in, in_len, ad, ad_len);
}

const char *ctasm_aead_impl(const ctasm_aead *aead) {
  if (known_aead(aead) == nullptr) return nullptr;
  if (is_chacha(aead->id)) return chacha_select_tier().name;
  static const GcmImplNames names = make_gcm_impl_names();
  return names.name[aes_select_tier().impl][ghash_select_tier().impl];
}

}  // extern "C"
