// SPDX-License-Identifier: Apache-2.0
// Test hook for the ChaCha20-Poly1305 tier table (not exported): puts one
// tier in force for new contexts and ctasm_chacha20() calls, whatever the CPU
// capabilities say, so the tests run every tier through the public API.
#ifndef CTASM_SRC_CHACHA_TESTING_H
#define CTASM_SRC_CHACHA_TESTING_H

#include "chacha/internal.h"

namespace ctasm {
namespace testing {

// The tier chacha_select_tier() returns from now on (the caller makes sure
// the CPU can run it); nullptr goes back to selection by capabilities.
void set_chacha_tier_for_testing(const ChachaTier *tier);

}  // namespace testing
}  // namespace ctasm

#endif  // CTASM_SRC_CHACHA_TESTING_H
