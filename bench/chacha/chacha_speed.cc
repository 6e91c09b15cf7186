// SPDX-License-Identifier: Apache-2.0
// ctasm-chacha-speed: ChaCha20-Poly1305 seal/open of one x86_64 tier next to
// OpenSSL's EVP_chacha20_poly1305 in the same process, until ctasm-speed has
// the ChaCha rows. OpenSSL's SIMD level is fixed by OPENSSL_ia32cap before the
// process starts, so run one tier per process with the matching mask:
//   OPENSSL_ia32cap='~0x1200000200000000:0' ctasm-chacha-speed -tier ssse3
//   ctasm-chacha-speed -tier avx2               (OpenSSL with every feature)
// Build (no CMake target yet): from the repository root, after building
// libctasm.a in BUILD,
//   g++ -O2 -std=c++17 -Iinclude -Isrc bench/chacha/chacha_speed.cc BUILD/libctasm.a -lcrypto
// Both sides do a whole message per call: ctasm builds the ChaCha20 state from
// key and nonce and calls the tier's seal; OpenSSL sets the nonce on an
// initialised context, feeds AD and message, finalises and reads the tag.
// Prints MB/s and reference cycles/byte (rdtsc over this thread's CPU time),
// the median of -rounds N (default 5) runs of 0.2 s each, and the ratio.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include <openssl/evp.h>

#include "chacha/internal.h"
#include "chacha/state.h"

namespace {

struct Result {
  double mbs, cpb;
};

double ThreadSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

double TscHz() {
  static double hz = [] {
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t c0 = __rdtsc();
    double secs;
    do {
      secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    } while (secs < 0.1);
    return double(__rdtsc() - c0) / secs;
  }();
  return hz;
}

Result Measure(size_t bytes, int rounds, const std::function<void()> &op) {
  std::vector<Result> r;
  for (int round = 0; round < rounds; round++) {
    size_t calls = 0;
    const double t0 = ThreadSeconds();
    double secs = 0;
    do {
      for (int i = 0; i < 64; i++) op();
      calls += 64;
      secs = ThreadSeconds() - t0;
    } while (secs < 0.2);
    r.push_back({bytes * calls / secs / 1e6, secs * TscHz() / double(bytes * calls)});
  }
  std::sort(r.begin(), r.end(), [](const Result &a, const Result &b) { return a.mbs < b.mbs; });
  return r[r.size() / 2];
}

}  // namespace

int main(int argc, char **argv) {
  int rounds = 5;
  size_t ad_len = 0;
  std::string tier_name = "ssse3";
  for (int i = 1; i + 1 < argc; i++) {
    if (!strcmp(argv[i], "-rounds")) rounds = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-tier")) tier_name = argv[++i];
    else if (!strcmp(argv[i], "-ad")) ad_len = strtoul(argv[++i], nullptr, 10);
  }
  const ctasm::ChachaTier &t =
      tier_name == "avx2" ? ctasm::kChachaTierAvx2 : ctasm::kChachaTierSsse3;
  if (!t.capable()) {
    fprintf(stderr, "%s cannot run on this CPU\n", t.name);
    return 1;
  }
  const char *mask = getenv("OPENSSL_ia32cap");
  printf("# %s vs OpenSSL EVP_chacha20_poly1305, OPENSSL_ia32cap=%s, AD %zu bytes\n", t.name,
         mask ? mask : "(unset)", ad_len);
  const size_t sizes[] = {16, 256, 1350, 8192, 16384};
  std::vector<uint8_t> in(16384 + 64, 0x5c), out(16384 + 64), ad(ad_len + 1, 0x3a);
  const uint8_t key[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  uint8_t nonce[12] = {7, 0, 0, 0, 1, 2, 3};
  uint8_t tag[16];

  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
  if (!EVP_EncryptInit_ex(ctx, EVP_chacha20_poly1305(), nullptr, key, nonce)) return 1;
  EVP_CIPHER_CTX *dctx = EVP_CIPHER_CTX_new();
  if (!EVP_DecryptInit_ex(dctx, EVP_chacha20_poly1305(), nullptr, key, nonce)) return 1;
  int outl = 0;
  printf("%-6s %6s %12s %12s %12s %12s %7s\n", "op", "bytes", "ctasm MB/s", "cyc/B",
         "OpenSSL MB/s", "cyc/B", "ratio");
  for (int dir = 0; dir < 2; dir++) {
    for (size_t len : sizes) {
      auto ours = [&] {
        ctasm::ChachaState st;  // built as the library builds it (store-to-load forwarding)
        ctasm::chacha_make_state(&st, key, 0, nonce);
        (dir ? t.open : t.seal)(out.data(), tag, in.data(), len, ad.data(), ad_len, &st);
      };
      auto theirs = [&] {
        if (dir == 0) {
          EVP_EncryptInit_ex(ctx, nullptr, nullptr, nullptr, nonce);
          if (ad_len) EVP_EncryptUpdate(ctx, nullptr, &outl, ad.data(), (int)ad_len);
          EVP_EncryptUpdate(ctx, out.data(), &outl, in.data(), (int)len);
          EVP_EncryptFinal_ex(ctx, out.data() + len, &outl);
          EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag);
        } else {
          // the tag is wrong, so Final fails; the work (MAC + decrypt) is all done
          EVP_DecryptInit_ex(dctx, nullptr, nullptr, nullptr, nonce);
          if (ad_len) EVP_DecryptUpdate(dctx, nullptr, &outl, ad.data(), (int)ad_len);
          EVP_DecryptUpdate(dctx, out.data(), &outl, in.data(), (int)len);
          EVP_CIPHER_CTX_ctrl(dctx, EVP_CTRL_AEAD_SET_TAG, 16, tag);
          EVP_DecryptFinal_ex(dctx, out.data() + len, &outl);
        }
      };
      const Result a = Measure(len, rounds, ours);
      const Result b = Measure(len, rounds, theirs);
      printf("%-6s %6zu %12.1f %12.2f %12.1f %12.2f %6.2fx\n", dir ? "open" : "seal", len, a.mbs,
             a.cpb, b.mbs, b.cpb, a.mbs / b.mbs);
      fflush(stdout);
    }
  }
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_CTX_free(dctx);
  return 0;
}
