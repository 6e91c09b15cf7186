// SPDX-License-Identifier: Apache-2.0
// Test hook for the GHASH tier table (not exported): puts one GHASH tier in
// force for new GCM contexts, whatever the CPU capabilities say, so tests run
// every AES tier with every GHASH tier. The AES half follows
// ctasm::testing::set_cpu_caps_for_testing as usual.
#ifndef CTASM_SRC_GHASH_TESTING_H
#define CTASM_SRC_GHASH_TESTING_H

#include "ghash/internal.h"

namespace ctasm {
namespace testing {

// The tier ghash_select_tier() returns from now on (the caller makes sure the
// CPU can run it); nullptr goes back to selection by capabilities.
void set_ghash_tier_for_testing(const GhashTier *tier);

}  // namespace testing
}  // namespace ctasm

#endif  // CTASM_SRC_GHASH_TESTING_H
