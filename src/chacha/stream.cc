// SPDX-License-Identifier: Apache-2.0
// ctasm_chacha20(): the raw RFC 8439 stream with an explicit 32-bit block
// counter, on the tier chacha_select_tier() picks. Every refusal happens
// before anything is read from or written to the caller's buffers.
#include <stdint.h>

#include "chacha/internal.h"
#include "chacha/state.h"
#include "ctasm/ctasm.h"
#include "internal/ct.h"
#include "internal/stack_wipe.h"

namespace ctasm {
namespace {

// A buffer of len > 0 bytes that is NULL or runs past the end of the address
// space.
bool bad_range(const void *p, size_t len) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  return len != 0 && (a == 0 || a > UINTPTR_MAX - len);
}

bool overlap(const void *p, size_t lp, const void *q, size_t lq) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p), b = reinterpret_cast<uintptr_t>(q);
  return a < b + lq && b < a + lp;
}

// Builds the state in this (never inlined) frame and wipes it; the tier runs
// below, so the caller's wipe covers what it leaves.
CTASM_NOINLINE void stream(const ChachaTier &tier, uint8_t *out, const uint8_t *in, size_t len,
                           const uint8_t *key, const uint8_t *nonce, uint32_t counter) {
  ChachaState st;
  chacha_make_state(&st, key, counter, nonce);
  tier.chacha20(out, in, len, &st);
  chacha_wipe_state(&st);
}

}  // namespace
}  // namespace ctasm

using namespace ctasm;

extern "C" int ctasm_chacha20(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                              const uint8_t nonce[12], uint32_t counter) {
  if (key == nullptr || nonce == nullptr || bad_range(key, 32) || bad_range(nonce, 12)) return 0;
  if (len == 0) return 1;
  if (bad_range(out, len) || bad_range(in, len)) return 0;
  if ((overlap(out, len, in, len) && out != in) || overlap(out, len, key, 32) ||
      overlap(out, len, nonce, 12)) {
    return 0;
  }
  // Blocks counter .. counter + ceil(len / 64) - 1 must all exist below 2^32.
  const uint64_t blocks = static_cast<uint64_t>(len / 64) + (len % 64 != 0 ? 1 : 0);
  if (blocks > (static_cast<uint64_t>(1) << 32) - counter) return 0;
  const ChachaTier &tier = chacha_select_tier();
  stream(tier, out, in, len, key, nonce, counter);
  if ((tier.cxx_secrets & kChachaCxxStream) != 0) wipe_stack_below();
  return 1;
}
