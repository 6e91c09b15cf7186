// SPDX-License-Identifier: Apache-2.0
// The CPU tiers ctasm-speed can run, per architecture, and the OpenSSL
// capability mask that puts OpenSSL on the matching code paths.
#ifndef CTASM_BENCH_SPEED_TIERS_H
#define CTASM_BENCH_SPEED_TIERS_H

#include <string>
#include <vector>

namespace ctasm_bench {

// A CPU tier: the CTASM_CPU value that selects it and the OpenSSL capability
// mask that puts OpenSSL on the matching code paths.
struct Tier {
  const char *name;
  const char *ctasm_cpu;  // nullptr: CTASM_CPU unset (everything detected)
  const char *needs;      // capability the CPU must offer, or "" for none
  const char *ossl_var;   // OPENSSL_ia32cap / OPENSSL_armcap
  const char *ossl_mask;  // nullptr: unset (OpenSSL's default)
  const char *ossl_note;
};

// This architecture's tiers, best first.
const std::vector<Tier> &tiers_for_arch();
// nullptr when there is no tier of that name.
const Tier *tier_by_name(const std::string &name);
// Whether ctasm_cpu_caps() lists cap ("" is always offered).
bool cpu_offers(const char *cap);

}  // namespace ctasm_bench

#endif  // CTASM_BENCH_SPEED_TIERS_H
