// SPDX-License-Identifier: Apache-2.0
// ctasm-ghash-speed: GHASH throughput of the SSSE3 tier next to OpenSSL's GHASH
// at its SSSE3 tier, in one process. OpenSSL's GHASH is timed as AES-128-GCM
// over additional data only (EVP with a NULL output: nothing but GHASH per byte,
// plus the per-message nonce, E_K(J0) and tag), and, for a second estimate, as
// AES-128-GCM seal minus AES-128-CTR of the same length. Set the OpenSSL tier
// before the process starts:
//   OPENSSL_ia32cap='~0x1200000200000000:0' ctasm-ghash-speed
// Prints MB/s and reference cycles per byte (rdtsc) per size, the median of
// -rounds N (default 5) runs of about 0.2 s of this thread's CPU time each.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

#include "ghash/internal.h"

#if defined(CTASM_BENCH_OPENSSL)
#include <openssl/evp.h>
#endif

namespace {

struct Result {
  double mbs, cpb;
};

// This thread's CPU time: the machine is shared, and time spent descheduled
// must not count.
double ThreadSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// The rdtsc rate, to express CPU time in reference cycles.
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

// Median over rounds of (bytes per call) * calls / CPU time.
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

void Print(const char *what, size_t len, Result r) {
  printf("%-44s %6zu bytes: %8.1f MB/s  %6.2f ref cycles/byte\n", what, len, r.mbs, r.cpb);
}

}  // namespace

int main(int argc, char **argv) {
  int rounds = 5;
  for (int i = 1; i + 1 < argc; i++) {
    if (!strcmp(argv[i], "-rounds")) rounds = atoi(argv[++i]);
  }
  const char *mask = getenv("OPENSSL_ia32cap");
  printf("# OPENSSL_ia32cap=%s\n", mask ? mask : "(unset)");
  const size_t sizes[] = {16, 64, 256, 1024, 8192, 16384};
  std::vector<uint8_t> buf(16384 + 64, 0x5c);
  uint8_t h[16] = {0x66, 0xe9, 0x4b, 0xd4, 0xef, 0x8a, 0x2c, 0x3b,
                   0x88, 0x4c, 0xfa, 0x59, 0xca, 0x34, 0x2b, 0x2e};

  const ctasm::GhashTier &t = ctasm::kGhashTierSsse3;
  if (!t.capable()) {
    fprintf(stderr, "ghash-ssse3 cannot run here (no SSSE3)\n");
    return 1;
  }
  static ctasm::GhashKey key;
  t.init(&key, h);
  uint8_t x[16] = {0};
  for (size_t len : sizes) {
    Print("ctasm ghash-ssse3 ghash", len, Measure(len, rounds, [&] { t.ghash(x, &key, buf.data(), len); }));
  }
  Print("ctasm ghash-ssse3 init (bytes = 16)", 16, Measure(16, rounds, [&] { t.init(&key, h); }));

#if defined(CTASM_BENCH_OPENSSL)
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
  const uint8_t aes_key[16] = {1, 2, 3}, iv[12] = {4, 5, 6};
  std::vector<uint8_t> out(buf.size() + 16);
  uint8_t tag[16];
  int outl = 0;
  if (!EVP_EncryptInit_ex(ctx, EVP_aes_128_gcm(), nullptr, aes_key, iv)) return 1;
  auto gcm = [&](size_t aad, size_t pt) {
    EVP_EncryptInit_ex(ctx, nullptr, nullptr, nullptr, iv);
    if (aad) EVP_EncryptUpdate(ctx, nullptr, &outl, buf.data(), (int)aad);
    if (pt) EVP_EncryptUpdate(ctx, out.data(), &outl, buf.data(), (int)pt);
    EVP_EncryptFinal_ex(ctx, out.data(), &outl);
    EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, tag);
  };
  EVP_CIPHER_CTX *ctr = EVP_CIPHER_CTX_new();
  uint8_t iv16[16] = {4, 5, 6};
  if (!EVP_EncryptInit_ex(ctr, EVP_aes_128_ctr(), nullptr, aes_key, iv16)) return 1;
  for (size_t len : sizes) {
    Print("OpenSSL AES-128-GCM AD only (GHASH)", len, Measure(len, rounds, [&] { gcm(len, 0); }));
  }
  for (size_t len : sizes) {
    const Result seal = Measure(len, rounds, [&] { gcm(0, len); });
    const Result c = Measure(len, rounds, [&] {
      EVP_EncryptInit_ex(ctr, nullptr, nullptr, nullptr, iv16);
      EVP_EncryptUpdate(ctr, out.data(), &outl, buf.data(), (int)len);
    });
    Print("OpenSSL AES-128-GCM seal", len, seal);
    Print("OpenSSL AES-128-CTR", len, c);
    // time(GCM) - time(CTR) per byte, as throughput.
    const double ghash_s_per_byte = 1 / (seal.mbs * 1e6) - 1 / (c.mbs * 1e6);
    Print("OpenSSL GHASH = GCM seal - CTR", len,
          {1 / ghash_s_per_byte / 1e6, seal.cpb - c.cpb});
  }
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_CTX_free(ctr);
#else
  printf("# built without OpenSSL: no OpenSSL rows\n");
#endif
  return 0;
}
