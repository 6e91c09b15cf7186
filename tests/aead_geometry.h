// SPDX-License-Identifier: Apache-2.0
// Where the buffers of one AEAD seal or open lie, and the answer the misuse
// contract (ctasm.h) gives for it, computed independently of the library:
// every byte of an arena is marked with the buffers covering it, and a call
// must be refused exactly when a written buffer (out, out_len) shares a byte
// with another buffer, out == in (same start) excepted for out and in. Empty
// buffers cover nothing, wherever they point. The layouts: each buffer alone
// swept across out's neighbourhood (every offset from 40 before to 40 after,
// lengths empty, one byte, several), then random joint placements. Shared by
// the ChaCha and GCM BufferGeometry tests (tests/*_misuse_test.cc), because
// both AEADs check their buffers with one function (src/aead/aead.cc
// buffers_ok), which folds these tests into single unsigned comparisons.
#ifndef CTASM_TESTS_AEAD_GEOMETRY_H
#define CTASM_TESTS_AEAD_GEOMETRY_H

#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "test_util.h"

namespace ctasm_test {

struct AeadLayout {
  bool open;
  size_t in_len, ad_len, nonce_len, tag_len;
  size_t o, l, n, i, a;  // offsets in the arena: out, out_len, nonce, in, ad
  size_t pt_len() const { return open ? in_len - tag_len : in_len; }
  size_t out_bytes() const { return open ? pt_len() : in_len + tag_len; }
};

// The byte-marking answer: true when the contract refuses the layout.
inline bool AeadLayoutRefused(const AeadLayout &g, size_t arena_size) {
  enum { kO = 1, kL = 2, kN = 4, kI = 8, kA = 16 };
  std::vector<uint8_t> mark(arena_size, 0);
  auto cover = [&](size_t at, size_t len, uint8_t bit) {
    for (size_t k = 0; k < len; k++) mark[at + k] |= bit;
  };
  cover(g.o, g.out_bytes(), kO);
  cover(g.l, sizeof(size_t), kL);
  cover(g.n, g.nonce_len, kN);
  cover(g.i, g.in_len, kI);
  cover(g.a, g.ad_len, kA);
  for (uint8_t m : mark) {
    if ((m & kO) && (m & (kL | kN | kA))) return true;
    if ((m & kO) && (m & kI) && g.o != g.i) return true;
    if ((m & kL) && (m & (kN | kI | kA))) return true;
  }
  return false;
}

// What varies between the AEADs' runs of the layouts.
struct AeadLayoutOptions {
  size_t out_at = 1024, far = 3000;  // out's offset; where the unswept buffers wait
  size_t tag_len = 16;
  std::vector<size_t> nonce_lens;  // the sweeps take the first, random layouts any
  bool empty_open = false;         // an open of a tag alone is observable
  uint64_t seed = 1517;
  int random_layouts = 3000;
};

// Calls run(layout) for every layout (run returns false to stop) and
// usable(layout) first for each random one (false: drawn again); returns
// false when run stopped.
template <typename Run, typename Usable>
bool ForEachAeadLayout(const AeadLayoutOptions &opt, Usable usable, Run run) {
  const size_t step = sizeof(size_t);  // out_len stays aligned for its store
  const size_t at = opt.out_at, far = opt.far, t = opt.tag_len;
  for (bool open : {false, true}) {
    for (size_t in_len : {0, 1, 7}) {
      if (open && in_len == 0 && !opt.empty_open) continue;
      for (size_t ad_len : {0, 1, 5}) {
        const size_t il = open ? in_len + t : in_len;
        const AeadLayout base = {open, il, ad_len, opt.nonce_lens[0], t,
                                 at, far, far + 64, far + 128, far + 256};
        for (size_t d = 0; d <= 80; d++) {
          AeadLayout g = base;
          g.n = at - 40 + d;
          if (!run(g)) return false;
          g = base;
          g.i = at - 40 + d;
          if (!run(g)) return false;
          g = base;
          g.a = at - 40 + d;
          if (!run(g)) return false;
          if (d % step == 0) {
            g = base;
            g.l = at - 40 + d;
            if (!run(g)) return false;
          }
        }
      }
    }
  }
  TestRng rng(opt.seed);
  for (int k = 0; k < opt.random_layouts; k++) {
    AeadLayout g;
    do {
      const bool open = rng.below(2) != 0;
      const size_t min_pt = open && !opt.empty_open ? 1 : 0;
      const size_t pt = rng.below(4) == 0 ? min_pt : min_pt + rng.below(9),
                   ad_len = rng.below(3) == 0 ? 0 : rng.below(7);
      const size_t nl = opt.nonce_lens.size() == 1
                            ? opt.nonce_lens[0]
                            : opt.nonce_lens[rng.below(static_cast<uint32_t>(opt.nonce_lens.size()))];
      g = {open, open ? pt + t : pt, ad_len, nl, t, at, 0, 0, 0, 0};
      g.l = at - 32 + step * rng.below(64 / step + 8);
      g.n = at - 32 + rng.below(96);
      g.i = rng.below(8) == 0 ? at : at - 32 + rng.below(96);
      g.a = at - 32 + rng.below(96);
    } while (!usable(g));
    if (!run(g)) return false;
  }
  return true;
}

}  // namespace ctasm_test

#endif  // CTASM_TESTS_AEAD_GEOMETRY_H
